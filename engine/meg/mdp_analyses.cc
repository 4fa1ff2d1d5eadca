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
#include "meg/numbers.h"

namespace motive::meg {
namespace {

using nlohmann::json;

constexpr double kInfinity = std::numeric_limits<double>::infinity();

[[noreturn]] void bad_parameter(const std::string& message, const std::string& hint = {}) {
  throw RequestError("request.bad_parameter", message, hint);
}

std::string choice_param(const json& params, const char* key, const std::vector<std::string>& choices,
                         const std::string& what) {
  auto it = params.find(key);
  if (it == params.end()) return choices.front();
  if (it->is_string() && std::find(choices.begin(), choices.end(), it->get<std::string>()) != choices.end())
    return it->get<std::string>();
  std::string list;
  for (const std::string& c : choices) list += (list.empty() ? "\"" : ", \"") + c + "\"";
  bad_parameter(std::string("\"") + key + "\" must be one of " + list + ", not " + json_text(*it), what);
}

std::string utility_param(const json& params) {
  return choice_param(params, "utility", {"known", "unknown"},
                      "\"known\" uses the model's utilities; \"unknown\" maximises over a class of state utilities");
}

Ends ends_param(const json& params) {
  return choice_param(params, "at_infinity", {"maxent", "uniform"},
                      "\"maxent\": π_±∞ is the limit of π_β; \"uniform\": uniform over the best (worst) actions") ==
                 "uniform"
             ? Ends::kUniform
             : Ends::kMaxEntropy;
}

int whole_param(const json& params, const char* key, int fallback, int low, int high) {
  auto it = params.find(key);
  if (it == params.end()) return fallback;
  if (!it->is_number() || it->get<double>() != std::floor(it->get<double>()) || it->get<double>() < low ||
      it->get<double>() > high)
    bad_parameter(std::string("\"") + key + "\" must be a whole number from " + std::to_string(low) + " to " +
                  std::to_string(high) + ", not " + json_text(*it));
  return static_cast<int>(it->get<double>());
}

// How the unknown utility is searched: the class, the MLP's shape and seed.
struct UnknownClass {
  std::string name = "tabular";
  MlpOptions mlp;
};

UnknownClass class_param(const json& params) {
  UnknownClass c;
  c.name = choice_param(params, "class", {"tabular", "mlp"},
                        "\"tabular\": any utility per state; \"mlp\": a small network over state features");
  c.mlp.hidden = whole_param(params, "hidden", c.mlp.hidden, 1, 256);
  c.mlp.seed = static_cast<std::uint64_t>(whole_param(params, "seed", 1, 0, 2147483647));
  return c;
}

ProgressCallback part_of(const ProgressCallback& progress, double from, double width) {
  if (!progress) return {};
  return [=](double f) { return progress(from + width * f); };
}

// L-BFGS options that report progress in [from, from + width) and stop the analysis when asked.
LbfgsOptions search_options(const ProgressCallback& progress, double from, double width) {
  LbfgsOptions options;
  options.on_iteration = [=](int iteration, double) {
    if (progress && !progress(from + width * iteration / (iteration + 50.0))) throw Cancelled();
    return true;
  };
  return options;
}

MdpMeg unknown_meg(const mdp::Variant& variant, const mdp::Policy& agent, const Eigen::VectorXd& occupancy,
                   const UnknownClass& c, const LbfgsOptions& options, const Eigen::VectorXd& start, Ends ends) {
  if (c.name == "mlp")
    return mlp_meg(variant.mdp, agent, occupancy, state_features(variant), c.mlp, options, start, ends);
  return state_utility_meg(variant.mdp, agent, occupancy, options, start, ends);
}

json meg_json(const MdpMeg& m, const mdp::Policy& agent, const std::string& utility) {
  json out = {{"meg", m.meg},
              {"bound", m.bound},
              {"utility", utility},
              {"beta", extended_number_json(m.beta)},
              {"expected_utility", m.expected_utility},
              {"maxent_expected_utility", m.maxent_expected_utility},
              // NaN when the fit did not need β = −∞: a deliberate null (docs/api.md), not a failed number.
              {"utility_range", std::isnan(m.utility_range) ? json(nullptr) : json(m.utility_range)},
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

// The variant a sweep point asks for: the base with a changed slip or discount.
mdp::Variant changed_variant(const mdp::Variant& base, const std::string& parameter, double value) {
  mdp::Variant v = base;
  if (parameter == "slip") {
    if (!v.grid) bad_parameter("\"slip\" can be swept only in gridworlds", "sweep \"discount\" or \"variant\"");
    if (!(value >= 0 && value <= 1)) bad_parameter("a slip must be from 0 to 1, not " + json(value).dump());
    v.grid->slip = value;
    v.mdp = mdp::build_gridworld_mdp(*v.grid);
  } else {
    bool horizon = base.mdp.horizon > 0;
    if (!(value >= 0 && (horizon ? value <= 1 : value < 1)))
      bad_parameter("a discount must be from 0 to " + std::string(horizon ? "1" : "below 1") + ", not " +
                    json(value).dump(), horizon ? "" : "without a horizon γ = 1 gives infinite values");
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
      case mdp::CellType::kStart: type = 1; break;
      case mdp::CellType::kGoal: type = 2; break;
      case mdp::CellType::kCliff: type = 3; break;
      case mdp::CellType::kCustom: type = 4; break;
      default: type = 0;
    }
    f(s, 2 + type) = 1;
    f(s, 2 + types) = m.terminal[s] ? 1 : 0;
    if (m.horizon > 0) f(s, columns - 1) = m.horizon > 1 ? static_cast<double>(m.time[s]) / (m.horizon - 1) : 0.0;
  }
  return f;
}

json meg_mdp_analysis(const mdp::MdpFile& file, const json& params, const ProgressCallback& progress) {
  const mdp::Variant& variant = mdp::variant_param(file, params);
  const mdp::Agent agent = mdp::agent_param(params);
  const std::string utility = utility_param(params);
  const UnknownClass unknown_class = class_param(params);
  const Ends ends = ends_param(params);
  const mdp::Mdp& m = variant.mdp;
  mdp::Policy policy = mdp::agent_policy(file, variant, agent, part_of(progress, 0, 0.2)).policy;
  Eigen::VectorXd occupancy = mdp::occupancy(m, policy);
  MdpMeg result = utility == "known"
                      ? known_utility_meg(m, m.reward, policy, occupancy, ends)
                      : unknown_meg(variant, policy, occupancy, unknown_class, search_options(progress, 0.2, 0.8),
                                    {}, ends);
  json out = meg_json(result, policy, utility);
  out["variant"] = variant.name;
  out["agent"] = mdp::agent_json(agent);
  out["at_infinity"] = ends == Ends::kUniform ? "uniform" : "maxent";
  if (utility == "unknown") out["class"] = unknown_class.name;
  if (auto sample = params.find("sample"); sample != params.end()) {
    if (!sample->is_object()) bad_parameter("\"sample\" must be an object {\"count\", \"length\", \"seed\"}");
    const int count = whole_param(*sample, "count", 1000, 1, 100000);
    const int length = whole_param(*sample, "length", 100, 1, 100000);
    const int seed = whole_param(*sample, "seed", 1, 0, 2147483647);
    if (static_cast<double>(count) * length > 1e7)
      bad_parameter("sample.count × sample.length may not exceed 10000000 steps");
    auto trajectories = mdp::sample_trajectories(m, policy, count, length, static_cast<std::uint64_t>(seed));
    SampledMeg sampled = sampled_known_meg(m, m.reward, trajectories, ends);
    out["sampled"] = {{"meg", sampled.meg},
                      {"standard_error", sampled.standard_error},
                      {"count", sampled.count},
                      {"beta", extended_number_json(sampled.beta)},
                      {"mean_return", sampled.mean_return}};
  }
  return out;
}

json meg_likelihood_mdp_analysis(const mdp::MdpFile& file, const json& params, const ProgressCallback& progress) {
  const mdp::Variant& variant = mdp::variant_param(file, params);
  const mdp::Agent agent = mdp::agent_param(params);
  if (utility_param(params) != "known")
    bad_parameter("the likelihood curve L(β) is drawn for the known utility", "leave \"utility\" out");
  const Ends ends = ends_param(params);
  const mdp::Mdp& m = variant.mdp;
  mdp::Policy policy = mdp::agent_policy(file, variant, agent, part_of(progress, 0, 0.3)).policy;
  Eigen::VectorXd occupancy = mdp::occupancy(m, policy);
  MdpMeg fit = known_utility_meg(m, m.reward, policy, occupancy, ends);
  if (std::isnan(fit.utility_range)) {
    SoftFamily family(m, m.reward, 1e-10, ends);
    fit.utility_range = family.solve(kInfinity).expected_utility - family.solve(-kInfinity).expected_utility;
  }
  std::vector<double> betas;
  if (auto list = params.find("betas"); list != params.end()) {
    if (!list->is_array()) bad_parameter("\"betas\" must be a list of numbers (or \"inf\", \"-inf\")");
    if (list->size() > 10000) bad_parameter("\"betas\" may list at most 10000 values");
    for (const json& b : *list) betas.push_back(extended_number_param(b, "every entry of \"betas\""));
  } else {
    betas = default_likelihood_betas(fit.beta, fit.utility_range);
  }
  std::vector<double> values = mdp_likelihood_curve(m, m.reward, policy, occupancy, betas, ends);
  json points = json::array();
  for (std::size_t i = 0; i < betas.size(); ++i)
    points.push_back({{"beta", extended_number_json(betas[i])}, {"likelihood", extended_number_json(values[i])}});
  return {{"points", points},
          {"beta_star", extended_number_json(fit.beta)},
          {"likelihood_star", fit.meg},
          {"bound", fit.bound},
          {"variant", variant.name},
          {"agent", mdp::agent_json(agent)}};
}

json meg_sweep_analysis(const mdp::MdpFile& file, const json& params, const ProgressCallback& progress) {
  const mdp::Variant& base = mdp::variant_param(file, params);
  const mdp::Agent base_agent = mdp::agent_param(params);
  const std::string parameter =
      choice_param(params, "parameter", {"epsilon", "beta", "slip", "discount", "variant"}, "what to vary");
  const UnknownClass unknown_class = class_param(params);
  const Ends ends = ends_param(params);
  bool want_known = true, want_unknown = true;
  if (auto u = params.find("utility"); u != params.end()) {
    json list = u->is_string() ? json::array({*u}) : *u;
    if (!list.is_array() || list.empty()) bad_parameter("\"utility\" must list \"known\" and/or \"unknown\"");
    want_known = want_unknown = false;
    for (const json& x : list) {
      if (x == "known") want_known = true;
      else if (x == "unknown") want_unknown = true;
      else bad_parameter("\"utility\" must list \"known\" and/or \"unknown\", not " + json_text(x));
    }
  }
  auto values = params.find("values");
  if (values == params.end() || !values->is_array() || values->empty())
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
      variant = &mdp::variant_param(file, json{{"variant", value}});
    } else {
      const double x = extended_number_param(value, "every entry of \"values\"");
      if (parameter == "epsilon") {
        if (!(x >= 0 && x <= 1)) bad_parameter("an epsilon must be from 0 to 1, not " + json_text(value));
        agent.kind = mdp::Agent::Kind::kEpsilonGreedy;
        agent.epsilon = x;
      } else if (parameter == "beta") {
        if (std::isnan(x)) bad_parameter("a beta must be a number or \"inf\"/\"-inf\"");
        if (std::isfinite(x) && std::abs(x) > mdp::kMaxSoftBeta)
          bad_parameter("a beta must be from -1e100 to 1e100, or \"inf\"/\"-inf\", not " + json_text(value),
                        "beyond 1e100 the soft policy is its limit: write \"inf\" (or \"-inf\")");
        agent.kind = mdp::Agent::Kind::kSoft;
        agent.beta = x;
      } else {
        if (!std::isfinite(x)) bad_parameter("a " + parameter + " must be a finite number");
        changed = changed_variant(base, parameter, x);
        variant = &*changed;
      }
    }
    const mdp::Mdp& m = variant->mdp;
    mdp::Policy policy = mdp::agent_policy(file, *variant, agent, part_of(progress, from, 0.1 * width)).policy;
    Eigen::VectorXd occupancy = mdp::occupancy(m, policy);
    json point = {{"value", value}};
    if (want_known) {
      MdpMeg known = known_utility_meg(m, m.reward, policy, occupancy, ends);
      point["known"] = known.meg;
      point["beta"] = extended_number_json(known.beta);
      point["bound"] = known.bound;
      point["expected_utility"] = known.expected_utility;
      point["known_converged"] = known.converged;
    }
    if (progress && !progress(from + 0.2 * width)) throw Cancelled();
    if (want_unknown) {
      // Warm start from the previous point's optimum (ignored when the number of parameters differs).
      MdpMeg unknown = unknown_meg(*variant, policy, occupancy, unknown_class,
                                   search_options(progress, from + 0.2 * width, 0.8 * width), warm, ends);
      warm = unknown.parameters;
      point["unknown"] = unknown.meg;
      point["unknown_beta"] = extended_number_json(unknown.beta);
      point["unknown_converged"] = unknown.converged;
      point["unknown_iterations"] = unknown.iterations;
      if (!want_known) point["bound"] = unknown.bound;
    }
    points.push_back(std::move(point));
    if (progress && !progress(static_cast<double>(i + 1) / n)) throw Cancelled();
  }
  json out = {{"parameter", parameter}, {"points", points}, {"variant", base.name},
              {"agent", mdp::agent_json(base_agent)}};
  if (want_unknown) out["class"] = unknown_class.name;
  return out;
}

}  // namespace motive::meg
