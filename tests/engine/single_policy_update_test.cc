// Optimal policies without perfect recall by single policy updates (scim/optimal.h): where the decisions'
// relevance graph is acyclic, one decision at a time in its order, by either inference method; where it has a
// cycle, the enumeration of every deterministic policy, with the reason in the reply. Worked examples here;
// tests/engine/optimal_test.cc holds the search to the brute force's optimal policies on random models, and
// tests/engine/inference_test.cc holds both inference methods to each other on the gallery and random models.
#include <cmath>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "api_support.h"

namespace motive::test {
namespace {

using nlohmann::json;

// D1 (no observation) sets X, which copies it with probability 0.8 and flips it otherwise; D2 observes X
// but not D1 (no perfect recall). U1 = [D2 == X] rewards D2 for repeating X, U2 = [D1 == 1] rewards D1.
// D2's best rule does not depend on D1's (given X, D1 only reaches U1 through X), while D1's best rule
// may depend on D2's (D2 reaches U1 given nothing): the relevance graph D2 → D1 is acyclic, so D2 is
// solved first (repeat X: U1 = 1 always), then D1 (play 1: U2 = 1). The optimum is 2, and each decision
// has one best action at each observation, so one optimal policy. The enumeration evaluated 2 · 2^2 = 8.
const char* kRelay = R"({
  "kind": "scim",
  "variables": {
    "D1": { "type": "decision", "domain": [0, 1] },
    "X": { "type": "chance", "parents": ["D1"], "domain": [0, 1], "noise": { "keep": 0.8, "flip": 0.2 },
           "function": "noise == 'keep' ? D1 : 1 - D1" },
    "D2": { "type": "decision", "parents": ["X"], "domain": [0, 1] },
    "U1": { "type": "utility", "parents": ["D2", "X"], "function": "D2 == X ? 1 : 0" },
    "U2": { "type": "utility", "parents": ["D1"], "function": "D1 == 1 ? 1 : 0" }
  },
  "policies": { "zero": { "D1": "0", "D2": "0" } }
})";

TEST(SinglePolicyUpdate, SolvesDecisionsWithAnAcyclicRelevanceGraphOneAtATime) {
  for (const char* method : {"enumerate", "eliminate"}) {
    json r = analyze(kRelay, "optimal_policies", {{"method", method}, {"max_listed", 10}});
    EXPECT_EQ(r["method"], method);
    EXPECT_EQ(r["search"], "single_policy_update");
    EXPECT_FALSE(r.contains("search_note"));
    EXPECT_NEAR(r["expected_utility"].get<double>(), 2.0, 1e-12);
    EXPECT_EQ(r["optimal_policy_count"].get<double>(), 1.0);
    ASSERT_EQ(r["policies"].size(), 1u);
    EXPECT_FALSE(r["truncated"].get<bool>());
    // D1: playing 1 is worth 2 (U2 = 1, and D2 repeats X), playing 0 is worth 1.
    const json& d1 = r["decisions"][0];
    ASSERT_EQ(d1["decision"], "D1");
    EXPECT_NEAR(d1["rules"][0]["expected_utilities"]["1"].get<double>(), 2.0, 1e-12);
    EXPECT_NEAR(d1["rules"][0]["expected_utilities"]["0"].get<double>(), 1.0, 1e-12);
    EXPECT_EQ(d1["rules"][0]["optimal"], json::array({1}));
    // D2 given X = 0: repeating is worth 1 (U1) + 1 (U2, D1 plays 1), the other 0 + 1. X = 0 happens
    // with probability 0.2 under the optimal D1.
    const json& d2 = r["decisions"][1];
    ASSERT_EQ(d2["decision"], "D2");
    EXPECT_NEAR(d2["rules"][0]["probability"].get<double>(), 0.2, 1e-12);
    EXPECT_NEAR(d2["rules"][0]["expected_utilities"]["0"].get<double>(), 2.0, 1e-12);
    EXPECT_NEAR(d2["rules"][0]["expected_utilities"]["1"].get<double>(), 1.0, 1e-12);
    EXPECT_EQ(d2["rules"][1]["optimal"], json::array({1}));
    EXPECT_NEAR(r["named_policies"][0]["expected_utility"].get<double>(), 0.8, 1e-12);  // U1 when X = 0
  }
}

// Two decisions that see nothing and are paid for agreeing: each one's best rule depends on the other's
// (a cycle in the relevance graph), so single policy updates could stop at a poor agreement; every
// deterministic policy is evaluated instead, and the reply says why.
TEST(SinglePolicyUpdate, ACycleInTheRelevanceGraphKeepsTheEnumeration) {
  const char* coordination = R"({
    "kind": "scim",
    "variables": {
      "D1": { "type": "decision", "domain": [0, 1] },
      "D2": { "type": "decision", "domain": [0, 1] },
      "U": { "type": "utility", "parents": ["D1", "D2"], "function": "D1 == D2 ? (D1 == 1 ? 2 : 1) : 0" }
    }
  })";
  json r = analyze(coordination, "optimal_policies", {{"max_listed", 10}});
  EXPECT_EQ(r["search"], "enumeration");
  ASSERT_TRUE(r.contains("search_note"));
  EXPECT_NE(r["search_note"].get<std::string>().find("cycle"), std::string::npos) << r["search_note"];
  EXPECT_NE(r["search_note"].get<std::string>().find("\"D1\""), std::string::npos) << r["search_note"];
  EXPECT_NEAR(r["expected_utility"].get<double>(), 2.0, 1e-12);
  EXPECT_EQ(r["optimal_policy_count"].get<double>(), 1.0);
}

}  // namespace
}  // namespace motive::test
