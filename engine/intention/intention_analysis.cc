#include "intention/intention_analysis.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <utility>

#include "core/diagnostics.h"
#include "intention/causality.h"
#include "intention/incentives.h"
#include "intention/intention.h"
#include "intention/observed.h"
#include "scim/optimal.h"
#include "scim/params.h"

namespace motive {

using scim::bad_parameter;
using scim::configure;
using scim::constant_rule;
using scim::DecisionOptimum;
using scim::deterministic_policy_count;
using scim::Domain;
using scim::Evaluator;
using scim::expected_utility;
using scim::find_optimal_policies;
using scim::Mechanism;
using scim::Observation;
using scim::ObservedBehaviour;
using scim::OptimalPolicies;
using scim::Outcome;
using scim::outcome_json;
using scim::outcome_param;
using scim::outcome_text;
using scim::Policy;
using scim::policy_param;
using scim::policy_rules_json;
using scim::require_policy;
using scim::Scim;
using scim::Setup;
using scim::Variable;
using scim::variable_named;
using scim::variables_named;
namespace {

using nlohmann::json;

// The most alternatives the default reference set (every other deterministic policy) may hold.
constexpr double kMaxReference = 4096;

bool same_rules(const Policy& a, const Policy& b) {
  for (std::size_t i = 0; i < a.rules.size(); ++i)
    if (!a.rules[i].deterministic || !b.rules[i].deterministic || a.rules[i].action != b.rules[i].action)
      return false;
  return true;
}

// A short name for an unnamed deterministic policy: "D=west" or "D(east)=west, D(west)=east".
std::string describe_policy(const Scim& scim, const Policy& policy) {
  std::string name;
  for (std::size_t i = 0; i < scim.decisions.size(); ++i) {
    const Variable& d = scim.variables[scim.decisions[i]];
    const Mechanism& m = d.mechanism;
    for (int c = 0; c < m.configurations; ++c) {
      std::string observed;
      for (std::size_t k = 0; k < m.parents.size(); ++k) {
        const Variable& p = scim.variables[m.parents[k]];
        const Outcome& o = p.domain[c / m.strides[k] % static_cast<int>(p.domain.size())];
        observed += (k ? "," : "") +
                    (std::holds_alternative<std::string>(o) ? std::get<std::string>(o) : outcome_text(o));
      }
      const Outcome& a = d.domain[policy.rules[i].action[c]];
      name += (name.empty() ? "" : ", ") + d.name + (m.parents.empty() ? "" : "(" + observed + ")") + "=" +
              (std::holds_alternative<std::string>(a) ? std::get<std::string>(a) : outcome_text(a));
    }
  }
  return name;
}

// REF(π): the named policies the request lists, or every other deterministic policy (named after
// the model's policy with the same rules where there is one).
std::vector<Policy> reference_policies(const Scim& scim, const Evaluator& evaluator, const Policy& policy,
                                       const Params& params) {
  std::vector<Policy> reference;
  if (params.has("reference")) {
    for (const std::string& name : params.strings("reference")) {
      const Policy& p = policy_param(scim, name);
      if (!p.deterministic())
        bad_parameter("reference policy \"" + p.name +
                      "\" is stochastic; intention compares deterministic policies");
      reference.push_back(p);
    }
    return reference;
  }
  double count = deterministic_policy_count(scim, evaluator);
  if (count > kMaxReference)
    throw RequestError("analysis.budget_exceeded",
                       "the default reference set would hold " +
                           std::to_string(static_cast<long long>(std::min(count, 9e18))) +
                           " policies, more than 4096",
                       "name the alternatives to compare with: \"reference\": [\"policy\", ...]");
  std::vector<std::pair<int, int>> digits;  // (decision position, observation)
  for (std::size_t i = 0; i < scim.decisions.size(); ++i)
    if (evaluator.mechanism(scim.decisions[i]).table.empty())
      for (int c = 0; c < scim.variables[scim.decisions[i]].mechanism.configurations; ++c)
        digits.emplace_back(static_cast<int>(i), c);
  Policy current;
  for (int d : scim.decisions) current.rules.push_back(constant_rule(scim.variables[d], 0));
  for (auto total = static_cast<std::uint64_t>(count), index = std::uint64_t{0}; index < total; ++index) {
    if (!same_rules(current, policy)) {
      Policy p = current;
      p.name = describe_policy(scim, p);
      for (const Policy& named : scim.policies)
        if (named.deterministic() && same_rules(named, p)) p.name = named.name;
      reference.push_back(p);
    }
    for (std::size_t k = digits.size(); k-- > 0;) {
      auto [i, c] = digits[k];
      int32_t& a = current.rules[i].action[c];
      if (++a < static_cast<int32_t>(scim.variables[scim.decisions[i]].domain.size())) break;
      a = 0;
    }
  }
  return reference;
}

json value_json(const Scim& scim, int v, int32_t value) {
  return outcome_json(scim.variables[v].domain[value]);
}

// A fixed variable of a witness: its name, |w^Y| (`count`), the settings listed (all of w^Y, or its
// lowest) and π's values there.
json fixed_json(const Scim& scim, const IntentionSearch& search, int v, std::uint64_t count,
                const std::vector<std::uint64_t>& settings) {
  json values = json::array();
  for (std::uint64_t e : settings) values.push_back(value_json(scim, v, search.value(v, e)));
  json entry = json::object();
  entry["variable"] = scim.variables[v].name;
  entry["count"] = count;
  entry["settings"] = settings;
  entry["values"] = std::move(values);
  return entry;
}

// A witness from its parts: the alternative (its index in "reference"), the fixed variables, both sides
// of Eq. 2, and whether every fixed variable lists all its settings. Built member by member, as the
// summary holds one per verdict (an initializer list of pairs makes an array per member).
json witness_of_parts(int alternative, json fixed, double lhs, double rhs, bool complete) {
  json out = json::object();
  out["alternative"] = alternative;
  out["fixed"] = std::move(fixed);
  out["lhs"] = lhs;
  out["rhs"] = rhs;
  out["complete"] = complete;
  return out;
}

// A witness as the API writes it: each fixed variable with |w^Y| and all its settings.
json witness_json(const Scim& scim, const IntentionSearch& search, const IntentionWitness& w) {
  json fixed = json::array();
  for (const auto& [v, settings] : w.fixed)
    fixed.push_back(fixed_json(scim, search, v, settings.size(), settings));
  return witness_of_parts(w.alternative, std::move(fixed), w.lhs, w.rhs, true);
}

// The summary's witness: each fixed variable with |w^Y| and its lowest settings (all of them when
// there are few: then "complete" is true).
json witness_json(const Scim& scim, const IntentionSearch& search, const CompactWitness& w) {
  json fixed = json::array();
  bool complete = true;
  for (const CompactWitness::Fixed& f : w.fixed) {
    complete = complete && f.count == f.first.size();
    fixed.push_back(fixed_json(scim, search, f.variable, f.count, f.first));
  }
  return witness_of_parts(w.alternative, std::move(fixed), w.lhs, w.rhs, complete);
}

// A setting as the reply describes it: its probability and every noise outcome. The outcomes are read
// off the index digit by digit, the last noisy variable fastest.
json setting_json(const Scim& scim, const Evaluator& evaluator, std::uint64_t e) {
  const std::vector<int>& noisy = evaluator.noisy();
  std::vector<int> outcome(noisy.size());
  std::uint64_t rest = e;
  for (std::size_t i = noisy.size(); i-- > 0;) {
    const auto radix = static_cast<std::uint64_t>(evaluator.mechanism(noisy[i]).noise.size());
    outcome[i] = static_cast<int>(rest % radix);
    rest /= radix;
  }
  json noise = json::object();
  double p = 1;
  for (std::size_t i = 0; i < noisy.size(); ++i) {
    const scim::Noise& n = evaluator.mechanism(noisy[i]).noise;
    noise[scim.variables[noisy[i]].name] = n.outcomes[outcome[i]];
    p *= n.probabilities[outcome[i]];
  }
  json out = json::object();
  out["setting"] = e;
  out["probability"] = p;
  out["noise"] = std::move(noise);
  return out;
}

// The policy params["policy"] names, which must be deterministic.
const Policy& deterministic_policy_param(const Scim& scim, const Params& params, const std::string& why) {
  if (!params.has("policy"))
    throw RequestError("request.missing_parameter", "this analysis needs the \"policy\" the agent follows",
                       why);
  const Policy& policy = policy_param(scim, params.string("policy"));
  if (!policy.deterministic())
    bad_parameter("this analysis needs a deterministic policy; \"" + policy.name + "\" is stochastic");
  return policy;
}

// The setting params["setting"] names, which must exist in a model of `count` settings.
std::uint64_t setting_param(const Params& params, std::uint64_t count) {
  const auto e = static_cast<std::uint64_t>(params.integer("setting"));
  if (e >= count)
    bad_parameter("\"setting\" must be a setting index from 0 to " + std::to_string(count - 1) + ", not " +
                  std::to_string(e));
  return e;
}

json values_json(const Scim& scim, const std::vector<int>& vars, const std::vector<int32_t>& values) {
  json out = json::object();
  for (std::size_t i = 0; i < vars.size(); ++i)
    out[scim.variables[vars[i]].name] = value_json(scim, vars[i], values[i]);
  return out;
}

}  // namespace

json actual_cause_analysis(const Scim& model, const Params& params, Context& context) {
  Setup setup = configure(model, params.get("interventions"));
  const Scim& scim = *setup.scim;
  Evaluator evaluator = *setup.evaluator;
  if (params.has("policy")) evaluator.set_policy(&deterministic_policy_param(scim, params, ""));
  require_policy(evaluator);
  std::vector<int> causes =
      params.has("causes") ? variables_named(scim, params.strings("causes")) : scim.decisions;
  std::vector<int> outcomes = variables_named(scim, params.strings("outcomes"));
  if (causes.empty()) bad_parameter("\"causes\" must list at least one variable");
  if (outcomes.empty()) bad_parameter("\"outcomes\" must list at least one variable");
  for (int c : causes)
    if (std::find(outcomes.begin(), outcomes.end(), c) != outcomes.end())
      bad_parameter("\"" + scim.variables[c].name + "\" is both a cause and an outcome");
  evaluator.require_enumerable();
  std::vector<std::uint64_t> settings;
  if (params.has("setting")) {
    settings.push_back(setting_param(params, evaluator.setting_count()));
  } else {
    for (std::uint64_t e = 0; e < evaluator.setting_count(); ++e) settings.push_back(e);
  }
  std::size_t n = scim.variables.size();
  std::vector<int> noise(n, 0);
  std::vector<int32_t> actual(n, 0);
  json results = json::array();
  for (std::size_t i = 0; i < settings.size(); ++i) {
    const std::uint64_t e = settings[i];
    if (i % 64 == 63) context.report(static_cast<double>(i) / static_cast<double>(settings.size()));
    json entry = setting_json(scim, evaluator, e);
    if (entry["probability"].get<double>() <= 0 && settings.size() > 1) continue;
    evaluator.noise_outcomes(e, noise.data());
    evaluator.evaluate_setting(e, noise.data(), nullptr, actual.data());
    std::vector<int32_t> cause_values, outcome_values_now;
    for (int c : causes) cause_values.push_back(actual[c]);
    for (int o : outcomes) outcome_values_now.push_back(actual[o]);
    entry["causes"] = values_json(scim, causes, cause_values);
    entry["outcomes"] = values_json(scim, outcomes, outcome_values_now);
    auto witness = actual_cause(scim, evaluator, causes, outcomes, e);
    entry["actual_cause"] = witness.has_value();
    if (witness) {
      std::vector<int32_t> held_values;
      for (int z : witness->held) held_values.push_back(actual[z]);
      entry["witness"] = {{"held", values_json(scim, witness->held, held_values)},
                          {"alternative", values_json(scim, causes, witness->alternative)},
                          {"outcomes", values_json(scim, outcomes, witness->outcomes)}};
    }
    results.push_back(entry);
  }
  json cause_names = json::array(), outcome_names = json::array();
  for (int c : causes) cause_names.push_back(scim.variables[c].name);
  for (int o : outcomes) outcome_names.push_back(scim.variables[o].name);
  return {{"causes", cause_names}, {"outcomes", outcome_names}, {"results", results}};
}

json hkw_intention_analysis(const Scim& model, const Params& params, Context& context) {
  Setup setup = configure(model, params.get("interventions"));
  const Scim& scim = *setup.scim;
  const Policy& policy =
      deterministic_policy_param(scim, params, "H&KW intention is relative to the agent's policy");
  std::vector<int> x = variables_named(scim, params.strings("variables"));
  if (x.empty()) bad_parameter("\"variables\" must list the variables X to ask about");
  std::vector<Policy> reference = reference_policies(scim, *setup.evaluator, policy, params);
  Evaluator mine = *setup.evaluator;
  mine.set_policy(&policy);
  double eu = expected_utility(scim, mine);
  json alternatives = json::array();
  std::vector<std::string> influencing;
  for (std::size_t i = 0; i < reference.size(); ++i) {
    context.report(static_cast<double>(i) / static_cast<double>(reference.size()));
    const Policy& alternative = reference[i];
    Evaluator theirs = *setup.evaluator;
    theirs.set_policy(&alternative);
    double rhs = 0;
    auto y = intends_to_influence(scim, mine, theirs, x, &rhs);
    json entry = {{"name", alternative.name},
                  {"expected_utility", expected_utility(scim, theirs)},
                  {"intends_to_influence", y.has_value()}};
    if (y) {
      json names = json::array();
      for (int v : *y) names.push_back(scim.variables[v].name);
      entry["y"] = names;
      entry["lhs"] = eu;
      entry["rhs"] = rhs;
      influencing.push_back(alternative.name);
    }
    alternatives.push_back(std::move(entry));
  }
  json names = json::array();
  for (int v : x) names.push_back(scim.variables[v].name);
  json result = {{"policy", policy.name},
                 {"expected_utility", eu},
                 {"variables", names},
                 {"alternatives", alternatives}};
  // Intention to bring about X = x (Def. 25), for a single variable X: x must be possible under π
  // and at least as good as every other possible outcome of X, and X intended to be influenced.
  if (x.size() == 1) {
    std::vector<OutcomeValue> possible = outcome_values(scim, mine, x[0]);
    double best = -std::numeric_limits<double>::infinity();
    for (const OutcomeValue& o : possible) best = std::max(best, o.expected_utility);
    json outcomes = json::array();
    for (const OutcomeValue& o : possible) {
      bool optimal = o.expected_utility >= best - 1e-9 * std::max(1.0, std::abs(best));
      outcomes.push_back({{"value", value_json(scim, x[0], o.outcome)},
                          {"probability", o.probability},
                          {"expected_utility_if_fixed", o.expected_utility},
                          {"optimal", optimal},
                          {"intended_relative_to", optimal ? json(influencing) : json::array()}});
    }
    result["bring_about"] = outcomes;
  }
  return result;
}

json control_incentive_analysis(const Scim& model, const Params& params, Context& context) {
  constexpr double kMaxOptimal = 4096;
  Setup setup = configure(model, params.get("interventions"));
  const Scim& scim = *setup.scim;
  int decision = -1;
  if (params.has("decision")) {
    decision = variable_named(scim, params.string("decision"));
    if (scim.variables[decision].type != scim::VariableType::kDecision)
      bad_parameter("\"" + scim.variables[decision].name + "\" is not a decision");
  } else if (scim.decisions.size() == 1) {
    decision = scim.decisions.front();
  } else {
    bad_parameter("the model has " + std::to_string(scim.decisions.size()) +
                  " decisions: name one as \"decision\"");
  }
  if (scim.decisions.size() != 1)
    throw RequestError("analysis.not_supported",
                       "the quantitative control incentive (Def. 23) is defined for one decision",
                       "use the \"incentives\" analysis for the graphical criterion");
  std::vector<int> variables = variables_named(scim, params.strings("variables"));
  if (variables.empty())
    for (int v : scim.order)
      if (v != decision) variables.push_back(v);
  // Every policy that maximises EU: the optimal actions where the observation can occur, the first
  // optimal action where it cannot (it is never consulted there).
  OptimalPolicies optimum = find_optimal_policies(scim, *setup.evaluator);
  const DecisionOptimum& rules = optimum.decisions.front();
  double count = 1;
  for (std::size_t c = 0; c < rules.optimal.size(); ++c)
    if (rules.reach[c] > 0) count *= static_cast<double>(rules.optimal[c].size());
  if (count > kMaxOptimal)
    throw RequestError("analysis.budget_exceeded", "the model has more than 4096 optimal policies to check");
  std::vector<Policy> optimal;
  for (std::uint64_t index = 0; index < static_cast<std::uint64_t>(count); ++index) {
    Policy p = optimum.policy;
    std::uint64_t rest = index;
    for (std::size_t c = rules.optimal.size(); c-- > 0;) {
      if (rules.reach[c] <= 0) continue;
      p.rules[0].action[c] = rules.optimal[c][rest % rules.optimal[c].size()];
      rest /= rules.optimal[c].size();
    }
    p.name = describe_policy(scim, p);
    for (const Policy& named : scim.policies)
      if (named.deterministic() && same_rules(named, p)) p.name = named.name;
    optimal.push_back(p);
  }
  json results = json::array();
  for (std::size_t k = 0; k < variables.size(); ++k) {
    context.report(static_cast<double>(k) / static_cast<double>(variables.size()));
    const int o = variables[k];
    std::vector<ControlWitness> witnesses =
        instrumental_control(scim, *setup.evaluator, decision, o, optimal);
    bool incentive = std::all_of(witnesses.begin(), witnesses.end(),
                                 [](const ControlWitness& w) { return w.action >= 0; });
    json checked = json::array();
    for (std::size_t i = 0; i < witnesses.size(); ++i) {
      json entry = {{"policy", optimal[i].name}, {"expected_utility", witnesses[i].expected_utility}};
      if (witnesses[i].action >= 0) {
        entry["action"] = value_json(scim, decision, witnesses[i].action);
        entry["intervened_utility"] = witnesses[i].intervened_utility;
      }
      checked.push_back(entry);
    }
    results.push_back({{"variable", scim.variables[o].name},
                       {"incentive", incentive},
                       {"graphical", admits_ici(scim, decision, o)},
                       {"optimal_policies", checked}});
  }
  return {{"decision", scim.variables[decision].name}, {"variables", results}};
}

const char* verdict_name(ObservedVerdictKind kind) {
  switch (kind) {
    case ObservedVerdictKind::kIntended:
      return "intended";
    case ObservedVerdictKind::kMinimalityUnobserved:
      return "minimality_unobserved";
    case ObservedVerdictKind::kNotShown:
      return "not_shown";
    case ObservedVerdictKind::kUnobserved:
      return "unobserved";
  }
  return "unobserved";
}

json assignment_json(const Scim& scim, const Assignment& a) {
  json out = json::object();
  for (const auto& [v, value] : a) out[scim.variables[v].name] = value_json(scim, v, value);
  return out;
}

// The outcome asked about: {"X": value, ...}.
Assignment outcome_param(const Scim& scim, const json& outcome) {
  if (!outcome.is_object() || outcome.empty())
    bad_parameter("\"outcome\" must be an object of variable: value, e.g. {\"H\": \"banana\"}");
  Assignment out;
  for (const auto& [name, value] : outcome.items()) {
    int v = scim.index_of(name);
    if (v < 0) bad_parameter("\"outcome\" names " + json_text(json(name)) + ", which is not a variable");
    int index = -1;
    const Domain& domain = scim.variables[v].domain;
    for (std::size_t i = 0; i < domain.size(); ++i)
      if (outcome_json(domain[i]) == value) index = static_cast<int>(i);
    if (index < 0) bad_parameter(json_text(value) + " is not an outcome of " + name);
    out.emplace_back(v, index);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Def. 20 with the observed-behaviour oracle: the model's "behaviour" section says what the agent did
// under each observed intervention; each verdict says what the observations prove and what is missing.
json observed_intention_analysis(const Scim& scim, const Params& params) {
  const ObservedBehaviour& behaviour = scim.behaviour;
  if (!behaviour.present)
    bad_parameter("the model has no \"behaviour\" section to read the observed oracle from",
                  "add \"behaviour\": { \"baseline\": ..., \"observations\": { ... } } (docs/format.md)");
  json observations = json::array();
  for (const Observation& o : behaviour.observations)
    observations.push_back({{"name", o.name},
                            {"fix", assignment_json(scim, o.fix)},
                            {"behaviour", o.behaviour},
                            {"adapts", o.adapts},
                            {"note", o.note},
                            {"line", o.span.line}});
  std::vector<Assignment> outcomes;
  if (params.has("outcome")) outcomes.push_back(outcome_param(scim, params.get("outcome")));
  else outcomes = observed_outcomes(behaviour);
  auto names = [&](const std::vector<int>& indices) {
    json list = json::array();
    for (int i : indices) list.push_back(behaviour.observations[static_cast<std::size_t>(i)].name);
    return list;
  };
  json verdicts = json::array();
  for (const Assignment& outcome : outcomes) {
    ObservedVerdict v = observed_intention(behaviour, outcome);
    json missing = json::array();
    for (const Assignment& m : v.missing) missing.push_back(assignment_json(scim, m));
    json not_minimal = json::array();
    for (const auto& [spoiled, spoiler] : v.not_minimal)
      not_minimal.push_back({{"observation", behaviour.observations[static_cast<std::size_t>(spoiled)].name},
                             {"smaller", behaviour.observations[static_cast<std::size_t>(spoiler)].name}});
    json entry = {
        {"outcome", assignment_json(scim, outcome)},
        {"verdict", verdict_name(v.kind)},
        {"intended",
         v.kind == ObservedVerdictKind::kIntended || v.kind == ObservedVerdictKind::kMinimalityUnobserved},
        {"witness", v.witness < 0 ? json(nullptr)
                                  : json(behaviour.observations[static_cast<std::size_t>(v.witness)].name)},
        {"covering", names(v.covering)},
        {"confirming", names(v.confirming)},
        {"not_minimal", not_minimal},
        {"missing", missing},
        {"missing_count", v.missing_count}};
    verdicts.push_back(entry);
  }
  return {{"oracle", "observed"},
          {"baseline", behaviour.baseline},
          {"policy", behaviour.policy.empty() ? json(nullptr) : json(behaviour.policy)},
          {"observations", observations},
          {"verdicts", verdicts}};
}

// The most (candidate, setting) pairs the summary answers: 2^18, four times the benchmark's 2^16-setting
// relay with its two candidates (a reply of some 50 MB).
constexpr std::size_t kMaxSummaryVerdicts = std::size_t{1} << 18;

json intention_analysis(const Scim& model, const Params& params, Context& context) {
  // The summary's witnesses list this many settings per fixed variable (the rest is counted; a query
  // about one setting gives the whole witness).
  constexpr std::size_t kShown = 4;
  const std::string oracle = params.string("oracle");
  // The observed oracle reads what was seen, not the model's mechanisms.
  if (oracle == "observed") return observed_intention_analysis(model, params);
  Setup setup = configure(model, params.get("interventions"));
  const Scim& scim = *setup.scim;
  if (!params.has("policy"))
    throw RequestError("request.missing_parameter", "intention needs the \"policy\" the agent follows",
                       "intention is relative to the agent's policy π");
  const Policy& policy = policy_param(scim, params.string("policy"));
  if (!policy.deterministic())
    bad_parameter("intention (Def. 13) is defined for deterministic policies; \"" + policy.name +
                  "\" is stochastic");
  std::vector<Policy> reference = reference_policies(scim, *setup.evaluator, policy, params);
  std::vector<const Policy*> pointers;
  for (const Policy& p : reference) pointers.push_back(&p);
  const bool rational = oracle == "rational";
  const Minimality minimality = params.string("minimality") == "any_alternative"
                                    ? Minimality::kAnyAlternative
                                    : Minimality::kSameAlternative;
  std::uint64_t settings = setup.evaluator->setting_count();
  // "setting" narrows an "outcomes" query to one question, answered alone (no summary). Checked
  // before the search, and refused rather than ignored without "outcomes".
  std::optional<std::uint64_t> setting;
  if (params.has("setting")) {
    if (!params.has("outcomes"))
      bad_parameter("\"setting\" picks the setting of an \"outcomes\" query, and there is no \"outcomes\"",
                    "give \"outcomes\" too, or leave \"setting\" out");
    setup.evaluator->require_enumerable();
    setting = setting_param(params, settings);
  }
  std::vector<int> outcomes;
  if (params.has("outcomes")) {
    outcomes = variables_named(scim, params.strings("outcomes"));
    if (outcomes.empty()) bad_parameter("\"outcomes\" must list at least one variable");
  }
  // The summary lists a verdict per candidate and setting: its reply grows with both. Refused before the
  // search prepares anything.
  if (const std::size_t count = intention_candidates(scim, *setup.evaluator).size();
      !setting &&
      static_cast<double>(count) * static_cast<double>(settings) > static_cast<double>(kMaxSummaryVerdicts))
    throw RequestError("analysis.budget_exceeded",
                       "the summary would give " + std::to_string(count) + " × " + std::to_string(settings) +
                           " verdicts, more than the " + std::to_string(kMaxSummaryVerdicts) + " it lists",
                       "ask about one outcome in one setting: \"outcomes\": [\"Y\"], \"setting\": e");
  IntentionSearch search(scim, *setup.evaluator, policy, pointers, std::uint64_t{1} << 22, minimality,
                         context.part(0, setting ? 1 : 0.5));

  json alternatives = json::array();
  for (std::size_t a = 0; a < reference.size(); ++a) {
    const AlternativeSummary& s = search.alternatives()[a];
    json entry = {{"name", reference[a].name},
                  {"expected_utility", s.expected_utility},
                  {"as_good", s.as_good},
                  {"differing_settings", s.differing_settings}};
    if (scim.find_policy(reference[a].name) == nullptr)
      entry["rules"] = policy_rules_json(scim, reference[a], scim.decisions);
    alternatives.push_back(std::move(entry));
  }
  json candidates = json::array();
  for (int v : search.candidates()) candidates.push_back(scim.variables[v].name);

  json result = {{"oracle", oracle},
                 {"policy", policy.name},
                 {"expected_utility", search.expected_utility()},
                 {"tolerance", search.tolerance()},
                 {"candidates", std::move(candidates)},
                 {"reference", std::move(alternatives)}};
  if (!rational) result["minimality"] = params.string("minimality");

  // The summary: for each candidate and setting, whether π intends that variable's outcome there,
  // relative to which alternatives, and the first's witness in short.
  std::vector<std::uint64_t> mentioned;
  if (!setting) {
    json intended = json::array();
    const std::size_t total = search.candidates().size() * static_cast<std::size_t>(settings);
    std::size_t done = 0;
    std::vector<int> names;
    CompactWitness w;
    for (std::size_t i = 0; i < search.candidates().size(); ++i) {
      const int v = search.candidates()[i];
      json entries = json::array();
      for (std::uint64_t e = 0; e < settings; ++e, ++done) {
        if (done % 1024 == 1023)
          context.report(0.5 + 0.5 * static_cast<double>(done) /
                                   static_cast<double>(std::max<std::size_t>(total, 1)));
        search.summarize(i, e, rational, kShown, &names, &w);
        if (names.empty()) continue;
        mentioned.push_back(e);
        json entry = json::object();
        entry["setting"] = e;
        entry["value"] = value_json(scim, v, search.value(v, e));
        entry["alternatives"] = names;
        entry["witness"] = witness_json(scim, search, w);
        entries.push_back(std::move(entry));
      }
      json variable = json::object();
      variable["variable"] = scim.variables[v].name;
      variable["intended"] = std::move(entries);
      intended.push_back(std::move(variable));
    }
    result["variables"] = std::move(intended);
  }

  // A query about given outcomes, in one setting or every setting, with full witnesses.
  if (!outcomes.empty()) {
    std::vector<std::uint64_t> queried;
    if (setting) {
      queried.push_back(*setting);
    } else {
      for (std::uint64_t e = 0; e < settings; ++e) queried.push_back(e);
    }
    json answers = json::array();
    for (std::uint64_t e : queried) {
      json values = json::object();
      for (int o : outcomes) values[scim.variables[o].name] = value_json(scim, o, search.value(o, e));
      IntentionWitness w;
      bool yes = rational ? search.behaviourally_intends(outcomes, e, &w) : search.intends(outcomes, e, &w);
      json answer = {{"setting", e}, {"values", std::move(values)}, {"intended", yes}};
      if (yes) {
        answer["witness"] = witness_json(scim, search, w);
        mentioned.push_back(e);
      }
      answers.push_back(std::move(answer));
    }
    json names = json::array();
    for (int o : outcomes) names.push_back(scim.variables[o].name);
    result["query"] = {{"outcomes", std::move(names)}, {"results", std::move(answers)}};
  }
  std::sort(mentioned.begin(), mentioned.end());
  mentioned.erase(std::unique(mentioned.begin(), mentioned.end()), mentioned.end());
  json described = json::array();
  for (std::uint64_t e : mentioned) described.push_back(setting_json(scim, *setup.evaluator, e));
  result["settings"] = std::move(described);
  result["budget_exceeded"] = search.budget_exceeded();
  if (rational) result["oracle_keeps_policy"] = search.rational_oracle_keeps_policy();
  return result;
}

}  // namespace motive
