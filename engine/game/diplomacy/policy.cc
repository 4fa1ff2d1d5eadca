#include "game/diplomacy/policy.h"

#include "game/diplomacy/position_io.h"

#include <cmath>

namespace motive::game::diplomacy {

namespace {

constexpr std::uint8_t kStays = PolicyCache::kStays;

std::uint8_t spec_of(const Map& m, const Order& o) {
  return o.type == OrderType::kMove ? static_cast<std::uint8_t>(m.province_of(o.target)) : kStays;
}

// A move's (or retreat's) logit into province y for `power` with weights w.
double move_logit(const Map& m, const Position& pos, const PolicyWeights& w, int power, int y) {
  const auto other_friend = [&](int q) { return q != kNobody && q != power && w.friends[q]; };
  const auto enemy = [&](int q) { return q != kNobody && q != power && !w.friends[q]; };
  const Province& province = m.provinces[y];
  const int owner = province.supply ? pos.owner[y] : kNobody;
  double logit = w.move;
  if (province.supply && owner != power && !other_friend(owner)) logit += w.expand;
  if (enemy(pos.power[y]) || enemy(owner)) logit += w.attack;
  if (other_friend(pos.power[y]) || other_friend(owner)) logit -= w.attack;
  return logit;
}

struct Pull {
  int slot;
  std::uint8_t spec;
  double factor;
};

// The draw of one power's movement orders, slot after slot; shared by sample() and distribution() so
// that both compute the same probabilities.
class Drawer {
 public:
  Drawer(const DiplomacyState& state, int power)
      : cache_(state.policy_cache()),
        options_(state.options()),
        first_slot_(options_.power_first[power]),
        slots_(options_.slots_of(power)) {}

  int slots() const { return slots_; }
  const SlotOrders& slot(int k) const { return options_.slots[first_slot_ + k]; }

  // The probabilities of slot k's choices into p (returns their count), given the earlier choices.
  int probabilities(int k, double* p) const {
    const SlotOrders& s = slot(k);
    double total = 0;
    for (int c = 0; c < s.count; ++c) {
      const int i = s.first + c;
      double w = cache_.weight[i];
      if (w > 0 && cache_.match[i] >= 0 && chosen_[cache_.match[i]] != cache_.wants[i]) w = 0;
      for (int j = 0; j < pulls_; ++j) {
        if (pull_[j].slot == k && pull_[j].spec == cache_.spec[i]) w *= pull_[j].factor;
      }
      p[c] = w;
      total += w;
    }
    for (int c = 0; c < s.count; ++c) p[c] /= total;
    return s.count;
  }
  // Records slot k's choice c.
  void choose(int k, int c) {
    const int i = slot(k).first + c;
    chosen_[k] = cache_.spec[i];
    if (cache_.pulls[i] >= 0) pull_[pulls_++] = {cache_.pulls[i], cache_.wants[i], cache_.pull[i]};
  }
  // Undoes choose(k, c) (for the enumeration).
  void unchoose(int k, int c) {
    if (cache_.pulls[slot(k).first + c] >= 0) --pulls_;
  }

 private:
  const PolicyCache& cache_;
  const Options& options_;
  int first_slot_, slots_;
  std::array<std::uint8_t, kMaxSlots> chosen_{};
  std::array<Pull, kMaxSlots> pull_{};
  int pulls_ = 0;
};

enum class Mode { kMovement, kIndependent, kDisbands };

Mode mode_of(const DiplomacyState& state, int power) {
  const Options& o = state.options();
  switch (state.position().phase.type) {
    case PhaseType::kMovement:
      return Mode::kMovement;
    case PhaseType::kRetreat:
      return Mode::kIndependent;
    case PhaseType::kAdjustment:
      break;
  }
  const int first = o.power_first[power];
  return o.slots_of(power) > 0 && o.orders[o.slots[first].first].type == OrderType::kHold
             ? Mode::kDisbands
             : Mode::kIndependent;
}

// The number of disbands a power must make.
int disbands_due(const DiplomacyState& state, int power) {
  int units[kMaxPowers], centres[kMaxPowers];
  count_units(state.position(), state.game().map().num_provinces(), units, centres);
  return units[power] - centres[power];
}

void enumerate(const DiplomacyState& state, Drawer& drawer, int k, double probability, Action& action,
               std::vector<double>& buffer, std::vector<std::pair<Action, double>>* out) {
  if (k == drawer.slots()) {
    out->emplace_back(action, probability);
    return;
  }
  const int count = drawer.slot(k).count;
  const std::size_t base = buffer.size();
  buffer.resize(base + static_cast<std::size_t>(count));
  drawer.probabilities(k, buffer.data() + base);
  for (int c = 0; c < count; ++c) {
    const double q = buffer[base + static_cast<std::size_t>(c)];
    if (q <= 0) continue;
    action.set(k, c);
    drawer.choose(k, c);
    enumerate(state, drawer, k + 1, probability * q, action, buffer, out);
    drawer.unchoose(k, c);
  }
  buffer.resize(base);
}

}  // namespace

void DiplomacyPolicy::prepare(const DiplomacyState& state) {
  PolicyCache& c = state.policy_cache();
  if (c.ready) return;
  const DiplomacyGame& game = state.game();
  const Map& m = game.map();
  const Position& pos = state.position();
  const Options& opt = state.options();
  const std::size_t n = opt.orders.size();
  c.weight.assign(n, 0.0);
  c.match.assign(n, -1);
  c.spec.assign(n, kStays);
  c.wants.assign(n, kStays);
  c.pulls.assign(n, -1);
  c.pull.assign(n, 1.0);
  std::size_t widest = 0;
  for (const SlotOrders& s : opt.slots) widest = std::max(widest, static_cast<std::size_t>(s.count));
  if (c.scratch.size() < widest) c.scratch.resize(widest);
  const PhaseType phase = pos.phase.type;
  // Each power's friendly fleets at sea (its own and its friends'): a move by convoy is only drawn where
  // they could carry it (no power counts on another's fleets).
  std::array<std::bitset<kMaxProvinces>, kMaxPowers> friendly_fleets;
  if (phase == PhaseType::kMovement) {
    for (int i = 0; i < m.num_powers(); ++i) {
      for (int p = 0; p < m.num_provinces(); ++p) {
        if (pos.occupied(p) && pos.type[p] == UnitType::kFleet && m.is_sea(p) &&
            (pos.power[p] == i || game.weights(i).friends[pos.power[p]]))
          friendly_fleets[i].set(p);
      }
    }
  }
  // Threats: threat[i] holds the provinces a unit of power i could move to.
  std::array<std::bitset<kMaxProvinces>, kMaxPowers> threat;
  if (phase == PhaseType::kMovement) {
    for (const SlotOrders& s : opt.slots) {
      for (int i = s.first; i < s.first + s.count; ++i) {
        if (opt.orders[i].type == OrderType::kMove) threat[s.power].set(m.province_of(opt.orders[i].target));
      }
    }
  }
  // The defence bonus of staying put at a slot's unit: on its power's supply centre, threatened by a
  // power that is not its friend.
  auto defending = [&](const SlotOrders& s) {
    const int p = s.province;
    if (phase != PhaseType::kMovement || !m.provinces[p].supply || pos.owner[p] != s.power) return false;
    const PolicyWeights& w = game.weights(s.power);
    for (int i = 0; i < m.num_powers(); ++i) {
      if (i != s.power && !w.friends[i] && threat[i][p]) return true;
    }
    return false;
  };
  // Orders that do not depend on other units: holds, moves, retreats, builds.
  for (const SlotOrders& s : opt.slots) {
    const PolicyWeights& w = game.weights(s.power);
    // Where friendly fleets could carry this unit (asked once per army, where it has a move by convoy).
    std::bitset<kMaxProvinces> carried;
    bool carried_known = false;
    for (int i = s.first; i < s.first + s.count; ++i) {
      const Order& o = opt.orders[i];
      c.spec[i] = spec_of(m, o);
      switch (o.type) {
        case OrderType::kHold:
          c.weight[i] = std::exp(w.hold + (defending(s) ? w.defend : 0.0));
          break;
        case OrderType::kMove:
        case OrderType::kRetreat: {
          const int to = m.province_of(o.target);
          const int from = m.province_of(o.location);
          if (o.type == OrderType::kMove && o.unit == UnitType::kArmy && !m.army_adjacent(from, to)) {
            if (!carried_known) {
              carried = convoy_destinations(m, friendly_fleets[s.power], from, -1);
              carried_known = true;
            }
            if (!carried[to]) break;  // only other powers' fleets could convoy it
          }
          c.weight[i] = std::exp(move_logit(m, pos, w, s.power, to));
          break;
        }
        case OrderType::kDisband:
          c.weight[i] = phase == PhaseType::kRetreat ? std::exp(w.disband) : 1.0;
          break;
        case OrderType::kBuild: {
          const int coasts = m.provinces[m.province_of(o.location)].coasts;
          c.weight[i] = o.unit == UnitType::kArmy || coasts == 0 ? 1.0 : 1.0 / coasts;
          break;
        }
        default:
          break;  // supports and convoys below; "none" never
      }
    }
  }
  if (phase != PhaseType::kMovement) {
    c.ready = true;
    return;
  }
  // A unit's own hold-and-move distribution: q of doing `spec`.
  std::array<std::int16_t, kMaxProvinces> slot_at;
  slot_at.fill(-1);
  for (std::size_t s = 0; s < opt.slots.size(); ++s)
    slot_at[opt.slots[s].province] = static_cast<std::int16_t>(s);
  auto q = [&](int slot, std::uint8_t spec) {
    const SlotOrders& s = opt.slots[slot];
    double total = 0, hit = 0;
    for (int i = s.first; i < s.first + s.count; ++i) {
      const OrderType t = opt.orders[i].type;
      if (t != OrderType::kHold && t != OrderType::kMove) continue;
      total += c.weight[i];
      if (c.spec[i] == spec) hit += c.weight[i];
    }
    return total > 0 ? hit / total : 0.0;
  };
  for (std::size_t s = 0; s < opt.slots.size(); ++s) {
    const SlotOrders& slot = opt.slots[s];
    const PolicyWeights& w = game.weights(slot.power);
    const int local = static_cast<int>(s) - opt.power_first[slot.power];
    const double stays = defending(slot) ? w.defend : 0.0;
    for (int i = slot.first; i < slot.first + slot.count; ++i) {
      const Order& o = opt.orders[i];
      if (o.type != OrderType::kSupport && o.type != OrderType::kConvoy) continue;
      const int v = m.province_of(o.other);
      const int vs = slot_at[v];
      if (vs < 0) continue;
      const double logit = (o.type == OrderType::kSupport ? w.support : w.convoy) + stays;
      c.wants[i] = o.target == kNoLocation ? kStays : static_cast<std::uint8_t>(m.province_of(o.target));
      const int owner = opt.slots[vs].power;
      if (owner == slot.power) {
        const int vlocal = vs - opt.power_first[owner];
        if (vlocal < local) {
          c.match[i] = static_cast<std::int16_t>(vlocal);
          c.weight[i] = std::exp(logit);
        } else {
          c.weight[i] = std::exp(logit) * q(vs, c.wants[i]);
          c.pulls[i] = static_cast<std::int16_t>(vlocal);
          c.pull[i] = std::exp(o.type == OrderType::kSupport ? w.support : w.convoy);
        }
      } else if (w.friends[owner]) {
        c.weight[i] = std::exp(logit) * q(vs, c.wants[i]);
      }
    }
  }
  c.ready = true;
}

Action DiplomacyPolicy::sample(const State& state, int player, Rng& rng) const {
  const auto& s = static_cast<const DiplomacyState&>(state);
  prepare(s);
  PolicyCache& cache = s.policy_cache();
  const Options& opt = s.options();
  const int first = opt.power_first[player], slots = opt.slots_of(player);
  Action action;
  action.resize(slots);
  double* p = cache.scratch.data();
  switch (mode_of(s, player)) {
    case Mode::kMovement: {
      Drawer drawer(s, player);
      for (int k = 0; k < slots; ++k) {
        const int count = drawer.probabilities(k, p);
        const int c = rng.pick(p, count);
        action.set(k, c);
        drawer.choose(k, c);
      }
      break;
    }
    case Mode::kIndependent:
      for (int k = 0; k < slots; ++k) {
        const SlotOrders& slot = opt.slots[first + k];
        double total = 0;
        for (int c = 0; c < slot.count; ++c) total += cache.weight[slot.first + c];
        for (int c = 0; c < slot.count; ++c) p[c] = cache.weight[slot.first + c] / total;
        action.set(k, rng.pick(p, slot.count));
      }
      break;
    case Mode::kDisbands: {
      int due = disbands_due(s, player);
      for (int k = 0; k < slots; ++k) {
        const double d = static_cast<double>(std::max(0, due)) / (slots - k);
        p[0] = 1 - d;
        p[1] = d;
        const int c = rng.pick(p, 2);
        action.set(k, c);
        due -= c;
      }
      break;
    }
  }
  return action;
}

void DiplomacyPolicy::distribution(const State& state, int player,
                                   std::vector<std::pair<Action, double>>* out) const {
  const auto& s = static_cast<const DiplomacyState&>(state);
  prepare(s);
  out->clear();
  const PolicyCache& cache = s.policy_cache();
  const Options& opt = s.options();
  const int first = opt.power_first[player], slots = opt.slots_of(player);
  Action action;
  action.resize(slots);
  switch (mode_of(s, player)) {
    case Mode::kMovement: {
      Drawer drawer(s, player);
      std::vector<double> buffer;
      enumerate(s, drawer, 0, 1.0, action, buffer, out);
      return;
    }
    case Mode::kIndependent: {
      out->emplace_back(action, 1.0);
      for (int k = 0; k < slots; ++k) {
        const SlotOrders& slot = opt.slots[first + k];
        double total = 0;
        for (int c = 0; c < slot.count; ++c) total += cache.weight[slot.first + c];
        std::vector<std::pair<Action, double>> next;
        for (const auto& [a, pa] : *out) {
          for (int c = 0; c < slot.count; ++c) {
            const double w = cache.weight[slot.first + c];
            if (w <= 0) continue;
            Action b = a;
            b.set(k, c);
            next.emplace_back(b, pa * (w / total));
          }
        }
        *out = std::move(next);
      }
      return;
    }
    case Mode::kDisbands: {
      const int due = disbands_due(s, player);
      // Every choice of `due` units of the `slots`, in the order sample() draws them (keep first).
      std::vector<std::pair<Action, double>> partial = {{action, 1.0}};
      std::vector<int> left = {due};
      for (int k = 0; k < slots; ++k) {
        std::vector<std::pair<Action, double>> next;
        std::vector<int> next_left;
        for (std::size_t j = 0; j < partial.size(); ++j) {
          const double d = static_cast<double>(std::max(0, left[j])) / (slots - k);
          for (int c = 0; c < 2; ++c) {
            const double q = c == 0 ? 1 - d : d;
            if (q <= 0) continue;
            Action b = partial[j].first;
            b.set(k, c);
            next.emplace_back(b, partial[j].second * q);
            next_left.push_back(left[j] - c);
          }
        }
        partial = std::move(next);
        left = std::move(next_left);
      }
      *out = std::move(partial);
      return;
    }
  }
}

double DiplomacyPolicy::support_bound(const State& state, int player) const {
  const auto& s = static_cast<const DiplomacyState&>(state);
  prepare(s);
  const PolicyCache& cache = s.policy_cache();
  const Options& opt = s.options();
  const int first = opt.power_first[player], slots = opt.slots_of(player);
  if (mode_of(s, player) == Mode::kDisbands) {
    // C(slots, due)
    const int due = std::max(0, std::min(slots, disbands_due(s, player)));
    double c = 1;
    for (int k = 0; k < due; ++k) c = c * (slots - k) / (k + 1);
    return c;
  }
  double bound = 1;
  for (int k = 0; k < slots; ++k) {
    const SlotOrders& slot = opt.slots[first + k];
    int positive = 0;
    for (int i = slot.first; i < slot.first + slot.count; ++i) positive += cache.weight[i] > 0;
    bound *= std::max(1, positive);
  }
  return bound;
}

}  // namespace motive::game::diplomacy
