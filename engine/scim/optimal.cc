#include "scim/optimal.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

#include "core/diagnostics.h"
#include "scim/graph.h"
#include "scim/inference.h"

namespace motive::scim {
namespace {

bool close_to_best(double value, double best) {
  return std::abs(value - best) <= 1e-9 * std::max(1.0, std::abs(best));
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
      o.reach[scim.variables[o.decision].mechanism.configuration(values)] += w;
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

// A rule that takes every action with the same probability: the fully mixed rule of a decision not yet
// solved, under which every observation any policy reaches has positive probability.
DecisionRule uniform_rule(const Variable& decision) {
  DecisionRule rule;
  rule.deterministic = false;
  rule.probabilities.assign(
      static_cast<std::size_t>(decision.mechanism.configurations) * decision.domain.size(),
      1.0 / static_cast<double>(decision.domain.size()));
  return rule;
}

// The best actions per observation from the sums of utility and probability per (observation, action).
// Returns the rule taking the first best action everywhere.
DecisionRule choose_best(const Variable& decision, const std::vector<double>& utility,
                         const std::vector<double>& mass, DecisionOptimum* optimum) {
  const Mechanism& m = decision.mechanism;
  std::size_t actions = decision.domain.size();
  optimum->conditional_utility.assign(utility.size(), std::numeric_limits<double>::quiet_NaN());
  optimum->optimal.assign(m.configurations, {});
  DecisionRule rule = constant_rule(decision, 0);
  for (int c = 0; c < m.configurations; ++c) {
    std::vector<int32_t>& best = optimum->optimal[c];
    if (mass[c] <= 0) {
      for (std::size_t a = 0; a < actions; ++a) best.push_back(static_cast<int32_t>(a));
      continue;
    }
    double top = -std::numeric_limits<double>::infinity();
    for (std::size_t a = 0; a < actions; ++a) {
      double ceu = utility[c * actions + a] / mass[c];
      optimum->conditional_utility[c * actions + a] = ceu;
      top = std::max(top, ceu);
    }
    for (std::size_t a = 0; a < actions; ++a)
      if (close_to_best(optimum->conditional_utility[c * actions + a], top))
        best.push_back(static_cast<int32_t>(a));
    // Only a NaN expectation leaves no action best; the reader keeps utilities finite, so this
    // is a defect to report rather than an empty set to index.
    if (best.empty())
      throw RequestError("analysis.non_finite",
                         "an expected utility of " + decision.name + " is not a number",
                         "this is a bug in Motive: please report it with the model");
    rule.action[c] = best.front();
  }
  return rule;
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
      for (std::size_t j = k + 1; j < free.size(); ++j)
        given[position_of(scim, free[j])] = &rules[position_of(scim, free[j])];
      for (std::size_t i = 0; i < scim.decisions.size(); ++i)
        if (!graph->free(scim.decisions[i])) given[i] = nullptr;
      std::vector<int> keep = m.parents;
      keep.push_back(free[k]);
      Factor f = eliminate(graph->factors(given, kAllUtilities), keep, graph->domain_sizes(),
                           part_of(progress, static_cast<double>(free.size() - 1 - k) / free.size(),
                                   static_cast<double>(free.size() - k) / free.size()));
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
        // One policy and one evaluator for the decision's actions (a small model's request spent much of
        // its time copying them).
        Policy policy = policy_from(scim, rules);
        Evaluator evaluator = base;
        evaluator.set_policy(&policy);
        for (std::size_t a = 0; a < actions; ++a) {
          policy.rules[position_of(scim, free[k])] = constant_rule(decision, static_cast<int32_t>(a));
          evaluator.run(
              [&](std::uint64_t, double w, const int32_t* values) {
                int c = m.configuration(values);
                utility[static_cast<std::size_t>(c) * actions + a] += w * total_utility(scim, values);
                if (a == 0) mass[c] += w;
              },
              part_of(progress, done_runs / total_runs, (done_runs + 1) / total_runs));
          done_runs += 1;
        }
      }
    }
    DecisionRule rule = choose_best(decision, utility, mass, &optimum);
    rules[position_of(scim, free[k])] = rule;
  }
  result.policy = policy_from(scim, rules);
  finish(scim, base, graph, &result);
  result.count = 1;
  for (const DecisionOptimum& o : result.decisions)
    for (const auto& best : o.optimal) result.count *= static_cast<double>(best.size());
  return result;
}

// The order in which single policy updates solve the free decisions (Lauritzen and Nilsson 2001; Koller
// and Milch 2003), or why there is none. D' is strategically relevant to D (Koller and Milch, Def. 5.3,
// s-reachability) when a new parent of D' would be d-connected to a utility descending from D given D and
// its observations: only then can D's best rule depend on D''s. With the decisions fixed by interventions as
// the chance variables they become, D is solved after every decision relevant to it, each with the rules
// already found for those and a fully mixed rule for the rest; when the relevance graph is acyclic that
// order exists and the policy it gives is optimal (Koller and Milch, Theorem 5.5; Lauritzen and Nilsson's
// soluble LIMIDs).
struct UpdateOrder {
  std::vector<std::size_t> order;            // positions in `free`, in the order they are solved
  std::vector<std::vector<char>> relies_on;  // [k][j]: free[j] is relevant to free[k]
  std::string why_not;                       // empty when the order exists
};

UpdateOrder single_policy_update_order(const Scim& scim, const Evaluator& base,
                                       const std::vector<int>& free) {
  const int n = static_cast<int>(scim.variables.size());
  std::vector<std::vector<int>> parents(static_cast<std::size_t>(n) + 1);
  for (int v = 0; v < n; ++v) {
    const Mechanism& m = base.mechanism(v);
    if (m.table.empty())
      parents[v] = scim.variables[v].mechanism.parents;   // a free decision: what it observes
    else if (m.table.size() > 1) parents[v] = m.parents;  // a one-entry table is a constant
  }
  UpdateOrder out;
  const std::size_t count = free.size();
  out.relies_on.assign(count, std::vector<char>(count, 0));
  const int extra = n;  // the new parent of the decision asked about
  for (std::size_t j = 0; j < count; ++j) {
    std::vector<std::vector<int>> with = parents;
    with[free[j]].push_back(extra);
    Graph graph(std::move(with));
    for (std::size_t k = 0; k < count; ++k) {
      if (k == j) continue;
      std::vector<int> utilities;
      for (int u : graph.descendants(free[k]))
        if (u < n && scim.variables[u].type == VariableType::kUtility) utilities.push_back(u);
      if (utilities.empty()) continue;
      std::vector<int> given = parents[free[k]];
      given.push_back(free[k]);
      out.relies_on[k][j] = !graph.d_separated({extra}, utilities, given);
    }
  }
  std::vector<char> solved(count, 0);
  while (out.order.size() < count) {
    bool progressed = false;
    for (std::size_t k = 0; k < count; ++k) {
      if (solved[k]) continue;
      bool ready = true;
      for (std::size_t j = 0; j < count && ready; ++j) ready = solved[j] || !out.relies_on[k][j];
      if (!ready) continue;
      solved[k] = 1;
      out.order.push_back(k);
      progressed = true;
    }
    if (progressed) continue;
    // Every decision left relies on another one left: follow the relations until one repeats.
    std::vector<std::size_t> path;
    std::size_t at = 0;
    while (solved[at]) ++at;
    while (std::find(path.begin(), path.end(), at) == path.end()) {
      path.push_back(at);
      std::size_t next = 0;
      while (solved[next] || !out.relies_on[at][next]) ++next;
      at = next;
    }
    path.erase(path.begin(), std::find(path.begin(), path.end(), at));
    std::string cycle;
    for (std::size_t k : path) cycle += "\"" + scim.variables[free[k]].name + "\" → ";
    cycle += "\"" + scim.variables[free[path.front()]].name + "\"";
    out.why_not =
        "the decisions' relevance graph has a cycle (" + cycle +
        ", each relying on the next: its best rule may depend on the next one's), so no order of single "
        "policy updates is sure to be optimal: every deterministic policy was evaluated";
    out.order.clear();
    return out;
  }
  return out;
}

// Single policy updates in that order: each decision's conditional expected utilities per observation and
// action, with the decisions it relies on following the rules already found and the others fully mixed
// (by one elimination keeping the decision and its observations, or one walk per action), and its rule the
// first best action at each observation.
OptimalPolicies single_policy_updates(const Scim& scim, const Evaluator& base, const std::vector<int>& free,
                                      const UpdateOrder& order, const FactorGraph* graph,
                                      const ProgressCallback& progress) {
  OptimalPolicies result;
  result.method = "single_policy_update";
  std::vector<DecisionRule> rules(scim.decisions.size());
  for (int d : free) rules[position_of(scim, d)] = uniform_rule(scim.variables[d]);
  result.decisions.resize(free.size());
  double total_runs = 0, done_runs = 0;
  for (int d : free) total_runs += 2 * (graph ? 1.0 : static_cast<double>(scim.variables[d].domain.size()));
  // Σ over settings of P · 𝒰 per (observation, action) of free[k] and P per observation, with free[k]'s
  // action set and the other decisions following `rules`.
  auto sums = [&](std::size_t k, std::vector<DecisionRule> following, std::vector<double>* utility,
                  std::vector<double>* mass) {
    const int d = free[k];
    const Variable& decision = scim.variables[d];
    const Mechanism& m = decision.mechanism;
    const std::size_t actions = decision.domain.size();
    utility->assign(static_cast<std::size_t>(m.configurations) * actions, 0.0);
    mass->assign(m.configurations, 0.0);
    if (graph) {
      std::vector<const DecisionRule*> given(scim.decisions.size(), nullptr);
      for (int other : free)
        if (other != d) given[position_of(scim, other)] = &following[position_of(scim, other)];
      std::vector<int> keep = m.parents;
      keep.push_back(d);
      Factor f = eliminate(graph->factors(given, kAllUtilities), keep, graph->domain_sizes(),
                           part_of(progress, done_runs / total_runs, (done_runs + 1) / total_runs));
      done_runs += 1;
      *utility = arrange(f, keep, true);
      std::vector<double> p = arrange(f, keep, false);
      for (int c = 0; c < m.configurations; ++c) (*mass)[c] = p[static_cast<std::size_t>(c) * actions];
      return;
    }
    for (std::size_t a = 0; a < actions; ++a) {
      following[position_of(scim, d)] = constant_rule(decision, static_cast<int32_t>(a));
      Policy policy = policy_from(scim, following);
      Evaluator evaluator = base;
      evaluator.set_policy(&policy);
      evaluator.run(
          [&](std::uint64_t, double w, const int32_t* values) {
            int c = m.configuration(values);
            (*utility)[static_cast<std::size_t>(c) * actions + a] += w * total_utility(scim, values);
            if (a == 0) (*mass)[c] += w;
          },
          part_of(progress, done_runs / total_runs, (done_runs + 1) / total_runs));
      done_runs += 1;
    }
  };
  std::vector<double> utility, mass;
  for (std::size_t k : order.order) {
    // The decisions it relies on follow the rules found for them; every other is fully mixed, so that
    // every observation some policy reaches has a probability.
    std::vector<DecisionRule> with = rules;
    for (std::size_t j = 0; j < free.size(); ++j)
      if (!order.relies_on[k][j]) with[position_of(scim, free[j])] = uniform_rule(scim.variables[free[j]]);
    result.decisions[k].decision = free[k];
    sums(k, std::move(with), &utility, &mass);
    rules[position_of(scim, free[k])] =
        choose_best(scim.variables[free[k]], utility, mass, &result.decisions[k]);
  }
  // The conditional expected utilities reported are those of the optimal policy (the other decisions
  // following it); where it never reaches an observation, those the decision was solved with.
  for (std::size_t k = 0; k < free.size(); ++k) {
    sums(k, rules, &utility, &mass);
    DecisionOptimum& o = result.decisions[k];
    const std::size_t actions = scim.variables[free[k]].domain.size();
    for (std::size_t c = 0; c < mass.size(); ++c)
      if (mass[c] > 0)
        for (std::size_t a = 0; a < actions; ++a)
          o.conditional_utility[c * actions + a] = utility[c * actions + a] / mass[c];
  }
  result.policy = policy_from(scim, rules);
  finish(scim, base, graph, &result);
  // The optimal policies are the product of the optimal actions per observation when no decision that
  // another relies on has a choice between optimal actions where it can act; otherwise a different choice
  // there could change what is best for the decisions relying on it, and they are not counted.
  result.count = 1;
  for (std::size_t k = 0; k < free.size(); ++k) {
    bool relied_on = false;
    for (std::size_t j = 0; j < free.size(); ++j) relied_on = relied_on || order.relies_on[j][k];
    const DecisionOptimum& o = result.decisions[k];
    for (std::size_t c = 0; c < o.optimal.size(); ++c) {
      const std::size_t actions = scim.variables[o.decision].domain.size();
      if (relied_on && o.optimal[c].size() > 1 && !std::isnan(o.conditional_utility[c * actions]))
        result.count = std::numeric_limits<double>::quiet_NaN();
      result.count *= static_cast<double>(o.optimal[c].size());
    }
  }
  return result;
}

OptimalPolicies enumeration(const Scim& scim, const Evaluator& base, const std::vector<int>& free,
                            const FactorGraph* graph, std::size_t max_listed,
                            const ProgressCallback& progress) {
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
    if (progress && index % 256 == 255 && !progress(static_cast<double>(index + 1) / count))
      throw Cancelled();
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
  evaluator.run(
      [&](std::uint64_t, double w, const int32_t* values) { total += w * total_utility(scim, values); },
      progress);
  return total;
}

OptimalPolicies find_optimal_policies(const Scim& scim, const Evaluator& base, InferenceMethod method,
                                      std::size_t max_listed, const ProgressCallback& progress) {
  std::vector<int> free = free_decisions(scim, base);
  bool induction = free.size() <= 1 || scim.perfect_recall();
  UpdateOrder order;
  if (!induction) order = single_policy_update_order(scim, base, free);
  bool updates = !induction && order.why_not.empty();
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
  } else if (updates) {
    for (int d : free) enumeration_passes += static_cast<double>(scim.variables[d].domain.size());
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
  OptimalPolicies result;
  if (induction) {
    result = backward_induction(scim, base, free, graph.get(), part_of(progress, 0, share));
  } else if (updates) {
    result = single_policy_updates(scim, base, free, order, graph.get(), part_of(progress, 0, share));
    if (std::isnan(result.count)) {
      std::string why =
          "a decision that another relies on has several optimal actions at an observation, and "
          "which one it takes may change what is best for the other";
      if (deterministic_policy_count(scim, base) <= static_cast<double>(kMaxEnumeratedPolicies)) {
        result = enumeration(scim, base, free, graph.get(), max_listed, part_of(progress, 0, share));
        result.search_note =
            why + ": every deterministic policy was evaluated to count and list the optimal ones";
      } else {
        result.search_note = why +
                             ", so the optimal policies were not counted (too many policies to enumerate); "
                             "the one listed is optimal";
      }
    }
  } else {
    result = enumeration(scim, base, free, graph.get(), max_listed, part_of(progress, 0, share));
    result.search_note = order.why_not;
  }
  result.inference = chosen;
  std::vector<const Policy*> policies;
  for (const Policy& p : scim.policies) policies.push_back(&p);
  result.named_expected_utility.clear();
  for (const PolicyValue& v :
       expected_utilities(scim, base, policies, chosen, part_of(progress, share, 1)).values)
    result.named_expected_utility.push_back(v.total);
  return result;
}

}  // namespace motive::scim
