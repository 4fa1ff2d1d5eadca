// The properties of MEG (spec meg.md §2) on seeded random MDPs, the β root find against a brute-force grid of
// L(β), and the soft-optimal family against the mdp solvers (engine/mdp/solve.h), an independent
// implementation.
#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "mdp/solve.h"
#include "meg/mdp_meg.h"
#include "test_size.h"

namespace motive::meg {
namespace {

using Eigen::MatrixXd;
using Eigen::VectorXd;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr int kModels = test::test_size(1000, 250);  // fewer under the sanitizers

struct RandomMdpOptions {
  bool absorbing = true;  // some states are terminal: every action stays put with utility 0
  bool influence = true;  // false: every action of a state has the same outcomes and utility
};

// A small random MDP: 2–7 states, 2–3 actions, each action leading to 1–3 states, integer utilities in [−3,
// 3].
mdp::Mdp random_mdp(std::uint32_t seed, const RandomMdpOptions& options = {}) {
  std::mt19937 rng(seed);
  auto uniform = [&](int lo, int hi) {
    return lo + static_cast<int>(rng() % static_cast<unsigned>(hi - lo + 1));
  };
  mdp::Mdp m;
  m.states = uniform(2, 7);
  m.actions = uniform(2, 3);
  m.discount = std::vector<double>{0.5, 0.7, 0.9}[uniform(0, 2)];
  m.terminal.assign(m.states, 0);
  if (options.absorbing)
    for (int s = 1; s < m.states; ++s) m.terminal[s] = uniform(0, 4) == 0;
  m.reward = MatrixXd::Zero(m.states, m.actions);
  m.row_start.push_back(0);
  for (int s = 0; s < m.states; ++s) {
    std::vector<std::pair<int, double>> shared;
    double shared_reward = uniform(-3, 3);
    for (int a = 0; a < m.actions; ++a) {
      std::vector<std::pair<int, double>> row;
      if (m.terminal[s]) {
        row = {{s, 1.0}};
      } else if (!options.influence && a > 0) {
        row = shared;
      } else {
        int outcomes = uniform(1, 3);
        std::vector<int> weights;
        int total = 0;
        for (int k = 0; k < outcomes; ++k) weights.push_back(uniform(1, 4)), total += weights.back();
        for (int k = 0; k < outcomes; ++k) {
          int next = uniform(0, m.states - 1);
          auto it = std::find_if(row.begin(), row.end(), [&](auto& e) { return e.first == next; });
          if (it != row.end()) it->second += static_cast<double>(weights[k]) / total;
          else row.emplace_back(next, static_cast<double>(weights[k]) / total);
        }
        std::sort(row.begin(), row.end());
        if (a == 0) shared = row;
      }
      for (auto [next, p] : row) m.next_state.push_back(next), m.probability.push_back(p);
      m.row_start.push_back(static_cast<int>(m.next_state.size()));
      m.reward(s, a) = m.terminal[s] ? 0.0 : options.influence ? uniform(-3, 3) : shared_reward;
    }
  }
  m.start = VectorXd::Zero(m.states);
  m.start[0] = 1;
  for (int s = 0; s < m.states; ++s) {
    m.state_names.push_back("s" + std::to_string(s));
  }
  for (int a = 0; a < m.actions; ++a) m.action_names.push_back("a" + std::to_string(a));
  return m;
}

// A random stochastic policy, some probabilities 0; or a random deterministic one.
mdp::Policy random_policy(const mdp::Mdp& m, std::uint32_t seed, bool deterministic) {
  std::mt19937 rng(seed * 7919u + 1);
  mdp::Policy p = mdp::Policy::Zero(m.states, m.actions);
  for (int s = 0; s < m.states; ++s) {
    if (deterministic) {
      p(s, rng() % m.actions) = 1;
      continue;
    }
    double total = 0;
    for (int a = 0; a < m.actions; ++a)
      total += p(s, a) = rng() % 3 == 0 ? 0.0 : static_cast<double>(rng() % 10 + 1);
    if (total == 0) p(s, 0) = total = 1;
    p.row(s) /= total;
  }
  return p;
}

TEST(MegMdpProperties, TheSoftFamilyAgreesWithTheMdpSolvers) {
  for (std::uint32_t seed = 0; seed < kModels; ++seed) {
    mdp::Mdp m = random_mdp(seed);
    SoftFamily family(m, m.reward);
    for (double beta : {-2.0, 0.3, 1.0, 5.0}) {
      SoftFamily::Point p = family.solve(beta);
      mdp::SoftSolution reference = mdp::soft_value_iteration(m, m.reward, beta);
      EXPECT_LE((family.policy() - reference.policy).cwiseAbs().maxCoeff(), 1e-8) << seed << " β " << beta;
      EXPECT_NEAR(p.expected_utility, mdp::expected_utility(m, m.reward, family.policy()), 1e-8) << seed;
      EXPECT_TRUE(p.converged);
    }
  }
}

TEST(MegMdpProperties, InvariantUnderPositiveAndNegativeAffineTransformsOfTheUtility) {
  for (std::uint32_t seed = 0; seed < kModels; ++seed) {
    mdp::Mdp m = random_mdp(seed);
    mdp::Policy agent = random_policy(m, seed, seed % 3 == 0);
    double meg = known_utility_meg(m, m.reward, agent).meg;
    // 𝒰 = Σ_t γ^t r_t over the whole run (the absorbing steps too), so a𝒰 + b is r → a r + b (1 − γ)
    // everywhere.
    for (auto [a, b] :
         {std::pair{-1.0, 0.0}, std::pair{-2.5, 4.0}, std::pair{0.3, -11.0}, std::pair{7.0, 2.0}}) {
      MatrixXd r = (a * m.reward.array() + b * (1 - m.discount)).matrix();
      EXPECT_NEAR(known_utility_meg(m, r, agent).meg, meg, 1e-7) << seed << " a " << a << " b " << b;
    }
  }
}

TEST(MegMdpProperties, BetweenZeroAndTheBoundZeroForUniformAndTheBoundForUniquelyOptimal) {
  int unique = 0;
  for (std::uint32_t seed = 0; seed < kModels; ++seed) {
    mdp::Mdp m = random_mdp(seed);
    const double log_actions = std::log(static_cast<double>(m.actions));
    for (bool deterministic : {false, true}) {
      MdpMeg r = known_utility_meg(m, m.reward, random_policy(m, seed, deterministic));
      EXPECT_GE(r.meg, -1e-9) << seed;
      EXPECT_LE(r.meg, r.bound + 1e-9) << seed;
      EXPECT_NEAR(r.bound, log_actions / (1 - m.discount), 1e-8) << seed;
    }
    EXPECT_NEAR(known_utility_meg(m, m.reward, mdp::uniform_policy(m)).meg, 0, 1e-9) << seed;
    // The optimal deterministic agent: every state off the absorbing ones earns log|A| per unit of occupancy
    // exactly when its best action is unique wherever the agent goes (absorbing states tie all actions).
    mdp::Values optimum = mdp::value_iteration(m, m.reward, 1e-13);
    mdp::Policy agent = mdp::first_greedy_policy(optimum);
    VectorXd d = mdp::occupancy(m, agent);
    bool is_unique = true;
    double earnable = 0;
    for (int s = 0; s < m.states; ++s) {
      if (d[s] <= 0 || m.terminal[s]) continue;
      earnable += d[s] * log_actions;
      int best = 0;
      for (int a = 0; a < m.actions; ++a)
        best += std::abs(optimum.q(s, a) - optimum.q.row(s).maxCoeff()) <=
                1e-7 * std::max(1.0, optimum.v.cwiseAbs().maxCoeff());
      is_unique = is_unique && best == 1;
    }
    MdpMeg r = known_utility_meg(m, m.reward, agent, d);
    if (is_unique) {
      ++unique;
      EXPECT_EQ(r.beta, kInf) << seed;
      EXPECT_NEAR(r.meg, earnable, 1e-8) << seed;
    } else {
      EXPECT_LT(r.meg, earnable - 1e-6) << seed;
    }
  }
  EXPECT_GT(unique, kModels / 2);
}

TEST(MegMdpProperties, ZeroWithoutCausalInfluence) {
  for (std::uint32_t seed = 0; seed < kModels; ++seed) {
    mdp::Mdp m = random_mdp(seed, {true, false});
    mdp::Policy agent = random_policy(m, seed, seed % 2 == 0);
    MdpMeg known = known_utility_meg(m, m.reward, agent);
    EXPECT_NEAR(known.meg, 0, 1e-9) << seed;
    EXPECT_EQ(known.beta, 0) << seed;
    if (seed % 5 == 0) {
      MdpMeg unknown = state_utility_meg(m, agent, known.occupancy);
      EXPECT_NEAR(unknown.meg, 0, 1e-9) << seed;
      EXPECT_TRUE(unknown.converged) << seed;
    }
  }
}

TEST(MegMdpProperties, KnownUtilityMegDependsOnThePolicyOnlyThroughItsExpectedUtility) {
  int compared = 0;
  for (std::uint32_t seed = 0; seed < kModels; ++seed) {
    mdp::Mdp m = random_mdp(seed);
    mdp::Values optimum = mdp::value_iteration(m, m.reward, 1e-13);
    mdp::Policy best = mdp::first_greedy_policy(optimum);
    mdp::Policy uniform = mdp::uniform_policy(m);
    mdp::Policy other = random_policy(m, seed, false);
    const double top = mdp::expected_utility(m, m.reward, best),
                 middle = mdp::expected_utility(m, m.reward, uniform);
    if (top - middle < 1e-6) continue;
    const double target = middle + 0.41 * (top - middle);
    auto solve = [&](const mdp::Policy& from) {
      double lo = 0, hi = 1;  // from at 0 (below the target), best at 1
      for (int i = 0; i < 100; ++i) {
        double mid = 0.5 * (lo + hi);
        (mdp::expected_utility(m, m.reward, mid * best + (1 - mid) * from) < target ? lo : hi) = mid;
      }
      return mdp::Policy(hi * best + (1 - hi) * from);
    };
    if (mdp::expected_utility(m, m.reward, other) >= target) continue;
    mdp::Policy a = solve(uniform), b = solve(other);
    ASSERT_NEAR(mdp::expected_utility(m, m.reward, a), mdp::expected_utility(m, m.reward, b), 1e-9) << seed;
    EXPECT_NEAR(known_utility_meg(m, m.reward, a).meg, known_utility_meg(m, m.reward, b).meg, 1e-7) << seed;
    ++compared;
  }
  EXPECT_GT(compared, kModels / 4);
}

TEST(MegMdpProperties, TheRootFindMatchesABruteForceGridMaximisationOfTheLikelihood) {
  for (std::uint32_t seed = 0; seed < kModels; ++seed) {
    mdp::Mdp m = random_mdp(seed);
    mdp::Policy agent = random_policy(m, seed, seed % 4 == 0);
    MdpMeg fit = known_utility_meg(m, m.reward, agent);
    std::vector<double> betas = {-kInf, kInf};
    for (int i = -150; i <= 150; ++i) betas.push_back(std::sinh(i * 0.05));
    std::vector<double> curve = mdp_likelihood_curve(m, m.reward, agent, fit.occupancy, betas);
    double grid_best = *std::max_element(curve.begin(), curve.end());
    EXPECT_GE(fit.meg, grid_best - 1e-8) << seed;
    EXPECT_LE(fit.meg, grid_best + 1e-2 * std::max(1.0, fit.bound)) << seed;
  }
}

TEST(MegMdpProperties, UnknownUtilityIsBoundedAndAtLeastTheKnownOneForStateUtilities) {
  for (std::uint32_t seed = 0; seed < kModels / 4; ++seed) {
    mdp::Mdp m = random_mdp(seed);
    std::mt19937 rng(seed);
    VectorXd u(m.states);
    for (int s = 0; s < m.states; ++s) u[s] = static_cast<double>(rng() % 7) - 3;
    MatrixXd r = entering_rewards(m, u);
    mdp::Policy agent = random_policy(m, seed, seed % 3 == 0);
    MdpMeg known = known_utility_meg(m, r, agent);
    MdpMeg unknown = state_utility_meg(m, agent, known.occupancy);
    EXPECT_TRUE(unknown.converged) << seed << " " << unknown.gradient_norm;
    EXPECT_GE(unknown.meg, known.meg - 1e-7) << seed;
    EXPECT_LE(unknown.meg, unknown.bound + 1e-9) << seed;
  }
}

// The tabular search runs in w = u + γ V_u (mdp_meg.cc). Checked independently of that reading: the
// inferred utility u, given to soft value iteration (β = max|u| along u / max|u|, mdp/solve.cc), gives back
// the reported maximum-entropy policy; and at a finite optimum u is stationary for the objective in u,
// whose gradient is the agent's discounted rate of entering each state minus π_u's (from the occupancy
// solver), so both rates agree.
TEST(MegMdpProperties, TheInferredUtilityIsSoftOptimalForTheMaxentPolicyAndStationary) {
  int finite = 0;
  for (std::uint32_t seed = 0; seed < kModels / 4; ++seed) {
    mdp::Mdp m = random_mdp(seed);
    mdp::Policy agent = random_policy(m, seed, false);  // stochastic: the optimum is finite
    VectorXd d = mdp::occupancy(m, agent);
    MdpMeg unknown = state_utility_meg(m, agent, d);
    ASSERT_TRUE(unknown.converged) << seed;
    if (!std::isfinite(unknown.beta)) continue;
    ++finite;
    const MatrixXd r = entering_rewards(m, unknown.raw_utility);
    mdp::SoftSolution soft = mdp::soft_value_iteration(m, r, 1.0, 1e-13);
    EXPECT_LE((soft.policy - unknown.maxent_policy).cwiseAbs().maxCoeff(), 1e-7) << seed;
    VectorXd rates = VectorXd::Zero(m.states), theirs = VectorXd::Zero(m.states);
    VectorXd d_soft = mdp::occupancy(m, soft.policy, 1e-14);
    for (int s = 0; s < m.states; ++s) {
      if (m.terminal[s]) continue;
      for (int a = 0; a < m.actions; ++a)
        for (int k = m.row_start[s * m.actions + a]; k < m.row_start[s * m.actions + a + 1]; ++k) {
          rates[m.next_state[k]] += d[s] * agent(s, a) * m.probability[k];
          theirs[m.next_state[k]] += d_soft[s] * soft.policy(s, a) * m.probability[k];
        }
    }
    // To 1e-5: the search may stop on its decrement (at most 1e-12 more to gain), where nearly flat
    // directions leave the rates a little apart.
    EXPECT_LE((rates - theirs).cwiseAbs().maxCoeff(), 1e-5 * std::max(1.0, rates.maxCoeff())) << seed;
  }
  EXPECT_GT(finite, kModels / 8);
}

TEST(MegMdpProperties, FiniteHorizonModelsHaveTheHorizonsBound) {
  for (std::uint32_t seed = 0; seed < kModels / 4; ++seed) {
    mdp::Mdp stationary = random_mdp(seed, {false, true});
    stationary.discount = 1;
    const int horizon = 2 + static_cast<int>(seed % 3);
    mdp::Mdp m = mdp::expand_horizon(stationary, horizon);
    mdp::Policy agent = random_policy(m, seed, seed % 2 == 0);
    MdpMeg r = known_utility_meg(m, m.reward, agent);
    EXPECT_NEAR(r.bound, horizon * std::log(static_cast<double>(m.actions)), 1e-9) << seed;
    EXPECT_GE(r.meg, -1e-9) << seed;
    EXPECT_LE(r.meg, r.bound + 1e-9) << seed;
    EXPECT_TRUE(r.converged) << seed;
    EXPECT_NEAR(known_utility_meg(m, m.reward, mdp::uniform_policy(m)).meg, 0, 1e-9) << seed;
  }
}

}  // namespace
}  // namespace motive::meg
