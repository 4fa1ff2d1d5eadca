// The paper's worked examples (Ward et al. 2024; docs/format.md, spec section 6) as shipped in
// examples/intention/, checked against golden values computed by hand. Every expected number has its
// arithmetic next to it; none was copied from the engine's output.
//
// Besides structure, expected utilities and optimal policies, each example checks the inequality of
// Definition 13 (Eq. 2) for the witnesses of the paper's verdicts, with contextual interventions
// Y_{pi|W} ("follow_policy" on a list of settings): EU(pi) <= E_{pi_hat}[U under Y_{pi|W}] for the
// intended outcomes, and the strict reverse for the side effects. Setting numbers follow
// docs/format.md (mixed radix over the variables with noise, in file order, the last fastest); the
// "settings" analyses below pin that numbering down for the examples that use it.
//
// A last test is gallery-wide: every model file under examples/ is valid.

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "api/api.h"

namespace {

using nlohmann::json;

constexpr double kTol = 1e-9;

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << "cannot open " << path;
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::filesystem::path example_path(const std::string& file) {
  return std::filesystem::path(MOTIVE_SOURCE_DIR) / "examples" / "intention" / file;
}

// Sends one request for an example file and returns the response (whatever it is).
json request_raw(const std::string& text, const std::string& analysis, const json& params,
                 const std::string& model_name) {
  json request = {{"model", text}, {"analysis", analysis}, {"params", params}};
  if (!model_name.empty()) request["model_name"] = model_name;
  return motive::handle_request(request);
}

// Sends one request and returns its result, failing the test if the response is not ok.
json analyze(const std::string& file, const std::string& analysis, const json& params = json::object(),
             const std::string& model_name = "") {
  json response = request_raw(read_text(example_path(file)), analysis, params, model_name);
  EXPECT_TRUE(response.value("ok", false))
      << file << " [" << model_name << "] " << analysis << " " << params.dump() << " -> " << response.dump(2);
  if (!response.value("ok", false) || !response.contains("result")) return json::object();
  return response["result"];
}

// A contextual intervention Y_{pi|W}: Y fixed to its value under `policy` in the given settings.
json follow(const std::string& variable, const std::string& policy, const std::vector<int>& settings) {
  return {{"variable", variable}, {"follow_policy", policy}, {"settings", settings}};
}

// EU of one policy, with optional interventions.
double eu(const std::string& file, const std::string& policy, const json& interventions = json::array(),
          const std::string& model_name = "") {
  json params = {{"policy", policy}};
  if (!interventions.empty()) params["interventions"] = interventions;
  json result = analyze(file, "expected_utility", params, model_name);
  if (!result.contains("policies") || result["policies"].empty()) {
    ADD_FAILURE() << "no expected utility for " << policy << " in " << file;
    return -1e300;
  }
  return result["policies"][0]["expected_utility"].get<double>();
}

// The expected utilities of every named policy, by name; asking for a policy that is not there fails
// the test (rather than reading a default 0).
class PolicyValues {
 public:
  explicit PolicyValues(const json& eu_result) {
    for (const auto& p : eu_result.value("policies", json::array()))
      values_[p.at("name").get<std::string>()] = p.at("expected_utility").get<double>();
  }
  double operator[](const std::string& name) const {
    auto it = values_.find(name);
    if (it != values_.end()) return it->second;
    ADD_FAILURE() << "no expected utility for policy " << name;
    return -1e300;
  }

 private:
  std::map<std::string, double> values_;
};

PolicyValues eu_all(const json& eu_result) { return PolicyValues(eu_result); }

const json& variable(const json& describe, const std::string& name) {
  static const json missing = json::object();
  for (const auto& v : describe.at("variables"))
    if (v.at("name") == name) return v;
  ADD_FAILURE() << "no variable " << name;
  return missing;
}

std::vector<std::string> names_of(const json& list) {
  std::vector<std::string> out;
  for (const auto& x : list)
    out.push_back(x.is_string() ? x.get<std::string>() : x.at("name").get<std::string>());
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> parents(const json& describe, const std::string& name) {
  const json& v = variable(describe, name);
  return v.contains("parents") ? names_of(v.at("parents")) : std::vector<std::string>{};
}

// Edges as "from->to" (information links marked "from=>to"), sorted.
std::vector<std::string> edges(const json& describe) {
  std::vector<std::string> out;
  for (const auto& e : describe.at("edges"))
    out.push_back(e.at("from").get<std::string>() + (e.at("information").get<bool>() ? "=>" : "->") +
                  e.at("to").get<std::string>());
  std::sort(out.begin(), out.end());
  return out;
}

// The rule of decision D for one observation ({} for a decision without parents).
json rule(const json& optimal, const json& observation, const std::string& decision = "D") {
  for (const auto& d : optimal.at("decisions")) {
    if (d.at("decision") != decision) continue;
    for (const auto& r : d.at("rules"))
      if (r.at("observation") == observation) return r;
  }
  ADD_FAILURE() << "no rule for " << decision << " given " << observation.dump();
  return json::object();
}

std::vector<std::string> optimal_actions(const json& optimal, const json& observation) {
  return names_of(rule(optimal, observation).value("optimal", json::array()));
}

// Reads one setting row's value of a variable from a "settings" result.
json value_in_row(const json& settings, int row, const std::string& var) {
  const auto& vars = settings.at("variables");
  for (size_t i = 0; i < vars.size(); ++i)
    if (vars.at(i) == var) return settings.at("rows").at(row).at("values").at(i);
  ADD_FAILURE() << "no column " << var;
  return nullptr;
}

// ---------------------------------------------------------------------------------------------
// Side effects (Example 2, Figure 1): I intended, C not.

TEST(ExampleSideEffects, GraphIsFigure1) {
  json d = analyze("side-effects.jsonc", "describe");
  EXPECT_EQ(names_of(d["variables"]), (std::vector<std::string>{"C", "D", "I", "U"}));
  EXPECT_EQ(variable(d, "D").at("type"), "decision");
  EXPECT_EQ(variable(d, "U").at("type"), "utility");
  EXPECT_TRUE(parents(d, "D").empty());
  EXPECT_EQ(parents(d, "I"), (std::vector<std::string>{"D"}));
  EXPECT_EQ(parents(d, "C"), (std::vector<std::string>{"D"}));
  EXPECT_EQ(parents(d, "U"), (std::vector<std::string>{"I"}));  // C has no edge to U
  EXPECT_EQ(edges(d), (std::vector<std::string>{"D->C", "D->I", "I->U"}));
  EXPECT_EQ(d["settings"].get<int>(), 1);                    // no noise at all
  EXPECT_EQ(d["deterministic_policy_count"].get<int>(), 2);  // burn, refrain
}

TEST(ExampleSideEffects, BurningIsTheOnlyOptimalPolicy) {
  auto e = eu_all(analyze("side-effects.jsonc", "expected_utility"));
  EXPECT_NEAR(e["burn"], 1.0, kTol);     // I = paid -> U = 1
  EXPECT_NEAR(e["refrain"], 0.0, kTol);  // I = unpaid -> U = 0
  json o = analyze("side-effects.jsonc", "optimal_policies");
  EXPECT_NEAR(o["expected_utility"].get<double>(), 1.0, kTol);
  EXPECT_EQ(optimal_actions(o, json::object()), (std::vector<std::string>{"burn"}));
  EXPECT_EQ(o["optimal_policy_count"].get<int>(), 1);
  EXPECT_EQ(names_of(o["optimal_named_policies"]), (std::vector<std::string>{"burn"}));
}

TEST(ExampleSideEffects, GuaranteedInsuranceMakesRefrainingJustAsGood) {
  // Named hard intervention I := paid: both policies get U = 1, so both are optimal.
  EXPECT_NEAR(eu("side-effects.jsonc", "refrain", {"insurance_guaranteed"}), 1.0, kTol);
  json o = analyze("side-effects.jsonc", "optimal_policies", {{"interventions", {"insurance_guaranteed"}}});
  EXPECT_EQ(optimal_actions(o, json::object()), (std::vector<std::string>{"burn", "refrain"}));
  EXPECT_EQ(o["optimal_policy_count"].get<int>(), 2);
  // Eq. 2 with pi_hat = refrain, Y = {I}, w^I = {setting 0}: 1 >= EU(burn) = 1.
  EXPECT_NEAR(eu("side-effects.jsonc", "refrain", json::array({follow("I", "burn", {0})})), 1.0, kTol);
}

TEST(ExampleSideEffects, DestroyedCarLeavesBurningStrictlyBetter) {
  // C := destroyed changes no utility: burn 1, refrain 0.
  EXPECT_NEAR(eu("side-effects.jsonc", "burn", {"car_destroyed_anyway"}), 1.0, kTol);
  EXPECT_NEAR(eu("side-effects.jsonc", "refrain", {"car_destroyed_anyway"}), 0.0, kTol);
  // Eq. 2 fails for Y = {C}: refrain with C fixed to destroyed gives 0 < 1.
  EXPECT_NEAR(eu("side-effects.jsonc", "refrain", json::array({follow("C", "burn", {0})})), 0.0, kTol);
}

// ---------------------------------------------------------------------------------------------
// Robo-surgeon (Example 3): survival intended where surgery saves, death never.

TEST(ExampleRoboSurgeon, GraphHasLuckOnSurvival) {
  json d = analyze("robo-surgeon.jsonc", "describe");
  EXPECT_EQ(names_of(d["variables"]), (std::vector<std::string>{"D", "S", "U"}));
  EXPECT_EQ(parents(d, "S"), (std::vector<std::string>{"D"}));
  EXPECT_EQ(parents(d, "U"), (std::vector<std::string>{"S"}));
  EXPECT_EQ(edges(d), (std::vector<std::string>{"D->S", "S->U"}));
  const json& s = variable(d, "S");
  ASSERT_TRUE(s.contains("noise"));
  EXPECT_EQ(s.at("noise").at("outcomes"), json({"lucky", "unlucky"}));
  EXPECT_NEAR(s.at("noise").at("probabilities").at(0).get<double>(), 0.1, kTol);
  EXPECT_NEAR(s.at("noise").at("probabilities").at(1).get<double>(), 0.9, kTol);
  EXPECT_EQ(d["settings"].get<int>(), 2);  // lucky, unlucky
}

TEST(ExampleRoboSurgeon, OperatingIsOptimalDespiteLowOdds) {
  auto e = eu_all(analyze("robo-surgeon.jsonc", "expected_utility"));
  EXPECT_NEAR(e["operate"], 0.1, kTol);  // 0.1 * 1 (lucky) + 0.9 * 0
  EXPECT_NEAR(e["refrain"], 0.0, kTol);  // dies in both settings
  json o = analyze("robo-surgeon.jsonc", "optimal_policies");
  EXPECT_NEAR(o["expected_utility"].get<double>(), 0.1, kTol);
  EXPECT_EQ(optimal_actions(o, json::object()), (std::vector<std::string>{"operate"}));
  EXPECT_EQ(o["optimal_policy_count"].get<int>(), 1);
}

TEST(ExampleRoboSurgeon, SettingsAreLuckyThenUnlucky) {
  json s = analyze("robo-surgeon.jsonc", "settings", {{"policy", "operate"}});
  EXPECT_EQ(s["total"].get<int>(), 2);
  EXPECT_NEAR(s["rows"][0]["probability"].get<double>(), 0.1, kTol);
  EXPECT_EQ(value_in_row(s, 0, "S"), "survives");
  EXPECT_EQ(value_in_row(s, 1, "S"), "dies");
  EXPECT_NEAR(s["expected_utility"].get<double>(), 0.1, kTol);
}

TEST(ExampleRoboSurgeon, SurvivalIsTheReasonDeathIsNot) {
  // Eq. 2, pi_hat = refrain, Y = {S}, w^S = {0 (lucky)}: 0.1 * 1 + 0.9 * 0 = 0.1 >= EU(operate) = 0.1.
  EXPECT_NEAR(eu("robo-surgeon.jsonc", "refrain", json::array({follow("S", "operate", {0})})), 0.1, kTol);
  // w^S = {1 (unlucky)}: S is fixed to "dies", as it already is: 0 < 0.1. Death is no reason.
  EXPECT_NEAR(eu("robo-surgeon.jsonc", "refrain", json::array({follow("S", "operate", {1})})), 0.0, kTol);
  // Hard S := survives: refrain 1 = operate 1.
  EXPECT_NEAR(eu("robo-surgeon.jsonc", "refrain", {"survival_guaranteed"}), 1.0, kTol);
  EXPECT_NEAR(eu("robo-surgeon.jsonc", "operate", {"survival_guaranteed"}), 1.0, kTol);
}

// ---------------------------------------------------------------------------------------------
// Coffee robot (Example 4, Figure 2): B, E, S, C all intended.

TEST(ExampleCoffeeRobot, GraphIsAPlanOfNecessarySteps) {
  json d = analyze("coffee-robot.jsonc", "describe");
  EXPECT_EQ(names_of(d["variables"]), (std::vector<std::string>{"B", "C", "D", "E", "S", "U"}));
  EXPECT_EQ(parents(d, "B"), (std::vector<std::string>{"D"}));
  EXPECT_EQ(parents(d, "E"), (std::vector<std::string>{"B", "D"}));
  EXPECT_EQ(parents(d, "S"), (std::vector<std::string>{"D"}));
  EXPECT_EQ(parents(d, "C"), (std::vector<std::string>{"E", "S"}));
  EXPECT_EQ(parents(d, "U"), (std::vector<std::string>{"C"}));
  EXPECT_EQ(edges(d), (std::vector<std::string>{"B->E", "C->U", "D->B", "D->E", "D->S", "E->C", "S->C"}));
  EXPECT_EQ(d["settings"].get<int>(), 1);
  EXPECT_EQ(d["deterministic_policy_count"].get<int>(), 5);  // five plans, no observation
}

TEST(ExampleCoffeeRobot, OnlyTheFullPlanFetchesCoffee) {
  auto e = eu_all(analyze("coffee-robot.jsonc", "expected_utility"));
  EXPECT_NEAR(e["full_plan"], 1.0, kTol);       // beans, made, running -> fetched
  EXPECT_NEAR(e["skip_beans"], 0.0, kTol);      // no beans -> not made -> not fetched
  EXPECT_NEAR(e["skip_espresso"], 0.0, kTol);   // not made -> not fetched
  EXPECT_NEAR(e["skip_resisting"], 0.0, kTol);  // switched off -> not fetched
  EXPECT_NEAR(e["idle"], 0.0, kTol);
  json o = analyze("coffee-robot.jsonc", "optimal_policies");
  EXPECT_NEAR(o["expected_utility"].get<double>(), 1.0, kTol);
  EXPECT_EQ(optimal_actions(o, json::object()), (std::vector<std::string>{"full_plan"}));
  EXPECT_EQ(o["optimal_policy_count"].get<int>(), 1);
  EXPECT_EQ(names_of(o["optimal_named_policies"]), (std::vector<std::string>{"full_plan"}));
}

TEST(ExampleCoffeeRobot, AGuaranteedStepMakesSkippingItJustAsGood) {
  // Eq. 2 witnesses, one per step, each Y a single variable fixed in the only setting: 1 >= 1.
  EXPECT_NEAR(eu("coffee-robot.jsonc", "skip_beans", json::array({follow("B", "full_plan", {0})})), 1.0,
              kTol);
  EXPECT_NEAR(eu("coffee-robot.jsonc", "skip_espresso", json::array({follow("E", "full_plan", {0})})), 1.0,
              kTol);
  EXPECT_NEAR(eu("coffee-robot.jsonc", "skip_resisting", json::array({follow("S", "full_plan", {0})})), 1.0,
              kTol);
  EXPECT_NEAR(eu("coffee-robot.jsonc", "idle", json::array({follow("C", "full_plan", {0})})), 1.0, kTol);
  // Fixing the beans does not rescue idling (the machine is not run): 0 < 1.
  EXPECT_NEAR(eu("coffee-robot.jsonc", "idle", json::array({follow("B", "full_plan", {0})})), 0.0, kTol);
}

TEST(ExampleCoffeeRobot, NamedStepInterventionsTieOnlyThePlanThatSkipsThem) {
  // beans_provided (B := acquired): full 1, skip_beans 1 (E made, running), skip_espresso 0,
  // skip_resisting 0 (switched off), idle 0 (machine not run).
  auto b = eu_all(analyze("coffee-robot.jsonc", "expected_utility", {{"interventions", {"beans_provided"}}}));
  EXPECT_NEAR(b["full_plan"], 1.0, kTol);
  EXPECT_NEAR(b["skip_beans"], 1.0, kTol);
  EXPECT_NEAR(b["skip_espresso"], 0.0, kTol);
  EXPECT_NEAR(b["skip_resisting"], 0.0, kTol);
  EXPECT_NEAR(b["idle"], 0.0, kTol);
  // espresso_provided (E := made): fetched whenever running: full, skip_beans, skip_espresso 1;
  // skip_resisting and idle are switched off: 0.
  auto m =
      eu_all(analyze("coffee-robot.jsonc", "expected_utility", {{"interventions", {"espresso_provided"}}}));
  EXPECT_NEAR(m["skip_beans"], 1.0, kTol);
  EXPECT_NEAR(m["skip_espresso"], 1.0, kTol);
  EXPECT_NEAR(m["skip_resisting"], 0.0, kTol);
  EXPECT_NEAR(m["idle"], 0.0, kTol);
  // nobody_switches_off (S := running): full and skip_resisting 1, the rest lack coffee: 0.
  auto s =
      eu_all(analyze("coffee-robot.jsonc", "expected_utility", {{"interventions", {"nobody_switches_off"}}}));
  EXPECT_NEAR(s["skip_resisting"], 1.0, kTol);
  EXPECT_NEAR(s["skip_beans"], 0.0, kTol);
  EXPECT_NEAR(s["skip_espresso"], 0.0, kTol);
  EXPECT_NEAR(s["idle"], 0.0, kTol);
}

// ---------------------------------------------------------------------------------------------
// Louis and his uncle (Example 5, Figure 3).

TEST(ExampleLouis, FileHoldsSubjectiveAndObjectiveModels) {
  json d = analyze("louis-and-uncle.jsonc", "describe");
  EXPECT_EQ(d["models"], json({"subjective", "objective"}));
}

TEST(ExampleLouis, SubjectiveGraphIsFigure3a) {
  json d = analyze("louis-and-uncle.jsonc", "describe", json::object(), "subjective");
  EXPECT_EQ(names_of(d["variables"]), (std::vector<std::string>{"D", "P", "U", "Unc"}));
  EXPECT_EQ(parents(d, "Unc"), (std::vector<std::string>{"D"}));
  EXPECT_EQ(parents(d, "P"), (std::vector<std::string>{"D"}));
  EXPECT_EQ(parents(d, "U"), (std::vector<std::string>{"Unc"}));  // the pedestrian does not matter to Louis
  EXPECT_EQ(edges(d), (std::vector<std::string>{"D->P", "D->Unc", "Unc->U"}));
  EXPECT_EQ(d["settings"].get<int>(), 2);  // loses_control, keeps_control
}

TEST(ExampleLouis, ObjectiveGraphIsFigure3b) {
  json d = analyze("louis-and-uncle.jsonc", "describe", json::object(), "objective");
  EXPECT_EQ(names_of(d["variables"]), (std::vector<std::string>{"D", "U", "Unc"}));
  EXPECT_EQ(edges(d), (std::vector<std::string>{"D->Unc", "Unc->U"}));
  EXPECT_EQ(d["settings"].get<int>(), 1);
}

TEST(ExampleLouis, ExecutingThePlanIsOptimalInBothModels) {
  for (const char* model : {"subjective", "objective"}) {
    auto e = eu_all(analyze("louis-and-uncle.jsonc", "expected_utility", json::object(), model));
    EXPECT_NEAR(e["execute_plan"], 1.0, kTol) << model;  // the uncle dies in every setting
    EXPECT_NEAR(e["stay_home"], 0.0, kTol) << model;
    json o = analyze("louis-and-uncle.jsonc", "optimal_policies", json::object(), model);
    EXPECT_EQ(optimal_actions(o, json::object()), (std::vector<std::string>{"execute_plan"})) << model;
    EXPECT_EQ(o["optimal_policy_count"].get<int>(), 1) << model;
  }
}

TEST(ExampleLouis, UnclesDeathIsTheReasonPedestriansIsNot) {
  const std::string f = "louis-and-uncle.jsonc";
  // Eq. 2, pi_hat = stay_home, Y = {Unc} in both settings: 1 >= 1.
  EXPECT_NEAR(eu(f, "stay_home", json::array({follow("Unc", "execute_plan", {0, 1})}), "subjective"), 1.0,
              kTol);
  // In one setting only: 0.1 (setting 0, loses control) or 0.9 (setting 1) < 1: both settings needed.
  EXPECT_NEAR(eu(f, "stay_home", json::array({follow("Unc", "execute_plan", {0})}), "subjective"), 0.1, kTol);
  EXPECT_NEAR(eu(f, "stay_home", json::array({follow("Unc", "execute_plan", {1})}), "subjective"), 0.9, kTol);
  // Y = {P} (the pedestrian dies in setting 0): 0 < 1.
  EXPECT_NEAR(eu(f, "stay_home", json::array({follow("P", "execute_plan", {0, 1})}), "subjective"), 0.0,
              kTol);
  // Named: uncle dies anyway -> stay_home 1; pedestrian dies anyway -> stay_home 0.
  EXPECT_NEAR(eu(f, "stay_home", {"uncle_dies_anyway"}, "subjective"), 1.0, kTol);
  EXPECT_NEAR(eu(f, "stay_home", {"pedestrian_dies_anyway"}, "subjective"), 0.0, kTol);
  EXPECT_NEAR(eu(f, "execute_plan", {"pedestrian_dies_anyway"}, "subjective"), 1.0, kTol);
}

// ---------------------------------------------------------------------------------------------
// Multiple reasons (Example 6): help, image, tax intended; newsletter not.

TEST(ExampleMultipleReasons, GraphHasThreeBenefitsACostAndASideEffect) {
  json d = analyze("multiple-reasons.jsonc", "describe");
  EXPECT_EQ(names_of(d["variables"]), (std::vector<std::string>{"D", "Help", "Image", "Newsletter", "Tax",
                                                                "U_cost", "U_help", "U_image", "U_tax"}));
  for (const char* x : {"Help", "Image", "Tax", "Newsletter", "U_cost"})
    EXPECT_EQ(parents(d, x), (std::vector<std::string>{"D"})) << x;
  EXPECT_EQ(parents(d, "U_help"), (std::vector<std::string>{"Help"}));
  EXPECT_EQ(parents(d, "U_image"), (std::vector<std::string>{"Image"}));
  EXPECT_EQ(parents(d, "U_tax"), (std::vector<std::string>{"Tax"}));
  EXPECT_EQ(edges(d).size(), 8u);  // D -> 4 chance variables and U_cost, 3 benefit -> utility
  EXPECT_EQ(names_of(d["utilities"]), (std::vector<std::string>{"U_cost", "U_help", "U_image", "U_tax"}));
  EXPECT_EQ(d["settings"].get<int>(), 1);
}

TEST(ExampleMultipleReasons, DonatingIsOptimalOnlyForAllThreeBenefits) {
  json r = analyze("multiple-reasons.jsonc", "expected_utility");
  auto e = eu_all(r);
  EXPECT_NEAR(e["donate"], 3.0, kTol);  // 2 + 2 + 2 - 3
  EXPECT_NEAR(e["keep"], 0.0, kTol);
  for (const auto& p : r["policies"]) {
    if (p["name"] != "donate") continue;
    EXPECT_NEAR(p["utilities"]["U_help"].get<double>(), 2.0, kTol);
    EXPECT_NEAR(p["utilities"]["U_image"].get<double>(), 2.0, kTol);
    EXPECT_NEAR(p["utilities"]["U_tax"].get<double>(), 2.0, kTol);
    EXPECT_NEAR(p["utilities"]["U_cost"].get<double>(), -3.0, kTol);
  }
  json o = analyze("multiple-reasons.jsonc", "optimal_policies");
  EXPECT_EQ(optimal_actions(o, json::object()), (std::vector<std::string>{"donate"}));
  EXPECT_EQ(o["optimal_policy_count"].get<int>(), 1);
  // One benefit alone does not outweigh the cost: 2 - 3 = -1 < 0, keep.
  EXPECT_NEAR(eu("multiple-reasons.jsonc", "donate", {"only_helping"}), -1.0, kTol);
  json o1 = analyze("multiple-reasons.jsonc", "optimal_policies", {{"interventions", {"only_helping"}}});
  EXPECT_EQ(optimal_actions(o1, json::object()), (std::vector<std::string>{"keep"}));
  // Two benefits do: 2 + 2 - 3 = 1 > 0.
  EXPECT_NEAR(eu("multiple-reasons.jsonc", "donate", {"no_tax_deduction"}), 1.0, kTol);
}

TEST(ExampleMultipleReasons, EveryPairOfBenefitsIsAMinimalReason) {
  const std::string f = "multiple-reasons.jsonc";
  // Eq. 2 with pi_hat = keep, benefits fixed to their "donate" values, no cost paid:
  // one benefit 2 < 3; any pair 2 + 2 = 4 >= 3, so the pairs are the minimal Y and each benefit is in one.
  EXPECT_NEAR(eu(f, "keep", json::array({follow("Help", "donate", {0})})), 2.0, kTol);
  EXPECT_NEAR(eu(f, "keep", json::array({follow("Tax", "donate", {0})})), 2.0, kTol);
  EXPECT_NEAR(eu(f, "keep", json::array({follow("Help", "donate", {0}), follow("Image", "donate", {0})})),
              4.0, kTol);
  EXPECT_NEAR(eu(f, "keep", json::array({follow("Help", "donate", {0}), follow("Tax", "donate", {0})})), 4.0,
              kTol);
  EXPECT_NEAR(eu(f, "keep", json::array({follow("Image", "donate", {0}), follow("Tax", "donate", {0})})), 4.0,
              kTol);
  // The newsletter adds nothing: 0 alone, and 2 with one benefit (< 3).
  EXPECT_NEAR(eu(f, "keep", json::array({follow("Newsletter", "donate", {0})})), 0.0, kTol);
  EXPECT_NEAR(
      eu(f, "keep", json::array({follow("Newsletter", "donate", {0}), follow("Help", "donate", {0})})), 2.0,
      kTol);
}

// ---------------------------------------------------------------------------------------------
// Spy (Example 8, Figure 4): T intended where the signal arrives, not where it was lost.

TEST(ExampleSpy, GraphIsFigure4WithAnInformationLink) {
  json d = analyze("spy.jsonc", "describe");
  EXPECT_EQ(names_of(d["variables"]), (std::vector<std::string>{"D", "T", "U", "X"}));
  EXPECT_EQ(parents(d, "D"), (std::vector<std::string>{"X"}));
  EXPECT_EQ(parents(d, "T"), (std::vector<std::string>{"D"}));
  EXPECT_EQ(parents(d, "U"), (std::vector<std::string>{"T", "X"}));
  EXPECT_EQ(edges(d), (std::vector<std::string>{"D->T", "T->U", "X->U", "X=>D"}));
  EXPECT_EQ(d["settings"].get<int>(), 6);                    // 2 minefield positions * 3 signal outcomes
  EXPECT_EQ(d["deterministic_policy_count"].get<int>(), 4);  // 2 actions ^ 2 observations
  EXPECT_TRUE(d["perfect_recall"].get<bool>());
}

TEST(ExampleSpy, TruthfulSignalIsOptimal) {
  auto e = eu_all(analyze("spy.jsonc", "expected_utility"));
  EXPECT_NEAR(e["truthful"], 0.9, kTol);     // received 0.8 + lost but lucky 0.1
  EXPECT_NEAR(e["always_east"], 0.5, kTol);  // X=east: 0.5*(0.8+0.1); X=west: 0.5*0.1 -> 0.45 + 0.05
  EXPECT_NEAR(e["always_west"], 0.5, kTol);  // symmetric
  EXPECT_NEAR(e["lie"], 0.1, kTol);          // only the lucky lost signals: 0.1
  json o = analyze("spy.jsonc", "optimal_policies");
  EXPECT_NEAR(o["expected_utility"].get<double>(), 0.9, kTol);
  json east = rule(o, {{"X", "east"}});
  EXPECT_NEAR(east["probability"].get<double>(), 0.5, kTol);
  EXPECT_NEAR(east["expected_utilities"]["east"].get<double>(), 0.9, kTol);  // 0.8 + 0.1 (lost_east)
  EXPECT_NEAR(east["expected_utilities"]["west"].get<double>(), 0.1, kTol);  // 0.1 (lost_east)
  EXPECT_EQ(optimal_actions(o, {{"X", "east"}}), (std::vector<std::string>{"east"}));
  EXPECT_EQ(optimal_actions(o, {{"X", "west"}}), (std::vector<std::string>{"west"}));
  EXPECT_EQ(o["optimal_policy_count"].get<int>(), 1);
  EXPECT_EQ(names_of(o["optimal_named_policies"]), (std::vector<std::string>{"truthful"}));
}

TEST(ExampleSpy, SettingsPutTheMinefieldFirstAndTheSignalLast) {
  json s = analyze("spy.jsonc", "settings", {{"policy", "truthful"}});
  EXPECT_EQ(s["total"].get<int>(), 6);
  EXPECT_EQ(s["noise"], json({"X", "T"}));
  // row: (X, T noise) probability -> T, U
  // 0: (east, received) 0.5*0.8 = 0.4 -> east, 1     3: (west, received) 0.4 -> west, 1
  // 1: (east, lost_east) 0.05 -> east, 1              4: (west, lost_east) 0.05 -> east, 0
  // 2: (east, lost_west) 0.05 -> west, 0              5: (west, lost_west) 0.05 -> west, 1
  const double p[] = {0.4, 0.05, 0.05, 0.4, 0.05, 0.05};
  const char* t[] = {"east", "east", "west", "west", "east", "west"};
  const double u[] = {1, 1, 0, 1, 0, 1};
  for (int i = 0; i < 6; ++i) {
    EXPECT_NEAR(s["rows"][i]["probability"].get<double>(), p[i], kTol) << i;
    EXPECT_EQ(value_in_row(s, i, "T"), t[i]) << i;
    EXPECT_NEAR(value_in_row(s, i, "U").get<double>(), u[i], kTol) << i;
  }
  EXPECT_NEAR(s["expected_utility"].get<double>(), 0.9, kTol);  // 0.4 + 0.05 + 0.4 + 0.05
}

TEST(ExampleSpy, ReceivedSignalSettingsAreTheMinimalReason) {
  // Eq. 2, pi_hat = always_west, Y = {T}, w^T = {0 (east, received)}: T east instead of west there:
  // 0.5 + 0.4 = 0.9 >= 0.9.
  EXPECT_NEAR(eu("spy.jsonc", "always_west", json::array({follow("T", "truthful", {0})})), 0.9, kTol);
  // w^T = {1 (east, lost_east)}: T is east under both policies, nothing changes: 0.5 < 0.9.
  EXPECT_NEAR(eu("spy.jsonc", "always_west", json::array({follow("T", "truthful", {1})})), 0.5, kTol);
  // Adding the lucky setting to w^T adds nothing: 0.9 again (so {0, 1} is not minimal).
  EXPECT_NEAR(eu("spy.jsonc", "always_west", json::array({follow("T", "truthful", {0, 1})})), 0.9, kTol);
  // pi_hat = always_east, w^T = {3 (west, received)}: 0.5 + 0.4 = 0.9.
  EXPECT_NEAR(eu("spy.jsonc", "always_east", json::array({follow("T", "truthful", {3})})), 0.9, kTol);
  // pi_hat = always_east, w^T = {5 (west, lost_west)}: unchanged 0.5.
  EXPECT_NEAR(eu("spy.jsonc", "always_east", json::array({follow("T", "truthful", {5})})), 0.5, kTol);
}

TEST(ExampleSpy, SignalInterventionsDecideWhetherTheSpyMatters) {
  // Always received: truthful 1; fixed signals 0.5*1 + 0.5*0 = 0.5; lie 0.
  auto a = eu_all(analyze("spy.jsonc", "expected_utility", {{"interventions", {"signal_always_arrives"}}}));
  EXPECT_NEAR(a["truthful"], 1.0, kTol);
  EXPECT_NEAR(a["always_east"], 0.5, kTol);
  EXPECT_NEAR(a["lie"], 0.0, kTol);
  // Never received: every policy 0.5, both signals optimal for both observations: 2 * 2 = 4 policies.
  auto n = eu_all(analyze("spy.jsonc", "expected_utility", {{"interventions", {"signal_never_arrives"}}}));
  EXPECT_NEAR(n["truthful"], 0.5, kTol);
  EXPECT_NEAR(n["lie"], 0.5, kTol);
  json o = analyze("spy.jsonc", "optimal_policies", {{"interventions", {"signal_never_arrives"}}});
  EXPECT_EQ(o["optimal_policy_count"].get<int>(), 4);
}

// ---------------------------------------------------------------------------------------------
// Recommender (Example 11, Figure 6) and the sleeping-user variant.

TEST(ExampleRecommender, FileHoldsBasicAndAsleepModels) {
  json d = analyze("recommender.jsonc", "describe");
  EXPECT_EQ(d["models"], json({"basic", "asleep"}));
}

TEST(ExampleRecommender, GraphIsFigure6) {
  for (const char* model : {"basic", "asleep"}) {
    json d = analyze("recommender.jsonc", "describe", json::object(), model);
    EXPECT_EQ(names_of(d["variables"]), (std::vector<std::string>{"D", "H", "U", "X"})) << model;
    EXPECT_EQ(parents(d, "D"), (std::vector<std::string>{"X"})) << model;
    EXPECT_EQ(parents(d, "H"), (std::vector<std::string>{"D", "X"})) << model;
    EXPECT_EQ(parents(d, "U"), (std::vector<std::string>{"H"})) << model;
    EXPECT_EQ(edges(d), (std::vector<std::string>{"D->H", "H->U", "X->H", "X=>D"})) << model;
    EXPECT_EQ(d["deterministic_policy_count"].get<int>(), 9) << model;  // 3 actions ^ 2 observations
  }
  EXPECT_EQ(analyze("recommender.jsonc", "describe", json::object(), "basic")["settings"].get<int>(), 2);
  EXPECT_EQ(analyze("recommender.jsonc", "describe", json::object(), "asleep")["settings"].get<int>(), 4);
}

TEST(ExampleRecommender, HelpingAndAddictingAreBothOptimal) {
  auto e = eu_all(analyze("recommender.jsonc", "expected_utility", json::object(), "basic"));
  EXPECT_NEAR(e["addict"], 1.0, kTol);         // always watched
  EXPECT_NEAR(e["help"], 1.0, kTol);           // D = X always watched
  EXPECT_NEAR(e["always_comedy"], 0.5, kTol);  // watched only by comedy fans
  EXPECT_NEAR(e["always_drama"], 0.5, kTol);
  EXPECT_NEAR(e["mismatch"], 0.0, kTol);
  json o = analyze("recommender.jsonc", "optimal_policies", json::object(), "basic");
  EXPECT_NEAR(o["expected_utility"].get<double>(), 1.0, kTol);
  EXPECT_EQ(optimal_actions(o, {{"X", "comedy"}}), (std::vector<std::string>{"addictive", "comedy"}));
  EXPECT_EQ(optimal_actions(o, {{"X", "drama"}}), (std::vector<std::string>{"addictive", "drama"}));
  // 2 * 2 = 4: help, addict and the two mixtures (the paper names the first two).
  EXPECT_EQ(o["optimal_policy_count"].get<int>(), 4);
  EXPECT_EQ(names_of(o["optimal_named_policies"]), (std::vector<std::string>{"addict", "help"}));
}

TEST(ExampleRecommender, UntemptedUserMakesHelpingTheOnlyOptimum) {
  // I^H(X, D): watch iff D = X. help 1, addict 0, always_comedy 0.5.
  auto e =
      eu_all(analyze("recommender.jsonc", "expected_utility", {{"interventions", {"not_tempted"}}}, "basic"));
  EXPECT_NEAR(e["help"], 1.0, kTol);
  EXPECT_NEAR(e["addict"], 0.0, kTol);
  EXPECT_NEAR(e["always_comedy"], 0.5, kTol);
  json o = analyze("recommender.jsonc", "optimal_policies", {{"interventions", {"not_tempted"}}}, "basic");
  EXPECT_EQ(optimal_actions(o, {{"X", "comedy"}}), (std::vector<std::string>{"comedy"}));
  EXPECT_EQ(optimal_actions(o, {{"X", "drama"}}), (std::vector<std::string>{"drama"}));
  EXPECT_EQ(o["optimal_policy_count"].get<int>(), 1);
}

TEST(ExampleRecommender, AddictivePolicyHasAReasonToCauseWatching) {
  // Settings: 0 comedy, 1 drama. pi_hat = always_comedy, Y = {H}, w^H = {1}: 0.5 + 0.5 = 1 >= 1.
  EXPECT_NEAR(eu("recommender.jsonc", "always_comedy", json::array({follow("H", "addict", {1})}), "basic"),
              1.0, kTol);
  // w^H = {0}: H is watch there under both: 0.5 < 1.
  EXPECT_NEAR(eu("recommender.jsonc", "always_comedy", json::array({follow("H", "addict", {0})}), "basic"),
              0.5, kTol);
  // pi_hat = always_drama, w^H = {0}: 1.
  EXPECT_NEAR(eu("recommender.jsonc", "always_drama", json::array({follow("H", "addict", {0})}), "basic"),
              1.0, kTol);
}

TEST(ExampleRecommenderAsleep, SleepingUserIsExogenousLuck) {
  json d = analyze("recommender.jsonc", "describe", json::object(), "asleep");
  const json& h = variable(d, "H");
  EXPECT_EQ(h.at("domain"), json({"watch", "not_watch", "asleep"}));
  ASSERT_TRUE(h.contains("noise"));
  EXPECT_EQ(h.at("noise").at("outcomes"), json({"awake", "asleep"}));
  json s = analyze("recommender.jsonc", "settings", {{"policy", "addict"}}, "asleep");
  // 0 comedy/awake 0.4 -> watch; 1 comedy/asleep 0.1 -> asleep; 2 drama/awake 0.4; 3 drama/asleep 0.1
  const double p[] = {0.4, 0.1, 0.4, 0.1};
  const char* hv[] = {"watch", "asleep", "watch", "asleep"};
  for (int i = 0; i < 4; ++i) {
    EXPECT_NEAR(s["rows"][i]["probability"].get<double>(), p[i], kTol) << i;
    EXPECT_EQ(value_in_row(s, i, "H"), hv[i]) << i;
  }
  EXPECT_NEAR(s["expected_utility"].get<double>(), 1.2, kTol);  // 0.4 + 0.2 + 0.4 + 0.2
}

TEST(ExampleRecommenderAsleep, HelpingAndAddictingRemainOptimal) {
  auto e = eu_all(analyze("recommender.jsonc", "expected_utility", json::object(), "asleep"));
  EXPECT_NEAR(e["addict"], 1.2, kTol);         // 0.8 * 1 + 0.2 * 2
  EXPECT_NEAR(e["help"], 1.2, kTol);           // same
  EXPECT_NEAR(e["always_comedy"], 0.8, kTol);  // 0.4 * 1 + 0.4 * 0 + 0.2 * 2
  EXPECT_NEAR(e["always_drama"], 0.8, kTol);
  EXPECT_NEAR(e["mismatch"], 0.4, kTol);  // 0.2 * 2
  json o = analyze("recommender.jsonc", "optimal_policies", json::object(), "asleep");
  EXPECT_NEAR(o["expected_utility"].get<double>(), 1.2, kTol);
  json c = rule(o, {{"X", "comedy"}});
  EXPECT_NEAR(c["expected_utilities"]["comedy"].get<double>(), 1.2, kTol);     // 0.8 * 1 + 0.2 * 2
  EXPECT_NEAR(c["expected_utilities"]["drama"].get<double>(), 0.4, kTol);      // 0.8 * 0 + 0.2 * 2
  EXPECT_NEAR(c["expected_utilities"]["addictive"].get<double>(), 1.2, kTol);  // 0.8 * 1 + 0.2 * 2
  EXPECT_EQ(optimal_actions(o, {{"X", "comedy"}}), (std::vector<std::string>{"addictive", "comedy"}));
  EXPECT_EQ(optimal_actions(o, {{"X", "drama"}}), (std::vector<std::string>{"addictive", "drama"}));
  EXPECT_EQ(o["optimal_policy_count"].get<int>(), 4);
}

TEST(ExampleRecommenderAsleep, AsleepSettingsGiveNoReason) {
  const std::string f = "recommender.jsonc";
  // pi_hat = always_comedy, w^H = {2 (drama, awake)}: 0.4 + 0.4 (now watched) + 0.2 * 2 = 1.2 >= 1.2.
  EXPECT_NEAR(eu(f, "always_comedy", json::array({follow("H", "addict", {2})}), "asleep"), 1.2, kTol);
  // w^H = {1, 3} (asleep settings): H is asleep under every policy, nothing changes: 0.8 < 1.2.
  EXPECT_NEAR(eu(f, "always_comedy", json::array({follow("H", "addict", {1, 3})}), "asleep"), 0.8, kTol);
  // pi_hat = always_drama, w^H = {0 (comedy, awake)}: 1.2.
  EXPECT_NEAR(eu(f, "always_drama", json::array({follow("H", "addict", {0})}), "asleep"), 1.2, kTol);
}

TEST(ExampleRecommenderAsleep, AsleepIsTheBestOutcomeHkwWouldPick) {
  // H&KW's condition 3 (Def. 25) compares hard interventions on H under the agent's policy:
  // asleep 2 > watch 1 > not_watch 0, so "bring about" picks H = asleep, the uninfluenceable one.
  const std::string f = "recommender.jsonc";
  auto hard = [](const char* v) { return json::array({json{{"variable", "H"}, {"value", v}}}); };
  EXPECT_NEAR(eu(f, "addict", hard("asleep"), "asleep"), 2.0, kTol);
  EXPECT_NEAR(eu(f, "addict", hard("watch"), "asleep"), 1.0, kTol);
  EXPECT_NEAR(eu(f, "addict", hard("not_watch"), "asleep"), 0.0, kTol);
  // The untempted user (still asleep 20% of the time): help 0.8 + 0.4 = 1.2, addict 0 + 0.4 = 0.4.
  auto e = eu_all(analyze(f, "expected_utility", {{"interventions", {"not_tempted"}}}, "asleep"));
  EXPECT_NEAR(e["help"], 1.2, kTol);
  EXPECT_NEAR(e["addict"], 0.4, kTol);
}

// ---------------------------------------------------------------------------------------------
// Gallery-wide conformance.

std::vector<std::filesystem::path> gallery_files() {
  std::vector<std::filesystem::path> out;
  for (const auto& entry :
       std::filesystem::recursive_directory_iterator(std::filesystem::path(MOTIVE_SOURCE_DIR) / "examples")) {
    if (!entry.is_regular_file()) continue;
    const auto ext = entry.path().extension();
    if (ext == ".json" || ext == ".jsonc") out.push_back(entry.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(ExampleGallery, EveryModelFileIsValid) {
  const auto files = gallery_files();
  EXPECT_GE(files.size(), 7u);  // at least the seven intention examples
  for (const auto& path : files) {
    const std::string text = read_text(path);
    json response = request_raw(text, "describe", json::object(), "");
    ASSERT_TRUE(response.value("ok", false)) << path << " -> " << response.dump(2);
    const json& result = response["result"];
    for (const auto& model : result.value("models", json::array())) {
      json r = request_raw(text, "describe", json::object(), model.get<std::string>());
      EXPECT_TRUE(r.value("ok", false)) << path << " model " << model << " -> " << r.dump(2);
    }
  }
}

TEST(ExampleGallery, IntentionExamplesAreDocumentedAndLaidOut) {
  // Every intention example names its source, explains itself and places every variable, in every
  // model, and every named policy evaluates.
  for (const auto& path : gallery_files()) {
    if (path.parent_path().filename() != "intention") continue;
    const std::string text = read_text(path);
    json first = request_raw(text, "describe", json::object(), "");
    ASSERT_TRUE(first.value("ok", false)) << path;
    EXPECT_FALSE(first["result"].value("title", "").empty()) << path;
    EXPECT_FALSE(first["result"].value("description", "").empty()) << path;
    EXPECT_EQ(first["result"].value("source", "").rfind("Ward et al. 2024, ", 0), 0u) << path;
    for (const auto& model : first["result"]["models"]) {
      json d = request_raw(text, "describe", json::object(), model.get<std::string>());
      ASSERT_TRUE(d.value("ok", false)) << path << " " << model;
      for (const auto& v : d["result"]["variables"])
        EXPECT_TRUE(v.contains("position")) << path << " " << model << " " << v.at("name");
      EXPECT_FALSE(d["result"]["policies"].empty()) << path << " " << model;
      json e = request_raw(text, "expected_utility", json::object(), model.get<std::string>());
      EXPECT_TRUE(e.value("ok", false)) << path << " " << model << " -> " << e.dump(2);
    }
  }
}

}  // namespace
