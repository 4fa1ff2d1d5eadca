#include "meg/mdp_meg.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <unordered_map>

#include <Eigen/Dense>
#include <Eigen/SparseCholesky>

#include "mdp/fixed_point.h"
#include "mdp/random.h"
#include "mdp/solve.h"
#include "meg/beta_fit.h"
#include "meg/soft.h"

namespace motive::meg {
namespace {

using Eigen::MatrixXd;
using Eigen::VectorXd;
using mdp::fixed_point;
using mdp::FixedPoint;
using mdp::stop_threshold;

// The expected utility of a policy from its occupancy: Σ_s d(s) Σ_a π(a|s) r(s,a).
double occupancy_utility(const VectorXd& d, const mdp::Policy& pi, const MatrixXd& r) {
  double total = 0;
  for (Eigen::Index s = 0; s < d.size(); ++s)
    if (d[s] > 0) total += d[s] * pi.row(s).dot(r.row(s));
  return total;
}

// ν(s') = Σ_{s non-terminal, a} d(s) π(a|s) T(s'|s,a): the discounted rate of entering s', the gradient of
// E_π[𝒰] with respect to the state utilities of entering_rewards.
VectorXd entering_rates(const mdp::Mdp& mdp, const VectorXd& d, const mdp::Policy& pi) {
  VectorXd nu = VectorXd::Zero(mdp.states);
  for (int s = 0; s < mdp.states; ++s) {
    if (mdp.terminal[s] || d[s] <= 0) continue;
    for (int a = 0; a < mdp.actions; ++a) {
      double w = d[s] * pi(s, a);
      if (w <= 0) continue;
      for (mdp::Mdp::Row r = mdp.row(mdp.pair(s, a)); r.p != r.end; ++r.p, ++r.next) nu[*r.next] += w * *r.p;
    }
  }
  return nu;
}

// Finishes an unknown-utility result: the refit of β along the best utility found, u / max|u| (a positive
// scale keeps every soft-optimal policy; a uniform shift would not, since it changes what entering a terminal
// state is worth), so that the ends are exact; or the search's own optimum where rounding made the refit
// worse.
MdpMeg finish_unknown(const mdp::Mdp& mdp, const mdp::Policy& agent, const VectorXd& occupancy,
                      const LbfgsResult& search, const VectorXd& utility, const LbfgsOptions& options,
                      Ends ends) {
  const double size = utility.size() ? utility.cwiseAbs().maxCoeff() : 0.0;
  VectorXd scaled = size > 0 ? VectorXd(utility / size) : VectorXd(VectorXd::Zero(utility.size()));
  MdpMeg out = known_utility_meg(mdp, entering_rewards(mdp, scaled), agent, occupancy, ends);
  if (search.value > out.meg) {
    SoftFamily family(mdp, entering_rewards(mdp, scaled));
    SoftFamily::Point p = family.solve(size);
    out.beta = size;
    out.maxent_policy = family.policy();
    out.maxent_expected_utility = p.expected_utility;
    out.contributions = meg_contributions(mdp, occupancy, agent, family.log_policy());
    out.meg = out.contributions.sum();
  }
  out.inferred_utility = scaled;
  out.raw_utility = utility;
  out.parameters = search.x;
  report_search(search, options, &out);
  return out;
}

}  // namespace

SoftFamily::SoftFamily(const mdp::Mdp& mdp, const MatrixXd& r, double tolerance, Ends ends)
    : mdp_(mdp), tolerance_(tolerance), ends_(ends) {
  const int states = mdp.states, actions = mdp.actions;
  absorbing_ = mdp.absorbing_states();
  orders_ = mdp::sweep_orders(mdp);
  value_.assign(states, 0.0);
  policy_value_.assign(states, 0.0);
  policy_ = mdp::Policy::Constant(states, actions, 1.0 / actions);
  log_policy_ = Eigen::MatrixXd::Constant(states, actions, -std::log(static_cast<double>(actions)));
  set_utility(r);
}

void SoftFamily::set_utility(const MatrixXd& r) {
  const int states = mdp_.states, actions = mdp_.actions;
  reward_.resize(static_cast<std::size_t>(states) * actions);
  double largest = 0;
  for (int s = 0; s < states; ++s)
    for (int a = 0; a < actions; ++a) {
      reward_[s * actions + a] = r(s, a);
      largest = std::max(largest, std::abs(r(s, a)));
    }
  double steps = 0;  // Σ_t γ^t over the horizon
  if (mdp_.horizon > 0) {
    for (int t = 0; t < mdp_.horizon; ++t) steps += std::pow(mdp_.discount, t);
  } else {
    steps = 1 / (1 - mdp_.discount);
  }
  scale_ = largest * steps;
  solved_beta_ = std::numeric_limits<double>::quiet_NaN();
}

SoftFamily::Point SoftFamily::solve(double beta, bool evaluate) {
  if (beta == solved_beta_ && (!evaluate || !std::isnan(solved_.expected_utility))) return solved_;
  if (fresh_ && mdp_.horizon == 0) {
    // The first solve starts from V(s) = (worst, best or mean utility of s) / (1 − γ), on the far side of the
    // values for the sign of β: most of a state's value is often the utility it keeps paying (a step cost),
    // which sweeps from 0 would build up only as the geometric series 1 + γ + γ² + ... does.
    const int actions = mdp_.actions;
    for (int s = 0; s < mdp_.states; ++s) {
      const double* row = &reward_[static_cast<std::size_t>(s) * actions];
      double x = beta > 0   ? *std::min_element(row, row + actions)
                 : beta < 0 ? *std::max_element(row, row + actions)
                            : std::accumulate(row, row + actions, 0.0) / actions;
      value_[s] = x / (1 - mdp_.discount);
    }
  }
  Point p = std::isinf(beta) ? solve_extreme(beta > 0) : solve_finite(beta);
  if (fresh_) policy_value_ = value_;
  fresh_ = false;
  if (std::isinf(beta)) {
    // π_±∞ takes only best (worst) actions, so its values are the optimal (worst-case) ones.
    p.expected_utility = 0;
    for (int s = 0; s < mdp_.states; ++s) p.expected_utility += mdp_.start[s] * value_[s];
  } else if (evaluate) {
    evaluate_policy(&p);
  } else {
    p.expected_utility = std::numeric_limits<double>::quiet_NaN();
  }
  solved_beta_ = beta;
  solved_ = p;
  return p;
}

SoftFamily::Point SoftFamily::solve_finite(double beta) {
  const int states = mdp_.states, actions = mdp_.actions;
  const double gamma = mdp_.discount;
  Point p;
  if (beta == 0) {
    policy_.setConstant(1.0 / actions);
    log_policy_.setConstant(-std::log(static_cast<double>(actions)));
    p.converged = true;
    return p;
  }
  std::vector<double> q(actions), pi(actions), log_pi(actions);
  for (int s = 0; s < states; ++s)
    if (absorbing_[s]) value_[s] = soft_row(&reward_[s * actions], actions, beta, pi.data()) / (1 - gamma);
  // |Q' − Q'*| ≤ tolerance in Q' = βQ units, and never looser than tolerance relative to the scale.
  const double unit = std::max(1.0, scale_);
  const double error_allowed = tolerance_ * unit / std::max(1.0, std::abs(beta) * unit);
  auto sweep = [&](const std::vector<int>& order, double* value) {
    for (int s : order) {
      if (absorbing_[s]) continue;
      const int base = s * actions;
      for (int a = 0; a < actions; ++a) q[a] = reward_[base + a] + gamma * mdp_.expected(base + a, value);
      value[s] = soft_row(q.data(), actions, beta, pi.data());
    }
  };
  const FixedPoint solved = fixed_point(&value_, orders_, sweep, gamma, error_allowed);
  p.sweeps = solved.sweeps;
  p.converged = solved.converged;
  for (int s = 0; s < states; ++s) {
    const int base = s * actions;
    for (int a = 0; a < actions; ++a)
      q[a] = reward_[base + a] + gamma * mdp_.expected(base + a, value_.data());
    soft_row(q.data(), actions, beta, pi.data(), log_pi.data());
    for (int a = 0; a < actions; ++a) policy_(s, a) = pi[a], log_policy_(s, a) = log_pi[a];
  }
  return p;
}

SoftFamily::Point SoftFamily::solve_extreme(bool best) {
  const int states = mdp_.states, actions = mdp_.actions;
  const double gamma = mdp_.discount;
  Point p;
  auto better = [best](double x, double y) { return best ? std::max(x, y) : std::min(x, y); };
  // The optimal (worst-case) values, by value iteration.
  for (int s = 0; s < states; ++s)
    if (absorbing_[s]) {
      double m = reward_[s * actions];
      for (int a = 1; a < actions; ++a) m = better(m, reward_[s * actions + a]);
      value_[s] = m / (1 - gamma);
    }
  auto value_sweep = [&](const std::vector<int>& order, double* value) {
    for (int s : order) {
      if (absorbing_[s]) continue;
      const int base = s * actions;
      double m = reward_[base] + gamma * mdp_.expected(base, value);
      for (int a = 1; a < actions; ++a)
        m = better(m, reward_[base + a] + gamma * mdp_.expected(base + a, value));
      value[s] = m;
    }
  };
  // To the rounding of the values, so that the best actions are told from near ties as finely as the
  // values allow (as value_iteration does): the tie tolerance is what the last residual proves.
  const FixedPoint solved = fixed_point(&value_, orders_, value_sweep, gamma, 0.0);
  p.sweeps = solved.sweeps;
  double largest_value = 0;
  for (double v : value_) largest_value = std::max(largest_value, std::abs(v));
  const bool converged =
      solved.converged ||
      solved.residual <= stop_threshold(gamma, tolerance_ * std::max(1.0, scale_), largest_value);
  std::vector<double> q(static_cast<std::size_t>(states) * actions);
  double largest_q = 0;
  for (int s = 0; s < states; ++s)
    for (int a = 0; a < actions; ++a) {
      q[s * actions + a] = reward_[s * actions + a] + gamma * mdp_.expected(s * actions + a, value_.data());
      largest_q = std::max(largest_q, std::abs(q[s * actions + a]));
    }
  // The entropy to go H of the maximum-entropy optimal (worst) continuation, in the log-mean-exp convention:
  // H(s) = log Σ_{a best} exp(h(s,a)) − log|A|, h(s,a) = γ Σ_s' T(s'|s,a) H(s').
  const double tie = mdp::tie_tolerance(mdp_, solved.residual, largest_value, largest_q);
  const double log_actions = std::log(static_cast<double>(actions));
  std::vector<double> entropy(states, 0.0), h(actions), pi(actions), log_pi(actions);
  for (int s = 0; s < states; ++s)
    if (absorbing_[s]) {
      int count = 0;
      double m = q[s * actions];
      for (int a = 1; a < actions; ++a) m = better(m, q[s * actions + a]);
      for (int a = 0; a < actions; ++a) count += std::abs(q[s * actions + a] - m) <= tie;
      entropy[s] = (std::log(static_cast<double>(count)) - log_actions) / (1 - gamma);
    }
  // The best (worst) actions of each state; where every state that is not absorbing has one, the policy is
  // that action whatever the entropy.
  std::vector<int> first_best(states), best_count(states);
  bool ties = false;
  all_tied_ = true;
  for (int s = 0; s < states; ++s) {
    const int base = s * actions;
    double m = q[base];
    for (int a = 1; a < actions; ++a) m = better(m, q[base + a]);
    int count = 0, first = -1;
    for (int a = 0; a < actions; ++a)
      if (std::abs(q[base + a] - m) <= tie) {
        if (first < 0) first = a;
        ++count;
      }
    first_best[s] = first, best_count[s] = count;
    all_tied_ = all_tied_ && count == actions;
    if (!absorbing_[s]) ties = ties || count > 1;
  }
  bool entropy_converged = true;
  if (ends_ == Ends::kMaxEntropy && ties) {
    auto entropy_sweep = [&](const std::vector<int>& order, double* x) {
      for (int s : order) {
        if (absorbing_[s]) continue;
        const int base = s * actions;
        if (best_count[s] == 1) {  // log Σ_best exp(h) of one action is its h: no exp, no log
          x[s] = gamma * mdp_.expected(base + first_best[s], x) - log_actions;
          continue;
        }
        for (int a = 0; a < actions; ++a)
          h[a] = std::abs(q[base + a] - q[base + first_best[s]]) <= tie ? gamma * mdp_.expected(base + a, x)
                                                                        : 0.0;
        x[s] = extreme_row(&q[base], h.data(), actions, best, tie, pi.data()) - log_actions;
      }
    };
    const FixedPoint spread = fixed_point(&entropy, orders_, entropy_sweep, gamma, tolerance_);
    p.sweeps += spread.sweeps;
    entropy_converged = spread.converged;
  }
  policy_.setZero();
  log_policy_.setConstant(-HUGE_VAL);
  for (int s = 0; s < states; ++s) {
    const int base = s * actions;
    if (best_count[s] == 1) {
      policy_(s, first_best[s]) = 1, log_policy_(s, first_best[s]) = 0;
      continue;
    }
    for (int a = 0; a < actions; ++a)
      h[a] = std::abs(q[base + a] - q[base + first_best[s]]) <= tie
                 ? gamma * mdp_.expected(base + a, entropy.data())
                 : 0.0;
    extreme_row(&q[base], h.data(), actions, best, tie, pi.data(), log_pi.data(), ends_);
    for (int a = 0; a < actions; ++a) policy_(s, a) = pi[a], log_policy_(s, a) = log_pi[a];
  }
  p.converged = converged && entropy_converged;
  return p;
}

void SoftFamily::evaluate_policy(Point* point) {
  // W = V_{π_β}, each state's equation solved for its own value (self-loops are exact).
  const int states = mdp_.states, actions = mdp_.actions;
  const double gamma = mdp_.discount;
  auto sweep = [&](const std::vector<int>& order, double* w) {
    for (int s : order) {
      double own = 0, rest = 0;
      for (int a = 0; a < actions; ++a) {
        const double pa = policy_(s, a);
        if (pa == 0) continue;
        const int k = mdp_.pair(s, a);
        rest += pa * reward_[k];
        for (mdp::Mdp::Row r = mdp_.row(k); r.p != r.end; ++r.p, ++r.next) {
          if (*r.next == s) own += pa * *r.p;
          else rest += gamma * pa * *r.p * w[*r.next];
        }
      }
      w[s] = rest / (1 - gamma * own);
    }
  };
  const FixedPoint solved =
      fixed_point(&policy_value_, orders_, sweep, gamma, tolerance_ * std::max(1.0, scale_));
  point->sweeps += solved.sweeps;
  point->converged = point->converged && solved.converged;
  double eu = 0;
  for (int s = 0; s < states; ++s) eu += mdp_.start[s] * policy_value_[s];
  point->expected_utility = eu;
}

VectorXd SoftFamily::occupancy() {
  const int states = mdp_.states, actions = mdp_.actions;
  if (in_start_.empty()) {
    // The transitions into each state, once: (pair s·A + a, probability) lists.
    in_start_.assign(states + 1, 0);
    for (std::size_t e = 0; e < mdp_.next_state.size(); ++e) ++in_start_[mdp_.next_state[e] + 1];
    for (int s = 0; s < states; ++s) in_start_[s + 1] += in_start_[s];
    in_pair_.resize(mdp_.next_state.size());
    in_probability_.resize(mdp_.next_state.size());
    std::vector<int> fill(in_start_.begin(), in_start_.end() - 1);
    for (int k = 0; k < states * actions; ++k)
      for (mdp::Mdp::Row r = mdp_.row(k); r.p != r.end; ++r.p, ++r.next) {
        const int slot = fill[*r.next]++;
        in_pair_[slot] = k;
        in_probability_[slot] = *r.p;
      }
  }
  // d(s) (1 − γ P_π(s|s)) = μ(s) + γ Σ_{s' ≠ s} P_π(s|s') d(s'), each state's equation solved for its own
  // value.
  const double gamma = mdp_.discount;
  const double* pi = policy_.data();  // column-major: π(a|s) at a·S + s
  auto sweep = [&](const std::vector<int>& order, double* d) {
    for (int s : order) {
      double inflow = 0, own = 0;
      for (int e = in_start_[s]; e < in_start_[s + 1]; ++e) {
        const int k = in_pair_[e], from = k / actions;
        const double w = pi[(k % actions) * states + from] * in_probability_[e];
        if (from == s) own += w;
        else inflow += w * d[from];
      }
      d[s] = (mdp_.start[s] + gamma * inflow) / (1 - gamma * own);
    }
  };
  if (occupancy_.size() != static_cast<std::size_t>(states)) occupancy_.assign(states, 0.0);
  if (mdp_.horizon > 0) {
    // Occupancy flows forward in time: first to last state, exact in one sweep.
    const std::vector<std::vector<int>> forward = {{orders_.front().rbegin(), orders_.front().rend()}};
    fixed_point(&occupancy_, forward, sweep, gamma, tolerance_, true);
  } else {
    fixed_point(&occupancy_, orders_, sweep, gamma, tolerance_, true);
  }
  return Eigen::Map<const VectorXd>(occupancy_.data(), states);
}

VectorXd meg_contributions(const mdp::Mdp& mdp, const VectorXd& occupancy, const mdp::Policy& agent,
                           const MatrixXd& log_predictor) {
  const double log_actions = std::log(static_cast<double>(mdp.actions));
  VectorXd c = VectorXd::Zero(mdp.states);
  for (int s = 0; s < mdp.states; ++s) {
    if (occupancy[s] <= 0) continue;
    double sum = 0;
    for (int a = 0; a < mdp.actions; ++a) {
      const double p = agent(s, a);
      if (p <= 0) continue;
      sum += p * (log_predictor(s, a) + log_actions);
    }
    c[s] = occupancy[s] * sum;
  }
  return c;
}

MdpMeg known_utility_meg(const mdp::Mdp& mdp, const MatrixXd& r, const mdp::Policy& agent, VectorXd occupancy,
                         Ends ends) {
  MdpMeg out;
  if (occupancy.size() != mdp.states) occupancy = mdp::occupancy(mdp, agent);
  out.occupancy = occupancy;
  out.bound = std::log(static_cast<double>(mdp.actions)) * occupancy.sum();
  out.expected_utility = occupancy_utility(occupancy, agent, r);
  // |Q'_β − Q'*| ≤ 1e-9 in every solve: L to about 2e-9 per unit of occupancy, far below what MEG is read at.
  SoftFamily family(mdp, r, 1e-9, ends);
  auto evaluate = [&](double beta) {
    SoftFamily::Point p = family.solve(beta);
    BetaPoint point{p.expected_utility, meg_contributions(mdp, occupancy, agent, family.log_policy()).sum()};
    point.all_tied = std::isinf(beta) && family.all_tied();
    return point;
  };
  BetaFitOptions options;
  options.utility_scale = family.scale();
  // The solves are accurate to about 1e-9: so is β; L is located to 1e-12 of the maximum along the fit.
  options.residual_tolerance = 1e-9;
  options.beta_tolerance = 1e-10;
  options.likelihood_tolerance = 1e-12;
  BetaFit fit = fit_beta(evaluate, out.expected_utility, options);
  SoftFamily::Point at = family.solve(fit.beta);
  out.beta = fit.beta;
  out.maxent_policy = family.policy();
  out.maxent_expected_utility = at.expected_utility;
  out.utility_range = fit.minus_evaluated ? fit.plus.expected_utility - fit.minus.expected_utility
                                          : std::numeric_limits<double>::quiet_NaN();
  out.contributions = meg_contributions(mdp, occupancy, agent, family.log_policy());
  out.meg = out.contributions.sum();
  out.converged = fit.converged && at.converged;
  out.iterations = fit.evaluations;
  out.gradient_norm = std::abs(fit.residual);
  out.tolerance = options.residual_tolerance * std::max(1.0, family.scale());
  return out;
}

MatrixXd entering_rewards(const mdp::Mdp& mdp, const VectorXd& u) {
  MatrixXd r(mdp.states, mdp.actions);
  for (int s = 0; s < mdp.states; ++s)
    for (int a = 0; a < mdp.actions; ++a)
      r(s, a) = mdp.terminal[s] ? 0.0 : mdp.expected(mdp.pair(s, a), u.data());
  return r;
}

namespace {

// Known-utility MEG's log-likelihood in the coordinates w = u + γ V_u (see state_utility_meg): with
// Q_w(s, a) = Σ_s' T(s'|s,a) w(s'), π_w = softmax_a Q_w, and the agent's occupancy d fixed,
//   f(w) = Σ_{s not terminal} d(s) [Σ_a π(a|s) log π_w(a|s) + log|A|]   (MEG at u, terminal states add 0)
//   ∂f/∂w(s') = ν_π(s') − Σ_s d(s) Σ_a π_w(a|s) T(s'|s,a),
// one pass over the transitions: a multinomial logistic regression, concave in w.
class EnteringLikelihood {
 public:
  EnteringLikelihood(const mdp::Mdp& mdp, const mdp::Policy& agent, const VectorXd& occupancy)
      : mdp_(mdp),
        agent_(agent),
        occupancy_(occupancy),
        q_(mdp.actions),
        agent_rates_(entering_rates(mdp, occupancy, agent)) {
    const double log_actions = std::log(static_cast<double>(mdp.actions));
    for (int s = 0; s < mdp.states; ++s)
      if (!mdp.terminal[s] && occupancy[s] > 0) {
        visited_.push_back(s);
        offset_ += occupancy[s] * log_actions;
      }
  }

  double operator()(const VectorXd& w, VectorXd* gradient) {
    const int actions = mdp_.actions;
    if (gradient) *gradient = agent_rates_;
    double total = offset_;
    for (int s : visited_) {
      const double d = occupancy_[s];
      double top = -std::numeric_limits<double>::infinity();
      for (int a = 0; a < actions; ++a) top = std::max(top, q_[a] = mdp_.expected(mdp_.pair(s, a), w.data()));
      double sum = 0;
      for (int a = 0; a < actions; ++a) sum += std::exp(q_[a] - top);
      const double log_sum = top + std::log(sum);
      for (int a = 0; a < actions; ++a) {
        const double log_pi = q_[a] - log_sum;
        if (agent_(s, a) > 0) total += d * agent_(s, a) * log_pi;
        if (!gradient) continue;
        const double w_sa = d * std::exp(log_pi);
        for (mdp::Mdp::Row r = mdp_.row(mdp_.pair(s, a)); r.p != r.end; ++r.p, ++r.next)
          (*gradient)[*r.next] -= w_sa * *r.p;
      }
    }
    return total;
  }

  // The curvature −∇²f(w) = Σ_s d(s) T_sᵀ (diag π_w − π_w π_wᵀ) T_s (T_s: s's transition rows, A × the
  // states they reach), as triplets: a few states per visited state, so the matrix is as sparse as the MDP.
  void curvature(const VectorXd& w, std::vector<Eigen::Triplet<double>>* out) {
    const int actions = mdp_.actions;
    out->clear();
    std::vector<int> reach;
    std::vector<double> rows, pi(actions), mean;
    for (int s : visited_) {
      reach.clear();
      for (int a = 0; a < actions; ++a)
        for (mdp::Mdp::Row r = mdp_.row(mdp_.pair(s, a)); r.p != r.end; ++r.p, ++r.next)
          if (std::find(reach.begin(), reach.end(), *r.next) == reach.end()) reach.push_back(*r.next);
      const int m = static_cast<int>(reach.size());
      rows.assign(static_cast<std::size_t>(actions) * m, 0.0);
      double top = -std::numeric_limits<double>::infinity();
      for (int a = 0; a < actions; ++a) {
        q_[a] = 0;
        for (mdp::Mdp::Row r = mdp_.row(mdp_.pair(s, a)); r.p != r.end; ++r.p, ++r.next) {
          const int k = static_cast<int>(std::find(reach.begin(), reach.end(), *r.next) - reach.begin());
          rows[a * m + k] += *r.p;
          q_[a] += *r.p * w[*r.next];
        }
        top = std::max(top, q_[a]);
      }
      double sum = 0;
      for (int a = 0; a < actions; ++a) sum += pi[a] = std::exp(q_[a] - top);
      mean.assign(m, 0.0);  // T_sᵀ π
      for (int a = 0; a < actions; ++a) {
        pi[a] /= sum;
        for (int k = 0; k < m; ++k) mean[k] += pi[a] * rows[a * m + k];
      }
      const double d = occupancy_[s];
      for (int i = 0; i < m; ++i)
        for (int j = 0; j < m; ++j) {
          double second = 0;
          for (int a = 0; a < actions; ++a) second += pi[a] * rows[a * m + i] * rows[a * m + j];
          // Every entry, zeros too: the pattern must not change between factorisations.
          out->emplace_back(reach[i], reach[j], d * (second - mean[i] * mean[j]));
        }
    }
  }

  // u = w − γ V_w, V_w(s) = log-mean-exp_a Q_w(s, a) (0 in terminal states): the state utilities whose
  // soft values give these Q.
  VectorXd utility(const VectorXd& w) {
    const int actions = mdp_.actions;
    VectorXd u = w;
    for (int s = 0; s < mdp_.states; ++s) {
      if (mdp_.terminal[s]) continue;
      double top = -std::numeric_limits<double>::infinity();
      for (int a = 0; a < actions; ++a) top = std::max(top, q_[a] = mdp_.expected(mdp_.pair(s, a), w.data()));
      double sum = 0;
      for (int a = 0; a < actions; ++a) sum += std::exp(q_[a] - top);
      u[s] -= mdp_.discount * (top + std::log(sum / actions));
    }
    return u;
  }

  // π_w and log π_w in every state (uniform in terminal states).
  void policy(const VectorXd& w, mdp::Policy* pi, MatrixXd* log_pi) {
    const int actions = mdp_.actions;
    pi->resize(mdp_.states, actions);
    log_pi->resize(mdp_.states, actions);
    for (int s = 0; s < mdp_.states; ++s) {
      double top = 0, log_sum = std::log(static_cast<double>(actions));
      if (!mdp_.terminal[s]) {
        top = -std::numeric_limits<double>::infinity();
        for (int a = 0; a < actions; ++a)
          top = std::max(top, q_[a] = mdp_.expected(mdp_.pair(s, a), w.data()));
        double sum = 0;
        for (int a = 0; a < actions; ++a) sum += std::exp(q_[a] - top);
        log_sum = top + std::log(sum);
      }
      for (int a = 0; a < actions; ++a) {
        (*log_pi)(s, a) = (mdp_.terminal[s] ? top : q_[a]) - log_sum;
        (*pi)(s, a) = std::exp((*log_pi)(s, a));
      }
    }
  }

  const VectorXd& agent_rates() const { return agent_rates_; }

 private:
  const mdp::Mdp& mdp_;
  const mdp::Policy& agent_;
  const VectorXd& occupancy_;
  std::vector<double> q_;
  VectorXd agent_rates_;
  std::vector<int> visited_;  // states the agent visits that are not terminal
  double offset_ = 0;         // log|A| Σ_visited d(s)
};

}  // namespace

// The search runs in w = u + γ V_u, not in u. The soft values of u solve V(s) = log-mean-exp_a Σ_s'
// T(s'|s,a)(u(s') + γ V(s')), so Q_u(s, a) = Σ_s' T(s'|s,a) w(s') is linear in w and π_u = softmax Q_w
// needs no fixed point; conversely every w is some u's (u = w − γ V_w, V_w in closed form), so the maxima
// agree. The objective is then a multinomial logistic regression, each evaluation one pass over the
// transitions (the search in u needed a soft value iteration and an occupancy solve per evaluation, and saw
// the problem through (I − γ P)^-1). Its curvature is a sparse matrix shaped like the MDP (a graph Laplacian
// of the states the visited ones reach), badly conditioned on large maps (first-order methods needed over a
// thousand iterations at 60 × 60), so the search is Newton's method: each step solves the curvature system by
// a sparse LDLᵀ factorisation (its pattern analysed once), damped as Levenberg–Marquardt does (the damping
// grows when a step must be shortened, shrinks when a whole step succeeds), with a backtracking line search.
// It stops when the Newton decrement ½ g·p, the increase the quadratic model predicts, is at most the
// decrement tolerance, or the gradient's largest entry at most the gradient tolerance.
MdpMeg state_utility_meg(const mdp::Mdp& mdp, const mdp::Policy& agent, const VectorXd& occupancy,
                         const LbfgsOptions& options, const VectorXd& start, Ends ends) {
  using Sparse = Eigen::SparseMatrix<double>;
  const int n = mdp.states;
  EnteringLikelihood likelihood(mdp, agent, occupancy);
  // Adding a constant to w adds it to Q_w(s, ·) times the mass of s's transition rows: where every action of
  // each visited state has the same mass (1, or 0 at a horizon's end), no policy changes, so the maximum is a
  // line (in u: k (1 − γ·mass) added to every state's utility). The steps keep to one point of it (weights
  // ρ: Σ ρ w = 0 from the start on), so that β* and the inferred utility do not depend on the path the
  // search took, nor on the platform.
  bool flat = true;
  for (int s = 0; s < n && flat; ++s) {
    if (mdp.terminal[s] || occupancy[s] <= 0) continue;
    double mass0 = 0;
    for (int a = 0; a < mdp.actions && flat; ++a) {
      double mass = 0;
      for (mdp::Mdp::Row r = mdp.row(mdp.pair(s, a)); r.p != r.end; ++r.p) mass += *r.p;
      if (a == 0) mass0 = mass;
      flat = std::abs(mass - mass0) <= 1e-12;
    }
  }
  VectorXd rho = likelihood.agent_rates() + entering_rates(mdp, occupancy, mdp::uniform_policy(mdp));
  rho.array() += 1e-3 * std::max(rho.maxCoeff(), 1e-300);
  auto pin = [&](VectorXd& x) {
    if (flat) x.array() -= rho.dot(x) / rho.sum();
  };
  VectorXd w = VectorXd::Zero(n), gradient(n), trial(n), trial_gradient(n), step(n);
  if (start.size() == n && start.cwiseAbs().maxCoeff() > 0) {
    // A warm start (a sweep's previous optimum, in w): its best multiple c·start, c ≥ 0, where the derivative
    // along it, ∇f(c·start)·start (decreasing: f is concave), changes sign; 0 if it is negative at once.
    auto slope = [&](double c) {
      likelihood(c * start, &gradient);
      return gradient.dot(start);
    };
    double low = 0, high = 1;
    if (slope(0) > 0) {
      for (int i = 0; i < 60 && slope(high) > 0; ++i) low = high, high *= 2;
      for (int i = 0; i < 60 && high - low > 1e-6 * high; ++i)
        (slope(0.5 * (low + high)) > 0 ? low : high) = 0.5 * (low + high);
      w = low * start;
      pin(w);
    }
  }
  const double decrement_tolerance =
      options.decrement_tolerance > 0
          ? options.decrement_tolerance
          : kDecrementTolerance * std::max(1.0, occupancy.sum() * std::log(mdp.actions));
  // The gradient tolerance is stated for u: ∂f/∂u = (∂w/∂u)ᵀ ∂f/∂w, and ∂w/∂u = I + γ ∂V/∂u grows like the
  // steps the utility is collected over, so ∂f/∂w must be that much smaller.
  const double gradient_tolerance =
      options.gradient_tolerance * (mdp.horizon > 0 ? 1.0 / mdp.horizon : 1 - mdp.discount);
  LbfgsResult search;
  double value = likelihood(w, &gradient);
  search.evaluations = 1;
  std::vector<Eigen::Triplet<double>> triplets;
  Sparse curvature(n, n);
  Eigen::SimplicialLDLT<Sparse> solver;
  bool analysed = false;
  // Newton while its steps are whole: where the agent is deterministic the supremum lies at infinity (the
  // likelihood of a separable logistic regression), whole steps overshoot and the damping climbs; then the
  // rest is left to L-BFGS, which follows such suprema cheaply, from the point Newton reached.
  constexpr double kHandOver = 1e-3;
  constexpr double kMaxStep = 32;
  double damping = 1e-6;
  for (search.iterations = 0;; ++search.iterations) {
    search.gradient_norm = gradient.lpNorm<Eigen::Infinity>();
    if (search.gradient_norm <= gradient_tolerance) {
      search.stop = "gradient";
      break;
    }
    if (search.iterations > 0 && options.on_iteration &&
        !options.on_iteration(search.iterations, search.gradient_norm)) {
      search.stop = "stopped";
      break;
    }
    if (search.iterations >= options.max_iterations || damping > kHandOver) break;
    likelihood.curvature(w, &triplets);
    // The damping is relative to each state's own curvature (plus a floor for states with none), so that it
    // does not depend on the utilities' units.
    VectorXd diagonal = VectorXd::Zero(n);
    for (const auto& t : triplets)
      if (t.row() == t.col()) diagonal[t.row()] += t.value();
    const double floor = 1e-12 * std::max(diagonal.maxCoeff(), 1e-300);
    for (int s = 0; s < n; ++s) triplets.emplace_back(s, s, damping * diagonal[s] + floor);
    curvature.setFromTriplets(triplets.begin(), triplets.end());
    if (!analysed) solver.analyzePattern(curvature), analysed = true;  // the pattern is the MDP's, fixed
    solver.factorize(curvature);
    if (solver.info() != Eigen::Success) {
      damping *= 10;
      continue;
    }
    step = solver.solve(gradient);
    pin(step);
    search.decrement = 0.5 * gradient.dot(step);
    // The decrement of a lightly damped step is the quadratic model's own: at most the tolerance, done.
    if (!(search.decrement > decrement_tolerance) && damping <= 1e-6) {
      search.stop = "decrement";
      break;
    }
    // A trust region on each state's step. Where the agent is (nearly) deterministic the curvature vanishes
    // along the directions that lead to a supremum at infinity, and the Newton step there is huge; the line
    // search then shortened the whole step for every state at once, by a factor that rounding decided (native
    // and wasm took different paths, one of them handing over to L-BFGS for 1,200 iterations on a 200 × 200
    // map). A step of at most kMaxStep in any state's w (nats of log-probability) keeps the others whole.
    if (const double biggest = step.lpNorm<Eigen::Infinity>(); biggest > kMaxStep) step *= kMaxStep / biggest;
    const double slope_along = gradient.dot(step);  // the step's directional derivative, for Armijo's rule
    // Backtracking: the largest of 1, 1/2, 1/4, ... that increases f by at least 1e-4 of the prediction.
    double alpha = 1;
    bool accepted = false;
    for (int k = 0; k < 30; ++k, alpha *= 0.5) {
      trial = w + alpha * step;
      const double next = likelihood(trial, &trial_gradient);
      ++search.evaluations;
      if (std::isfinite(next) && next >= value + 1e-4 * alpha * slope_along) {
        accepted = true;
        w.swap(trial);
        gradient.swap(trial_gradient);
        value = next;
        break;
      }
    }
    damping = accepted && alpha == 1 ? std::max(damping / 10, 1e-12) : damping * 10;
  }
  if (search.stop.empty()) {
    // L-BFGS from Newton's point, preconditioned by the diagonal of the curvature there (v = w ⊙ √h).
    likelihood.curvature(w, &triplets);
    VectorXd to_w = VectorXd::Zero(n);
    for (const auto& t : triplets)
      if (t.row() == t.col()) to_w[t.row()] += t.value();
    to_w = (to_w.array() + 1e-3 * std::max(to_w.maxCoeff(), 1e-300)).rsqrt().matrix();
    const VectorXd along = flat ? VectorXd(to_w.cwiseProduct(rho).normalized()) : VectorXd();
    Objective objective = [&](const VectorXd& v, VectorXd* g) {
      const double f = likelihood(v.cwiseProduct(to_w), g);
      if (g) {
        *g = g->cwiseProduct(to_w);
        if (flat) *g -= g->dot(along) * along;  // steps keep Σ ρ w (ρ ⊙ to_w along v) as it is
      }
      return f;
    };
    LbfgsOptions scaled = options;
    scaled.gradient_tolerance = gradient_tolerance * to_w.minCoeff();
    scaled.decrement_tolerance = decrement_tolerance;
    scaled.max_iterations = std::max(0, options.max_iterations - search.iterations);
    LbfgsResult rest = maximize_lbfgs(objective, w.cwiseQuotient(to_w), scaled);
    w = rest.x.cwiseProduct(to_w);
    value = rest.value;
    gradient = rest.gradient.cwiseQuotient(to_w);
    search.iterations += rest.iterations;
    search.evaluations += rest.evaluations;
    search.decrement = rest.decrement;
    search.stop = rest.stop;
  }
  search.x = w;
  search.value = value;
  search.gradient = gradient;
  search.gradient_norm = gradient.lpNorm<Eigen::Infinity>();
  search.converged = search.gradient_norm <= gradient_tolerance || search.stop == "decrement";
  if (search.gradient_norm <= gradient_tolerance) search.stop = "gradient";
  // The search's point is the best of its own ray (the derivative along it vanishes at the optimum), and
  // there π_u = softmax Q_w in closed form: no β fit is needed. Only the end β = +∞ along u / max|u|, where
  // the supremum lies when the agent takes best actions only, is checked exactly, and kept when it does
  // better.
  const VectorXd utility = likelihood.utility(w);
  const double size = utility.cwiseAbs().maxCoeff();
  const VectorXd scaled = size > 0 ? VectorXd(utility / size) : VectorXd(VectorXd::Zero(n));
  const MatrixXd r = entering_rewards(mdp, scaled);
  MdpMeg out;
  out.occupancy = occupancy;
  out.bound = std::log(static_cast<double>(mdp.actions)) * occupancy.sum();
  out.expected_utility = occupancy_utility(occupancy, agent, r);
  out.utility_range = std::numeric_limits<double>::quiet_NaN();
  MatrixXd log_pi;
  likelihood.policy(w, &out.maxent_policy, &log_pi);
  out.contributions = meg_contributions(mdp, occupancy, agent, log_pi);
  out.meg = out.contributions.sum();
  out.beta = size;
  out.maxent_expected_utility = mdp::expected_utility(mdp, r, out.maxent_policy);
  if (size > 0) {
    SoftFamily family(mdp, r, 1e-9, ends);
    SoftFamily::Point end = family.solve(std::numeric_limits<double>::infinity());
    VectorXd contributions = meg_contributions(mdp, occupancy, agent, family.log_policy());
    if (contributions.sum() > out.meg) {
      out.contributions = std::move(contributions);
      out.meg = out.contributions.sum();
      out.beta = std::numeric_limits<double>::infinity();
      out.maxent_policy = family.policy();
      out.maxent_expected_utility = end.expected_utility;
    }
  }
  out.inferred_utility = scaled;
  out.raw_utility = utility;
  out.parameters = w;
  out.converged = search.converged;
  out.iterations = search.iterations;
  out.gradient_norm = search.gradient_norm;  // ‖∂f/∂w‖∞
  out.tolerance = gradient_tolerance;
  out.stop = search.stop;
  out.decrement = search.decrement;
  return out;
}

namespace {

// The MLP's parameters, packed: W1 (hidden × features, row-major), b1, w2, b2.
struct Mlp {
  int hidden, features;
  Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>> w1;
  Eigen::Map<const VectorXd> b1, w2;
  double b2;
  Mlp(const VectorXd& theta, int h, int f)
      : hidden(h),
        features(f),
        w1(theta.data(), h, f),
        b1(theta.data() + h * f, h),
        w2(theta.data() + h * f + h, h),
        b2(theta[h * f + 2 * h]) {}
  static int size(int h, int f) { return h * f + 2 * h + 1; }
};

}  // namespace

MdpMeg mlp_meg(const mdp::Mdp& mdp, const mdp::Policy& agent, const VectorXd& occupancy,
               const MatrixXd& features, const MlpOptions& mlp, const LbfgsOptions& options,
               const VectorXd& start, Ends ends) {
  const int f = static_cast<int>(features.cols()), h = mlp.hidden;
  const int n = Mlp::size(h, f);
  VectorXd theta0(n);
  if (start.size() == n) {
    theta0 = start;
  } else {
    mdp::Random random(mlp.seed);
    auto uniform = [&](double limit) { return (2 * random.uniform() - 1) * limit; };
    for (int i = 0; i < h * f; ++i) theta0[i] = uniform(1 / std::sqrt(static_cast<double>(std::max(1, f))));
    for (int i = 0; i < h; ++i)
      theta0[h * f + i] = uniform(1 / std::sqrt(static_cast<double>(std::max(1, f))));
    for (int i = 0; i < h; ++i) theta0[h * f + h + i] = uniform(1 / std::sqrt(static_cast<double>(h)));
    theta0[n - 1] = 0;
  }
  const VectorXd agent_rates = entering_rates(mdp, occupancy, agent);
  auto forward = [&](const VectorXd& theta, MatrixXd* hidden_out) {
    Mlp net(theta, h, f);
    MatrixXd pre = (features * net.w1.transpose()).rowwise() + net.b1.transpose();
    MatrixXd act = pre.array().tanh().matrix();
    VectorXd u = (act * net.w2).array() + net.b2;
    if (hidden_out) *hidden_out = std::move(act);
    return u;
  };
  SoftFamily family(mdp, MatrixXd::Zero(mdp.states, mdp.actions), 1e-12);
  Objective objective = [&](const VectorXd& theta, VectorXd* gradient) {
    MatrixXd act;
    VectorXd u = forward(theta, &act);
    family.set_utility(entering_rewards(mdp, u));
    family.solve(1.0, false);
    if (gradient) {
      // Chain rule from the state-utility gradient g = ∂L/∂u.
      VectorXd g = agent_rates - entering_rates(mdp, family.occupancy(), family.policy());
      Mlp net(theta, h, f);
      MatrixXd delta =
          (1 - act.array().square()).matrix() * net.w2.asDiagonal();  // ∂u/∂pre, per state and unit
      MatrixXd weighted = delta.array().colwise() * g.array();
      Eigen::Map<Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>> dw1(gradient->data(),
                                                                                             h, f);
      dw1 = weighted.transpose() * features;
      gradient->segment(h * f, h) = weighted.colwise().sum().transpose();
      gradient->segment(h * f + h, h) = act.transpose() * g;
      (*gradient)[n - 1] = g.sum();
    }
    return meg_contributions(mdp, occupancy, agent, family.log_policy()).sum();
  };
  LbfgsOptions mlp_options = options;
  if (mlp_options.decrement_tolerance <= 0)
    mlp_options.decrement_tolerance =
        kMlpDecrementTolerance * std::max(1.0, occupancy.sum() * std::log(mdp.actions));
  LbfgsResult search = maximize_lbfgs(objective, theta0, mlp_options);
  return finish_unknown(mdp, agent, occupancy, search, forward(search.x, nullptr), options, ends);
}

std::vector<double> mdp_likelihood_curve(const mdp::Mdp& mdp, const MatrixXd& r, const mdp::Policy& agent,
                                         const VectorXd& occupancy, const std::vector<double>& betas,
                                         Ends ends) {
  SoftFamily family(mdp, r, 1e-10, ends);
  std::vector<double> out;
  for (double beta : betas) {
    family.solve(beta, false);
    out.push_back(meg_contributions(mdp, occupancy, agent, family.log_policy()).sum());
  }
  return out;
}

SampledMeg sampled_known_meg(const mdp::Mdp& mdp, const MatrixXd& r,
                             const std::vector<std::vector<mdp::Step>>& trajectories, Ends ends) {
  SampledMeg out;
  out.count = static_cast<int>(trajectories.size());
  if (trajectories.empty()) return out;
  double total = 0;
  for (const auto& trajectory : trajectories) {
    double discount = 1;
    for (const mdp::Step& step : trajectory) {
      total += discount * r(step.state, step.action);
      discount *= mdp.discount;
    }
  }
  out.mean_return = total / static_cast<double>(trajectories.size());
  SoftFamily family(mdp, r, 1e-10, ends);
  // Per trajectory: Σ_t γ^t [log π_β(a_t|s_t) + log|A|], from log π_β (no underflow at large β).
  const double log_actions = std::log(static_cast<double>(mdp.actions));
  auto sums = [&] {
    std::vector<double> per_trajectory;
    for (const auto& trajectory : trajectories) {
      double sum = 0, discount = 1;
      for (const mdp::Step& step : trajectory) {
        sum += discount * (family.log_policy()(step.state, step.action) + log_actions);
        discount *= mdp.discount;
      }
      per_trajectory.push_back(sum);
    }
    return per_trajectory;
  };
  auto mean = [](const std::vector<double>& x) {
    return std::accumulate(x.begin(), x.end(), 0.0) / x.size();
  };
  // The fit's likelihood, the runs' mean of Σ_t γ^t [log π_β(a_t|s_t) + log|A|], is Σ_{(s,a)} w(s,a)
  // [log π_β(a|s) + log|A|] with w the runs' discounted visits of (s, a) over their number: gathered once,
  // so that each of the fit's evaluations (up to 400) costs the pairs visited, not every step of every run
  // (on 10^7 sampled steps the walks took minutes, and could not be cancelled). Pairs never visited are
  // left out, so a log π_β of −∞ there (β = ±∞) adds nothing.
  std::unordered_map<std::int64_t, double> visits;
  for (const auto& trajectory : trajectories) {
    double discount = 1;
    for (const mdp::Step& step : trajectory) {
      visits[static_cast<std::int64_t>(step.state) * mdp.actions + step.action] += discount;
      discount *= mdp.discount;
    }
  }
  std::vector<std::pair<std::int64_t, double>> weights(visits.begin(), visits.end());
  std::sort(weights.begin(), weights.end());  // one order of summation on every platform
  const double runs = static_cast<double>(trajectories.size());
  auto likelihood = [&] {
    double l = 0;
    for (const auto& [pair, w] : weights)
      l += w / runs *
           (family.log_policy()(static_cast<Eigen::Index>(pair / mdp.actions), pair % mdp.actions) +
            log_actions);
    return l;
  };
  auto evaluate = [&](double beta) {
    SoftFamily::Point p = family.solve(beta);
    return BetaPoint{p.expected_utility, likelihood()};
  };
  BetaFitOptions options;
  options.utility_scale = family.scale();
  options.residual_tolerance = 1e-10;
  options.beta_tolerance = 1e-10;
  BetaFit fit = fit_beta(evaluate, out.mean_return, options);
  family.solve(fit.beta);
  const std::vector<double> x = sums();
  out.meg = mean(x);
  double variance = 0;
  for (double v : x) variance += (v - out.meg) * (v - out.meg);
  out.standard_error =
      x.size() > 1 ? std::sqrt(variance / static_cast<double>(x.size() - 1) / x.size()) : 0.0;
  out.beta = fit.beta;
  return out;
}

}  // namespace motive::meg
