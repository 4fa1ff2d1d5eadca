// Evaluating a SCIM setting by setting: V_π(e) for every variable and setting e, under a policy and
// any interventions (hard, soft, and contextual as in Def. 12 of Ward et al. 2024).
//
// The evaluator walks the settings in mixed-radix order, computing each variable by one table lookup
// in topological order, and allocates nothing per setting. Consecutive settings differ only in their
// last few noise outcomes, so after the first setting it recomputes only the variables downstream of
// the noise that changed. A stochastic decision rule branches the walk over the actions it may take,
// each branch weighted by its probability (and then every variable is recomputed).
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <vector>

#include "core/progress.h"
#include "scim/model.h"

namespace motive::scim {

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
  // The number of settings, saturating at UINT64_MAX (a model may have more than the enumeration's
  // bound: analyses by elimination do not enumerate them).
  std::uint64_t setting_count() const { return setting_count_; }
  bool enumerable() const { return setting_count_ <= kMaxEnumeration; }
  // Throws model.too_large when there are more settings than the engine enumerates.
  void require_enumerable() const;
  bool has_contextual() const;
  // Variables whose noise varies across settings, in file order (the digits of a setting index).
  const std::vector<int>& noisy() const { return noisy_; }
  const Mechanism& mechanism(int v) const { return *mechanisms_[v]; }

  // Calls visit(setting, weight, values) for every setting of positive probability (and every
  // choice of the stochastic rules): weight is P(e) times the probability of the choices on this
  // branch; values[v] is the outcome index of variable v.
  template <class Visit>
  void run(Visit&& visit, const ProgressCallback& progress = {}) const;

  // The noise outcome of variable v in setting e.
  int noise_outcome(std::uint64_t setting, int v) const;
  // The noise outcome of every variable in setting e (0 for trivial noise), into noise[0..n).
  void noise_outcomes(std::uint64_t setting, int* noise) const;
  // The noise outcomes of setting e + 1, from those of setting e (noise_outcomes without dividing):
  // a mixed-radix counter, the last noisy variable fastest. Returns the first digit that changed.
  std::size_t advance_noise(int* noise) const {
    std::size_t digit = noisy_.size();
    while (digit-- > 0) {
      int& outcome = noise[noisy_[digit]];
      if (++outcome < radix_[digit]) return digit;
      outcome = 0;
    }
    return 0;  // every digit went back to 0
  }
  // V(e) for every variable in one setting under a deterministic policy, where fixed (if not null)
  // overrides variable v with outcome fixed[v] >= 0. `noise` comes from noise_outcomes.
  void evaluate_setting(std::uint64_t setting, const int* noise, const int32_t* fixed, int32_t* values) const;

 private:
  struct Step;

 public:
  // Each variable's data looked up once, in topological order, for loops that evaluate many settings:
  // valid while the evaluator's interventions and policy (and the policy's rules) stay as they were.
  using Plan = std::vector<Step>;
  Plan plan() const;
  // evaluate_setting by a plan of this evaluator. From plan position `from` on only: the values of the
  // variables before it (in order()) must already be this setting's.
  void evaluate_setting(const Plan& plan, std::uint64_t setting, const int* noise, const int32_t* fixed,
                        int32_t* values, std::size_t from = 0) const;
  // The variables in the order plans evaluate them (topological under the interventions).
  const std::vector<int>& order() const { return order_; }

 private:
  void prepare();
  bool branches() const;
  // The variables to recompute when a noise digit changes, in topological order (recompute_ and
  // recompute_start_), kept with the evaluator: a small model's request runs it many times.
  void index_recompute();
  // One variable's evaluation with its data at hand: run() walks a list of these rather than going
  // through the mechanism, policy and intervention tables for every variable of every setting.
  struct Step {
    const int* parent = nullptr;  // the mechanism's parents [parent, parent_end) and their strides
    const int* parent_end = nullptr;
    const int* stride = nullptr;
    const int32_t* table = nullptr;   // a table's outcome at [configuration * width + noise outcome]
    const int32_t* action = nullptr;  // no table (a decision): the policy rule's action per configuration
    const ContextualIntervention* contextual = nullptr;
    int v = 0;
    int width = 1;
  };
  Step step(int v) const;
  static int32_t compute(const Step& s, std::uint64_t setting, const int* noise, const int32_t* values);
  int32_t compute(int v, std::uint64_t setting, const int* noise, const int32_t* values) const {
    return compute(step(v), setting, noise, values);
  }
  template <class Visit>
  void evaluate_from(std::size_t position, std::uint64_t setting, double weight, const int* noise,
                     int32_t* values, Visit& visit) const;

  const Scim& scim_;
  const Policy* policy_ = nullptr;
  std::vector<const Mechanism*> mechanisms_;
  std::vector<const ContextualIntervention*> contextual_;  // per variable, or null
  std::vector<int> order_;
  std::vector<int> noisy_;
  std::vector<int> radix_;                    // each noisy variable's number of noise outcomes
  std::vector<int> recompute_;                // index_recompute()'s lists, one after the other
  std::vector<std::size_t> recompute_start_;  // where each starts ([lists]: the end)
  std::vector<int> rule_of_;                  // per variable: index of its rule in the policy, or -1
  std::uint64_t setting_count_ = 1;
};

// Σ_U U for one evaluated setting (inline: the settings' walks call it once per setting).
inline double total_utility(const Scim& scim, const int32_t* values) {
  double total = 0;
  for (int u : scim.utilities) total += scim.variables[u].utility[values[u]];
  return total;
}

// ---- implementation ----------------------------------------------------------------------------

inline Evaluator::Step Evaluator::step(int v) const {
  const Mechanism& m = *mechanisms_[v];
  Step s;
  s.parent = m.parents.data();
  s.parent_end = s.parent + m.parents.size();
  s.stride = m.strides.data();
  if (!m.table.empty()) s.table = m.table.data();
  else if (policy_) s.action = policy_->rules[rule_of_[v]].action.data();
  s.contextual = contextual_[v];
  s.v = v;
  s.width = m.noise.size();
  return s;
}

inline Evaluator::Plan Evaluator::plan() const {
  Plan plan;
  for (int v : order_) plan.push_back(step(v));
  return plan;
}

inline void Evaluator::evaluate_setting(const Plan& plan, std::uint64_t setting, const int* noise,
                                        const int32_t* fixed, int32_t* values, std::size_t from) const {
  for (auto s = plan.begin() + static_cast<std::ptrdiff_t>(from); s != plan.end(); ++s)
    values[s->v] = fixed && fixed[s->v] >= 0 ? fixed[s->v] : compute(*s, setting, noise, values);
}

inline int32_t Evaluator::compute(const Step& s, std::uint64_t setting, const int* noise,
                                  const int32_t* values) {
  if (s.contextual && s.contextual->value[setting] >= 0) return s.contextual->value[setting];
  const int configuration = Mechanism::configuration_of(s.parent, s.parent_end, s.stride, values);
  if (s.table) return s.table[configuration * s.width + noise[s.v]];
  return s.action[configuration];
}

template <class Visit>
void Evaluator::run(Visit&& visit, const ProgressCallback& progress) const {
  constexpr std::uint64_t kProgressEvery = 1 << 14;
  require_enumerable();
  std::size_t n = mechanisms_.size();
  std::size_t digits = noisy_.size();
  std::vector<int> noise(n, 0);
  // One row of values per nesting level of stochastic decisions, allocated once.
  std::vector<int32_t> values(n * (scim_.decisions.size() + 1), 0);
  // prefix[i] is the probability of the first i noise digits of the current setting.
  std::vector<double> prefix(digits + 1, 1.0);
  const bool branching = branches();
  // What to recompute when noise digit j changes (list j + 1; list 0: everything), as steps.
  std::vector<Step> recompute;
  if (!branching) {
    recompute.reserve(recompute_.size());
    for (int v : recompute_) recompute.push_back(step(v));
  }
  // Each noise digit's outcome probabilities.
  std::vector<const double*> digit_probability(digits);
  for (std::size_t i = 0; i < digits; ++i)
    digit_probability[i] = mechanisms_[noisy_[i]]->noise.probabilities.data();
  std::size_t changed = 0;  // the first noise digit that differs from the previous setting
  for (std::uint64_t setting = 0; setting < setting_count_; ++setting) {
    if (setting > 0) changed = advance_noise(noise.data());
    for (std::size_t i = changed; i < digits; ++i)
      prefix[i + 1] = prefix[i] * digit_probability[i][noise[noisy_[i]]];
    double p = prefix[digits];
    if (branching) {
      if (p > 0) evaluate_from(0, setting, p, noise.data(), values.data(), visit);
    } else {
      // Values stay current across settings, so they are updated even where P(e) = 0.
      const std::size_t list = setting == 0 ? 0 : changed + 1;
      for (auto s = recompute.begin() + static_cast<std::ptrdiff_t>(recompute_start_[list]),
                end = recompute.begin() + static_cast<std::ptrdiff_t>(recompute_start_[list + 1]);
           s != end; ++s)
        values[s->v] = compute(*s, setting, noise.data(), values.data());
      if (p > 0) visit(setting, p, static_cast<const int32_t*>(values.data()));
    }
    if (progress && setting % kProgressEvery == kProgressEvery - 1 &&
        !progress(static_cast<double>(setting + 1) / static_cast<double>(setting_count_)))
      throw Cancelled();
  }
}

template <class Visit>
void Evaluator::evaluate_from(std::size_t position, std::uint64_t setting, double weight, const int* noise,
                              int32_t* values, Visit& visit) const {
  for (std::size_t k = position; k < order_.size(); ++k) {
    int v = order_[k];
    const Mechanism& m = *mechanisms_[v];
    bool contextual = contextual_[v] && contextual_[v]->value[setting] >= 0;
    if (contextual || !m.table.empty() || policy_->rules[rule_of_[v]].deterministic) {
      values[v] = compute(v, setting, noise, values);
      continue;
    }
    // A stochastic rule: continue the walk once per possible action, on a fresh copy of the values.
    const DecisionRule& rule = policy_->rules[rule_of_[v]];
    const int configuration = m.configuration(values);
    std::size_t n = mechanisms_.size();
    std::size_t actions = scim_.variables[v].domain.size();
    int32_t* branch = values + n;
    for (std::size_t a = 0; a < actions; ++a) {
      double q = rule.probabilities[static_cast<std::size_t>(configuration) * actions + a];
      if (q <= 0) continue;
      std::copy(values, values + n, branch);
      branch[v] = static_cast<int32_t>(a);
      evaluate_from(k + 1, setting, weight * q, noise, branch, visit);
    }
    return;
  }
  visit(setting, weight, static_cast<const int32_t*>(values));
}

}  // namespace motive::scim
