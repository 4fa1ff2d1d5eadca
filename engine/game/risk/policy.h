// Risk's heuristic stochastic policies (docs/games.md, "Policies"): aggressive, defensive, balanced, or
// any personality given as numbers. A turn's seven slots are drawn in order, each by a softmax over
// documented scores among its best `candidates` options (the others have probability 0, which bounds
// the support):
//
//   place k   (three independent draws, on the board before placement) a territory the player holds
//             that borders an enemy, scored
//               place_pressure · E / (E + a)            E: the enemy armies around it, a: its armies
//             + place_advantage · max_e P(conquer e)    attacking a neighbour with a + R − 1 armies
//             + place_continent · share of its continent the player holds;
//   attack k  (on the board after placement) `X -> Y` whose exact probability of conquering (the
//             battle's, dice.h: X's armies − 1 against Y's) is at least attack_threshold, sharing
//             neither territory with an earlier attack of the turn, scored
//               attack_odds · P(conquer) + attack_continent · share of Y's continent held after it,
//             against `none`, scored attack_none; after a `none` the later attacks are `none`;
//   move      `X -> Y` from an interior territory (no enemy neighbour) with at least two armies to a
//             neighbour one step nearer the nearest enemy, scored move_frontier · min(1, (a_X − 1) / 5),
//             against `none`, scored move_none.
//
// Each score is divided by the temperature before the softmax. A draw uses exactly seven random numbers
// (one per slot, also for the slots after a `none`), so compared rollouts stay aligned.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "game/game.h"
#include "game/risk/game.h"

namespace motive::game::risk {

inline constexpr int kMaxCandidates = 8;

// A personality's numbers (the model may override each; docs/games.md has the table).
struct Personality {
  double temperature = 0.5;  // > 0: lower is greedier
  int candidates = 3;        // the options kept per slot, 1..kMaxCandidates
  double place_pressure = 1.5;
  double place_advantage = 1.5;
  double place_continent = 1;
  double attack_threshold = 0.55;  // the least probability of conquering worth an attack
  double attack_odds = 2.5;
  double attack_continent = 1.5;
  double attack_none = 1.5;
  double move_frontier = 1.5;
  double move_none = 0.75;
};

// The three shipped personalities, by name: "aggressive", "defensive", "balanced".
const std::vector<std::pair<std::string, Personality>>& personalities();
std::optional<Personality> find_personality(std::string_view name);

// A number of a personality by its model field name ("temperature", "attack_threshold", ...), with its
// range; false when `field` is not one.
struct PersonalityField {
  const char* name;
  double min, max;
  bool whole;
  double Personality::*number;  // null for "candidates"
};
const std::vector<PersonalityField>& personality_fields();
void set_field(Personality& p, const PersonalityField& field, double value);

class RiskPolicy final : public Policy {
 public:
  explicit RiskPolicy(const Personality& personality) : personality_(personality) {}

  Action sample(const State& state, int player, Rng& rng) const override;
  void distribution(const State& state, int player,
                    std::vector<std::pair<Action, double>>* out) const override;
  // The product over the slots of their options of positive probability (at most).
  double support_bound(const State& state, int player) const override;

  const Personality& personality() const { return personality_; }

 private:
  Personality personality_;
};

}  // namespace motive::game::risk
