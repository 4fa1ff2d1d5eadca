// Expected utilities, per-setting values and interventions, checked against independent computation:
// first a small model with two noise variables whose every number is worked out by hand below, then
// hundreds of random models (tests/engine/random_scim.h) against a brute-force reference that shares
// no code with the engine. Everything goes through the API (motive::handle_request), as a user's
// request would.

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "api_support.h"
#include "random_scim.h"

namespace {

using motive::test::make_random_scim;
using motive::test::RandomScim;
using motive::test::RandomScimOptions;
using motive::test::RefInterventions;
using motive::test::RefPolicy;
using motive::test::RefRow;
using motive::test::RefScim;
using motive::test::RefSettings;
using motive::test::RefType;
using nlohmann::json;

constexpr double kTol = 1e-9;

using motive::test::analyze;
using motive::test::request;

// The two-noise model. Variables are written Y, D, X, U, C: Y comes before X in the file although
// X is upstream of Y, so the settings are numbered over (Y, X), X fastest:
//
//   setting  noise of Y, X   P(e)                X    D under "responsive"  Y    U    C
//      0        p, a         1/5 * 2/5 = 0.08    hi   go                    bad   1   -1
//      1        p, b         1/5 * 3/5 = 0.12    lo   stay                  bad   0    0
//      2        q, a         1/2 * 2/5 = 0.20    hi   go                    ok   11   -1
//      3        q, b         1/2 * 3/5 = 0.30    lo   stay                  bad   0    0
//      4        r, a         3/10 * 2/5 = 0.12   hi   go                    ok   11   -1
//      5        r, b         3/10 * 3/5 = 0.18   lo   stay                  ok   10    0
//
// Y(stay) is ok only for noise r; Y(go) is ok for q and r. U = 10 [Y ok] + [X hi], C = -[D go].
constexpr const char* kTwoNoises = R"json({
  "kind": "scim",
  "title": "Two noises",
  "variables": {
    "Y": {
      "type": "chance", "parents": ["D"], "domain": ["ok", "bad"],
      "noise": { "p": "1/5", "q": "1/2", "r": "3/10" },
      "table": [
        { "given": { "D": "stay", "noise": "p" }, "value": "bad" },
        { "given": { "D": "stay", "noise": "q" }, "value": "bad" },
        { "given": { "D": "stay", "noise": "r" }, "value": "ok" },
        { "given": { "D": "go", "noise": "p" }, "value": "bad" },
        { "given": { "D": "go", "noise": "q" }, "value": "ok" },
        { "given": { "D": "go", "noise": "r" }, "value": "ok" }
      ]
    },
    "D": { "type": "decision", "parents": ["X"], "domain": ["stay", "go"] },
    "X": {
      "type": "chance", "domain": ["lo", "hi"], "noise": { "a": 0.4, "b": 0.6 },
      "function": "noise == 'a' ? 'hi' : 'lo'"
    },
    "U": { "type": "utility", "parents": ["X", "Y"], "function": "(Y == 'ok' ? 10 : 0) + (X == 'hi' ? 1 : 0)" },
    "C": { "type": "utility", "parents": ["D"], "function": "D == 'go' ? -1 : 0" }
  },
  "policies": {
    "cautious": { "D": "'stay'" },
    "responsive": { "D": "X == 'hi' ? 'go' : 'stay'" },
    "bold": { "D": "'go'" },
    "coin": { "D": { "cpd": [
      { "given": { "X": "lo" }, "p": { "stay": "1/2", "go": "1/2" } },
      { "given": { "X": "hi" }, "p": { "stay": "1/4", "go": "3/4" } }
    ] } }
  },
  "interventions": {
    "force_ok": { "Y": { "value": "ok" } },
    "fair_y": { "Y": { "parents": [], "noise": { "h": 0.25, "t": 0.75 }, "function": "noise == 'h' ? 'ok' : 'bad'" } },
    "y_copies_x": { "Y": { "parents": ["X"], "function": "X == 'hi' ? 'ok' : 'bad'" } },
    "bonus": { "U": { "value": 7 } }
  }
})json";

// A list of interventions, each a name or an inline object (a std::vector, because a braced list
// of one json would be read as that json itself).
using Interventions = std::vector<json>;

// The expected_utility result of one named policy of the two-noise model under interventions.
json two_noises_eu(const std::string& policy, const Interventions& interventions = {}) {
  json params = {{"policy", policy}};
  if (!interventions.empty()) params["interventions"] = interventions;
  json result = analyze(kTwoNoises, "expected_utility", params);
  if (!result.contains("policies") || result["policies"].size() != 1) {
    ADD_FAILURE() << "no single result for " << policy;
    return json::object();
  }
  return result["policies"][0];
}

double eu(const std::string& policy, const Interventions& interventions = {}) {
  return two_noises_eu(policy, interventions).value("expected_utility", -1e300);
}

json contextual(const std::string& variable, const json& value, const std::vector<int>& settings) {
  return {{"variable", variable}, {"value", value}, {"settings", settings}};
}

json follow(const std::string& variable, const std::string& policy, const std::vector<int>& settings) {
  return {{"variable", variable}, {"follow_policy", policy}, {"settings", settings}};
}

// ---- Settings and their numbering -----------------------------------------------------------------

TEST(TwoNoiseModel, SettingsAreMixedRadixOverNoisyVariablesInFileOrderLastFastest) {
  json s = analyze(kTwoNoises, "settings", {{"policy", "responsive"}});
  EXPECT_EQ(s["total"], 6);
  EXPECT_EQ(s["offset"], 0);
  EXPECT_EQ(s["variables"], json::array({"Y", "D", "X", "U", "C"}));
  EXPECT_EQ(s["noise"], json::array({"Y", "X"}));
  const std::vector<double> probability = {0.08, 0.12, 0.2, 0.3, 0.12, 0.18};
  // (Pairs of strings spelled as json::array: a braced list of pairs would read as an object.)
  const std::vector<json> noise = {json::array({"p", "a"}), json::array({"p", "b"}), json::array({"q", "a"}),
                                   json::array({"q", "b"}), json::array({"r", "a"}), json::array({"r", "b"})};
  const json values = {{"bad", "go", "hi", 1, -1},  {"bad", "stay", "lo", 0, 0}, {"ok", "go", "hi", 11, -1},
                       {"bad", "stay", "lo", 0, 0}, {"ok", "go", "hi", 11, -1},  {"ok", "stay", "lo", 10, 0}};
  ASSERT_EQ(s["rows"].size(), 6u);
  for (int e = 0; e < 6; ++e) {
    const json& row = s["rows"][e];
    SCOPED_TRACE("setting " + std::to_string(e));
    EXPECT_EQ(row["setting"], e);
    EXPECT_NEAR(row["probability"].get<double>(), probability[e], kTol);
    EXPECT_NEAR(row["weight"].get<double>(), probability[e], kTol);
    EXPECT_EQ(row["noise"], noise[e]);
    EXPECT_EQ(row["values"], values[e]);
  }
  // 0.08 * 0 + 0.2 * 10 + 0.12 * 10 + 0.18 * 10 from the table above.
  EXPECT_NEAR(s["expected_utility"].get<double>(), 5.0, kTol);
}

TEST(TwoNoiseModel, SettingsAnalysisPaginatesWithOffsetAndLimit) {
  json middle = analyze(kTwoNoises, "settings", {{"policy", "responsive"}, {"offset", 2}, {"limit", 3}});
  EXPECT_EQ(middle["total"], 6);
  EXPECT_EQ(middle["offset"], 2);
  ASSERT_EQ(middle["rows"].size(), 3u);
  EXPECT_EQ(middle["rows"][0]["setting"], 2);
  EXPECT_EQ(middle["rows"][2]["setting"], 4);
  EXPECT_EQ(middle["rows"][1]["values"], json({"bad", "stay", "lo", 0, 0}));
  // The expected utility is of the whole model, not of the page.
  EXPECT_NEAR(middle["expected_utility"].get<double>(), 5.0, kTol);

  json tail = analyze(kTwoNoises, "settings", {{"policy", "responsive"}, {"offset", 5}, {"limit", 10}});
  EXPECT_EQ(tail["total"], 6);
  ASSERT_EQ(tail["rows"].size(), 1u);
  EXPECT_EQ(tail["rows"][0]["setting"], 5);

  json beyond = analyze(kTwoNoises, "settings", {{"policy", "responsive"}, {"offset", 10}});
  EXPECT_EQ(beyond["total"], 6);
  EXPECT_TRUE(beyond["rows"].empty());

  json none = analyze(kTwoNoises, "settings", {{"policy", "responsive"}, {"limit", 0}});
  EXPECT_EQ(none["total"], 6);
  EXPECT_TRUE(none["rows"].empty());
}

TEST(TwoNoiseModel, SettingsNeedAPolicyUnlessTheDecisionIsFixed) {
  json response = request(kTwoNoises, "settings", json::object());
  ASSERT_FALSE(response["ok"].get<bool>());
  EXPECT_EQ(response["diagnostics"][0]["id"], "request.missing_policy");
  // D := go everywhere: the bold policy's settings, with no policy named.
  json fixed = analyze(kTwoNoises, "settings",
                       {{"interventions", json::array({{{"variable", "D"}, {"value", "go"}}})}});
  EXPECT_EQ(fixed["total"], 6);
  EXPECT_EQ(fixed["rows"][3]["values"], json({"ok", "go", "lo", 10, -1}));
  EXPECT_NEAR(fixed["expected_utility"].get<double>(), 7.4, kTol);
}

// ---- Expected utility ---------------------------------------------------------------------------

TEST(TwoNoiseModel, ExpectedUtilityOfEachPolicyAndEachUtility) {
  // responsive: U 0.08*1 + 0.2*11 + 0.12*11 + 0.18*10 = 5.4, C -(0.08 + 0.2 + 0.12) = -0.4.
  json responsive = two_noises_eu("responsive");
  EXPECT_EQ(responsive["name"], "responsive");
  EXPECT_NEAR(responsive["expected_utility"].get<double>(), 5.0, kTol);
  EXPECT_NEAR(responsive["utilities"]["U"].get<double>(), 5.4, kTol);
  EXPECT_NEAR(responsive["utilities"]["C"].get<double>(), -0.4, kTol);
  // cautious: U 0.08*1 + 0.2*1 + 0.12*11 + 0.18*10 = 3.4, C 0.
  EXPECT_NEAR(eu("cautious"), 3.4, kTol);
  // bold: U 0.08*1 + 0.2*11 + 0.3*10 + 0.12*11 + 0.18*10 = 8.4, C -1.
  EXPECT_NEAR(eu("bold"), 7.4, kTol);

  // Without "policy", every named policy in the file's order.
  json all = analyze(kTwoNoises, "expected_utility", json::object());
  ASSERT_EQ(all["policies"].size(), 4u);
  EXPECT_EQ(all["policies"][0]["name"], "cautious");
  EXPECT_EQ(all["policies"][3]["name"], "coin");
  EXPECT_NEAR(all["policies"][1]["expected_utility"].get<double>(), 5.0, kTol);
}

TEST(TwoNoiseModel, StochasticPolicyIsTheMixtureOfItsActions) {
  // coin goes with probability 3/4 when X is hi and 1/2 when lo. Per setting, U is the mixture of
  // U under go and under stay: e0 1, e1 0, e2 3/4*11 + 1/4*1 = 8.5, e3 1/2*10 = 5, e4 11, e5 10, so
  // U = 0.08 + 0.2*8.5 + 0.3*5 + 0.12*11 + 0.18*10 = 6.4; C = -(0.4*3/4 + 0.6*1/2) = -0.6.
  json coin = two_noises_eu("coin");
  EXPECT_NEAR(coin["expected_utility"].get<double>(), 5.8, kTol);
  EXPECT_NEAR(coin["utilities"]["U"].get<double>(), 6.4, kTol);
  EXPECT_NEAR(coin["utilities"]["C"].get<double>(), -0.6, kTol);

  // One row per setting and action; weight = P(e) * P(action).
  json s = analyze(kTwoNoises, "settings", {{"policy", "coin"}});
  EXPECT_EQ(s["total"], 12);
  ASSERT_EQ(s["rows"].size(), 12u);
  const json& stay = s["rows"][4];  // setting 2 (q, a): X hi
  const json& go = s["rows"][5];
  EXPECT_EQ(stay["setting"], 2);
  EXPECT_EQ(go["setting"], 2);
  EXPECT_NEAR(stay["probability"].get<double>(), 0.2, kTol);
  EXPECT_NEAR(stay["weight"].get<double>(), 0.2 * 0.25, kTol);
  EXPECT_NEAR(go["weight"].get<double>(), 0.2 * 0.75, kTol);
  EXPECT_EQ(stay["values"], json({"bad", "stay", "hi", 1, 0}));
  EXPECT_EQ(go["values"], json({"ok", "go", "hi", 11, -1}));
  EXPECT_NEAR(s["expected_utility"].get<double>(), 5.8, kTol);

  json page = analyze(kTwoNoises, "settings", {{"policy", "coin"}, {"offset", 3}, {"limit", 2}});
  EXPECT_EQ(page["total"], 12);
  ASSERT_EQ(page["rows"].size(), 2u);
  EXPECT_EQ(page["rows"][0]["setting"], 1);  // setting 1 (p, b), go
  EXPECT_EQ(page["rows"][0]["values"][1], "go");
  EXPECT_EQ(page["rows"][1]["setting"], 2);
  EXPECT_EQ(page["rows"][1]["values"][1], "stay");
}

TEST(TwoNoiseModel, StochasticRowsSayWhichChoiceWasMade) {
  // docs/api.md: "under a stochastic policy one row per setting and choice ... (`choice` gives them)".
  json s = analyze(kTwoNoises, "settings", {{"policy", "coin"}, {"limit", 2}});
  ASSERT_EQ(s["rows"].size(), 2u);
  EXPECT_EQ(s["rows"][0]["choice"], json({{"D", "stay"}}));
  EXPECT_EQ(s["rows"][1]["choice"], json({{"D", "go"}}));
  // A deterministic policy makes no choices to report.
  json deterministic = analyze(kTwoNoises, "settings", {{"policy", "responsive"}, {"limit", 1}});
  EXPECT_FALSE(deterministic["rows"][0].contains("choice"));
}

// ---- Named interventions --------------------------------------------------------------------------

TEST(TwoNoiseModel, HardInterventionFixesTheVariableAndRemovesItsNoise) {
  // Y := ok: U = 10 + [X hi] = 10.4, C = -0.4 under responsive.
  EXPECT_NEAR(eu("responsive", {"force_ok"}), 10.0, kTol);
  json s = analyze(kTwoNoises, "settings",
                   {{"policy", "responsive"}, {"interventions", json::array({"force_ok"})}});
  EXPECT_EQ(s["total"], 2);
  EXPECT_EQ(s["noise"], json::array({"X"}));
  EXPECT_EQ(s["rows"][0]["values"], json({"ok", "go", "hi", 11, -1}));
  EXPECT_EQ(s["rows"][1]["values"], json({"ok", "stay", "lo", 10, 0}));
  EXPECT_NEAR(s["rows"][1]["probability"].get<double>(), 0.6, kTol);
}

TEST(TwoNoiseModel, SoftInterventionReplacesTheMechanismAndItsNoise) {
  // fair_y: Y ok with probability 1/4 whatever D: U = 10/4 + 0.4 = 2.9, C = -0.4.
  EXPECT_NEAR(eu("responsive", {"fair_y"}), 2.5, kTol);
  EXPECT_NEAR(eu("bold", {"fair_y"}), 1.9, kTol);
  json s =
      analyze(kTwoNoises, "settings", {{"policy", "responsive"}, {"interventions", json::array({"fair_y"})}});
  EXPECT_EQ(s["total"], 4);  // (h, t) x (a, b)
  EXPECT_EQ(s["noise"], json::array({"Y", "X"}));
  EXPECT_EQ(s["rows"][1]["noise"], json::array({"h", "b"}));
  EXPECT_NEAR(s["rows"][1]["probability"].get<double>(), 0.25 * 0.6, kTol);
  EXPECT_EQ(s["rows"][1]["values"], json({"ok", "stay", "lo", 10, 0}));
  // y_copies_x: Y ok iff X hi, a new parent: U = 0.4 * 11, C = -0.4.
  EXPECT_NEAR(eu("responsive", {"y_copies_x"}), 4.0, kTol);
  EXPECT_NEAR(eu("cautious", {"y_copies_x"}), 4.4, kTol);
}

TEST(TwoNoiseModel, UtilityInterventionToANewNumber) {
  // U := 7, a number U's function never produces.
  json bonus = two_noises_eu("bold", {"bonus"});
  EXPECT_NEAR(bonus["expected_utility"].get<double>(), 6.0, kTol);
  EXPECT_NEAR(bonus["utilities"]["U"].get<double>(), 7.0, kTol);
  EXPECT_NEAR(bonus["utilities"]["C"].get<double>(), -1.0, kTol);
  EXPECT_NEAR(eu("cautious", {"bonus"}), 7.0, kTol);
  json s =
      analyze(kTwoNoises, "settings", {{"policy", "cautious"}, {"interventions", json::array({"bonus"})}});
  EXPECT_EQ(s["rows"][0]["values"], json({"bad", "stay", "hi", 7, 0}));
}

TEST(TwoNoiseModel, InlineUtilityInterventionToANewNumber) {
  // The inline form of a hard intervention (docs/api.md), to a number U's function produces and to
  // 7, which the named intervention "bonus" uses.
  EXPECT_NEAR(eu("cautious", {{{"variable", "U"}, {"value", 10}}}), 10.0, kTol);
  EXPECT_NEAR(eu("cautious", {{{"variable", "U"}, {"value", 7}}}), 7.0, kTol);
  // 5 and 2.5 appear nowhere in the file: U := 5, C = -1 under bold.
  EXPECT_NEAR(eu("bold", {{{"variable", "U"}, {"value", 5}}}), 4.0, kTol);
  EXPECT_NEAR(eu("bold", {{{"variable", "U"}, {"value", 2.5}}}), 1.5, kTol);
}

// ---- Inline and contextual interventions ------------------------------------------------------

TEST(TwoNoiseModel, InlineHardInterventions) {
  // X := lo: responsive stays, Y ok only for noise r: U = 0.3 * 10.
  EXPECT_NEAR(eu("responsive", {{{"variable", "X"}, {"value", "lo"}}}), 3.0, kTol);
  json s = analyze(
      kTwoNoises, "settings",
      {{"policy", "responsive"}, {"interventions", json::array({{{"variable", "X"}, {"value", "lo"}}})}});
  EXPECT_EQ(s["total"], 3);
  EXPECT_EQ(s["noise"], json::array({"Y"}));
  // D := go overrides every policy, even a stochastic one: 8.4 - 1.
  json all = analyze(kTwoNoises, "expected_utility",
                     {{"interventions", json::array({{{"variable", "D"}, {"value", "go"}}})}});
  ASSERT_EQ(all["policies"].size(), 4u);
  for (const json& p : all["policies"])
    EXPECT_NEAR(p["expected_utility"].get<double>(), 7.4, kTol) << p["name"];
  // Named and inline interventions together: Y := ok and X := lo, so U = 10.
  EXPECT_NEAR(eu("responsive", {"force_ok", {{"variable", "X"}, {"value", "lo"}}}), 10.0, kTol);
}

TEST(TwoNoiseModel, ContextualValueActsOnlyInItsSettings) {
  // D := go in setting 3 (q, b) only: there Y becomes ok, U 0 -> 10, C 0 -> -1: 3.4 + 0.3 * 9.
  EXPECT_NEAR(eu("cautious", {contextual("D", "go", {3})}), 6.1, kTol);
  json s = analyze(kTwoNoises, "settings",
                   {{"policy", "cautious"}, {"interventions", json::array({contextual("D", "go", {3})})}});
  EXPECT_EQ(s["rows"][3]["values"], json({"ok", "go", "lo", 10, -1}));
  EXPECT_EQ(s["rows"][1]["values"], json({"bad", "stay", "lo", 0, 0}));
  // Y := ok in settings 2 and 3: U 1 -> 11 in e2 and 0 -> 10 in e3: 3.4 + 0.2 * 10 + 0.3 * 10.
  EXPECT_NEAR(eu("cautious", {contextual("Y", "ok", {2, 3})}), 8.4, kTol);
  // In every setting it is the hard intervention.
  EXPECT_NEAR(eu("responsive", {contextual("Y", "ok", {0, 1, 2, 3, 4, 5})}), eu("responsive", {"force_ok"}),
              kTol);
  // No settings: no change.
  EXPECT_NEAR(eu("cautious", {contextual("Y", "ok", {})}), 3.4, kTol);
}

TEST(TwoNoiseModel, FollowPolicyFixesTheValueUnderThatPolicyInTheSameSetting) {
  // Y_{responsive|W} with W = {2, 3}, evaluated under cautious. In e2 responsive goes and Y is ok
  // (U 1 -> 11); in e3 responsive stays and Y is bad, as under cautious: nothing changes there.
  // 3.4 + 0.2 * 10 = 5.4, where fixing Y to ok in both settings gives 8.4.
  EXPECT_NEAR(eu("cautious", {follow("Y", "responsive", {2, 3})}), 5.4, kTol);
  json s =
      analyze(kTwoNoises, "settings",
              {{"policy", "cautious"}, {"interventions", json::array({follow("Y", "responsive", {2, 3})})}});
  EXPECT_EQ(s["rows"][2]["values"], json({"ok", "stay", "hi", 11, 0}));
  EXPECT_EQ(s["rows"][3]["values"], json({"bad", "stay", "lo", 0, 0}));
  // Y_{bold|W} with W = {3}: bold makes Y ok in e3 (noise q). Under cautious U there 0 -> 10.
  EXPECT_NEAR(eu("cautious", {follow("Y", "bold", {3})}), 6.4, kTol);
  // The decision itself following another policy everywhere is that policy.
  EXPECT_NEAR(eu("cautious", {follow("D", "responsive", {0, 1, 2, 3, 4, 5})}), 5.0, kTol);
  // Evaluated under a stochastic policy: in e3 Y is ok whatever coin does, so U there is 10 instead
  // of 1/2 * 10: 5.8 + 0.3 * 5.
  EXPECT_NEAR(eu("coin", {follow("Y", "bold", {3})}), 7.3, kTol);
}

TEST(TwoNoiseModel, FollowPolicyCountsSettingsOfTheModelUnderHardInterventions) {
  // With X := hi only Y has noise: settings are p, q, r. Y_{bold|{0}} under cautious: bold gives
  // Y(go, p) = bad, as cautious does: no change; Y_{bold|{1}}: Y(go, q) = ok, U 1 -> 11 with P 1/2.
  json x_hi = {{"variable", "X"}, {"value", "hi"}};
  EXPECT_NEAR(eu("cautious", {x_hi}), 0.2 * 1 + 0.5 * 1 + 0.3 * 11, kTol);
  EXPECT_NEAR(eu("cautious", {x_hi, follow("Y", "bold", {0})}), 4.0, kTol);
  EXPECT_NEAR(eu("cautious", {x_hi, follow("Y", "bold", {1})}), 9.0, kTol);
  json bad =
      request(kTwoNoises, "expected_utility",
              {{"policy", "cautious"}, {"interventions", json::array({x_hi, follow("Y", "bold", {3})})}});
  ASSERT_FALSE(bad["ok"].get<bool>());
  EXPECT_EQ(bad["diagnostics"][0]["id"], "request.bad_parameter");
}

TEST(TwoNoiseModel, InterventionsInAListAreAppliedTogetherWhateverTheirOrder) {
  // D := go everywhere, and Y_{cautious|all}: Y takes its value under cautious (the policy the
  // follow names, in the model the request describes), so U is as under cautious (3.4) while C = -1.
  const std::vector<int> all = {0, 1, 2, 3, 4, 5};
  double forward = eu("cautious", {contextual("D", "go", all), follow("Y", "cautious", all)});
  double backward = eu("cautious", {follow("Y", "cautious", all), contextual("D", "go", all)});
  EXPECT_NEAR(backward, 2.4, kTol);
  EXPECT_NEAR(forward, backward, kTol);
}

// ---- Random models against the brute-force reference -----------------------------------------

constexpr int kRandomModels = 300;

RandomScimOptions evaluation_options() {
  RandomScimOptions options;
  options.max_settings = 1024;
  options.max_policies = UINT64_MAX;
  return options;
}

// A hard intervention on a random chance variable or decision, to a random outcome.
RefInterventions random_hard(const RefScim& scim, std::uint32_t seed, json* inline_form) {
  std::vector<int> candidates;
  for (std::size_t v = 0; v < scim.variables.size(); ++v)
    if (scim.variables[v].type != RefType::kUtility) candidates.push_back(static_cast<int>(v));
  int v = candidates[seed % candidates.size()];
  int outcome = static_cast<int>((seed / 7) % scim.variables[v].domain.size());
  RefInterventions iv;
  iv.hard[v] = outcome;
  *inline_form =
      json::array({{{"variable", scim.variables[v].name}, {"value", scim.variables[v].domain[outcome]}}});
  return iv;
}

void expect_expectation(const RandomScim& model, const RefPolicy& policy, const RefInterventions& iv,
                        const json& interventions) {
  const RefScim& scim = model.reference;
  json params = {{"policy", policy.name}};
  if (!interventions.empty()) params["interventions"] = interventions;
  json result = analyze(model.text, "expected_utility", params);
  ASSERT_TRUE(result.contains("policies")) << model.text;
  const json& engine = result["policies"][0];
  motive::test::RefExpectation expected = motive::test::reference_expectation(scim, &policy, iv);
  EXPECT_NEAR(engine["expected_utility"].get<double>(), expected.total, kTol)
      << "seed " << model.seed << " policy " << policy.name << " interventions " << interventions.dump()
      << "\n"
      << model.text;
  for (std::size_t u = 0; u < scim.utilities.size(); ++u)
    EXPECT_NEAR(engine["utilities"][scim.variables[scim.utilities[u]].name].get<double>(),
                expected.per_utility[u], kTol)
        << "seed " << model.seed << " utility " << scim.variables[scim.utilities[u]].name;
}

TEST(RandomEvaluation, ExpectedUtilityEqualsBruteForce) {
  for (std::uint32_t seed = 1; seed <= kRandomModels; ++seed) {
    RandomScim model = make_random_scim(seed, evaluation_options());
    SCOPED_TRACE("seed " + std::to_string(seed));
    for (const RefPolicy& policy : model.reference.policies)
      expect_expectation(model, policy, {}, json::array());
  }
}

TEST(RandomEvaluation, ExpectedUtilityUnderHardInterventionsEqualsBruteForce) {
  for (std::uint32_t seed = 1001; seed < 1001 + kRandomModels; ++seed) {
    RandomScim model = make_random_scim(seed, evaluation_options());
    SCOPED_TRACE("seed " + std::to_string(seed));
    json inline_form;
    RefInterventions iv = random_hard(model.reference, seed * 2654435761u, &inline_form);
    for (const RefPolicy& policy : model.reference.policies)
      expect_expectation(model, policy, iv, inline_form);
  }
}

// A settings row in a form both sides can be compared in: the setting, then the values of the
// chance variables and decisions (which tell the branches of a stochastic policy apart).
struct ComparableRow {
  std::uint64_t setting = 0;
  json choices;  // the values of chance variables and decisions
  json row;      // the whole row, as the engine writes it
  bool operator<(const ComparableRow& other) const {
    return setting != other.setting ? setting < other.setting : choices.dump() < other.choices.dump();
  }
};

ComparableRow comparable(const RefScim& scim, const json& row) {
  ComparableRow out{row["setting"].get<std::uint64_t>(), json::array(), row};
  for (std::size_t v = 0; v < scim.variables.size(); ++v)
    if (scim.variables[v].type != RefType::kUtility) out.choices.push_back(row["values"][v]);
  return out;
}

json engine_form(const RefScim& scim, const RefRow& want) {
  json values = json::array();
  for (std::size_t v = 0; v < scim.variables.size(); ++v) {
    if (scim.variables[v].type == RefType::kUtility) values.push_back(want.utility[v]);
    else values.push_back(scim.variables[v].domain[want.values[v]]);
  }
  return {{"setting", want.setting},
          {"probability", want.probability},
          {"weight", want.weight},
          {"noise", want.noise},
          {"values", values}};
}

TEST(RandomEvaluation, SettingsEqualBruteForceSettingBySetting) {
  // Pins the numbering of settings, the inverse-CDF noise of cpds and the rows of stochastic
  // choices. Within a setting the order of the rows of a stochastic policy is not specified.
  for (std::uint32_t seed = 2001; seed < 2001 + 100; ++seed) {
    RandomScim model = make_random_scim(seed, evaluation_options());
    const RefScim& scim = model.reference;
    SCOPED_TRACE("seed " + std::to_string(seed));
    for (const RefPolicy& policy : scim.policies) {
      RefSettings expected = motive::test::reference_settings(scim, &policy);
      ASSERT_LE(expected.rows.size(), 10000u);
      json s = analyze(model.text, "settings", {{"policy", policy.name}, {"limit", 10000}});
      ASSERT_EQ(s["total"].get<std::size_t>(), expected.rows.size()) << policy.name << "\n" << model.text;
      ASSERT_EQ(s["rows"].size(), expected.rows.size());
      json noise = json::array();
      for (int v : expected.noisy) noise.push_back(scim.variables[v].name);
      EXPECT_EQ(s["noise"], noise);
      std::vector<ComparableRow> engine, reference;
      double sum = 0;
      for (std::size_t i = 0; i < expected.rows.size(); ++i) {
        engine.push_back(comparable(scim, s["rows"][i]));
        reference.push_back(comparable(scim, engine_form(scim, expected.rows[i])));
        if (i > 0) {
          EXPECT_LE(engine[i - 1].setting, engine[i].setting) << "rows come in the order of settings";
        }
        sum += expected.rows[i].weight * expected.rows[i].total_utility;
      }
      std::sort(engine.begin(), engine.end());
      std::sort(reference.begin(), reference.end());
      for (std::size_t i = 0; i < engine.size(); ++i) {
        const json& got = engine[i].row;
        const json& want = reference[i].row;
        ASSERT_EQ(got["setting"], want["setting"]) << policy.name << " row " << i << "\n" << model.text;
        ASSERT_EQ(engine[i].choices, reference[i].choices) << policy.name << " setting " << want["setting"];
        EXPECT_NEAR(got["probability"].get<double>(), want["probability"].get<double>(), kTol);
        EXPECT_NEAR(got["weight"].get<double>(), want["weight"].get<double>(), kTol);
        EXPECT_EQ(got["noise"], want["noise"]);
        if (!policy.deterministic) {
          for (int d : scim.decisions) EXPECT_EQ(got["choice"][scim.variables[d].name], got["values"][d]);
        }
        for (std::size_t v = 0; v < scim.variables.size(); ++v) {
          if (scim.variables[v].type != RefType::kUtility) continue;
          EXPECT_NEAR(got["values"][v].get<double>(), want["values"][v].get<double>(), kTol)
              << policy.name << " setting " << want["setting"] << " utility " << scim.variables[v].name;
        }
      }
      // The reference's two ways of computing EU agree (setting by setting and outcome by outcome).
      EXPECT_NEAR(sum, motive::test::reference_expected_utility(scim, policy), kTol);
      EXPECT_NEAR(s["expected_utility"].get<double>(), sum, kTol);
    }
  }
}

TEST(RandomEvaluation, ContextualInterventionsEqualBruteForce) {
  for (std::uint32_t seed = 3001; seed < 3001 + kRandomModels; ++seed) {
    RandomScim model = make_random_scim(seed, evaluation_options());
    const RefScim& scim = model.reference;
    SCOPED_TRACE("seed " + std::to_string(seed));
    // A chance variable or decision, fixed in a third of the settings: to an outcome on odd seeds,
    // to its value under det1 (Y_{det1|W}) on even ones.
    std::vector<int> candidates;
    for (std::size_t v = 0; v < scim.variables.size(); ++v)
      if (scim.variables[v].type != RefType::kUtility) candidates.push_back(static_cast<int>(v));
    int y = candidates[seed % candidates.size()];
    std::uint64_t count = motive::test::reference_settings(scim, &scim.policies[0]).count;
    std::vector<std::uint64_t> w;
    for (std::uint64_t e = 0; e < count; ++e)
      if ((e * 2654435761u + seed) % 3 == 0) w.push_back(e);
    RefInterventions iv;
    json item = {{"variable", scim.variables[y].name}, {"settings", w}};
    if (seed % 2 == 1) {
      int outcome = static_cast<int>(seed / 2 % scim.variables[y].domain.size());
      item["value"] = scim.variables[y].domain[outcome];
      for (std::uint64_t e : w) iv.contextual[y][e] = outcome;
    } else {
      item["follow_policy"] = "det1";
      std::map<std::uint64_t, int> under = motive::test::values_under(scim, scim.policies[1], {}, y);
      for (std::uint64_t e : w)
        if (under.count(e)) iv.contextual[y][e] = under[e];
    }
    expect_expectation(model, scim.policies[0], iv, json::array({item}));
    expect_expectation(model, scim.policies[2], iv, json::array({item}));
  }
}

TEST(RandomEvaluation, GeneratorIsDeterministicAndWritesValidModels) {
  for (std::uint32_t seed : {1u, 77u, 4242u}) {
    RandomScim a = make_random_scim(seed, evaluation_options());
    RandomScim b = make_random_scim(seed, evaluation_options());
    EXPECT_EQ(a.text, b.text);
    json d = analyze(a.text, "describe", json::object());
    EXPECT_EQ(d["variables"].size(), a.reference.variables.size());
    EXPECT_EQ(d["decisions"].size(), a.reference.decisions.size());
    EXPECT_EQ(d["settings"].get<std::uint64_t>(),
              motive::test::reference_settings(a.reference, &a.reference.policies[0]).count);
  }
  EXPECT_NE(make_random_scim(1).text, make_random_scim(2).text);
}

}  // namespace
