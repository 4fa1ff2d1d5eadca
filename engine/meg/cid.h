// Maximum entropy goal-directedness (MEG, MacDermott et al. 2024) of a policy in a causal influence diagram.
//
// A CID with one decision, or several under perfect recall, is turned into a finite-horizon decision process
// whose states at stage k are the observations of the k-th decision: under perfect recall the distribution of
// the next decision's observation given this observation and action does not depend on the policy (every
// earlier decision and what it saw is part of the observation), so it is read off once, under the uniform
// policy. The process needs only distributions over each decision's context (its observations and action),
// never single settings, so it comes either from a walk over every setting or from variable elimination on
// the model's factor graph (scim/inference.h): one elimination per decision, keeping the next decision's
// context (the last keeps its own context and the targets, with the utilities). The two agree to rounding;
// elimination's cost grows with the graph's treewidth, not with the settings. On that process the
// soft-optimal policies π_β come from backward induction, and
//   - known-utility MEG (Def. 3.2) fits β by the root find of beta_fit.h;
//   - MEG towards target variables T (Def. 4.4: the utility may be any function of T) maximises the concave
//     L(u) = E_π[Σ_D log π_u(D | Pa_D)] over utility tables u of T's outcomes (β absorbed into u) by L-BFGS,
//     with gradient P_π(T = t) − P_{π_u}(T = t), then refits β along the best direction so that the ±∞ ends
//     are exact.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "meg/lbfgs.h"
#include "meg/soft.h"
#include "scim/evaluate.h"
#include "scim/inference.h"
#include "scim/model.h"

namespace motive::meg {

// A policy on the process: per stage, [observation * actions + action] → probability.
using StagePolicy = std::vector<std::vector<double>>;
// Sparse distributions: per (observation, action), (outcome, probability) pairs.
using SparseRows = std::vector<std::vector<std::pair<int, double>>>;

struct Stage {
  int decision = -1;  // the decision variable
  int observations = 0;
  int actions = 0;
  SparseRows next;  // all but the last stage: the distribution of the next stage's observation
};

struct CidProcess {
  std::vector<Stage> stages;       // the decisions not fixed by an intervention, in topological order
  std::vector<double> initial;     // the distribution of the first decision's observation
  std::vector<double> utility;     // last stage: E[𝒰 | observation, action]
  std::vector<int> targets;        // the target variables asked for (may be empty)
  int target_outcomes = 1;         // the number of combinations of their outcomes
  SparseRows target_distribution;  // last stage: the distribution of T's combination (last target fastest)
  double utility_scale = 0;  // Σ_U max |U|: the scale of tolerances (ties at β = ±∞ within 1e-9 of it)
  scim::InferenceMethod method = scim::InferenceMethod::kEnumerate;  // how the distributions were computed
  double bound() const;                                              // Σ_D log |dom D|
};

// Builds the process of the decisions `base` leaves free, with the distributions of `targets`, by the
// method asked for (kAuto: the cheaper of walking the settings once per combination of actions and n
// eliminations; elimination whenever the walk is over its budget). Throws RequestError:
// analysis.not_supported without a free decision or with several free decisions without perfect recall;
// analysis.budget_exceeded when the walk (enumeration) or the target table is too large; model.too_large
// when enumeration is asked for a model past 2^24 settings, or elimination would build a factor past 2^24
// entries; request.bad_parameter when elimination is asked for under a contextual intervention.
CidProcess cid_process(const scim::Scim& scim, const scim::Evaluator& base, const std::vector<int>& targets,
                       const ProgressCallback& progress = {},
                       scim::InferenceMethod method = scim::InferenceMethod::kAuto);

// The process's view of a model policy (its rules for the free decisions).
StagePolicy stage_policy(const scim::Scim& scim, const CidProcess& process, const scim::Policy& policy);

// π_β for last-stage action values `utility` (per observation and action), by soft backward induction; for
// β = ±∞ its limit (soft.h, extreme_row), with values within `tie` counted as equal.
StagePolicy soft_optimal_policy(const CidProcess& process, const std::vector<double>& utility, double beta,
                                double tie, Ends ends = Ends::kMaxEntropy);

// Per stage, the probability of each observation under a policy.
std::vector<std::vector<double>> observation_probabilities(const CidProcess& process,
                                                           const StagePolicy& policy);

// MEG and its witnesses.
struct CidMeg {
  double meg = 0;
  double bound = 0;                    // Σ_D log |dom D|
  double beta = 0;                     // β* (±infinity at the ends); for targets, along inferred_utility
  double expected_utility = 0;         // E_π[𝒰] (for targets: of the inferred utility)
  double maxent_expected_utility = 0;  // E_{π_β*}[𝒰]
  double utility_range = 0;  // E_{π_+∞}[𝒰] − E_{π_−∞}[𝒰]: the scale on which β matters
  StagePolicy agent_policy, maxent_policy;
  std::vector<double> contributions;           // per stage: E_π[log π_β*(D | Pa_D)] + log |dom D|
  std::vector<std::vector<double>> occupancy;  // per stage: P_π(observation)
  std::vector<double> inferred_utility;        // targets: the maximising utility of T, scaled to [0, 1]
  bool converged = false;
  int iterations = 0;        // β evaluations (known utility) or L-BFGS iterations (targets)
  double gradient_norm = 0;  // |dL/dβ| at β* (known), ‖∇L‖_∞ at the optimum (targets)
  double tolerance = 0;      // the convergence tolerance met (or not)
  std::string stop;          // targets: how the search stopped (LbfgsResult::stop)
  double decrement = 0;      // targets: the predicted further increase of L at the end
};

// Known-utility MEG of `agent` for the model's utility 𝒰 = Σ_U U.
CidMeg known_utility_meg(const CidProcess& process, const StagePolicy& agent, Ends ends = Ends::kMaxEntropy);

// MEG of `agent` towards the process's targets (Def. 4.4). `on_iteration` may stop the search (see
// LbfgsOptions).
CidMeg target_meg(const CidProcess& process, const StagePolicy& agent, const LbfgsOptions& options = {},
                  Ends ends = Ends::kMaxEntropy);

// L(β) + Σ_D log |dom D| (the MEG objective at β) for the known utility, at each β.
std::vector<double> cid_likelihood_curve(const CidProcess& process, const StagePolicy& agent,
                                         const std::vector<double>& betas, Ends ends = Ends::kMaxEntropy);

}  // namespace motive::meg
