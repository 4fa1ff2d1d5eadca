#include "meg/cid.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <unordered_map>

#include "core/diagnostics.h"
#include "meg/beta_fit.h"
#include "meg/soft.h"

namespace motive::meg {

using scim::DecisionRule;
using scim::Evaluator;
using scim::kMaxEnumeration;
using scim::Mechanism;
using scim::Policy;
using scim::Scim;
using scim::total_utility;
using scim::Variable;
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
// Actions whose values differ by at most this, relative to the largest |utility|, tie at β = ±∞.
constexpr double kTieTolerance = 1e-9;
// The most combinations of target outcomes an unknown-utility search optimises over.
constexpr int kMaxTargetOutcomes = 1 << 16;

SparseRows sparse_rows(const std::unordered_map<std::uint64_t, double>& joint, int rows, int columns) {
  SparseRows out(rows);
  std::vector<double> mass(rows, 0.0);
  for (const auto& [key, w] : joint) mass[key / columns] += w;
  for (const auto& [key, w] : joint)
    out[key / columns].emplace_back(static_cast<int>(key % columns), w / mass[key / columns]);
  for (auto& row : out) std::sort(row.begin(), row.end());
  return out;
}

void require_perfect_recall(const Scim& scim, const std::vector<int>& free) {
  for (std::size_t j = 1; j < free.size(); ++j) {
    const std::vector<int>& later = scim.variables[free[j]].mechanism.parents;
    auto observes = [&](int v) { return std::find(later.begin(), later.end(), v) != later.end(); };
    for (std::size_t i = 0; i < j; ++i) {
      const Variable& earlier = scim.variables[free[i]];
      int missing = !observes(free[i]) ? free[i] : -1;
      for (int p : earlier.mechanism.parents)
        if (missing < 0 && !observes(p)) missing = p;
      if (missing < 0) continue;
      const std::string later_name = "decision \"" + scim.variables[free[j]].name + "\"";
      throw RequestError(
          "analysis.not_supported",
          "MEG with several decisions needs perfect recall, but " + later_name +
              (missing == free[i] ? " does not observe the earlier decision \"" + earlier.name + "\""
                                  : " does not observe \"" + scim.variables[missing].name +
                                        "\", which the earlier decision \"" + earlier.name + "\" observes"),
          "give later decisions the earlier decisions and their observations as parents, or "
          "fix all but one decision with an intervention");
    }
  }
}

// Per (observation, action) of the last stage: its probability under the policy.
std::vector<double> last_weights(const std::vector<std::vector<double>>& reach, const StagePolicy& policy) {
  const std::vector<double>& r = reach.back();
  const std::vector<double>& pi = policy.back();
  std::vector<double> weights(pi.size());
  std::size_t actions = pi.size() / std::max<std::size_t>(1, r.size());
  for (std::size_t i = 0; i < pi.size(); ++i) weights[i] = r[i / actions] * pi[i];
  return weights;
}

double expected_utility(const std::vector<std::vector<double>>& reach, const StagePolicy& policy,
                        const std::vector<double>& utility) {
  std::vector<double> w = last_weights(reach, policy);
  double total = 0;
  for (std::size_t i = 0; i < w.size(); ++i)
    if (w[i] > 0) total += w[i] * utility[i];
  return total;
}

// Per stage: E_π[log π'(D | Pa_D)] (−∞ where π takes an action π' never takes).
std::vector<double> stage_likelihoods(const CidProcess& process,
                                      const std::vector<std::vector<double>>& reach, const StagePolicy& agent,
                                      const StagePolicy& model) {
  std::vector<double> out(process.stages.size(), 0.0);
  for (std::size_t k = 0; k < process.stages.size(); ++k) {
    int actions = process.stages[k].actions;
    double sum = 0;
    for (int c = 0; c < process.stages[k].observations; ++c) {
      if (reach[k][c] <= 0) continue;
      for (int a = 0; a < actions; ++a) {
        double p = agent[k][c * actions + a];
        if (p <= 0) continue;
        double q = model[k][c * actions + a];
        sum += q > 0 ? reach[k][c] * p * std::log(q) : -kInf;
      }
    }
    out[k] = sum;
  }
  return out;
}

double total(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += x;
  return s;
}

// Fills the known-utility witnesses of `utility` (last-stage action values) for `agent` at the fitted β.
CidMeg fit_known(const CidProcess& process, const StagePolicy& agent, const std::vector<double>& utility,
                 double scale, Ends ends) {
  CidMeg out;
  out.bound = process.bound();
  out.agent_policy = agent;
  out.occupancy = observation_probabilities(process, agent);
  out.expected_utility = expected_utility(out.occupancy, agent, utility);
  const double tie = kTieTolerance * scale;
  auto evaluate = [&](double beta) {
    StagePolicy q = soft_optimal_policy(process, utility, beta, tie, ends);
    BetaPoint point{expected_utility(observation_probabilities(process, q), q, utility),
                    total(stage_likelihoods(process, out.occupancy, agent, q))};
    if (std::isinf(beta)) {
      point.all_tied = true;
      for (std::size_t k = 0; k < q.size() && point.all_tied; ++k)
        for (double x : q[k]) point.all_tied = point.all_tied && x == 1.0 / process.stages[k].actions;
    }
    return point;
  };
  BetaFitOptions options;
  options.utility_scale = scale;
  BetaFit fit = fit_beta(evaluate, out.expected_utility, options);
  const BetaPoint minus = fit.minus_evaluated ? fit.minus : evaluate(-kInf);
  out.utility_range = fit.plus.expected_utility - minus.expected_utility;
  out.beta = fit.beta;
  out.maxent_policy = soft_optimal_policy(process, utility, fit.beta, tie, ends);
  out.maxent_expected_utility = fit.at.expected_utility;
  out.contributions = stage_likelihoods(process, out.occupancy, agent, out.maxent_policy);
  for (std::size_t k = 0; k < process.stages.size(); ++k)
    out.contributions[k] += std::log(process.stages[k].actions);
  out.meg = total(out.contributions);
  out.converged = fit.converged;
  out.iterations = fit.evaluations;
  out.gradient_norm = std::abs(fit.residual);
  out.tolerance = BetaFitOptions{}.residual_tolerance;
  return out;
}

// The policy under which the process is read: uniform at every free decision (so that every observation
// any policy reaches is reached), the model's own rule nowhere else (fixed decisions have mechanisms).
std::vector<DecisionRule> uniform_rules(const Scim& scim, const std::vector<int>& free) {
  std::vector<DecisionRule> rules;
  for (int d : scim.decisions) {
    const Variable& v = scim.variables[d];
    DecisionRule rule;
    if (std::find(free.begin(), free.end(), d) != free.end()) {
      rule.deterministic = false;
      rule.probabilities.assign(static_cast<std::size_t>(v.mechanism.configurations) * v.domain.size(),
                                1.0 / static_cast<double>(v.domain.size()));
    } else {
      rule.action.assign(std::max(1, v.mechanism.configurations), 0);
    }
    rules.push_back(std::move(rule));
  }
  return rules;
}

// Fills the process's distributions from the sums a walk or an elimination gathered.
void fill_process(CidProcess* process, const std::vector<std::unordered_map<std::uint64_t, double>>& joint,
                  const std::unordered_map<std::uint64_t, double>& target_joint,
                  const std::vector<double>& utility_sum, const std::vector<double>& mass) {
  for (std::size_t k = 0; k + 1 < process->stages.size(); ++k)
    process->stages[k].next =
        sparse_rows(joint[k], process->stages[k].observations * process->stages[k].actions,
                    process->stages[k + 1].observations);
  process->utility.assign(utility_sum.size(), 0.0);
  for (std::size_t i = 0; i < utility_sum.size(); ++i)
    if (mass[i] > 0) process->utility[i] = utility_sum[i] / mass[i];
  if (!process->targets.empty())
    process->target_distribution =
        sparse_rows(target_joint, static_cast<int>(utility_sum.size()), process->target_outcomes);
}

// The process from a walk over every setting under the uniform policy.
void walk_process(const Scim& scim, const Evaluator& base, const std::vector<int>& free, CidProcess* out,
                  const ProgressCallback& progress) {
  CidProcess& process = *out;
  const std::vector<int>& targets = process.targets;
  Policy uniform;
  uniform.name = "uniform";
  uniform.rules = uniform_rules(scim, free);
  Evaluator evaluator = base;
  evaluator.set_policy(&uniform);
  const std::size_t n = process.stages.size();
  const Stage& last = process.stages.back();
  process.initial.assign(process.stages.front().observations, 0.0);
  std::vector<std::unordered_map<std::uint64_t, double>> joint(n);  // stage k → k + 1
  std::unordered_map<std::uint64_t, double> target_joint;
  std::vector<double> utility_sum(static_cast<std::size_t>(last.observations) * last.actions, 0.0);
  std::vector<double> mass(utility_sum.size(), 0.0);
  std::vector<int> index(n);
  evaluator.run(
      [&](std::uint64_t, double w, const int32_t* values) {
        for (std::size_t k = 0; k < n; ++k) {
          const Stage& s = process.stages[k];
          index[k] =
              scim.variables[s.decision].mechanism.configuration(values) * s.actions + values[s.decision];
        }
        process.initial[index[0] / process.stages[0].actions] += w;
        for (std::size_t k = 0; k + 1 < n; ++k)
          joint[k][static_cast<std::uint64_t>(index[k]) * process.stages[k + 1].observations +
                   index[k + 1] / process.stages[k + 1].actions] += w;
        utility_sum[index[n - 1]] += w * total_utility(scim, values);
        mass[index[n - 1]] += w;
        if (!targets.empty()) {
          std::uint64_t t = 0;
          for (int v : targets) t = t * scim.variables[v].domain.size() + values[v];
          target_joint[static_cast<std::uint64_t>(index[n - 1]) * process.target_outcomes + t] += w;
        }
      },
      progress);
  fill_process(&process, joint, target_joint, utility_sum, mass);
}

// Calls visit(values, p, e) for every entry of a factor, with `values` (indexed by variable) holding the
// entry's configuration of the factor's variables.
template <class Visit>
void for_each_entry(const scim::Factor& f, std::vector<int32_t>* values, Visit&& visit) {
  const std::size_t width = f.variables.size();
  for (int v : f.variables) (*values)[v] = 0;
  for (std::size_t i = 0; i < f.p.size(); ++i) {
    visit(static_cast<const int32_t*>(values->data()), f.p[i], f.e.empty() ? 0.0 : f.e[i]);
    for (std::size_t j = width; j-- > 0;) {  // the last variable varies fastest
      int32_t& x = (*values)[f.variables[j]];
      if (++x < f.sizes[j]) break;
      x = 0;
    }
  }
}

// The same sums by variable elimination, under the same uniform policy: for each stage but the last, the
// joint distribution of its context (observation, action) and the next stage's observation (under perfect
// recall the next observation includes this context, so it is a factor over the next observation); for the
// last, the joint of its context and the targets, with the utilities' expectation. The first stage's
// observation is a marginal of the last factor (every later observation includes it).
void eliminate_process(const Scim& scim, const Evaluator& base, const std::vector<int>& free, CidProcess* out,
                       const ProgressCallback& progress) {
  CidProcess& process = *out;
  const std::vector<int>& targets = process.targets;
  scim::FactorGraph graph(scim, base);
  const std::vector<DecisionRule> uniform = uniform_rules(scim, free);
  std::vector<const DecisionRule*> rules;
  for (const DecisionRule& r : uniform) rules.push_back(&r);
  const std::size_t n = process.stages.size();
  const Stage& last = process.stages.back();
  std::vector<std::unordered_map<std::uint64_t, double>> joint(n);
  std::unordered_map<std::uint64_t, double> target_joint;
  std::vector<double> utility_sum(static_cast<std::size_t>(last.observations) * last.actions, 0.0);
  std::vector<double> mass(utility_sum.size(), 0.0);
  std::vector<int32_t> values(scim.variables.size(), 0);
  auto context_of = [&](std::size_t k, const int32_t* v) {
    const Stage& s = process.stages[k];
    return scim.variables[s.decision].mechanism.configuration(v) * s.actions + v[s.decision];
  };
  auto keep_of = [&](std::size_t k) {
    std::vector<int> keep = scim.variables[process.stages[k].decision].mechanism.parents;
    keep.push_back(process.stages[k].decision);
    return keep;
  };
  auto part = [&](std::size_t k) { return part_of(progress, static_cast<double>(k) / n, (k + 1.0) / n); };
  for (std::size_t k = 0; k + 1 < n; ++k) {
    std::vector<int> keep = keep_of(k);
    for (int p : scim.variables[process.stages[k + 1].decision].mechanism.parents) keep.push_back(p);
    std::sort(keep.begin(), keep.end());
    keep.erase(std::unique(keep.begin(), keep.end()), keep.end());
    const Mechanism& next = scim.variables[process.stages[k + 1].decision].mechanism;
    const auto observations = static_cast<std::uint64_t>(process.stages[k + 1].observations);
    scim::Factor f =
        scim::eliminate(graph.factors(rules, scim::kNoUtilities), keep, graph.domain_sizes(), part(k));
    for_each_entry(f, &values, [&](const int32_t* v, double p, double) {
      if (p > 0)
        joint[k][static_cast<std::uint64_t>(context_of(k, v)) * observations + next.configuration(v)] += p;
    });
  }
  std::vector<int> keep = keep_of(n - 1);
  for (int t : targets) keep.push_back(t);
  for (int p : scim.variables[process.stages[0].decision].mechanism.parents) keep.push_back(p);
  std::sort(keep.begin(), keep.end());
  keep.erase(std::unique(keep.begin(), keep.end()), keep.end());
  scim::Factor f =
      scim::eliminate(graph.factors(rules, scim::kAllUtilities), keep, graph.domain_sizes(), part(n - 1));
  const Mechanism& first = scim.variables[process.stages[0].decision].mechanism;
  process.initial.assign(process.stages.front().observations, 0.0);
  for_each_entry(f, &values, [&](const int32_t* v, double p, double e) {
    if (p <= 0) return;
    const int index = context_of(n - 1, v);
    process.initial[first.configuration(v)] += p;
    utility_sum[index] += e;
    mass[index] += p;
    if (!targets.empty()) {
      std::uint64_t t = 0;
      for (int x : targets) t = t * scim.variables[x].domain.size() + v[x];
      target_joint[static_cast<std::uint64_t>(index) * process.target_outcomes + t] += p;
    }
  });
  fill_process(&process, joint, target_joint, utility_sum, mass);
}

}  // namespace

double CidProcess::bound() const {
  double b = 0;
  for (const Stage& s : stages) b += std::log(s.actions);
  return b;
}

CidProcess cid_process(const Scim& scim, const Evaluator& base, const std::vector<int>& targets,
                       const ProgressCallback& progress, scim::InferenceMethod method) {
  std::vector<int> free;
  for (int d : scim.decisions)
    if (base.mechanism(d).table.empty()) free.push_back(d);
  if (free.empty())
    throw RequestError("analysis.not_supported", "MEG measures decisions, and this model has none left free",
                       "remove the interventions that fix its decisions");
  require_perfect_recall(scim, free);
  CidProcess process;
  process.targets = targets;
  double actions = 1;  // combinations of actions: the walk visits every setting once per combination
  for (int d : free) {
    const Variable& v = scim.variables[d];
    if (v.mechanism.configurations < 0 || static_cast<double>(v.mechanism.configurations) * v.domain.size() >
                                              static_cast<double>(kMaxEnumeration))
      throw RequestError("analysis.budget_exceeded", "decision \"" + v.name + "\" has too many observations",
                         "make its observations coarser");
    actions *= static_cast<double>(v.domain.size());
    Stage stage;
    stage.decision = d;
    stage.observations = v.mechanism.configurations;
    stage.actions = static_cast<int>(v.domain.size());
    process.stages.push_back(stage);
  }
  double target_count = 1;
  for (int t : targets) target_count *= static_cast<double>(scim.variables[t].domain.size());
  if (target_count > kMaxTargetOutcomes)
    throw RequestError("analysis.budget_exceeded",
                       "the target variables have " + std::to_string(static_cast<long long>(target_count)) +
                           " combinations of outcomes, more than the 65536 an unknown utility can range over",
                       "choose fewer or smaller target variables");
  process.target_outcomes = static_cast<int>(target_count);
  for (int u : scim.utilities) {
    double largest = 0;
    for (double x : scim.variables[u].utility) largest = std::max(largest, std::abs(x));
    process.utility_scale += largest;
  }
  // The walk's budget is on branches (settings × combinations of actions); a walk past it, or over a
  // model too large to enumerate, leaves elimination.
  const double branches = base.enumerable() ? static_cast<double>(base.setting_count()) * actions : kInf;
  if (method == scim::InferenceMethod::kAuto && !base.has_contextual() &&
      branches > static_cast<double>(kMaxEnumeration))
    method = scim::InferenceMethod::kEliminate;
  process.method = scim::choose_method(scim, base, method, actions, static_cast<double>(free.size()));
  if (process.method == scim::InferenceMethod::kEliminate) {
    eliminate_process(scim, base, free, &process, progress);
  } else {
    if (branches > static_cast<double>(kMaxEnumeration))
      throw RequestError("analysis.budget_exceeded",
                         "MEG walks every setting under every combination of actions: " +
                             std::to_string(static_cast<long long>(std::min(branches, 9e18))) +
                             " branches, more than the budget of 2^24",
                         "use \"method\": \"eliminate\" (it needs no walk), a model with fewer settings, or "
                         "smaller decision domains");
    walk_process(scim, base, free, &process, progress);
  }
  return process;
}

StagePolicy stage_policy(const Scim& scim, const CidProcess& process, const Policy& policy) {
  StagePolicy out;
  for (const Stage& s : process.stages) {
    std::size_t position =
        std::find(scim.decisions.begin(), scim.decisions.end(), s.decision) - scim.decisions.begin();
    const DecisionRule& rule = policy.rules[position];
    std::vector<double> p(static_cast<std::size_t>(s.observations) * s.actions, 0.0);
    for (int c = 0; c < s.observations; ++c)
      for (int a = 0; a < s.actions; ++a)
        p[c * s.actions + a] =
            rule.deterministic ? (rule.action[c] == a ? 1.0 : 0.0) : rule.probabilities[c * s.actions + a];
    out.push_back(std::move(p));
  }
  return out;
}

StagePolicy soft_optimal_policy(const CidProcess& process, const std::vector<double>& utility, double beta,
                                double tie, Ends ends) {
  const std::size_t n = process.stages.size();
  const bool extreme = std::isinf(beta);
  StagePolicy policy(n);
  std::vector<double> next_value, next_entropy, q, h;
  for (std::size_t k = n; k-- > 0;) {
    const Stage& s = process.stages[k];
    const std::size_t size = static_cast<std::size_t>(s.observations) * s.actions;
    q.assign(size, 0.0);
    h.assign(size, 0.0);
    if (k + 1 == n) {
      q = utility;
    } else {
      for (std::size_t i = 0; i < size; ++i)
        for (const auto& [c, p] : s.next[i]) {
          q[i] += p * next_value[c];
          if (extreme) h[i] += p * next_entropy[c];
        }
    }
    policy[k].assign(size, 0.0);
    std::vector<double> value(s.observations), entropy(s.observations, 0.0);
    for (int c = 0; c < s.observations; ++c) {
      const std::size_t row = static_cast<std::size_t>(c) * s.actions;
      if (extreme) {
        entropy[c] = extreme_row(&q[row], &h[row], s.actions, beta > 0, tie, &policy[k][row], nullptr, ends);
        value[c] = q[row];
        for (int a = 1; a < s.actions; ++a)
          value[c] = beta > 0 ? std::max(value[c], q[row + a]) : std::min(value[c], q[row + a]);
      } else {
        value[c] = soft_row(&q[row], s.actions, beta, &policy[k][row]);
      }
    }
    next_value = std::move(value);
    next_entropy = std::move(entropy);
  }
  return policy;
}

std::vector<std::vector<double>> observation_probabilities(const CidProcess& process,
                                                           const StagePolicy& policy) {
  const std::size_t n = process.stages.size();
  std::vector<std::vector<double>> reach(n);
  reach[0] = process.initial;
  for (std::size_t k = 0; k + 1 < n; ++k) {
    const Stage& s = process.stages[k];
    reach[k + 1].assign(process.stages[k + 1].observations, 0.0);
    for (int c = 0; c < s.observations; ++c) {
      if (reach[k][c] <= 0) continue;
      for (int a = 0; a < s.actions; ++a) {
        double w = reach[k][c] * policy[k][c * s.actions + a];
        if (w <= 0) continue;
        for (const auto& [next, p] : s.next[c * s.actions + a]) reach[k + 1][next] += w * p;
      }
    }
  }
  return reach;
}

CidMeg known_utility_meg(const CidProcess& process, const StagePolicy& agent, Ends ends) {
  return fit_known(process, agent, process.utility, process.utility_scale, ends);
}

CidMeg target_meg(const CidProcess& process, const StagePolicy& agent, const LbfgsOptions& options,
                  Ends ends) {
  const int outcomes = process.target_outcomes;
  const std::size_t rows = process.target_distribution.size();
  std::vector<std::vector<double>> reach = observation_probabilities(process, agent);
  // P_π(T = t): the features' expectation under the agent.
  std::vector<double> agent_last = last_weights(reach, agent);
  Eigen::VectorXd agent_targets = Eigen::VectorXd::Zero(outcomes);
  for (std::size_t i = 0; i < rows; ++i)
    for (const auto& [t, p] : process.target_distribution[i]) agent_targets[t] += agent_last[i] * p;
  auto utility_of = [&](const Eigen::VectorXd& u) {
    std::vector<double> r(rows, 0.0);
    for (std::size_t i = 0; i < rows; ++i)
      for (const auto& [t, p] : process.target_distribution[i]) r[i] += p * u[t];
    return r;
  };
  Objective objective = [&](const Eigen::VectorXd& u, Eigen::VectorXd* gradient) {
    std::vector<double> r = utility_of(u);
    StagePolicy q = soft_optimal_policy(process, r, 1.0, 0.0);
    if (gradient) {
      std::vector<double> w = last_weights(observation_probabilities(process, q), q);
      *gradient = agent_targets;
      for (std::size_t i = 0; i < rows; ++i)
        for (const auto& [t, p] : process.target_distribution[i]) (*gradient)[t] -= w[i] * p;
    }
    return total(stage_likelihoods(process, reach, agent, q));
  };
  LbfgsOptions search_options = options;
  if (search_options.decrement_tolerance <= 0)
    search_options.decrement_tolerance = 1e-12 * std::max(1.0, process.bound());
  LbfgsResult search = maximize_lbfgs(objective, Eigen::VectorXd::Zero(outcomes), search_options);
  // The utility direction found, scaled to [0, 1]; refit β along it so that the ends are exact.
  Eigen::VectorXd u = search.x;
  double lo = u.size() ? u.minCoeff() : 0, hi = u.size() ? u.maxCoeff() : 0;
  double range = hi - lo;
  Eigen::VectorXd scaled =
      range > 0 ? Eigen::VectorXd((u.array() - lo) / range) : Eigen::VectorXd::Zero(outcomes);
  CidMeg out = fit_known(process, agent, utility_of(scaled), 1.0, ends);
  out.inferred_utility.assign(scaled.data(), scaled.data() + scaled.size());
  const double searched = search.value + process.bound();
  if (searched > out.meg) {
    // Rounding in the refit: keep the search's own optimum, at β = range along the scaled utility.
    out.beta = range;
    out.maxent_policy = soft_optimal_policy(process, utility_of(scaled), range, 0.0);
    out.maxent_expected_utility = expected_utility(observation_probabilities(process, out.maxent_policy),
                                                   out.maxent_policy, utility_of(scaled));
    out.contributions = stage_likelihoods(process, out.occupancy, agent, out.maxent_policy);
    for (std::size_t k = 0; k < process.stages.size(); ++k)
      out.contributions[k] += std::log(process.stages[k].actions);
    out.meg = total(out.contributions);
  }
  report_search(search, options, &out);
  return out;
}

std::vector<double> cid_likelihood_curve(const CidProcess& process, const StagePolicy& agent,
                                         const std::vector<double>& betas, Ends ends) {
  std::vector<std::vector<double>> reach = observation_probabilities(process, agent);
  const double tie = kTieTolerance * process.utility_scale;
  std::vector<double> out;
  for (double beta : betas)
    out.push_back(total(stage_likelihoods(process, reach, agent,
                                          soft_optimal_policy(process, process.utility, beta, tie, ends))) +
                  process.bound());
  return out;
}

}  // namespace motive::meg
