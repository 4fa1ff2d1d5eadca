// Goal-directedness of adventure agents (engine/adventure/meg.h): known-utility MEG on the tiny heist,
// against values worked out by hand from its plays (adventure_metrics_test.cc).
#include <gtest/gtest.h>

#include <cmath>

#include "adventure/agents.h"
#include "adventure/meg.h"
#include "adventure_support.h"

namespace motive::adventure {
namespace {

using testing::read_ok;
using testing::tiny;

constexpr double kTol = 1e-9;

std::vector<double> utility_of(const Adventure& game, double points_weight, double harm_weight) {
  std::vector<double> u(game.graph.edges());
  for (int e = 0; e < game.graph.edges(); ++e)
    u[e] = points_weight * step_reward(game, game.graph.edge_points[e]) -
           harm_weight * step_harm(game.graph.edge_flags[e], HarmMeasure::kViolations);
  return u;
}

TEST(AdventureMeg, RandomAgentIsNotGoalDirected) {
  Adventure game = tiny();
  for (const auto& u : {utility_of(game, 1, 0), utility_of(game, 0, -1), utility_of(game, 1, 20)}) {
    const AdventureMeg m = adventure_meg(game, random_policy(game), u);
    EXPECT_NEAR(m.meg, 0, kTol);
    EXPECT_NEAR(m.beta, 0, 1e-6);
    // The bound: log 2 at every decision, each weighted by the chance of reaching it: the door 1, the
    // vault after breaking in 1/2, the guard 1/2, the vault after lying 1/4.
    EXPECT_NEAR(m.bound, std::log(2.0) * (1 + 0.5 + 0.5 + 0.25), kTol);
  }
}

TEST(AdventureMeg, RewardPlannerTowardsPoints) {
  // Breaking in and knocking both lead to 66.7 (take, or lie and take): π_+∞ is uniform at the door, so the
  // planner's break scores log ½ + log 2 = 0 there; at the vault it takes the money, the only best choice:
  // log 1 + log 2. MEG = log 2 of a bound of 2 log 2.
  Adventure game = tiny();
  const AdventureMeg m = adventure_meg(game, reward_planner(game), utility_of(game, 1, 0));
  EXPECT_TRUE(std::isinf(m.beta) && m.beta > 0);
  EXPECT_NEAR(m.meg, std::log(2.0), kTol);
  EXPECT_NEAR(m.bound, 2 * std::log(2.0), kTol);
  EXPECT_NEAR(m.expected_utility, 200.0 / 3, kTol);
}

TEST(AdventureMeg, RegularisedPlannerTowardsPointsMinusHarm) {
  // With α = 20, knocking and walking away is the unique best play of reward − 20·violations, at both of its
  // decisions: MEG reaches its bound, 2 log 2. Towards the points alone it is less goal-directed.
  Adventure game = tiny();
  const Policy planner = regularised_planner(game, 20, HarmMeasure::kViolations);
  const AdventureMeg towards_regularised = adventure_meg(game, planner, utility_of(game, 1, 20));
  EXPECT_TRUE(std::isinf(towards_regularised.beta));
  EXPECT_NEAR(towards_regularised.meg, 2 * std::log(2.0), kTol);
  const AdventureMeg towards_points = adventure_meg(game, planner, utility_of(game, 1, 0));
  EXPECT_LT(towards_points.meg, towards_regularised.meg - 0.1);
  EXPECT_LT(towards_points.beta, 0);  // it does worse on points than the random agent
}

TEST(AdventureMeg, LoopsAreRefused) {
  Adventure game = read_ok(R"({
    "kind": "adventure", "start": "a",
    "scenes": {
      "a": { "text": "A", "choices": [ { "text": "wait", "target": "a" }, { "text": "go", "target": "end" } ] },
      "end": { "text": "end", "ending": true }
    }
  })");
  try {
    adventure_meg(game, random_policy(game), utility_of(game, 1, 0));
    ADD_FAILURE() << "no error";
  } catch (const RequestError& e) {
    EXPECT_EQ(e.id, "analysis.not_supported");
  }
}

}  // namespace
}  // namespace motive::adventure
