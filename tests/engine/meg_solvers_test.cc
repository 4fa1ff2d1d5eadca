// The two generic solvers of MEG on functions whose optimum is known in closed form: the β root find
// (engine/meg/beta_fit.h) and the L-BFGS maximiser (engine/meg/lbfgs.h).
#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "meg/beta_fit.h"
#include "meg/lbfgs.h"

namespace motive::meg {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// A one-shot decision with utilities u[a], an agent choosing a with probability p[a]: the soft-optimal family
// π_β(a) ∝ exp(β u[a]) in closed form, at ±∞ uniform over the best (worst) actions.
struct Bandit {
  std::vector<double> u, p;

  std::vector<double> soft(double beta) const {
    std::size_t n = u.size();
    std::vector<double> pi(n, 0.0);
    if (std::isinf(beta)) {
      double best = beta > 0 ? *std::max_element(u.begin(), u.end()) : *std::min_element(u.begin(), u.end());
      int count = 0;
      for (std::size_t a = 0; a < n; ++a) count += u[a] == best;
      for (std::size_t a = 0; a < n; ++a) pi[a] = u[a] == best ? 1.0 / count : 0.0;
      return pi;
    }
    double m = beta >= 0 ? *std::max_element(u.begin(), u.end()) : *std::min_element(u.begin(), u.end());
    double z = 0;
    for (std::size_t a = 0; a < n; ++a) z += pi[a] = std::exp(beta * (u[a] - m));
    for (double& x : pi) x /= z;
    return pi;
  }
  double likelihood(double beta) const {
    std::vector<double> pi = soft(beta);
    double l = 0;
    for (std::size_t a = 0; a < u.size(); ++a)
      if (p[a] > 0) l += p[a] * std::log(pi[a]);
    return l;
  }
  BetaPoint point(double beta) const {
    std::vector<double> pi = soft(beta);
    double eu = 0;
    for (std::size_t a = 0; a < u.size(); ++a) eu += pi[a] * u[a];
    BetaPoint point{eu, likelihood(beta)};
    point.all_tied =
        std::isinf(beta) && *std::min_element(u.begin(), u.end()) == *std::max_element(u.begin(), u.end());
    return point;
  }
  double target() const {
    double eu = 0;
    for (std::size_t a = 0; a < u.size(); ++a) eu += p[a] * u[a];
    return eu;
  }
  BetaFit fit() const {
    return fit_beta([this](double b) { return point(b); }, target());
  }
};

TEST(MegBetaFit, TwoActionsHaveTheLogitOfTheAgentsProbabilityOverTheGap) {
  // π_β(good) = σ(2β) must equal 0.8, so β* = logit(0.8) / 2.
  Bandit bandit{{0, 2}, {0.2, 0.8}};
  BetaFit fit = bandit.fit();
  EXPECT_TRUE(fit.converged);
  EXPECT_NEAR(fit.beta, std::log(4.0) / 2, 1e-12);
  EXPECT_NEAR(fit.at.expected_utility, 1.6, 1e-12);
  EXPECT_NEAR(fit.at.likelihood + std::log(2.0), std::log(2.0) + 0.8 * std::log(0.8) + 0.2 * std::log(0.2),
              1e-12);
  EXPECT_LT(fit.evaluations, 40);
}

TEST(MegBetaFit, AnAgentWorseThanUniformGetsANegativeRationality) {
  Bandit bandit{{0, 2}, {0.9, 0.1}};
  EXPECT_NEAR(bandit.fit().beta, -std::log(9.0) / 2, 1e-12);
}

TEST(MegBetaFit, EndsAreExactWhenTheAgentOnlyTakesBestOrWorstActions) {
  Bandit best{{1, 3, 3}, {0, 0.3, 0.7}};
  BetaFit fit = best.fit();
  EXPECT_EQ(fit.beta, kInf);
  EXPECT_TRUE(fit.converged);
  EXPECT_NEAR(fit.at.likelihood, std::log(0.5), 1e-15);
  Bandit worst{{1, 3, 3}, {1, 0, 0}};
  EXPECT_EQ(worst.fit().beta, -kInf);
  EXPECT_NEAR(worst.fit().at.likelihood, 0, 1e-15);
}

TEST(MegBetaFit, AnAgentAlmostButNotOnlyOnTheBestActionGetsALargeFiniteRationality) {
  Bandit bandit{{0, 1}, {1e-9, 1 - 1e-9}};
  BetaFit fit = bandit.fit();
  EXPECT_TRUE(std::isfinite(fit.beta));
  // E_{π_β}[𝒰] is flat there, so β is located only to about 1e-4; L, the quantity MEG needs, to rounding.
  double beta = std::log((1 - 1e-9) / 1e-9);
  EXPECT_NEAR(fit.beta, beta, 1e-4);
  EXPECT_NEAR(fit.at.likelihood, bandit.likelihood(beta), 1e-15);
}

TEST(MegBetaFit, UniformAgentAndIrrelevantDecisionsGiveZero) {
  Bandit uniform{{0, 1, 5}, {1.0 / 3, 1.0 / 3, 1.0 / 3}};
  EXPECT_NEAR(uniform.fit().beta, 0, 1e-9);
  Bandit constant{{2, 2, 2}, {0.1, 0.2, 0.7}};
  BetaFit fit = constant.fit();
  EXPECT_EQ(fit.beta, 0);
  EXPECT_NEAR(fit.at.likelihood, 0.1 * std::log(1.0 / 3) + 0.2 * std::log(1.0 / 3) + 0.7 * std::log(1.0 / 3),
              1e-15);
}

// When every action ties at β = +∞ the fit evaluates +∞ and 0 and stops: two evaluations, counted after
// both (the count was once read before the second evaluation under GCC's argument order, after it under
// Clang's, and the wasm module answered one iteration more than the native engine).
TEST(MegBetaFit, AllTiedCountsBothEvaluations) {
  int calls = 0;
  BetaFit fit = fit_beta(
      [&calls](double beta) {
        ++calls;
        BetaPoint point;
        point.expected_utility = 1;
        point.likelihood = -std::log(2.0);
        point.all_tied = std::isinf(beta);
        return point;
      },
      1);
  EXPECT_EQ(calls, 2);
  EXPECT_EQ(fit.evaluations, 2);
  EXPECT_EQ(fit.beta, 0);
  EXPECT_TRUE(fit.converged);
}

TEST(MegBetaFit, MatchesABruteForceGridMaximisationOfTheLikelihood) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> unit(0, 1);
  for (int trial = 0; trial < 300; ++trial) {
    Bandit bandit;
    int n = 2 + trial % 4;
    double total = 0;
    for (int a = 0; a < n; ++a) {
      bandit.u.push_back(std::round(10 * unit(rng)) - 5);
      bandit.p.push_back(unit(rng));
      total += bandit.p.back();
    }
    for (double& x : bandit.p) x /= total;
    BetaFit fit = bandit.fit();
    ASSERT_TRUE(fit.converged) << trial;
    // The grid: β = sinh(t) for t on a fine grid, plus the ends.
    double grid_best = std::max(bandit.likelihood(kInf), bandit.likelihood(-kInf));
    for (int i = -4000; i <= 4000; ++i)
      grid_best = std::max(grid_best, bandit.likelihood(std::sinh(i * 0.002)));
    EXPECT_GE(fit.at.likelihood, grid_best - 1e-12) << trial;
    EXPECT_LE(fit.at.likelihood, grid_best + 1e-5) << trial;  // the grid is within 1e-5 of the supremum
  }
}

TEST(MegLbfgs, FindsTheRosenbrockMaximum) {
  auto f = [](const Eigen::VectorXd& x, Eigen::VectorXd* g) {
    double a = 1 - x[0], b = x[1] - x[0] * x[0];
    if (g) {
      (*g)[0] = 2 * a + 400 * x[0] * b;
      (*g)[1] = -200 * b;
    }
    return -(a * a + 100 * b * b);
  };
  LbfgsResult r = maximize_lbfgs(f, Eigen::Vector2d(-1.2, 1));
  EXPECT_TRUE(r.converged) << r.stop;
  EXPECT_EQ(r.stop, "gradient");
  EXPECT_NEAR(r.x[0], 1, 1e-8);
  EXPECT_NEAR(r.x[1], 1, 1e-8);
  EXPECT_LE(r.gradient_norm, 1e-9);
  EXPECT_LT(r.iterations, 100);
}

TEST(MegLbfgs, FindsTheMaximumOfAnIllConditionedConcaveQuadratic) {
  const int n = 60;
  Eigen::VectorXd scale(n), centre(n);
  for (int i = 0; i < n; ++i) {
    scale[i] = std::pow(10.0, 4.0 * i / (n - 1));  // condition number 1e4
    centre[i] = std::sin(i);
  }
  auto f = [&](const Eigen::VectorXd& x, Eigen::VectorXd* g) {
    Eigen::VectorXd d = x - centre;
    if (g) *g = -scale.cwiseProduct(d);
    return -0.5 * d.dot(scale.cwiseProduct(d));
  };
  LbfgsResult r = maximize_lbfgs(f, Eigen::VectorXd::Zero(n));
  EXPECT_TRUE(r.converged);
  EXPECT_LE((r.x - centre).lpNorm<Eigen::Infinity>(), 1e-9);
}

TEST(MegLbfgs, MaximisesALogLikelihoodWhoseOptimumIsTheLogOfTheData) {
  // f(x) = c·x − log Σ exp(x): maximised where softmax(x) = c, i.e. x = log c + constant.
  Eigen::VectorXd c(5);
  c << 0.1, 0.2, 0.3, 0.15, 0.25;
  auto f = [&](const Eigen::VectorXd& x, Eigen::VectorXd* g) {
    double m = x.maxCoeff();
    Eigen::VectorXd e = (x.array() - m).exp();
    double z = e.sum();
    if (g) *g = c - e / z;
    return c.dot(x) - m - std::log(z);
  };
  LbfgsResult r = maximize_lbfgs(f, Eigen::VectorXd::Zero(5));
  EXPECT_TRUE(r.converged);
  for (int i = 1; i < 5; ++i) EXPECT_NEAR(r.x[i] - r.x[0], std::log(c[i] / c[0]), 1e-8);
  double entropy = 0;
  for (int i = 0; i < 5; ++i) entropy -= c[i] * std::log(c[i]);
  EXPECT_NEAR(r.value, -entropy, 1e-14);
}

TEST(MegLbfgs, ApproachesASupremumAtInfinityUntilTheGradientIsBelowTheTolerance) {
  // Separable logistic regression: f(w) = Σ log σ(y_i w x_i) increases towards 0 as w → ∞.
  std::vector<double> xs = {-2, -1, -0.5, 0.5, 1, 3};
  auto f = [&](const Eigen::VectorXd& w, Eigen::VectorXd* g) {
    double value = 0, grad = 0;
    for (double x : xs) {
      double y = x > 0 ? 1 : -1, m = y * w[0] * x;
      value += -std::log1p(std::exp(-m));
      grad += y * x / (1 + std::exp(m));
    }
    if (g) (*g)[0] = grad;
    return value;
  };
  LbfgsOptions options;
  options.gradient_tolerance = 1e-10;
  LbfgsResult r = maximize_lbfgs(f, Eigen::VectorXd::Zero(1), options);
  EXPECT_TRUE(r.converged) << r.stop;
  EXPECT_GT(r.x[0], 10);
  EXPECT_GT(r.value, -1e-9);
}

TEST(MegLbfgs, ReportsTheIterationBudgetAsNotConverged) {
  auto f = [](const Eigen::VectorXd& x, Eigen::VectorXd* g) {
    double a = 1 - x[0], b = x[1] - x[0] * x[0];
    if (g) {
      (*g)[0] = 2 * a + 400 * x[0] * b;
      (*g)[1] = -200 * b;
    }
    return -(a * a + 100 * b * b);
  };
  LbfgsOptions options;
  options.max_iterations = 3;
  LbfgsResult r = maximize_lbfgs(f, Eigen::Vector2d(-1.2, 1), options);
  EXPECT_FALSE(r.converged);
  EXPECT_EQ(r.stop, "max_iterations");
  EXPECT_GT(r.gradient_norm, 1e-3);
}

}  // namespace
}  // namespace motive::meg
