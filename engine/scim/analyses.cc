#include "scim/analyses.h"

#include <algorithm>
#include <cmath>
#include <memory>

#include "core/diagnostics.h"
#include "scim/graph.h"
#include "scim/inference.h"
#include "scim/optimal.h"
#include "scim/params.h"

namespace motive::scim {

using nlohmann::json;

bool utilities_tie(double a, double b) {
  return std::abs(a - b) <= kUtilityTolerance * std::max({1.0, std::abs(a), std::abs(b)});
}

namespace {

json span_json(const SourceSpan& span) {
  return {{"line", span.line},
          {"column", span.column},
          {"end_line", span.end_line},
          {"end_column", span.end_column}};
}

// The number of settings: exact while it fits, else as a double (it may pass 2^64).
json setting_count_json(const Scim& scim) {
  double settings = 1;
  for (int v : scim.noisy) settings *= scim.variables[v].mechanism.noise.size();
  if (settings < 9e15) return scim.setting_count();
  return settings;
}

}  // namespace

json describe_scim(const ScimFile& file, const Params&, Context& context) {
  const Scim& scim = file.model(context.model_name());
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
  for (const Policy& p : scim.policies)
    policies.push_back({{"name", p.name}, {"deterministic", p.deterministic()}});
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
          {"settings", setting_count_json(scim)},
          {"deterministic_policy_count", number_json(deterministic_policy_count(scim, evaluator))},
          {"perfect_recall", scim.perfect_recall()},
          // Where an editor writes the observed behaviour: the section itself, or the model's object.
          {"behaviour",
           {{"present", scim.behaviour.present},
            {"span", span_json(scim.behaviour.present ? scim.behaviour.span : scim.body_span)}}}};
}

json expected_utility_analysis(const Scim& model, const Params& params, Context& context) {
  Setup setup = configure(model, params.get("interventions"));
  const Scim& scim = *setup.scim;
  std::vector<const Policy*> policies;
  if (params.has("policy")) {
    policies.push_back(&policy_param(scim, params.string("policy")));
  } else {
    for (const Policy& p2 : scim.policies) policies.push_back(&p2);
  }
  json results = json::array();
  if (policies.empty()) {
    // No decisions to decide, or all fixed: the model alone has an expected utility.
    require_policy(*setup.evaluator);
    policies.push_back(nullptr);
  }
  ExpectedUtilities values = expected_utilities(
      scim, *setup.evaluator, policies, parse_inference_method(params.string("method")), context.progress());
  // Replies are built member by member and moved into place: an initializer list of pairs makes a
  // two-element array per member and copies its values, which on the paper's examples was a good part
  // of a request.
  for (std::size_t i = 0; i < policies.size(); ++i) {
    json utilities = json::object();
    for (std::size_t u = 0; u < scim.utilities.size(); ++u)
      utilities[scim.variables[scim.utilities[u]].name] = values.values[i].per_utility[u];
    json entry = json::object();
    entry["name"] = policies[i] ? json(policies[i]->name) : json(nullptr);
    entry["expected_utility"] = values.values[i].total;
    entry["utilities"] = std::move(utilities);
    results.push_back(std::move(entry));
  }
  json result = json::object();
  result["method"] = inference_method_name(values.method);
  result["policies"] = std::move(results);
  return result;
}

json optimal_policies_analysis(const Scim& model, const Params& params, Context& context) {
  Setup setup = configure(model, params.get("interventions"));
  const Scim& scim = *setup.scim;
  const auto max_listed = static_cast<std::size_t>(params.integer("max_listed"));
  OptimalPolicies optimum =
      find_optimal_policies(scim, *setup.evaluator, parse_inference_method(params.string("method")),
                            max_listed, context.progress());
  json decisions = json::array();
  std::vector<int> free;
  for (const DecisionOptimum& o : optimum.decisions) {
    free.push_back(o.decision);
    const Variable& d = scim.variables[o.decision];
    std::size_t actions = d.domain.size();
    json rules = json::array();
    for (int c = 0; c < d.mechanism.configurations; ++c) {
      json row = json::object();
      row["observation"] = observation_json(scim, d.mechanism, c);
      row["probability"] = o.reach[c];
      if (!o.conditional_utility.empty()) {
        json ceu = json::object();
        for (std::size_t a = 0; a < actions; ++a)
          ceu[std::holds_alternative<std::string>(d.domain[a]) ? std::get<std::string>(d.domain[a])
                                                               : outcome_text(d.domain[a])] =
              number_json(o.conditional_utility[c * actions + a]);
        row["expected_utilities"] = std::move(ceu);
      }
      json best = json::array();
      for (int32_t a : o.optimal[c]) best.push_back(outcome_json(d.domain[a]));
      row["optimal"] = std::move(best);
      rules.push_back(std::move(row));
    }
    json parents = json::array();
    for (int p : d.mechanism.parents) parents.push_back(scim.variables[p].name);
    json decision = json::object();
    decision["decision"] = d.name;
    decision["parents"] = std::move(parents);
    decision["rules"] = std::move(rules);
    decisions.push_back(std::move(decision));
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
      for (std::size_t c = 0; c < optimum.decisions[k].optimal.size(); ++c)
        digits.emplace_back(k, static_cast<int>(c));
    // The index-th optimal policy takes, at each (decision, observation), one of the optimal
    // actions: decode the index in mixed radix over the sizes of those sets.
    // Not counted (ties at a decision another relies on, past the enumeration's budget): only the policy
    // found is known to be optimal.
    const bool counted = !std::isnan(optimum.count);
    truncated = counted ? optimum.count > static_cast<double>(max_listed) : max_listed > 0;
    auto to_list = counted
                       ? static_cast<std::size_t>(std::min(optimum.count, static_cast<double>(max_listed)))
                       : std::min<std::size_t>(max_listed, 1);
    Policy p = optimum.policy;
    for (std::size_t index = 0; index < to_list; ++index) {
      std::size_t rest = index;
      for (std::size_t i = digits.size(); i-- > 0;) {
        const DecisionOptimum& o = optimum.decisions[digits[i].first];
        const std::vector<int32_t>& choices = o.optimal[digits[i].second];
        std::size_t position =
            std::find(scim.decisions.begin(), scim.decisions.end(), o.decision) - scim.decisions.begin();
        p.rules[position].action[digits[i].second] = choices[rest % choices.size()];
        rest /= choices.size();
      }
      listed.push_back(policy_rules_json(scim, p, free));
    }
  }
  json named = json::array();
  json optimal_named = json::array();
  for (std::size_t i = 0; i < scim.policies.size(); ++i) {
    const Policy& p = scim.policies[i];
    double eu = optimum.named_expected_utility[i];
    bool optimal = utilities_tie(eu, optimum.expected_utility) || eu > optimum.expected_utility;
    json entry = json::object();
    entry["name"] = p.name;
    entry["expected_utility"] = eu;
    entry["optimal"] = optimal;
    named.push_back(std::move(entry));
    if (optimal) optimal_named.push_back(p.name);
  }
  json result = json::object();
  result["method"] = inference_method_name(optimum.inference);
  result["search"] = optimum.method;
  result["tolerance"] = kUtilityTolerance;
  result["expected_utility"] = optimum.expected_utility;
  result["decisions"] = std::move(decisions);
  result["optimal_policy_count"] = number_json(optimum.count);
  result["policies"] = std::move(listed);
  result["truncated"] = truncated;
  result["optimal_named_policies"] = std::move(optimal_named);
  result["named_policies"] = std::move(named);
  if (!optimum.search_note.empty()) result["search_note"] = optimum.search_note;
  return result;
}

json settings_analysis(const Scim& model, const Params& params, Context& context) {
  Setup setup = configure(model, params.get("interventions"));
  const Scim& scim = *setup.scim;
  if (params.has("policy")) setup.evaluator->set_policy(&policy_param(scim, params.string("policy")));
  require_policy(*setup.evaluator);
  const auto offset = static_cast<std::size_t>(params.integer("offset"));
  const auto limit = static_cast<std::size_t>(params.integer("limit"));
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
        json row = {
            {"setting", e}, {"probability", p}, {"weight", w}, {"noise", noise_row}, {"values", value_row}};
        if (!stochastic.empty()) {
          json choice = json::object();
          for (int d : stochastic)
            choice[scim.variables[d].name] = outcome_json(scim.variables[d].domain[values[d]]);
          row["choice"] = choice;
        }
        rows.push_back(row);
      },
      context.progress());
  return {{"total", total}, {"offset", offset}, {"variables", variables},
          {"noise", noise}, {"rows", rows},     {"expected_utility", eu}};
}

json policies_analysis(const Scim& model, const Params& params, Context& context) {
  constexpr double kMaxPolicies = 1 << 16;
  Setup setup = configure(model, params.get("interventions"));
  const Scim& scim = *setup.scim;
  const auto limit = static_cast<std::size_t>(params.integer("limit"));
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
      std::size_t position =
          std::find(scim.decisions.begin(), scim.decisions.end(), d) - scim.decisions.begin();
      int32_t& a = policy.rules[position].action[c];
      if (++a < static_cast<int32_t>(scim.variables[d].domain.size())) break;
      a = 0;
    }
    if (index % 64 == 63) context.report(static_cast<double>(index + 1) / count);
  }
  std::stable_sort(evaluated.begin(), evaluated.end(), [](const auto& a, const auto& b) {
    return a.first > b.first && !utilities_tie(a.first, b.first);
  });
  json listed = json::array();
  for (std::size_t i = 0; i < evaluated.size() && i < limit; ++i)
    listed.push_back({{"expected_utility", evaluated[i].first},
                      {"rules", policy_rules_json(scim, evaluated[i].second, free)}});
  return {{"count", total}, {"truncated", evaluated.size() > limit}, {"policies", listed}};
}

// The most trail extensions the open-paths search of a "connection" query makes (a dense graph has
// exponentially many trails; the reply then says it is truncated).
constexpr std::size_t kMaxTrailSteps = 1'000'000;

json graph_analysis(const Scim& scim, const Params& params, Context&) {
  std::vector<std::vector<int>> parents;
  for (const Variable& v : scim.variables) parents.push_back(v.mechanism.parents);
  Graph graph(parents);
  const std::string q = params.string("query");
  auto names = [&](const std::vector<int>& vs) {
    json out = json::array();
    for (int v : vs) out.push_back(scim.variables[v].name);
    return out;
  };
  // The variable a query needs, which its spec cannot require (the other queries do without it).
  auto variable = [&](const char* key) {
    if (!params.has(key))
      throw RequestError("request.missing_parameter",
                         "the query \"" + q + "\" needs the parameter \"" + key + "\"",
                         "the name of a variable");
    return variable_named(scim, params.string(key));
  };
  if (q == "parents") return {{"variables", names(graph.parents(variable("variable")))}};
  if (q == "children") return {{"variables", names(graph.children(variable("variable")))}};
  if (q == "ancestors") return {{"variables", names(graph.ancestors(variable("variable")))}};
  if (q == "descendants") return {{"variables", names(graph.descendants(variable("variable")))}};
  if (q == "paths") {
    bool truncated = false;
    auto paths = graph.directed_paths(variable("from"), variable("to"),
                                      static_cast<std::size_t>(params.integer("limit")), &truncated);
    json out = json::array();
    for (const auto& path : paths) out.push_back(names(path));
    return {{"paths", out}, {"truncated", truncated}};
  }
  if (q == "connection") {
    // DAGitty's question about two variables: the directed paths either way, the trails open given the
    // conditioning set, and whether that set d-separates them.
    const int from = variable("from"), to = variable("to");
    const std::vector<int> given = variables_named(scim, params.strings("given"));
    const auto limit = static_cast<std::size_t>(params.integer("limit"));
    bool forward_cut = false, backward_cut = false, open_cut = false;
    json directed = json::array();
    for (const auto& path : graph.directed_paths(from, to, limit, &forward_cut))
      directed.push_back(names(path));
    for (const auto& path : graph.directed_paths(to, from, limit, &backward_cut))
      directed.push_back(names(path));
    json open = json::array();
    for (const auto& trail : graph.open_trails(from, to, given, limit, kMaxTrailSteps, &open_cut))
      open.push_back(names(trail));
    return {{"from", scim.variables[from].name},
            {"to", scim.variables[to].name},
            {"given", names(given)},
            {"d_separated", graph.d_separated({from}, {to}, given)},
            {"directed_paths", directed},
            {"open_paths", open},
            {"truncated", forward_cut || backward_cut || open_cut}};
  }
  return {{"d_separated", graph.d_separated(variables_named(scim, params.strings("x")),
                                            variables_named(scim, params.strings("y")),
                                            variables_named(scim, params.strings("given")))}};
}

}  // namespace motive::scim
