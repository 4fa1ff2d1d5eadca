#include "intention/causality.h"

#include <algorithm>
#include <cmath>

#include "core/diagnostics.h"
#include "scim/optimal.h"

namespace motive {

using scim::ContextualIntervention;
using scim::Evaluator;
using scim::expected_utility;
using scim::hard_intervention;
using scim::Intervention;
using scim::Policy;
using scim::Scim;
using scim::total_utility;
namespace {

constexpr std::uint64_t kMaxHeldSets = std::uint64_t{1} << 20;
constexpr std::uint64_t kMaxFixings = std::uint64_t{1} << 24;

// Whether setting some causes (those in `cause_mask`) to `alternative` while holding `held` at its
// actual values makes some outcome differ from its actual value; fills `changed`.
bool but_for(const Evaluator& evaluator, std::uint64_t setting, const std::vector<int>& noise,
             const std::vector<int32_t>& actual, const std::vector<int>& causes, std::uint32_t cause_mask,
             const std::vector<int32_t>& alternative, const std::vector<int>& held,
             const std::vector<int>& outcomes, std::vector<int32_t>* fixed, std::vector<int32_t>* values,
             std::vector<int32_t>* changed) {
  std::fill(fixed->begin(), fixed->end(), -1);
  for (int z : held) (*fixed)[z] = actual[z];
  for (std::size_t i = 0; i < causes.size(); ++i)
    if (cause_mask >> i & 1) (*fixed)[causes[i]] = alternative[i];
  evaluator.evaluate_setting(setting, noise.data(), fixed->data(), values->data());
  bool differs = false;
  changed->clear();
  for (int o : outcomes) {
    changed->push_back((*values)[o]);
    differs = differs || (*values)[o] != actual[o];
  }
  return differs;
}

// Some Z (smallest first) and c' for the causes in `cause_mask` satisfying condition (2).
std::optional<ActualCauseWitness> find_witness(const Scim& scim, const Evaluator& evaluator,
                                               const std::vector<int>& causes, std::uint32_t cause_mask,
                                               const std::vector<int>& outcomes, std::uint64_t setting,
                                               const std::vector<int>& noise,
                                               const std::vector<int32_t>& actual) {
  std::size_t n = scim.variables.size();
  // Z ranges over everything but the causes being set and the outcomes: when a subset of C is
  // tested (condition 3), the other causes may be held too.
  std::vector<int> others;
  for (int v : scim.order) {
    auto cause = std::find(causes.begin(), causes.end(), v);
    bool set = cause != causes.end() && (cause_mask >> (cause - causes.begin()) & 1);
    if (!set && std::find(outcomes.begin(), outcomes.end(), v) == outcomes.end()) others.push_back(v);
  }
  if (others.size() >= 64 || (std::uint64_t{1} << others.size()) > kMaxHeldSets)
    throw RequestError(
        "analysis.budget_exceeded",
        "actual causality would try 2^" + std::to_string(others.size()) + " sets Z, more than 2^20",
        "ask about a smaller model");
  // Every alternative c' for the causes in the mask, in mixed radix.
  std::vector<std::size_t> in_mask;
  for (std::size_t i = 0; i < causes.size(); ++i)
    if (cause_mask >> i & 1) in_mask.push_back(i);
  std::uint64_t alternatives = 1;
  for (std::size_t i : in_mask) alternatives *= scim.variables[causes[i]].domain.size();
  std::vector<int32_t> fixed(n, -1), values(n, 0), changed;
  std::uint32_t subsets = std::uint32_t{1} << others.size();
  for (std::size_t size = 0; size <= others.size(); ++size) {
    for (std::uint32_t z = 0; z < subsets; ++z) {
      if (static_cast<std::size_t>(__builtin_popcount(z)) != size) continue;
      std::vector<int> held;
      for (std::size_t k = 0; k < others.size(); ++k)
        if (z >> k & 1) held.push_back(others[k]);
      for (std::uint64_t a = 0; a < alternatives; ++a) {
        std::vector<int32_t> alternative(causes.size(), -1);
        std::uint64_t rest = a;
        bool actual_choice = true;
        for (std::size_t j = in_mask.size(); j-- > 0;) {
          std::size_t i = in_mask[j];
          std::size_t d = scim.variables[causes[i]].domain.size();
          alternative[i] = static_cast<int32_t>(rest % d);
          rest /= d;
          actual_choice = actual_choice && alternative[i] == actual[causes[i]];
        }
        if (actual_choice) continue;
        if (but_for(evaluator, setting, noise, actual, causes, cause_mask, alternative, held, outcomes,
                    &fixed, &values, &changed))
          return ActualCauseWitness{held, alternative, changed};
      }
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<ActualCauseWitness> actual_cause(const Scim& scim, const Evaluator& evaluator,
                                               const std::vector<int>& causes,
                                               const std::vector<int>& outcomes, std::uint64_t setting) {
  std::size_t n = scim.variables.size();
  std::vector<int> noise(n, 0);
  std::vector<int32_t> actual(n, 0);
  evaluator.noise_outcomes(setting, noise.data());
  evaluator.evaluate_setting(setting, noise.data(), nullptr, actual.data());
  std::uint32_t all = (std::uint32_t{1} << causes.size()) - 1;
  auto witness = find_witness(scim, evaluator, causes, all, outcomes, setting, noise, actual);
  if (!witness) return std::nullopt;
  // Condition (3): no proper non-empty subset of C satisfies (2).
  for (std::uint32_t mask = 1; mask < all; ++mask)
    if (find_witness(scim, evaluator, causes, mask, outcomes, setting, noise, actual)) return std::nullopt;
  return witness;
}

std::optional<std::vector<int>> intends_to_influence(const Scim& scim, const Evaluator& policy,
                                                     const Evaluator& alternative, const std::vector<int>& x,
                                                     double* rhs) {
  // The universe: X and every chance variable. f(Y) = Σ_e P(e) u_e(Y) with Y fixed to its π-values
  // in every setting, tabulated setting by setting.
  std::vector<int> universe = x;
  for (int v : scim.order)
    if (scim.variables[v].type == scim::VariableType::kChance && std::find(x.begin(), x.end(), v) == x.end())
      universe.push_back(v);
  std::size_t n = scim.variables.size();
  policy.require_enumerable();
  std::uint64_t settings = policy.setting_count();
  if (universe.size() >= 32 || (std::uint64_t{1} << universe.size()) * settings > kMaxFixings)
    throw RequestError("analysis.budget_exceeded",
                       "H&KW intention would evaluate 2^" + std::to_string(universe.size()) + " sets Y in " +
                           std::to_string(settings) + " settings, more than 2^24 evaluations",
                       "ask about a smaller model");
  std::vector<int32_t> mine(settings * n, 0);
  std::vector<double> probability(settings, 0.0);
  double eu = 0;
  policy.run([&](std::uint64_t e, double w, const int32_t* values) {
    std::copy(values, values + n, mine.begin() + static_cast<std::ptrdiff_t>(e * n));
    probability[e] = w;
    eu += w * total_utility(scim, values);
  });
  std::uint32_t subsets = std::uint32_t{1} << universe.size();
  std::vector<double> f(subsets, 0.0);
  std::vector<int> noise(n, 0);
  std::vector<int32_t> fixed(n, -1), values(n, 0);
  for (std::uint64_t e = 0; e < settings; ++e) {
    if (probability[e] <= 0) continue;
    alternative.noise_outcomes(e, noise.data());
    for (std::uint32_t mask = 0; mask < subsets; ++mask) {
      for (std::size_t i = 0; i < universe.size(); ++i)
        fixed[universe[i]] = (mask >> i & 1) ? mine[e * n + universe[i]] : -1;
      alternative.evaluate_setting(e, noise.data(), fixed.data(), values.data());
      f[mask] += probability[e] * total_utility(scim, values.data());
    }
  }
  double threshold = eu - 1e-9 * std::max(1.0, std::abs(eu));
  // below[Y]: whether some proper subset of Y satisfies Eq. 9.
  std::vector<char> below(subsets, 0);
  std::uint32_t x_mask = (std::uint32_t{1} << x.size()) - 1;
  std::optional<std::uint32_t> best;
  for (std::uint32_t mask = 0; mask < subsets; ++mask) {
    for (std::size_t i = 0; i < universe.size() && !below[mask]; ++i)
      if (mask >> i & 1) {
        std::uint32_t smaller = mask & ~(1u << i);
        below[mask] = below[smaller] || f[smaller] >= threshold;
      }
    bool minimal = f[mask] >= threshold && !below[mask];
    if (minimal && (mask & x_mask) == x_mask &&
        (!best || __builtin_popcount(mask) < __builtin_popcount(*best)))
      best = mask;
  }
  if (!best) return std::nullopt;
  std::vector<int> y;
  for (std::size_t i = 0; i < universe.size(); ++i)
    if (*best >> i & 1) y.push_back(universe[i]);
  if (rhs) *rhs = f[*best];
  return y;
}

std::vector<OutcomeValue> outcome_values(const Scim& scim, const Evaluator& policy, int x) {
  std::size_t size = scim.variables[x].domain.size();
  std::vector<OutcomeValue> result(size);
  policy.run([&](std::uint64_t, double w, const int32_t* values) { result[values[x]].probability += w; });
  std::vector<OutcomeValue> possible;
  for (std::size_t o = 0; o < size; ++o) {
    if (result[o].probability <= 0) continue;
    Intervention fix = hard_intervention(x, static_cast<int32_t>(o));
    Evaluator intervened = policy;
    intervened.apply(fix);
    double eu = expected_utility(scim, intervened);
    possible.push_back({static_cast<int32_t>(o), result[o].probability, eu});
  }
  return possible;
}

std::vector<ControlWitness> instrumental_control(const Scim& scim, const Evaluator& base, int decision, int o,
                                                 const std::vector<Policy>& optimal) {
  // O_{D=d}(e) for every d and setting: the model with D := d (the policy is never consulted for D).
  std::size_t actions = scim.variables[decision].domain.size();
  base.require_enumerable();
  std::uint64_t settings = base.setting_count();
  std::vector<ContextualIntervention> counterfactual(actions);
  for (std::size_t d = 0; d < actions; ++d) {
    Intervention fix = hard_intervention(decision, static_cast<int32_t>(d));
    Evaluator forced = base;
    forced.apply(fix);
    forced.set_policy(&optimal.front());
    counterfactual[d].variable = o;
    counterfactual[d].value.assign(settings, -1);
    std::size_t n = scim.variables.size();
    std::vector<int> noise(n, 0);
    std::vector<int32_t> values(n, 0);
    for (std::uint64_t e = 0; e < settings; ++e) {
      forced.noise_outcomes(e, noise.data());
      forced.evaluate_setting(e, noise.data(), nullptr, values.data());
      counterfactual[d].value[e] = values[o];
    }
  }
  std::vector<ControlWitness> witnesses;
  for (const Policy& policy : optimal) {
    Evaluator evaluator = base;
    evaluator.set_policy(&policy);
    ControlWitness w;
    w.expected_utility = expected_utility(scim, evaluator);
    for (std::size_t d = 0; d < actions && w.action < 0; ++d) {
      Evaluator intervened = evaluator;
      intervened.apply(counterfactual[d]);
      double eu = expected_utility(scim, intervened);
      if (std::abs(eu - w.expected_utility) > 1e-9 * std::max(1.0, std::abs(w.expected_utility))) {
        w.action = static_cast<int32_t>(d);
        w.intervened_utility = eu;
      }
    }
    witnesses.push_back(w);
  }
  return witnesses;
}

}  // namespace motive
