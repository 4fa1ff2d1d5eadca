// The evaluations of section 5 and the counterfactual search of appendix B.2, against values
// computed by hand or exactly.
#include <cmath>

#include <gtest/gtest.h>

#include "game/cop.h"
#include "game/evaluation.h"
#include "game/kind.h"
#include "game/model.h"

namespace motive::game {
namespace {

using nlohmann::json;

const std::array<Personality, 3> kStandard = {Personality::kConArtist, Personality::kSimplePerson,
                                              Personality::kPolitician};
constexpr const char* kAnnouncements = "cop order=4 talk=21p,02t,12r,21m,01p,10m,21r,02x,12r,21p,01p,12m";

TEST(GameEvaluation, AveragePrecisionAtKAndItsRandomBaselineMatchHandComputedValues) {
  // Relevant item 0 ranked second: P@2 = 1/2, normalised by min(K, 1) = 1.
  EXPECT_DOUBLE_EQ(average_precision_at_k({2, 0, 1}, {0}, 2), 0.5);
  EXPECT_DOUBLE_EQ(average_precision_at_k({2, 0, 1}, {0}, 1), 0.0);
  // Two relevant items at ranks 1 and 3, K = 3: (1/1 + 2/3) / 2.
  EXPECT_DOUBLE_EQ(average_precision_at_k({0, 2, 1}, {0, 1}, 3), (1.0 + 2.0 / 3.0) / 2.0);
  // Random rankings of three items, one relevant, K = 2: it is first (1), second (1/2) or third (0).
  EXPECT_DOUBLE_EQ(random_average_precision_at_k(3, {1}, 2), 0.5);
  EXPECT_DOUBLE_EQ(random_average_precision_at_k(2, {0}, 1), 0.5);
}

TEST(GameEvaluation, ConvergenceRmseFallsAsOneOverRootKAgainstTheExactReference) {
  // A one-round game where the politician speaks first: the exact reference enumerates every
  // message and announcement that follows.
  CopGame game(kStandard, default_cop_names(kStandard), 1);
  std::string error;
  auto s = game.deserialise("cop order=4 talk=", &error);
  ASSERT_TRUE(s) << error;
  Action blame_con{1, 0};  // to the simple person: propose
  Convergence c = convergence(game, *s, 2, blame_con, {25, 400}, 200, 1, 9, 1000, 1000000);
  ASSERT_TRUE(c.exact_reference);
  Exact e = exact_moments(game, *s, 1, {{2, 0, blame_con}}, 1000000);
  for (int i = 0; i < 3; ++i) {
    double sd = std::sqrt(e.second[i * 3 + i] - e.mean[i] * e.mean[i]);
    for (const ConvergencePoint& pt : c.points) {
      double expected = sd / std::sqrt(static_cast<double>(pt.rollouts));
      // 200 repeats estimate an RMSE to about 5%: allow 20%.
      EXPECT_NEAR(pt.sbue_rmse[i], expected, 0.2 * expected) << "player " << i << ", k = " << pt.rollouts;
    }
  }
  ASSERT_TRUE(c.points[0].sica_cosine && c.points[1].sica_cosine);
  EXPECT_GT(*c.points[1].sica_cosine, *c.points[0].sica_cosine);
  EXPECT_GT(*c.points[1].sica_cosine, 0.95);
  EXPECT_GT(*c.points[1].sica_pairwise, *c.points[0].sica_pairwise);
}

TEST(GameEvaluation, CounterfactualPicksTheBestScoringFeasibleActionByExactUtilities) {
  CopGame game(kStandard, default_cop_names(kStandard), 1);
  std::string error;
  auto s = game.deserialise("cop order=4 talk=", &error);
  ASSERT_TRUE(s) << error;
  // The politician proposed to the simple person; the user asks for any other signal.
  Action explained{1, static_cast<int>(Signal::kPropose)};
  const SubActionConstraint not_propose{1, static_cast<int>(Signal::kPropose), false};
  CounterfactualOptions o;
  o.draws = 5000;
  o.simulate.rollouts = 20000;
  o.alpha = 10;  // similarity dominates: the recipient should stay the simple person
  Counterfactual r = counterfactual(game, *s, 2, explained, {not_propose}, o);
  ASSERT_TRUE(r.best);
  for (const Candidate& c : r.feasible) {
    EXPECT_NE(c.action[1], static_cast<int>(Signal::kPropose)) << "every feasible action satisfies the query";
  }
  // Independently: exact utilities of every feasible action and the exact best score. The chosen
  // action's exact score is within three standard errors of utility of the best.
  double best_score = -1e9, chosen_score = 0;
  for (const Candidate& c : r.feasible) {
    double u = exact_moments(game, *s, 1, {{2, 0, c.action}}, 1000000).mean[2];
    double score = o.alpha * similarity(explained, c.action) + o.beta * u;
    best_score = std::max(best_score, score);
    if (c.action == r.best->action) chosen_score = score;
  }
  EXPECT_EQ(r.best->action[0], 1) << "the best keeps the recipient";
  EXPECT_GE(chosen_score, best_score - 3 * r.counterfactual.standard_error[2] * std::sqrt(2.0));
  EXPECT_EQ(r.counterfactual.mean.size(), 3u);
  // A query no action can meet: no counterfactual, with the reason, never the original.
  Counterfactual none =
      counterfactual(game, *s, 2, explained, {not_propose, {1, static_cast<int>(Signal::kPropose), true}}, o);
  EXPECT_FALSE(none.best);
  EXPECT_FALSE(none.reason.empty());
}

TEST(GameEvaluation, MapAtKThroughTheKind) {
  static const KindSpec kind = game_kind();
  Diagnostics d;
  auto model = kind.read(R"({"kind": "game", "builtin": "communicate-out-of-prison"})", &d);
  ASSERT_TRUE(model);
  const AnalysisSpec* spec = kind.analysis("map_at_k");
  ASSERT_TRUE(spec);
  Context context;
  json params = {{"k", 1},
                 {"rollouts", 5000},
                 {"annotations",
                  {{{"player", "politician"}, {"friends", {"simple-person"}}, {"enemies", {"con-artist"}}},
                   {{"player", "simple-person"}, {"friends", {"con-artist"}}}}}};
  json r = spec->run(*model, Params(params, spec->params), context);
  // The politician's friend and enemy are SICA's; the simple person's "friend" the con-artist is not.
  EXPECT_DOUBLE_EQ(r["annotations"][0]["ap_friends"].get<double>(), 1.0);
  EXPECT_DOUBLE_EQ(r["annotations"][0]["ap_enemies"].get<double>(), 1.0);
  EXPECT_DOUBLE_EQ(r["annotations"][1]["ap_friends"].get<double>(), 0.0);
  EXPECT_DOUBLE_EQ(r["friends"]["map"].get<double>(), 0.5);
  EXPECT_DOUBLE_EQ(r["friends"]["random"].get<double>(), 0.5);
  EXPECT_DOUBLE_EQ(r["enemies"]["random"].get<double>(), 0.5);
}

}  // namespace
}  // namespace motive::game
