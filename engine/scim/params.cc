#include "scim/params.h"

#include <algorithm>
#include <cmath>

#include "core/diagnostics.h"

namespace motive::scim {

using nlohmann::json;

std::vector<std::string> names_of(const std::vector<Variable>& variables) {
  std::vector<std::string> names;
  for (const Variable& v : variables) names.push_back(v.name);
  return names;
}

void bad_parameter(const std::string& message, const std::string& hint) {
  throw RequestError("request.bad_parameter", message, hint);
}

int variable_named(const Scim& scim, const std::string& name) {
  int v = scim.index_of(name);
  if (v < 0)
    throw RequestError("request.unknown_variable", "\"" + name + "\" is not a variable of this model",
                       did_you_mean(name, names_of(scim.variables)));
  return v;
}

std::vector<int> variables_named(const Scim& scim, const std::vector<std::string>& names) {
  std::vector<int> out;
  for (const std::string& name : names) out.push_back(variable_named(scim, name));
  return out;
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

namespace {

// The variable an inline intervention names in its "variable".
int intervened_variable(const Scim& scim, const json& item) {
  auto it = item.find("variable");
  if (it == item.end() || !it->is_string())
    bad_parameter("an intervention's \"variable\" must name a variable");
  return variable_named(scim, it->get<std::string>());
}

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

}  // namespace

Setup configure(const Scim& request_scim, const json& interventions) {
  Setup setup;
  if (!interventions.is_null() && !interventions.is_array())
    bad_parameter("\"interventions\" must be a list");
  const Scim& scim =
      interventions.is_null() ? request_scim : with_intervened_utilities(request_scim, interventions, &setup);
  setup.scim = &scim;
  setup.evaluator = std::make_unique<Evaluator>(scim);
  if (interventions.is_null()) return setup;
  std::vector<const json*> contextual;
  for (const json& item : interventions) {
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
    int v = intervened_variable(scim, item);
    if (!item.contains("value")) bad_parameter("a hard intervention needs a \"value\"");
    auto intervention =
        std::make_unique<Intervention>(hard_intervention(v, outcome_param(scim.variables[v], item["value"])));
    setup.evaluator->apply(*intervention);
    setup.inline_interventions.push_back(std::move(intervention));
  }
  // Contextual interventions refer to the settings of the model under the other interventions, and
  // a follow_policy value is Y_π(e) in that model: computed before any contextual one applies, so
  // that several are simultaneous (as Y_{π|W} is in Def. 13) and their order does not matter.
  const Evaluator model = *setup.evaluator;
  if (!contextual.empty()) model.require_enumerable();
  for (const json* item : contextual) {
    int v = intervened_variable(scim, *item);
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
    observation[p.name] =
        outcome_json(p.domain[configuration / m.strides[i] % static_cast<int>(p.domain.size())]);
  }
  return observation;
}

json rule_json(const Scim& scim, int decision, const DecisionRule& rule) {
  const Variable& d = scim.variables[decision];
  json rows = json::array();
  for (int c = 0; c < d.mechanism.configurations; ++c) {
    json row = json::object();
    row["observation"] = observation_json(scim, d.mechanism, c);
    if (rule.deterministic) {
      row["action"] = outcome_json(d.domain[rule.action[c]]);
    } else {
      json p = json::object();
      for (std::size_t a = 0; a < d.domain.size(); ++a) {
        const Outcome& o = d.domain[a];
        std::string key = std::holds_alternative<std::string>(o) ? std::get<std::string>(o) : outcome_text(o);
        p[key] = rule.probabilities[c * d.domain.size() + a];
      }
      row["probabilities"] = std::move(p);
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

json policy_rules_json(const Scim& scim, const Policy& policy, const std::vector<int>& decisions) {
  json rules = json::object();
  for (int d : decisions) {
    std::size_t position =
        std::find(scim.decisions.begin(), scim.decisions.end(), d) - scim.decisions.begin();
    rules[scim.variables[d].name] = rule_json(scim, d, policy.rules[position]);
  }
  return rules;
}

}  // namespace motive::scim
