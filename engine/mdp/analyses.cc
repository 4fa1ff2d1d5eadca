#include "mdp/analyses.h"

#include "core/text.h"
#include "mdp/agents.h"
#include "mdp/solve.h"

namespace motive::mdp {

using nlohmann::json;

namespace {

json agent_result(const MdpFile& file, const Variant& variant, const Agent& agent,
                  const ProgressCallback& progress) {
  const Mdp& mdp = variant.mdp;
  AgentPolicy p = agent_policy(file, variant, agent, progress);
  Eigen::VectorXd values = policy_values(mdp, mdp.reward, p.policy);
  json out = {{"agent", agent_json(agent)},
              {"policy", matrix_json(p.policy)},
              {"values", vector_json(values)},
              {"occupancy", vector_json(occupancy(mdp, p.policy))},
              {"expected_utility", mdp.start.dot(values)}};
  if (agent.kind == Agent::Kind::kQLearning)
    out["training"] = {{"returns", p.training_returns}, {"trained_on", p.trained_on}};
  return out;
}

}  // namespace

json vector_json(const Eigen::VectorXd& v) {
  json out = json::array();
  for (Eigen::Index i = 0; i < v.size(); ++i) out.push_back(number_json(v[i]));
  return out;
}

json matrix_json(const Eigen::MatrixXd& m) {
  json out = json::array();
  for (Eigen::Index r = 0; r < m.rows(); ++r) {
    json row = json::array();
    for (Eigen::Index c = 0; c < m.cols(); ++c) row.push_back(number_json(m(r, c)));
    out.push_back(std::move(row));
  }
  return out;
}

const Variant& variant_named(const MdpFile& file, const std::string& name) {
  if (const Variant* v = file.variant(name)) return *v;
  std::vector<std::string> names = file.variant_names();
  std::string hint = did_you_mean(name, names);
  throw RequestError("request.unknown_variant", "the model has no variant " + in_quotes(name),
                     hint.empty() ? "its variants are " + listing(names) : hint);
}

const Variant& variant_param(const MdpFile& file, const Params& params) {
  return variant_named(file, params.string("variant"));
}

json describe_analysis(const MdpFile& file, const Params& params, Context&) {
  const Variant& variant = variant_param(file, params);
  const Mdp& mdp = variant.mdp;
  json states = json::array();
  for (int s = 0; s < mdp.states; ++s) {
    json state = {{"name", mdp.state_names[s]},
                  {"cell", mdp.has_grid() ? json::array({mdp.cell[s].row, mdp.cell[s].col}) : json(nullptr)},
                  {"terminal", static_cast<bool>(mdp.terminal[s])}};
    if (mdp.horizon > 0) state["time"] = mdp.time[s];
    states.push_back(std::move(state));
  }
  json out = {{"kind", file.kind},
              {"title", file.title},
              {"description", file.description},
              {"source", file.source},
              {"variant", variant.name},
              {"variant_description", variant.description},
              {"states", states},
              {"actions", mdp.action_names},
              {"start", vector_json(mdp.start)},
              {"discount", mdp.discount},
              {"policies", file.policy_names},
              {"variants", file.variant_names()}};
  if (mdp.horizon > 0) out["horizon"] = mdp.horizon;
  if (variant.grid) {
    const GridWorld& world = *variant.grid;
    const std::vector<int> state = state_of_cell(world);
    json rows = json::array();
    for (int r = 0; r < world.rows; ++r) {
      json row = json::array();
      for (int c = 0; c < world.cols; ++c) {
        const GridCell& cell = world.at(r, c);
        const bool wall = cell.type == CellType::kWall;
        row.push_back({{"char", std::string(1, cell.symbol)},
                       {"type", cell_type_name(cell.type)},
                       {"utility", wall ? json(nullptr) : json(cell.utility)},
                       {"terminal", cell.terminal},
                       {"state", wall ? json(nullptr) : json(state[r * world.cols + c])}});
      }
      rows.push_back(std::move(row));
    }
    json map_rows = json::array();
    for (const SourceSpan& span : world.map_rows)
      map_rows.push_back(
          {{"line", span.line}, {"column", span.column}, {"length", span.end_column - span.column}});
    out["grid"] = {{"rows", world.rows},   {"cols", world.cols}, {"cells", rows},
                   {"map_rows", map_rows}, {"slip", world.slip}, {"step_utility", world.step_utility}};
  }
  return out;
}

json solve_analysis(const MdpFile& file, const Params& params, Context& context) {
  const Variant& variant = variant_param(file, params);
  const Agent agent = agent_param(params.raw());
  const Mdp& mdp = variant.mdp;
  Values optimum = value_iteration(mdp, mdp.reward);
  return {{"variant", variant.name},
          {"values", vector_json(optimum.v)},
          {"optimal_expected_utility", number_json(mdp.start.dot(optimum.v))},
          {"q", matrix_json(optimum.q)},
          {"optimal_policy", matrix_json(greedy_policy(optimum))},
          {"iterations", optimum.iterations},
          {"converged", optimum.converged},
          {"agent", agent_result(file, variant, agent, context.progress())}};
}

}  // namespace motive::mdp
