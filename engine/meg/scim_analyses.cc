#include "meg/scim_analyses.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/diagnostics.h"
#include "meg/beta_fit.h"
#include "meg/cid.h"
#include "scim/params.h"

namespace motive::meg {

using scim::bad_parameter;
using scim::configure;
using scim::DecisionRule;
using scim::outcome_json;
using scim::Policy;
using scim::policy_param;
using scim::rule_json;
using scim::Scim;
using scim::Setup;
using scim::Variable;
using scim::variables_named;
namespace {

using meg::CidMeg;
using meg::CidProcess;
using meg::StagePolicy;
using nlohmann::json;

// The policy the request names; a model with one policy may leave it out.
const Policy& measured_policy(const Scim& scim, const Params& params) {
  if (!params.has("policy")) {
    if (scim.policies.size() == 1) return scim.policies.front();
    bad_parameter("MEG needs the \"policy\" whose goal-directedness to measure",
                  scim.policies.empty() ? "add a policy to the model" : "name one of the model's policies");
  }
  return policy_param(scim, params.string("policy"));
}

using meg::ends_param;

json stage_policy_json(const Scim& scim, const CidProcess& process, const StagePolicy& policy) {
  json out = json::object();
  for (std::size_t k = 0; k < process.stages.size(); ++k) {
    DecisionRule rule;
    rule.deterministic = false;
    rule.probabilities = policy[k];
    out[scim.variables[process.stages[k].decision].name] = rule_json(scim, process.stages[k].decision, rule);
  }
  return out;
}

json meg_json(const Scim& scim, const CidProcess& process, const CidMeg& m, const std::string& policy,
              const std::string& utility, meg::Ends ends) {
  json decisions = json::array();
  for (const meg::Stage& s : process.stages) decisions.push_back(scim.variables[s.decision].name);
  json result = {{"method", scim::inference_method_name(process.method)},
                 {"meg", m.meg},
                 {"bound", m.bound},
                 {"utility", utility},
                 {"policy", policy},
                 {"beta", number_json(m.beta)},
                 {"expected_utility", m.expected_utility},
                 {"maxent_expected_utility", m.maxent_expected_utility},
                 {"decisions", decisions},
                 {"agent_policy", stage_policy_json(scim, process, m.agent_policy)},
                 {"maxent_policy", stage_policy_json(scim, process, m.maxent_policy)},
                 {"contributions", m.contributions},
                 {"occupancy", m.occupancy},
                 {"converged", m.converged},
                 {"iterations", m.iterations},
                 {"gradient_norm", m.gradient_norm},
                 {"tolerance", m.tolerance},
                 {"at_infinity", ends == meg::Ends::kUniform ? "uniform" : "maxent"}};
  if (utility == "unknown") {
    json targets = json::array();
    for (int t : process.targets) targets.push_back(scim.variables[t].name);
    json inferred = json::array();
    for (int index = 0; index < process.target_outcomes; ++index) {
      json values = json::object();
      int rest = index;
      for (std::size_t i = process.targets.size(); i-- > 0;) {
        const Variable& v = scim.variables[process.targets[i]];
        int size = static_cast<int>(v.domain.size());
        values[v.name] = outcome_json(v.domain[rest % size]);
        rest /= size;
      }
      inferred.push_back({{"values", values}, {"utility", m.inferred_utility[index]}});
    }
    result["targets"] = targets;
    result["inferred_utility"] = inferred;
    result["stop"] = m.stop;
    result["decrement"] = m.decrement;
  }
  return result;
}

}  // namespace

json meg_scim_analysis(const Scim& model, const Params& params, Context& context) {
  Setup setup = configure(model, params.get("interventions"));
  const Scim& scim = *setup.scim;
  const Policy& policy = measured_policy(scim, params);
  const std::string utility = params.string("utility");
  std::vector<int> targets;
  if (utility == "unknown") {
    if (!params.has("targets"))
      bad_parameter("MEG with an unknown utility needs \"targets\": the variables the utility may depend on",
                    "for example the variables the decisions influence");
    targets = variables_named(scim, params.strings("targets"));
    if (targets.empty()) bad_parameter("\"targets\" must name at least one variable");
  }
  const meg::Ends ends = ends_param(params);
  CidProcess process = meg::cid_process(scim, *setup.evaluator, targets, context.part(0, 0.5),
                                        scim::parse_inference_method(params.string("method")));
  StagePolicy agent = meg::stage_policy(scim, process, policy);
  if (utility == "known")
    return meg_json(scim, process, meg::known_utility_meg(process, agent, ends), policy.name, utility, ends);
  meg::LbfgsOptions options;
  options.on_iteration = [&](int iteration, double) {
    context.report(0.5 + 0.5 * iteration / (iteration + 20.0));
    return true;
  };
  return meg_json(scim, process, meg::target_meg(process, agent, options, ends), policy.name, utility, ends);
}

json meg_likelihood_scim_analysis(const Scim& model, const Params& params, Context& context) {
  Setup setup = configure(model, params.get("interventions"));
  const Scim& scim = *setup.scim;
  const Policy& policy = measured_policy(scim, params);
  const meg::Ends ends = ends_param(params);
  CidProcess process = meg::cid_process(scim, *setup.evaluator, {}, context.part(0, 0.9),
                                        scim::parse_inference_method(params.string("method")));
  StagePolicy agent = meg::stage_policy(scim, process, policy);
  CidMeg fit = meg::known_utility_meg(process, agent, ends);
  std::vector<double> betas;
  if (params.has("betas")) {
    betas = params.numbers("betas");
    if (betas.size() > 10000) bad_parameter("\"betas\" may list at most 10000 values");
  } else {
    betas = meg::default_likelihood_betas(fit.beta, fit.utility_range);
  }
  std::vector<double> values = meg::cid_likelihood_curve(process, agent, betas, ends);
  json points = json::array();
  for (std::size_t i = 0; i < betas.size(); ++i)
    points.push_back({{"beta", number_json(betas[i])}, {"likelihood", number_json(values[i])}});
  return {{"method", scim::inference_method_name(process.method)},
          {"points", points},
          {"beta_star", number_json(fit.beta)},
          {"likelihood_star", fit.meg},
          {"bound", fit.bound},
          {"policy", policy.name}};
}

}  // namespace motive::meg
