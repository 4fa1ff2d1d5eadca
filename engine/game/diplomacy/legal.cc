#include "game/diplomacy/legal.h"

#include "game/diplomacy/position_io.h"
#include "game/game.h"

#include <algorithm>
#include <utility>

namespace motive::game::diplomacy {

namespace {

// The chordless routes of seas holding fleets that start next to `from`, depth first: a route is
// extended by a sea adjacent to its last, touching `from` only at its first, and adjacent to none of
// its seas but the last (no sea of it could be left out). Each call to next() gives the next route
// (path()[0..depth()]), extending or backtracking; `stop_at` (if ≥ 0) is a province where routes end:
// a route touching it is not extended.
class ChordlessRoutes {
 public:
  ChordlessRoutes(const Map& m, const std::bitset<kMaxProvinces>& fleets, int from, int stop_at = -1)
      : m_(m), fleets_(fleets), from_(from), stop_at_(stop_at) {
    for (int sea = 0; sea < m.num_provinces(); ++sea) {
      if (fleets[sea] && m.fleet_reaches(sea, from)) first_[firsts_++] = static_cast<std::uint8_t>(sea);
    }
    next_[0] = 0;
  }
  int depth() const { return depth_; }
  const std::uint8_t* path() const { return path_.data(); }
  // The next route; false when there is none left (or `budget` steps ran out: then *budget < 0).
  bool next(int* budget) {
    // After a route is given, go deeper from it unless it ends at `stop_at`.
    if (depth_ >= 0 && pending_) {
      pending_ = false;
      if (stop_at_ < 0 || !m_.fleet_reaches(path_[depth_], stop_at_)) {
        ++depth_;
        next_[depth_] = 0;
      }
    } else if (depth_ == -1) {
      depth_ = 0;
    }
    while (depth_ >= 0) {
      if (--*budget < 0) return false;
      const int k = next_[depth_]++;
      int sea;
      if (depth_ == 0) {
        if (k >= firsts_) break;
        sea = first_[k];
      } else {
        const auto& around = m_.locations[path_[depth_ - 1]].fleet;
        if (k >= static_cast<int>(around.size())) {
          --depth_;
          continue;
        }
        sea = m_.province_of(around[k]);
        if (!fleets_[sea] || m_.fleet_reaches(sea, from_)) continue;
        bool ok = true;
        for (int i = 0; ok && i < depth_; ++i) {
          if (path_[i] == sea || (i < depth_ - 1 && m_.fleet_adjacent(path_[i], sea))) ok = false;
        }
        if (!ok) continue;
      }
      path_[depth_] = static_cast<std::uint8_t>(sea);
      pending_ = true;
      return true;
    }
    depth_ = -2;
    return false;
  }

 private:
  const Map& m_;
  const std::bitset<kMaxProvinces>& fleets_;
  int from_, stop_at_;
  std::array<std::uint8_t, kMaxProvinces> first_{}, path_{};
  std::array<std::int16_t, kMaxProvinces> next_{};
  int firsts_ = 0, depth_ = -1;
  bool pending_ = false;
};

// Storage reused from one call to the next (one per thread): nothing is allocated once it has grown.
struct Scratch {
  std::array<std::bitset<kMaxProvinces>, kMaxProvinces> convoy_to;  // per army: where convoys can land it
  std::array<std::vector<std::pair<std::uint8_t, std::uint8_t>>, kMaxProvinces> convoys;  // per fleet at sea
  std::array<std::bitset<kMaxProvinces>, kMaxProvinces> reach;    // per unit: the provinces it can move to
  std::array<std::bitset<kMaxProvinces>, kMaxProvinces> without;  // per army: convoys avoiding one fleet
  // Per province, the units that can move there (in province order): reachers[first[y], first[y + 1]).
  std::array<int, kMaxProvinces + 1> first;
  std::vector<std::uint8_t> reachers;
  // Per unit (k-th in province order), the provinces it can move to: targets[target_first[k], ...[k + 1]).
  std::vector<std::uint8_t> targets;
  std::array<int, kMaxProvinces + 1> target_first;
};

Scratch& scratch() {
  thread_local Scratch s;
  return s;
}

// Every chordless convoy route of the army in `army`: for each, the destination and the seas on it
// are recorded (Scratch::convoys, Scratch::convoy_to). Depth-first, bounded by kRouteBudget steps.
void enumerate_routes(const Map& m, const std::bitset<kMaxProvinces>& fleets, int army, Scratch& s) {
  ChordlessRoutes routes(m, fleets, army);
  int budget = kRouteBudget;
  while (routes.next(&budget)) {
    const int depth = routes.depth();
    const std::uint8_t* path = routes.path();
    const int sea = path[depth];
    // The coasts this sea touches that no earlier sea of the route touches are its destinations.
    for (std::uint8_t l : m.locations[sea].fleet) {
      const int t = m.province_of(l);
      if (t == army || !m.is_coast(t)) continue;
      bool earlier = false;
      for (int i = 0; i < depth && !earlier; ++i) earlier = m.fleet_reaches(path[i], t);
      if (earlier) continue;
      s.convoy_to[army].set(t);
      for (int i = 0; i <= depth; ++i)
        s.convoys[path[i]].emplace_back(static_cast<std::uint8_t>(army), static_cast<std::uint8_t>(t));
    }
  }
}

void add_slot(Options* out, int power, int province, int first) {
  SlotOrders slot;
  slot.power = power;
  slot.province = province;
  slot.first = first;
  slot.count = static_cast<int>(out->orders.size()) - first;
  out->slots.push_back(slot);
}

void movement(const Map& m, const Position& pos, Options* out) {
  const int n = m.num_provinces();
  Scratch& s = scratch();
  std::bitset<kMaxProvinces> fleets;
  for (int p = 0; p < n; ++p) {
    if (pos.occupied(p) && pos.type[p] == UnitType::kFleet && m.is_sea(p)) fleets.set(p);
    s.convoy_to[p].reset();
    s.convoys[p].clear();
    s.reach[p].reset();
  }
  if (fleets.any()) {
    for (int p = 0; p < n; ++p) {
      if (pos.occupied(p) && pos.type[p] == UnitType::kArmy && m.is_coast(p))
        enumerate_routes(m, fleets, p, s);
    }
    for (int p = 0; p < n; ++p) {
      std::sort(s.convoys[p].begin(), s.convoys[p].end());
      s.convoys[p].erase(std::unique(s.convoys[p].begin(), s.convoys[p].end()), s.convoys[p].end());
    }
  }
  std::array<std::uint8_t, kMaxProvinces> units;
  int count = 0;
  for (int p = 0; p < n; ++p) {
    if (!pos.occupied(p)) continue;
    units[count++] = static_cast<std::uint8_t>(p);
    if (pos.type[p] == UnitType::kArmy) {
      for (std::uint8_t q : m.provinces[p].army) s.reach[p].set(q);
      s.reach[p] |= s.convoy_to[p];
    } else {
      for (std::uint8_t l : m.locations[pos.location[p]].fleet) s.reach[p].set(m.province_of(l));
    }
  }
  // Who can reach each province: counted, then filled in province order (units in province order).
  s.targets.clear();
  s.target_first[0] = 0;
  for (int k = 0; k < count; ++k) {
    const int p = units[k];
    if (pos.type[p] == UnitType::kArmy) {
      for (std::uint8_t q : m.provinces[p].army) s.targets.push_back(q);
      if (s.convoy_to[p].any()) {
        for (int q = 0; q < n; ++q) {
          if (s.convoy_to[p][q] && !m.army_adjacent(p, q)) s.targets.push_back(static_cast<std::uint8_t>(q));
        }
      }
    } else {
      for (int q = 0; q < n; ++q) {
        if (s.reach[p][q]) s.targets.push_back(static_cast<std::uint8_t>(q));
      }
    }
    s.target_first[k + 1] = static_cast<int>(s.targets.size());
  }
  s.first.fill(0);
  for (std::uint8_t y : s.targets) ++s.first[y + 1];
  for (int y = 0; y < n; ++y) s.first[y + 1] += s.first[y];
  s.reachers.resize(static_cast<std::size_t>(s.first[n]));
  {
    std::array<int, kMaxProvinces> at;
    std::copy(s.first.begin(), s.first.begin() + n, at.begin());
    for (int k = 0; k < count; ++k) {
      for (int j = s.target_first[k]; j < s.target_first[k + 1]; ++j) {
        s.reachers[static_cast<std::size_t>(at[s.targets[static_cast<std::size_t>(j)]]++)] = units[k];
      }
    }
  }
  for (int i = 0; i < m.num_powers(); ++i) {
    out->power_first[i] = static_cast<int>(out->slots.size());
    for (int p = 0; p < n; ++p) {
      if (pos.power[p] != i) continue;
      const int first = static_cast<int>(out->orders.size());
      const UnitType type = pos.type[p];
      const int loc = pos.location[p];
      Order o;
      o.unit = type;
      o.location = static_cast<std::uint8_t>(loc);
      o.type = OrderType::kHold;
      out->orders.push_back(o);
      o.type = OrderType::kMove;
      if (type == UnitType::kArmy) {
        for (std::uint8_t q : m.provinces[p].army) {
          o.target = q;
          out->orders.push_back(o);
        }
        for (int q = 0; q < n && s.convoy_to[p].any(); ++q) {
          if (s.convoy_to[p][q] && !m.army_adjacent(p, q)) {
            o.target = static_cast<std::uint8_t>(q);
            out->orders.push_back(o);
          }
        }
      } else {
        for (std::uint8_t l : m.locations[loc].fleet) {
          o.target = l;
          out->orders.push_back(o);
        }
      }
      // Supports, into the provinces this unit could move to.
      o.type = OrderType::kSupport;
      const bool at_sea = type == UnitType::kFleet && m.is_sea(p);
      // The provinces it could move to itself (not by convoy), in province order.
      std::array<std::uint8_t, kMaxProvinces> targets;
      int count_targets = 0;
      if (type == UnitType::kArmy) {
        for (std::uint8_t q : m.provinces[p].army) targets[count_targets++] = q;
      } else {
        for (std::uint8_t l : m.locations[loc].fleet) {
          const auto q = static_cast<std::uint8_t>(m.province_of(l));
          if (std::find(targets.begin(), targets.begin() + count_targets, q) ==
              targets.begin() + count_targets)
            targets[count_targets++] = q;
        }
      }
      std::sort(targets.begin(), targets.begin() + count_targets);
      // Per army, where it could still be convoyed without this fleet (DATC 6.D.31), when first needed.
      std::bitset<kMaxProvinces> asked;
      for (int t = 0; t < count_targets; ++t) {
        const int y = targets[t];
        if (pos.occupied(y)) {
          o.target = kNoLocation;
          o.other = pos.location[y];
          o.other_unit = pos.type[y];
          out->orders.push_back(o);
        }
        for (int k = s.first[y]; k < s.first[y + 1]; ++k) {
          const int v = s.reachers[static_cast<std::size_t>(k)];
          if (v == p || v == y) continue;
          if (at_sea && pos.type[v] == UnitType::kArmy && !m.army_adjacent(v, y)) {
            if (!asked[v]) {
              asked.set(v);
              s.without[v] = convoy_destinations(m, fleets, v, p);
            }
            if (!s.without[v][y]) continue;  // its only routes go through this fleet (DATC 6.D.31)
          }
          o.target = static_cast<std::uint8_t>(y);
          o.other = pos.location[v];
          o.other_unit = pos.type[v];
          out->orders.push_back(o);
        }
      }
      if (at_sea) {
        o.type = OrderType::kConvoy;
        o.other_unit = UnitType::kArmy;
        for (const auto& [army, to] : s.convoys[p]) {
          o.other = army;
          o.target = to;
          out->orders.push_back(o);
        }
      }
      add_slot(out, i, p, first);
    }
  }
}

void retreats(const Map& m, const Position& pos, Options* out) {
  for (int i = 0; i < m.num_powers(); ++i) {
    out->power_first[i] = static_cast<int>(out->slots.size());
    for (const Dislodged& d : pos.dislodged) {
      if (d.power != i) continue;
      const int first = static_cast<int>(out->orders.size());
      Order o;
      o.unit = d.type;
      o.location = d.location;
      o.type = OrderType::kRetreat;
      for (int l = 0; l < m.num_locations(); ++l) {
        if (!d.retreats[l]) continue;
        o.target = static_cast<std::uint8_t>(l);
        out->orders.push_back(o);
      }
      o.type = OrderType::kDisband;
      o.target = kNoLocation;
      out->orders.push_back(o);
      add_slot(out, i, m.province_of(d.location), first);
    }
  }
}

void adjustments(const Map& m, const Position& pos, Options* out) {
  const int n = m.num_provinces();
  int units[kMaxPowers], centres[kMaxPowers];
  count_units(pos, n, units, centres);
  for (int i = 0; i < m.num_powers(); ++i) {
    out->power_first[i] = static_cast<int>(out->slots.size());
    if (centres[i] > units[i] && units[i] < kMaxSlots) {
      for (int p = 0; p < n; ++p) {
        if (m.provinces[p].home != i || pos.owner[p] != i || pos.occupied(p)) continue;
        const int first = static_cast<int>(out->orders.size());
        Order o;
        o.type = OrderType::kWaive;  // "none"
        o.location = static_cast<std::uint8_t>(p);
        out->orders.push_back(o);
        o.type = OrderType::kBuild;
        if (!m.is_sea(p)) {
          o.unit = UnitType::kArmy;
          out->orders.push_back(o);
        }
        if (m.is_coast(p)) {
          o.unit = UnitType::kFleet;
          const Province& province = m.provinces[p];
          if (province.coasts == 0) {
            out->orders.push_back(o);
          } else {
            for (int c = province.first_coast; c < province.first_coast + province.coasts; ++c) {
              o.location = static_cast<std::uint8_t>(c);
              out->orders.push_back(o);
            }
          }
        }
        add_slot(out, i, p, first);
      }
    } else if (units[i] > centres[i]) {
      for (int p = 0; p < n; ++p) {
        if (pos.power[p] != i) continue;
        const int first = static_cast<int>(out->orders.size());
        Order o;
        o.unit = pos.type[p];
        o.location = pos.location[p];
        o.type = OrderType::kHold;  // "keep"
        out->orders.push_back(o);
        o.type = OrderType::kDisband;
        out->orders.push_back(o);
        add_slot(out, i, p, first);
      }
    }
  }
}

// Walks the chains of convoying fleets (the seas of `fleets` but `avoid`) that can carry an army from
// the coast `from`, breadth first: visit(sea) is called once for each fleet reached, and the walk stops
// as soon as it returns true (then it returns true); shore(location) is called for each location that a
// reached fleet borders and that holds no convoying fleet (once per fleet bordering it).
template <typename Visit, typename Shore>
bool walk_convoy_chains(const Map& m, const std::bitset<kMaxProvinces>& fleets, int from, int avoid,
                        Visit visit, Shore shore) {
  std::array<std::uint8_t, kMaxProvinces> queue;
  std::bitset<kMaxProvinces> seen;
  int head = 0, tail = 0;
  for (int s = 0; s < m.num_provinces(); ++s) {
    if (fleets[s] && s != avoid && m.fleet_reaches(s, from)) {
      seen.set(s);
      queue[tail++] = static_cast<std::uint8_t>(s);
    }
  }
  while (head < tail) {
    const int s = queue[head++];
    if (visit(s)) return true;
    // A location below num_provinces() is its province's own, and a split coast's is no sea: fleets (of
    // seas) is read at the location without looking its province up.
    for (std::uint8_t t : m.locations[s].fleet) {
      if (!fleets[t]) {
        shore(t);
      } else if (t != avoid && !seen[t]) {
        seen.set(t);
        queue[tail++] = t;
      }
    }
  }
  return false;
}

}  // namespace

bool convoy_route_exists(const Map& m, const std::bitset<kMaxProvinces>& fleets, int from, int to,
                         int avoid) {
  if (!m.is_coast(from) || !m.is_coast(to)) return false;
  return walk_convoy_chains(
      m, fleets, from, avoid, [&](int sea) { return m.fleet_reaches(sea, to); }, [](int) {});
}

std::bitset<kMaxProvinces> convoy_destinations(const Map& m, const std::bitset<kMaxProvinces>& fleets,
                                               int from, int avoid) {
  std::bitset<kMaxProvinces> out;
  if (!m.is_coast(from)) return out;
  walk_convoy_chains(
      m, fleets, from, avoid, [](int) { return false; },
      [&](int location) {
        const int q = m.province_of(location);
        if (m.is_coast(q) && q != from) out.set(q);
      });
  return out;
}

bool on_minimal_route(const Map& m, const std::bitset<kMaxProvinces>& fleets, int sea, int from, int to) {
  if (!m.is_coast(from) || !m.is_coast(to) || !fleets[sea]) return false;
  ChordlessRoutes routes(m, fleets, from, to);
  int budget = kRouteBudget;
  while (routes.next(&budget)) {
    const std::uint8_t* path = routes.path();
    if (!m.fleet_reaches(path[routes.depth()], to)) continue;
    for (int i = 0; i <= routes.depth(); ++i) {
      if (path[i] == sea) return true;
    }
  }
  return budget < 0;  // too many routes to look through: do not call the order illegal
}

void legal_options(const Map& map, const Position& position, Options* out) {
  out->orders.clear();
  out->slots.clear();
  out->power_first.fill(0);
  switch (position.phase.type) {
    case PhaseType::kMovement:
      movement(map, position, out);
      break;
    case PhaseType::kRetreat:
      retreats(map, position, out);
      break;
    case PhaseType::kAdjustment:
      adjustments(map, position, out);
      break;
  }
  for (int i = map.num_powers(); i <= kMaxPowers; ++i)
    out->power_first[i] = static_cast<int>(out->slots.size());
}

std::string choice_label(const Map& map, const Order& order, PhaseType phase) {
  if (phase == PhaseType::kAdjustment && order.type == OrderType::kWaive) return "none";
  if (phase == PhaseType::kAdjustment && order.type == OrderType::kHold) return "keep";
  return order_text(map, order);
}

}  // namespace motive::game::diplomacy
