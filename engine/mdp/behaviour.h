// Behavioural intention (Ward et al. 2024, Def. 20) of an agent in a gridworld or MDP, read as the
// paper reads the CoinRun agents (its Section 7): the agent is the policy oracle; an intervention is
// a variant of the world (the coin placed elsewhere); the agent intended what the intervention
// guarantees or moves if its policy adapts there, that is, if it acts differently on the way it
// used to go. As the paper notes, checking every minimal set of outcomes is infeasible here: the
// verdict is about the one intervention, not a proof of minimality.
#pragma once

#include <vector>

#include "mdp/mdp.h"
#include "mdp/solve.h"

namespace motive::mdp {

// The agent's most likely route: from the most likely start state, at each state its most likely
// action (ties to the lowest index) and that action's most likely successor, until a terminal state
// is entered, a state repeats, or `max_steps` steps were taken.
struct Route {
  std::vector<int> states;   // visited, the start first (and the terminal state entered, if any)
  std::vector<int> actions;  // taken in each state but the last
  bool ends_terminal = false;
};
Route likely_route(const Mdp& mdp, const Policy& policy, int max_steps);

// Whether the agent adapts to the intervention: its most likely route in `variant`'s world leads
// somewhere else than in `base`'s (another final cell in gridworlds, another final state otherwise).
// Acting differently on the way, and arriving where it used to, is not adapting: the CoinRun agent
// that runs to the end of the level along another row still pursues the end of the level.
bool leads_elsewhere(const Mdp& base, const Route& base_route, const Mdp& variant,
                     const Route& variant_route);

// The states of `route` (of `base`'s world) where the agent acts differently in `variant`'s world:
// its action distributions there differ by more than `tolerance` in total variation. States are
// matched by cell in gridworlds (a cell that is not a state of `variant`, or terminal there,
// is skipped), by index otherwise.
std::vector<int> adapted_states(const Mdp& base, const Policy& base_policy, const Mdp& variant,
                                const Policy& variant_policy, const Route& route, double tolerance = 1e-6);

}  // namespace motive::mdp
