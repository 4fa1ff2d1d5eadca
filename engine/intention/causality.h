// Actual causality (Halpern 2016, as modified in Ward et al. 2024, Def. 22) and Halpern and
// Kleiman-Weiner's intention (Defs. 24-25), which the paper's own notion of intention is compared
// with (Theorem 14, Proposition 16).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "scim/evaluate.h"
#include "scim/model.h"

namespace motive {

// Why C = c is an actual cause of O = o in a setting: holding Z at its actual values and setting C
// to c' changes O.
struct ActualCauseWitness {
  std::vector<int> held;             // Z, variable indices
  std::vector<int32_t> alternative;  // c', one outcome per cause
  std::vector<int32_t> outcomes;     // the outcomes O take then
};

// Whether C = C_π(e) is an actual cause of O = O_π(e) in setting e under the policy set in
// `evaluator` (Def. 22): (1) holds trivially for actual values; (2) some Z ⊆ V \ (C ∪ O) held at
// its actual values and some c' make O differ; (3) no proper non-empty subset of C does so. Tries
// smaller Z first, so the witness's Z is as small as can be. Throws RequestError
// ("analysis.budget_exceeded") past 2^20 candidate sets Z.
std::optional<ActualCauseWitness> actual_cause(const scim::Scim& scim, const scim::Evaluator& evaluator,
                                               const std::vector<int>& causes,
                                               const std::vector<int>& outcomes, std::uint64_t setting);

// H&KW intention to influence X (Def. 24): a subset-minimal Y ⊇ X of chance variables such that
// fixing Y to its π-values in every setting makes π̂ as good as π. Returns Y, or nothing.
// `policy` and `alternative` evaluators share the model and interventions.
std::optional<std::vector<int>> intends_to_influence(const scim::Scim& scim, const scim::Evaluator& policy,
                                                     const scim::Evaluator& alternative,
                                                     const std::vector<int>& x, double* rhs);

// For H&KW intention to bring about X = x (Def. 25): the outcomes x' of X with positive probability
// under π, each with E_π[Σ U under X := x'] (condition 3 compares them).
struct OutcomeValue {
  int32_t outcome = 0;
  double probability = 0;
  double expected_utility = 0;
};
std::vector<OutcomeValue> outcome_values(const scim::Scim& scim, const scim::Evaluator& policy, int x);

// The quantitative instrumental control incentive on O (Def. 23, Everitt et al. 2021): for every
// optimal policy π* there is a d with E_π*[Σ U] ≠ E_π*[Σ U with O := O_{D=d}], where O_{D=d}(e)
// is the value O would take in setting e had D been d. Checked on each policy in `optimal`, the
// policies that maximise EU. For each, the first d that changes the expected utility (or -1), and
// that expected utility.
struct ControlWitness {
  int32_t action = -1;
  double expected_utility = 0;    // E_π*[Σ U]
  double intervened_utility = 0;  // E_π*[Σ U with O := O_{D=d}] for that d
};
std::vector<ControlWitness> instrumental_control(const scim::Scim& scim, const scim::Evaluator& base,
                                                 int decision, int o,
                                                 const std::vector<scim::Policy>& optimal);

}  // namespace motive
