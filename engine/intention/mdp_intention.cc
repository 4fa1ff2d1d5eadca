#include "intention/mdp_intention.h"

#include <vector>

#include "mdp/agents.h"
#include "mdp/analyses.h"
#include "mdp/behaviour.h"

namespace motive {

using nlohmann::json;

json mdp_intention_analysis(const mdp::MdpFile& file, const Params& params, Context& context) {
  using namespace mdp;
  const Variant& base = variant_param(file, params);
  const Agent agent = agent_param(params.raw());
  std::vector<const Variant*> interventions;
  if (params.has("interventions")) {
    const std::vector<std::string> names = params.strings("interventions");
    if (names.empty())
      throw RequestError("request.bad_parameter", "\"interventions\" must list variants of the model",
                         "the variants are " + json(file.variant_names()).dump());
    for (const std::string& name : names) interventions.push_back(&variant_named(file, name));
  } else {
    for (const std::string& name : file.variant_names())
      if (name != base.name) interventions.push_back(file.variant(name));
  }
  const double steps = static_cast<double>(interventions.size() + 1);
  const int max_steps = 4 * base.mdp.states;
  AgentPolicy here = agent_policy(file, base, agent, context.part(0, 1 / steps));
  const Route route = likely_route(base.mdp, here.policy, max_steps);
  auto route_json = [](const Mdp& mdp, const Route& r) {
    json cells = json::array();
    if (mdp.has_grid())
      for (int s : r.states)
        cells.push_back(
            {mdp.cell[static_cast<std::size_t>(s)].row, mdp.cell[static_cast<std::size_t>(s)].col});
    return json{
        {"states", r.states}, {"actions", r.actions}, {"cells", cells}, {"ends_terminal", r.ends_terminal}};
  };
  json results = json::array();
  for (std::size_t i = 0; i < interventions.size(); ++i) {
    const Variant& v = *interventions[i];
    AgentPolicy there = agent_policy(file, v, agent, context.part((i + 1) / steps, (i + 2) / steps));
    const std::vector<int> changed = adapted_states(base.mdp, here.policy, v.mdp, there.policy, route);
    const Route moved = likely_route(v.mdp, there.policy, max_steps);
    const bool adapts = leads_elsewhere(base.mdp, route, v.mdp, moved);
    results.push_back({{"variant", v.name},
                       {"description", v.description},
                       {"adapts", adapts},
                       {"changed_states", changed},
                       {"route", route_json(v.mdp, moved)}});
    context.report((i + 2) / steps);
  }
  return {{"agent", agent_json(agent)},
          {"variant", base.name},
          {"route", route_json(base.mdp, route)},
          {"interventions", results}};
}

}  // namespace motive
