#include "scim/analyses.h"

#include <algorithm>
#include <cmath>
#include <memory>

#include "core/diagnostics.h"
#include "scim/graph.h"
#include "scim/optimal.h"

namespace motive {

using nlohmann::json;

bool utilities_tie(double a, double b) {
  return std::abs(a - b) <= kUtilityTolerance * std::max({1.0, std::abs(a), std::abs(b)});
}

namespace {

std::vector<std::string> names_of(const std::vector<Variable>& variables) {
  std::vector<std::string> names;
  for (const Variable& v : variables) names.push_back(v.name);
  return names;
}

[[noreturn]] void bad_parameter(const std::string& message, const std::string& hint = {}) {
  throw RequestError("request.bad_parameter", message, hint);
}

int variable_param(const Scim& scim, const json& params, const char* key) {
  auto it = params.find(key);
  if (it == params.end() || !it->is_string()) bad_parameter(std::string("\"") + key + "\" must name a variable");
  int v = scim.index_of(it->get<std::string>());
  if (v < 0)
    throw RequestError("request.unknown_variable", "\"" + it->get<std::string>() + "\" is not a variable of this model",
                       did_you_mean(it->get<std::string>(), names_of(scim.variables)));
  return v;
}

std::vector<int> variable_list_param(const Scim& scim, const json& params, const char* key) {
  std::vector<int> out;
  auto it = params.find(key);
  if (it == params.end()) return out;
  if (!it->is_array()) bad_parameter(std::string("\"") + key + "\" must be a list of variable names");
  for (const json& name : *it) {
    json single = {{"v", name}};
    out.push_back(variable_param(scim, single, "v"));
  }
  return out;
}

std::size_t count_param(const json& params, const char* key, std::size_t fallback, std::size_t maximum) {
  auto it = params.find(key);
  if (it == params.end()) return fallback;
  if (!it->is_number_integer() || it->get<long long>() < 0)
    bad_parameter(std::string("\"") + key + "\" must be a non-negative integer");
  return std::min<std::size_t>(it->get<std::size_t>(), maximum);
}

const Policy& policy_param(const Scim& scim, const std::string& name) {
  if (const Policy* p = scim.find_policy(name)) return *p;
  std::vector<std::string> names;
  for (const Policy& p : scim.policies) names.push_back(p.name);
  std::string hint = did_you_mean(name, names);
  if (hint.empty()) {
    hint = names.empty() ? "the model has no policies" : "the policies are:";
    for (std::size_t i = 0; i < names.size(); ++i) hint += (i ? ", " : " ") + names[i];
  }
  throw RequestError("request.unknown_policy", "\"" + name + "\" is not a policy of this model", hint);
}

int outcome_param(const Variable& var, const json& value) {
  for (std::size_t i = 0; i < var.domain.size(); ++i)
    if (outcome_json(var.domain[i]) == value ||
        (value.is_number() && std::holds_alternative<double>(var.domain[i]) &&
         same_outcome(var.domain[i], Outcome(value.get<double>()))))
      return static_cast<int>(i);
  throw RequestError("request.unknown_outcome", json_text(value) + " is not an outcome of " + var.name);
}

// The evaluator a request describes: the model under its interventions and policy. Keeps alive the
// interventions it builds from the request.
struct Setup {
  // The model to analyse: the request's, or a copy whose utilities can take values that inline
  // interventions give them.
  const Scim* scim = nullptr;
  std::unique_ptr<Scim> extended;
  std::unique_ptr<Evaluator> evaluator;
  std::vector<std::unique_ptr<Intervention>> inline_interventions;
  std::vector<std::unique_ptr<ContextualIntervention>> contextual;
};

// Inline hard interventions may fix a utility to a number it never takes: such a request is
// answered on a copy of the model whose utility domains include those numbers.
const Scim& with_intervened_utilities(const Scim& scim, const json& list, Setup* setup) {
  for (const json& item : list) {
    if (!item.is_object() || item.contains("settings") || !item.contains("variable") ||
        !item["variable"].is_string() || !item.contains("value") || !item["value"].is_number())
      continue;
    int v = scim.index_of(item["variable"].get<std::string>());
    if (v < 0 || scim.variables[v].type != VariableType::kUtility) continue;
    Outcome value(item["value"].get<double>());
    if (!setup->extended) {
      if (find_outcome(scim.variables[v].domain, value) >= 0) continue;
      setup->extended = std::make_unique<Scim>(scim);
    }
    Variable& u = setup->extended->variables[v];
    if (find_outcome(u.domain, value) >= 0) continue;
    u.domain.push_back(value);
    u.utility.push_back(item["value"].get<double>());
  }
  return setup->extended ? *setup->extended : scim;
}

Setup configure(const Scim& request_scim, const json& params) {
  Setup setup;
  auto list = params.find("interventions");
  if (list != params.end() && !list->is_array()) bad_parameter("\"interventions\" must be a list");
  const Scim& scim = list == params.end() ? request_scim : with_intervened_utilities(request_scim, *list, &setup);
  setup.scim = &scim;
  setup.evaluator = std::make_unique<Evaluator>(scim);
  if (list == params.end()) return setup;
  std::vector<const json*> contextual;
  for (const json& item : *list) {
    if (item.is_string()) {
      const Intervention* named = scim.find_intervention(item.get<std::string>());
      if (!named) {
        std::vector<std::string> names;
        for (const Intervention& i : scim.interventions) names.push_back(i.name);
        throw RequestError("request.unknown_intervention",
                           "\"" + item.get<std::string>() + "\" is not an intervention of this model",
                           did_you_mean(item.get<std::string>(), names));
      }
      setup.evaluator->apply(*named);
      continue;
    }
    if (!item.is_object() || !item.contains("variable"))
      bad_parameter("an intervention is a name or an object with a \"variable\"");
    if (item.contains("settings")) {
      contextual.push_back(&item);
      continue;
    }
    int v = variable_param(scim, item, "variable");
    if (!item.contains("value")) bad_parameter("a hard intervention needs a \"value\"");
    auto intervention = std::make_unique<Intervention>();
    Mechanism m;
    m.definition = Definition::kValue;
    m.table = {outcome_param(scim.variables[v], item["value"])};
    intervention->mechanisms.emplace_back(v, std::move(m));
    setup.evaluator->apply(*intervention);
    setup.inline_interventions.push_back(std::move(intervention));
  }
  // Contextual interventions refer to the settings of the model under the other interventions, and
  // a follow_policy value is Y_π(e) in that model: computed before any contextual one applies, so
  // that several are simultaneous (as Y_{π|W} is in Def. 13) and their order does not matter.
  const Evaluator model = *setup.evaluator;
  for (const json* item : contextual) {
    int v = variable_param(scim, *item, "variable");
    auto c = std::make_unique<ContextualIntervention>();
    c->variable = v;
    c->value.assign(model.setting_count(), -1);
    std::vector<int32_t> follow;
    if (auto policy = item->find("follow_policy"); policy != item->end()) {
      if (!policy->is_string()) bad_parameter("\"follow_policy\" must name a policy");
      const Policy& p = policy_param(scim, policy->get<std::string>());
      if (!p.deterministic()) bad_parameter("\"follow_policy\" needs a deterministic policy");
      Evaluator under = model;
      under.set_policy(&p);
      follow.assign(c->value.size(), -1);
      under.run([&](std::uint64_t e, double, const int32_t* values) { follow[e] = values[v]; });
    } else if (!item->contains("value")) {
      bad_parameter("a contextual intervention needs a \"value\" or a \"follow_policy\"");
    }
    int fixed = follow.empty() ? outcome_param(scim.variables[v], (*item)["value"]) : -1;
    const json& settings = (*item)["settings"];
    if (!settings.is_array()) bad_parameter("\"settings\" must be a list of setting indices");
    for (const json& e : settings) {
      if (!e.is_number_integer() || e.get<long long>() < 0 || e.get<std::uint64_t>() >= model.setting_count())
        bad_parameter("setting " + json_text(e) + " does not exist: settings are numbered 0 to " +
                      std::to_string(model.setting_count() - 1));
      std::uint64_t index = e.get<std::uint64_t>();
      c->value[index] = follow.empty() ? fixed : follow[index];
    }
    setup.contextual.push_back(std::move(c));
  }
  for (const auto& c : setup.contextual) setup.evaluator->apply(*c);
  return setup;
}

void require_policy(const Evaluator& evaluator) {
  if (evaluator.needs_policy())
    throw RequestError("request.missing_policy", "this analysis needs a \"policy\": the model has decisions",
                       "name one of the model's policies, or fix every decision by an intervention");
}

// The parents' outcomes in one configuration of a mechanism, as {parent: outcome} in parent order.
json observation_json(const Scim& scim, const Mechanism& m, int configuration) {
  json observation = json::object();
  for (std::size_t i = 0; i < m.parents.size(); ++i) {
    const Variable& p = scim.variables[m.parents[i]];
    observation[p.name] = outcome_json(p.domain[configuration / m.strides[i] % static_cast<int>(p.domain.size())]);
  }
  return observation;
}

json rule_json(const Scim& scim, int decision, const DecisionRule& rule) {
  const Variable& d = scim.variables[decision];
  json rows = json::array();
  for (int c = 0; c < d.mechanism.configurations; ++c) {
    json row = {{"observation", observation_json(scim, d.mechanism, c)}};
    if (rule.deterministic) {
      row["action"] = outcome_json(d.domain[rule.action[c]]);
    } else {
      json p = json::object();
      for (std::size_t a = 0; a < d.domain.size(); ++a) {
        const Outcome& o = d.domain[a];
        std::string key = std::holds_alternative<std::string>(o) ? std::get<std::string>(o) : outcome_text(o);
        p[key] = rule.probabilities[c * d.domain.size() + a];
      }
      row["probabilities"] = p;
    }
    rows.push_back(row);
  }
  return rows;
}

json policy_rules_json(const Scim& scim, const Policy& policy, const std::vector<int>& decisions) {
  json rules = json::object();
  for (int d : decisions) {
    std::size_t position = std::find(scim.decisions.begin(), scim.decisions.end(), d) - scim.decisions.begin();
    rules[scim.variables[d].name] = rule_json(scim, d, policy.rules[position]);
  }
  return rules;
}

json number_or_null(double x) { return std::isnan(x) ? json(nullptr) : json(x); }

}  // namespace

json describe_scim(const ScimFile& file, const Scim& scim) {
  json variables = json::array();
  json edges = json::array();
  for (int v : scim.order) {
    const Variable& var = scim.variables[v];
    json domain = json::array();
    for (const Outcome& o : var.domain) domain.push_back(outcome_json(o));
    json parents = json::array();
    for (int p : var.mechanism.parents) {
      parents.push_back(scim.variables[p].name);
      edges.push_back({{"from", scim.variables[p].name},
                       {"to", var.name},
                       {"information", var.type == VariableType::kDecision}});
    }
    json entry = {{"name", var.name},
                  {"type", variable_type_name(var.type)},
                  {"parents", parents},
                  {"domain", domain},
                  {"definition", definition_name(var.mechanism.definition)},
                  {"line", var.span.line}};
    if (var.mechanism.noise.size() > 1)
      entry["noise"] = {{"outcomes", var.mechanism.noise.outcomes},
                        {"probabilities", var.mechanism.noise.probabilities}};
    if (var.position) entry["position"] = {(*var.position)[0], (*var.position)[1]};
    variables.push_back(entry);
  }
  json policies = json::array();
  for (const Policy& p : scim.policies) policies.push_back({{"name", p.name}, {"deterministic", p.deterministic()}});
  json interventions = json::array();
  for (const Intervention& i : scim.interventions) interventions.push_back(i.name);
  json decisions = json::array(), utilities = json::array();
  for (int d : scim.decisions) decisions.push_back(scim.variables[d].name);
  for (int u : scim.utilities) utilities.push_back(scim.variables[u].name);
  json models = json::array();
  for (const Scim& m : file.models) models.push_back(m.name);
  Evaluator evaluator(scim);
  return {{"title", file.title},
          {"description", file.description},
          {"source", file.source},
          {"models", models},
          {"variables", variables},
          {"edges", edges},
          {"decisions", decisions},
          {"utilities", utilities},
          {"policies", policies},
          {"interventions", interventions},
          {"settings", scim.setting_count()},
          {"deterministic_policy_count", deterministic_policy_count(scim, evaluator)},
          {"perfect_recall", scim.perfect_recall()}};
}

json expected_utility_analysis(const Scim& model, const json& params, const ProgressCallback& progress) {
  Setup setup = configure(model, params);
  const Scim& scim = *setup.scim;
  std::vector<const Policy*> policies;
  if (auto p = params.find("policy"); p != params.end()) {
    if (!p->is_string()) bad_parameter("\"policy\" must name a policy");
    policies.push_back(&policy_param(scim, p->get<std::string>()));
  } else {
    for (const Policy& p2 : scim.policies) policies.push_back(&p2);
  }
  json results = json::array();
  if (policies.empty()) {
    // No decisions to decide, or all fixed: the model alone has an expected utility.
    require_policy(*setup.evaluator);
    policies.push_back(nullptr);
  }
  for (std::size_t i = 0; i < policies.size(); ++i) {
    Evaluator evaluator = *setup.evaluator;
    evaluator.set_policy(policies[i]);
    std::vector<double> per_utility(scim.utilities.size(), 0.0);
    double total = 0;
    evaluator.run(
        [&](std::uint64_t, double w, const int32_t* values) {
          for (std::size_t u = 0; u < scim.utilities.size(); ++u) {
            double x = w * scim.variables[scim.utilities[u]].utility[values[scim.utilities[u]]];
            per_utility[u] += x;
            total += x;
          }
        },
        progress ? ProgressCallback([&](double f) { return progress((i + f) / policies.size()); })
                 : ProgressCallback());
    json utilities = json::object();
    for (std::size_t u = 0; u < scim.utilities.size(); ++u)
      utilities[scim.variables[scim.utilities[u]].name] = per_utility[u];
    results.push_back({{"name", policies[i] ? json(policies[i]->name) : json(nullptr)},
                       {"expected_utility", total},
                       {"utilities", utilities}});
  }
  return {{"policies", results}};
}

json optimal_policies_analysis(const Scim& model, const json& params, const ProgressCallback& progress) {
  Setup setup = configure(model, params);
  const Scim& scim = *setup.scim;
  std::size_t max_listed = count_param(params, "max_listed", 64, 10000);
  OptimalPolicies optimum = find_optimal_policies(scim, *setup.evaluator, progress);
  json decisions = json::array();
  std::vector<int> free;
  for (const DecisionOptimum& o : optimum.decisions) {
    free.push_back(o.decision);
    const Variable& d = scim.variables[o.decision];
    std::size_t actions = d.domain.size();
    json rules = json::array();
    for (int c = 0; c < d.mechanism.configurations; ++c) {
      json row = {{"observation", observation_json(scim, d.mechanism, c)}, {"probability", o.reach[c]}};
      if (!o.conditional_utility.empty()) {
        json ceu = json::object();
        for (std::size_t a = 0; a < actions; ++a)
          ceu[std::holds_alternative<std::string>(d.domain[a]) ? std::get<std::string>(d.domain[a])
                                                               : outcome_text(d.domain[a])] =
              number_or_null(o.conditional_utility[c * actions + a]);
        row["expected_utilities"] = ceu;
      }
      json best = json::array();
      for (int32_t a : o.optimal[c]) best.push_back(outcome_json(d.domain[a]));
      row["optimal"] = best;
      rules.push_back(row);
    }
    json parents = json::array();
    for (int p : d.mechanism.parents) parents.push_back(scim.variables[p].name);
    decisions.push_back({{"decision", d.name}, {"parents", parents}, {"rules", rules}});
  }
  // List optimal deterministic policies: the enumerated ones, or the product of the optimal sets.
  json listed = json::array();
  bool truncated = false;
  if (optimum.method == "enumeration") {
    for (const Policy& p : optimum.enumerated) {
      if (listed.size() == max_listed) {
        truncated = true;
        break;
      }
      listed.push_back(policy_rules_json(scim, p, free));
    }
  } else {
    std::vector<std::pair<std::size_t, int>> digits;  // (decision position in optimum, observation)
    for (std::size_t k = 0; k < optimum.decisions.size(); ++k)
      for (std::size_t c = 0; c < optimum.decisions[k].optimal.size(); ++c) digits.emplace_back(k, static_cast<int>(c));
    // The index-th optimal policy takes, at each (decision, observation), one of the optimal
    // actions: decode the index in mixed radix over the sizes of those sets.
    truncated = optimum.count > static_cast<double>(max_listed);
    auto to_list = static_cast<std::size_t>(std::min(optimum.count, static_cast<double>(max_listed)));
    Policy p = optimum.policy;
    for (std::size_t index = 0; index < to_list; ++index) {
      std::size_t rest = index;
      for (std::size_t i = digits.size(); i-- > 0;) {
        const DecisionOptimum& o = optimum.decisions[digits[i].first];
        const std::vector<int32_t>& choices = o.optimal[digits[i].second];
        std::size_t position = std::find(scim.decisions.begin(), scim.decisions.end(), o.decision) - scim.decisions.begin();
        p.rules[position].action[digits[i].second] = choices[rest % choices.size()];
        rest /= choices.size();
      }
      listed.push_back(policy_rules_json(scim, p, free));
    }
  }
  json named = json::array();
  json optimal_named = json::array();
  for (const Policy& p : scim.policies) {
    Evaluator evaluator = *setup.evaluator;
    evaluator.set_policy(&p);
    double eu = expected_utility(scim, evaluator);
    bool optimal = utilities_tie(eu, optimum.expected_utility) || eu > optimum.expected_utility;
    named.push_back({{"name", p.name}, {"expected_utility", eu}, {"optimal", optimal}});
    if (optimal) optimal_named.push_back(p.name);
  }
  return {{"method", optimum.method},
          {"tolerance", kUtilityTolerance},
          {"expected_utility", optimum.expected_utility},
          {"decisions", decisions},
          {"optimal_policy_count", optimum.count},
          {"policies", listed},
          {"truncated", truncated},
          {"optimal_named_policies", optimal_named},
          {"named_policies", named}};
}

json settings_analysis(const Scim& model, const json& params, const ProgressCallback& progress) {
  Setup setup = configure(model, params);
  const Scim& scim = *setup.scim;
  if (auto p = params.find("policy"); p != params.end()) {
    if (!p->is_string()) bad_parameter("\"policy\" must name a policy");
    setup.evaluator->set_policy(&policy_param(scim, p->get<std::string>()));
  }
  require_policy(*setup.evaluator);
  std::size_t offset = count_param(params, "offset", 0, SIZE_MAX);
  std::size_t limit = count_param(params, "limit", 200, 10000);
  const Evaluator& evaluator = *setup.evaluator;
  json variables = json::array(), noise = json::array();
  for (const Variable& v : scim.variables) variables.push_back(v.name);
  for (int v : evaluator.noisy()) noise.push_back(scim.variables[v].name);
  // Decisions whose rule is stochastic (and not fixed): rows say which action each branch took.
  std::vector<int> stochastic;
  if (const Policy* policy = evaluator.policy())
    for (std::size_t i = 0; i < scim.decisions.size(); ++i)
      if (!policy->rules[i].deterministic && evaluator.mechanism(scim.decisions[i]).table.empty())
        stochastic.push_back(scim.decisions[i]);
  json rows = json::array();
  std::size_t total = 0;
  double eu = 0;
  evaluator.run(
      [&](std::uint64_t e, double w, const int32_t* values) {
        eu += w * total_utility(scim, values);
        if (total++ < offset || rows.size() >= limit) return;
        double p = 1;
        json noise_row = json::array();
        for (int v : evaluator.noisy()) {
          int k = evaluator.noise_outcome(e, v);
          noise_row.push_back(evaluator.mechanism(v).noise.outcomes[k]);
          p *= evaluator.mechanism(v).noise.probabilities[k];
        }
        json value_row = json::array();
        for (std::size_t v = 0; v < scim.variables.size(); ++v)
          value_row.push_back(outcome_json(scim.variables[v].domain[values[v]]));
        json row = {{"setting", e}, {"probability", p}, {"weight", w}, {"noise", noise_row}, {"values", value_row}};
        if (!stochastic.empty()) {
          json choice = json::object();
          for (int d : stochastic) choice[scim.variables[d].name] = outcome_json(scim.variables[d].domain[values[d]]);
          row["choice"] = choice;
        }
        rows.push_back(row);
      },
      progress);
  return {{"total", total}, {"offset", offset}, {"variables", variables}, {"noise", noise},
          {"rows", rows},   {"expected_utility", eu}};
}

json policies_analysis(const Scim& model, const json& params, const ProgressCallback& progress) {
  constexpr double kMaxPolicies = 1 << 16;
  Setup setup = configure(model, params);
  const Scim& scim = *setup.scim;
  std::size_t limit = count_param(params, "limit", 100, 10000);
  double count = deterministic_policy_count(scim, *setup.evaluator);
  if (count > kMaxPolicies)
    throw RequestError("analysis.budget_exceeded",
                       "the model has " + std::to_string(static_cast<long long>(std::min(count, 9e18))) +
                           " deterministic policies; this analysis evaluates at most 65536",
                       "use \"optimal_policies\", which does not enumerate them");
  std::vector<int> free;
  for (int d : scim.decisions)
    if (setup.evaluator->mechanism(d).table.empty()) free.push_back(d);
  std::vector<std::pair<int, int>> digits;
  for (int d : free)
    for (int c = 0; c < scim.variables[d].mechanism.configurations; ++c) digits.emplace_back(d, c);
  Policy policy;
  for (int d : scim.decisions) policy.rules.push_back(constant_rule(scim.variables[d], 0));
  std::vector<std::pair<double, Policy>> evaluated;
  auto total = static_cast<std::uint64_t>(count);
  for (std::uint64_t index = 0; index < total; ++index) {
    Evaluator evaluator = *setup.evaluator;
    evaluator.set_policy(&policy);
    evaluated.emplace_back(expected_utility(scim, evaluator), policy);
    for (std::size_t i = digits.size(); i-- > 0;) {
      auto [d, c] = digits[i];
      std::size_t position = std::find(scim.decisions.begin(), scim.decisions.end(), d) - scim.decisions.begin();
      int32_t& a = policy.rules[position].action[c];
      if (++a < static_cast<int32_t>(scim.variables[d].domain.size())) break;
      a = 0;
    }
    if (progress && index % 64 == 63 && !progress(static_cast<double>(index + 1) / count)) throw Cancelled();
  }
  std::stable_sort(evaluated.begin(), evaluated.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first && !utilities_tie(a.first, b.first); });
  json listed = json::array();
  for (std::size_t i = 0; i < evaluated.size() && i < limit; ++i)
    listed.push_back({{"expected_utility", evaluated[i].first}, {"rules", policy_rules_json(scim, evaluated[i].second, free)}});
  return {{"count", total}, {"truncated", evaluated.size() > limit}, {"policies", listed}};
}

json graph_analysis(const Scim& scim, const json& params) {
  std::vector<std::vector<int>> parents;
  for (const Variable& v : scim.variables) parents.push_back(v.mechanism.parents);
  Graph graph(parents);
  auto query = params.find("query");
  if (query == params.end() || !query->is_string())
    bad_parameter("\"query\" is required", "one of parents, children, ancestors, descendants, paths, d_separated");
  const std::string q = query->get<std::string>();
  auto names = [&](const std::vector<int>& vs) {
    json out = json::array();
    for (int v : vs) out.push_back(scim.variables[v].name);
    return out;
  };
  if (q == "parents") return {{"variables", names(graph.parents(variable_param(scim, params, "variable")))}};
  if (q == "children") return {{"variables", names(graph.children(variable_param(scim, params, "variable")))}};
  if (q == "ancestors") return {{"variables", names(graph.ancestors(variable_param(scim, params, "variable")))}};
  if (q == "descendants") return {{"variables", names(graph.descendants(variable_param(scim, params, "variable")))}};
  if (q == "paths") {
    bool truncated = false;
    std::size_t limit = count_param(params, "limit", 1000, 100000);
    auto paths = graph.directed_paths(variable_param(scim, params, "from"), variable_param(scim, params, "to"), limit,
                                      &truncated);
    json out = json::array();
    for (const auto& path : paths) out.push_back(names(path));
    return {{"paths", out}, {"truncated", truncated}};
  }
  if (q == "d_separated")
    return {{"d_separated", graph.d_separated(variable_list_param(scim, params, "x"),
                                              variable_list_param(scim, params, "y"),
                                              variable_list_param(scim, params, "given"))}};
  bad_parameter("unknown graph query \"" + q + "\"",
                did_you_mean(q, {"parents", "children", "ancestors", "descendants", "paths", "d_separated"}));
}

}  // namespace motive
