// The explanation methods on Communicate Out of Prison: reproducibility, splitting, common random
// numbers, exact against sampled, and the paper's three COP findings (section 5.3, appendix A.2).
#include <cmath>
#include <cstdio>

#include <gtest/gtest.h>

#include "game/cop.h"
#include "game/methods.h"

namespace motive::game {
namespace {

const std::array<Personality, 3> kStandard = {Personality::kConArtist, Personality::kSimplePerson,
                                              Personality::kPolitician};
const std::array<Personality, 3> kTwoPoliticians = {Personality::kPolitician, Personality::kSimplePerson,
                                                    Personality::kPolitician};

CopGame make(const std::array<Personality, 3>& p, int rounds = 4) {
  return CopGame(p, default_cop_names(p), rounds);
}

std::unique_ptr<State> at(const Game& game, const char* text) {
  std::string error;
  auto s = game.deserialise(text, &error);
  EXPECT_TRUE(s) << error;
  return s;
}

double cell(const std::vector<Maybe>& m, int p, int i, int j) { return m[i * p + j].value.value_or(NAN); }

TEST(GameMethods, SimulateIsReproducibleAndIndependentOfHowRolloutsAreSplit) {
  CopGame game = make(kStandard);
  auto s = game.initial_state();
  SimulateOptions o;
  o.rollouts = 1000;
  o.depth = 3;
  o.seed = 42;
  Samples whole = simulate(game, *s, o, {});
  Samples again = simulate(game, *s, o, {});
  EXPECT_EQ(whole.rows, again.rows);
  std::vector<double> joined;
  for (auto [from, to] : std::vector<std::pair<int, int>>{{0, 137}, {137, 600}, {600, 1000}}) {
    Samples part = simulate_range(game, *s, o, {}, from, to);
    joined.insert(joined.end(), part.rows.begin(), part.rows.end());
  }
  EXPECT_EQ(joined, whole.rows);
  o.seed = 43;
  EXPECT_NE(simulate(game, *s, o, {}).rows, whole.rows);
}

TEST(GameMethods, ExactAndSampledSbueAndSicaAgreeWithinTheirStandardErrors) {
  // After the talk of a one-round game: the politician (2) explains blaming the con-artist only.
  CopGame game = make(kStandard, 1);
  auto s = at(game, "cop order=4 talk=20p,02t,12r");
  Action explained{1, 0};
  Exact exact = exact_moments(game, *s, 1, {{2, 0, explained}}, 100000);
  ASSERT_TRUE(exact.complete);
  SimulateOptions o;
  o.rollouts = 20000;
  Sbue sampled = sbue(game, *s, 2, explained, o);
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(sampled.mean[i], exact.mean[i], 4 * sampled.standard_error[i]) << game.player_name(i);
    EXPECT_GT(sampled.standard_error[i], 0);
  }
  // SICA from the start of the one-round game: every order, message and announcement enumerated.
  auto start = game.initial_state();
  Exact whole = exact_moments(game, *start, 1, {}, 2000000);
  ASSERT_TRUE(whole.complete) << whole.nodes;
  std::vector<Maybe> exact_corr = exact_correlation(whole, game);
  Sica sampled_sica = sica(game, *start, o);
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      ASSERT_TRUE(exact_corr[i * 3 + j].value && sampled_sica.correlation[i * 3 + j].value);
      EXPECT_NEAR(*sampled_sica.correlation[i * 3 + j].value, *exact_corr[i * 3 + j].value,
                  4 * sampled_sica.standard_error[i * 3 + j].value.value_or(0) + 1e-12)
          << i << "," << j;
    }
  }
}

TEST(GameMethods, SicaPutsThePoliticianAndTheSimplePersonTogetherAgainstTheConArtist) {
  CopGame game = make(kStandard);
  SimulateOptions o;
  o.rollouts = 20000;
  Sica result = sica(game, *game.initial_state(), o);
  const int con = 0, simple = 1, politician = 2;
  std::printf("  SICA: con/simple %.3f con/politician %.3f simple/politician %.3f\n",
              cell(result.correlation, 3, con, simple), cell(result.correlation, 3, con, politician),
              cell(result.correlation, 3, simple, politician));
  EXPECT_GT(cell(result.correlation, 3, simple, politician), 0.1);
  EXPECT_LT(cell(result.correlation, 3, con, simple), -0.1);
  EXPECT_LT(cell(result.correlation, 3, con, politician), -0.1);
}

TEST(GameMethods, SicaIsMoreBalancedWithTwoPoliticiansAndASimplePerson) {
  SimulateOptions o;
  o.rollouts = 20000;
  auto spread = [&](const CopGame& game) {
    Sica r = sica(game, *game.initial_state(), o);
    double a = cell(r.correlation, 3, 0, 1), b = cell(r.correlation, 3, 0, 2),
           c = cell(r.correlation, 3, 1, 2);
    std::printf("  SICA %s: %.3f %.3f %.3f\n", game.player_name(0).c_str(), a, b, c);
    return std::max({a, b, c}) - std::min({a, b, c});
  };
  double standard = spread(make(kStandard)), two = spread(make(kTwoPoliticians));
  EXPECT_LT(two, standard / 2);
}

TEST(GameMethods, AFriendlyMessageScoresBetterThanAHostileOneForSenderAndReceiver) {
  CopGame game = make(kStandard);
  // The politician speaks first (order 4: politician, con-artist, simple person).
  auto s = at(game, "cop order=4 talk=");
  SimulateOptions o;
  o.rollouts = 20000;
  const int simple = 1, politician = 2;
  // "to" slot: the politician's others are con-artist (0) and simple person (1).
  Sbue friendly = sbue(game, *s, politician, Action{1, static_cast<int>(Signal::kPropose)}, o);
  Sbue hostile = sbue(game, *s, politician, Action{1, static_cast<int>(Signal::kAccuse)}, o);
  for (int i = 0; i < 3; ++i) {
    std::printf("  %s: friendly %.2f ± %.2f, hostile %.2f ± %.2f\n", game.player_name(i).c_str(),
                friendly.mean[i], friendly.standard_error[i], hostile.mean[i], hostile.standard_error[i]);
  }
  for (int i : {simple, politician}) {
    EXPECT_GT(friendly.mean[i] - hostile.mean[i],
              3 * (friendly.standard_error[i] + hostile.standard_error[i]))
        << game.player_name(i);
  }
}

}  // namespace
}  // namespace motive::game

namespace motive::game {
namespace {

// The z-score variant standardises by the unconstrained simulation at the same seed: recomputed here
// from simulate()'s own rows.
TEST(GameMethods, SbueZScoresStandardiseByTheUnconstrainedSimulation) {
  CopGame game = make(kStandard);
  auto s = at(game, "cop order=4 talk=");
  SimulateOptions o;
  o.rollouts = 3000;
  o.seed = 5;
  Action explained{1, static_cast<int>(Signal::kPropose)};
  Sbue r = sbue(game, *s, 2, explained, o);
  Samples free = simulate(game, *s, o, {});
  Samples fixed = simulate(game, *s, o, {{2, 0, explained}});
  for (int i = 0; i < 3; ++i) {
    double mu = 0, ss = 0, m = 0;
    for (std::int64_t j = 0; j < o.rollouts; ++j) mu += free.at(j, i) / o.rollouts;
    for (std::int64_t j = 0; j < o.rollouts; ++j) ss += (free.at(j, i) - mu) * (free.at(j, i) - mu);
    for (std::int64_t j = 0; j < o.rollouts; ++j) m += fixed.at(j, i) / o.rollouts;
    double sigma = std::sqrt(ss / (o.rollouts - 1));
    EXPECT_NEAR(r.mean[i], m, 1e-9);
    ASSERT_TRUE(r.z[i].value);
    EXPECT_NEAR(*r.z[i].value, (m - mu) / sigma, 1e-9);
    EXPECT_NEAR(*r.z_standard_error[i].value, r.standard_error[i] / sigma, 1e-12);
  }
}

// Common random numbers: the politician's draw in rollout j is replaced, not skipped, so the other
// agents' numbers line up and two runs of the same action agree exactly.
TEST(GameMethods, ComparedActionsShareTheirRandomNumbers) {
  CopGame game = make(kStandard);
  auto s = at(game, "cop order=4 talk=");
  SimulateOptions o;
  o.rollouts = 500;
  Samples a = simulate(game, *s, o, {{2, 0, Action{1, 0}}});
  Samples b = simulate(game, *s, o, {{2, 0, Action{1, 0}}});
  EXPECT_EQ(a.rows, b.rows);
  // At the announcements the others' draws do not depend on the politician's action, so rollout j
  // gives the con-artist and the simple person the same announcement whatever the politician does:
  // the con-artist's utility changes only where the politician's own blame differs.
  auto last = at(game, "cop order=4 talk=21p,02t,12r,21m,01p,10m,21r,02x,12r,21p,01p,12m");
  o.record_first_actions = true;
  Samples blame_con = simulate(game, *last, o, {{2, 0, Action{1, 0}}});
  Samples blame_both = simulate(game, *last, o, {{2, 0, Action{1, 1}}});
  for (std::int64_t j = 0; j < o.rollouts; ++j) {
    EXPECT_EQ(blame_con.first_actions[j * 3 + 0], blame_both.first_actions[j * 3 + 0]);
    EXPECT_EQ(blame_con.first_actions[j * 3 + 1], blame_both.first_actions[j * 3 + 1]);
  }
}

TEST(GameMethods, ProbableActionsExtendGreedilyOverTurns) {
  CopGame game = make(kStandard, 1);
  auto s = at(game, "cop order=4 talk=");
  SimulateOptions o;
  o.rollouts = 2000;
  Probable r = probable_actions(game, *s, 2, Action{1, static_cast<int>(Signal::kPropose)}, 4, o);
  // Turn 1 is the politician's own message (no other agent acts); then the con-artist and the simple
  // person speak, then all three announce: 1 + 1 + 3 actions over steps 1..3.
  ASSERT_EQ(r.actions.size(), 5u);
  EXPECT_EQ(r.actions[0].player, 0);
  EXPECT_EQ(r.actions[1].player, 1);
  for (const ProbableAction& pa : r.actions) {
    EXPECT_FALSE(pa.sampled);
    EXPECT_GT(pa.frequency, 0.0);
    for (const auto& row : pa.marginals) {
      double total = 0;
      for (double x : row) total += x;
      EXPECT_NEAR(total, 1.0, 1e-12);
    }
  }
  std::string error;
  auto end = game.deserialise(r.final_state, &error);
  ASSERT_TRUE(end) << error;
  EXPECT_EQ(end->type(), NodeType::kTerminal);
}

}  // namespace
}  // namespace motive::game
