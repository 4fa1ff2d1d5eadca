#include "game/diplomacy/adjudicator.h"

#include <algorithm>

#include "game/diplomacy/legal.h"
#include "game/diplomacy/position_io.h"
#include "game/game.h"

namespace motive::game::diplomacy {

namespace {

void update_centres(const Map& map, Position* p) {
  for (int q = 0; q < map.num_provinces(); ++q) {
    if (map.provinces[q].supply && p->occupied(q)) p->owner[q] = p->power[q];
  }
}

// The phase after a movement or retreat phase with no dislodged units: the retreat phase is skipped;
// after the fall, centres change hands.
void advance(const Map& map, Position* p) {
  p->phase = next_phase(p->phase);
  if (p->phase.type == PhaseType::kRetreat) p->phase = next_phase(p->phase);
  if (p->phase.type == PhaseType::kAdjustment) update_centres(map, p);
}

}  // namespace

const char* outcome_name(Outcome outcome) {
  switch (outcome) {
    case Outcome::kSucceeds:
      return "succeeds";
    case Outcome::kFails:
      return "fails";
    case Outcome::kIllegal:
      return "illegal";
  }
  return "";
}

const char* why_words(Why why) {
  switch (why) {
    case Why::kNone:
      return "";
    case Why::kNoUnit:
      return "there is no such unit";
    case Why::kNotOwn:
      return "the unit belongs to another power";
    case Why::kWrongType:
      return "the unit there is of the other type";
    case Why::kSecondOrder:
      return "the unit already has an order: the first one counts";
    case Why::kWrongPhase:
      return "not an order of this phase";
    case Why::kSameProvince:
      return "a unit cannot move to where it is";
    case Why::kNotAdjacent:
      return "not adjacent";
    case Why::kArmyToSea:
      return "an army cannot go to sea";
    case Why::kFleetInland:
      return "a fleet cannot go inland";
    case Why::kNoConvoyRoute:
      return "no fleets at sea could convoy it there";
    case Why::kCoastNeeded:
      return "the coast must be given";
    case Why::kWrongCoast:
      return "the fleet cannot reach that coast";
    case Why::kFleetConvoyed:
      return "only armies can be convoyed";
    case Why::kNoSupportedUnit:
      return "there is no unit to support";
    case Why::kSupportedWrongType:
      return "the supported unit is of the other type";
    case Why::kSupportSelf:
      return "a unit cannot support itself";
    case Why::kSupportOwnProvince:
      return "a unit cannot support a move into its own province";
    case Why::kSupportUnreachable:
      return "the supporting unit cannot reach the province itself";
    case Why::kSupportedMoveImpossible:
      return "the supported move is impossible";
    case Why::kSupportThroughSelf:
      return "the supported move's only convoy route goes through the supporting fleet";
    case Why::kConvoyNotAtSea:
      return "only a fleet at sea can convoy";
    case Why::kConvoyNotFleet:
      return "only fleets convoy";
    case Why::kNoConvoyedArmy:
      return "there is no army to convoy";
    case Why::kConvoyNotOnRoute:
      return "the fleet is not needed on any convoy route of that move";
    case Why::kConvoyToSea:
      return "a convoy carries an army from a coast to a coast";
    case Why::kNotDislodged:
      return "the unit was not dislodged: only dislodged units retreat";
    case Why::kRetreatAttacker:
      return "a unit cannot retreat to where its attacker came from";
    case Why::kRetreatStandoff:
      return "a unit cannot retreat to a province left empty by a standoff";
    case Why::kRetreatOccupied:
      return "a unit cannot retreat to an occupied province";
    case Why::kRetreatNotAdjacent:
      return "not adjacent";
    case Why::kBuildNotHome:
      return "not a home supply centre of the power";
    case Why::kBuildNotOwned:
      return "the power does not own the home centre";
    case Why::kBuildOccupied:
      return "the centre is occupied";
    case Why::kBuildNoSurplus:
      return "the power has no build";
    case Why::kBuildFleetInland:
      return "a fleet cannot be built inland";
    case Why::kBuildArmyAtSea:
      return "an army cannot be built at sea";
    case Why::kBuildCoastNeeded:
      return "the coast must be given";
    case Why::kBuildTwice:
      return "a unit was already built there";
    case Why::kDisbandNoDeficit:
      return "the power has no unit to disband";
    case Why::kDisbandTwice:
      return "the unit is already disbanded";
    case Why::kWaiveNoSurplus:
      return "the power has no build to waive";
    case Why::kNoConvoy:
      return "no fleet convoyed it";
    case Why::kConvoyDisrupted:
      return "the convoy was disrupted";
    case Why::kParadox:
      return "convoy paradox: by the Szykman rule the convoyed army does not move";
    case Why::kBounced:
      return "bounced";
    case Why::kBouncedOffHolder:
      return "bounced off the unit there";
    case Why::kLostHeadToHead:
      return "lost the head-to-head battle";
    case Why::kOwnUnit:
      return "a power does not dislodge its own unit";
    case Why::kCut:
      return "support cut";
    case Why::kDislodged:
      return "dislodged";
    case Why::kUnmatched:
      return "the supported or convoyed unit was not ordered to do that";
    case Why::kRetreatClash:
      return "two or more units retreated to the same province: all disband";
    case Why::kTooManyBuilds:
      return "more builds than the power has: the first ones count";
    case Why::kTooManyDisbands:
      return "more disbands than the power must make: the first ones count";
  }
  return "";
}

Adjudicator& Adjudicator::scratch() {
  thread_local Adjudicator adjudicator;
  return adjudicator;
}

void Adjudicator::adjudicate(const Map& map, const Position& position, const std::vector<Submitted>& orders,
                             Adjudication* out, bool explain, bool trusted) {
  map_ = &map;
  position_ = &position;
  explain_ = explain;
  trusted_ = trusted;
  n_ = map.num_provinces();
  out->results.resize(orders.size());
  for (OrderResult& r : out->results) {
    r.outcome = Outcome::kSucceeds;
    r.why = Why::kNone;
    r.power = kNobody;
    r.province = -1;
    r.convoyed = false;
    r.destination = kNoLocation;
    r.convoy_path.clear();
    r.reason.clear();
  }
  out->unordered.clear();
  out->civil_disorder.clear();
  out->standoffs.clear();
  switch (position.phase.type) {
    case PhaseType::kMovement:
      movement(position, orders, out);
      break;
    case PhaseType::kRetreat:
      retreats(position, orders, out);
      break;
    case PhaseType::kAdjustment:
      adjustments(position, orders, out);
      break;
  }
}

// ---- movement: the orders, checked and normalised -------------------------------------------------

Why Adjudicator::check(int p, const Order& o, OrderResult* r) {
  const Map& m = *map_;
  const int loc = position_->location[p];
  const bool army = position_->type[p] == UnitType::kArmy;
  switch (o.type) {
    case OrderType::kHold:
      kind_[p] = kHoldKind;
      return Why::kNone;
    case OrderType::kMove: {
      const int q = m.province_of(o.target);
      if (q == p) return Why::kSameProvince;
      int dest_loc = q;
      bool convoyed = false;
      if (army) {
        if (m.is_sea(q)) return Why::kArmyToSea;
        if (o.via_convoy) {
          if (!trusted_ && !convoy_route_exists(m, fleets_at_sea_, p, q, -1)) return Why::kNoConvoyRoute;
          convoyed = true;
        } else if (!m.army_adjacent(p, q)) {
          if (!trusted_ && !convoy_route_exists(m, fleets_at_sea_, p, q, -1)) return Why::kNotAdjacent;
          convoyed = true;
        }
      } else {
        if (o.via_convoy) return Why::kFleetConvoyed;
        if (m.is_land(q)) return Why::kFleetInland;
        if (m.split(q)) {
          if (o.target != q) {
            if (!m.fleet_adjacent(loc, o.target))
              return m.fleet_reaches(loc, q) ? Why::kWrongCoast : Why::kNotAdjacent;
            dest_loc = o.target;
          } else {
            int reachable = 0;
            const Province& province = m.provinces[q];
            for (int c = province.first_coast; c < province.first_coast + province.coasts; ++c) {
              if (m.fleet_adjacent(loc, c)) {
                ++reachable;
                dest_loc = c;
              }
            }
            if (reachable == 0) return Why::kNotAdjacent;
            if (reachable > 1) return Why::kCoastNeeded;
          }
        } else if (!m.fleet_adjacent(loc, q)) {
          return Why::kNotAdjacent;
        }
      }
      kind_[p] = kMoveKind;
      dest_[p] = static_cast<std::uint8_t>(q);
      dest_loc_[p] = static_cast<std::uint8_t>(dest_loc);
      convoyed_[p] = convoyed;
      via_[p] = o.via_convoy;
      r->destination = dest_loc;
      return Why::kNone;
    }
    case OrderType::kSupport: {
      const int s = m.province_of(o.other);
      if (!position_->occupied(s)) return Why::kNoSupportedUnit;
      if (o.other_typed && o.other_unit != position_->type[s]) return Why::kSupportedWrongType;
      if (s == p) return Why::kSupportSelf;
      auto reaches = [&](int x) { return army ? m.army_adjacent(p, x) : m.fleet_reaches(loc, x); };
      if (o.target == kNoLocation) {
        if (!reaches(s)) return Why::kSupportUnreachable;
        kind_[p] = kSupportHoldKind;
        src_[p] = dest_[p] = static_cast<std::uint8_t>(s);
        coast_[p] = kNoLocation;
        return Why::kNone;
      }
      const int t = m.province_of(o.target);
      if (t == p) return Why::kSupportOwnProvince;
      if (t == s) return Why::kSupportedMoveImpossible;
      if (!reaches(t)) return Why::kSupportUnreachable;
      const int sloc = position_->location[s];
      if (position_->type[s] == UnitType::kArmy) {
        if (m.is_sea(t)) return Why::kSupportedMoveImpossible;
        if (!m.army_adjacent(s, t) && !trusted_) {
          const int avoid = !army && m.is_sea(p) ? p : -1;
          if (!convoy_route_exists(m, fleets_at_sea_, s, t, avoid)) {
            return avoid >= 0 && convoy_route_exists(m, fleets_at_sea_, s, t, -1)
                       ? Why::kSupportThroughSelf
                       : Why::kSupportedMoveImpossible;
          }
        }
      } else {
        if (m.is_land(t)) return Why::kSupportedMoveImpossible;
        if (o.target != t ? !m.fleet_adjacent(sloc, o.target) : !m.fleet_reaches(sloc, t))
          return Why::kSupportedMoveImpossible;
      }
      kind_[p] = kSupportMoveKind;
      src_[p] = static_cast<std::uint8_t>(s);
      dest_[p] = static_cast<std::uint8_t>(t);
      coast_[p] = o.target != t && position_->type[s] == UnitType::kFleet ? o.target : kNoLocation;
      return Why::kNone;
    }
    case OrderType::kConvoy: {
      if (army) return Why::kConvoyNotFleet;
      if (!m.is_sea(p)) return Why::kConvoyNotAtSea;
      const int s = m.province_of(o.other);
      if (!position_->occupied(s)) return Why::kNoConvoyedArmy;
      if (position_->type[s] != UnitType::kArmy || (o.other_typed && o.other_unit != UnitType::kArmy))
        return Why::kFleetConvoyed;
      const int t = m.province_of(o.target);
      if (t == s) return Why::kSameProvince;
      if (!m.is_coast(t) || !m.is_coast(s)) return Why::kConvoyToSea;
      if (!trusted_ && !on_minimal_route(m, fleets_at_sea_, p, s, t)) return Why::kConvoyNotOnRoute;
      kind_[p] = kConvoyKind;
      src_[p] = static_cast<std::uint8_t>(s);
      dest_[p] = static_cast<std::uint8_t>(t);
      return Why::kNone;
    }
    default:
      return Why::kWrongPhase;
  }
}

void Adjudicator::assign(const Position& position, const std::vector<Submitted>& orders, Adjudication* out) {
  const Map& m = *map_;
  num_units_ = 0;
  fleets_at_sea_.reset();
  cycle_size_ = 0;
  for (int p = 0; p < n_; ++p) {
    power_[p] = position.power[p];
    kind_[p] = position.occupied(p) ? kHoldKind : kEmpty;
    submitted_[p] = -1;
    illegal_[p] = Why::kNone;
    convoyed_[p] = via_[p] = matched_[p] = paradox_[p] = false;
    dest_[p] = src_[p] = coast_[p] = dest_loc_[p] = kNoLocation;
    mover_head_[p] = support_head_[p] = convoy_head_[p] = -1;
    state_[p] = kUnresolved;
    result_[p] = false;
    if (position.occupied(p)) {
      units_[num_units_++] = static_cast<std::uint8_t>(p);
      if (position.type[p] == UnitType::kFleet && m.is_sea(p)) fleets_at_sea_.set(p);
    }
  }
  for (std::size_t k = 0; k < orders.size(); ++k) {
    const Order& o = orders[k].order;
    OrderResult& r = out->results[k];
    r.power = orders[k].power;
    Why why = Why::kNone;
    const int p = o.location == kNoLocation ? -1 : m.province_of(o.location);
    if (o.type == OrderType::kWaive || o.type == OrderType::kBuild || o.type == OrderType::kRetreat ||
        o.type == OrderType::kDisband) {
      why = Why::kWrongPhase;
    } else if (!position.occupied(p)) {
      why = Why::kNoUnit;
    } else if (orders[k].power != kNobody && orders[k].power != position.power[p]) {
      why = Why::kNotOwn;
    } else if (o.unit != position.type[p]) {
      why = Why::kWrongType;
    } else if (submitted_[p] >= 0) {
      why = Why::kSecondOrder;
    }
    if (p >= 0 && position.occupied(p)) {
      r.province = p;
      if (why == Why::kNone || why == Why::kWrongPhase) r.power = position.power[p];
    }
    if (why == Why::kNone) {
      submitted_[p] = static_cast<std::int16_t>(k);
      why = check(p, o, &r);
      if (why != Why::kNone) {
        kind_[p] = kHoldKind;
        illegal_[p] = why;
      }
    }
    if (why != Why::kNone) {
      r.outcome = Outcome::kIllegal;
      r.why = why;
    }
  }
  // The 2023 rule: a move to an adjacent province goes by convoy when a fleet of its own power has a
  // (legal) order to convoy it there.
  for (int k = 0; k < num_units_; ++k) {
    const int f = units_[k];
    if (kind_[f] != kConvoyKind) continue;
    const int a = src_[f];
    if (kind_[a] == kMoveKind && !convoyed_[a] && dest_[a] == dest_[f] && power_[a] == power_[f])
      convoyed_[a] = true;
  }
}

void Adjudicator::link() {
  const Map& m = *map_;
  for (int k = num_units_ - 1; k >= 0; --k) {
    const int p = units_[k];
    switch (kind_[p]) {
      case kMoveKind:
        mover_next_[p] = mover_head_[dest_[p]];
        mover_head_[dest_[p]] = static_cast<std::int16_t>(p);
        break;
      case kSupportHoldKind: {
        const int s = src_[p];
        matched_[p] = kind_[s] != kMoveKind;
        break;
      }
      case kSupportMoveKind: {
        const int s = src_[p];
        matched_[p] = kind_[s] == kMoveKind && dest_[s] == dest_[p] &&
                      (coast_[p] == kNoLocation || coast_[p] == dest_loc_[s]);
        break;
      }
      case kConvoyKind: {
        const int a = src_[p];
        matched_[p] = kind_[a] == kMoveKind && convoyed_[a] && dest_[a] == dest_[p];
        break;
      }
      default:
        break;
    }
    if (kind_[p] == kSupportHoldKind || kind_[p] == kSupportMoveKind) {
      if (matched_[p]) {
        support_next_[p] = support_head_[src_[p]];
        support_head_[src_[p]] = static_cast<std::int16_t>(p);
      } else {
        state_[p] = kResolved;  // an unmatched support is given to nobody
        result_[p] = false;
      }
    } else if (kind_[p] == kConvoyKind && matched_[p]) {
      convoy_next_[p] = convoy_head_[src_[p]];
      convoy_head_[src_[p]] = static_cast<std::int16_t>(p);
    }
  }
  // Each convoyed move's route fleets: the convoying fleets reachable from the army through convoying
  // fleets that can also reach its destination (others cannot matter, so they are never asked about).
  for (int k = 0; k < num_units_; ++k) {
    const int a = units_[k];
    route_[a].reset();
    if (kind_[a] != kMoveKind || !convoyed_[a]) continue;
    std::bitset<kMaxProvinces> fleets, forward, backward;
    for (int f = convoy_head_[a]; f >= 0; f = convoy_next_[f]) fleets.set(f);
    for (int pass = 0; pass < 2; ++pass) {
      std::bitset<kMaxProvinces>& reached = pass == 0 ? forward : backward;
      const int end = pass == 0 ? a : dest_[a];
      bool grew = true;
      for (int f = convoy_head_[a]; f >= 0; f = convoy_next_[f]) {
        if (m.fleet_reaches(f, end)) reached.set(f);
      }
      while (grew) {
        grew = false;
        for (int f = convoy_head_[a]; f >= 0; f = convoy_next_[f]) {
          if (reached[f]) continue;
          for (std::uint8_t g : m.locations[f].fleet) {
            if (fleets[g] && reached[g]) {
              reached.set(f);
              grew = true;
              break;
            }
          }
        }
      }
    }
    route_[a] = forward & backward;
  }
}

// ---- movement: resolution -------------------------------------------------------------------------

bool Adjudicator::head_to_head(int p) const {
  const int q = dest_[p];
  return kind_[q] == kMoveKind && dest_[q] == p && !convoyed_[p] && !convoyed_[q];
}

bool Adjudicator::path(int p) {
  if (!convoyed_[p]) return true;
  if (paradox_[p]) return false;
  const Map& m = *map_;
  const std::bitset<kMaxProvinces>& fleets = route_[p];
  if (fleets.none()) return false;
  // Breadth-first through the route's fleets that are not dislodged (each asked only when reached).
  std::array<std::uint8_t, kMaxProvinces> queue;
  std::bitset<kMaxProvinces> seen;
  int head = 0, tail = 0;
  for (int f = convoy_head_[p]; f >= 0; f = convoy_next_[f]) {
    if (fleets[f] && m.fleet_reaches(f, p)) {
      seen.set(f);
      if (resolve(f)) queue[tail++] = static_cast<std::uint8_t>(f);
    }
  }
  while (head < tail) {
    const int f = queue[head++];
    if (m.fleet_reaches(f, dest_[p])) return true;
    for (std::uint8_t g : m.locations[f].fleet) {
      if (!fleets[g] || seen[g]) continue;
      seen.set(g);
      if (resolve(g)) queue[tail++] = g;
    }
  }
  return false;
}

int Adjudicator::supports(int p, int except_power) {
  int n = 0;
  for (int s = support_head_[p]; s >= 0; s = support_next_[s]) {
    if (power_[s] != except_power && resolve(s)) ++n;
  }
  return n;
}

int Adjudicator::attack(int p) {
  const int q = dest_[p];
  if (!position_->occupied(q)) return 1 + supports(p, -2);
  if (kind_[q] == kMoveKind && !head_to_head(p) && resolve(q)) return 1 + supports(p, -2);
  if (power_[q] == power_[p]) return 0;
  return 1 + supports(p, power_[q]);
}

int Adjudicator::hold_strength(int q) {
  if (!position_->occupied(q)) return 0;
  if (kind_[q] == kMoveKind) return resolve(q) ? 0 : 1;
  return 1 + supports(q, -2);
}

int Adjudicator::defend(int p) { return 1 + supports(p, -2); }

int Adjudicator::prevent(int p) {
  if (!path(p)) return 0;
  if (head_to_head(p) && resolve(dest_[p])) return 0;
  return 1 + supports(p, -2);
}

bool Adjudicator::adjudicate_order(int p) {
  switch (kind_[p]) {
    case kMoveKind: {
      if (!path(p)) return false;
      const int a = attack(p);
      if (a == 0) return false;
      const int q = dest_[p];
      if (head_to_head(p) ? a <= defend(q) : a <= hold_strength(q)) return false;
      for (int o = mover_head_[q]; o >= 0; o = mover_next_[o]) {
        if (o != p && a <= prevent(o)) return false;
      }
      return true;
    }
    case kSupportHoldKind:
    case kSupportMoveKind:
      for (int o = mover_head_[p]; o >= 0; o = mover_next_[o]) {
        if (power_[o] == power_[p]) continue;  // a power does not cut its own support
        if (kind_[p] == kSupportMoveKind && o == dest_[p]) {
          // The unit the support is aimed at cuts it only by dislodging the supporter.
          if (resolve(o)) return false;
          continue;
        }
        if (path(o)) return false;
      }
      return true;
    default:
      // A convoying (or holding) unit: whether it stays, not dislodged.
      for (int o = mover_head_[p]; o >= 0; o = mover_next_[o]) {
        if (resolve(o)) return false;
      }
      return true;
  }
}

bool Adjudicator::resolve(int p) {
  if (state_[p] == kResolved) return result_[p];
  if (state_[p] == kGuessing) {
    // A decision that depends on a guess: its guess goes into the cycle (once).
    bool listed = false;
    for (int i = 0; i < cycle_size_ && !listed; ++i) listed = cycle_[i] == p;
    if (!listed) cycle_[cycle_size_++] = static_cast<std::int16_t>(p);
    return result_[p];
  }
  const int before = cycle_size_;
  state_[p] = kGuessing;
  result_[p] = false;
  const bool first = adjudicate_order(p);
  if (cycle_size_ == before) {
    // Nothing depended on a guess.
    if (state_[p] != kResolved) {
      state_[p] = kResolved;
      result_[p] = first;
    }
    return result_[p];
  }
  if (cycle_[before] != p) {
    // It depends on the guess of a decision further up: that decision settles the cycle.
    cycle_[cycle_size_++] = static_cast<std::int16_t>(p);
    result_[p] = first;
    return first;
  }
  // Its own guess: try the other one.
  while (cycle_size_ > before) state_[cycle_[--cycle_size_]] = kUnresolved;
  state_[p] = kGuessing;
  result_[p] = true;
  const bool second = adjudicate_order(p);
  if (first == second) {
    // Exactly one guess was consistent.
    while (cycle_size_ > before) state_[cycle_[--cycle_size_]] = kUnresolved;
    state_[p] = kResolved;
    result_[p] = first;
    return first;
  }
  // Both guesses consistent, or neither: the backup rule settles the cycle, then resolve again.
  backup_rule(before);
  return resolve(p);
}

void Adjudicator::backup_rule(int from) {
  bool convoys = false;
  for (int i = from; i < cycle_size_; ++i) convoys = convoys || kind_[cycle_[i]] == kConvoyKind;
  for (int i = from; i < cycle_size_; ++i) {
    const int p = cycle_[i];
    if (convoys) {
      // A convoy paradox: the Szykman rule. The armies convoyed by the cycle's fleets do not move, and
      // have no effect on their destinations.
      if (kind_[p] == kConvoyKind) paradox_[src_[p]] = true;
      state_[p] = kUnresolved;
    } else if (kind_[p] == kMoveKind) {
      // Circular movement: every move of the cycle succeeds.
      state_[p] = kResolved;
      result_[p] = true;
    } else {
      state_[p] = kUnresolved;
    }
  }
  if (convoys) {
    for (int i = from; i < cycle_size_; ++i) {
      if (kind_[cycle_[i]] == kMoveKind && paradox_[cycle_[i]]) {
        state_[cycle_[i]] = kResolved;
        result_[cycle_[i]] = false;
      }
    }
  }
  cycle_size_ = from;
}

// ---- movement: the result -------------------------------------------------------------------------

void Adjudicator::movement(const Position& position, const std::vector<Submitted>& orders,
                           Adjudication* out) {
  assign(position, orders, out);
  link();
  for (int k = 0; k < num_units_; ++k) resolve(units_[k]);
  finish(position, out);
  if (explain_) explain_movement(orders, out);
}

void Adjudicator::finish(const Position& position, Adjudication* out) {
  const Map& m = *map_;
  Position& next = out->next;
  next.phase = position.phase;
  next.owner = position.owner;
  next.power.fill(kNobody);
  next.dislodged.clear();
  // Units that stay (and are not dislodged) first, then the units that moved.
  for (int k = 0; k < num_units_; ++k) {
    const int p = units_[k];
    if (kind_[p] == kMoveKind && result_[p]) continue;
    int dislodger = -1;
    for (int o = mover_head_[p]; o >= 0; o = mover_next_[o]) {
      if (result_[o]) dislodger = o;
    }
    if (dislodger >= 0) {
      Dislodged d;
      d.power = position.power[p];
      d.type = position.type[p];
      d.location = position.location[p];
      d.attacker = static_cast<std::uint8_t>(dislodger);
      d.convoyed = convoyed_[dislodger];
      next.dislodged.push_back(d);
      continue;
    }
    next.power[p] = position.power[p];
    next.type[p] = position.type[p];
    next.location[p] = position.location[p];
  }
  for (int k = 0; k < num_units_; ++k) {
    const int p = units_[k];
    if (kind_[p] != kMoveKind || !result_[p]) continue;
    const int q = dest_[p];
    next.power[q] = position.power[p];
    next.type[q] = position.type[p];
    next.location[q] = dest_loc_[p];
  }
  // Standoffs: provinces left empty where a move with some strength failed.
  std::bitset<kMaxProvinces> standoffs;
  for (int q = 0; q < n_; ++q) {
    if (next.occupied(q)) continue;
    for (int o = mover_head_[q]; o >= 0; o = mover_next_[o]) {
      if (!result_[o] && prevent(o) > 0) {
        standoffs.set(q);
        out->standoffs.push_back(q);
        break;
      }
    }
  }
  for (Dislodged& d : next.dislodged) {
    d.retreats = retreat_options(m, next, d.type, d.location, d.attacker, d.convoyed, standoffs);
  }
  if (next.dislodged.empty()) {
    advance(m, &next);
  } else {
    next.phase = next_phase(position.phase);
  }
  // The outcomes.
  for (int k = 0; k < num_units_; ++k) {
    const int p = units_[k];
    if (submitted_[p] < 0) {
      out->unordered.push_back({position.power[p], position.type[p], position.location[p]});
      continue;
    }
    OrderResult& r = out->results[submitted_[p]];
    if (r.outcome == Outcome::kIllegal) continue;
    bool ok = true;
    switch (kind_[p]) {
      case kMoveKind:
        ok = result_[p];
        r.convoyed = convoyed_[p];
        if (ok && convoyed_[p] && explain_) {
          r.convoy_path = route_used(p);
        }
        break;
      case kSupportHoldKind:
      case kSupportMoveKind:
        ok = matched_[p] && result_[p];
        break;
      case kConvoyKind:
        ok = matched_[p] && result_[p] && !paradox_[src_[p]] && path(src_[p]);
        break;
      default:
        for (int o = mover_head_[p]; o >= 0; o = mover_next_[o]) ok = ok && !result_[o];
        break;
    }
    r.outcome = ok ? Outcome::kSucceeds : Outcome::kFails;
  }
}

std::vector<int> Adjudicator::route_used(int p) {
  // The shortest chain of the route's fleets that were not dislodged, from the army to its destination.
  const Map& m = *map_;
  std::array<std::int16_t, kMaxProvinces> parent;
  std::array<std::uint8_t, kMaxProvinces> queue;
  std::bitset<kMaxProvinces> seen;
  int head = 0, tail = 0;
  for (int f = convoy_head_[p]; f >= 0; f = convoy_next_[f]) {
    if (route_[p][f] && m.fleet_reaches(f, p) && resolve(f)) {
      seen.set(f);
      parent[f] = -1;
      queue[tail++] = static_cast<std::uint8_t>(f);
    }
  }
  while (head < tail) {
    const int f = queue[head++];
    if (m.fleet_reaches(f, dest_[p])) {
      std::vector<int> out;
      for (int g = f; g >= 0; g = parent[g]) out.push_back(g);
      std::reverse(out.begin(), out.end());
      return out;
    }
    for (std::uint8_t g : m.locations[f].fleet) {
      if (!route_[p][g] || seen[g] || !resolve(g)) continue;
      seen.set(g);
      parent[g] = static_cast<std::int16_t>(f);
      queue[tail++] = g;
    }
  }
  return {};
}

std::string Adjudicator::unit_name(int province) const {
  return unit_text(*map_, position_->type[province], position_->location[province]);
}

std::string Adjudicator::move_name(int p) const {
  return unit_name(p) + " - " + map_->locations[dest_loc_[p]].name;
}

void Adjudicator::explain_movement(const std::vector<Submitted>& orders, Adjudication* out) {
  const Map& m = *map_;
  auto strengths = [](int a, int b) {
    return " (" + std::to_string(a) + " against " + std::to_string(b) + ")";
  };
  auto dislodger_of = [&](int p) {
    for (int o = mover_head_[p]; o >= 0; o = mover_next_[o]) {
      if (result_[o]) return o;
    }
    return -1;
  };
  for (std::size_t k = 0; k < orders.size(); ++k) {
    OrderResult& r = out->results[k];
    const Order& o = orders[k].order;
    if (r.outcome == Outcome::kSucceeds) continue;
    const int p = r.province;
    if (r.outcome == Outcome::kIllegal) {
      std::string words = why_words(r.why);
      switch (r.why) {
        case Why::kNoUnit:
          words = o.location == kNoLocation
                      ? "not an order of a unit"
                      : "there is no unit in " + m.provinces[m.province_of(o.location)].id;
          break;
        case Why::kNotOwn:
          words = unit_name(p) + " belongs to " + m.powers[position_->power[p]].name + ", not " +
                  m.powers[orders[k].power].name;
          break;
        case Why::kWrongType:
          words = std::string("the unit in ") + m.provinces[p].id + " is " +
                  (position_->type[p] == UnitType::kArmy ? "an army" : "a fleet");
          break;
        case Why::kNotAdjacent:
          words =
              unit_name(p) + " cannot reach " + m.locations[o.target].name +
              (position_->type[p] == UnitType::kArmy ? " (not adjacent, and no fleets at sea could convoy it)"
                                                     : "");
          break;
        case Why::kWrongCoast:
          words = unit_name(p) + " cannot reach " + m.locations[o.target].name;
          break;
        case Why::kCoastNeeded: {
          const Province& q = m.provinces[m.province_of(o.target)];
          std::string coasts;
          for (int c = q.first_coast; c < q.first_coast + q.coasts; ++c)
            if (m.fleet_adjacent(position_->location[p], c))
              coasts += (coasts.empty() ? "" : " or ") + m.locations[c].name;
          words = "say which coast of " + q.id + " the fleet goes to: " + coasts;
          break;
        }
        case Why::kNoSupportedUnit:
        case Why::kNoConvoyedArmy:
          words = "there is no " + std::string(r.why == Why::kNoConvoyedArmy ? "army" : "unit") + " in " +
                  m.provinces[m.province_of(o.other)].id;
          break;
        case Why::kSupportUnreachable:
          words = unit_name(p) + " cannot move to " +
                  m.provinces[m.province_of(o.target == kNoLocation ? o.other : o.target)].id + " itself";
          break;
        case Why::kSupportedMoveImpossible:
          words = unit_name(m.province_of(o.other)) + " cannot move to " + m.locations[o.target].name;
          break;
        case Why::kConvoyNotOnRoute:
          words = unit_name(p) + " is not needed on any convoy route from " +
                  m.provinces[m.province_of(o.other)].id + " to " + m.provinces[m.province_of(o.target)].id;
          break;
        default:
          break;
      }
      r.reason = words;
      continue;
    }
    // Failed orders.
    switch (kind_[p]) {
      case kMoveKind: {
        const int q = dest_[p];
        if (!path(p)) {
          if (paradox_[p]) {
            r.why = Why::kParadox;
            r.reason = why_words(Why::kParadox);
          } else if (convoy_head_[p] < 0) {
            r.why = Why::kNoConvoy;
            r.reason = "no fleet was ordered to convoy it";
          } else {
            r.why = Why::kConvoyDisrupted;
            std::string lost;
            for (int f = convoy_head_[p]; f >= 0; f = convoy_next_[f]) {
              if (route_[p][f] && !result_[f]) lost += (lost.empty() ? "" : ", ") + unit_name(f);
            }
            r.reason = lost.empty() ? "the convoying fleets do not reach from " + m.provinces[p].id + " to " +
                                          m.provinces[q].id
                                    : "the convoy was disrupted: " + lost + " dislodged";
          }
          break;
        }
        const int a = attack(p);
        if (head_to_head(p)) {
          const int d = defend(q);
          if (a <= d) {
            r.why = a == 0 ? Why::kOwnUnit : Why::kLostHeadToHead;
            r.reason = a == 0 ? "it would dislodge " + unit_name(q) + ", a unit of its own power"
                              : "lost the head-to-head battle with " + move_name(q) + strengths(a, d);
            break;
          }
        } else {
          const int h = hold_strength(q);
          if (a <= h) {
            if (a == 0) {
              r.why = Why::kOwnUnit;
              r.reason = kind_[q] == kMoveKind
                             ? unit_name(q) +
                                   " stays (its own move failed), and a power does "
                                   "not dislodge its own unit"
                             : "it would dislodge " + unit_name(q) + ", a unit of its own power";
            } else {
              r.why = Why::kBouncedOffHolder;
              r.reason = "bounced off " + unit_name(q) +
                         (kind_[q] == kMoveKind ? ", whose own move failed" : "") + strengths(a, h);
            }
            break;
          }
        }
        for (int other = mover_head_[q]; other >= 0; other = mover_next_[other]) {
          if (other == p) continue;
          const int v = prevent(other);
          if (a <= v) {
            r.why = Why::kBounced;
            r.reason = "bounced with " + move_name(other) + strengths(a, v);
            break;
          }
        }
        break;
      }
      case kSupportHoldKind:
      case kSupportMoveKind: {
        if (!matched_[p]) {
          r.why = Why::kUnmatched;
          const int s = src_[p];
          r.reason = unit_name(s) + " was not ordered to " +
                     (kind_[p] == kSupportHoldKind ? std::string("stay (it moves)")
                                                   : "move to " + m.provinces[dest_[p]].id);
          break;
        }
        const int d = dislodger_of(p);
        if (d >= 0 && d == dest_[p]) {
          r.why = Why::kDislodged;
          r.reason = "dislodged by " + move_name(d);
          break;
        }
        r.why = Why::kCut;
        for (int o2 = mover_head_[p]; o2 >= 0; o2 = mover_next_[o2]) {
          if (power_[o2] != power_[p] && !(kind_[p] == kSupportMoveKind && o2 == dest_[p]) && path(o2)) {
            r.reason = "cut by " + move_name(o2);
            break;
          }
        }
        break;
      }
      case kConvoyKind: {
        const int a = src_[p];
        if (!matched_[p]) {
          r.why = Why::kUnmatched;
          r.reason = unit_name(a) + " was not ordered to move to " + m.provinces[dest_[p]].id + " by convoy";
        } else if (paradox_[a]) {
          r.why = Why::kParadox;
          r.reason = why_words(Why::kParadox);
        } else if (const int d = dislodger_of(p); d >= 0) {
          r.why = Why::kDislodged;
          r.reason = "dislodged by " + move_name(d);
        } else {
          r.why = Why::kConvoyDisrupted;
          r.reason = "the convoy of " + unit_name(a) + " was disrupted elsewhere";
        }
        break;
      }
      default: {
        const int d = dislodger_of(p);
        if (d >= 0) {
          r.why = Why::kDislodged;
          r.reason = "dislodged by " + move_name(d) + strengths(attack(d), hold_strength(p));
        }
        break;
      }
    }
  }
}

// ---- retreats ---------------------------------------------------------------------------------------

void Adjudicator::retreats(const Position& position, const std::vector<Submitted>& orders,
                           Adjudication* out) {
  const Map& m = *map_;
  const int count = static_cast<int>(position.dislodged.size());
  std::array<std::int16_t, kMaxProvinces> order_of;  // per dislodged unit, the order in force
  std::array<std::uint8_t, kMaxProvinces> target;    // its retreat's location, or kNoLocation
  std::fill(order_of.begin(), order_of.begin() + count, -1);
  std::fill(target.begin(), target.begin() + count, kNoLocation);
  for (std::size_t k = 0; k < orders.size(); ++k) {
    const Order& o = orders[k].order;
    OrderResult& r = out->results[k];
    r.power = orders[k].power;
    const int p = o.location == kNoLocation ? -1 : m.province_of(o.location);
    int d = -1;
    for (int i = 0; i < count && p >= 0; ++i) {
      if (m.province_of(position.dislodged[i].location) == p) d = i;
    }
    if (d >= 0) {
      r.province = p;
      r.power = position.dislodged[d].power;
    } else if (p >= 0 && position.occupied(p)) {
      r.province = p;
      r.power = position.power[p];
    }
    Why why = Why::kNone;
    const bool retreat = o.type == OrderType::kRetreat || o.type == OrderType::kMove;
    if (!retreat && o.type != OrderType::kDisband) {
      why = Why::kWrongPhase;
    } else if (d < 0) {
      why = p >= 0 && position.occupied(p) ? Why::kNotDislodged : Why::kNoUnit;
    } else if (orders[k].power != kNobody && orders[k].power != position.dislodged[d].power) {
      why = Why::kNotOwn;
    } else if (o.unit != position.dislodged[d].type) {
      why = Why::kWrongType;
    } else if (order_of[d] >= 0) {
      why = Why::kSecondOrder;
    } else if (retreat) {
      const Dislodged& dis = position.dislodged[d];
      if (o.via_convoy) {
        why = Why::kWrongPhase;
      } else {
        const int q = m.province_of(o.target);
        int to = o.target;
        if (dis.type == UnitType::kArmy) {
          to = q;
        } else if (m.split(q) && o.target == q) {
          int options = 0;
          const Province& province = m.provinces[q];
          for (int c = province.first_coast; c < province.first_coast + province.coasts; ++c) {
            if (dis.retreats[c]) {
              ++options;
              to = c;
            }
          }
          if (options > 1) why = Why::kCoastNeeded;
        }
        if (why == Why::kNone && !dis.retreats[to]) {
          const bool adjacent = dis.type == UnitType::kArmy ? m.army_adjacent(m.province_of(dis.location), q)
                                                            : m.fleet_reaches(dis.location, q);
          if (!adjacent ||
              (dis.type == UnitType::kFleet && o.target != q && !m.fleet_adjacent(dis.location, o.target)))
            why = Why::kRetreatNotAdjacent;
          else if (position.occupied(q)) why = Why::kRetreatOccupied;
          else if (q == dis.attacker && !dis.convoyed) why = Why::kRetreatAttacker;
          else why = Why::kRetreatStandoff;
        }
        if (why == Why::kNone) {
          target[d] = static_cast<std::uint8_t>(to);
          r.destination = to;
        }
      }
    }
    if (why == Why::kNone) {
      order_of[d] = static_cast<std::int16_t>(k);
    } else {
      r.outcome = Outcome::kIllegal;
      r.why = why;
      if (explain_) {
        r.reason = why_words(why);
        if (why == Why::kNoUnit && p >= 0) r.reason = "there is no dislodged unit in " + m.provinces[p].id;
      }
    }
  }
  Position& next = out->next;
  next = position;
  next.dislodged.clear();
  for (int i = 0; i < count; ++i) {
    const Dislodged& dis = position.dislodged[i];
    if (order_of[i] < 0) {
      out->unordered.push_back({dis.power, dis.type, dis.location});
      continue;
    }
    if (target[i] == kNoLocation) continue;  // disbanded
    const int q = m.province_of(target[i]);
    bool clash = false;
    for (int j = 0; j < count; ++j) {
      if (j != i && target[j] != kNoLocation && m.province_of(target[j]) == q) clash = true;
    }
    OrderResult& r = out->results[order_of[i]];
    if (clash) {
      r.outcome = Outcome::kFails;
      r.why = Why::kRetreatClash;
      if (explain_) {
        std::string others;
        for (int j = 0; j < count; ++j) {
          if (j != i && target[j] != kNoLocation && m.province_of(target[j]) == q)
            others += (others.empty() ? "" : ", ") +
                      unit_text(m, position.dislodged[j].type, position.dislodged[j].location);
        }
        r.reason = "bounced with " + others + " in " + m.provinces[q].id + ": both disband";
      }
      continue;
    }
    next.power[q] = dis.power;
    next.type[q] = dis.type;
    next.location[q] = target[i];
  }
  advance(m, &next);
}

// ---- adjustments --------------------------------------------------------------------------------------

void Adjudicator::adjustments(const Position& position, const std::vector<Submitted>& orders,
                              Adjudication* out) {
  const Map& m = *map_;
  int units[kMaxPowers], centres[kMaxPowers], builds[kMaxPowers], disbands[kMaxPowers];
  count_units(position, n_, units, centres);
  for (int i = 0; i < kMaxPowers; ++i) {
    // A power has at most kMaxSlots units (an action's sub-actions): builds beyond that are not made.
    builds[i] = std::max(0, std::min(centres[i], kMaxSlots) - units[i]);
    disbands[i] = std::max(0, units[i] - centres[i]);
  }
  Position& next = out->next;
  next = position;
  std::bitset<kMaxProvinces> built, removed;
  for (std::size_t k = 0; k < orders.size(); ++k) {
    const Order& o = orders[k].order;
    OrderResult& r = out->results[k];
    const int p = o.location == kNoLocation ? -1 : m.province_of(o.location);
    int power = orders[k].power;
    Why why = Why::kNone;
    bool fails = false;
    if (o.type == OrderType::kWaive) {
      if (power == kNobody || builds[power] == 0) why = Why::kWaiveNoSurplus;
      else --builds[power];
    } else if (o.type == OrderType::kBuild) {
      r.province = p;
      if (power == kNobody) power = m.provinces[p].home;
      const bool army = o.unit == UnitType::kArmy;
      if (power == kNobody || m.provinces[p].home != power) why = Why::kBuildNotHome;
      else if (position.owner[p] != power) why = Why::kBuildNotOwned;
      else if (built[p]) why = Why::kBuildTwice;
      else if (next.occupied(p)) why = Why::kBuildOccupied;
      else if (builds[power] == 0 && centres[power] <= units[power]) why = Why::kBuildNoSurplus;
      else if (army && m.is_sea(p)) why = Why::kBuildArmyAtSea;
      else if (!army && m.is_land(p)) why = Why::kBuildFleetInland;
      else if (!army && m.split(p) && o.location == p) why = Why::kBuildCoastNeeded;
      else if (builds[power] == 0) fails = true;
      if (why == Why::kNone && !fails) {
        --builds[power];
        built.set(p);
        next.power[p] = static_cast<std::int8_t>(power);
        next.type[p] = o.unit;
        next.location[p] = static_cast<std::uint8_t>(army ? p : o.location);
      }
    } else if (o.type == OrderType::kDisband) {
      r.province = p;
      if (p >= 0 && position.occupied(p)) {
        if (power == kNobody) power = position.power[p];
        if (power != position.power[p]) why = Why::kNotOwn;
        else if (o.unit != position.type[p]) why = Why::kWrongType;
        else if (removed[p]) why = Why::kDisbandTwice;
        else if (units[power] <= centres[power]) why = Why::kDisbandNoDeficit;
        else if (disbands[power] == 0) fails = true;
        if (why == Why::kNone && !fails) {
          --disbands[power];
          removed.set(p);
          next.power[p] = kNobody;
        }
      } else {
        why = Why::kNoUnit;
      }
    } else {
      why = Why::kWrongPhase;
      if (p >= 0 && position.occupied(p)) {
        r.province = p;
        power = position.power[p];
      }
    }
    r.power = power;
    if (why != Why::kNone) {
      r.outcome = Outcome::kIllegal;
      r.why = why;
    } else if (fails) {
      r.outcome = Outcome::kFails;
      r.why = o.type == OrderType::kBuild ? Why::kTooManyBuilds : Why::kTooManyDisbands;
    }
    if (explain_ && r.outcome != Outcome::kSucceeds) {
      r.reason = why_words(r.why);
      if (r.why == Why::kNoUnit && p >= 0) r.reason = "there is no unit in " + m.provinces[p].id;
    }
  }
  // Civil disorder: the disbands not ordered, farthest from the power's owned centres first (every
  // adjacency counts), fleets before armies at equal distance, then by the province's name.
  for (int i = 0; i < m.num_powers(); ++i) {
    if (disbands[i] == 0) continue;
    std::vector<std::pair<int, int>> candidates;  // (distance, province)
    for (int p = 0; p < n_; ++p) {
      if (next.power[p] != i) continue;
      int distance = 255;
      for (int c = 0; c < n_; ++c) {
        if (position.owner[c] == i) distance = std::min(distance, m.distance(p, c));
      }
      candidates.emplace_back(distance, p);
    }
    std::sort(candidates.begin(), candidates.end(), [&](const auto& a, const auto& b) {
      if (a.first != b.first) return a.first > b.first;
      const bool fa = next.type[a.second] == UnitType::kFleet, fb = next.type[b.second] == UnitType::kFleet;
      if (fa != fb) return fa;
      return m.provinces[a.second].name < m.provinces[b.second].name;
    });
    for (int k = 0; k < disbands[i] && k < static_cast<int>(candidates.size()); ++k) {
      const int p = candidates[k].second;
      out->civil_disorder.push_back({i, next.type[p], next.location[p]});
      next.power[p] = kNobody;
    }
  }
  next.phase = next_phase(position.phase);
}

}  // namespace motive::game::diplomacy
