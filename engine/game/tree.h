// The views OpenSpiel gives of a small game, for the page: the game tree below a state with its
// information sets, and the payoff table of the players acting at a state. Both are exact
// enumerations with a budget (game_tree: nodes; payoff_table: cells and the exact method's nodes per
// cell); over it they throw analysis.budget_exceeded, naming the budget, instead of answering part.
#pragma once

#include <nlohmann/json.hpp>

#include "core/params.h"
#include "core/progress.h"
#include "game/model.h"

namespace motive::game {

// The most nodes game_tree's max_nodes allows, and the most cells of a payoff table.
inline constexpr std::int64_t kMaxTreeNodes = 20'000;
inline constexpr std::int64_t kMaxPayoffCells = 400;

// The extensive form below a state (params: state, max_nodes). Every legal action is a branch, not
// only those the policies play, each with its policy's probability; a simultaneous move of several
// players is drawn as OpenSpiel draws it, one player after the other, the later ones unable to tell
// which branch they are in (one information set). Information sets group a player's nodes by what the
// player knows there (State::information). Leaves carry the players' returns from the state: the sum
// of the rewards paid on the way, discounted by γ per decision.
//   {players, state, discount, nodes: [{id, parent, depth, type, edge?, probability?, player?,
//    information_set?, returns?}], information_sets: [{id, player, nodes}]}
nlohmann::json game_tree_analysis(const GameModel& model, const Params& params, Context& context);

// The payoff table at a decision node (params: state, max_nodes): for every joint action of the
// players acting there, every player's exact expected utility when they play it (Simulate's depth-1
// rows, the rest of the game played by the policies and chance: for games without a heuristic value
// the expected return to the end), beside each action's probability under its player's policy.
//   {players, state, acting, actions: [[label]], probabilities: [[p]], cells: [{actions, expected}], nodes}
nlohmann::json payoff_table_analysis(const GameModel& model, const Params& params, Context& context);

}  // namespace motive::game
