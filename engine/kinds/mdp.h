// The gridworld and mdp kinds: gridworld and MDP files (docs/format.md, "Gridworlds" and "MDPs") and
// their analyses, which come from mdp/ (describe, solve, trajectories), intention/ (behavioural
// intention with the agent as its oracle) and meg/ (MacDermott et al. 2024).
#pragma once

#include "core/registry.h"

namespace motive {

KindSpec gridworld_kind();
KindSpec mdp_kind();

}  // namespace motive
