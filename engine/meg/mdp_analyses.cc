#include "meg/mdp_analyses.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostics.h"
#include "mdp/agents.h"
#include "mdp/analyses.h"
#include "mdp/solve.h"
#include "meg/beta_fit.h"
#include "meg/mdp_meg.h"

namespace motive::meg {
namespace {

using nlohmann::json;

constexpr double kInfinity = std::numeric_limits<double>::infinity();

[[noreturn]] void bad_parameter(const std::string& message, const std::string& hint = {}) {
  throw RequestError("request.bad_parameter", message, hint);
}

// How the unknown utility is searched: the class, the MLP's shape and seed.
struct UnknownClass {
  std::string name = "tabular";
  MlpOptions mlp;
};

UnknownClass class_param(const Params& params) {
  UnknownClass c;
  c.name = params.string("class");
  c.mlp.hidden = static_cast<int>(params.integer("hidden"));
  c.mlp.seed = static_cast<std::uint64_t>(params.integer("seed"));
  return c;
}

// L-BFGS options that report progress in [from, from + width) and stop the analysis when asked.
LbfgsOptions search_options(const Context& context, double from, double width) {
  LbfgsOptions options;
  options.on_iteration = [&context, from, width](int iteration, double) {
    context.report(from + width * iteration / (iteration + 50.0));
    return true;
  };
  return options;
}

MdpMeg unknown_meg(const mdp::Variant& variant, const mdp::Policy& agent, const Eigen::VectorXd& occupancy,
                   const UnknownClass& c, const LbfgsOptions& options, const Eigen::VectorXd& start,
                   Ends ends) {
  if (c.name == "mlp")
    return mlp_meg(variant.mdp, agent, occupancy, state_features(variant), c.mlp, options, start, ends);
  return state_utility_meg(variant.mdp, agent, occupancy, options, start, ends);
}

json meg_json(const MdpMeg& m, const mdp::Policy& agent, const std::string& utility) {
  json out = {{"meg", m.meg},
              {"bound", m.bound},
              {"utility", utility},
              {"beta", number_json(m.beta)},
              {"expected_utility", m.expected_utility},
              {"maxent_expected_utility", m.maxent_expected_utility},
              {"utility_range", number_json(m.utility_range)},
              {"maxent_policy", mdp::matrix_json(m.maxent_policy)},
              {"agent_policy", mdp::matrix_json(agent)},
              {"contributions", mdp::vector_json(m.contributions)},
              {"occupancy", mdp::vector_json(m.occupancy)},
              {"converged", m.converged},
              {"iterations", m.iterations},
              {"gradient_norm", m.gradient_norm},
              {"tolerance", m.tolerance}};
  if (utility == "unknown") {
    out["inferred_utility"] = mdp::vector_json(m.inferred_utility);
    out["stop"] = m.stop;
    out["decrement"] = m.decrement;
  }
  return out;
}

// The variant a sweep point asks for: the base with a changed slip (gridworlds: the mdp kind's spec
// offers no slip) or discount.
mdp::Variant changed_variant(const mdp::Variant& base, const std::string& parameter, double value) {
  mdp::Variant v = base;
  if (parameter == "slip") {
    if (!(value >= 0 && value <= 1)) bad_parameter("a slip must be from 0 to 1, not " + json(value).dump());
    v.grid->slip = value;
    v.mdp = mdp::build_gridworld_mdp(*v.grid);
  } else {
    bool horizon = base.mdp.horizon > 0;
    if (!(value >= 0 && (horizon ? value <= 1 : value < 1)))
      bad_parameter("a discount must be from 0 to " + std::string(horizon ? "1" : "below 1") + ", not " +
                        json(value).dump(),
                    horizon ? "" : "without a horizon γ = 1 gives infinite values");
    if (v.grid) {
      v.grid->discount = value;
      v.mdp = mdp::build_gridworld_mdp(*v.grid);
    } else {
      v.mdp.discount = value;
    }
  }
  return v;
}

}  // namespace

Eigen::MatrixXd state_features(const mdp::Variant& variant) {
  const mdp::Mdp& m = variant.mdp;
  if (!variant.grid) return Eigen::MatrixXd::Identity(m.states, m.states);
  const mdp::GridWorld& world = *variant.grid;
  const int types = 5;  // floor, start, goal, cliff, custom
  const int columns = 2 + types + 1 + (m.horizon > 0 ? 1 : 0);
  Eigen::MatrixXd f = Eigen::MatrixXd::Zero(m.states, columns);
  for (int s = 0; s < m.states; ++s) {
    const mdp::Cell cell = m.cell[s];
    f(s, 0) = world.rows > 1 ? static_cast<double>(cell.row) / (world.rows - 1) : 0.0;
    f(s, 1) = world.cols > 1 ? static_cast<double>(cell.col) / (world.cols - 1) : 0.0;
    const mdp::GridCell& g = world.at(cell.row, cell.col);
    int type = 0;
    switch (g.type) {
      case mdp::CellType::kStart:
        type = 1;
        break;
      case mdp::CellType::kGoal:
        type = 2;
        break;
      case mdp::CellType::kCliff:
        type = 3;
        break;
      case mdp::CellType::kCustom:
        type = 4;
        break;
      default:
        type = 0;
    }
    f(s, 2 + type) = 1;
    f(s, 2 + types) = m.terminal[s] ? 1 : 0;
    if (m.horizon > 0)
      f(s, columns - 1) = m.horizon > 1 ? static_cast<double>(m.time[s]) / (m.horizon - 1) : 0.0;
  }
  return f;
}

// Sample runs of the agent, and known-utility MEG estimated from them alone (meg.md §1): β fitted to
// the runs' mean return, the runs' log-likelihood under π_β, with its standard error over the runs.
json trajectories_analysis(const mdp::MdpFile& file, const Params& params, Context& context) {
  constexpr double kMaxSampledSteps = 1e7;
  const mdp::Variant& variant = mdp::variant_param(file, params);
  const mdp::Agent agent = mdp::agent_param(params.raw());
  const std::int64_t count = params.integer("count"), length = params.integer("length");
  if (static_cast<double>(count) * static_cast<double>(length) > kMaxSampledSteps)
    throw RequestError("request.bad_parameter", "count × length may not exceed 10000000 steps",
                       "ask for fewer or shorter trajectories");
  const mdp::Mdp& m = variant.mdp;
  // Training an agent and sampling share the progress: half each when the agent learns.
  const double trained = agent.kind == mdp::Agent::Kind::kQLearning ? 0.5 : 0;
  mdp::AgentPolicy p = mdp::agent_policy(file, variant, agent, context.part(0, trained));
  std::vector<std::vector<mdp::Step>> sampled =
      mdp::sample_trajectories(m, p.policy, static_cast<int>(count), static_cast<int>(length),
                               static_cast<std::uint64_t>(params.integer("seed")), context.part(trained, 1));
  // The reply lists the runs' steps up to kMaxListedSteps (about 10 MB of JSON): 10^7 steps took 2 GB
  // and a minute to write. The returns, their mean and the MEG estimate are those of every run.
  constexpr std::size_t kMaxListedSteps = 200'000;
  json trajectories = json::array(), returns = json::array();
  double total = 0;
  std::size_t listed = 0;
  for (const std::vector<mdp::Step>& trajectory : sampled) {
    const bool shown = listed + trajectory.size() <= kMaxListedSteps && trajectories.size() == returns.size();
    json steps = json::array();
    double sum = 0, discount = 1;
    for (const mdp::Step& step : trajectory) {
      if (shown)
        steps.push_back({{"state", step.state},
                         {"action", step.action},
                         {"utility", step.utility},
                         {"next_state", step.next_state < 0 ? json(nullptr) : json(step.next_state)}});
      sum += discount * step.utility;
      discount *= m.discount;
    }
    if (shown) {
      listed += trajectory.size();
      trajectories.push_back(std::move(steps));
    }
    returns.push_back(sum);
    total += sum;
  }
  const SampledMeg estimate = sampled_known_meg(m, m.reward, sampled);
  json out = {{"variant", variant.name},
              {"agent", mdp::agent_json(agent)},
              {"trajectories", trajectories},
              {"returns", returns},
              {"mean_return", total / static_cast<double>(count)},
              {"meg_estimate",
               {{"known", estimate.meg},
                {"standard_error", estimate.standard_error},
                {"count", estimate.count},
                {"beta", number_json(estimate.beta)}}}};
  if (trajectories.size() < returns.size())
    out["trajectories_left_out"] = {
        {"from", trajectories.size()},
        {"count", returns.size() - trajectories.size()},
        {"reason", "a reply lists at most 200,000 steps: the runs from " +
                       std::to_string(trajectories.size()) + " on are left out (their returns are given)"}};
  return out;
}

json meg_mdp_analysis(const mdp::MdpFile& file, const Params& params, Context& context) {
  const mdp::Variant& variant = mdp::variant_param(file, params);
  const mdp::Agent agent = mdp::agent_param(params.raw());
  const std::string utility = params.string("utility");
  const UnknownClass unknown_class = class_param(params);
  const Ends ends = ends_param(params);
  const mdp::Mdp& m = variant.mdp;
  mdp::Policy policy = mdp::agent_policy(file, variant, agent, context.part(0, 0.2)).policy;
  Eigen::VectorXd occupancy = mdp::occupancy(m, policy);
  MdpMeg result = utility == "known" ? known_utility_meg(m, m.reward, policy, occupancy, ends)
                                     : unknown_meg(variant, policy, occupancy, unknown_class,
                                                   search_options(context, 0.2, 0.8), {}, ends);
  json out = meg_json(result, policy, utility);
  out["variant"] = variant.name;
  out["agent"] = mdp::agent_json(agent);
  out["at_infinity"] = ends == Ends::kUniform ? "uniform" : "maxent";
  if (utility == "unknown") out["class"] = unknown_class.name;
  if (params.has("sample")) {
    static const std::vector<ParamSpec> kSample = {
        ParamSpec::integer("count", 1000, 1, 100000, "how many trajectories to sample"),
        ParamSpec::integer("length", 100, 1, 100000, "the most steps of each"),
        ParamSpec::integer("seed", 1, 0, kMaxWholeNumber, "the seed of the sampler")};
    const Params sample(params.get("sample"), kSample, "sample.");
    const std::int64_t count = sample.integer("count"), length = sample.integer("length");
    const std::uint64_t seed = static_cast<std::uint64_t>(sample.integer("seed"));
    if (static_cast<double>(count) * length > 1e7)
      bad_parameter("sample.count × sample.length may not exceed 10000000 steps");
    auto trajectories =
        mdp::sample_trajectories(m, policy, static_cast<int>(count), static_cast<int>(length), seed);
    SampledMeg sampled = sampled_known_meg(m, m.reward, trajectories, ends);
    out["sampled"] = {{"meg", sampled.meg},
                      {"standard_error", sampled.standard_error},
                      {"count", sampled.count},
                      {"beta", number_json(sampled.beta)},
                      {"mean_return", sampled.mean_return}};
  }
  return out;
}

json meg_likelihood_mdp_analysis(const mdp::MdpFile& file, const Params& params, Context& context) {
  const mdp::Variant& variant = mdp::variant_param(file, params);
  const mdp::Agent agent = mdp::agent_param(params.raw());
  const Ends ends = ends_param(params);
  const mdp::Mdp& m = variant.mdp;
  mdp::Policy policy = mdp::agent_policy(file, variant, agent, context.part(0, 0.3)).policy;
  Eigen::VectorXd occupancy = mdp::occupancy(m, policy);
  MdpMeg fit = known_utility_meg(m, m.reward, policy, occupancy, ends);
  if (std::isnan(fit.utility_range)) {
    SoftFamily family(m, m.reward, 1e-10, ends);
    fit.utility_range = family.solve(kInfinity).expected_utility - family.solve(-kInfinity).expected_utility;
  }
  std::vector<double> betas;
  if (params.has("betas")) {
    betas = params.numbers("betas");
    if (betas.size() > 10000) bad_parameter("\"betas\" may list at most 10000 values");
  } else {
    betas = default_likelihood_betas(fit.beta, fit.utility_range);
  }
  std::vector<double> values = mdp_likelihood_curve(m, m.reward, policy, occupancy, betas, ends);
  json points = json::array();
  for (std::size_t i = 0; i < betas.size(); ++i)
    points.push_back({{"beta", number_json(betas[i])}, {"likelihood", number_json(values[i])}});
  return {{"points", points},           {"beta_star", number_json(fit.beta)},
          {"likelihood_star", fit.meg}, {"bound", fit.bound},
          {"variant", variant.name},    {"agent", mdp::agent_json(agent)}};
}

json meg_sweep_analysis(const mdp::MdpFile& file, const Params& params, Context& context) {
  const mdp::Variant& base = mdp::variant_param(file, params);
  const mdp::Agent base_agent = mdp::agent_param(params.raw());
  const std::string parameter = params.string("parameter");
  const UnknownClass unknown_class = class_param(params);
  const Ends ends = ends_param(params);
  const std::vector<std::string> wanted = params.strings("utility");
  if (wanted.empty()) bad_parameter("\"utility\" must list \"known\", \"unknown\" or both");
  const bool want_known = std::find(wanted.begin(), wanted.end(), "known") != wanted.end();
  const bool want_unknown = std::find(wanted.begin(), wanted.end(), "unknown") != wanted.end();
  const json* values = &params.get("values");
  if (!values->is_array() || values->empty())
    bad_parameter("\"values\" must be a non-empty list of values of " + parameter);
  if (values->size() > 1000) bad_parameter("\"values\" may list at most 1000 values");
  json points = json::array();
  Eigen::VectorXd warm;  // the unknown-utility optimum of the previous point
  const std::size_t n = values->size();
  for (std::size_t i = 0; i < n; ++i) {
    const json& value = (*values)[i];
    const double from = static_cast<double>(i) / n, width = 1.0 / n;
    mdp::Agent agent = base_agent;
    std::optional<mdp::Variant> changed;
    const mdp::Variant* variant = &base;
    if (parameter == "variant") {
      if (!value.is_string()) bad_parameter("a \"variant\" sweep lists variant names");
      variant = &mdp::variant_named(file, value.get<std::string>());
    } else {
      const std::optional<double> number = number_value(value, parameter == "beta");
      if (!number)
        bad_parameter("every entry of \"values\" must be a number" +
                      std::string(parameter == "beta" ? ", \"inf\" or \"-inf\"" : "") + ", not " +
                      json_text(value));
      const double x = *number;
      if (parameter == "epsilon") {
        if (!(x >= 0 && x <= 1)) bad_parameter("an epsilon must be from 0 to 1, not " + json_text(value));
        agent.kind = mdp::Agent::Kind::kEpsilonGreedy;
        agent.epsilon = x;
      } else if (parameter == "beta") {
        if (std::isfinite(x) && std::abs(x) > mdp::kMaxSoftBeta)
          bad_parameter("a beta must be from -1e100 to 1e100, or \"inf\"/\"-inf\", not " + json_text(value),
                        "beyond 1e100 the soft policy is its limit: write \"inf\" (or \"-inf\")");
        agent.kind = mdp::Agent::Kind::kSoft;
        agent.beta = x;
      } else {
        changed = changed_variant(base, parameter, x);
        variant = &*changed;
      }
    }
    const mdp::Mdp& m = variant->mdp;
    mdp::Policy policy =
        mdp::agent_policy(file, *variant, agent, context.part(from, from + 0.1 * width)).policy;
    Eigen::VectorXd occupancy = mdp::occupancy(m, policy);
    json point = {{"value", value}};
    if (want_known) {
      MdpMeg known = known_utility_meg(m, m.reward, policy, occupancy, ends);
      point["known"] = known.meg;
      point["beta"] = number_json(known.beta);
      point["bound"] = known.bound;
      point["expected_utility"] = known.expected_utility;
      point["known_converged"] = known.converged;
    }
    context.report(from + 0.2 * width);
    if (want_unknown) {
      // Warm start from the previous point's optimum (ignored when the number of parameters differs).
      MdpMeg unknown = unknown_meg(*variant, policy, occupancy, unknown_class,
                                   search_options(context, from + 0.2 * width, 0.8 * width), warm, ends);
      warm = unknown.parameters;
      point["unknown"] = unknown.meg;
      point["unknown_beta"] = number_json(unknown.beta);
      point["unknown_converged"] = unknown.converged;
      point["unknown_iterations"] = unknown.iterations;
      if (!want_known) point["bound"] = unknown.bound;
    }
    points.push_back(std::move(point));
    context.report(static_cast<double>(i + 1) / n);
  }
  json out = {{"parameter", parameter},
              {"points", points},
              {"variant", base.name},
              {"agent", mdp::agent_json(base_agent)}};
  if (want_unknown) out["class"] = unknown_class.name;
  return out;
}

}  // namespace motive::meg
