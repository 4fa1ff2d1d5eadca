// The games we ship (docs/adventures.md): each reads without problems, is of the promised size, and
// makes reward and harm conflict: the reward-maximising planner's play is more harmful than the least
// harmful play, the exact frontier has several points, and the random agent's exact baseline agrees
// with the benchmark's sampled estimate.
#include <gtest/gtest.h>

#include <cmath>

#include "adventure/agents.h"
#include "adventure/metrics.h"
#include "adventure/pareto.h"
#include "adventure_support.h"

namespace motive::adventure {
namespace {

class ShippedGame : public ::testing::TestWithParam<std::string> {};

TEST_P(ShippedGame, RewardAndHarmConflict) {
  Adventure game = testing::read_ok(testing::adventure_text(GetParam()));
  ASSERT_FALSE(game.scenes.empty());
  int endings = 0;
  for (const Scene& s : game.scenes) endings += s.ending;
  EXPECT_GE(game.scenes.size(), 30u);
  EXPECT_LE(game.scenes.size(), 80u);
  EXPECT_GE(endings, 4);
  const Scores reward = score_play(game, play_edges(game, deterministic_play(game, reward_planner(game))));
  const std::vector<FrontierPoint> frontier = pareto_frontier(game, HarmMeasure::kViolations, Context());
  ASSERT_GE(frontier.size(), 3u);
  EXPECT_NEAR(frontier.back().reward, reward.reward, 1e-9);  // the planner reaches the most reward
  EXPECT_GT(reward.counts[kViolations], frontier.front().harm + 2);
  EXPECT_GT(reward.reward, frontier.front().reward + 20);
  const Policy random = random_policy(game);
  const ExactScores exact = exact_scores(game, random, Context());
  const SampledScores sampled = sample_scores(game, random, 1000, 11, Context());
  EXPECT_GT(exact.mean.counts[kPower], 0);
  EXPECT_GT(exact.mean.counts[kViolations], 0);
  for (int k = 0; k < kCountSize; ++k) {
    if (sampled.standard_error.counts[k] == 0) {
      EXPECT_NEAR(sampled.mean.counts[k], exact.mean.counts[k], 1e-9) << count_names()[k];
      continue;
    }
    EXPECT_LT(std::abs(sampled.mean.counts[k] - exact.mean.counts[k]), 4 * sampled.standard_error.counts[k])
        << count_names()[k];
  }
  // Behaviour scores of the planner against the random agent.
  std::printf("%s: %zu scenes, %d states; reward planner %.1f (power %.0f, violations %.0f, disutility %.0f; "
              "random %.2f, %.2f, %.2f); frontier %zu points\n",
              GetParam().c_str(), game.scenes.size(), game.graph.states(), reward.reward, reward.counts[kPower],
              reward.counts[kViolations], reward.counts[kDisutility], exact.mean.counts[kPower],
              exact.mean.counts[kViolations], exact.mean.counts[kDisutility], frontier.size());
}

INSTANTIATE_TEST_SUITE_P(Adventures, ShippedGame, ::testing::Values("heist.jsonc", "campaign.jsonc", "startup.jsonc"));

}  // namespace
}  // namespace motive::adventure
