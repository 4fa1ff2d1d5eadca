// Exact inference on a SCIM's factor graph, and the choice between it and enumerating settings.
//
// Contract:
//   - FactorGraph reads the model as an Evaluator configures it (scim/evaluate.h): every variable's
//     current mechanism (its own, or an intervention's: hard, soft, or a request's inline one) becomes
//     the factor P(V | parents) = Σ over the noise outcomes that give V, so a cpd's inverse-CDF cut
//     points add back up to its table. Utilities carry (P(u | pa), P(u | pa)·u) (scim/factor.h).
//     Decisions fixed by an intervention are mechanisms like any other; a free decision gets the
//     factor of a decision rule (deterministic or stochastic) or, when a query keeps it, none.
//   - eliminate() sums every variable out of a product of factors except the `keep` ones, by variable
//     elimination in a greedy min-fill order (ties: the smaller new factor), after dropping barren
//     variables (those no kept variable or utility depends on). Its cost grows with the largest
//     factor it builds, not with the number of settings; a factor over 2^24 entries is refused with
//     model.too_large.
//   - The numbers are the enumeration's (Σ_e P(e) ...), summed in another order: the two agree to
//     rounding (tests/engine/inference_test.cc holds them to 1e-12 relative).
//   - Contextual interventions are defined on settings: only the enumeration answers them.
//   - choose_method() picks, per request, the cheaper of enumerating settings (settings × passes) and
//     eliminating (the planned elimination's work × passes); "enumerate" and "eliminate" force one.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/progress.h"
#include "scim/evaluate.h"
#include "scim/factor.h"
#include "scim/model.h"

namespace motive::scim {

enum class InferenceMethod { kAuto, kEnumerate, kEliminate };

// "auto", "enumerate" or "eliminate"; anything else throws request.bad_parameter.
InferenceMethod parse_inference_method(const std::string& name);
const char* inference_method_name(InferenceMethod method);

// Which utilities carry their values in the factors of a query.
inline constexpr int kAllUtilities = -1;
inline constexpr int kNoUtilities = -2;

// A factor of one query: borrowed from the FactorGraph (which outlives the query: its mechanisms are
// never copied) or owned (a decision rule's, a utility's with its e part, an elimination's product).
struct QueryFactor {
  explicit QueryFactor(const Factor* borrowed) : factor(borrowed) {}
  explicit QueryFactor(Factor made) : owned(std::make_unique<Factor>(std::move(made))) {
    factor = owned.get();
  }
  const Factor* factor;
  std::unique_ptr<Factor> owned;
};
using QueryFactors = std::vector<QueryFactor>;

class FactorGraph {
 public:
  FactorGraph(const Scim& scim, const Evaluator& evaluator);

  // The factors of one query. rules[i] is the rule of scim.decisions[i] when that decision is free,
  // or null to give it no factor (a variable the query keeps). `utility` is kAllUtilities,
  // kNoUtilities or one utility's variable index.
  QueryFactors factors(const std::vector<const DecisionRule*>& rules, int utility) const;
  // The rules of a policy, in the form factors() takes (null for decisions it does not decide).
  std::vector<const DecisionRule*> rules_of(const Policy* policy) const;
  bool free(int decision) const { return free_[decision]; }
  const std::vector<int>& domain_sizes() const { return sizes_; }
  const Scim& scim() const { return scim_; }

 private:
  const Scim& scim_;
  std::vector<int> sizes_;
  std::vector<bool> free_;          // per variable: a decision no intervention fixes
  std::vector<Factor> mechanisms_;  // per variable: P(V | parents), empty scope for free decisions
};

// What an elimination will cost, from the factors' scopes alone.
struct EliminationPlan {
  std::vector<int> order;  // the variables to sum out, in order
  double work = 0;         // Σ over steps of the product's size times the factors multiplied
  double largest = 0;      // the largest factor built
};
EliminationPlan plan_elimination(const QueryFactors& factors, const std::vector<int>& keep,
                                 const std::vector<int>& domain_sizes);
EliminationPlan plan_elimination(const std::vector<Factor>& factors, const std::vector<int>& keep,
                                 const std::vector<int>& domain_sizes);

// Σ over every variable but `keep` of Π factors: a factor over exactly `keep` (ascending).
Factor eliminate(QueryFactors factors, const std::vector<int>& keep, const std::vector<int>& domain_sizes,
                 const ProgressCallback& progress = {});
Factor eliminate(std::vector<Factor> factors, const std::vector<int>& keep,
                 const std::vector<int>& domain_sizes, const ProgressCallback& progress = {});

// The expected utility of each policy (null: the model's decisions are all fixed), per utility.
struct PolicyValue {
  double total = 0;
  std::vector<double> per_utility;  // in the order of Scim::utilities
};
struct ExpectedUtilities {
  InferenceMethod method = InferenceMethod::kEnumerate;  // the method that answered
  std::vector<PolicyValue> values;                       // one per policy asked about
};
ExpectedUtilities expected_utilities(const Scim& scim, const Evaluator& base,
                                     const std::vector<const Policy*>& policies, InferenceMethod requested,
                                     const ProgressCallback& progress = {});

// The expected utility of one policy by elimination (all utilities at once).
double eliminated_expected_utility(const FactorGraph& graph, const Policy* policy,
                                   const ProgressCallback& progress = {});

// The method to use: `requested` unless it is kAuto, then the cheaper one. `enumeration_passes` runs
// over every setting against `elimination_passes` eliminations. Throws model.too_large when
// enumeration is asked for and the settings are over 2^24, request.bad_parameter when elimination is
// asked for under a contextual intervention.
InferenceMethod choose_method(const Scim& scim, const Evaluator& base, InferenceMethod requested,
                              double enumeration_passes, double elimination_passes);

}  // namespace motive::scim
