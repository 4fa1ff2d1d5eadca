#include "meg/mdp_meg.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <unordered_map>

#include <Eigen/Dense>

#include "mdp/random.h"
#include "mdp/solve.h"
#include "meg/beta_fit.h"
#include "meg/soft.h"

namespace motive::meg {
namespace {

using Eigen::MatrixXd;
using Eigen::VectorXd;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kEpsilon = std::numeric_limits<double>::epsilon();
// Actions whose values differ by at most this, relative to the utility scale, tie at β = ±∞.
constexpr double kTieTolerance = 1e-9;

// The largest change a converged sweep may still make: a γ-contraction turns a change δ into an error of at
// most γ/(1−γ)·δ; rounding keeps δ from going below a few ulps of the values.
double stop_threshold(double discount, double error_allowed, double largest) {
  double bound = discount <= 0 ? kInf : discount >= 1 ? 0.0 : error_allowed * (1 - discount) / discount;
  return std::max(bound, 8 * kEpsilon * largest);
}

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

// Solves x = G(x), G one cycle of in-place Gauss–Seidel sweeps (`sweep(order, x)` for each order), a
// γ-contraction in the sup norm, with Anderson acceleration (Walker & Ni 2011, type II, the last kMemory
// differences): the next iterate mixes the last images so as to minimise the linearised residual (solved by
// the normal equations of at most kMemory unknowns, so a cycle costs O(n · kMemory) beyond its sweeps). A
// cycle whose residual grows tenfold over the best so far restarts the memory. Stops when ‖G(x) − x‖∞ bounds
// the error of G(x) by error_allowed (the contraction bound, whatever produced x); with `l1`, in the L1 norm
// instead (for occupancies, whose map is a γ-contraction there). Returns the number of sweeps.
template <class Sweep>
int fixed_point(std::vector<double>* x, const std::vector<std::vector<int>>& orders, Sweep&& sweep,
                double gamma, double error_allowed, bool* converged, bool l1 = false) {
  constexpr int kMemory = 6;
  const Eigen::Index n = static_cast<Eigen::Index>(x->size());
  Eigen::Map<VectorXd> current(x->data(), n);
  VectorXd image(n), residual(n), last_image, last_residual;
  MatrixXd residual_steps(n, kMemory), image_steps(n, kMemory), gram(kMemory, kMemory);
  int columns = 0, oldest = 0;
  double best = kInf;
  const int max_cycles = std::max(1, mdp::kMaxSweeps / static_cast<int>(orders.size()));
  *converged = false;
  int cycle = 0;
  while (cycle < max_cycles) {
    image = current;
    for (const std::vector<int>& order : orders) sweep(order, image.data());
    ++cycle;
    residual = image - current;
    const double size = l1 ? residual.lpNorm<1>() : residual.lpNorm<Eigen::Infinity>();
    if (size <=
        stop_threshold(gamma, error_allowed, l1 ? image.lpNorm<1>() : image.lpNorm<Eigen::Infinity>())) {
      current = image;
      *converged = true;
      break;
    }
    if (size > 10 * best) columns = 0, oldest = 0, last_residual.resize(0);
    best = std::min(best, size);
    if (last_residual.size() == n) {
      const int slot = columns < kMemory ? columns++ : (oldest++ % kMemory);
      residual_steps.col(slot) = residual - last_residual;
      image_steps.col(slot) = image - last_image;
      // The Gram matrix of the residual differences, updated in the replaced row and column only.
      for (int j = 0; j < columns; ++j)
        gram(slot, j) = gram(j, slot) = residual_steps.col(slot).dot(residual_steps.col(j));
    }
    last_residual = residual;
    last_image = image;
    if (columns == 0) {
      current = image;
      continue;
    }
    // The least-squares mix by its normal equations (m ≤ kMemory unknowns), lightly regularised.
    MatrixXd normal = gram.topLeftCorner(columns, columns);
    normal.diagonal().array() += 1e-14 * normal.diagonal().maxCoeff() + 1e-300;
    VectorXd mix = normal.ldlt().solve(residual_steps.leftCols(columns).transpose() * residual);
    current = image - image_steps.leftCols(columns) * mix;
    if (!current.allFinite()) current = image, columns = 0, oldest = 0, last_residual.resize(0);
  }
  return cycle * static_cast<int>(orders.size());
}

// Finishes an unknown-utility result: the refit of β along the best utility found, u / max|u| (a positive
// scale is the only change of state utilities that keeps every soft-optimal policy: a shift would change what
// entering a terminal state is worth), so that the ends are exact; or the search's own optimum where rounding
// made the refit worse.
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
  out.converged = search.converged;
  out.iterations = search.iterations;
  out.gradient_norm = search.gradient_norm;
  out.tolerance = options.gradient_tolerance;
  out.stop = search.stop;
  out.decrement = search.decrement;
  return out;
}

}  // namespace

SoftFamily::SoftFamily(const mdp::Mdp& mdp, const MatrixXd& r, double tolerance, Ends ends)
    : mdp_(mdp), tolerance_(tolerance), ends_(ends) {
  const int states = mdp.states, actions = mdp.actions;
  absorbing_ = mdp.absorbing_states();
  std::vector<int> order(states);
  for (int s = 0; s < states; ++s) order[s] = states - 1 - s;
  orders_.push_back(order);
  if (mdp.horizon == 0) {
    orders_.emplace_back(order.rbegin(), order.rend());
    if (mdp.has_grid()) {
      // The other two diagonal directions of the fast sweeping method: rows down with columns right to left,
      // and rows up with columns left to right.
      std::vector<int> mixed(order.rbegin(), order.rend());
      std::stable_sort(mixed.begin(), mixed.end(), [&](int x, int y) {
        const mdp::Cell a = mdp.cell[x], b = mdp.cell[y];
        return a.row != b.row ? a.row < b.row : a.col > b.col;
      });
      orders_.push_back(mixed);
      orders_.emplace_back(mixed.rbegin(), mixed.rend());
    }
  }
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
  p.sweeps = fixed_point(&value_, orders_, sweep, gamma, error_allowed, &p.converged);
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
  bool converged = false;
  p.sweeps =
      fixed_point(&value_, orders_, value_sweep, gamma, tolerance_ * std::max(1.0, scale_), &converged);
  std::vector<double> q(static_cast<std::size_t>(states) * actions);
  for (int s = 0; s < states; ++s)
    for (int a = 0; a < actions; ++a)
      q[s * actions + a] = reward_[s * actions + a] + gamma * mdp_.expected(s * actions + a, value_.data());
  // The entropy to go H of the maximum-entropy optimal (worst) continuation, in the log-mean-exp convention:
  // H(s) = log Σ_{a best} exp(h(s,a)) − log|A|, h(s,a) = γ Σ_s' T(s'|s,a) H(s').
  const double tie = kTieTolerance * scale_;
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
    p.sweeps += fixed_point(&entropy, orders_, entropy_sweep, gamma, tolerance_, &entropy_converged);
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
  bool converged = false;
  point->sweeps +=
      fixed_point(&policy_value_, orders_, sweep, gamma, tolerance_ * std::max(1.0, scale_), &converged);
  point->converged = point->converged && converged;
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
  bool converged = false;
  if (mdp_.horizon > 0) {
    // Occupancy flows forward in time: first to last state, exact in one sweep.
    const std::vector<std::vector<int>> forward = {{orders_.front().rbegin(), orders_.front().rend()}};
    fixed_point(&occupancy_, forward, sweep, gamma, tolerance_, &converged, true);
  } else {
    fixed_point(&occupancy_, orders_, sweep, gamma, tolerance_, &converged, true);
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

MdpMeg state_utility_meg(const mdp::Mdp& mdp, const mdp::Policy& agent, const VectorXd& occupancy,
                         const LbfgsOptions& options, const VectorXd& start, Ends ends) {
  const VectorXd agent_rates = entering_rates(mdp, occupancy, agent);
  SoftFamily family(mdp, MatrixXd::Zero(mdp.states, mdp.actions), 1e-12);
  // Diagonal preconditioning: the curvature in u(s) grows with how often s is entered, so the search runs in
  // v = u ⊙ √(ν + δ) (ν the entering rates of the agent and of the uniform policy, δ a floor).
  family.solve(0.0, false);
  VectorXd rates = agent_rates + entering_rates(mdp, family.occupancy(), family.policy());
  const double floor = 1e-3 * std::max(rates.maxCoeff(), 1e-300);
  const VectorXd to_u = (rates.array() + floor).rsqrt().matrix();  // u = v ⊙ to_u
  Objective objective = [&](const VectorXd& v, VectorXd* gradient) {
    family.set_utility(entering_rewards(mdp, v.cwiseProduct(to_u)));
    family.solve(1.0, false);
    if (gradient)
      *gradient = (agent_rates - entering_rates(mdp, family.occupancy(), family.policy())).cwiseProduct(to_u);
    return meg_contributions(mdp, occupancy, agent, family.log_policy()).sum();
  };
  VectorXd x0 = VectorXd::Zero(mdp.states);
  if (start.size() == mdp.states && start.cwiseAbs().maxCoeff() > 0) {
    // A warm start (a sweep's previous optimum): its best multiple, found by the β fit along it (0 included,
    // so a start worse than none is dropped); at an infinite end the start itself.
    const VectorXd direction = start / start.cwiseAbs().maxCoeff();
    MdpMeg along = known_utility_meg(mdp, entering_rewards(mdp, direction), agent, occupancy);
    x0 = std::isfinite(along.beta) ? VectorXd(along.beta * direction) : start;
  }
  // The tolerance holds for ∂L/∂u: ‖g‖∞ ≤ ‖g ⊙ to_u‖∞ / min(to_u).
  LbfgsOptions scaled = options;
  scaled.gradient_tolerance = options.gradient_tolerance * to_u.minCoeff();
  if (scaled.decrement_tolerance <= 0)
    scaled.decrement_tolerance = kDecrementTolerance * std::max(1.0, occupancy.sum() * std::log(mdp.actions));
  LbfgsResult search = maximize_lbfgs(objective, x0.cwiseQuotient(to_u), scaled);
  search.x = search.x.cwiseProduct(to_u);
  search.gradient = search.gradient.cwiseQuotient(to_u);
  search.gradient_norm = search.gradient.size() ? search.gradient.lpNorm<Eigen::Infinity>() : 0.0;
  return finish_unknown(mdp, agent, occupancy, search, search.x, options, ends);
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
