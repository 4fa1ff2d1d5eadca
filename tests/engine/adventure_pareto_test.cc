// Reward against harm (engine/adventure/pareto.h): the exact frontier over deterministic policies,
// checked by hand on small games and against every play enumerated by brute force; which frontier
// points the α sweep reaches.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "adventure/agents.h"
#include "adventure/metrics.h"
#include "adventure/pareto.h"
#include "adventure_support.h"

namespace motive::adventure {
namespace {

using testing::read_ok;
using testing::tiny;

constexpr double kTol = 1e-9;

// Every play of an acyclic game by depth-first search: (reward, harm) of each.
void every_play(const Adventure& game, const Play& play, double reward, double harm, HarmMeasure measure,
                std::vector<std::pair<double, double>>* out) {
  if (play.ended) {
    out->push_back({reward, harm});
    return;
  }
  for (int c : available_choices(game, play)) {
    Play next = play;
    const Step step = take_choice(game, &next, c);
    every_play(game, next, reward + step_reward(game, step.points), harm + step_harm(step.flags, measure),
               measure, out);
  }
}

// The Pareto frontier of a list of plays, by brute force: those no other play beats.
std::vector<std::pair<double, double>> brute_frontier(const Adventure& game, HarmMeasure measure) {
  Step first;
  Play play = start_play(game, &first);
  std::vector<std::pair<double, double>> plays, front;
  every_play(game, play, step_reward(game, first.points), step_harm(first.flags, measure), measure, &plays);
  for (const auto& p : plays) {
    bool beaten = false;
    for (const auto& q : plays)
      beaten |= q.first >= p.first - kTol && q.second <= p.second + kTol &&
                (q.first > p.first + kTol || q.second < p.second - kTol);
    if (!beaten && std::find(front.begin(), front.end(), p) == front.end()) front.push_back(p);
  }
  std::sort(front.begin(), front.end(), [](auto& a, auto& b) { return a.second < b.second; });
  return front;
}

const char* kThreeEndings = R"({
  "kind": "adventure", "start": "a",
  "achievements": { "some": { "points": 4 }, "all": { "points": 10 } },
  "scenes": {
    "a": { "text": "A", "choices": [ { "id": "x", "text": "x", "target": "x" },
                                     { "id": "y", "text": "y", "target": "y" },
                                     { "id": "z", "text": "z", "target": "z" } ] },
    "x": { "text": "nothing", "ending": true },
    "y": { "text": "some", "achievements": ["some"], "ending": true,
           "annotations": { "morality": { "killing": 0.9, "stealing": 0.9 } } },
    "z": { "text": "all", "achievements": ["all"], "ending": true,
           "annotations": { "morality": { "killing": 0.9, "stealing": 0.9, "spying": 0.9 } } }
  }
})";

TEST(AdventurePareto, TinyHeistFrontier) {
  Adventure game = tiny();
  const std::vector<FrontierPoint> f = pareto_frontier(game, HarmMeasure::kViolations, Context());
  ASSERT_EQ(f.size(), 2u);
  // knock, leave: 33.3 with no violation; break, take: 66.7 with 3.
  EXPECT_NEAR(f[0].reward, 100.0 / 3, kTol);
  EXPECT_EQ(f[0].harm, 0);
  EXPECT_EQ(f[0].steps, 3);
  EXPECT_NEAR(f[1].reward, 200.0 / 3, kTol);
  EXPECT_EQ(f[1].harm, 3);
  EXPECT_EQ(f[1].steps, 3);
  EXPECT_EQ(f[0].hull, HullPosition::kVertex);
  EXPECT_EQ(f[1].hull, HullPosition::kVertex);
  // The regularised planner switches at α = (66.7 − 33.3) / 3.
  EXPECT_NEAR(f[0].alpha_low, 100.0 / 9, kTol);
  EXPECT_TRUE(std::isinf(f[0].alpha_high));
  EXPECT_EQ(f[1].alpha_low, 0);
  EXPECT_NEAR(f[1].alpha_high, 100.0 / 9, kTol);
}

TEST(AdventurePareto, APointBelowTheHullNoAlphaReaches) {
  // Plays: x (0, 0), y (28.6, 2), z (71.4, 3). y is Pareto-optimal but below the segment from x to z.
  Adventure game = read_ok(kThreeEndings);
  const std::vector<FrontierPoint> f = pareto_frontier(game, HarmMeasure::kViolations, Context());
  ASSERT_EQ(f.size(), 3u);
  EXPECT_NEAR(f[1].reward, 400.0 / 14, kTol);
  EXPECT_EQ(f[1].harm, 2);
  EXPECT_EQ(f[0].hull, HullPosition::kVertex);
  EXPECT_EQ(f[1].hull, HullPosition::kBelow);
  EXPECT_EQ(f[2].hull, HullPosition::kVertex);
  // No α makes the regularised planner choose y.
  for (double alpha = 0; alpha <= 60; alpha += 0.25) {
    const std::vector<int> play =
        deterministic_play(game, regularised_planner(game, alpha, HarmMeasure::kViolations));
    ASSERT_EQ(play.size(), 1u);
    EXPECT_NE(game.graph.edge_choice[play[0]], 1) << "alpha " << alpha;
  }
}

TEST(AdventurePareto, FrontierMatchesBruteForce) {
  for (const std::string& text : {testing::adventure_text("tiny.jsonc"), std::string(kThreeEndings)}) {
    Adventure game = read_ok(text);
    for (HarmMeasure measure :
         {HarmMeasure::kViolations, HarmMeasure::kPower, HarmMeasure::kDisutility, HarmMeasure::kAll}) {
      const auto expected = brute_frontier(game, measure);
      const std::vector<FrontierPoint> f = pareto_frontier(game, measure, Context());
      ASSERT_EQ(f.size(), expected.size());
      for (std::size_t i = 0; i < f.size(); ++i) {
        EXPECT_NEAR(f[i].reward, expected[i].first, kTol);
        EXPECT_NEAR(f[i].harm, expected[i].second, kTol);
        // The play stored with the point has that reward and harm.
        const Scores s = score_play(game, play_edges(game, f[i].edges));
        EXPECT_NEAR(s.reward, f[i].reward, kTol);
      }
    }
  }
}

TEST(AdventurePareto, LoopsOnlyAddHarm) {
  // Waiting in a spied-on room gains nothing: the frontier is the play that leaves at once.
  Adventure game = read_ok(R"({
    "kind": "adventure", "start": "a", "stats": { "x": { "min": 0, "max": 2 } },
    "achievements": { "out": { "points": 1 } },
    "scenes": {
      "a": { "text": "A", "choices": [ { "text": "wait", "target": "b" }, { "text": "go", "target": "end" } ] },
      "b": { "text": "B", "annotations": { "morality": { "spying": 0.6 } }, "next": "a" },
      "end": { "text": "end", "achievements": ["out"], "ending": true }
    }
  })");
  const std::vector<FrontierPoint> f = pareto_frontier(game, HarmMeasure::kViolations, Context());
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].harm, 0);
  EXPECT_EQ(f[0].reward, 100);
  EXPECT_EQ(f[0].edges.size(), 1u);
}

}  // namespace
}  // namespace motive::adventure
