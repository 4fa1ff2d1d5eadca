#include "mdp/analyses.h"

#include <algorithm>
#include <cmath>
#include <mutex>

#include "mdp/agents.h"
#include "mdp/behaviour.h"
#include "mdp/reader.h"
#include "mdp/solve.h"
#include "meg/mdp_analyses.h"
#include "meg/mdp_meg.h"

namespace motive::mdp {

using nlohmann::json;

namespace {

constexpr double kMaxSampledSteps = 1e7;

std::string kinds_text(const std::vector<std::string>& kinds) {
  std::string out;
  for (std::size_t i = 0; i < kinds.size(); ++i)
    out += (i == 0 ? "" : i + 1 == kinds.size() ? " and " : ", ") + kinds[i];
  return out;
}

int count_param(const json& params, const char* key, int fallback, int low, int high) {
  auto it = params.find(key);
  if (it == params.end()) return fallback;
  if (!it->is_number() || it->get<double>() != std::floor(it->get<double>()) || it->get<double>() < low ||
      it->get<double>() > high)
    throw RequestError("request.bad_parameter", std::string("\"") + key + "\" must be a whole number from " +
                                                    std::to_string(low) + " to " + std::to_string(high) +
                                                    ", not " + json_text(*it));
  return static_cast<int>(it->get<double>());
}

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

json number_json(double x) {
  if (std::isnan(x)) return nullptr;
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  return x;
}

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

const Variant& variant_param(const MdpFile& file, const json& params) {
  auto it = params.find("variant");
  if (it == params.end() || it->is_null()) return file.variants.front();
  if (it->is_string())
    if (const Variant* v = file.variant(it->get<std::string>())) return *v;
  std::vector<std::string> names = file.variant_names();
  std::string hint = it->is_string() ? did_you_mean(it->get<std::string>(), names) : "";
  throw RequestError("request.unknown_variant", "the model has no variant " + json_text(*it),
                     hint.empty() ? "its variants are " + kinds_text(names) : hint);
}

json describe_analysis(const MdpFile& file, const json& params, const ProgressCallback&) {
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

json solve_analysis(const MdpFile& file, const json& params, const ProgressCallback& progress) {
  const Variant& variant = variant_param(file, params);
  const Agent agent = agent_param(params);
  const Mdp& mdp = variant.mdp;
  Values optimum = value_iteration(mdp, mdp.reward);
  return {{"variant", variant.name},
          {"values", vector_json(optimum.v)},
          {"q", matrix_json(optimum.q)},
          {"optimal_policy", matrix_json(greedy_policy(optimum.q))},
          {"iterations", optimum.iterations},
          {"converged", optimum.converged},
          {"agent", agent_result(file, variant, agent, progress)}};
}

json trajectories_analysis(const MdpFile& file, const json& params, const ProgressCallback& progress) {
  const Variant& variant = variant_param(file, params);
  const Agent agent = agent_param(params);
  const int count = count_param(params, "count", 10, 1, 100000);
  const int length = count_param(params, "length", 100, 1, 1000000);
  if (static_cast<double>(count) * length > kMaxSampledSteps)
    throw RequestError("request.bad_parameter", "count × length may not exceed 10000000 steps",
                       "ask for fewer or shorter trajectories");
  auto seed_it = params.find("seed");
  double seed = 1;
  if (seed_it != params.end()) {
    // Below 2^64, so that the conversion to the generator's seed is defined.
    if (!seed_it->is_number() || seed_it->get<double>() < 0 || seed_it->get<double>() >= 0x1p64 ||
        seed_it->get<double>() != std::floor(seed_it->get<double>()))
      throw RequestError("request.bad_parameter",
                         "\"seed\" must be a whole number from 0 to below 2^64, not " + json_text(*seed_it));
    seed = seed_it->get<double>();
  }
  const Mdp& mdp = variant.mdp;
  // Training an agent and sampling share the progress: half each when the agent learns.
  const bool learns = agent.kind == Agent::Kind::kQLearning;
  auto part = [&](double from, double to) {
    return progress ? ProgressCallback(
                          [&progress, from, to](double f) { return progress(from + (to - from) * f); })
                    : ProgressCallback();
  };
  AgentPolicy p = agent_policy(file, variant, agent, part(0, learns ? 0.5 : 0));
  std::vector<std::vector<Step>> sampled = sample_trajectories(
      mdp, p.policy, count, length, static_cast<std::uint64_t>(seed), part(learns ? 0.5 : 0, 1));
  json trajectories = json::array(), returns = json::array();
  double total = 0;
  for (const std::vector<Step>& trajectory : sampled) {
    json steps = json::array();
    double sum = 0, discount = 1;
    for (const Step& step : trajectory) {
      steps.push_back({{"state", step.state},
                       {"action", step.action},
                       {"utility", step.utility},
                       {"next_state", step.next_state < 0 ? json(nullptr) : json(step.next_state)}});
      sum += discount * step.utility;
      discount *= mdp.discount;
    }
    trajectories.push_back(std::move(steps));
    returns.push_back(sum);
    total += sum;
  }
  // MEG from behaviour alone (meg.md §1): β fitted to the runs' mean return, the runs' log-likelihood
  // under π_β, with its standard error over the runs.
  const meg::SampledMeg estimate = meg::sampled_known_meg(mdp, mdp.reward, sampled);
  return {{"variant", variant.name},
          {"agent", agent_json(agent)},
          {"trajectories", trajectories},
          {"returns", returns},
          {"mean_return", total / count},
          {"meg_estimate",
           {{"known", estimate.meg},
            {"standard_error", estimate.standard_error},
            {"count", estimate.count},
            {"beta", number_json(estimate.beta)}}}};
}

// Behavioural intention (Def. 20) with the agent as its own oracle, as Ward et al. read the CoinRun
// agents: each intervention is a variant of the world; the agent adapts if it acts differently on
// the route it takes in the base world (mdp/behaviour.h).
json intention_analysis(const MdpFile& file, const json& params, const ProgressCallback& progress) {
  const Variant& base = variant_param(file, params);
  const Agent agent = agent_param(params);
  std::vector<const Variant*> interventions;
  if (auto list = params.find("interventions"); list != params.end()) {
    if (!list->is_array() || list->empty())
      throw RequestError("request.bad_parameter", "\"interventions\" must list variants of the model",
                         "the variants are " + json(file.variant_names()).dump());
    for (const json& name : *list) {
      const Variant* v = name.is_string() ? file.variant(name.get<std::string>()) : nullptr;
      if (!v)
        throw RequestError("request.unknown_variant", "the model has no variant " + json_text(name),
                           did_you_mean(name.is_string() ? name.get<std::string>() : "", file.variant_names()));
      interventions.push_back(v);
    }
  } else {
    for (const std::string& name : file.variant_names())
      if (name != base.name) interventions.push_back(file.variant(name));
  }
  const std::size_t steps = interventions.size() + 1;
  auto part = [&](std::size_t i) {
    return progress ? ProgressCallback([&progress, i, steps](double f) {
      return progress((static_cast<double>(i) + f) / static_cast<double>(steps));
    })
                    : ProgressCallback();
  };
  const int max_steps = 4 * base.mdp.states;
  AgentPolicy here = agent_policy(file, base, agent, part(0));
  const Route route = likely_route(base.mdp, here.policy, max_steps);
  auto route_json = [](const Mdp& mdp, const Route& r) {
    json cells = json::array();
    if (mdp.has_grid())
      for (int s : r.states) cells.push_back({mdp.cell[static_cast<std::size_t>(s)].row, mdp.cell[static_cast<std::size_t>(s)].col});
    return json{{"states", r.states}, {"actions", r.actions}, {"cells", cells}, {"ends_terminal", r.ends_terminal}};
  };
  json results = json::array();
  for (std::size_t i = 0; i < interventions.size(); ++i) {
    const Variant& v = *interventions[i];
    AgentPolicy there = agent_policy(file, v, agent, part(i + 1));
    const std::vector<int> changed = adapted_states(base.mdp, here.policy, v.mdp, there.policy, route);
    const Route moved = likely_route(v.mdp, there.policy, max_steps);
    const bool adapts = leads_elsewhere(base.mdp, route, v.mdp, moved);
    results.push_back({{"variant", v.name},
                       {"description", v.description},
                       {"adapts", adapts},
                       {"changed_states", changed},
                       {"route", route_json(v.mdp, moved)}});
  }
  return {{"agent", agent_json(agent)},
          {"variant", base.name},
          {"route", route_json(base.mdp, route)},
          {"interventions", results}};
}

const std::vector<Analysis>& analyses() {
  static const std::vector<Analysis> table = {
      {"describe", {"gridworld", "mdp"}, describe_analysis},
      {"solve", {"gridworld", "mdp"}, solve_analysis},
      {"trajectories", {"gridworld", "mdp"}, trajectories_analysis},
      {"meg", {"gridworld", "mdp"}, meg::meg_mdp_analysis},
      {"meg_likelihood", {"gridworld", "mdp"}, meg::meg_likelihood_mdp_analysis},
      {"meg_sweep", {"gridworld", "mdp"}, meg::meg_sweep_analysis},
      {"intention", {"gridworld", "mdp"}, intention_analysis},
  };
  return table;
}

const Analysis* find_analysis(const std::string& name) {
  for (const Analysis& a : analyses())
    if (a.name == name) return &a;
  return nullptr;
}

std::shared_ptr<const MdpFile> read_cached(const std::string& text, Diagnostics* diagnostics) {
  struct Cache {
    std::mutex mutex;
    std::string text;
    std::shared_ptr<const MdpFile> file;
  };
  static Cache cache;
  {
    std::lock_guard<std::mutex> lock(cache.mutex);
    if (cache.file && cache.text == text) return cache.file;
  }
  std::optional<MdpFile> file = read_mdp_file(text, diagnostics);
  if (!file) return nullptr;
  auto shared = std::make_shared<const MdpFile>(std::move(*file));
  std::lock_guard<std::mutex> lock(cache.mutex);
  cache.text = text;
  cache.file = shared;
  return shared;
}

json answer(const std::string& analysis, const std::string& text, const json& params,
            const ProgressCallback& progress, Diagnostics* diagnostics) {
  std::shared_ptr<const MdpFile> file = read_cached(text, diagnostics);
  if (!file) return nullptr;
  const Analysis* entry = find_analysis(analysis);
  if (!entry || std::find(entry->kinds.begin(), entry->kinds.end(), file->kind) == entry->kinds.end())
    throw RequestError(
        "analysis.not_supported", "\"" + analysis + "\" is not defined for " + file->kind + " models",
        entry ? "it is defined for " + kinds_text(entry->kinds) + " models"
              : "it is defined for scim models; " + file->kind + " models answer " + [&] {
                  std::vector<std::string> names;
                  for (const Analysis& a : analyses())
                    if (std::find(a.kinds.begin(), a.kinds.end(), file->kind) != a.kinds.end())
                      names.push_back(a.name);
                  return kinds_text(names);
                }());
  return entry->run(*file, params, progress);
}

}  // namespace motive::mdp
