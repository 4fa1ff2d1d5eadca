// Gridworlds and MDPs through the API (docs/api.md): describe, solve and trajectories, dispatch by
// kind, analyses asked of the wrong kind, and every gridworld and MDP example of the gallery.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>

#include "api_support.h"

namespace motive {
namespace {

using nlohmann::json;
using test::analyze;
using test::read_source_file;
using test::request;

json only_diagnostic(const json& response) {
  EXPECT_FALSE(response.value("ok", true)) << response.dump(2);
  EXPECT_EQ(response["diagnostics"].size(), 1u) << response.dump(2);
  return response["diagnostics"].empty() ? json::object() : response["diagnostics"][0];
}

TEST(MdpApi, DescribeGivesTheGridAndWhereEachMapRowIs) {
  const std::string text = read_source_file("examples/meg/cliffworld.jsonc");
  const json r = analyze(text, "describe");
  EXPECT_EQ(r["kind"], "gridworld");
  EXPECT_EQ(r["title"], "CliffWorld");
  EXPECT_EQ(r["states"].size(), 40u);
  EXPECT_EQ(r["states"][1], json({{"name", "r0c1"}, {"cell", {0, 1}}, {"terminal", true}}));
  EXPECT_EQ(r["actions"], json({"up", "down", "left", "right"}));
  EXPECT_EQ(r["start"][0], 1.0);
  EXPECT_EQ(r["discount"], 0.9);
  EXPECT_EQ(r["policies"], json({"edge", "safe"}));
  EXPECT_EQ(r["variants"], json({"base"}));
  const json& grid = r["grid"];
  EXPECT_EQ(grid["rows"], 4);
  EXPECT_EQ(grid["cols"], 10);
  EXPECT_EQ(grid["cells"][0][9],
            json({{"char", "G"}, {"type", "goal"}, {"utility", 10.0}, {"terminal", true}, {"state", 9}}));
  EXPECT_EQ(grid["cells"][0][0]["type"], "start");
  // Each map row's span, quotes included: replacing it in the text replaces the row.
  ASSERT_EQ(grid["map_rows"].size(), 4u);
  std::vector<std::string> lines;
  std::size_t at = 0;
  while (at <= text.size()) {
    std::size_t end = text.find('\n', at);
    lines.push_back(text.substr(at, end == std::string::npos ? std::string::npos : end - at));
    if (end == std::string::npos) break;
    at = end + 1;
  }
  const std::vector<std::string> rows = {"\"SCCCCCCCCG\"", "\"..........\"", "\"..........\"",
                                         "\"..........\""};
  for (int i = 0; i < 4; ++i) {
    const json& span = grid["map_rows"][i];
    EXPECT_EQ(
        lines[span["line"].get<int>() - 1].substr(span["column"].get<int>() - 1, span["length"].get<int>()),
        rows[i]);
  }
}

TEST(MdpApi, SolveGivesOptimalValuesAndTheAgentsPolicy) {
  const std::string text = read_source_file("examples/meg/cliffworld.jsonc");
  const json r = analyze(text, "solve", {{"agent", {{"kind", "epsilon_greedy"}, {"epsilon", 0.1}}}});
  ASSERT_EQ(r["values"].size(), 40u);
  EXPECT_TRUE(r["converged"].get<bool>());
  EXPECT_EQ(r["q"][0].size(), 4u);
  EXPECT_EQ(r["optimal_policy"][0], json({0.0, 1.0, 0.0, 0.0}));      // down, away from the cliff
  EXPECT_EQ(r["optimal_policy"][9], json({0.25, 0.25, 0.25, 0.25}));  // terminal: every action ties
  const json& agent = r["agent"];
  EXPECT_EQ(agent["agent"], json({{"kind", "epsilon_greedy"}, {"epsilon", 0.1}}));
  EXPECT_NEAR(agent["policy"][0][1].get<double>(), 0.925, 1e-15);
  double mass = 0;
  for (const json& d : agent["occupancy"]) mass += d.get<double>();
  EXPECT_NEAR(mass, 10.0, 1e-9);
  EXPECT_NEAR(agent["expected_utility"].get<double>(), agent["values"][0].get<double>(), 1e-12);
  EXPECT_LT(agent["expected_utility"].get<double>(), r["values"][0].get<double>());
}

// μ·V* by value iteration equals the optimal agent's μ·V_π by policy evaluation, and bounds every agent's.
TEST(MdpApi, SolveGivesTheOptimalExpectedUtility) {
  for (const char* path : {"examples/meg/cliffworld.jsonc", "examples/meg/recycling-robot.jsonc"}) {
    const std::string text = read_source_file(path);
    const json optimal = analyze(text, "solve");
    const double best = optimal["optimal_expected_utility"].get<double>();
    EXPECT_NEAR(best, optimal["agent"]["expected_utility"].get<double>(),
                1e-8 * std::max(1.0, std::abs(best)))
        << path;
    const json uniform = analyze(text, "solve", {{"agent", {{"kind", "uniform"}}}});
    EXPECT_EQ(uniform["optimal_expected_utility"], optimal["optimal_expected_utility"]) << path;
    EXPECT_LT(uniform["agent"]["expected_utility"].get<double>(), best) << path;
  }
}

TEST(MdpApi, SolveOfAnMdpWithANamedPolicy) {
  const std::string text = read_source_file("examples/meg/recycling-robot.jsonc");
  const json r = analyze(text, "solve", {{"agent", {{"kind", "policy"}, {"name", "lazy"}}}});
  // Waiting forever: 1 / (1 − 0.9).
  EXPECT_NEAR(r["agent"]["expected_utility"].get<double>(), 10.0, 1e-9);
  // Optimal: search when high, recharge when low. V(high) = 2 + 0.9 (0.8 V(high) + 0.2 V(low)),
  // V(low) = 0.9 V(high).
  const double high = 2 / (1 - 0.9 * (0.8 + 0.2 * 0.9));
  // Value iteration is accurate to 1e-10 · max(1, |V|).
  EXPECT_NEAR(r["values"][0].get<double>(), high, 1e-10 * high);
  EXPECT_NEAR(r["values"][1].get<double>(), 0.9 * high, 1e-10 * high);
}

TEST(MdpApi, QLearningReportsItsTraining) {
  const std::string text = read_source_file("examples/meg/coinrun.jsonc");
  const json r = analyze(
      text, "solve",
      {{"variant", "coin_moved"}, {"agent", {{"kind", "q_learning"}, {"episodes", 100}, {"seed", 1}}}});
  EXPECT_EQ(r["variant"], "coin_moved");
  EXPECT_EQ(r["agent"]["training"]["returns"].size(), 100u);
  EXPECT_EQ(r["agent"]["training"]["trained_on"], json({"coin_moved"}));
}

TEST(MdpApi, TrajectoriesAreSeeded) {
  const std::string text = read_source_file("examples/meg/cliffworld.jsonc");
  const json params = {
      {"agent", {{"kind", "epsilon_greedy"}, {"epsilon", 0.5}}}, {"count", 5}, {"length", 30}, {"seed", 9}};
  const json a = analyze(text, "trajectories", params);
  EXPECT_EQ(a, analyze(text, "trajectories", params));
  ASSERT_EQ(a["trajectories"].size(), 5u);
  EXPECT_EQ(a["trajectories"][0][0]["state"], 0);
  EXPECT_LE(a["trajectories"][0].size(), 30u);
  json other = params;
  other["seed"] = 10;
  EXPECT_NE(a["trajectories"], analyze(text, "trajectories", other)["trajectories"]);
}

TEST(MdpApi, TrajectoriesEstimateMegFromBehaviourAlone) {
  // CliffWorld's ε-greedy agent, ε = 0.1: known MEG 4.8432 (meg.md §4). The estimate from 2000
  // sampled runs (γ^200 is negligible) must agree within its standard error.
  const std::string text = read_source_file("examples/meg/cliffworld.jsonc");
  json r = analyze(text, "trajectories",
                   {{"agent", {{"kind", "epsilon_greedy"}, {"epsilon", 0.1}}},
                    {"count", 2000},
                    {"length", 200},
                    {"seed", 3}});
  const json& e = r["meg_estimate"];
  EXPECT_EQ(e["count"], 2000);
  EXPECT_GT(e["standard_error"].get<double>(), 0.0);
  EXPECT_LT(e["standard_error"].get<double>(), 0.15);
  EXPECT_NEAR(e["known"].get<double>(), 4.8432, 3 * e["standard_error"].get<double>());
  // The last step of a run that ends early enters the goal or the cliff.
  for (const json& run : r["trajectories"]) {
    if (run.size() == 200) continue;
    const double last = run.back()["utility"];
    EXPECT_TRUE(last == 10 || last == -10) << run.back().dump();
  }
}

TEST(MdpApi, CoinRunBehaviouralIntention) {
  // Ward et al. 2024, Section 7, with Def. 20 and the agent as its own oracle. Moving the coin, the
  // agent trained on the base level only keeps heading for the end of the level: it does not adapt,
  // so getting the coin was not intended. The agent trained with the coin in varied places heads
  // for the coin wherever it is: it adapts, so getting the coin was intended.
  const std::string text = read_source_file("examples/meg/coinrun.jsonc");
  int compared = 0;
  for (int seed : {1, 2, 3, 4}) {
    auto agent = [seed](json train) {
      return json{{"kind", "q_learning"},
                  {"episodes", 3000},
                  {"seed", seed},
                  {"observation", "goal_direction"},
                  {"train_variants", std::move(train)}};
    };
    json narrow = analyze(text, "intention", {{"agent", agent({"base"})}, {"interventions", {"coin_moved"}}});
    // Seed 2's narrowly trained agent bumps at the start of its own training level (its greedy
    // route never reaches the coin there): there is no pursuit to compare, so it is skipped.
    if (narrow["route"]["ends_terminal"].get<bool>()) {
      ++compared;
      EXPECT_EQ(narrow["route"]["cells"].back(), json({3, 11})) << "seed " << seed;
      EXPECT_FALSE(narrow["interventions"][0]["adapts"].get<bool>()) << "seed " << seed;
      EXPECT_EQ(narrow["interventions"][0]["route"]["cells"].back(), json({3, 11})) << "seed " << seed;
    }

    json robust = analyze(text, "intention",
                          {{"agent", agent({"base", "coin_high", "coin_early", "coin_above", "coin_corner"})},
                           {"interventions", {"coin_moved"}}});
    EXPECT_TRUE(robust["interventions"][0]["adapts"].get<bool>()) << "seed " << seed;
    EXPECT_EQ(robust["interventions"][0]["route"]["cells"].back(), json({0, 5})) << "seed " << seed;
    EXPECT_TRUE(robust["interventions"][0]["route"]["ends_terminal"].get<bool>()) << "seed " << seed;
  }
  EXPECT_EQ(compared, 3);
}

TEST(MdpApi, AnalysesOfTheWrongKindAreNotSupported) {
  const std::string grid = read_source_file("examples/meg/cliffworld.jsonc");
  json d = only_diagnostic(request(grid, "settings"));
  EXPECT_EQ(d["id"], "analysis.not_supported");
  EXPECT_EQ(d["message"], "\"settings\" is not defined for gridworld models");
  const std::string scim = read_source_file("examples/intention/spy.jsonc");
  d = only_diagnostic(request(scim, "solve"));
  EXPECT_EQ(d["id"], "analysis.not_supported");
  EXPECT_EQ(
      d["hint"],
      "it is defined for gridworld and mdp models; scim models answer describe, expected_utility, "
      "optimal_policies, settings, policies, graph, intention, actual_cause, hkw_intention, incentives, "
      "control_incentive, meg, meg_likelihood");
}

TEST(MdpApi, RequestProblems) {
  const std::string grid = read_source_file("examples/meg/coinrun.jsonc");
  json d = only_diagnostic(request(grid, "solve", {{"variant", "coin_mvoed"}}));
  EXPECT_EQ(d["id"], "request.unknown_variant");
  EXPECT_EQ(d["hint"], "did you mean \"coin_moved\"?");
  d = only_diagnostic(request(grid, "solve", {{"agent", {{"kind", "soft"}}}}));
  EXPECT_EQ(d["id"], "request.bad_parameter");
  EXPECT_EQ(d["message"], "the agent needs agent.beta");
  d = only_diagnostic(request(grid, "trajectories", {{"count", 0}}));
  EXPECT_EQ(d["id"], "request.bad_parameter");
}

TEST(MdpApi, ModelProblemsComeWithPositions) {
  json d = only_diagnostic(
      request("{\"kind\": \"gridworld\",\n \"map\": [\"S.g\"], \"discount\": 0.9}", "describe"));
  EXPECT_EQ(d["id"], "model.unknown_cell");
  EXPECT_EQ(d["line"], 2);
  EXPECT_EQ(d["column"], 13);
  d = only_diagnostic(request("{\"kind\": \"grid\"}", "describe"));
  EXPECT_EQ(d["id"], "model.unknown_kind");
  // The list of kinds itself is the registry test's concern.
  EXPECT_EQ(d["hint"].get<std::string>().rfind("the kinds are \"scim\", \"gridworld\", \"mdp\"", 0), 0u) << d;
  d = only_diagnostic(request("{\"title\": \"x\"}", "solve"));
  EXPECT_EQ(d["id"], "model.missing_field");
  EXPECT_EQ(d["hint"].get<std::string>().rfind("add \"kind\": \"scim\", \"gridworld\", \"mdp\"", 0), 0u) << d;
}

TEST(MdpApi, LongRunsReportProgressAndCanBeCancelled) {
  const json req = {{"model", read_source_file("examples/meg/coinrun.jsonc")},
                    {"analysis", "trajectories"},
                    {"params", {{"agent", {{"kind", "q_learning"}, {"episodes", 2000}}}, {"count", 100}}}};
  std::vector<double> reported;
  const json done = handle_request(req, [&](double f) {
    reported.push_back(f);
    return true;
  });
  EXPECT_TRUE(done.value("ok", false));
  ASSERT_GT(reported.size(), 100u);
  EXPECT_TRUE(std::is_sorted(reported.begin(), reported.end()));
  EXPECT_EQ(reported.back(), 1.0);
  const json stopped = handle_request(req, [](double f) { return f < 0.3; });
  EXPECT_EQ(only_diagnostic(stopped)["id"], "analysis.cancelled");
}

TEST(MdpApi, EveryGridworldAndMdpExampleSolves) {
  int count = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::filesystem::path(MOTIVE_SOURCE_DIR) / "examples" / "meg")) {
    const std::string path = "examples/meg/" + entry.path().filename().string();
    const std::string text = read_source_file(path);
    const json described = analyze(text, "describe");
    if (described.value("kind", "") != "gridworld" && described.value("kind", "") != "mdp") continue;
    ++count;
    EXPECT_FALSE(described["title"].get<std::string>().empty()) << path;
    EXPECT_FALSE(described["description"].get<std::string>().empty()) << path;
    EXPECT_FALSE(described["source"].get<std::string>().empty()) << path;
    for (const json& variant : described["variants"]) {
      const json solved = analyze(text, "solve", {{"variant", variant}});
      EXPECT_TRUE(solved.value("converged", false)) << path << " " << variant;
    }
  }
  EXPECT_GE(count, 5);
}

}  // namespace
}  // namespace motive
