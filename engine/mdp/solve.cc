#include "mdp/solve.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "mdp/fixed_point.h"

namespace motive::mdp {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr double kEpsilon = std::numeric_limits<double>::epsilon();

// r in row-major order, so that a sweep reads it sequentially.
std::vector<double> row_major(const Eigen::MatrixXd& r) {
  std::vector<double> out(static_cast<std::size_t>(r.rows()) * r.cols());
  for (Eigen::Index s = 0; s < r.rows(); ++s)
    for (Eigen::Index a = 0; a < r.cols(); ++a) out[s * r.cols() + a] = r(s, a);
  return out;
}

Eigen::MatrixXd q_from_values(const Mdp& mdp, const Eigen::MatrixXd& r, const Eigen::VectorXd& v) {
  Eigen::MatrixXd q(mdp.states, mdp.actions);
  for (int s = 0; s < mdp.states; ++s)
    for (int a = 0; a < mdp.actions; ++a)
      q(s, a) = r(s, a) + mdp.discount * mdp.expected(mdp.pair(s, a), v.data());
  return q;
}

// The probability p that π stays in s, and Σ_{s'≠s} P_π(s'|s) x(s'), in one pass over s's rows.
inline double policy_next(const Mdp& mdp, const Policy& policy, int s, const double* x, double* self) {
  double sum = 0, stay = 0;
  for (int a = 0; a < mdp.actions; ++a) {
    const double pa = policy(s, a);
    if (pa == 0) continue;
    for (Mdp::Row r = mdp.row(mdp.pair(s, a)); r.p != r.end; ++r.p, ++r.next) {
      if (*r.next == s) stay += pa * *r.p;
      else sum += pa * *r.p * x[*r.next];
    }
  }
  *self = stay;
  return sum;
}

}  // namespace

std::vector<std::vector<int>> sweep_orders(const Mdp& mdp) {
  std::vector<int> order(mdp.states);
  for (int s = 0; s < mdp.states; ++s) order[s] = mdp.states - 1 - s;
  std::vector<std::vector<int>> orders = {order};
  if (mdp.horizon == 0) {
    orders.emplace_back(order.rbegin(), order.rend());
    if (mdp.has_grid()) {
      // The other two diagonal directions of the fast sweeping method: rows down with columns right to left,
      // and rows up with columns left to right.
      std::vector<int> mixed(order.rbegin(), order.rend());
      std::stable_sort(mixed.begin(), mixed.end(), [&](int x, int y) {
        const Cell a = mdp.cell[x], b = mdp.cell[y];
        return a.row != b.row ? a.row < b.row : a.col > b.col;
      });
      orders.push_back(mixed);
      orders.emplace_back(mixed.rbegin(), mixed.rend());
    }
  }
  return orders;
}

double tie_tolerance(const Mdp& mdp, double residual, double largest_value, double largest_q) {
  const double gamma = mdp.discount;
  const double steps = mdp.horizon > 0 ? mdp.horizon : 1 / (1 - gamma);
  const double iteration = residual == 0     ? 0.0
                           : mdp.horizon > 0 ? residual * mdp.horizon
                                             : gamma * residual / (1 - gamma);
  const double rounding = 4 * kEpsilon * std::max(1.0, largest_value) * steps;
  return 2 * gamma * (iteration + rounding) + 4 * kEpsilon * std::max(1.0, largest_q);
}

Values value_iteration(const Mdp& mdp, const Eigen::MatrixXd& r, double tolerance) {
  const int states = mdp.states, actions = mdp.actions;
  const std::vector<double> reward = row_major(r);
  const std::vector<char> absorbing = mdp.absorbing_states();
  std::vector<double> value(states, 0.0);
  for (int s = 0; s < states; ++s)
    if (absorbing[s])
      value[s] = *std::max_element(reward.begin() + s * actions, reward.begin() + (s + 1) * actions) /
                 (1 - mdp.discount);
  auto sweep = [&](const std::vector<int>& order, double* v) {
    for (int s : order) {
      if (absorbing[s]) continue;
      double best = -kInfinity;
      const int base = s * actions;
      for (int a = 0; a < actions; ++a)
        best = std::max(best, reward[base + a] + mdp.discount * mdp.expected(base + a, v));
      v[s] = best;
    }
  };
  // To the rounding of the values: what decides ties is how well the values are known, not the tolerance
  // asked for (at γ = 0.999 a relative error of 1e-10 in values of 10^4 hides action gaps of 10^-6).
  const FixedPoint fp = fixed_point(&value, sweep_orders(mdp), sweep, mdp.discount, 0.0);
  Values out;
  out.v = Eigen::Map<Eigen::VectorXd>(value.data(), states);
  out.q = q_from_values(mdp, r, out.v);
  out.iterations = fp.sweeps;
  const double largest = out.v.cwiseAbs().maxCoeff();
  out.converged = fp.converged ||
                  fp.residual <= stop_threshold(mdp.discount, tolerance * std::max(1.0, largest), largest);
  out.tie = tie_tolerance(mdp, fp.residual, largest, out.q.cwiseAbs().maxCoeff());
  return out;
}

Policy greedy_policy(const Values& values) {
  const Eigen::MatrixXd& q = values.q;
  Policy policy = Policy::Zero(q.rows(), q.cols());
  for (Eigen::Index s = 0; s < q.rows(); ++s) {
    const double best = q.row(s).maxCoeff();
    int count = 0;
    for (Eigen::Index a = 0; a < q.cols(); ++a) count += best - q(s, a) <= values.tie;
    for (Eigen::Index a = 0; a < q.cols(); ++a)
      if (best - q(s, a) <= values.tie) policy(s, a) = 1.0 / count;
  }
  return policy;
}

Policy first_greedy_policy(const Values& values) {
  const Eigen::MatrixXd& q = values.q;
  Policy policy = Policy::Zero(q.rows(), q.cols());
  for (Eigen::Index s = 0; s < q.rows(); ++s) {
    const double best = q.row(s).maxCoeff();
    for (Eigen::Index a = 0; a < q.cols(); ++a)
      if (best - q(s, a) <= values.tie) {
        policy(s, a) = 1;
        break;
      }
  }
  return policy;
}

SoftQ soft_q(const Mdp& mdp, const Eigen::MatrixXd& r, double beta, const Eigen::VectorXd& initial_v,
             double tolerance) {
  const int states = mdp.states, actions = mdp.actions;
  std::vector<double> reward = row_major(r);
  for (double& x : reward) x *= beta;
  const std::vector<char> absorbing = mdp.absorbing_states();
  std::vector<double> q(actions);
  // logsumexp of q[0..actions).
  auto soft_max = [&] {
    double top = *std::max_element(q.begin(), q.end());
    double sum = 0;
    for (int a = 0; a < actions; ++a) sum += std::exp(q[a] - top);
    return top + std::log(sum);
  };
  SoftQ out;
  // Without a better guess, start from the entropy every state collects, log|A| per step.
  const double entropy = mdp.horizon > 0 ? 0.0 : std::log(static_cast<double>(actions)) / (1 - mdp.discount);
  out.v = initial_v.size() == states ? initial_v : Eigen::VectorXd::Constant(states, entropy);
  double* value = out.v.data();
  for (int s = 0; s < states; ++s)
    if (absorbing[s]) {
      std::copy(reward.begin() + s * actions, reward.begin() + (s + 1) * actions, q.begin());
      value[s] = soft_max() / (1 - mdp.discount);
    }
  const double error_allowed = tolerance * std::max(1.0, std::abs(beta));
  for (int sweep = 1; sweep <= kMaxSweeps; ++sweep) {
    double change = 0, largest = 0;
    for (int s = states - 1; s >= 0; --s) {
      if (absorbing[s]) continue;
      const int base = s * actions;
      for (int a = 0; a < actions; ++a)
        q[a] = reward[base + a] + mdp.discount * mdp.expected(base + a, value);
      const double soft = soft_max();
      change = std::max(change, std::abs(soft - value[s]));
      largest = std::max(largest, std::abs(soft));
      value[s] = soft;
    }
    out.iterations = sweep;
    if (change <= stop_threshold(mdp.discount, error_allowed, largest)) {
      out.converged = true;
      break;
    }
  }
  out.q_prime.resize(states, actions);
  for (int s = 0; s < states; ++s)
    for (int a = 0; a < actions; ++a)
      out.q_prime(s, a) = reward[s * actions + a] + mdp.discount * mdp.expected(mdp.pair(s, a), value);
  return out;
}

Policy softmax_policy(const Eigen::MatrixXd& q_prime) {
  Policy policy(q_prime.rows(), q_prime.cols());
  for (Eigen::Index s = 0; s < q_prime.rows(); ++s) {
    double top = q_prime.row(s).maxCoeff();
    double sum = 0;
    for (Eigen::Index a = 0; a < q_prime.cols(); ++a) sum += policy(s, a) = std::exp(q_prime(s, a) - top);
    policy.row(s) /= sum;
  }
  return policy;
}

SoftSolution soft_value_iteration(const Mdp& mdp, const Eigen::MatrixXd& r, double beta, double tolerance) {
  SoftSolution out;
  if (std::isinf(beta)) {
    const bool best = beta > 0;
    Values vi = value_iteration(mdp, best ? Eigen::MatrixXd(r) : Eigen::MatrixXd(-r), tolerance);
    out.policy = greedy_policy(vi);
    out.q = best ? vi.q : Eigen::MatrixXd(-vi.q);
    out.iterations = vi.iterations;
    out.converged = vi.converged;
    return out;
  }
  if (beta == 0) {
    out.policy = uniform_policy(mdp);
    out.q = policy_q(mdp, r, out.policy);
    out.converged = true;
    return out;
  }
  SoftQ soft = soft_q(mdp, r, beta, {}, tolerance);
  out.policy = softmax_policy(soft.q_prime);
  out.q = soft.q_prime / beta;
  out.iterations = soft.iterations;
  out.converged = soft.converged;
  return out;
}

Eigen::VectorXd policy_values(const Mdp& mdp, const Eigen::MatrixXd& r, const Policy& policy,
                              double tolerance) {
  const int states = mdp.states;
  const Eigen::VectorXd r_pi = (policy.array() * r.array()).rowwise().sum();
  Eigen::VectorXd v = Eigen::VectorXd::Zero(states);
  double* value = v.data();
  // Gauss–Seidel from the last state to the first, solving each state's equation for its own value
  // (self-transitions included), so absorbing states are exact at once.
  for (int sweep = 1; sweep <= kMaxSweeps; ++sweep) {
    double change = 0, largest = 0;
    for (int s = states - 1; s >= 0; --s) {
      double stay = 0;
      const double rest = policy_next(mdp, policy, s, value, &stay);
      const double x = (r_pi[s] + mdp.discount * rest) / (1 - mdp.discount * stay);
      change = std::max(change, std::abs(x - value[s]));
      largest = std::max(largest, std::abs(x));
      value[s] = x;
    }
    if (change <= stop_threshold(mdp.discount, tolerance * std::max(1.0, largest), largest)) break;
  }
  return v;
}

Eigen::MatrixXd policy_q(const Mdp& mdp, const Eigen::MatrixXd& r, const Policy& policy) {
  return q_from_values(mdp, r, policy_values(mdp, r, policy));
}

Eigen::VectorXd occupancy(const Mdp& mdp, const Policy& policy, double tolerance) {
  const int states = mdp.states;
  // The flows into each state under π, gathered once: P_π(s'|s) as incoming (s, weight) lists of s',
  // self-transitions apart.
  std::vector<int> in_start(states + 1, 0);
  std::vector<double> self(states, 0.0);
  for (int s = 0; s < states; ++s)
    for (int a = 0; a < mdp.actions; ++a) {
      if (policy(s, a) == 0) continue;
      for (Mdp::Row r = mdp.row(mdp.pair(s, a)); r.p != r.end; ++r.p, ++r.next)
        if (*r.next != s) ++in_start[*r.next + 1];
    }
  for (int s = 0; s < states; ++s) in_start[s + 1] += in_start[s];
  std::vector<int> in_from(in_start.back());
  std::vector<double> in_weight(in_start.back());
  std::vector<int> fill(in_start.begin(), in_start.end() - 1);
  for (int s = 0; s < states; ++s)
    for (int a = 0; a < mdp.actions; ++a) {
      const double pa = policy(s, a);
      if (pa == 0) continue;
      for (Mdp::Row r = mdp.row(mdp.pair(s, a)); r.p != r.end; ++r.p, ++r.next) {
        if (*r.next == s) {
          self[s] += pa * *r.p;
        } else {
          in_from[fill[*r.next]] = s;
          in_weight[fill[*r.next]++] = pa * *r.p;
        }
      }
    }
  // Gauss–Seidel from the first state to the last (the direction of time in a horizon model):
  // d(s) (1 − γ P_π(s|s)) = μ(s) + γ Σ_{s'≠s} P_π(s|s') d(s').
  Eigen::VectorXd d = Eigen::VectorXd::Zero(states);
  for (int sweep = 1; sweep <= kMaxSweeps; ++sweep) {
    double change = 0, total = 0;
    for (int s = 0; s < states; ++s) {
      double inflow = 0;
      for (int e = in_start[s]; e < in_start[s + 1]; ++e) inflow += in_weight[e] * d[in_from[e]];
      const double x = (mdp.start[s] + mdp.discount * inflow) / (1 - mdp.discount * self[s]);
      change += std::abs(x - d[s]);
      total += x;
      d[s] = x;
    }
    // Changes are measured in total mass (the occupancy's natural norm).
    if (change <= stop_threshold(mdp.discount, tolerance * std::max(1.0, total), total)) break;
  }
  return d;
}

double expected_utility(const Mdp& mdp, const Eigen::MatrixXd& r, const Policy& policy) {
  return mdp.start.dot(policy_values(mdp, r, policy));
}

Eigen::MatrixXd state_utility_rewards(const Mdp& mdp, const Eigen::VectorXd& u) {
  Eigen::MatrixXd r(mdp.states, mdp.actions);
  for (int s = 0; s < mdp.states; ++s)
    for (int a = 0; a < mdp.actions; ++a)
      r(s, a) = mdp.terminal[s] ? 0.0 : mdp.expected(mdp.pair(s, a), u.data());
  return r;
}

Policy uniform_policy(const Mdp& mdp) {
  return Policy::Constant(mdp.states, mdp.actions, mdp.actions > 0 ? 1.0 / mdp.actions : 0.0);
}

std::vector<Sweep> synchronous_sweeps(const Mdp& mdp, const Eigen::MatrixXd& r, double beta, int max_sweeps,
                                      double tolerance, bool* converged,
                                      const std::function<bool(double)>& progress) {
  std::vector<Sweep> out;
  *converged = false;
  Eigen::VectorXd v = Eigen::VectorXd::Zero(mdp.states);
  out.push_back({v, q_from_values(mdp, r, v), 0.0});
  const bool hard = std::isinf(beta);
  for (int sweep = 1; sweep <= max_sweeps; ++sweep) {
    const Eigen::MatrixXd& q = out.back().q;
    Eigen::VectorXd next(mdp.states);
    double change = 0, largest = 0;
    for (int s = 0; s < mdp.states; ++s) {
      const double best = q.row(s).maxCoeff();
      double value = best;
      if (!hard) {
        // log-sum-exp around the best action, so that large β·Q cannot overflow.
        double sum = 0;
        for (int a = 0; a < mdp.actions; ++a) sum += std::exp(beta * (q(s, a) - best));
        value = best + std::log(sum) / beta;
      }
      next[s] = value;
      change = std::max(change, std::abs(value - v[s]));
      largest = std::max(largest, std::abs(value));
    }
    v = next;
    out.push_back({v, q_from_values(mdp, r, v), change});
    if (progress && !progress(static_cast<double>(sweep) / max_sweeps)) return out;
    if (change <= tolerance * std::max(1.0, largest)) {
      *converged = true;
      break;
    }
  }
  return out;
}

}  // namespace motive::mdp
