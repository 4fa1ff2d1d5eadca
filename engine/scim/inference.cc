#include "scim/inference.h"

#include <algorithm>
#include <cmath>

#include "core/diagnostics.h"

namespace motive::scim {
namespace {

// Adds v to a sorted scope.
void insert_sorted(std::vector<int>* scope, int v) {
  auto at = std::lower_bound(scope->begin(), scope->end(), v);
  if (at == scope->end() || *at != v) scope->insert(at, v);
}

bool contains(const std::vector<int>& sorted, int v) {
  return std::binary_search(sorted.begin(), sorted.end(), v);
}

// Drops barren factors: the conditional distribution of a variable that nothing kept, no utility and
// no other factor depends on sums to one, so it contributes nothing. Repeats until none is left,
// which removes every variable that is not an ancestor of a kept variable or a utility. Counts, per
// variable, the factors whose scope holds it, so that each factor is looked at a bounded number of
// times (a rescan after every removal made this the most expensive step of small eliminations); the
// factors left keep their order.
void drop_barren(QueryFactors* factors, const std::vector<int>& keep) {
  int largest = -1;
  for (const QueryFactor& f : *factors)
    for (int v : f.factor->variables) largest = std::max(largest, v);
  const std::size_t n = static_cast<std::size_t>(largest + 1);
  std::vector<int> uses(n, 0), owner(n, -1);
  for (std::size_t i = 0; i < factors->size(); ++i) {
    const Factor& f = *(*factors)[i].factor;
    for (int v : f.variables) ++uses[static_cast<std::size_t>(v)];
    if (f.child >= 0) owner[static_cast<std::size_t>(f.child)] = static_cast<int>(i);
  }
  auto barren = [&](std::size_t i) {
    const Factor& f = *(*factors)[i].factor;
    return f.child >= 0 && f.e.empty() && !contains(keep, f.child) &&
           uses[static_cast<std::size_t>(f.child)] == 1;
  };
  std::vector<char> alive(factors->size(), 1);
  std::vector<std::size_t> pending;
  for (std::size_t i = 0; i < factors->size(); ++i)
    if (barren(i)) pending.push_back(i);
  bool dropped = false;
  while (!pending.empty()) {
    std::size_t i = pending.back();
    pending.pop_back();
    if (!alive[i] || !barren(i)) continue;
    alive[i] = 0;
    dropped = true;
    for (int v : (*factors)[i].factor->variables) {
      std::size_t w = static_cast<std::size_t>(v);
      if (--uses[w] == 1 && owner[w] >= 0 && alive[static_cast<std::size_t>(owner[w])])
        pending.push_back(static_cast<std::size_t>(owner[w]));
    }
  }
  if (!dropped) return;
  std::size_t kept = 0;
  for (std::size_t i = 0; i < factors->size(); ++i)
    if (alive[i]) {
      if (kept != i) (*factors)[kept] = std::move((*factors)[i]);
      ++kept;
    }
  factors->erase(factors->begin() + static_cast<std::ptrdiff_t>(kept), factors->end());
}

// The greedy min-fill order over the scopes (ties: the smaller new factor, then the lower id), on
// the interaction graph kept as an adjacency matrix; the scopes themselves are merged as the
// eliminations would merge them, to count the work.
EliminationPlan plan_scopes(std::vector<std::vector<int>> scopes, const std::vector<int>& keep,
                            const std::vector<int>& sizes) {
  EliminationPlan plan;
  std::vector<int> present;  // every variable of some scope, ascending: local index = position
  for (const auto& s : scopes)
    for (int v : s) insert_sorted(&present, v);
  std::size_t n = present.size();
  auto local = [&](int v) {
    return static_cast<std::size_t>(std::lower_bound(present.begin(), present.end(), v) - present.begin());
  };
  std::vector<std::vector<char>> adjacent(n, std::vector<char>(n, 0));
  for (const auto& s : scopes)
    for (int a : s)
      for (int b : s) adjacent[local(a)][local(b)] = 1;
  std::vector<char> alive(n, 1);
  std::vector<std::size_t> candidates;
  for (std::size_t i = 0; i < n; ++i)
    if (!contains(keep, present[i])) candidates.push_back(i);
  std::vector<std::size_t> neighbours;
  while (!candidates.empty()) {
    std::size_t best = n, best_at = 0;
    double best_fill = 0, best_size = 0;
    for (std::size_t at = 0; at < candidates.size(); ++at) {
      std::size_t v = candidates[at];
      neighbours.clear();
      double size = sizes[present[v]];
      for (std::size_t w = 0; w < n; ++w)
        if (w != v && alive[w] && adjacent[v][w]) {
          neighbours.push_back(w);
          size *= sizes[present[w]];
        }
      double fill = 0;
      for (std::size_t i = 0; i < neighbours.size(); ++i)
        for (std::size_t j = i + 1; j < neighbours.size(); ++j)
          if (!adjacent[neighbours[i]][neighbours[j]]) ++fill;
      if (best == n || fill < best_fill || (fill == best_fill && size < best_size)) {
        best = v;
        best_at = at;
        best_fill = fill;
        best_size = size;
      }
    }
    // Connect the neighbours of `best` and remove it.
    neighbours.clear();
    for (std::size_t w = 0; w < n; ++w)
      if (w != best && alive[w] && adjacent[best][w]) neighbours.push_back(w);
    for (std::size_t a : neighbours)
      for (std::size_t b : neighbours) adjacent[a][b] = 1;
    alive[best] = 0;
    candidates.erase(candidates.begin() + static_cast<std::ptrdiff_t>(best_at));
    // Merge the scopes holding it into one without it.
    int variable = present[best];
    std::vector<int> merged;
    double bucket = 0;
    for (auto it = scopes.begin(); it != scopes.end();) {
      if (!contains(*it, variable)) {
        ++it;
        continue;
      }
      for (int w : *it) insert_sorted(&merged, w);
      ++bucket;
      it = scopes.erase(it);
    }
    plan.work += best_size * bucket;
    plan.largest = std::max(plan.largest, best_size);
    merged.erase(std::find(merged.begin(), merged.end(), variable));
    scopes.push_back(std::move(merged));
    plan.order.push_back(variable);
  }
  std::vector<int> rest;
  for (const auto& s : scopes)
    for (int v : s) insert_sorted(&rest, v);
  double final_size = scope_size(rest, sizes);
  plan.work += final_size * static_cast<double>(scopes.size());
  plan.largest = std::max(plan.largest, final_size);
  return plan;
}

[[noreturn]] void too_large_factor(double size) {
  throw RequestError(
      "model.too_large",
      "variable elimination would build a factor of " + std::to_string(static_cast<long long>(size)) +
          " entries, more than 2^24: the model's graph is too densely connected",
      "use \"method\": \"enumerate\" if the model has at most 2^24 settings, or give variables fewer "
      "parents");
}

// Visits every configuration c = 0, 1, ... of `parents` (the last parent fastest, as
// Mechanism::strides numbers them) with base = Σ_i (outcome of parents[i] in c) · stride[i], the
// offset of that configuration in a factor whose strides are `stride`: an odometer, where reading
// each digit as c / strides[i] % size with a stride_of lookup per digit took a third of small
// eliminations.
template <class Visit>
void for_each_configuration(const std::vector<int>& parents, const std::vector<std::size_t>& stride,
                            const std::vector<int>& sizes, Visit visit) {
  std::size_t n = parents.size();
  std::vector<int> digit(n, 0);
  std::size_t base = 0;
  for (int c = 0;; ++c) {
    visit(c, base);
    std::size_t i = n;
    for (; i-- > 0;) {
      base += stride[i];
      if (++digit[i] < sizes[parents[i]]) break;
      base -= stride[i] * static_cast<std::size_t>(sizes[parents[i]]);
      digit[i] = 0;
    }
    if (i == static_cast<std::size_t>(-1)) return;  // every digit wrapped: all configurations seen
  }
}

// The strides in `f` of each of `variables`.
std::vector<std::size_t> strides_in(const Factor& f, const std::vector<int>& variables) {
  std::vector<std::size_t> out(variables.size());
  for (std::size_t i = 0; i < variables.size(); ++i) out[i] = f.stride_of(variables[i]);
  return out;
}

// The factor over a decision's parents and itself that a decision rule defines.
Factor rule_factor(const Scim& scim, int decision, const DecisionRule& rule, const std::vector<int>& sizes) {
  const Variable& d = scim.variables[decision];
  const Mechanism& m = d.mechanism;
  Factor f;
  f.child = decision;
  f.variables = m.parents;
  f.variables.push_back(decision);
  std::sort(f.variables.begin(), f.variables.end());
  for (int v : f.variables) f.sizes.push_back(sizes[v]);
  f.p.assign(static_cast<std::size_t>(scope_size(f.variables, sizes)), 0.0);
  // The rule stores entries by (configuration of the parents, action); the factor by its sorted scope.
  std::size_t actions = d.domain.size();
  std::size_t own = f.stride_of(decision);
  for_each_configuration(m.parents, strides_in(f, m.parents), sizes, [&](int c, std::size_t base) {
    std::size_t row = static_cast<std::size_t>(c) * actions;
    if (rule.deterministic) {
      f.p[base + static_cast<std::size_t>(rule.action[c]) * own] = 1.0;
    } else {
      for (std::size_t a = 0; a < actions; ++a) f.p[base + a * own] = rule.probabilities[row + a];
    }
  });
  return f;
}

// A factor over one variable that is one everywhere: makes sure a kept variable is in the result.
Factor ones(int v, int size) {
  Factor f;
  f.variables = {v};
  f.sizes = {size};
  f.p.assign(static_cast<std::size_t>(size), 1.0);
  return f;
}

}  // namespace

InferenceMethod parse_inference_method(const std::string& name) {
  if (name == "auto") return InferenceMethod::kAuto;
  if (name == "enumerate") return InferenceMethod::kEnumerate;
  if (name == "eliminate") return InferenceMethod::kEliminate;
  throw RequestError("request.bad_parameter",
                     "\"method\" must be \"auto\", \"enumerate\" or \"eliminate\", not \"" + name + "\"",
                     did_you_mean(name, {"auto", "enumerate", "eliminate"}));
}

const char* inference_method_name(InferenceMethod method) {
  switch (method) {
    case InferenceMethod::kAuto:
      return "auto";
    case InferenceMethod::kEnumerate:
      return "enumerate";
    case InferenceMethod::kEliminate:
      return "eliminate";
  }
  return "?";
}

FactorGraph::FactorGraph(const Scim& scim, const Evaluator& evaluator) : scim_(scim) {
  std::size_t n = scim.variables.size();
  for (const Variable& v : scim.variables) sizes_.push_back(static_cast<int>(v.domain.size()));
  free_.assign(n, false);
  mechanisms_.resize(n);
  for (std::size_t v = 0; v < n; ++v) {
    const Mechanism& m = evaluator.mechanism(static_cast<int>(v));
    if (m.table.empty()) {
      free_[v] = true;
      continue;
    }
    Factor& f = mechanisms_[v];
    f.child = static_cast<int>(v);
    // A one-entry table is a constant whatever the parents (a hard intervention has none).
    std::vector<int> parents = m.table.size() == 1 ? std::vector<int>() : m.parents;
    f.variables = parents;
    f.variables.push_back(static_cast<int>(v));
    std::sort(f.variables.begin(), f.variables.end());
    for (int w : f.variables) f.sizes.push_back(sizes_[w]);
    f.p.assign(static_cast<std::size_t>(scope_size(f.variables, sizes_)), 0.0);
    std::size_t own = f.stride_of(static_cast<int>(v));
    int noise = m.table.size() == 1 ? 1 : m.noise.size();
    for_each_configuration(parents, strides_in(f, parents), sizes_, [&](int c, std::size_t base) {
      for (int k = 0; k < noise; ++k) {
        double q = m.table.size() == 1 ? 1.0 : m.noise.probabilities[k];
        f.p[base + static_cast<std::size_t>(m.table[static_cast<std::size_t>(c) * noise + k]) * own] += q;
      }
    });
  }
}

std::vector<const DecisionRule*> FactorGraph::rules_of(const Policy* policy) const {
  std::vector<const DecisionRule*> rules(scim_.decisions.size(), nullptr);
  if (policy)
    for (std::size_t i = 0; i < rules.size(); ++i) rules[i] = &policy->rules[i];
  return rules;
}

QueryFactors FactorGraph::factors(const std::vector<const DecisionRule*>& rules, int utility) const {
  QueryFactors out;
  for (std::size_t i = 0; i < scim_.decisions.size(); ++i) {
    int d = scim_.decisions[i];
    if (free_[d] && rules[i]) out.emplace_back(rule_factor(scim_, d, *rules[i], sizes_));
  }
  for (std::size_t v = 0; v < mechanisms_.size(); ++v) {
    if (free_[v]) continue;
    const Variable& var = scim_.variables[v];
    bool carries =
        var.type == VariableType::kUtility && (utility == kAllUtilities || utility == static_cast<int>(v));
    if (!carries) {
      out.emplace_back(&mechanisms_[v]);
      continue;
    }
    out.emplace_back(Factor(mechanisms_[v]));
    Factor& f = *out.back().owned;
    // e = p · u(value of v): entry j holds value j / own % |dom v|, walked in blocks of `own`.
    std::size_t own = f.stride_of(static_cast<int>(v)), values = var.utility.size();
    f.e.assign(f.p.size(), 0.0);
    for (std::size_t block = 0; block < f.p.size(); block += own * values)
      for (std::size_t a = 0; a < values; ++a)
        for (std::size_t j = block + a * own, end = j + own; j < end; ++j) f.e[j] = f.p[j] * var.utility[a];
  }
  return out;
}

EliminationPlan plan_elimination(const QueryFactors& factors, const std::vector<int>& keep,
                                 const std::vector<int>& domain_sizes) {
  QueryFactors scopes;  // borrowed: dropping barren factors only reorders pointers
  for (const QueryFactor& f : factors) scopes.emplace_back(f.factor);
  std::vector<int> kept = keep;
  std::sort(kept.begin(), kept.end());
  drop_barren(&scopes, kept);
  std::vector<std::vector<int>> sets;
  for (const QueryFactor& s : scopes) sets.push_back(s.factor->variables);
  for (int v : kept) sets.push_back({v});
  return plan_scopes(std::move(sets), kept, domain_sizes);
}

EliminationPlan plan_elimination(const std::vector<Factor>& factors, const std::vector<int>& keep,
                                 const std::vector<int>& domain_sizes) {
  QueryFactors borrowed;
  for (const Factor& f : factors) borrowed.emplace_back(&f);
  return plan_elimination(borrowed, keep, domain_sizes);
}

Factor eliminate(QueryFactors factors, const std::vector<int>& keep, const std::vector<int>& domain_sizes,
                 const ProgressCallback& progress) {
  std::vector<int> kept = keep;
  std::sort(kept.begin(), kept.end());
  drop_barren(&factors, kept);
  for (int v : kept) factors.emplace_back(ones(v, domain_sizes[v]));
  std::vector<std::vector<int>> scopes;
  for (const QueryFactor& f : factors) scopes.push_back(f.factor->variables);
  EliminationPlan plan = plan_scopes(scopes, kept, domain_sizes);
  if (plan.largest > kMaxFactorSize) too_large_factor(plan.largest);
  double done = 0;
  for (int v : plan.order) {
    std::vector<const Factor*> bucket;
    QueryFactors rest;
    std::vector<int> scope;
    for (const QueryFactor& f : factors)
      if (contains(f.factor->variables, v)) {
        bucket.push_back(f.factor);
        for (int w : f.factor->variables) insert_sorted(&scope, w);
      }
    double size = scope_size(scope, domain_sizes);
    Factor combined = multiply_and_sum(bucket, v, domain_sizes);
    // The bucket's owned factors are freed here, as the product replaces them.
    for (QueryFactor& f : factors)
      if (!contains(f.factor->variables, v)) rest.push_back(std::move(f));
    rest.emplace_back(std::move(combined));
    factors = std::move(rest);
    done += size * static_cast<double>(bucket.size());
    if (progress && !progress(std::min(1.0, done / std::max(plan.work, 1.0)))) throw Cancelled();
  }
  std::vector<const Factor*> all;
  for (const QueryFactor& f : factors) all.push_back(f.factor);
  return multiply_and_sum(all, -1, domain_sizes);
}

Factor eliminate(std::vector<Factor> factors, const std::vector<int>& keep,
                 const std::vector<int>& domain_sizes, const ProgressCallback& progress) {
  QueryFactors owned;
  for (Factor& f : factors) owned.emplace_back(std::move(f));
  return eliminate(std::move(owned), keep, domain_sizes, progress);
}

double eliminated_expected_utility(const FactorGraph& graph, const Policy* policy,
                                   const ProgressCallback& progress) {
  Factor f =
      eliminate(graph.factors(graph.rules_of(policy), kAllUtilities), {}, graph.domain_sizes(), progress);
  return f.e.empty() ? 0.0 : f.e[0];
}

InferenceMethod choose_method(const Scim& scim, const Evaluator& base, InferenceMethod requested,
                              double enumeration_passes, double elimination_passes) {
  if (base.has_contextual()) {
    if (requested == InferenceMethod::kEliminate)
      throw RequestError(
          "request.bad_parameter",
          "contextual interventions are defined on settings: variable elimination cannot apply them",
          "use \"method\": \"enumerate\" or \"auto\"");
    requested = InferenceMethod::kEnumerate;
  }
  if (requested == InferenceMethod::kEnumerate) base.require_enumerable();
  if (requested != InferenceMethod::kAuto) return requested;
  if (!base.enumerable()) return InferenceMethod::kEliminate;
  // A setting costs a few table lookups and additions; a factor entry a multiply-add per factor.
  constexpr double kSettingCost = 4;
  const double enumerate = static_cast<double>(base.setting_count()) * kSettingCost * enumeration_passes;
  // An elimination costs at least its fixed part: where the walk costs no more, it wins without planning
  // the elimination (on the paper's examples planning it took a quarter of a request).
  const double fixed_part = 64 * static_cast<double>(scim.variables.size()) * elimination_passes;
  if (enumerate <= fixed_part) return InferenceMethod::kEnumerate;
  // The elimination's cost: one pass with every free decision's rule as a factor, keeping the
  // decisions' contexts (what backward induction asks for), against one walk over the settings.
  FactorGraph graph(scim, base);
  std::vector<DecisionRule> uniform;
  for (int d : scim.decisions) {
    DecisionRule rule;
    rule.action.assign(static_cast<std::size_t>(std::max(0, scim.variables[d].mechanism.configurations)), 0);
    uniform.push_back(std::move(rule));
  }
  std::vector<const DecisionRule*> rules;
  for (const DecisionRule& r : uniform) rules.push_back(&r);
  std::vector<int> keep;
  for (int d : scim.decisions)
    if (graph.free(d)) {
      insert_sorted(&keep, d);
      for (int p : scim.variables[d].mechanism.parents) insert_sorted(&keep, p);
    }
  EliminationPlan plan = plan_elimination(graph.factors(rules, kAllUtilities), keep, graph.domain_sizes());
  if (plan.largest > kMaxFactorSize) return InferenceMethod::kEnumerate;
  const double eliminate_cost = plan.work * elimination_passes + fixed_part;
  return enumerate <= eliminate_cost ? InferenceMethod::kEnumerate : InferenceMethod::kEliminate;
}

ExpectedUtilities expected_utilities(const Scim& scim, const Evaluator& base,
                                     const std::vector<const Policy*>& policies, InferenceMethod requested,
                                     const ProgressCallback& progress) {
  ExpectedUtilities out;
  double count = static_cast<double>(policies.size());
  double utilities = static_cast<double>(std::max<std::size_t>(1, scim.utilities.size()));
  out.method = choose_method(scim, base, requested, count, count * utilities);
  auto part = [&](std::size_t i) {
    return progress
               ? ProgressCallback([&, i](double f) { return progress((static_cast<double>(i) + f) / count); })
               : ProgressCallback();
  };
  if (out.method == InferenceMethod::kEliminate) {
    FactorGraph graph(scim, base);
    for (std::size_t i = 0; i < policies.size(); ++i) {
      PolicyValue value;
      std::vector<const DecisionRule*> rules = graph.rules_of(policies[i]);
      for (int u : scim.utilities) {
        Factor f = eliminate(graph.factors(rules, u), {}, graph.domain_sizes(), part(i));
        value.per_utility.push_back(f.e.empty() ? 0.0 : f.e[0]);
        value.total += value.per_utility.back();
      }
      out.values.push_back(std::move(value));
    }
    return out;
  }
  // Each utility's number per outcome, walked by pointer in the settings' loop.
  std::vector<const double*> utility_tables;
  for (int u : scim.utilities) utility_tables.push_back(scim.variables[u].utility.data());
  for (std::size_t i = 0; i < policies.size(); ++i) {
    Evaluator evaluator = base;
    evaluator.set_policy(policies[i]);
    PolicyValue value;
    value.per_utility.assign(scim.utilities.size(), 0.0);
    evaluator.run(
        [&](std::uint64_t, double w, const int32_t* values) {
          const double* const* table = utility_tables.data();
          double* sum = value.per_utility.data();
          for (int u : scim.utilities) {
            double x = w * (*table++)[values[u]];
            *sum++ += x;
            value.total += x;
          }
        },
        part(i));
    out.values.push_back(std::move(value));
  }
  return out;
}

}  // namespace motive::scim
