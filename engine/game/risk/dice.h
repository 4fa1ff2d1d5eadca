// Risk's dice, exactly (docs/games.md, "Simplified Risk"): one roll, and a whole battle fought until one
// side is exhausted.
//
// One roll: the attacker rolls min(3, attackers) dice, the defender min(2, defenders); the highest dice
// are compared pairwise, the defender winning ties, and each lost comparison costs one army. The
// distribution of (attacker losses, defender losses) is counted over the 6^(a+d) equally likely
// outcomes, so every probability is an exact fraction count / 6^(a+d).
//
// A battle: the attacker goes on rolling until it has conquered (the defenders are all lost) or has no
// army left to fight with. Its `attackers` are the armies that MAY fight: the attacking territory's
// armies minus the one that must stay behind. Its end states are indexed
//   k = 0 .. A − 1       the attacker conquers with k + 1 armies left (of the A that fought),
//   k = A .. A + D − 1   the defender holds with k − A + 1 armies left,
// and their probabilities come from a dynamic programme over the (attackers, defenders) still in the
// fight, whose rolls are the exact distributions above (summed in doubles: the decimal values of those
// fractions' sums). Battles up to kBattleTableSize a side, those a game meets, come from a table built
// once at first use; larger ones, up to kMaxBattleArmies a side, are computed on demand (O(A·D) time,
// O(D) memory) and the last ones kept.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/progress.h"

namespace motive::game::risk {

inline constexpr int kMaxAttackerDice = 3;
inline constexpr int kMaxDefenderDice = 2;
// Battles up to this many armies a side come from one table (about 2 MB) built at first use.
inline constexpr int kBattleTableSize = 64;
// The largest battle computed: the battle analysis's range, and more than a Risk territory holds.
inline constexpr int kMaxBattleArmies = 1000;

// One roll of `attacker_dice` against `defender_dice`.
struct Roll {
  int attacker_dice = 0;
  int defender_dice = 0;
  int compared = 0;                     // min(attacker_dice, defender_dice): the armies lost in all
  std::int64_t total = 0;               // 6^(attacker_dice + defender_dice) equally likely outcomes
  std::array<std::int64_t, 3> count{};  // count[l]: outcomes where the attacker loses l armies (and
                                        // the defender compared − l); l ≤ compared
  double probability(int attacker_losses) const {
    return static_cast<double>(count[attacker_losses]) / static_cast<double>(total);
  }
};

// The dice each side rolls with `armies` that may fight.
inline int attacker_dice(int attackers) {
  return attackers < kMaxAttackerDice ? attackers : kMaxAttackerDice;
}
inline int defender_dice(int defenders) {
  return defenders < kMaxDefenderDice ? defenders : kMaxDefenderDice;
}

// The roll of a in 1..3 dice against d in 1..2, enumerated once.
const Roll& roll(int attacker_dice, int defender_dice);

// The number of end states of a battle: attackers + defenders.
inline int battle_outcomes(int attackers, int defenders) { return attackers + defenders; }

// The distribution of the end states of a battle from (attackers, defenders), both in
// 1..kMaxBattleArmies, computed by the dynamic programme (not from the table), into
// out[0 .. attackers + defenders − 1]. Reports progress to `context` (may be null; may throw Cancelled).
void battle_distribution(int attackers, int defenders, double* out, const Context* context = nullptr);

// The end states' probabilities of a battle up to kBattleTableSize a side from the table (built at the
// first call), or nullptr when the battle is larger.
const double* battle_table_row(int attackers, int defenders);

// The probability of end state k of a battle from (attackers, defenders), both in 1..kMaxBattleArmies:
// from the table, or computed on demand and kept (thread-safe).
double battle_probability(int attackers, int defenders, int k);

// The probability that the attacker conquers: Σ_{k < attackers} of the end states' probabilities.
double conquest_probability(int attackers, int defenders);

}  // namespace motive::game::risk
