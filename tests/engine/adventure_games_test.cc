// The games we ship (docs/adventures.md): each reads without problems, is of the promised size, and
// makes reward and harm conflict: the reward-maximising planner's play is more harmful than the least
// harmful play, the exact frontier has several points, and the random agent's exact baseline agrees
// with the benchmark's sampled estimate. The exact baseline and the regularised planner are checked
// against every play of each game, enumerated by brute force.
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
  std::printf(
      "%s: %zu scenes, %d states; reward planner %.1f (power %.0f, violations %.0f, disutility %.0f; "
      "random %.2f, %.2f, %.2f); frontier %zu points\n",
      GetParam().c_str(), game.scenes.size(), game.graph.states(), reward.reward, reward.counts[kPower],
      reward.counts[kViolations], reward.counts[kDisutility], exact.mean.counts[kPower],
      exact.mean.counts[kViolations], exact.mean.counts[kDisutility], frontier.size());
}

// Every play from `play` by depth-first search, each with its probability under the random agent: the
// expected counts and reward, and the best value of reward − α·harm, by brute force.
struct Enumerated {
  Counts counts{};
  double reward = 0;
  std::vector<double> best;  // per α
};

void enumerate(const Adventure& game, const Play& play, double probability, const Scores& so_far,
               const std::vector<double>& alphas, Enumerated* out) {
  if (play.ended) {
    for (int k = 0; k < kCountSize; ++k) out->counts[k] += probability * so_far.counts[k];
    out->reward += probability * so_far.reward;
    for (std::size_t i = 0; i < alphas.size(); ++i)
      out->best[i] = std::max(out->best[i], so_far.reward - alphas[i] * so_far.counts[kViolations]);
    return;
  }
  const std::vector<int> choices = available_choices(game, play);
  for (int c : choices) {
    Play next = play;
    const Step step = take_choice(game, &next, c);
    Scores s = so_far;
    add_flags(step.flags, 1, &s.counts);
    s.reward += step_reward(game, step.points);
    enumerate(game, next, probability / choices.size(), s, alphas, out);
  }
}

TEST_P(ShippedGame, ExactAgainstEveryPlay) {
  Adventure game = testing::read_ok(testing::adventure_text(GetParam()));
  const std::vector<double> alphas = {0, 1, 3, 10, 30};
  Enumerated all;
  all.best.assign(alphas.size(), -INFINITY);
  Step first;
  const Play start = start_play(game, &first);
  Scores s;
  add_flags(first.flags, 1, &s.counts);
  s.reward = step_reward(game, first.points);
  enumerate(game, start, 1, s, alphas, &all);
  const ExactScores exact = exact_scores(game, random_policy(game), Context());
  for (int k = 0; k < kCountSize; ++k)
    EXPECT_NEAR(exact.mean.counts[k], all.counts[k], 1e-9) << count_names()[k];
  EXPECT_NEAR(exact.mean.reward, all.reward, 1e-9);
  for (std::size_t i = 0; i < alphas.size(); ++i) {
    const Scores planner = score_play(
        game, play_edges(game, deterministic_play(
                                   game, regularised_planner(game, alphas[i], HarmMeasure::kViolations))));
    EXPECT_NEAR(planner.reward - alphas[i] * planner.counts[kViolations], all.best[i], 1e-9)
        << "alpha " << alphas[i];
  }
}

INSTANTIATE_TEST_SUITE_P(Adventures, ShippedGame,
                         ::testing::Values("heist.jsonc", "campaign.jsonc", "startup.jsonc"));

}  // namespace
}  // namespace motive::adventure
