// Agents in MDPs: the `agent` parameter of the MDP analyses (docs/api.md, "Agents") read into a
// policy, and seeded trajectory sampling. Problems with the parameter throw RequestError.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/progress.h"
#include "mdp/mdp.h"

namespace motive::mdp {

struct QLearningOptions {
  int episodes = 2000;
  std::uint64_t seed = 1;
  double alpha = 0.5;    // learning rate
  double epsilon = 0.1;  // exploration: a uniformly random action with this probability
  int max_steps = 0;     // per episode; 0: 4 × the states of the largest training variant, at least 100
  // The variants trained on, in round robin (episode i on train_variants[i mod n]); empty: the
  // variant the agent is asked about.
  std::vector<std::string> train_variants;
  // What the agent observes. "state": the MDP state (the cell in a gridworld), shared across
  // variants by name. "goal_direction" (gridworlds): the direction of the nearest goal cell (the
  // signs of its row and column offsets), see q_learning.
  std::string observation = "state";
};

// The largest finite |β| of a soft agent. Soft value iteration computes β × value, and the readers keep
// values within kMaxValueMagnitude (1e200), so that product stays finite (below 1e300). Beyond
// 1e100 a soft policy equals its limit for any two actions whose values differ by more than 1e-97:
// write "inf" or "-inf" for that limit.
inline constexpr double kMaxSoftBeta = 1e100;

struct Agent {
  enum class Kind { kOptimal, kEpsilonGreedy, kSoft, kUniform, kPolicy, kQLearning };
  Kind kind = Kind::kOptimal;
  double epsilon = 0;       // epsilon_greedy
  double beta = 0;          // soft; may be ±infinity
  std::string policy_name;  // policy
  QLearningOptions q_learning;
};

// Reads params["agent"] (absent: the optimal agent). Throws RequestError (request.bad_parameter)
// naming the field that is wrong.
Agent agent_param(const nlohmann::json& params);

// The agent as JSON, with infinite β written "inf"/"-inf".
nlohmann::json agent_json(const Agent& agent);

struct AgentPolicy {
  Policy policy;
  // Q-learning only: the discounted return of each training episode, and the training variants.
  std::vector<double> training_returns;
  std::vector<std::string> trained_on;
};

// The policy the agent follows in `variant` of `file`:
//  optimal: uniform over the actions whose Q* ties with the best (Values::tie: within what the values prove);
//  epsilon_greedy: (1−ε)·π* + ε/|A|, π* deterministic with ties to the lowest action index;
//  soft: π_β of soft value iteration (β = ±inf exact);  uniform: 1/|A|;
//  policy: the file's named policy (request.unknown_policy if it has none of that name, or it does not
//  fit the variant's map);  q_learning: the greedy policy (ties to the lowest index) of tabular
//  Q-learning (q_learning below).
AgentPolicy agent_policy(const MdpFile& file, const Variant& variant, const Agent& agent,
                         const ProgressCallback& progress = {});

// Tabular Q-learning, reproducible from its seed on every platform. Episodes start from μ and end on
// entering a terminal state, at the end of the horizon, or after max_steps; a step's utility is
// r(s, a). Behaviour is ε-greedy (ties broken at random) on the agent's first table; every table is
// updated with Q(o,a) += α (r + γ max_a' Q(o',a') − Q(o,a)), the value after the episode ends (in a
// terminal state or at the horizon) being 0. The result is the greedy policy in `target` (ties to
// the lowest action index; uniform in terminal states).
// With observation "state" the agent has one table, by state. With "goal_direction" it has two,
// trained alongside: by goal direction, and by state (its habits, cell by cell). In each state of
// `target` it acts on the first table that met the state's observation in training, choosing among
// the actions tried there. So an agent trained on maps where the goal moves learns to follow it,
// even to places it never saw the goal in; one that always saw the goal in the same place, meeting
// a goal direction it never saw, acts on its habits and goes where the goal used to be.
AgentPolicy q_learning(const MdpFile& file, const Variant& target, const QLearningOptions& options,
                       const ProgressCallback& progress = {});

// One step of a trajectory: the state, the action taken there and its utility r(s, a).
struct Step {
  int state;
  int action;
  double utility;  // the utility paid on this transition (as sampled, not its expectation)
  int next_state;  // where it led (-1 when the model gives (s, a) no transition)
};

// `count` trajectories of at most `length` steps from μ under `policy`, each ending early on
// entering a terminal state or at the end of the horizon. Reproducible from the seed. Reports
// progress per trajectory (throws Cancelled when asked to stop).
std::vector<std::vector<Step>> sample_trajectories(const Mdp& mdp, const Policy& policy, int count,
                                                   int length, std::uint64_t seed,
                                                   const ProgressCallback& progress = {});

// The mean over trajectories of Σ_t γ^t (log π'(a_t|s_t) + log|A|), and its standard error: an
// unbiased estimate of E_π[Σ_t γ^t (log π'(A_t|S_t) + log|A|)] (MEG of π for π', meg.md §1) when the
// trajectories are long enough that γ^length is negligible.
struct Estimate {
  double mean = 0;
  double standard_error = 0;
  int count = 0;
};
Estimate trajectory_log_likelihood(const Mdp& mdp, const std::vector<std::vector<Step>>& trajectories,
                                   const Policy& predictor);

}  // namespace motive::mdp
