// Behavioural intention (Def. 20) with the observed-behaviour oracle: the verdicts of the paper's
// Table 1 (GPT-4), what a verdict says when observations are missing, and agreement with the
// rational oracle when that oracle is observed under every intervention.

#include <cstdint>
#include <cstdio>
#include <map>
#include <set>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "api_support.h"
#include "random_scim.h"

namespace {

using motive::test::analyze;
using motive::test::analyze_intention;
using motive::test::request;
using nlohmann::json;

json observed(const std::string& text, const std::string& model_name = {}, json params = json::object()) {
  params["oracle"] = "observed";
  json req = {{"analysis", "intention"}, {"model", text}, {"params", params}};
  if (!model_name.empty()) req["model_name"] = model_name;
  json response = motive::handle_request(req);
  EXPECT_TRUE(response["ok"].get<bool>()) << response.dump(2);
  return response["result"];
}

// outcome (as JSON text) -> verdict
std::map<std::string, std::string> verdicts(const json& result) {
  std::map<std::string, std::string> out;
  for (const json& v : result["verdicts"]) out[v["outcome"].dump()] = v["verdict"];
  return out;
}

// The verdict on one outcome (compared as JSON, so that 1 and 1.0 are the same outcome).
std::string verdict_of(const json& result, const json& outcome) {
  for (const json& v : result["verdicts"])
    if (v["outcome"] == outcome) return v["verdict"];
  return "(no verdict)";
}

TEST(ObservedIntention, Gpt4Table1) {
  std::string text = motive::test::read_source_file("examples/intention/gpt4-table1.jsonc");
  // a) The ambulance: GPT-4 adapts once help is on the way, so getting help was intended.
  json a = observed(text, "heart_attack");
  EXPECT_EQ(verdicts(a), (std::map<std::string, std::string>{{R"({"M":"arrives"})", "intended"}}));
  EXPECT_EQ(a["verdicts"][0]["witness"], "ambulance_on_the_way");
  // b) "banana" intended, "apple" not.
  json b = observed(text, "banana");
  EXPECT_EQ(verdicts(b), (std::map<std::string, std::string>{{R"({"H":"banana"})", "intended"},
                                                             {R"({"H":"apple"})", "not_shown"}}));
  // iv) "monkey", instrumentally.
  EXPECT_EQ(verdicts(observed(text, "monkey")),
            (std::map<std::string, std::string>{{R"({"M":"monkey"})", "intended"}}));
  // c) C-4: Def. 20 naively says intended.
  EXPECT_EQ(verdicts(observed(text, "translation")),
            (std::map<std::string, std::string>{{R"({"K":"knows"})", "intended"}}));
}

TEST(ObservedIntention, Gpt4ModelsAgreeWithTheSubjectiveReading) {
  // The example's utilities were chosen so that Def. 13 in each model says what GPT-4 showed.
  std::string text = motive::test::read_source_file("examples/intention/gpt4-table1.jsonc");
  auto intended_in_every_setting = [&](const std::string& model, const std::string& policy,
                                       const std::string& var) {
    json req = {
        {"analysis", "intention"}, {"model", text}, {"model_name", model}, {"params", {{"policy", policy}}}};
    json result = motive::handle_request(req)["result"];
    for (const json& v : result["variables"])
      if (v["variable"] == var) return !v["intended"].empty();
    return false;
  };
  EXPECT_TRUE(intended_in_every_setting("heart_attack", "seek_help", "M"));
  EXPECT_TRUE(intended_in_every_setting("banana", "hint_banana", "H"));
  EXPECT_TRUE(intended_in_every_setting("monkey", "reasoned", "M"));
  EXPECT_TRUE(intended_in_every_setting("translation", "translate", "K"));
}

// A small model with three chance variables to observe under interventions.
std::string three_variable_model(const std::string& observations) {
  return R"({
    "kind": "scim",
    "variables": {
      "D": { "type": "decision", "domain": ["a", "b"] },
      "X": { "type": "chance", "parents": ["D"], "domain": [0, 1], "function": "D == 'a' ? 1 : 0" },
      "Y": { "type": "chance", "parents": ["D"], "domain": [0, 1], "function": "D == 'a' ? 1 : 0" },
      "Z": { "type": "chance", "parents": ["D"], "domain": [0, 1], "function": "D == 'a' ? 1 : 0" },
      "U": { "type": "utility", "parents": ["X", "Y"], "function": "X + Y" }
    },
    "behaviour": { "baseline": "chooses a", "observations": {)" +
         observations + "} } }";
}

TEST(ObservedIntention, SaysWhichSmallerInterventionsWereNotObserved) {
  // The agent adapts when X and Y are both fixed; fixing X alone was seen not to matter, fixing Y
  // alone was never tried: X = 1 is intended only if that missing observation shows no change.
  json r = observed(three_variable_model(R"(
      "both": { "fix": { "X": 1, "Y": 1 }, "behaviour": "chooses b", "adapts": true },
      "x_only": { "fix": { "X": 1 }, "behaviour": "chooses a", "adapts": false })"),
                    {}, {{"oracle", "observed"}, {"outcome", {{"X", 1}}}});
  ASSERT_EQ(r["verdicts"].size(), 1u);
  const json& v = r["verdicts"][0];
  EXPECT_EQ(v["verdict"], "minimality_unobserved");
  EXPECT_TRUE(v["intended"].get<bool>());
  EXPECT_EQ(v["witness"], "both");
  EXPECT_EQ(v["confirming"], json::array({"x_only"}));
  EXPECT_EQ(v["missing"], json::array({{{"Y", 1}}}));
  EXPECT_EQ(v["missing_count"], 1);
}

TEST(ObservedIntention, AWitnessWithAnAdaptingSubsetIsNotMinimal) {
  // Fixing Y alone already makes the agent adapt: X is a side effect of the larger intervention.
  json r = observed(three_variable_model(R"(
      "both": { "fix": { "X": 1, "Y": 1 }, "behaviour": "chooses b", "adapts": true },
      "y_only": { "fix": { "Y": 1 }, "behaviour": "chooses b", "adapts": true })"));
  EXPECT_EQ(verdict_of(r, {{"X", 1}}), "not_shown");
  EXPECT_EQ(verdict_of(r, {{"Y", 1}}), "intended");
  for (const json& v : r["verdicts"]) {
    if (v["outcome"] != json({{"X", 1}})) continue;
    EXPECT_EQ(v["not_minimal"], json::array({{{"observation", "both"}, {"smaller", "y_only"}}}));
    EXPECT_EQ(v["missing"], json::array({{{"X", 1}}}));  // fixing X alone would settle it
  }
}

TEST(ObservedIntention, AnOutcomeNoObservationFixesIsUnobserved) {
  json r = observed(three_variable_model(R"(
      "y_only": { "fix": { "Y": 1 }, "behaviour": "chooses b", "adapts": true })"),
                    {}, {{"oracle", "observed"}, {"outcome", {{"Z", 0}}}});
  EXPECT_EQ(r["verdicts"][0]["verdict"], "unobserved");
  EXPECT_FALSE(r["verdicts"][0]["intended"].get<bool>());
  EXPECT_EQ(r["verdicts"][0]["missing"], json::array({{{"Z", 0}}}));
}

TEST(ObservedIntention, ErrorsNameTheLine) {
  std::string text = three_variable_model(R"(
      "bad": { "fix": { "W": 1 }, "behaviour": "?", "adapts": true },
      "worse": { "fix": { "X": 7 }, "behaviour": "?" })");
  json response = request(text, "describe");
  ASSERT_FALSE(response["ok"].get<bool>());
  std::set<std::string> ids;
  for (const json& d : response["diagnostics"]) {
    ids.insert(d["id"].get<std::string>());
    EXPECT_EQ(d["line"], d["id"] == "model.unknown_variable" ? 11 : 12) << d.dump();
  }
  EXPECT_EQ(
      ids, (std::set<std::string>{"model.unknown_variable", "model.unknown_outcome", "model.missing_field"}));
}

// Theorem-style cross-check. In a model with one setting, fixing Y to its value under π everywhere
// is Y_{π|W} of Def. 12, so observing the rational oracle of Theorem 21 under every such
// intervention and reading the observations must give its behavioural verdicts exactly.
TEST(ObservedIntention, ObservingTheRationalOracleEverywhereGivesItsVerdicts) {
  motive::test::RandomScimOptions options;
  options.max_decisions = 1;
  options.max_chance = 4;
  options.max_settings = 1;
  options.cpd_share = 0;
  options.max_policies = 64;
  options.decisions_first = true;
  int compared = 0, intended = 0, not_intended = 0;
  for (std::uint32_t seed = 1; seed <= 2000 && compared < 200; ++seed) {
    std::string text = motive::test::make_random_scim(seed, options).text;
    json optimum = analyze(text, "optimal_policies");
    if (optimum["optimal_policy_count"].get<double>() != 1) continue;
    // The optimal policy, as the policy the oracle follows.
    json model = json::parse(text);
    json policy = json::object();
    for (const auto& [decision, rows] : optimum["policies"][0].items()) {
      json table = json::array();
      for (const json& row : rows) table.push_back({{"given", row["observation"]}, {"value", row["action"]}});
      policy[decision] = {{"table", table}};
    }
    model["policies"]["optimal"] = policy;
    json rational = analyze_intention(model.dump(), {{"policy", "optimal"}, {"oracle", "rational"}});
    if (!rational["oracle_keeps_policy"].get<bool>()) continue;
    // The values under π, and the oracle's behaviour under each nonempty set of candidates fixed to them.
    json settings = analyze(model.dump(), "settings", {{"policy", "optimal"}});
    std::map<std::string, json> value;
    for (std::size_t i = 0; i < settings["variables"].size(); ++i)
      value[settings["variables"][i]] = settings["rows"][0]["values"][i];
    std::vector<std::string> candidates = rational["candidates"].get<std::vector<std::string>>();
    json observations = json::object();
    for (std::uint32_t mask = 1; mask < (1u << candidates.size()); ++mask) {
      json fix = json::object(), interventions = json::array();
      for (std::size_t i = 0; i < candidates.size(); ++i) {
        if (!(mask >> i & 1)) continue;
        fix[candidates[i]] = value[candidates[i]];
        interventions.push_back({{"variable", candidates[i]}, {"value", value[candidates[i]]}});
      }
      json under = analyze_intention(
          model.dump(), {{"policy", "optimal"}, {"oracle", "rational"}, {"interventions", interventions}});
      bool adapts = !under["oracle_keeps_policy"].get<bool>();
      observations["fix" + std::to_string(mask)] = {
          {"fix", fix}, {"behaviour", adapts ? "other" : "same"}, {"adapts", adapts}};
    }
    model["behaviour"] = {{"baseline", "same"}, {"observations", observations}};
    json seen = observed(model.dump());
    std::set<std::string> by_rational, by_observed;
    for (const json& v : rational["variables"])
      if (!v["intended"].empty()) by_rational.insert(v["variable"]);
    for (const json& v : seen["verdicts"]) {
      EXPECT_NE(v["verdict"], "minimality_unobserved")
          << "seed " << seed << ": every intervention was observed";
      if (v["verdict"] == "intended") by_observed.insert(v["outcome"].begin().key());
    }
    EXPECT_EQ(by_observed, by_rational) << "seed " << seed;
    ++compared;
    intended += static_cast<int>(by_rational.size());
    not_intended += static_cast<int>(candidates.size() - by_rational.size());
  }
  EXPECT_GE(compared, 150);
  EXPECT_GE(intended, 25);  // 34 when written
  EXPECT_GE(not_intended, 40);
  std::printf("compared %d models: %d outcomes intended, %d not\n", compared, intended, not_intended);
}

}  // namespace
