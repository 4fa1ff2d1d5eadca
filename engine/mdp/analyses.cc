#include "mdp/analyses.h"

#include "core/text.h"
#include "mdp/agents.h"
#include "mdp/solve.h"

#include <limits>

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
  if (agent.kind == Agent::Kind::kQLearning) {
    // The learning curve: the mean return of consecutive windows of episodes, at most 100 points.
    const std::size_t n = p.training_returns.size();
    const std::size_t window = std::max<std::size_t>(1, (n + 99) / 100);
    json curve = json::array();
    for (std::size_t start = 0; start < n; start += window) {
      const std::size_t end = std::min(n, start + window);
      double sum = 0;
      for (std::size_t e = start; e < end; ++e) sum += p.training_returns[e];
      curve.push_back(
          {{"episodes", end}, {"mean_return", number_json(sum / static_cast<double>(end - start))}});
    }
    out["training"] = {{"returns", p.training_returns}, {"trained_on", p.trained_on}, {"curve", curve}};
  }
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
  // An MDP without a map is drawn as a state graph: its transitions, when few enough to draw.
  if (!variant.grid && mdp.transition_count() <= kMaxDescribedTransitions) {
    json transitions = json::array();
    for (int s = 0; s < mdp.states; ++s)
      for (int a = 0; a < mdp.actions; ++a) {
        json to = json::array();
        for (Mdp::Row r = mdp.row(mdp.pair(s, a)); r.p != r.end; ++r.p, ++r.next)
          to.push_back({{"state", *r.next}, {"probability", *r.p}});
        if (to.empty()) continue;
        transitions.push_back({{"state", s}, {"action", a}, {"utility", mdp.reward(s, a)}, {"to", to}});
      }
    out["transitions"] = transitions;
  }
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

// Value iteration sweep by sweep (solve.h, synchronous_sweeps), for stepping through it: every sweep's
// values and the policy greedy in them (uniform over ties), or with `beta` soft value iteration and
// the soft-optimal policy π_β of each sweep. The reply is bounded: states × (actions + 1) × sweeps
// numbers at most kMaxSweepNumbers.
json value_iteration_analysis(const MdpFile& file, const Params& params, Context& context) {
  const Variant& variant = variant_param(file, params);
  const Mdp& mdp = variant.mdp;
  const bool soft = params.has("beta");
  const double beta = soft ? params.number("beta") : std::numeric_limits<double>::infinity();
  const int sweeps = static_cast<int>(params.integer("sweeps"));
  const double per_sweep = static_cast<double>(mdp.states) * (mdp.actions + 1);
  if (per_sweep * (sweeps + 1) > kMaxSweepNumbers) {
    const auto fits = static_cast<long long>(kMaxSweepNumbers / per_sweep) - 1;
    throw RequestError("request.bad_parameter",
                       "the sweeps of this model would hold more than " +
                           std::to_string(static_cast<long long>(kMaxSweepNumbers)) + " numbers",
                       fits >= 1 ? "ask for at most " + std::to_string(fits) + " sweeps"
                                 : "the model has too many states to show sweep by sweep; use solve");
  }
  bool converged = false;
  const std::vector<Sweep> steps =
      synchronous_sweeps(mdp, mdp.reward, beta, sweeps, kSweepTolerance, &converged, [&](double fraction) {
        context.report(fraction);  // throws Cancelled when asked to stop
        return true;
      });
  json list = json::array();
  for (std::size_t k = 0; k < steps.size(); ++k) {
    Policy policy;
    if (soft) {
      policy = softmax_policy(beta * steps[k].q);
    } else {
      // The sweep's own greedy policy (what its Q says now): actions tie only within the rounding of
      // the sums, not within the distance to the converged values.
      Values values{steps[k].v, steps[k].q};
      values.tie =
          tie_tolerance(mdp, 0.0, steps[k].v.cwiseAbs().maxCoeff(), steps[k].q.cwiseAbs().maxCoeff());
      policy = greedy_policy(values);
    }
    list.push_back({{"sweep", k},
                    {"values", vector_json(steps[k].v)},
                    {"policy", matrix_json(policy)},
                    {"change", steps[k].change}});
  }
  return {{"variant", variant.name},   {"method", soft ? "soft_value_iteration" : "value_iteration"},
          {"beta", number_json(beta)}, {"tolerance", kSweepTolerance},
          {"converged", converged},    {"sweeps", list}};
}

}  // namespace motive::mdp
