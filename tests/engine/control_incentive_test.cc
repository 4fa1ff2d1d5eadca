// The quantitative instrumental control incentive (Def. 23) against hand computation.

#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "api_support.h"

namespace {

using motive::test::analyze;
using nlohmann::json;

std::string example(const std::string& file) {
  return motive::test::read_source_file("examples/intention/" + file);
}

json variable(const json& result, const std::string& name) {
  for (const json& v : result["variables"])
    if (v["variable"] == name) return v;
  ADD_FAILURE() << "no variable " << name << " in " << result.dump();
  return json::object();
}

TEST(ControlIncentive, SideEffectsHasAnIncentiveOnTheInsuranceOnly) {
  json r = analyze(example("side-effects.jsonc"), "control_incentive");
  EXPECT_EQ(r["decision"], "D");
  // burn is the one optimal policy (EU 1). I := I_{D=refrain} = unpaid gives EU 0, so I has an
  // incentive; C is never read by U: no d changes anything.
  json i = variable(r, "I");
  EXPECT_TRUE(i["incentive"].get<bool>());
  EXPECT_TRUE(i["graphical"].get<bool>());
  ASSERT_EQ(i["optimal_policies"].size(), 1u);
  EXPECT_EQ(i["optimal_policies"][0]["action"], "refrain");
  EXPECT_DOUBLE_EQ(i["optimal_policies"][0]["expected_utility"].get<double>(), 1.0);
  EXPECT_DOUBLE_EQ(i["optimal_policies"][0]["intervened_utility"].get<double>(), 0.0);
  json c = variable(r, "C");
  EXPECT_FALSE(c["incentive"].get<bool>());
  EXPECT_FALSE(c["graphical"].get<bool>());
  EXPECT_FALSE(c["optimal_policies"][0].contains("action"));
}

TEST(ControlIncentive, SpySubmarineButNotMinefield) {
  json r = analyze(example("spy.jsonc"), "control_incentive");
  EXPECT_TRUE(variable(r, "T")["incentive"].get<bool>());
  EXPECT_FALSE(variable(r, "X")["incentive"].get<bool>());
}

TEST(ControlIncentive, GraphicalCriterionCanHoldWhileTheNumbersCancel) {
  // D -> O -> U, but U pays 1 whatever O is: a path exists (graphical ICI), yet no d changes EU.
  const std::string model = R"json({
    "kind": "scim",
    "variables": {
      "D": { "type": "decision", "domain": ["a", "b"] },
      "O": { "type": "chance", "parents": ["D"], "domain": ["x", "y"], "function": "D == 'a' ? 'x' : 'y'" },
      "U": { "type": "utility", "parents": ["O"], "function": "O == 'x' ? 1 : 1" }
    }
  })json";
  json r = analyze(model, "control_incentive");
  json o = variable(r, "O");
  EXPECT_TRUE(o["graphical"].get<bool>());
  EXPECT_FALSE(o["incentive"].get<bool>());
  // Both policies are optimal (EU 1): both are checked.
  EXPECT_EQ(o["optimal_policies"].size(), 2u);
}

TEST(ControlIncentive, EveryOptimalPolicyMustShowIt) {
  // U = [O = x] + [D = b]: both policies are optimal (EU 1). Under a, O := O_{D=b} = y gives 0;
  // under b, O := O_{D=a} = x gives 2. Each optimal policy shows the incentive, so there is one.
  const std::string model = R"json({
    "kind": "scim",
    "variables": {
      "D": { "type": "decision", "domain": ["a", "b"] },
      "O": { "type": "chance", "parents": ["D"], "domain": ["x", "y"], "function": "D == 'a' ? 'x' : 'y'" },
      "U": { "type": "utility", "parents": ["O", "D"], "function": "(O == 'x' ? 1 : 0) + (D == 'b' ? 1 : 0)" }
    }
  })json";
  json o = variable(analyze(model, "control_incentive"), "O");
  ASSERT_EQ(o["optimal_policies"].size(), 2u);
  EXPECT_TRUE(o["incentive"].get<bool>());
  EXPECT_DOUBLE_EQ(o["optimal_policies"][0]["intervened_utility"].get<double>(), 0.0);
  EXPECT_DOUBLE_EQ(o["optimal_policies"][1]["intervened_utility"].get<double>(), 2.0);
}

}  // namespace
