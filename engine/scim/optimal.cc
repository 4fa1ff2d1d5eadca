#include "scim/optimal.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

#include "core/diagnostics.h"
#include "scim/inference.h"

namespace motive::scim {
namespace {

bool close_to_best(double value, double best) {
  return std::abs(value - best) <= 1e-9 * std::max(1.0, std::abs(best));
}

int configuration_of(const Mechanism& m, const int32_t* values) {
  int c = 0;
  for (std::size_t i = 0; i < m.parents.size(); ++i) c += values[m.parents[i]] * m.strides[i];
  return c;
}

std::vector<int> free_decisions(const Scim& scim, const Evaluator& evaluator) {
  std::vector<int> free;
  for (int d : scim.decisions)
    if (evaluator.mechanism(d).table.empty()) free.push_back(d);
  return free;
}

// A complete policy: rules for the free decisions in `rules` (by position among scim.decisions),
// constant placeholders for the fixed ones (never consulted).
Policy policy_from(const Scim& scim, const std::vector<DecisionRule>& rules) {
  Policy p;
  p.name = "optimal";
  p.rules = rules;
  for (std::size_t i = 0; i < scim.decisions.size(); ++i)
    if (p.rules[i].action.empty() && p.rules[i].deterministic)
      p.rules[i] = constant_rule(scim.variables[scim.decisions[i]], 0);
  return p;
}

void record_reach(const Scim& scim, const Evaluator& evaluator, std::vector<DecisionOptimum>* optima) {
  for (DecisionOptimum& o : *optima) o.reach.assign(o.optimal.size(), 0.0);
  evaluator.run([&](std::uint64_t, double w, const int32_t* values) {
    for (DecisionOptimum& o : *optima)
      o.reach[configuration_of(scim.variables[o.decision].mechanism, values)] += w;
  });
}

// The same by elimination: P(parents of D = c) under the policy, one elimination per decision.
void eliminate_reach(const FactorGraph& graph, const Policy& policy, std::vector<DecisionOptimum>* optima) {
  const Scim& scim = graph.scim();
  for (DecisionOptimum& o : *optima) {
    const std::vector<int>& parents = scim.variables[o.decision].mechanism.parents;
    Factor f = eliminate(graph.factors(graph.rules_of(&policy), kNoUtilities), parents, graph.domain_sizes());
    o.reach = arrange(f, parents, false);
  }
}

// Expected utility and reach of the optimal policy by the method chosen.
void finish(const Scim& scim, const Evaluator& base, const FactorGraph* graph, OptimalPolicies* result) {
  if (graph) {
    result->expected_utility = eliminated_expected_utility(*graph, &result->policy);
    eliminate_reach(*graph, result->policy, &result->decisions);
    return;
  }
  Evaluator evaluator = base;
  evaluator.set_policy(&result->policy);
  result->expected_utility = expected_utility(scim, evaluator);
  record_reach(scim, evaluator, &result->decisions);
}

int position_of(const Scim& scim, int decision) {
  return static_cast<int>(std::find(scim.decisions.begin(), scim.decisions.end(), decision) -
                          scim.decisions.begin());
}

OptimalPolicies backward_induction(const Scim& scim, const Evaluator& base, const std::vector<int>& free,
                                   const FactorGraph* graph, const ProgressCallback& progress) {
  OptimalPolicies result;
  result.method = "backward_induction";
  std::vector<DecisionRule> rules(scim.decisions.size());
  result.decisions.resize(free.size());
  // The number of evaluator runs, to report progress.
  double total_runs = 0, done_runs = 0;
  for (std::size_t k = 0; k < free.size(); ++k) {
    double combos = 1;
    for (std::size_t j = 0; j < k; ++j) combos *= scim.variables[free[j]].domain.size();
    total_runs += combos * scim.variables[free[k]].domain.size();
  }
  for (std::size_t k = free.size(); k-- > 0;) {
    const Variable& decision = scim.variables[free[k]];
    const Mechanism& m = decision.mechanism;
    std::size_t actions = decision.domain.size();
    DecisionOptimum& optimum = result.decisions[k];
    optimum.decision = free[k];
    std::vector<double> utility(static_cast<std::size_t>(m.configurations) * actions, 0.0);
    std::vector<double> mass(m.configurations, 0.0);
    if (graph) {
      // One elimination keeping the decision and its parents: the earlier decisions have no factor,
      // so each takes the value the observation gives it (perfect recall puts them among the
      // parents), as the enumeration fixes them; the later ones follow their optimal rules.
      std::vector<const DecisionRule*> given(scim.decisions.size(), nullptr);
      for (std::size_t j = k + 1; j < free.size(); ++j) given[position_of(scim, free[j])] = &rules[position_of(scim, free[j])];
      for (std::size_t i = 0; i < scim.decisions.size(); ++i)
        if (!graph->free(scim.decisions[i])) given[i] = nullptr;
      std::vector<int> keep = m.parents;
      keep.push_back(free[k]);
      Factor f = eliminate(graph->factors(given, kAllUtilities), keep, graph->domain_sizes(),
                           part_of(progress, static_cast<double>(free.size() - 1 - k) / free.size(), static_cast<double>(free.size() - k) / free.size()));
      utility = arrange(f, keep, true);
      std::vector<double> p = arrange(f, keep, false);
      for (int c = 0; c < m.configurations; ++c) mass[c] = p[static_cast<std::size_t>(c) * actions];
    } else {
      std::size_t combinations = 1;
      for (std::size_t j = 0; j < k; ++j) combinations *= scim.variables[free[j]].domain.size();
      for (std::size_t combination = 0; combination < combinations; ++combination) {
        // Fix the earlier free decisions to this combination of values (the last varies fastest).
        std::size_t rest = combination;
        for (std::size_t j = k; j-- > 0;) {
          std::size_t size = scim.variables[free[j]].domain.size();
          rules[position_of(scim, free[j])] =
              constant_rule(scim.variables[free[j]], static_cast<int32_t>(rest % size));
          rest /= size;
        }
        for (std::size_t a = 0; a < actions; ++a) {
          rules[position_of(scim, free[k])] = constant_rule(decision, static_cast<int32_t>(a));
          Policy policy = policy_from(scim, rules);
          Evaluator evaluator = base;
          evaluator.set_policy(&policy);
          evaluator.run(
              [&](std::uint64_t, double w, const int32_t* values) {
                int c = configuration_of(m, values);
                utility[static_cast<std::size_t>(c) * actions + a] += w * total_utility(scim, values);
                if (a == 0) mass[c] += w;
              },
              part_of(progress, done_runs / total_runs, (done_runs + 1) / total_runs));
          done_runs += 1;
        }
      }
    }
    optimum.conditional_utility.assign(utility.size(), std::numeric_limits<double>::quiet_NaN());
    optimum.optimal.assign(m.configurations, {});
    DecisionRule rule = constant_rule(decision, 0);
    for (int c = 0; c < m.configurations; ++c) {
      std::vector<int32_t>& best = optimum.optimal[c];
      if (mass[c] <= 0) {
        for (std::size_t a = 0; a < actions; ++a) best.push_back(static_cast<int32_t>(a));
        continue;
      }
      double top = -std::numeric_limits<double>::infinity();
      for (std::size_t a = 0; a < actions; ++a) {
        double ceu = utility[c * actions + a] / mass[c];
        optimum.conditional_utility[c * actions + a] = ceu;
        top = std::max(top, ceu);
      }
      for (std::size_t a = 0; a < actions; ++a)
        if (close_to_best(optimum.conditional_utility[c * actions + a], top))
          best.push_back(static_cast<int32_t>(a));
      // Only a NaN expectation leaves no action best; the reader keeps utilities finite, so this
      // is a defect to report rather than an empty set to index.
      if (best.empty())
        throw RequestError("analysis.non_finite", "an expected utility of " + decision.name + " is not a number",
                           "this is a bug in Motive: please report it with the model");
      rule.action[c] = best.front();
    }
    rules[position_of(scim, free[k])] = rule;
  }
  result.policy = policy_from(scim, rules);
  finish(scim, base, graph, &result);
  result.count = 1;
  for (const DecisionOptimum& o : result.decisions)
    for (const auto& best : o.optimal) result.count *= static_cast<double>(best.size());
  return result;
}

OptimalPolicies enumeration(const Scim& scim, const Evaluator& base, const std::vector<int>& free,
                            const FactorGraph* graph, std::size_t max_listed, const ProgressCallback& progress) {
  double count = deterministic_policy_count(scim, base);
  if (count > static_cast<double>(kMaxEnumeratedPolicies))
    throw RequestError("analysis.budget_exceeded",
                       "without perfect recall the optimal policy is found by enumerating all " +
                           std::to_string(static_cast<long long>(std::min(count, 9e18))) +
                           " deterministic policies, more than the budget of 2^20",
                       "give later decisions the earlier decisions and their observations as parents");
  OptimalPolicies result;
  result.method = "enumeration";
  // Digits of the counter: one per (free decision, observation).
  std::vector<std::pair<int, int>> digits;
  for (int d : free)
    for (int c = 0; c < scim.variables[d].mechanism.configurations; ++c) digits.emplace_back(d, c);
  std::vector<DecisionRule> rules(scim.decisions.size());
  for (int d : free) rules[position_of(scim, d)] = constant_rule(scim.variables[d], 0);
  // The optimal policies are counted, and their actions gathered per observation, as they are found;
  // only the first max_listed (and at least one) are kept.
  std::vector<Policy> best;
  double tied = 0;
  std::vector<std::vector<std::vector<char>>> taken(free.size());  // [decision][observation][action]
  auto reset = [&] {
    best.clear();
    tied = 0;
    for (std::size_t k = 0; k < free.size(); ++k)
      taken[k].assign(scim.variables[free[k]].mechanism.configurations,
                      std::vector<char>(scim.variables[free[k]].domain.size(), 0));
  };
  reset();
  double best_utility = -std::numeric_limits<double>::infinity();
  auto total = static_cast<std::uint64_t>(count);
  for (std::uint64_t index = 0; index < total; ++index) {
    Policy policy = policy_from(scim, rules);
    double eu;
    if (graph) {
      eu = eliminated_expected_utility(*graph, &policy);
    } else {
      Evaluator evaluator = base;
      evaluator.set_policy(&policy);
      eu = expected_utility(scim, evaluator);
    }
    if (tied == 0 || (eu > best_utility && !close_to_best(eu, best_utility))) {
      reset();
      best_utility = eu;
    }
    if (close_to_best(eu, best_utility)) {
      ++tied;
      for (std::size_t k = 0; k < free.size(); ++k) {
        const DecisionRule& rule = policy.rules[position_of(scim, free[k])];
        for (std::size_t c = 0; c < rule.action.size(); ++c) taken[k][c][rule.action[c]] = 1;
      }
      if (best.size() < std::max<std::size_t>(max_listed, 1)) best.push_back(std::move(policy));
    }
    for (std::size_t i = digits.size(); i-- > 0;) {
      auto [d, c] = digits[i];
      int32_t& a = rules[position_of(scim, d)].action[c];
      if (++a < static_cast<int32_t>(scim.variables[d].domain.size())) break;
      a = 0;
    }
    if (progress && index % 256 == 255 && !progress(static_cast<double>(index + 1) / count)) throw Cancelled();
  }
  result.policy = best.front();
  result.count = tied;
  for (std::size_t k = 0; k < free.size(); ++k) {
    DecisionOptimum o;
    o.decision = free[k];
    for (const std::vector<char>& actions : taken[k]) {
      o.optimal.emplace_back();
      for (std::size_t a = 0; a < actions.size(); ++a)
        if (actions[a]) o.optimal.back().push_back(static_cast<int32_t>(a));
    }
    result.decisions.push_back(std::move(o));
  }
  finish(scim, base, graph, &result);
  // The optimum is the best utility found while enumerating; finish() recomputed it for the policy
  // kept, which is the same number up to rounding.
  result.expected_utility = best_utility;
  result.enumerated = std::move(best);
  return result;
}

}  // namespace

DecisionRule constant_rule(const Variable& decision, int32_t action) {
  DecisionRule rule;
  rule.action.assign(decision.mechanism.configurations, action);
  return rule;
}

double deterministic_policy_count(const Scim& scim, const Evaluator& evaluator) {
  double count = 1;
  for (int d : free_decisions(scim, evaluator)) {
    const Variable& v = scim.variables[d];
    count *= std::pow(static_cast<double>(v.domain.size()), v.mechanism.configurations);
  }
  return count;
}

double expected_utility(const Scim& scim, const Evaluator& evaluator, const ProgressCallback& progress) {
  double total = 0;
  evaluator.run([&](std::uint64_t, double w, const int32_t* values) { total += w * total_utility(scim, values); },
                progress);
  return total;
}

OptimalPolicies find_optimal_policies(const Scim& scim, const Evaluator& base, InferenceMethod method,
                                      std::size_t max_listed, const ProgressCallback& progress) {
  std::vector<int> free = free_decisions(scim, base);
  bool induction = free.size() <= 1 || scim.perfect_recall();
  // Passes over the settings (or eliminations) each way, to choose the method.
  double named = static_cast<double>(scim.policies.size());
  double enumeration_passes = named + 2, elimination_passes = named + 1 + static_cast<double>(free.size());
  if (induction) {
    double combinations = 1;
    for (int d : free) {
      double actions = static_cast<double>(scim.variables[d].domain.size());
      enumeration_passes += combinations * actions;
      combinations *= actions;
    }
    elimination_passes += static_cast<double>(free.size());
  } else {
    double policies = deterministic_policy_count(scim, base);
    enumeration_passes += policies;
    elimination_passes += policies;
  }
  InferenceMethod chosen = choose_method(scim, base, method, enumeration_passes, elimination_passes);
  std::unique_ptr<FactorGraph> graph;
  if (chosen == InferenceMethod::kEliminate) graph = std::make_unique<FactorGraph>(scim, base);
  double share = (enumeration_passes - named) / enumeration_passes;
  OptimalPolicies result = induction ? backward_induction(scim, base, free, graph.get(), part_of(progress, 0, share))
                                     : enumeration(scim, base, free, graph.get(), max_listed, part_of(progress, 0, share));
  result.inference = chosen;
  std::vector<const Policy*> policies;
  for (const Policy& p : scim.policies) policies.push_back(&p);
  result.named_expected_utility.clear();
  for (const PolicyValue& v : expected_utilities(scim, base, policies, chosen, part_of(progress, share, 1)).values)
    result.named_expected_utility.push_back(v.total);
  return result;
}

}  // namespace motive::scim
