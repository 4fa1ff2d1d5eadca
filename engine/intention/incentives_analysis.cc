#include "intention/incentives_analysis.h"

#include <string>
#include <vector>

#include "core/diagnostics.h"
#include "core/text.h"
#include "intention/incentives.h"
#include "scim/graph.h"

namespace motive {

using scim::Graph;
using scim::Scim;
namespace {

using nlohmann::json;

std::vector<std::string> decision_names(const Scim& scim) {
  std::vector<std::string> names;
  for (int d : scim.decisions) names.push_back(scim.variables[d].name);
  return names;
}

// The decisions the request asks about: the one named by "decision", or all of them.
std::vector<int> requested_decisions(const Scim& scim, const Params& params) {
  if (!params.has("decision")) return scim.decisions;
  const std::string name = params.string("decision");
  const std::vector<std::string> decisions = decision_names(scim);
  const std::string choices =
      decisions.empty() ? "the model has no decisions" : "the decisions are: " + join(decisions);
  const int v = scim.index_of(name);
  if (v < 0) {
    std::string hint = did_you_mean(name, decisions);
    throw RequestError("request.unknown_variable", "\"" + name + "\" is not a variable of this model",
                       hint.empty() ? choices : hint);
  }
  if (scim.variables[v].type != scim::VariableType::kDecision)
    throw RequestError("request.bad_parameter", "\"" + name + "\" is not a decision", choices);
  return {v};
}

json names_of(const Scim& scim, const std::vector<int>& vs) {
  json out = json::array();
  for (int v : vs) out.push_back(scim.variables[v].name);
  return out;
}

json witness_json(const Scim& scim, const IncentiveWitness& w, bool with_given = false) {
  json out = {{"admits", w.admits}, {"path", names_of(scim, w.path)}};
  if (with_given && w.admits) out["given"] = names_of(scim, w.given);
  return out;
}

}  // namespace

json incentives_analysis(const Scim& scim, const Params& params, Context& context) {
  const std::vector<int> decisions = requested_decisions(scim, params);
  const Graph graph = scim_graph(scim);
  const Graph reduction = minimal_reduction(graph, scim.decisions, scim.utilities);
  json per_decision = json::array();
  json requisite = json::object();
  for (std::size_t i = 0; i < decisions.size(); ++i) {
    context.report(static_cast<double>(i) / static_cast<double>(decisions.size()));
    const int d = decisions[i];
    json variables = json::array();
    for (int x : scim.order) {
      if (x == d) continue;
      json entry = {{"variable", scim.variables[x].name}};
      entry["ici"] = witness_json(scim, ici_witness(graph, scim.utilities, d, x));
      // Value of information is defined for the variables D could observe without a cycle.
      if (!graph.has_directed_path(d, x))
        entry["voi"] = witness_json(scim, voi_witness(graph, scim.decisions, scim.utilities, d, x), true);
      entry["ri"] = witness_json(scim, ri_witness(reduction, d, x));
      // Value of control is about variables the agent does not already control.
      if (scim.variables[x].type != scim::VariableType::kDecision)
        entry["voc"] = witness_json(scim, voc_witness(reduction, scim.decisions, scim.utilities, d, x));
      variables.push_back(std::move(entry));
    }
    per_decision.push_back({{"decision", scim.variables[d].name}, {"variables", std::move(variables)}});
    requisite[scim.variables[d].name] = names_of(scim, reduction.parents(d));
  }
  return {{"decisions", std::move(per_decision)},
          {"requisite", std::move(requisite)},
          {"sufficient_recall", sufficient_recall(scim)}};
}

}  // namespace motive
