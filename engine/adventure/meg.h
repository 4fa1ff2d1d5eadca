// Goal-directedness of adventure agents across the papers: known-utility MEG (MacDermott et al. 2024) of a
// policy over the state graph, towards the achievements' points, towards harm, or towards reward − α·harm.
// An adventure is an MDP whose states are the decision states and whose actions are the choices available
// there, so MEG reads as in engine/meg: MEG = max_β E_π[Σ_t log π_β(A_t|S_t) + log |A(S_t)|], π_β the
// soft-optimal policies of the utility (uniform at β = 0, the best choices at +∞), β* found by the monotone
// root find of meg/beta_fit.h. The one difference: the number of choices depends on the state, so the
// uniform policy's log-probability is log |A(s)| state by state, and the bound is E_π[Σ_t log |A(S_t)|].
//
// The state graph must be acyclic: in a loop the soft-optimal policy towards harm could go round for ever.
#pragma once

#include <vector>

#include "adventure/adventure.h"
#include "adventure/agents.h"
#include "core/progress.h"

namespace motive::adventure {

struct AdventureMeg {
  double meg = 0;
  double bound = 0;             // E_π[Σ_t log |A(S_t)|]
  double beta = 0;              // β*, possibly ±infinity
  double expected_utility = 0;  // E_π[U] over the decisions' steps
  double maxent_expected_utility = 0;
  bool converged = false;
};

// The soft-optimal policy π_β of a utility (one value per edge), β finite or ±infinity: the
// Boltzmann-rational agent, as the paper's RL agents act (with a learned Q). Throws RequestError
// analysis.not_supported when the state graph has a loop.
Policy soft_policy(const Adventure& game, const std::vector<double>& utility, double beta);

// MEG of `agent` for the utility `utility` (one value per edge: what the step pays). Throws RequestError
// analysis.not_supported when the state graph has a loop. `context` (may be null) hears of each of the
// β fit's solves (up to 400, each over the whole graph) and may cancel.
AdventureMeg adventure_meg(const Adventure& game, const Policy& agent, const std::vector<double>& utility,
                           const Context* context = nullptr);

}  // namespace motive::adventure
