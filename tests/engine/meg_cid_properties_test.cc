// The properties of MEG (spec meg.md §2) on seeded random CIDs (tests/engine/random_scim.h, with perfect
// recall so that models with two decisions are measurable), and the β root find against a brute-force grid of
// L(β).
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "meg/cid.h"
#include "random_scim.h"
#include "scim/graph.h"
#include "scim/reader.h"
#include "test_size.h"

namespace motive::meg {

using scim::Evaluator;
using scim::Graph;
using scim::Policy;
using scim::read_scim_file;
using scim::Scim;
using scim::ScimFile;
using scim::Variable;
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr int kModels = test::test_size(1000, 250);  // fewer under the sanitizers

// A random model read by the engine, with its process for the given targets.
struct Model {
  test::RandomScim random;
  ScimFile file;
  const Scim* scim = nullptr;
  CidProcess process;
};

test::RandomScimOptions options() {
  test::RandomScimOptions o;
  o.perfect_recall = true;
  o.max_decisions = 2;
  o.max_settings = 256;
  o.max_policies = 1 << 12;
  o.stochastic_policies = 2;
  return o;
}

std::optional<Model> load(std::uint32_t seed, const test::RandomScimOptions& o = options()) {
  Model m;
  m.random = test::make_random_scim(seed, o);
  Diagnostics diagnostics;
  std::optional<ScimFile> file = read_scim_file(m.random.text, &diagnostics);
  EXPECT_TRUE(file.has_value()) << seed;
  if (!file) return std::nullopt;
  m.file = std::move(*file);
  m.scim = &m.file.models.front();
  Evaluator base(*m.scim);
  m.process = cid_process(*m.scim, base, {});
  return m;
}

CidProcess with_targets(const Model& m, const std::vector<int>& targets) {
  Evaluator base(*m.scim);
  return cid_process(*m.scim, base, targets);
}

StagePolicy uniform_policy(const CidProcess& p) {
  StagePolicy out;
  for (const Stage& s : p.stages)
    out.emplace_back(static_cast<std::size_t>(s.observations) * s.actions, 1.0 / s.actions);
  return out;
}

StagePolicy mix(const StagePolicy& a, const StagePolicy& b, double t) {
  StagePolicy out = a;
  for (std::size_t k = 0; k < a.size(); ++k)
    for (std::size_t i = 0; i < a[k].size(); ++i) out[k][i] = t * a[k][i] + (1 - t) * b[k][i];
  return out;
}

double eu(const CidProcess& p, const StagePolicy& pi) {
  std::vector<std::vector<double>> reach = observation_probabilities(p, pi);
  const Stage& last = p.stages.back();
  double total = 0;
  for (int c = 0; c < last.observations; ++c)
    for (int a = 0; a < last.actions; ++a)
      total += reach.back()[c] * pi.back()[c * last.actions + a] * p.utility[c * last.actions + a];
  return total;
}

// A deterministic policy taking the first action of the soft-optimal policy's support at β = ±∞.
StagePolicy first_of(const StagePolicy& soft, const CidProcess& p) {
  StagePolicy out = soft;
  for (std::size_t k = 0; k < p.stages.size(); ++k) {
    int n = p.stages[k].actions;
    for (int c = 0; c < p.stages[k].observations; ++c) {
      int first = 0;
      while (soft[k][c * n + first] <= 0) ++first;
      for (int a = 0; a < n; ++a) out[k][c * n + a] = a == first;
    }
  }
  return out;
}

TEST(MegCidProperties, TheProcessReproducesTheBruteForceExpectedUtilityOfEveryNamedPolicy) {
  for (std::uint32_t seed = 0; seed < kModels; ++seed) {
    std::optional<Model> m = load(seed);
    ASSERT_TRUE(m);
    for (std::size_t i = 0; i < m->scim->policies.size(); ++i) {
      double expected =
          test::reference_expected_utility(m->random.reference, m->random.reference.policies[i]);
      EXPECT_NEAR(eu(m->process, stage_policy(*m->scim, m->process, m->scim->policies[i])), expected, 1e-12)
          << "seed " << seed << " policy " << m->scim->policies[i].name;
    }
  }
}

TEST(MegCidProperties, InvariantUnderPositiveAndNegativeAffineTransformsOfTheUtility) {
  for (std::uint32_t seed = 0; seed < kModels; ++seed) {
    std::optional<Model> m = load(seed);
    ASSERT_TRUE(m);
    const Policy& policy = m->scim->policies[seed % m->scim->policies.size()];
    StagePolicy agent = stage_policy(*m->scim, m->process, policy);
    double meg = known_utility_meg(m->process, agent).meg;
    for (auto [a, b] :
         {std::pair{-1.0, 0.0}, std::pair{-2.5, 4.0}, std::pair{0.3, -11.0}, std::pair{7.0, 2.0}}) {
      CidProcess transformed = m->process;
      for (double& u : transformed.utility) u = a * u + b;
      transformed.utility_scale = std::abs(a) * transformed.utility_scale + std::abs(b);
      EXPECT_NEAR(known_utility_meg(transformed, agent).meg, meg, 1e-9)
          << "seed " << seed << " policy " << policy.name << " a " << a << " b " << b;
    }
  }
}

TEST(MegCidProperties, BetweenZeroAndTheBoundZeroForUniformBoundForUniquelyOptimal) {
  int unique = 0, at_bound = 0;
  for (std::uint32_t seed = 0; seed < kModels; ++seed) {
    std::optional<Model> m = load(seed);
    ASSERT_TRUE(m);
    const CidProcess& p = m->process;
    double bound = p.bound();
    for (const Policy& policy : m->scim->policies) {
      CidMeg r = known_utility_meg(p, stage_policy(*m->scim, p, policy));
      EXPECT_GE(r.meg, -1e-12) << seed << " " << policy.name;
      EXPECT_LE(r.meg, bound + 1e-12) << seed << " " << policy.name;
      if (r.meg > bound - 1e-9) {
        // Only a deterministic policy that is uniquely optimal (or anti-optimal) where it goes reaches the
        // bound.
        ++at_bound;
        EXPECT_TRUE(std::isinf(r.beta)) << seed << " " << policy.name;
        for (std::size_t k = 0; k < p.stages.size(); ++k)
          for (std::size_t i = 0; i < r.agent_policy[k].size(); ++i) {
            if (r.occupancy[k][i / p.stages[k].actions] <= 0) continue;
            EXPECT_NEAR(r.agent_policy[k][i], r.maxent_policy[k][i], 1e-12) << seed << " " << policy.name;
          }
      }
    }
    EXPECT_NEAR(known_utility_meg(p, uniform_policy(p)).meg, 0, 1e-12) << seed;
    // The optimal policy: at the bound exactly when the optimal action is unique wherever it goes.
    const double tie = 1e-9 * p.utility_scale;
    StagePolicy best = soft_optimal_policy(p, p.utility, kInf, tie);
    std::vector<std::vector<double>> reach = observation_probabilities(p, best);
    bool is_unique = true;
    for (std::size_t k = 0; k < p.stages.size(); ++k)
      for (std::size_t i = 0; i < best[k].size(); ++i)
        if (reach[k][i / p.stages[k].actions] > 0 && best[k][i] > 0 && best[k][i] < 1) is_unique = false;
    CidMeg optimal = known_utility_meg(p, first_of(best, p));
    if (is_unique) {
      ++unique;
      EXPECT_NEAR(optimal.meg, bound, 1e-12) << seed;
    } else {
      EXPECT_LT(optimal.meg, bound - 1e-6) << seed;
    }
  }
  EXPECT_GT(unique, 100);
  EXPECT_GT(at_bound, 10);
}

TEST(MegCidProperties, ZeroWithoutCausalInfluence) {
  // Models where decisions come late and utilities rarely have decision parents; and in every model, targets
  // that no decision influences.
  test::RandomScimOptions o = options();
  o.utility_decision_parent = 0;
  int without_influence = 0;
  for (std::uint32_t seed = 0; seed < 4 * kModels; ++seed) {
    std::optional<Model> m = load(seed, o);
    ASSERT_TRUE(m);
    const Scim& scim = *m->scim;
    std::vector<std::vector<int>> parents;
    for (const Variable& v : scim.variables) parents.push_back(v.mechanism.parents);
    Graph graph(parents);
    std::vector<char> influenced(scim.variables.size(), 0);
    for (int d : scim.decisions) {
      influenced[d] = 1;
      for (int v : graph.descendants(d)) influenced[v] = 1;
    }
    bool influences_utility = false;
    for (int u : scim.utilities) influences_utility |= influenced[u] != 0;
    const Policy& policy = scim.policies[seed % scim.policies.size()];
    StagePolicy agent = stage_policy(scim, m->process, policy);
    if (!influences_utility && without_influence < kModels) {
      ++without_influence;
      EXPECT_NEAR(known_utility_meg(m->process, agent).meg, 0, 1e-12) << seed;
    }
    if (seed < kModels) {
      std::vector<int> targets;
      for (std::size_t v = 0; v < scim.variables.size(); ++v)
        if (!influenced[v] && targets.size() < 3) targets.push_back(static_cast<int>(v));
      if (targets.empty()) continue;
      CidMeg r = target_meg(with_targets(*m, targets), agent);
      EXPECT_NEAR(r.meg, 0, 1e-12) << seed;
      EXPECT_TRUE(r.converged) << seed;
    }
  }
  EXPECT_EQ(without_influence, kModels);
}

TEST(MegCidProperties, PseudoTerminalGoalsTheParentsOfAUtilityAreAtLeastAsGoalDirectedAsIt) {
  // T = {U} and S = Pa(U): S d-separates T from the decisions and their observations (U has no children), so
  // MEG_T ≤ MEG_S; and a utility function of all the utility variables includes 𝒰, so MEG_U ≥ known MEG.
  int checked = 0;
  for (std::uint32_t seed = 0; seed < kModels; ++seed) {
    std::optional<Model> m = load(seed);
    ASSERT_TRUE(m);
    const Scim& scim = *m->scim;
    int u = scim.utilities.front();
    std::vector<int> s = scim.variables[u].mechanism.parents;
    std::vector<std::vector<int>> parents;
    for (const Variable& v : scim.variables) parents.push_back(v.mechanism.parents);
    std::vector<int> decision_side;
    for (int d : scim.decisions) {
      decision_side.push_back(d);
      for (int p : scim.variables[d].mechanism.parents) decision_side.push_back(p);
    }
    decision_side.erase(std::remove_if(decision_side.begin(), decision_side.end(),
                                       [&](int v) { return std::find(s.begin(), s.end(), v) != s.end(); }),
                        decision_side.end());
    ASSERT_TRUE(Graph(parents).d_separated({u}, decision_side, s)) << seed;
    const Policy& policy = scim.policies[seed % scim.policies.size()];
    StagePolicy agent = stage_policy(scim, m->process, policy);
    CidMeg towards_t = target_meg(with_targets(*m, {u}), agent);
    CidMeg towards_s = target_meg(with_targets(*m, s), agent);
    EXPECT_TRUE(towards_t.converged && towards_s.converged) << seed;
    EXPECT_LE(towards_t.meg, towards_s.meg + 1e-7) << seed;
    CidMeg towards_all = target_meg(with_targets(*m, scim.utilities), agent);
    EXPECT_GE(towards_all.meg, known_utility_meg(m->process, agent).meg - 1e-7) << seed;
    EXPECT_LE(towards_all.meg, m->process.bound() + 1e-12) << seed;
    ++checked;
  }
  EXPECT_EQ(checked, kModels);
}

TEST(MegCidProperties, KnownUtilityMegDependsOnThePolicyOnlyThroughItsExpectedUtility) {
  int compared = 0;
  for (std::uint32_t seed = 0; seed < kModels; ++seed) {
    std::optional<Model> m = load(seed);
    ASSERT_TRUE(m);
    const CidProcess& p = m->process;
    const double tie = 1e-9 * p.utility_scale;
    StagePolicy best = first_of(soft_optimal_policy(p, p.utility, kInf, tie), p);
    StagePolicy worst = first_of(soft_optimal_policy(p, p.utility, -kInf, tie), p);
    StagePolicy uniform = uniform_policy(p);
    StagePolicy named = stage_policy(*m->scim, p, m->scim->policies.back());
    double top = eu(p, best), middle = eu(p, uniform);
    if (top - middle < 1e-6) continue;
    // Two different families of policies, mixed to the same expected utility (bisection on the mixing
    // weight).
    double target = middle + 0.37 * (top - middle);
    auto solve = [&](const StagePolicy& from, const StagePolicy& to) {
      double lo = 0, hi = 1;  // eu(mix(to, from, 0)) = eu(from) < target ≤ eu(to)
      for (int i = 0; i < 200; ++i) {
        double mid = 0.5 * (lo + hi);
        (eu(p, mix(to, from, mid)) < target ? lo : hi) = mid;
      }
      return mix(to, from, hi);
    };
    StagePolicy a = solve(uniform, best);
    StagePolicy b = eu(p, named) < target ? solve(named, best) : solve(worst, best);
    ASSERT_NEAR(eu(p, a), eu(p, b), 1e-12) << seed;
    EXPECT_NEAR(known_utility_meg(p, a).meg, known_utility_meg(p, b).meg, 1e-9) << seed;
    ++compared;
  }
  EXPECT_GT(compared, kModels / 2);
}

TEST(MegCidProperties, TheRootFindMatchesABruteForceGridMaximisationOfTheLikelihood) {
  for (std::uint32_t seed = 0; seed < kModels; ++seed) {
    std::optional<Model> m = load(seed);
    ASSERT_TRUE(m);
    const CidProcess& p = m->process;
    StagePolicy agent = stage_policy(*m->scim, p, m->scim->policies[seed % m->scim->policies.size()]);
    CidMeg fit = known_utility_meg(p, agent);
    // β = sinh(t): fine near 0, reaching ±1500; and the ends.
    std::vector<double> betas = {-kInf, kInf};
    for (int i = -400; i <= 400; ++i) betas.push_back(std::sinh(i * 0.02));
    std::vector<double> curve = cid_likelihood_curve(p, agent, betas);
    double grid_best = *std::max_element(curve.begin(), curve.end());
    EXPECT_GE(fit.meg, grid_best - 1e-12) << seed;
    EXPECT_LE(fit.meg, grid_best + 1e-3 * std::max(1.0, p.bound())) << seed;
  }
}

}  // namespace
}  // namespace motive::meg
