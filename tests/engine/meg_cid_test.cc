// MEG in CIDs through the API: the mouse of MacDermott et al. 2024 (spec meg.md §4), several decisions under
// perfect recall, unknown utility towards target variables, the likelihood curve, and the diagnostics.
#include <cmath>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "api_support.h"

namespace motive::test {
namespace {

using nlohmann::json;

const double kLog2 = std::log(2.0);

double binary_entropy(double p) { return -p * std::log(p) - (1 - p) * std::log(1 - p); }

std::string mouse() { return read_source_file("examples/meg/mouse.jsonc"); }

TEST(MegCid, MouseReferenceNumbersOfTheSpec) {
  struct Case {
    const char* policy;
    double meg;
  };
  // meg.md §4: log 2, log 2 − H_b(0.8) = 0.1927, and p = 0.6 / 0.7 / 0.9 / 0.95.
  for (Case c :
       {Case{"optimal", 0.6931}, Case{"p80", 0.1927}, Case{"p60", 0.0201}, Case{"p70", 0.0823},
        Case{"p90", 0.3681}, Case{"p95", 0.4946}, Case{"coin", 0.0}, Case{"avoids_cheese", 0.6931}}) {
    json r = analyze(mouse(), "meg", {{"policy", c.policy}});
    EXPECT_NEAR(r["meg"].get<double>(), c.meg, 5e-5) << c.policy;
    EXPECT_TRUE(r["converged"].get<bool>()) << c.policy;
    EXPECT_NEAR(r["bound"].get<double>(), kLog2, 1e-15);
  }
}

TEST(MegCid, MouseMegIsLogTwoMinusTheBinaryEntropyWithItsWitnesses) {
  json r = analyze(mouse(), "meg", {{"policy", "p80"}});
  EXPECT_NEAR(r["meg"].get<double>(), kLog2 - binary_entropy(0.8), 1e-12);
  // The maximum-entropy policy is the agent's own: π_β(right) = σ(β) = 0.8, so β* = log 4.
  EXPECT_NEAR(r["beta"].get<double>(), std::log(4.0), 1e-9);
  EXPECT_NEAR(r["expected_utility"].get<double>(), 0.8, 1e-15);
  EXPECT_NEAR(r["maxent_expected_utility"].get<double>(), 0.8, 1e-12);
  EXPECT_EQ(r["decisions"], json::array({"D"}));
  EXPECT_NEAR(r["maxent_policy"]["D"][0]["probabilities"]["right"].get<double>(), 0.8, 1e-12);
  EXPECT_NEAR(r["agent_policy"]["D"][0]["probabilities"]["left"].get<double>(), 0.2, 1e-15);
  EXPECT_NEAR(r["contributions"][0].get<double>(), r["meg"].get<double>(), 1e-15);
  EXPECT_EQ(r["occupancy"], json::array({json::array({1.0})}));
  EXPECT_EQ(r["utility"], "known");
  EXPECT_EQ(r["policy"], "p80");
}

TEST(MegCid, DeterministicPoliciesSitAtTheEndsOfTheRationalityScale) {
  json best = analyze(mouse(), "meg", {{"policy", "optimal"}});
  EXPECT_EQ(best["beta"], "inf");
  EXPECT_NEAR(best["meg"].get<double>(), kLog2, 1e-15);
  json worst = analyze(mouse(), "meg", {{"policy", "avoids_cheese"}});
  EXPECT_EQ(worst["beta"], "-inf");
  EXPECT_NEAR(worst["meg"].get<double>(), kLog2, 1e-15);
  EXPECT_NEAR(worst["maxent_expected_utility"].get<double>(), 0, 1e-15);
  json coin = analyze(mouse(), "meg", {{"policy", "coin"}});
  EXPECT_NEAR(coin["beta"].get<double>(), 0, 1e-12);
  EXPECT_NEAR(coin["meg"].get<double>(), 0, 1e-15);
}

TEST(MegCid, UnknownUtilityTowardsTheCheeseEqualsTheKnownUtilityMeg) {
  // Every utility of C is a𝒰 + b: the best one predicts as well as 𝒰 itself (a may be negative).
  for (const char* policy : {"p80", "p95", "optimal", "avoids_cheese", "coin"}) {
    json known = analyze(mouse(), "meg", {{"policy", policy}});
    json unknown = analyze(mouse(), "meg", {{"policy", policy}, {"utility", "unknown"}, {"targets", {"C"}}});
    EXPECT_NEAR(unknown["meg"].get<double>(), known["meg"].get<double>(), 1e-9) << policy;
    EXPECT_TRUE(unknown["converged"].get<bool>()) << policy;
    EXPECT_TRUE(unknown["gradient_norm"].get<double>() <= 1e-9 || unknown["stop"] == "decrement") << policy;
    ASSERT_EQ(unknown["inferred_utility"].size(), 2u);
    EXPECT_EQ(unknown["targets"], json::array({"C"}));
  }
  json r = analyze(mouse(), "meg", {{"policy", "p80"}, {"utility", "unknown"}, {"targets", {"C"}}});
  // Scaled to [0, 1]: cheese 1, nothing 0, with β* = log 4 along it.
  EXPECT_EQ(r["inferred_utility"][0]["values"]["C"], "cheese");
  EXPECT_NEAR(r["inferred_utility"][0]["utility"].get<double>(), 1, 1e-12);
  EXPECT_NEAR(r["inferred_utility"][1]["utility"].get<double>(), 0, 1e-12);
  EXPECT_NEAR(r["beta"].get<double>(), std::log(4.0), 1e-6);
}

// Two junctions: the mouse first goes left or right (D1), sees which way the wind blows (W), then goes up or
// down (D2). The cheese is at (right, up) when the wind blows north, else at (right, down).
const char* kMaze = R"({
  "kind": "scim",
  "variables": {
    "D1": { "type": "decision", "domain": ["left", "right"] },
    "W": { "type": "chance", "domain": ["north", "south"], "cpd": { "north": 0.5, "south": 0.5 } },
    "D2": { "type": "decision", "parents": ["D1", "W"], "domain": ["up", "down"] },
    "U": { "type": "utility", "parents": ["D1", "W", "D2"],
           "function": "D1 == 'right' && ((W == 'north') == (D2 == 'up')) ? 1 : 0" }
  },
  "policies": {
    "optimal": { "D1": "'right'", "D2": "W == 'north' ? 'up' : 'down'" },
    "noisy": {
      "D1": { "cpd": { "left": 0.1, "right": 0.9 } },
      "D2": { "cpd": [ { "given": { "D1": "left", "W": "north" }, "p": { "up": 0.5, "down": 0.5 } },
                       { "given": { "D1": "left", "W": "south" }, "p": { "up": 0.5, "down": 0.5 } },
                       { "given": { "D1": "right", "W": "north" }, "p": { "up": 0.8, "down": 0.2 } },
                       { "given": { "D1": "right", "W": "south" }, "p": { "up": 0.2, "down": 0.8 } } ] }
    },
    "blind": { "D1": "'right'", "D2": "'up'" }
  }
})";

TEST(MegCid, SeveralDecisionsUnderPerfectRecallAddTheirContributions) {
  json optimal = analyze(kMaze, "meg", {{"policy", "optimal"}});
  EXPECT_NEAR(optimal["meg"].get<double>(), 2 * kLog2, 1e-12);
  EXPECT_NEAR(optimal["bound"].get<double>(), 2 * kLog2, 1e-15);
  EXPECT_EQ(optimal["beta"], "inf");
  EXPECT_EQ(optimal["decisions"], json::array({"D1", "D2"}));
  // The soft-optimal policy for β: at D2 (after right) σ(β) on the cheese side, after left uniform; at D1 the
  // soft value of right is (1/β) log((1 + e^β)/2) against 0 for left. Check the fitted β against that.
  json noisy = analyze(kMaze, "meg", {{"policy", "noisy"}});
  double beta = noisy["beta"].get<double>();
  double s = 1 / (1 + std::exp(-beta));
  double p_right = 1 / (1 + 2 / (1 + std::exp(beta)));  // exp(β V_right) / (exp(β V_right) + 1)
  EXPECT_NEAR(noisy["maxent_expected_utility"].get<double>(), p_right * s, 1e-12);
  EXPECT_NEAR(noisy["expected_utility"].get<double>(), 0.9 * 0.8, 1e-15);
  EXPECT_NEAR(p_right * s, 0.72, 1e-10);  // the root find matched the agent's expected utility
  double l1 = 0.9 * std::log(p_right) + 0.1 * std::log(1 - p_right) + kLog2;
  // After left (probability 0.1) both the agent and π_β are uniform at D2.
  double l2 = 0.9 * (0.8 * std::log(s) + 0.2 * std::log(1 - s)) + 0.1 * std::log(0.5) + kLog2;
  EXPECT_NEAR(noisy["contributions"][0].get<double>(), l1, 1e-10);
  EXPECT_NEAR(noisy["contributions"][1].get<double>(), l2, 1e-10);
  EXPECT_NEAR(noisy["meg"].get<double>(), l1 + l2, 1e-10);
  // P_π(observation of D2): (left, north), (left, south), (right, north), (right, south).
  json occupancy = noisy["occupancy"][1];
  EXPECT_NEAR(occupancy[0].get<double>(), 0.05, 1e-15);
  EXPECT_NEAR(occupancy[3].get<double>(), 0.45, 1e-15);
}

TEST(MegCid, AtInfinityTheMaximumEntropyPolicyKeepsMoreOptimalContinuationsOpen) {
  // Going left wins whatever D2 does; going right wins only with up. Among optimal policies the one of
  // maximum causal entropy goes left with probability 2/3 (two optimal continuations against one): the limit
  // of π_β as β → ∞, which is what Def. 3.1 asks for, and not the policy uniform over the optimal actions at
  // each decision.
  const char* text = R"({
    "kind": "scim",
    "variables": {
      "D1": { "type": "decision", "domain": ["left", "right"] },
      "D2": { "type": "decision", "parents": ["D1"], "domain": ["up", "down"] },
      "U": { "type": "utility", "parents": ["D1", "D2"], "function": "D1 == 'left' || D2 == 'up' ? 1 : 0" }
    },
    "policies": {
      "uniform_over_optimal": {
        "D1": { "cpd": { "left": 0.5, "right": 0.5 } },
        "D2": { "cpd": [ { "given": { "D1": "left" }, "p": { "up": 0.5, "down": 0.5 } },
                         { "given": { "D1": "right" }, "p": { "up": 1 } } ] }
      }
    }
  })";
  json r = analyze(text, "meg", {{"policy", "uniform_over_optimal"}});
  EXPECT_EQ(r["beta"], "inf");
  EXPECT_NEAR(r["maxent_policy"]["D1"][0]["probabilities"]["left"].get<double>(), 2.0 / 3, 1e-12);
  double d1 = 0.5 * std::log(2.0 / 3) + 0.5 * std::log(1.0 / 3) + kLog2;
  double d2 = 0.5 * std::log(0.5) + kLog2;
  EXPECT_NEAR(r["contributions"][0].get<double>(), d1, 1e-12);
  EXPECT_NEAR(r["contributions"][1].get<double>(), d2, 1e-12);
  EXPECT_NEAR(r["meg"].get<double>(), d1 + d2, 1e-12);
  // L(β) increases towards that value: the end is the supremum.
  json curve =
      analyze(text, "meg_likelihood", {{"policy", "uniform_over_optimal"}, {"betas", {10, 40, "inf"}}});
  EXPECT_LT(curve["points"][0]["likelihood"].get<double>(), curve["points"][1]["likelihood"].get<double>());
  EXPECT_NEAR(curve["points"][1]["likelihood"].get<double>(), d1 + d2, 1e-12);
  EXPECT_NEAR(curve["points"][2]["likelihood"].get<double>(), d1 + d2, 1e-15);
  // meg.md's shorthand puts π_+∞ uniform over the best actions at each decision: here that is the agent
  // itself, which it predicts perfectly (MEG = bound − H(π) = 2 log 2 − 1.5 log 2), though it is not
  // maximum-entropy.
  json uniform = analyze(text, "meg", {{"policy", "uniform_over_optimal"}, {"at_infinity", "uniform"}});
  EXPECT_NEAR(uniform["meg"].get<double>(), 0.5 * kLog2, 1e-12);
  EXPECT_EQ(uniform["at_infinity"], "uniform");
}

TEST(MegCid, TheMazeExampleSplitsMegBetweenItsDecisions) {
  const std::string maze = read_source_file("examples/meg/mouse-maze.jsonc");
  json optimal = analyze(maze, "meg", {{"policy", "optimal"}});
  EXPECT_NEAR(optimal["meg"].get<double>(), 2 * kLog2, 1e-12);
  json noisy = analyze(maze, "meg", {{"policy", "noisy"}});
  EXPECT_NEAR(noisy["meg"].get<double>(), 0.4857296028, 1e-9);
  EXPECT_NEAR(noisy["contributions"][0].get<double>(), 0.3393512777, 1e-9);
  // Going right and then always up: EU 1/2; the fitted π_β follows the smell at the second junction, so that
  // decision's share is negative (log(4/3)/2 in all: right is predicted with 2/3, up half of the time).
  json up = analyze(maze, "meg", {{"policy", "always_up"}});
  EXPECT_NEAR(up["meg"].get<double>(), std::log(4.0 / 3) / 2, 1e-9);
  EXPECT_LT(up["contributions"][1].get<double>(), 0);
  json unknown = analyze(maze, "meg", {{"policy", "noisy"}, {"utility", "unknown"}, {"targets", {"C"}}});
  EXPECT_NEAR(unknown["meg"].get<double>(), noisy["meg"].get<double>(), 1e-9);
}

TEST(MegCid, WithoutPerfectRecallSeveralDecisionsAreRefusedWithADiagnostic) {
  // D2 forgets what D1 did.
  std::string text = R"({
    "kind": "scim",
    "variables": {
      "D1": { "type": "decision", "domain": ["left", "right"] },
      "W": { "type": "chance", "domain": ["north", "south"], "cpd": { "north": 0.5, "south": 0.5 } },
      "D2": { "type": "decision", "parents": ["W"], "domain": ["up", "down"] },
      "U": { "type": "utility", "parents": ["D1", "W", "D2"],
             "function": "D1 == 'right' && ((W == 'north') == (D2 == 'up')) ? 1 : 0" }
    },
    "policies": { "blind": { "D1": "'right'", "D2": "'up'" } }
  })";
  json response = request(text, "meg", {{"policy", "blind"}});
  ASSERT_FALSE(response["ok"].get<bool>()) << response.dump();
  EXPECT_EQ(response["diagnostics"][0]["id"], "analysis.not_supported");
  EXPECT_NE(response["diagnostics"][0]["message"].get<std::string>().find("perfect recall"),
            std::string::npos);
  // Fixing one decision leaves a single one, which needs no recall.
  json fixed = analyze(text, "meg",
                       {{"policy", "blind"}, {"interventions", {{{"variable", "D1"}, {"value", "right"}}}}});
  EXPECT_EQ(fixed["decisions"], json::array({"D2"}));
  EXPECT_NEAR(fixed["meg"].get<double>(), 0, 1e-12);  // always up earns what the coin flip earns: β* = 0
}

TEST(MegCid, TargetsWithoutADescendantOfADecisionGiveZero) {
  json r = analyze(kMaze, "meg", {{"policy", "noisy"}, {"utility", "unknown"}, {"targets", {"W"}}});
  EXPECT_NEAR(r["meg"].get<double>(), 0, 1e-12);
  EXPECT_TRUE(r["converged"].get<bool>());
  EXPECT_EQ(r["iterations"], 0);
}

TEST(MegCid, GoalConditionedTargetsIncludeTheDecisionsInput) {
  // The utility may depend on W (an input of D2) and on D2: "match the wind" is learnable, with D1 free.
  json r = analyze(kMaze, "meg", {{"policy", "optimal"}, {"utility", "unknown"}, {"targets", {"W", "D2"}}});
  // D2 matching W deterministically earns log 2; D1 does not influence W or D2's match, so it earns 0... but
  // the utility may also reward D2 itself, which D1 does not influence either: the best is log 2.
  EXPECT_NEAR(r["meg"].get<double>(), kLog2, 1e-8);
  json all = analyze(kMaze, "meg", {{"policy", "optimal"}, {"utility", "unknown"}, {"targets", {"U"}}});
  EXPECT_NEAR(all["meg"].get<double>(), 2 * kLog2, 1e-8);
}

TEST(MegCid, LikelihoodCurvePeaksAtTheFittedRationality) {
  json r = analyze(mouse(), "meg_likelihood", {{"policy", "p80"}});
  EXPECT_NEAR(r["beta_star"].get<double>(), std::log(4.0), 1e-9);
  EXPECT_NEAR(r["likelihood_star"].get<double>(), kLog2 - binary_entropy(0.8), 1e-12);
  EXPECT_NEAR(r["bound"].get<double>(), kLog2, 1e-15);
  double best = -1e300;
  for (const json& p : r["points"]) {
    if (!p["likelihood"].is_number()) continue;
    double beta = p["beta"].is_number() ? p["beta"].get<double>() : 0;
    double l = p["likelihood"].get<double>();
    if (p["beta"].is_number()) {
      double q = 1 / (1 + std::exp(-beta));
      EXPECT_NEAR(l, kLog2 + 0.8 * std::log(q) + 0.2 * std::log(1 - q), 1e-12) << beta;
    }
    best = std::max(best, l);
  }
  EXPECT_NEAR(best, r["likelihood_star"].get<double>(), 1e-15);  // β* is one of the points
  EXPECT_EQ(r["points"].front()["beta"], "-inf");
  EXPECT_EQ(r["points"].front()["likelihood"], "-inf");
  EXPECT_EQ(r["points"].back()["beta"], "inf");
  json chosen = analyze(mouse(), "meg_likelihood", {{"policy", "optimal"}, {"betas", {0, 1, "inf"}}});
  EXPECT_EQ(chosen["beta_star"], "inf");
  EXPECT_NEAR(chosen["points"][0]["likelihood"].get<double>(), 0, 1e-15);
  EXPECT_NEAR(chosen["points"][1]["likelihood"].get<double>(), kLog2 + std::log(1 / (1 + std::exp(-1.0))),
              1e-15);
  EXPECT_NEAR(chosen["points"][2]["likelihood"].get<double>(), kLog2, 1e-15);
}

TEST(MegCid, RequestProblemsAreDiagnostics) {
  auto id = [](const json& response) {
    return response.value("ok", true) ? std::string("ok")
                                      : response["diagnostics"][0]["id"].get<std::string>();
  };
  EXPECT_EQ(id(request(mouse(), "meg", json::object())), "request.bad_parameter");  // several policies
  EXPECT_EQ(id(request(mouse(), "meg", {{"policy", "p8"}})), "request.unknown_policy");
  EXPECT_EQ(id(request(mouse(), "meg", {{"policy", "p80"}, {"utility", "unknown"}})),
            "request.bad_parameter");
  EXPECT_EQ(id(request(mouse(), "meg", {{"policy", "p80"}, {"utility", "unknown"}, {"targets", {"X"}}})),
            "request.unknown_variable");
  EXPECT_EQ(id(request(mouse(), "meg", {{"policy", "p80"}, {"utility", "known?"}})), "request.bad_parameter");
  EXPECT_EQ(id(request(mouse(), "meg_likelihood", {{"policy", "p80"}, {"betas", {"big"}}})),
            "request.bad_parameter");
  EXPECT_EQ(id(request(mouse(), "meg",
                       {{"policy", "p80"}, {"interventions", {{{"variable", "D"}, {"value", "left"}}}}})),
            "analysis.not_supported");
}

}  // namespace
}  // namespace motive::test
