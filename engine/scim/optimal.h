// Optimal policies of a SCIM: maximising expected utility EU(π) = Σ_e P(e) Σ_U U_π(e).
//
// With one decision, or several under perfect recall, backward induction finds every policy that is
// optimal at each observation: for the last decision first, the conditional expected utility of
// each action is computed per observation, with earlier decisions set to each combination of values
// (perfect recall makes the observation include them) and later decisions optimal. Without perfect
// recall, when the decisions' relevance graph (Koller and Milch's s-reachability) is acyclic, single
// policy updates in its order find an optimal policy the same way, one decision at a time, the others
// following their rules found so far or fully mixed; otherwise (or when ties at a decision that another
// relies on keep the optimal policies from being counted per observation) every deterministic policy is
// enumerated, within a budget, and `search_note` says why.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "scim/evaluate.h"
#include "scim/inference.h"
#include "scim/model.h"

namespace motive::scim {

// What the optimiser knows about one decision it chose a rule for.
struct DecisionOptimum {
  int decision = -1;
  // Per observation (configuration of the parents) and action: the conditional expected utility,
  // NaN where the observation cannot occur. Empty when found by enumeration.
  std::vector<double> conditional_utility;
  std::vector<double> reach;                  // per observation: its probability under the optimal policy
  std::vector<std::vector<int32_t>> optimal;  // per observation: the optimal actions, ascending
};

struct OptimalPolicies {
  std::string
      method;  // the search: "backward_induction", "single_policy_update" or "enumeration" (of policies)
  std::string search_note;  // why the search is not the cheapest the model could allow (may be empty)
  InferenceMethod inference = InferenceMethod::kEnumerate;  // how expected utilities were computed
  double expected_utility = 0;
  std::vector<DecisionOptimum> decisions;  // the decisions not fixed by an intervention
  Policy policy;                           // one optimal policy: the first optimal action everywhere
  // How many optimal deterministic policies (may be huge): the product over decision contexts of the
  // number of tied actions under backward induction and single policy updates, counted one by one under
  // enumeration; NaN when not counted (search_note says why).
  double count = 0;
  std::vector<Policy> enumerated;              // enumeration only: the first max_listed optimal policies
  std::vector<double> named_expected_utility;  // of each of the model's policies, in order
};

// The most deterministic policies the enumeration method evaluates.
inline constexpr std::uint64_t kMaxEnumeratedPolicies = std::uint64_t{1} << 20;

// Finds the optimal policies of the model as configured in `base` (its interventions); `base`'s
// policy is ignored. Expected utilities come from enumerating settings or from variable elimination
// (scim/inference.h), as `method` asks or, for kAuto, whichever costs less; every conditional expected
// utility the enumeration gives, elimination gives too. Also evaluates the model's named policies.
// Throws RequestError("analysis.budget_exceeded") past the policy enumeration budget.
OptimalPolicies find_optimal_policies(const Scim& scim, const Evaluator& base,
                                      InferenceMethod method = InferenceMethod::kAuto,
                                      std::size_t max_listed = 1, const ProgressCallback& progress = {});

// A rule that always takes `action`.
DecisionRule constant_rule(const Variable& decision, int32_t action);

// The number of deterministic policies of the decisions not fixed in `evaluator` (as a double: it
// may not fit an integer).
double deterministic_policy_count(const Scim& scim, const Evaluator& evaluator);

// Expected utility of the policy set in `evaluator`.
double expected_utility(const Scim& scim, const Evaluator& evaluator, const ProgressCallback& progress = {});

}  // namespace motive::scim
