// Evaluating a SCIM setting by setting: V_π(e) for every variable and setting e, under a policy and
// any interventions (hard, soft, and contextual as in Def. 12 of Ward et al. 2024).
//
// The evaluator walks the settings in mixed-radix order, computing each variable by one table lookup
// in topological order. Nothing is allocated per setting. A stochastic decision rule branches the
// walk over the actions it may take, each branch weighted by its probability.
#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <vector>

#include "scim/model.h"

namespace motive {

// Thrown when a progress callback asks an analysis to stop.
struct Cancelled : std::runtime_error {
  Cancelled() : std::runtime_error("cancelled") {}
};

// Reports progress in [0, 1]; returning false cancels.
using ProgressCallback = std::function<bool(double fraction)>;

// A contextual intervention: in setting e the variable takes outcome value[e], or follows its
// mechanism where value[e] < 0. Indexed by the settings of the model being evaluated.
struct ContextualIntervention {
  int variable = -1;
  std::vector<int32_t> value;
};

class Evaluator {
 public:
  explicit Evaluator(const Scim& scim);

  // Replaces the mechanisms of an intervention's variables (the intervention must outlive this).
  void apply(const Intervention& intervention);
  void apply(const ContextualIntervention& contextual);
  void set_policy(const Policy* policy) { policy_ = policy; }
  const Policy* policy() const { return policy_; }

  // Whether some decision is neither fixed by an intervention nor given a rule by the policy.
  bool needs_policy() const;
  std::uint64_t setting_count() const { return setting_count_; }
  // Variables whose noise varies across settings, in file order (the digits of a setting index).
  const std::vector<int>& noisy() const { return noisy_; }
  const Mechanism& mechanism(int v) const { return *mechanisms_[v]; }

  // The visitor gets (setting index, weight, values): weight is P(e) times the probability of the
  // stochastic choices on this branch; values[v] is the outcome index of variable v. Settings of
  // probability 0 are skipped.
  using Visitor = std::function<void(std::uint64_t setting, double weight, const int32_t* values)>;
  void run(const Visitor& visit, const ProgressCallback& progress = {}) const;

  // The noise outcome of variable v in setting e.
  int noise_outcome(std::uint64_t setting, int v) const;

 private:
  void prepare();
  void evaluate_from(std::size_t position, std::uint64_t setting, double weight, const int* noise,
                     int32_t* values, const Visitor& visit) const;

  const Scim& scim_;
  const Policy* policy_ = nullptr;
  std::vector<const Mechanism*> mechanisms_;
  std::vector<const ContextualIntervention*> contextual_;  // per variable, or null
  std::vector<int> order_;
  std::vector<int> noisy_;
  std::vector<int> rule_of_;  // per variable: index of its rule in the policy, or -1
  std::uint64_t setting_count_ = 1;
};

// Σ_U U for one evaluated setting.
double total_utility(const Scim& scim, const int32_t* values);

}  // namespace motive
