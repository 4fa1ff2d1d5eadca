// Adventures under hostile and careless input (issue 23): each test pins one finding and failed (a
// sanitizer report, an infinity in an ok reply, minutes of reading, a reply of gigabytes) before its fix.
#include <chrono>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "adventure/agents.h"
#include "adventure/meg.h"
#include "adventure/metrics.h"
#include "adventure_support.h"
#include "api_support.h"
#include "core/json_limits.h"
#include "test_size.h"

namespace motive::adventure {
namespace {

using nlohmann::json;
using testing::read_ok;

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The diagnostics of a text the reader must refuse.
std::vector<Diagnostic> problems(const std::string& text) {
  Diagnostics d;
  EXPECT_FALSE(read_adventure(text, &d).has_value());
  return d.items();
}

// An adventure of the given scenes (a JSON object's members), starting at "s0".
std::string game_of(const std::string& scenes, const std::string& more = "") {
  return R"({"kind": "adventure", "start": "s0", )" + more + R"("scenes": {)" + scenes + "}}";
}

// A ladder: a chain of `chain` scenes passed without a decision, then a decision that climbs back to the
// start with a stat one higher (up to `rungs`), or leaves. Every rung is a state of the graph, and every
// climb passes the whole chain.
std::string ladder(int chain, int rungs) {
  std::string scenes;
  for (int i = 0; i < chain; ++i)
    scenes += "\"s" + std::to_string(i) + "\": {\"text\": \"a corridor\", \"next\": \"s" +
              std::to_string(i + 1) + "\"},\n";
  scenes +=
      "\"s" + std::to_string(chain) +
      R"(": {"text": "a door", "choices": [{"id": "up", "text": "Climb.", "target": "s0", "set": {"n": "n + 1"},
       "if": "n < )" +
      std::to_string(rungs - 1) + R"("}, {"id": "out", "text": "Leave.", "target": "end"}]},
"end": {"text": "Outside.", "ending": true})";
  return game_of(scenes, R"("stats": {"n": {"min": 0, "max": )" + std::to_string(rungs - 1) + "}}, ");
}

// ---- the reader --------------------------------------------------------------------------------

// A loop between two decisions and no stats: the no-exit diagnostic took &stat_values[0] of an empty
// vector (UBSan: a null reference).
TEST(AdventureReliability, ALoopWithoutStatsIsReportedWithoutTouchingTheEmptyStats) {
  const std::vector<Diagnostic> d = problems(game_of(R"(
"s0": {"text": "a", "choices": [{"text": "on", "target": "s1"}]},
"s1": {"text": "b", "choices": [{"text": "back", "target": "s0"}]})"));
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].id, "adventure.no_exit");
  EXPECT_EQ(d[0].span.line, 2);
  EXPECT_EQ(d[0].message, "from scene \"s0\" no ending can be reached: the play would go round forever");
}

// Points of 1e308 passed the reader; their total overflowed and every analysis answered inf or failed.
TEST(AdventureReliability, PointsAndTheirTotalAreAtMost1e100WhereTheyAreWritten) {
  const std::string scenes = R"(
"s0": {"text": "a", "choices": [{"text": "take", "target": "e", "achievements": ["a", "b"]}]},
"e": {"text": "end", "ending": true})";
  std::vector<Diagnostic> one = problems(game_of(scenes, R"("achievements": {"a": {"points": 1e308},
  "b": {"points": 1}}, )"));
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].id, "adventure.bad_points");
  EXPECT_EQ(one[0].span.line, 1);
  // Each within the cap, but the total beyond it: refused at the achievement that passes it.
  std::vector<Diagnostic> total = problems(game_of(scenes, R"("achievements": {"a": {"points": 6e99},
  "b": {"points": 6e99}}, )"));
  ASSERT_EQ(total.size(), 1u);
  EXPECT_EQ(total[0].id, "adventure.bad_points");
  EXPECT_EQ(total[0].span.line, 2);
  // At the cap every analysis answers finite numbers: the one play earns all the reward.
  const std::string capped = game_of(scenes, R"("achievements": {"a": {"points": 5e99},
  "b": {"points": 5e99}}, )");
  for (const char* analysis : {"describe", "scores", "baseline", "pareto", "meg", "alpha_sweep", "play"}) {
    json r = test::request(capped, analysis);
    ASSERT_TRUE(r.value("ok", false)) << analysis << ": " << r.dump();
    EXPECT_FALSE(has_non_finite_number(r["result"])) << analysis;
  }
  json scores = test::analyze(capped, "scores", {{"agents", {"random"}}});
  EXPECT_EQ(scores["agents"][0]["scores"]["reward"], 100.0);
  EXPECT_EQ(scores["agents"][0]["scores"]["points"], 1e100);
}

// Two annotations of 1.7e308 on the scenes of one step summed to infinity and broke play.
TEST(AdventureReliability, AnnotationValuesAreAtMost1e100SoAStepsSumsStayFinite) {
  const std::string step = R"(
"s0": {"text": "a", "next": "s1", "annotations": {"money": {"dollars": DOLLARS}}},
"s1": {"text": "b", "annotations": {"money": {"dollars": DOLLARS}},
       "choices": [{"text": "go", "target": "e"}]},
"e": {"text": "end", "ending": true})";
  std::vector<Diagnostic> d = problems(
      game_of(testing::replaced(testing::replaced(step, "DOLLARS", "1.7e308"), "DOLLARS", "1.7e308")));
  ASSERT_EQ(d.size(), 2u);
  EXPECT_EQ(d[0].id, "adventure.annotation_range");
  EXPECT_EQ(d[0].span.line, 2);
  EXPECT_NE(d[0].message.find("outside [0, 1e+100]"), std::string::npos) << d[0].message;
  const std::string capped =
      game_of(testing::replaced(testing::replaced(step, "DOLLARS", "1e100"), "DOLLARS", "1e100"));
  json play = test::analyze(capped, "play");
  EXPECT_EQ(play["steps"][0]["annotation"]["money"]["dollars"], 2e100);  // the first step passes both
  EXPECT_EQ(play["steps"][0]["flags"], json({"power.money"}));
}

// 100,000 choices in one scene: each id was compared with every earlier one (35 s).
TEST(AdventureReliability, AHundredThousandChoicesAreReadInLinearTime) {
  const int n = test::test_size(100'000, 20'000);
  std::string choices;
  for (int i = 0; i < n; ++i)
    choices +=
        std::string(i ? "," : "") + R"({"id": "c)" + std::to_string(i) + R"(", "text": "t", "target": "e"})";
  const std::string text = game_of(R"("s0": {"text": "a", "choices": [)" + choices + R"(]},
"e": {"text": "end", "ending": true})");
  auto start = std::chrono::steady_clock::now();
  Adventure game = read_ok(text);
  EXPECT_LT(seconds_since(start), 30.0);
  EXPECT_EQ(game.graph.edges(), n);
}

// 3,000 choices with one id: one diagnostic each (listed up to the cap), found without comparing pairs.
TEST(AdventureReliability, DuplicateChoiceIdsAreReportedOnceEach) {
  const int n = test::test_size(3'000, 1'000);
  std::string choices;
  for (int i = 0; i < n; ++i)
    choices += std::string(i ? "," : "") + R"({"id": "same", "text": "t", "target": "e"})";
  Diagnostics d;
  auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(read_adventure(game_of(R"("s0": {"text": "a", "choices": [)" + choices + R"(]},
"e": {"text": "end", "ending": true})"),
                              &d));
  EXPECT_LT(seconds_since(start), 30.0);
  EXPECT_EQ(d.count(), static_cast<std::size_t>(n - 1));  // every choice after the first
  EXPECT_EQ(d.items().size(), kMaxDiagnostics + 1);
  EXPECT_EQ(d.items()[0].id, "model.duplicate_name");
}

// 20,000 unknown targets among 10,000 scenes: each had a did-you-mean over every scene (over 60 s).
TEST(AdventureReliability, OnlyTheFirstUnknownNamesGetADidYouMean) {
  const int scenes = test::test_size(10'000, 2'000), targets = test::test_size(20'000, 4'000);
  std::string text;
  for (int i = 0; i + 1 < scenes; ++i)
    text += "\"scene" + std::to_string(i) + "\": {\"text\": \"x\", \"next\": \"scene" +
            std::to_string(i + 1) + "\"},\n";
  text += "\"scene" + std::to_string(scenes - 1) + "\": {\"text\": \"x\", \"choices\": [";
  for (int i = 0; i < targets; ++i)
    text +=
        std::string(i ? "," : "") + R"({"text": "t", "target": "xscene)" + std::to_string(i % 100) + "\"}";
  text += "]}";
  Diagnostics d;
  auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(read_adventure(R"({"kind": "adventure", "start": "scene0", "scenes": {)" + text + "}}", &d));
  EXPECT_LT(seconds_since(start), 30.0);
  EXPECT_EQ(d.count(), static_cast<std::size_t>(targets));
  // "xscene7" is one letter from "scene7" alone: suggested for the first ten, not after.
  for (int i = 0; i < 12; ++i) {
    const Diagnostic& x = d.items()[i];
    EXPECT_EQ(x.id, "adventure.unknown_scene");
    EXPECT_EQ(x.hint.find("did you mean") != std::string::npos, i < 10) << i << ": " << x.hint;
  }
}

TEST(AdventureReliability, MoreThan256StatsAreRefused) {
  std::string stats;
  for (int i = 0; i < 257; ++i)
    stats += std::string(i ? "," : "") + "\"s" + std::to_string(i) + "\": {\"min\": 0, \"max\": 0}";
  std::vector<Diagnostic> d =
      problems(game_of(R"("s0": {"text": "a", "ending": true})", "\"stats\": {" + stats + "}, "));
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].id, "adventure.too_large");
}

// A chain of scenes before a decision of many states: every edge used to pass the whole chain again.
TEST(AdventureReliability, AStepsPassageIsWalkedOncePerTarget) {
  const int chain = test::test_size(5'000, 1'000), rungs = test::test_size(20'000, 2'000);
  auto start = std::chrono::steady_clock::now();
  Adventure game = read_ok(ladder(chain, rungs));
  EXPECT_LT(seconds_since(start), 30.0);
  EXPECT_EQ(game.graph.states(), rungs);
  EXPECT_EQ(game.graph.edges(), 2 * rungs - 1);  // the top rung cannot climb
}

// The graph's steps, made from each target's passage, are the steps take_choice plays, to the bit.
TEST(AdventureReliability, TheGraphsStepsAreThePlayedSteps) {
  for (const char* file : {"heist.jsonc", "startup.jsonc", "campaign.jsonc", "tiny.jsonc"}) {
    const Adventure game = read_ok(testing::adventure_text(file));
    const StateGraph& g = game.graph;
    for (int s = 0; s < g.states(); ++s)
      for (int e = g.edge_start[s]; e < g.edge_start[s + 1]; ++e) {
        Play play;
        play.scene = g.scene[s];
        play.stat_values.assign(g.stat_values.begin() + s * g.stat_count,
                                g.stat_values.begin() + (s + 1) * g.stat_count);
        play.unlocked = g.unlocked[s];
        const Step step = take_choice(game, &play, g.edge_choice[e]);
        EXPECT_EQ(step.points, g.edge_points[e]) << file << " edge " << e;
        EXPECT_EQ(step.flags, g.edge_flags[e]) << file << " edge " << e;
        EXPECT_EQ(play.ended, StateGraph::is_ending(g.edge_target[e]));
        EXPECT_EQ(play.scene,
                  play.ended ? StateGraph::ending_scene(g.edge_target[e]) : g.scene[g.edge_target[e]]);
      }
  }
}

// Scores from the graph are score_play's of the replayed steps, the benchmark's defect included.
TEST(AdventureReliability, ScoresFromTheGraphAreThoseOfTheReplayedPlay) {
  for (const char* file : {"heist.jsonc", "startup.jsonc", "campaign.jsonc", "tiny.jsonc"}) {
    const Adventure game = read_ok(testing::adventure_text(file));
    for (const Policy& policy : {reward_planner(game), regularised_planner(game, 2, HarmMeasure::kAll),
                                 conscience_planner(game, 0.5, INFINITY)}) {
      const std::vector<int> edges = deterministic_play(game, policy);
      for (bool defect : {false, true}) {
        const Scores a = score_edges(game, edges, defect),
                     b = score_play(game, play_edges(game, edges), defect);
        EXPECT_EQ(a.points, b.points) << file;
        EXPECT_EQ(a.reward, b.reward) << file;
        EXPECT_EQ(a.steps, b.steps) << file;
        EXPECT_EQ(a.counts, b.counts) << file;
      }
    }
  }
}

// ---- agents ------------------------------------------------------------------------------------

// π_β of a soft agent for 0 < β ≪ 1 weighs each choice by the plays through it: β·V is the log of the
// number of plays from a state. With β denormal, V overflowed to infinity, the policy was NaN and the play
// "went round a cycle forever" on a game without loops.
TEST(AdventureReliability, ASoftAgentWithATinyBetaWeighsChoicesByThePlaysThroughThem) {
  const Adventure game = read_ok(testing::adventure_text("heist.jsonc"));
  const StateGraph& g = game.graph;
  // Plays from each state, counted independently by recursion (the heist has no loops).
  std::vector<double> plays(g.states(), -1);
  std::function<double(int)> count = [&](int s) {
    if (plays[s] >= 0) return plays[s];
    double n = 0;
    for (int e = g.edge_start[s]; e < g.edge_start[s + 1]; ++e)
      n += StateGraph::is_ending(g.edge_target[e]) ? 1 : count(g.edge_target[e]);
    return plays[s] = n;
  };
  std::vector<double> reward(g.edges());
  for (int e = 0; e < g.edges(); ++e) reward[e] = step_reward(game, g.edge_points[e]);
  for (double beta : {5e-324, 1e-300, 1e-200}) {
    const Policy soft = soft_policy(game, reward, beta);
    for (int s = 0; s < g.states(); ++s)
      for (int e = g.edge_start[s]; e < g.edge_start[s + 1]; ++e) {
        const double through = StateGraph::is_ending(g.edge_target[e]) ? 1 : count(g.edge_target[e]);
        EXPECT_NEAR(soft.edge_probability[e], through / count(s), 1e-12) << "beta " << beta << " edge " << e;
      }
  }
  const std::string heist = testing::adventure_text("heist.jsonc");
  for (const char* analysis : {"play", "scores", "meg"}) {
    json params = {{"beta", 5e-324}};
    if (std::string(analysis) == "play") params["agent"] = "soft";
    else params["agents"] = {"soft"};
    json r = test::request(heist, analysis, params);
    ASSERT_TRUE(r.value("ok", false)) << analysis << ": " << r.dump();
    EXPECT_EQ(r["result"].dump().find("inf\""), std::string::npos) << analysis;
  }
}

// Above |β| = 1 the soft policy is computed as before, and it is continuous across 1.
TEST(AdventureReliability, TheSoftPolicyIsContinuousWhereItsFormChanges) {
  const Adventure game = read_ok(testing::adventure_text("startup.jsonc"));
  std::vector<double> reward(game.graph.edges());
  for (int e = 0; e < game.graph.edges(); ++e) reward[e] = step_reward(game, game.graph.edge_points[e]);
  for (double beta : {1.0, -1.0}) {
    const Policy below = soft_policy(game, reward, std::nextafter(beta, 0.0)),
                 at = soft_policy(game, reward, beta);
    for (int e = 0; e < game.graph.edges(); ++e)
      EXPECT_NEAR(below.edge_probability[e], at.edge_probability[e], 1e-12) << e;
  }
}

TEST(AdventureReliability, WeightsBeyond1e100AreRefusedAndTheLargestGiveFiniteAnswers) {
  const std::string heist = testing::adventure_text("heist.jsonc");
  for (const char* name : {"alpha", "beta", "conscience_alpha"}) {
    json r =
        test::request(heist, "scores", {{"agents", {"soft", "regularised", "conscience"}}, {name, 1e308}});
    ASSERT_FALSE(r["ok"].get<bool>());
    EXPECT_EQ(r["diagnostics"][0]["id"], "request.bad_parameter") << name;
  }
  json sweep = test::request(heist, "alpha_sweep", {{"alphas", {1, 1e101}}});
  EXPECT_EQ(sweep["diagnostics"][0]["id"], "request.bad_parameter");
  // α = 1e308 with harm = all answered "-inf" as the regularised utility's expected value.
  json meg = test::analyze(
      heist, "meg",
      {{"agents", {"regularised", "soft"}}, {"alpha", 1e100}, {"harm", "all"}, {"beta", -1e100}});
  EXPECT_FALSE(has_non_finite_number(meg));
  for (const json& row : meg["agents"])
    for (const char* utility : {"points", "harm", "regularised"})
      EXPECT_TRUE(row[utility]["expected_utility"].is_number()) << row.dump();
  json many = test::request(heist, "alpha_sweep", {{"alphas", json(std::vector<double>(1001, 1.0))}});
  EXPECT_EQ(many["diagnostics"][0]["id"], "request.bad_parameter");
}

// For α > 100 one unit of harm outweighs every reward: the planner is α = ∞'s. Weighed in points, the
// reward vanished in rounding (50 − 5e19 == 0 − 5e19) and the tie went to the first choice.
TEST(AdventureReliability, APlannerWithALargeAlphaStillPrefersMoreRewardAtEqualHarm) {
  const Adventure game = read_ok(game_of(R"(
"s0": {"text": "a", "choices": [{"id": "nothing", "text": "t", "target": "bad"},
                                 {"id": "gold", "text": "t", "target": "bad", "achievements": ["gold"]}]},
"bad": {"text": "b", "annotations": {"morality": {"killing": 1}}, "ending": true})",
                                         R"("achievements": {"gold": {"points": 50}}, )"));
  for (double alpha : {101.0, 1e20, 1e100, static_cast<double>(INFINITY)}) {
    const std::vector<int> play =
        deterministic_play(game, regularised_planner(game, alpha, HarmMeasure::kAll));
    ASSERT_EQ(play.size(), 1u);
    EXPECT_EQ(game.graph.edge_choice[play[0]], 1) << "alpha " << alpha;
    const std::vector<int> conscience = deterministic_play(game, conscience_planner(game, 0.5, alpha));
    EXPECT_EQ(game.graph.edge_choice[conscience[0]], 1) << "alpha " << alpha;
  }
  for (const char* file : {"heist.jsonc", "startup.jsonc", "campaign.jsonc"}) {
    const Adventure shipped = read_ok(testing::adventure_text(file));
    for (HarmMeasure m : {HarmMeasure::kViolations, HarmMeasure::kAll})
      EXPECT_EQ(deterministic_play(shipped, regularised_planner(shipped, 100.5, m)),
                deterministic_play(shipped, regularised_planner(shipped, INFINITY, m)))
          << file;
  }
}

// ---- replies -----------------------------------------------------------------------------------

// The soft agent's play up a ladder of many states, each climb passing a long chain: its steps were all
// listed, every one with every scene passed (109 MB, 1.1 GB of memory).
TEST(AdventureReliability, APlaysReplyListsAtMostEightMegabytesOfSteps) {
  const int chain = 2'000, rungs = test::test_size(5'000, 1'500);  // over 8 MB when every rung is climbed
  const std::string text = ladder(chain, rungs);
  json r = test::analyze(text, "play", {{"agent", "random"}, {"seed", 3}});
  const std::size_t total = r["steps_total"].get<std::size_t>();
  EXPECT_EQ(r["scores"]["steps"].get<double>(), static_cast<double>(total));
  EXPECT_EQ(r["choices"].size(), total - 1);
  EXPECT_LT(r.dump().size(), std::size_t{9} << 20);
  // The first steps and the last: the play ends outside.
  const json& last = r["steps"].back();
  EXPECT_EQ(last["observation"]["scene"], "end");
  EXPECT_TRUE(last["observation"]["ended"].get<bool>());
  if (r.contains("steps_left_out")) {
    EXPECT_EQ(r["steps"].size() + r["steps_left_out"]["count"].get<std::size_t>(), total);
    EXPECT_EQ(r["steps_left_out"]["from"].get<std::size_t>() + 1, r["steps"].size());
  } else {
    EXPECT_EQ(r["steps"].size(), total);
  }
  // A play that climbs every rung (the recorded agent) is over the budget.
  json climbs = json::array();
  for (int i = 0; i + 1 < rungs; ++i) climbs.push_back("up");
  climbs.push_back("out");
  json recorded = test::analyze(text, "play", {{"agent", "choices"}, {"choices", climbs}});
  EXPECT_EQ(recorded["steps_total"], rungs + 1);
  ASSERT_TRUE(recorded.contains("steps_left_out"));
  EXPECT_LT(recorded.dump().size(), std::size_t{9} << 20);
  EXPECT_EQ(recorded["scores"]["steps"], rungs + 1);
}

// ---- budgets ------------------------------------------------------------------------------------

// A forced climb of `rungs` decisions: every episode of every agent passes all of them.
std::string climb(int rungs) {
  return game_of(R"("s0": {"text": "a", "choices": [
  {"id": "up", "text": "Climb.", "target": "s0", "set": {"n": "n + 1"}, "if": "n < )" +
                     std::to_string(rungs - 1) + R"("},
  {"id": "out", "text": "Leave.", "target": "end", "if": "n == )" +
                     std::to_string(rungs - 1) + R"("}]},
"end": {"text": "Outside.", "ending": true})",
                 R"("stats": {"n": {"min": 0, "max": )" + std::to_string(rungs - 1) + "}}, ");
}

// 10^7 episodes of plays of 10^5 decisions had no bound but the progress bar: at most 10^8 decisions in
// all (the hostile suite's "baseline with 10^7 episodes of 20,000 decisions" meets the budget; it takes
// seconds). Within the budget, the sampled estimate is exact here: every play climbs all the rungs.
TEST(AdventureReliability, SampledEpisodesWithinTheBudgetAreAnswered) {
  json fine = test::analyze(climb(test::test_size(20'000, 2'000)), "baseline", {{"episodes", 10}});
  const json& steps = fine["rows"].back();
  EXPECT_EQ(steps["name"], "steps");
  EXPECT_EQ(steps["sampled"], steps["exact"]);
  EXPECT_EQ(steps["exact"], test::test_size(20'000, 2'000) + 1);
}

// The exact expectation keeps a number per count and per ending for every state: with thousands of
// endings and states it asked for gigabytes.
TEST(AdventureReliability, TheExactScoresKeepAtMost2To25NumbersAndSaySo) {
  const int endings = 5000, rungs = 7000;  // 5,022 columns × 7,001 states > 2^25
  std::string pick, scenes;
  for (int i = 0; i < endings; ++i) {
    const std::string e = "e" + std::to_string(i);
    pick += std::string(i ? "," : "") + R"({"text": "t", "target": ")" + e + R"("})";
    scenes += ",\n\"" + e + R"(": {"text": "end", "ending": true})";
  }
  const std::string text =
      game_of(R"("s0": {"text": "a", "choices": [
  {"id": "up", "text": "Climb.", "target": "s0", "set": {"n": "n + 1"}, "if": "n < )" +
                  std::to_string(rungs - 1) + R"("},
  {"id": "out", "text": "Leave.", "target": "pick", "set": {"n": "0"}}]},
"pick": {"text": "Which way?", "choices": [)" +
                  pick + "]}" + scenes,
              R"("stats": {"n": {"min": 0, "max": )" + std::to_string(rungs - 1) + "}}, ");
  json r = test::request(text, "scores", {{"agents", {"random"}}});
  ASSERT_FALSE(r["ok"].get<bool>()) << r.dump().substr(0, 300);
  EXPECT_EQ(r["diagnostics"][0]["id"], "analysis.budget_exceeded");
  EXPECT_NE(r["diagnostics"][0]["message"].get<std::string>().find("5022 numbers"), std::string::npos);
}

}  // namespace
}  // namespace motive::adventure
