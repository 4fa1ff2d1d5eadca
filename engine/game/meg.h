// Goal-directedness across the papers: known-utility MEG (MacDermott et al. 2024, Def. 3.2) of one
// player of a game (Orner et al.) towards its own return or another player's.
//
// With the other players' policies fixed, the measured player faces a single-agent decision problem:
// the others' moves and chance are chance nodes to it. MEG asks how well the soft-optimal policies π_β
// of a utility (here: player `towards`'s return from the state to the end) predict its choices:
//   MEG = max_β E_π[Σ_t log π_β(A_t | I_t) + log |A_t|],
// with β* found by the monotone root find of meg/beta_fit.h (E_{π_β}[𝒰] = E_π[𝒰]; β = ±∞ exactly).
//
// What a decision conditions on. A player's information at a node is State::information(player): in
// Communicate Out of Prison, the messages it sent and received, in the order they happened (messages
// are private, so it sees neither the messages between the other two nor the speaking order, and the
// announcements are simultaneous); in user-written games, everything before its move (their policies
// may read every earlier variable) but the simultaneous moves of its stage. The soft-optimal policies
// are policies of that information, so they may not use what the player cannot see.
//
// Why that decomposes. The information grows with the player's own moves (perfect recall: it remembers
// what it saw and did), so given its information I_k at its k-th decision, the distribution of the
// histories in I_k, of its next information and of the end of the play does not depend on its own
// policy (its earlier choices are part of I_k); the others' policies and chance fix it. The decision
// problem is then a causal influence diagram with decisions D_1..D_K (D_k observing I_k, which
// contains every earlier decision and observation), and MEG is computed by meg/cid.h on the process
// of information states: backward soft induction over information sets, each action's value being the
// expectation over the histories in the set (weighted by their probability under chance and the
// others' policies). Perfect recall is checked (every history of an information set has the same
// previous information set and action), and so is that the player's policy reads no more than its
// information.
//
// The state an analysis starts from is taken as given: the histories enumerated are its continuations,
// so the player's uncertainty is about what happens below it (as SBUE explains an action at a state).
//
// Scope: every play from the state must meet the same number K ≥ 1 of the player's decisions, the k-th
// always with the same number of actions (true of COP and of user-written games, whose stages are
// fixed): a CID's decisions, so that log |dom D| and the bound Σ_k log |A_k| are the paper's.
// Otherwise analysis.not_supported. The tree below the state is enumerated, every action of the
// player and every action of positive probability of the others: analysis.budget_exceeded with the
// numbers when it has more than max_nodes nodes (estimated along one play before starting, or counted).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/progress.h"
#include "game/game.h"
#include "meg/cid.h"

namespace motive::game {

// The measured player's decision problem from a state, with the utility of every player's return.
struct DecisionProblem {
  int player = 0;
  // The process over information states (meg/cid.h): stage k is the player's (k+1)-th decision; its
  // observations are the information sets met there. `process.utility` is unset: see utilities.
  meg::CidProcess process;
  // Per player j: E[j's return from the state | last information set, last action], the utility
  // (utility[j] is what process.utility becomes when measuring towards j).
  std::vector<std::vector<double>> utilities;
  // Per player j: the largest |return| of any play (the scale of tolerances).
  std::vector<double> scales;
  meg::StagePolicy agent;                             // the player's own policy on the process
  std::vector<std::vector<std::string>> information;  // per stage, per observation: the information text
  std::vector<ActionSpace> spaces;                    // per stage: the player's actions
  std::int64_t nodes = 0;                             // tree nodes enumerated
};

// The number of leaves of the tree the problem enumerates, were every node as wide as those on one play.
double estimated_problem_leaves(const Game& game, const State& state, int player);

// Builds the decision problem of `player` below `state`. Throws RequestError: analysis.budget_exceeded
// (more than max_nodes nodes, estimated or counted), analysis.not_supported (the player does not act
// below the state; its number of decisions or actions depends on the play; its information forgets;
// its policy reads more than its information).
DecisionProblem decision_problem(const Game& game, const State& state, int player, std::int64_t max_nodes,
                                 const Context* context = nullptr);

// The process measuring towards player `towards`'s return.
meg::CidProcess towards_process(const DecisionProblem& problem, int towards);

// Known-utility MEG of the player's policy towards `towards`'s return.
meg::CidMeg game_meg(const DecisionProblem& problem, int towards, meg::Ends ends = meg::Ends::kMaxEntropy);

}  // namespace motive::game
