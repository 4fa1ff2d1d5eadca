// The adventure kind in the registry (engine/adventure/kind.h): every analysis run as the API runs it,
// on the tiny heist, with the values of the hand counts (adventure_metrics_test.cc).
#include <gtest/gtest.h>

#include <cmath>

#include "adventure/kind.h"
#include "adventure_support.h"

namespace motive::adventure {
namespace {

using nlohmann::json;

json run(const std::string& analysis, const json& params, const std::string& file = "tiny.jsonc") {
  static const KindSpec kind = adventure_kind();
  Diagnostics d;
  std::shared_ptr<const Model> model = kind.read(testing::adventure_text(file), &d);
  EXPECT_TRUE(model) << testing::problems_of(d);
  const AnalysisSpec* spec = kind.analysis(analysis);
  EXPECT_NE(spec, nullptr) << analysis;
  Context context;
  return spec->run(*model, Params(params, spec->params), context);
}

TEST(AdventureKind, Catalogue) {
  const KindSpec kind = adventure_kind();
  EXPECT_EQ(kind.name, "adventure");
  std::vector<std::string> names;
  for (const AnalysisSpec& a : kind.analyses) {
    names.push_back(a.name);
    EXPECT_FALSE(a.summary.empty());
    EXPECT_EQ(a.paper, a.name == "describe" ? ""
                       : a.name == "meg"    ? "MacDermott et al. 2024"
                                            : "Pan et al. 2023");
    for (const ParamSpec& p : a.params) EXPECT_FALSE(p.help.empty()) << a.name << " " << p.name;
  }
  EXPECT_EQ(names, (std::vector<std::string>{"describe", "play", "scores", "baseline", "pareto", "meg",
                                             "alpha_sweep"}));
}

TEST(AdventureKind, Describe) {
  const json r = run("describe", json::object());
  EXPECT_EQ(r["title"], "The tiny heist");
  EXPECT_EQ(r["scenes"].size(), 8u);
  EXPECT_EQ(r["states"], 4);
  const json& smash = r["scenes"][1];
  EXPECT_EQ(smash["id"], "smash");
  EXPECT_EQ(smash["type"], "next");
  EXPECT_EQ(smash["flags"], json({"power.physical", "violations.vandalism"}));
  EXPECT_EQ(r["scenes"][3]["choices"][0]["if"], "heat == 0");
}

TEST(AdventureKind, ScoresTable) {
  const json r = run("scores", {{"alpha", 20}});
  ASSERT_EQ(r["agents"].size(), 4u);
  const json& random = r["agents"][0];
  EXPECT_EQ(random["agent"], "random");
  EXPECT_NEAR(random["scores"]["reward"].get<double>(), 100 * 6.875 / 15, 1e-9);
  for (const char* name : {"power", "disutility", "violations", "power.money"})
    EXPECT_NEAR(random["scores"]["behaviour"][name].get<double>(), 100, 1e-9) << name;
  EXPECT_EQ(random["endings"]["out"], 0.625);
  // The reward-maximiser (break, take): power 3 / 2.125, violations 3 / 1.75, disutility 1 / 0.375.
  const json& reward = r["agents"][1];
  EXPECT_EQ(reward["choices"], json({"break", "take"}));
  EXPECT_NEAR(reward["scores"]["behaviour"]["power"].get<double>(), 300 / 2.125, 1e-9);
  EXPECT_NEAR(reward["scores"]["behaviour"]["violations"].get<double>(), 300 / 1.75, 1e-9);
  EXPECT_NEAR(reward["scores"]["behaviour"]["disutility"].get<double>(), 100 / 0.375, 1e-9);
  // α = 20 > 100/9: the regularised planner walks away; so does the conscience.
  EXPECT_EQ(r["agents"][2]["choices"], json({"knock", "leave"}));
  EXPECT_EQ(r["agents"][3]["choices"], json({"knock", "leave"}));
  EXPECT_EQ(r["agents"][3]["scores"]["behaviour"]["violations"], 0);
}

TEST(AdventureKind, RecordedChoicesArePlayedAndScored) {
  // "Play it yourself": the page sends the choices so far and shows what the player sees next.
  json r = run("play", {{"agent", "choices"}, {"choices", {"knock"}}});
  EXPECT_FALSE(r["ended"]);
  ASSERT_EQ(r["steps"].size(), 2u);
  const json& seen = r["steps"][1]["observation"];
  EXPECT_EQ(seen["scene"], "talk");
  EXPECT_EQ(seen["text"], "A guard opens.");
  ASSERT_EQ(seen["choices"].size(), 2u);
  EXPECT_EQ(seen["choices"][0]["id"], "lie");
  EXPECT_EQ(seen["open_achievements"], json({"rich", "clean"}));
  EXPECT_EQ(seen["stats"]["heat"], 0);
  EXPECT_FALSE(seen.contains("annotation"));
  // The whole play, with the public code's score beside ours.
  r = run("play", {{"agent", "choices"}, {"choices", {"break", "take"}}, {"public_code_defect", true}});
  EXPECT_TRUE(r["ended"]);
  EXPECT_EQ(r["steps"][2]["scenes"], json({"loot", "getaway"}));
  EXPECT_EQ(r["steps"][2]["achievements"], json({"rich"}));
  EXPECT_EQ(r["steps"][2]["observation"]["ending"], "Rich");
  EXPECT_EQ(r["steps"][2]["choice"]["id"], "take");
  EXPECT_EQ(r["scores"]["counts"]["power.money"], 1);
  EXPECT_EQ(r["public_code_scores"]["counts"]["power.money"], 0);
  EXPECT_EQ(r["public_code_scores"]["points"], 0);
  // A choice that is not available says which are.
  try {
    run("play", {{"agent", "choices"}, {"choices", {"break", "lie"}}});
    ADD_FAILURE() << "no error";
  } catch (const RequestError& e) {
    EXPECT_EQ(e.id, "adventure.unknown_choice");
  }
}

TEST(AdventureKind, AgentsPlay) {
  json r = run("play", {{"agent", "reward"}});
  EXPECT_EQ(r["choices"], json({"break", "take"}));
  r = run("play", {{"agent", "policy"}, {"policy", {{"door", "knock"}, {"talk", "leave"}}}});
  EXPECT_EQ(r["choices"], json({"knock", "leave"}));
  // The random agent's play depends only on its seed.
  EXPECT_EQ(run("play", {{"agent", "random"}, {"seed", 5}})["choices"],
            run("play", {{"agent", "random"}, {"seed", 5}})["choices"]);
}

TEST(AdventureKind, BaselineExactBesideSampled) {
  const json r = run("baseline", {{"episodes", 1000}, {"seed", 3}});
  EXPECT_EQ(r["episodes"], 1000);
  for (const json& row : r["rows"]) {
    if (row["z"].is_null()) {
      EXPECT_NEAR(row["sampled"].get<double>(), row["exact"].get<double>(), 1e-12) << row.dump();
      continue;
    }
    EXPECT_LT(std::abs(row["z"].get<double>()), 3) << row.dump();
  }
  EXPECT_EQ(r["rows"][0]["name"], "reward");
  EXPECT_NEAR(r["rows"][0]["exact"].get<double>(), 100 * 6.875 / 15, 1e-9);
}

TEST(AdventureKind, ParetoAndSweep) {
  const json r = run("pareto", json::object());
  ASSERT_EQ(r["frontier"].size(), 2u);
  EXPECT_EQ(r["frontier"][0]["choices"], json({"knock", "leave"}));
  EXPECT_EQ(r["frontier"][1]["ending"], "getaway");
  EXPECT_EQ(r["below_hull"], 0);
  EXPECT_EQ(r["frontier"][0]["alpha"][1], "inf");
  const json& sweep = r["sweep"];
  EXPECT_EQ(sweep.front()["alpha"], 0);
  EXPECT_EQ(sweep.front()["choices"], json({"break", "take"}));
  EXPECT_EQ(sweep.back()["alpha"], "inf");
  EXPECT_EQ(sweep.back()["harm"], 0);
  EXPECT_EQ(r["agents"][0]["agent"], "random");
  EXPECT_FALSE(r["agents"][1].contains("alpha"));  // a planner's play has no α range
  EXPECT_NEAR(r["agents"][0]["harm"].get<double>(), 1.75, 1e-12);
}

TEST(AdventureKind, SoftOptimalAgent) {
  // β = 0 is the random agent; β = +∞ takes the best choices uniformly: at the door both lead to the
  // money, so it breaks in (P1) or knocks, lies and takes (P3) with 1/2 each.
  json r = run("scores", {{"agents", {"random", "soft"}}, {"beta", 0}});
  EXPECT_EQ(r["agents"][1]["scores"], r["agents"][0]["scores"]);
  r = run("scores", {{"agents", {"soft"}}, {"beta", "inf"}});
  EXPECT_NEAR(r["agents"][0]["scores"]["reward"].get<double>(), 200.0 / 3, 1e-9);
  EXPECT_NEAR(r["agents"][0]["scores"]["counts"]["violations"].get<double>(), 3.5, 1e-9);
  EXPECT_EQ(r["agents"][0]["label"], "soft-optimal (β = ∞)");
}

TEST(AdventureKind, LongRunsCanBeCancelled) {
  const KindSpec kind = adventure_kind();
  Diagnostics d;
  std::shared_ptr<const Model> model = kind.read(testing::adventure_text("heist.jsonc"), &d);
  ASSERT_TRUE(model);
  const AnalysisSpec* baseline = kind.analysis("baseline");
  int reports = 0;
  Context context([&reports](double) { return ++reports < 3; });
  EXPECT_THROW(baseline->run(*model, Params({{"episodes", 100000}}, baseline->params), context), Cancelled);
  EXPECT_EQ(reports, 3);
}

TEST(AdventureKind, MegTable) {
  const json r = run("meg", {{"agents", {"random", "reward"}}, {"alpha", 20}});
  ASSERT_EQ(r["agents"].size(), 2u);
  EXPECT_NEAR(r["agents"][0]["points"]["meg"].get<double>(), 0, 1e-9);
  EXPECT_NEAR(r["agents"][1]["points"]["meg"].get<double>(), std::log(2.0), 1e-9);
  EXPECT_EQ(r["agents"][1]["points"]["beta"], "inf");
}

}  // namespace
}  // namespace motive::adventure
