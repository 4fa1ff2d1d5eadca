#include "game/risk/policy.h"

#include <algorithm>
#include <cmath>

#include "game/risk/dice.h"

namespace motive::game::risk {

namespace {

// One slot's options of positive probability: their choice indices (in the slot's legal list), the
// territories they use (attacks: both ends, as a mask) and their probabilities.
struct Options {
  int n = 0;
  int choice[kMaxCandidates + 1] = {};
  std::uint64_t uses[kMaxCandidates + 1] = {};
  double score[kMaxCandidates + 1] = {};
  double p[kMaxCandidates + 1] = {};

  // Keeps the best `limit` options by score (ties: the one offered first), in descending order.
  void offer(int limit, int c, double s, std::uint64_t mask = 0) {
    int at = n;
    while (at > 0 && score[at - 1] < s) --at;
    if (at >= limit) return;
    const int last = std::min(n, limit - 1);
    for (int k = last; k > at; --k) {
      choice[k] = choice[k - 1];
      uses[k] = uses[k - 1];
      score[k] = score[k - 1];
    }
    choice[at] = c;
    uses[at] = mask;
    score[at] = s;
    n = last + 1;
  }
  // Appends an option whatever its score (`none`).
  void add(int c, double s) {
    choice[n] = c;
    uses[n] = 0;
    score[n] = s;
    ++n;
  }
  // p ∝ exp(score / temperature), shifted by the largest score so that nothing overflows.
  void softmax(double temperature) {
    double top = score[0];
    for (int k = 1; k < n; ++k) top = std::max(top, score[k]);
    double total = 0;
    for (int k = 0; k < n; ++k) total += p[k] = std::exp((score[k] - top) / temperature);
    for (int k = 0; k < n; ++k) p[k] /= total;
  }
};

// A player's turn being planned: the board before and after its placements, and its choices' lists.
class Planner {
 public:
  Planner(const RiskState& s, int player, const Personality& q)
      : s_(s), map_(s.game().map()), q_(q), limit_(q.candidates) {
    owned_n_ = s.owned(player, owned_);
    attack_n_ = s.attack_borders(player, attack_);
    move_n_ = s.move_borders(player, move_);
    mine_ = s.holdings(player);
    reinforcements_ = s.reinforcements(player);
    for (int t = 0; t < map_.size(); ++t) armies_[t] = s.armies(t);
  }

  // The place slots' options (the same for the three), on the board before placement.
  Options place() const {
    Options o;
    for (int i = 0; i < owned_n_; ++i) {
      const int t = owned_[i];
      const std::uint64_t enemies = map_.neighbours[t] & ~mine_;
      if (!enemies) continue;
      const int a = s_.armies(t);
      int around = 0;
      double advantage = 0;
      const int attackers = std::min(a + reinforcements_, kMaxArmies) - 1;
      for (int e : map_.territories[t].adjacent) {
        if (!((enemies >> e) & 1)) continue;
        around += s_.armies(e);
        advantage = std::max(advantage, conquest_probability(attackers, s_.armies(e)));
      }
      const double pressure = static_cast<double>(around) / (around + a);
      const double score = q_.place_pressure * pressure + q_.place_advantage * advantage +
                           q_.place_continent * continent_share(map_.territories[t].continent, 0);
      o.offer(limit_, i, score);
    }
    o.softmax(q_.temperature);
    return o;
  }

  // The board after placing on owned_[choice[k]] for the three slots (from the board before).
  void place_armies(const Action& action) {
    for (int t = 0; t < map_.size(); ++t) armies_[t] = s_.armies(t);
    for (int k = 0; k < kPlaceSlots; ++k) {
      const int t = owned_[action[k]];
      armies_[t] = std::min(kMaxArmies, armies_[t] + RiskState::part(reinforcements_, k));
    }
    candidates_n_ = 0;
    for (int i = 0; i < attack_n_; ++i) {
      const Border& b = map_.borders[attack_[i]];
      if (armies_[b.from] < 2) continue;
      const double q = conquest_probability(armies_[b.from] - 1, armies_[b.to]);
      if (q < q_.attack_threshold) continue;
      Candidate& c = candidates_[candidates_n_++];
      c.choice = i + 1;
      c.uses = (std::uint64_t{1} << b.from) | (std::uint64_t{1} << b.to);
      c.score = q_.attack_odds * q + q_.attack_continent * continent_share(map_.territories[b.to].continent,
                                                                           std::uint64_t{1} << b.to);
    }
  }

  // An attack slot's options after attacks using the territories in `used`.
  Options attack(std::uint64_t used) const {
    Options o;
    for (int i = 0; i < candidates_n_; ++i) {
      const Candidate& c = candidates_[i];
      if (!(c.uses & used)) o.offer(limit_, c.choice, c.score, c.uses);
    }
    o.add(0, q_.attack_none);
    o.softmax(q_.temperature);
    return o;
  }

  // The move slot's options, on the board after placement.
  Options move() const {
    // Steps from each territory to the nearest enemy one, by rings of neighbours.
    int distance[kMaxTerritories];
    std::uint64_t reached = ~mine_ & all(), ring = reached;
    for (int t = 0; t < map_.size(); ++t) distance[t] = (reached >> t) & 1 ? 0 : kMaxTerritories;
    for (int d = 1; ring; ++d) {
      std::uint64_t next = 0;
      for (int t = 0; t < map_.size(); ++t) {
        if ((ring >> t) & 1) next |= map_.neighbours[t];
      }
      ring = next & ~reached;
      reached |= ring;
      for (int t = 0; t < map_.size(); ++t) {
        if ((ring >> t) & 1) distance[t] = d;
      }
    }
    Options o;
    for (int i = 0; i < move_n_; ++i) {
      const Border& b = map_.borders[move_[i]];
      if (distance[b.from] < 2 || armies_[b.from] < 2 || distance[b.to] != distance[b.from] - 1) continue;
      o.offer(limit_, i + 1, q_.move_frontier * std::min(1.0, (armies_[b.from] - 1) / 5.0));
    }
    o.add(0, q_.move_none);
    o.softmax(q_.temperature);
    return o;
  }

  // The options counts that bound the support: places, attacks (before the threshold), moves.
  int border_territories() const {
    int n = 0;
    for (int i = 0; i < owned_n_; ++i) n += (map_.neighbours[owned_[i]] & ~mine_) != 0;
    return n;
  }
  int attack_count() const { return attack_n_; }
  int move_count() const { return move_n_; }

 private:
  struct Candidate {
    int choice;
    std::uint64_t uses;
    double score;
  };

  std::uint64_t all() const {
    return map_.size() == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << map_.size()) - 1;
  }
  // The share of `continent` the player holds, counting `extra` territories as held.
  double continent_share(int continent, std::uint64_t extra) const {
    const Continent& c = map_.continents[continent];
    int held = 0;
    for (int t : c.territories) held += (((mine_ | extra) >> t) & 1) != 0;
    return static_cast<double>(held) / static_cast<double>(c.territories.size());
  }

  const RiskState& s_;
  const RiskMap& map_;
  const Personality& q_;
  int limit_;
  int owned_[kMaxTerritories];
  int owned_n_ = 0;
  int attack_[2 * kMaxBorders];
  int attack_n_ = 0;
  int move_[2 * kMaxBorders];
  int move_n_ = 0;
  std::uint64_t mine_ = 0;
  int reinforcements_ = 0;
  int armies_[kMaxTerritories] = {};
  Candidate candidates_[2 * kMaxBorders];
  int candidates_n_ = 0;
};

}  // namespace

const std::vector<std::pair<std::string, Personality>>& personalities() {
  static const std::vector<std::pair<std::string, Personality>> list = [] {
    Personality aggressive;
    aggressive.place_pressure = 0.5;
    aggressive.place_advantage = 3;
    aggressive.place_continent = 1;
    aggressive.attack_threshold = 0.35;
    aggressive.attack_odds = 3;
    aggressive.attack_continent = 1.5;
    aggressive.attack_none = 0.5;
    aggressive.move_frontier = 2;
    aggressive.move_none = 0.5;
    Personality defensive;
    defensive.place_pressure = 3;
    defensive.place_advantage = 0.5;
    defensive.place_continent = 1;
    defensive.attack_threshold = 0.8;
    defensive.attack_odds = 2;
    defensive.attack_continent = 1;
    defensive.attack_none = 2;
    defensive.move_frontier = 1;
    defensive.move_none = 1;
    Personality balanced;  // the defaults
    return std::vector<std::pair<std::string, Personality>>{
        {"aggressive", aggressive}, {"defensive", defensive}, {"balanced", balanced}};
  }();
  return list;
}

std::optional<Personality> find_personality(std::string_view name) {
  for (const auto& [n, p] : personalities()) {
    if (n == name) return p;
  }
  return std::nullopt;
}

const std::vector<PersonalityField>& personality_fields() {
  static const std::vector<PersonalityField> fields = {
      {"temperature", 0.01, 100, false, &Personality::temperature},
      {"candidates", 1, kMaxCandidates, true, nullptr},
      {"place_pressure", -100, 100, false, &Personality::place_pressure},
      {"place_advantage", -100, 100, false, &Personality::place_advantage},
      {"place_continent", -100, 100, false, &Personality::place_continent},
      {"attack_threshold", 0, 1, false, &Personality::attack_threshold},
      {"attack_odds", -100, 100, false, &Personality::attack_odds},
      {"attack_continent", -100, 100, false, &Personality::attack_continent},
      {"attack_none", -100, 100, false, &Personality::attack_none},
      {"move_frontier", -100, 100, false, &Personality::move_frontier},
      {"move_none", -100, 100, false, &Personality::move_none},
  };
  return fields;
}

void set_field(Personality& p, const PersonalityField& field, double value) {
  if (field.number) {
    p.*field.number = value;
  } else {
    p.candidates = static_cast<int>(value);
  }
}

Action RiskPolicy::sample(const State& state, int player, Rng& rng) const {
  const auto& s = static_cast<const RiskState&>(state);
  Planner plan(s, player, personality_);
  Action action;
  action.resize(kSlots);
  const Options place = plan.place();
  for (int k = 0; k < kPlaceSlots; ++k) action.set(k, place.choice[rng.pick(place.p, place.n)]);
  plan.place_armies(action);
  std::uint64_t used = 0;
  bool stopped = false;
  for (int k = 0; k < kAttackSlots; ++k) {
    if (stopped) {
      rng.uniform();  // the slot's draw, unused: seven draws a turn
      action.set(kPlaceSlots + k, 0);
      continue;
    }
    const Options attack = plan.attack(used);
    const int i = rng.pick(attack.p, attack.n);
    action.set(kPlaceSlots + k, attack.choice[i]);
    used |= attack.uses[i];
    stopped = attack.choice[i] == 0;
  }
  const Options move = plan.move();
  action.set(kMoveSlot, move.choice[rng.pick(move.p, move.n)]);
  return action;
}

void RiskPolicy::distribution(const State& state, int player,
                              std::vector<std::pair<Action, double>>* out) const {
  const auto& s = static_cast<const RiskState&>(state);
  out->clear();
  Planner plan(s, player, personality_);
  const Options place = plan.place();
  Action action;
  action.resize(kSlots);
  // The attack slots from `k` on, after attacks using `used`, reached with probability `p`; then the move.
  auto attacks = [&](auto&& self, int k, std::uint64_t used, double p, const Options& move) -> void {
    if (k == kAttackSlots) {
      for (int m = 0; m < move.n; ++m) {
        if (p * move.p[m] <= 0) continue;
        action.set(kMoveSlot, move.choice[m]);
        out->emplace_back(action, p * move.p[m]);
      }
      return;
    }
    const Options attack = plan.attack(used);
    for (int i = 0; i < attack.n; ++i) {
      action.set(kPlaceSlots + k, attack.choice[i]);
      if (attack.choice[i] == 0) {
        for (int rest = k + 1; rest < kAttackSlots; ++rest) action.set(kPlaceSlots + rest, 0);
        self(self, kAttackSlots, used, p * attack.p[i], move);
      } else {
        self(self, k + 1, used | attack.uses[i], p * attack.p[i], move);
      }
    }
  };
  for (int a = 0; a < place.n; ++a) {
    for (int b = 0; b < place.n; ++b) {
      for (int c = 0; c < place.n; ++c) {
        action.set(0, place.choice[a]);
        action.set(1, place.choice[b]);
        action.set(2, place.choice[c]);
        plan.place_armies(action);
        const Options move = plan.move();
        attacks(attacks, 0, 0, place.p[a] * place.p[b] * place.p[c], move);
      }
    }
  }
}

double RiskPolicy::support_bound(const State& state, int player) const {
  const auto& s = static_cast<const RiskState&>(state);
  Planner plan(s, player, personality_);
  const int k = personality_.candidates;
  const double place = std::min(k, plan.border_territories());
  const double attack = std::min(k, plan.attack_count()) + 1;
  const double move = std::min(k, plan.move_count()) + 1;
  return place * place * place * attack * attack * attack * move;
}

}  // namespace motive::game::risk
