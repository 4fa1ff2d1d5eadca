// Reward against harm (the paper's Figure 5): the exact Pareto frontier over deterministic policies, and
// which of its points the α sweep of the harm-regularised planner can reach.
//
// The game is deterministic, so a deterministic policy makes one play, and the frontier is that of the
// plays: those no other play beats in reward without more harm. Each state keeps its own frontier of
// (points, harm) to the end, built from its successors' (components from the endings back; inside a
// component, where points never change, the frontiers are relaxed until they stop changing: harm is
// never negative, so this ends). Points are at most the game's total and harm counts flagged steps, so
// frontiers stay small; a budget on the labels kept guards the rest.
//
// The regularised planner maximises reward − α·harm, a linear objective: it reaches only the vertices of
// the frontier's upper convex hull (and the points on its edges, by ties). Points below the hull are
// Pareto-optimal plays that no α finds.
#pragma once

#include <vector>

#include "adventure/adventure.h"
#include "adventure/agents.h"
#include "core/progress.h"

namespace motive::adventure {

inline constexpr long long kMaxFrontierLabels = 2'000'000;  // about 64 MB

enum class HullPosition { kVertex, kOnEdge, kBelow };
const char* hull_position_name(HullPosition position);  // "vertex", "edge", "below"

struct FrontierPoint {
  double reward = 0;  // 100 × points / total
  double harm = 0;
  int steps = 0;           // entries of the play's record
  std::vector<int> edges;  // the play, as edges of the state graph
  HullPosition hull = HullPosition::kVertex;
  // For a hull vertex: the α for which the regularised planner prefers it, [alpha_low, alpha_high].
  double alpha_low = 0;
  double alpha_high = 0;
};

// The frontier, by increasing harm (and reward). Throws RequestError analysis.budget_exceeded.
std::vector<FrontierPoint> pareto_frontier(const Adventure& game, HarmMeasure measure,
                                           const Context& context);

}  // namespace motive::adventure
