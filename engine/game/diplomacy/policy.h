// The heuristic, stochastic policies of Diplomacy powers (docs/games.md, "Policies").
//
// Movement: a power draws its units' orders one unit at a time, in slot order (units by province),
// each from a softmax over the unit's legal orders with logits
//   hold                       hold (+ defend on an own supply centre a non-friend could move into;
//                              supports and convoys, which stay too, get the same bonus)
//   move to Y                  move + expand·[Y a supply centre neither it nor a friend owns]
//                                   + attack·[another power's unit or centre in Y, not a friend's]
//                                   − attack·[a friend's unit or centre in Y]
//                              (a move by convoy: only where its own or friends' fleets at sea could
//                              carry it; else never)
//   support / convoy of a unit support (resp. convoy) + log q, for an own unit not yet drawn or a
//                              friend's unit, q the probability of the supported order under that
//                              unit's own hold-and-move softmax; for an own unit already drawn, support
//                              (convoy) when it was ordered to do exactly that, else never; never for
//                              other powers' units
// and an order already supported (convoyed) by an earlier unit of the power gets + support (+ convoy):
// supports follow the moves already chosen, and moves follow the supports. Retreats: a softmax over the
// retreats (a move's logit) and disbanding (disband). Builds: an army, or a fleet on a coast, uniformly
// (never "none": the adjudicator ignores builds beyond the allowance, in slot order). Disbands: as many
// as needed, every choice of units equally likely.
//
// distribution() lists the product exactly (slot by slot); support_bound() is the product of the
// slots' counts of orders that can have positive probability, so that callers sample instead where it
// exceeds 2^16 (the standard map).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "game/diplomacy/game.h"

namespace motive::game::diplomacy {

// Every power's policy is this one class: the weights are the game's (DiplomacyGame::weights), read
// through the state.
class DiplomacyPolicy final : public Policy {
 public:
  Action sample(const State& state, int player, Rng& rng) const override;
  void distribution(const State& state, int player,
                    std::vector<std::pair<Action, double>>* out) const override;
  double support_bound(const State& state, int player) const override;

  // Fills the state's PolicyCache (every power's orders), if not done yet.
  static void prepare(const DiplomacyState& state);
};

}  // namespace motive::game::diplomacy
