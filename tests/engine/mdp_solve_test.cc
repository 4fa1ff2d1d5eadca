// The MDP solvers (engine/mdp/solve.h) against independent computations on seeded random MDPs: policy
// iteration with dense linear solves for optimal values, backward induction for horizons, dense soft
// value iteration for every β, dense linear solves for policy values and occupancies.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <limits>
#include <vector>

#include "mdp/mdp.h"
#include "mdp/random.h"
#include "mdp/solve.h"

namespace motive::mdp {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr int kModels = 250;

// A random stationary MDP: 1-8 states, 1-4 actions, 1-3 successors per action, some absorbing
// terminal states, utilities on a coarse grid (so that optimal actions sometimes tie).
Mdp random_mdp(std::uint64_t seed) {
  Random random(seed);
  Mdp mdp;
  mdp.states = 1 + random.below(8);
  mdp.actions = 1 + random.below(4);
  mdp.discount = 0.3 + 0.67 * random.uniform();
  mdp.terminal.assign(mdp.states, 0);
  for (int s = 1; s < mdp.states; ++s) mdp.terminal[s] = random.uniform() < 0.2;
  mdp.reward = Eigen::MatrixXd::Zero(mdp.states, mdp.actions);
  mdp.start = Eigen::VectorXd::Zero(mdp.states);
  double mass = 0;
  for (int s = 0; s < mdp.states; ++s)
    mass += mdp.start[s] = random.uniform() < 0.5 || s == 0 ? random.uniform() + 0.1 : 0;
  mdp.start /= mass;
  mdp.row_start.push_back(0);
  for (int s = 0; s < mdp.states; ++s) {
    mdp.state_names.push_back("s" + std::to_string(s));
    for (int a = 0; a < mdp.actions; ++a) {
      if (mdp.terminal[s]) {
        mdp.next_state.push_back(s);
        mdp.probability.push_back(1);
      } else {
        mdp.reward(s, a) = (random.below(9) - 4) * 0.5;
        const int successors = 1 + random.below(3);
        std::vector<double> w;
        double total = 0;
        for (int k = 0; k < successors; ++k) total += w.emplace_back(random.uniform() + 0.05);
        for (int k = 0; k < successors; ++k) {
          mdp.next_state.push_back(random.below(mdp.states));
          mdp.probability.push_back(w[k] / total);
        }
      }
      mdp.row_start.push_back(static_cast<int>(mdp.next_state.size()));
    }
  }
  for (int a = 0; a < mdp.actions; ++a) mdp.action_names.push_back("a" + std::to_string(a));
  return mdp;
}

// The dense transition matrix of each action.
std::vector<Eigen::MatrixXd> dense_transitions(const Mdp& mdp) {
  std::vector<Eigen::MatrixXd> p(mdp.actions, Eigen::MatrixXd::Zero(mdp.states, mdp.states));
  for (int s = 0; s < mdp.states; ++s)
    for (int a = 0; a < mdp.actions; ++a)
      for (int e = mdp.row_start[mdp.pair(s, a)]; e < mdp.row_start[mdp.pair(s, a) + 1]; ++e)
        p[a](s, mdp.next_state[e]) += mdp.probability[e];
  return p;
}

Eigen::MatrixXd policy_matrix(const std::vector<Eigen::MatrixXd>& p, const Policy& pi) {
  Eigen::MatrixXd m = Eigen::MatrixXd::Zero(pi.rows(), pi.rows());
  for (std::size_t a = 0; a < p.size(); ++a) m += pi.col(a).asDiagonal() * p[a];
  return m;
}

Eigen::VectorXd dense_values(const Mdp& mdp, const Eigen::MatrixXd& r, const Policy& pi) {
  const Eigen::MatrixXd system = Eigen::MatrixXd::Identity(mdp.states, mdp.states) -
                                 mdp.discount * policy_matrix(dense_transitions(mdp), pi);
  return system.fullPivLu().solve((pi.array() * r.array()).rowwise().sum().matrix());
}

Eigen::MatrixXd dense_q(const Mdp& mdp, const Eigen::MatrixXd& r, const Eigen::VectorXd& v) {
  const std::vector<Eigen::MatrixXd> p = dense_transitions(mdp);
  Eigen::MatrixXd q(mdp.states, mdp.actions);
  for (int a = 0; a < mdp.actions; ++a) q.col(a) = r.col(a) + mdp.discount * p[a] * v;
  return q;
}

// Optimal values by policy iteration (each step an exact dense solve): independent of value iteration.
Eigen::VectorXd policy_iteration(const Mdp& mdp, const Eigen::MatrixXd& r) {
  std::vector<int> choice(mdp.states, 0);
  for (int round = 0; round < 1000; ++round) {
    Policy pi = Policy::Zero(mdp.states, mdp.actions);
    for (int s = 0; s < mdp.states; ++s) pi(s, choice[s]) = 1;
    const Eigen::VectorXd v = dense_values(mdp, r, pi);
    const Eigen::MatrixXd q = dense_q(mdp, r, v);
    bool stable = true;
    for (int s = 0; s < mdp.states; ++s) {
      int best = choice[s];
      for (int a = 0; a < mdp.actions; ++a)
        if (q(s, a) > q(s, best) + 1e-12) best = a;
      stable = stable && best == choice[s];
      choice[s] = best;
    }
    if (stable) return v;
  }
  ADD_FAILURE() << "policy iteration did not stabilise";
  return {};
}

// Soft value iteration written plainly: dense matrices, Jacobi sweeps, to machine precision.
Policy dense_soft_policy(const Mdp& mdp, const Eigen::MatrixXd& r, double beta) {
  const std::vector<Eigen::MatrixXd> p = dense_transitions(mdp);
  Eigen::VectorXd v = Eigen::VectorXd::Zero(mdp.states);
  Eigen::MatrixXd q(mdp.states, mdp.actions);
  for (int sweep = 0; sweep < 100000; ++sweep) {
    for (int a = 0; a < mdp.actions; ++a) q.col(a) = beta * r.col(a) + mdp.discount * p[a] * v;
    Eigen::VectorXd next(mdp.states);
    for (int s = 0; s < mdp.states; ++s) {
      const double top = q.row(s).maxCoeff();
      next[s] = top + std::log((q.row(s).array() - top).exp().sum());
    }
    const double change = (next - v).cwiseAbs().maxCoeff();
    v = next;
    if (change < 1e-15 * std::max(1.0, v.cwiseAbs().maxCoeff())) break;
  }
  Policy pi(mdp.states, mdp.actions);
  for (int s = 0; s < mdp.states; ++s) {
    const double top = q.row(s).maxCoeff();
    pi.row(s) = (q.row(s).array() - top).exp();
    pi.row(s) /= pi.row(s).sum();
  }
  return pi;
}

Policy random_policy(const Mdp& mdp, Random& random) {
  Policy pi(mdp.states, mdp.actions);
  for (int s = 0; s < mdp.states; ++s) {
    for (int a = 0; a < mdp.actions; ++a) pi(s, a) = random.uniform() < 0.3 ? 0.0 : random.uniform();
    if (pi.row(s).sum() == 0) pi(s, random.below(mdp.actions)) = 1;
    pi.row(s) /= pi.row(s).sum();
  }
  return pi;
}

double scale(const Eigen::VectorXd& v) { return std::max(1.0, v.cwiseAbs().maxCoeff()); }

TEST(ValueIteration, MatchesPolicyIterationOnRandomMdps) {
  for (int seed = 0; seed < kModels; ++seed) {
    const Mdp mdp = random_mdp(seed);
    const Values vi = value_iteration(mdp, mdp.reward);
    ASSERT_TRUE(vi.converged) << seed;
    const Eigen::VectorXd expected = policy_iteration(mdp, mdp.reward);
    EXPECT_LE((vi.v - expected).cwiseAbs().maxCoeff(), 1e-9 * scale(expected)) << "seed " << seed;
    const Eigen::MatrixXd q = dense_q(mdp, mdp.reward, expected);
    EXPECT_LE((vi.q - q).cwiseAbs().maxCoeff(), 1e-9 * scale(expected)) << "seed " << seed;
  }
}

TEST(ValueIteration, HorizonModelsMatchBackwardInduction) {
  for (int seed = 0; seed < kModels; ++seed) {
    Mdp stationary = random_mdp(1000 + seed);
    stationary.discount = seed % 2 ? 1.0 : stationary.discount;
    const int horizon = 1 + seed % 6;
    const Mdp mdp = expand_horizon(stationary, horizon);
    const Values vi = value_iteration(mdp, mdp.reward);
    EXPECT_TRUE(vi.converged);
    EXPECT_LE(vi.iterations, 2) << "one sweep is exact, the second confirms it";
    const std::vector<Eigen::MatrixXd> p = dense_transitions(stationary);
    Eigen::VectorXd next = Eigen::VectorXd::Zero(stationary.states);
    for (int t = horizon - 1; t >= 0; --t) {
      Eigen::MatrixXd q(stationary.states, stationary.actions);
      for (int a = 0; a < stationary.actions; ++a)
        q.col(a) = stationary.reward.col(a) + stationary.discount * p[a] * next;
      next = q.rowwise().maxCoeff();
      for (int s = 0; s < stationary.states; ++s)
        EXPECT_NEAR(vi.v[t * stationary.states + s], next[s], 1e-12 * scale(next)) << seed << " t=" << t;
    }
  }
}

TEST(SoftValueIteration, MatchesADenseSoftBellmanSolution) {
  const std::vector<double> betas = {-5, -0.7, 0.01, 0.5, 3, 40};
  for (int seed = 0; seed < kModels; ++seed) {
    const Mdp mdp = random_mdp(2000 + seed);
    const double beta = betas[seed % betas.size()];
    const SoftSolution soft = soft_value_iteration(mdp, mdp.reward, beta);
    EXPECT_TRUE(soft.converged);
    const Policy expected = dense_soft_policy(mdp, mdp.reward, beta);
    EXPECT_LE((soft.policy - expected).cwiseAbs().maxCoeff(), 1e-9) << "seed " << seed << " beta " << beta;
    for (int s = 0; s < mdp.states; ++s) EXPECT_NEAR(soft.policy.row(s).sum(), 1.0, 1e-12);
  }
}

TEST(SoftValueIteration, BetaZeroIsUniform) {
  for (int seed = 0; seed < 50; ++seed) {
    const Mdp mdp = random_mdp(3000 + seed);
    const SoftSolution soft = soft_value_iteration(mdp, mdp.reward, 0);
    EXPECT_EQ(soft.policy, uniform_policy(mdp));
    // q is then Q of the uniform policy.
    EXPECT_LE((soft.q - dense_q(mdp, mdp.reward, dense_values(mdp, mdp.reward, uniform_policy(mdp))))
                  .cwiseAbs()
                  .maxCoeff(),
              1e-9);
  }
}

TEST(SoftValueIteration, InfiniteBetaIsUniformOverOptimalActionsExactly) {
  for (int seed = 0; seed < kModels; ++seed) {
    const Mdp mdp = random_mdp(4000 + seed);
    const Eigen::MatrixXd q = dense_q(mdp, mdp.reward, policy_iteration(mdp, mdp.reward));
    const SoftSolution best = soft_value_iteration(mdp, mdp.reward, kInf);
    for (int s = 0; s < mdp.states; ++s) {
      const double top = q.row(s).maxCoeff();
      int count = 0;
      for (int a = 0; a < mdp.actions; ++a) count += q(s, a) > top - 1e-7;
      for (int a = 0; a < mdp.actions; ++a)
        EXPECT_EQ(best.policy(s, a), q(s, a) > top - 1e-7 ? 1.0 / count : 0.0)
            << seed << " s" << s << " a" << a;
    }
    // −∞: the best for −r, with q the worst-case values.
    const SoftSolution worst = soft_value_iteration(mdp, mdp.reward, -kInf);
    const SoftSolution mirror = soft_value_iteration(mdp, -mdp.reward, kInf);
    EXPECT_EQ(worst.policy, mirror.policy);
    EXPECT_EQ(worst.q, -mirror.q);
  }
}

TEST(SoftValueIteration, NegativeBetaMirrorsNegatedUtilities) {
  for (int seed = 0; seed < 100; ++seed) {
    const Mdp mdp = random_mdp(5000 + seed);
    const SoftSolution negative = soft_value_iteration(mdp, mdp.reward, -2.5);
    const SoftSolution mirrored = soft_value_iteration(mdp, -mdp.reward, 2.5);
    EXPECT_LE((negative.policy - mirrored.policy).cwiseAbs().maxCoeff(), 1e-12);
    EXPECT_LE((negative.q + mirrored.q).cwiseAbs().maxCoeff(), 1e-9);
  }
}

TEST(SoftValueIteration, LargeBetaApproachesTheOptimalPolicy) {
  int compared = 0;
  for (int seed = 0; seed < kModels; ++seed) {
    const Mdp mdp = random_mdp(6000 + seed);
    const Eigen::MatrixXd q = dense_q(mdp, mdp.reward, policy_iteration(mdp, mdp.reward));
    // Only where the best action is unique by a clear margin.
    bool clear = true;
    for (int s = 0; s < mdp.states && clear; ++s) {
      if (mdp.terminal[s] || mdp.actions == 1) continue;
      Eigen::VectorXd sorted = q.row(s).transpose();
      std::sort(sorted.data(), sorted.data() + sorted.size());
      clear = sorted[sorted.size() - 1] - sorted[sorted.size() - 2] > 0.05;
    }
    if (!clear) continue;
    ++compared;
    const Policy optimal = soft_value_iteration(mdp, mdp.reward, kInf).policy;
    double previous = kInf;
    for (double beta : {10.0, 100.0, 1000.0}) {
      const double gap = (soft_value_iteration(mdp, mdp.reward, beta).policy - optimal).cwiseAbs().maxCoeff();
      EXPECT_LE(gap, previous + 1e-12) << seed;
      previous = gap;
    }
    EXPECT_LT(previous, 1e-6) << seed;
  }
  EXPECT_GT(compared, 30);
}

TEST(PolicyEvaluation, ValuesAndOccupancyMatchDenseSolves) {
  for (int seed = 0; seed < kModels; ++seed) {
    const Mdp mdp = random_mdp(7000 + seed);
    Random random(seed);
    const Policy pi = random_policy(mdp, random);
    const Eigen::VectorXd v = policy_values(mdp, mdp.reward, pi);
    const Eigen::VectorXd expected = dense_values(mdp, mdp.reward, pi);
    EXPECT_LE((v - expected).cwiseAbs().maxCoeff(), 1e-10 * scale(expected)) << seed;
    const Eigen::MatrixXd system = Eigen::MatrixXd::Identity(mdp.states, mdp.states) -
                                   mdp.discount * policy_matrix(dense_transitions(mdp), pi).transpose();
    const Eigen::VectorXd d_expected = system.fullPivLu().solve(mdp.start);
    const Eigen::VectorXd d = occupancy(mdp, pi);
    EXPECT_LE((d - d_expected).cwiseAbs().maxCoeff(), 1e-10 * scale(d_expected)) << seed;
    // Without a horizon the occupancy holds 1/(1−γ) in all.
    EXPECT_NEAR(d.sum(), 1 / (1 - mdp.discount), 1e-9 / (1 - mdp.discount)) << seed;
    // μ·V_π = Σ_s d(s) Σ_a π(a|s) r(s,a).
    const double by_occupancy = (d.array() * (pi.array() * mdp.reward.array()).rowwise().sum()).sum();
    EXPECT_NEAR(expected_utility(mdp, mdp.reward, pi), by_occupancy, 1e-9 * scale(expected)) << seed;
  }
}

TEST(PolicyEvaluation, HorizonOccupancyCountsEachStepOnce) {
  for (int seed = 0; seed < 100; ++seed) {
    Mdp stationary = random_mdp(8000 + seed);
    stationary.discount = 1;
    const int horizon = 1 + seed % 7;
    const Mdp mdp = expand_horizon(stationary, horizon);
    Random random(seed);
    const Policy pi = random_policy(mdp, random);
    EXPECT_NEAR(occupancy(mdp, pi).sum(), horizon, 1e-12) << seed;
  }
}

TEST(StateUtilities, EnteringAStatePaysItsUtilityAndTerminalStatesPayNothing) {
  for (int seed = 0; seed < 100; ++seed) {
    const Mdp mdp = random_mdp(9000 + seed);
    Random random(seed);
    Eigen::VectorXd u(mdp.states);
    for (int s = 0; s < mdp.states; ++s) u[s] = random.uniform() - 0.5;
    const Eigen::MatrixXd r = state_utility_rewards(mdp, u);
    const std::vector<Eigen::MatrixXd> p = dense_transitions(mdp);
    for (int s = 0; s < mdp.states; ++s)
      for (int a = 0; a < mdp.actions; ++a)
        EXPECT_NEAR(r(s, a), mdp.terminal[s] ? 0.0 : (p[a].row(s) * u)(0), 1e-15);
  }
}

TEST(SoftQ, AWarmStartGivesTheSameSolutionInFewerSweeps) {
  const Mdp mdp = random_mdp(42);
  const SoftQ cold = soft_q(mdp, mdp.reward, 2.0);
  const SoftQ warm = soft_q(mdp, mdp.reward, 2.0, cold.v);
  EXPECT_LE((softmax_policy(cold.q_prime) - softmax_policy(warm.q_prime)).cwiseAbs().maxCoeff(), 1e-10);
  EXPECT_LE(warm.iterations, 2);
}

}  // namespace
}  // namespace motive::mdp
