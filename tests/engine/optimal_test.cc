// Optimal policies, checked against independent computation: small models whose optimum is worked
// out by hand below, then hundreds of random models (tests/engine/random_scim.h) against a brute
// force that evaluates every deterministic policy with a reference sharing no code with the engine.
// Everything goes through the API (motive::handle_request).

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <set>
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
using motive::test::RefOptimum;
using motive::test::RefPolicy;
using motive::test::RefScim;
using motive::test::RefType;
using nlohmann::json;

constexpr double kTol = 1e-9;

using motive::test::analyze;
using motive::test::request;

// The rule row of `decision` for one observation.
json rule(const json& optimal, const std::string& decision, const json& observation) {
  for (const json& d : optimal["decisions"]) {
    if (d["decision"] != decision) continue;
    for (const json& r : d["rules"])
      if (r["observation"] == observation) return r;
  }
  ADD_FAILURE() << "no rule for " << decision << " given " << observation.dump();
  return json::object();
}

// A listed policy as a set of "D|observation=action" strings, to compare listings as sets.
std::set<std::string> listed_policies(const json& optimal) {
  std::set<std::string> out;
  for (const json& p : optimal["policies"]) out.insert(p.dump());
  return out;
}

// ---- A single decision ----------------------------------------------------------------------------

// X is x0 or x1 with probability 1/2. Given x0, a and b pay 2 and c pays 0; given x1 everything pays 1.
constexpr const char* kTies = R"json({
  "kind": "scim",
  "variables": {
    "X": { "type": "chance", "domain": ["x0", "x1"], "noise": { "n0": 0.5, "n1": 0.5 },
           "function": "noise == 'n0' ? 'x0' : 'x1'" },
    "D": { "type": "decision", "parents": ["X"], "domain": ["a", "b", "c"] },
    "U": { "type": "utility", "parents": ["X", "D"], "function": "X == 'x0' ? (D == 'c' ? 0 : 2) : 1" }
  },
  "policies": { "first": { "D": "'a'" }, "never": { "D": "'c'" } }
})json";

TEST(OptimalPolicies, SingleDecisionListsEveryTiedAction) {
  json r = analyze(kTies, "optimal_policies", {{"max_listed", 64}});
  EXPECT_EQ(r["search"], "backward_induction");
  EXPECT_NEAR(r["tolerance"].get<double>(), 1e-9, 1e-15);
  EXPECT_NEAR(r["expected_utility"].get<double>(), 0.5 * 2 + 0.5 * 1, kTol);
  ASSERT_EQ(r["decisions"].size(), 1u);
  EXPECT_EQ(r["decisions"][0]["parents"], json::array({"X"}));
  json x0 = rule(r, "D", {{"X", "x0"}});
  EXPECT_NEAR(x0["probability"].get<double>(), 0.5, kTol);
  EXPECT_NEAR(x0["expected_utilities"]["a"].get<double>(), 2.0, kTol);
  EXPECT_NEAR(x0["expected_utilities"]["b"].get<double>(), 2.0, kTol);
  EXPECT_NEAR(x0["expected_utilities"]["c"].get<double>(), 0.0, kTol);
  EXPECT_EQ(x0["optimal"], json::array({"a", "b"}));
  json x1 = rule(r, "D", {{"X", "x1"}});
  EXPECT_EQ(x1["optimal"], json::array({"a", "b", "c"}));
  // 2 optimal actions given x0 times 3 given x1, all listed, all different.
  EXPECT_EQ(r["optimal_policy_count"].get<double>(), 6.0);
  EXPECT_EQ(r["policies"].size(), 6u);
  EXPECT_EQ(listed_policies(r).size(), 6u);
  EXPECT_FALSE(r["truncated"].get<bool>());
  EXPECT_EQ(r["optimal_named_policies"], json::array({"first"}));
  ASSERT_EQ(r["named_policies"].size(), 2u);
  EXPECT_NEAR(r["named_policies"][1]["expected_utility"].get<double>(), 0.5 * 0 + 0.5 * 1, kTol);
  EXPECT_FALSE(r["named_policies"][1]["optimal"].get<bool>());

  json few = analyze(kTies, "optimal_policies", {{"max_listed", 4}});
  EXPECT_EQ(few["policies"].size(), 4u);
  EXPECT_TRUE(few["truncated"].get<bool>());
  EXPECT_EQ(few["optimal_policy_count"].get<double>(), 6.0);

  // By default one optimal policy is listed; the count is still every one of them.
  json one = analyze(kTies, "optimal_policies");
  EXPECT_EQ(one["policies"].size(), 1u);
  EXPECT_TRUE(one["truncated"].get<bool>());
  EXPECT_EQ(one["optimal_policy_count"].get<double>(), 6.0);
}

// D observes six coins and nothing it does matters: all 2 actions tie in each of the 64
// observations, so 2^64 policies are optimal. They are counted (the product over observations of
// the tied actions), not listed.
TEST(OptimalPolicies, CountsHeavyTiesWithoutListingThem) {
  json variables = json::object();
  json parents = json::array();
  for (int i = 1; i <= 6; ++i) {
    std::string name = "X" + std::to_string(i);
    variables[name] = {{"type", "chance"}, {"domain", {0, 1}}, {"cpd", {{"0", 0.5}, {"1", 0.5}}}};
    parents.push_back(name);
  }
  variables["D"] = {{"type", "decision"}, {"parents", parents}, {"domain", {"a", "b"}}};
  variables["U"] = {{"type", "utility"}, {"parents", {"X1"}}, {"function", "X1 == 1 ? 3 : 0"}};
  std::string model = json({{"kind", "scim"}, {"variables", variables}}).dump();
  for (const char* method : {"enumerate", "eliminate"}) {
    json r = analyze(model, "optimal_policies", {{"method", method}});
    EXPECT_EQ(r["optimal_policy_count"].get<double>(), std::pow(2.0, 64)) << method;
    EXPECT_EQ(r["policies"].size(), 1u);
    EXPECT_NEAR(r["expected_utility"].get<double>(), 1.5, kTol);
  }
}

// X is x0 with probability 1: the observation x1 never happens.
constexpr const char* kUnreachable = R"json({
  "kind": "scim",
  "variables": {
    "X": { "type": "chance", "domain": ["x0", "x1"], "cpd": { "x0": 1, "x1": 0 } },
    "D": { "type": "decision", "parents": ["X"], "domain": ["a", "b"] },
    "U": { "type": "utility", "parents": ["D", "X"], "function": "D == 'a' ? 1 : 0" }
  }
})json";

TEST(OptimalPolicies, UnreachableObservationHasEveryActionOptimalAndNoExpectedUtilities) {
  json r = analyze(kUnreachable, "optimal_policies", {{"max_listed", 64}});
  EXPECT_NEAR(r["expected_utility"].get<double>(), 1.0, kTol);
  json x0 = rule(r, "D", {{"X", "x0"}});
  EXPECT_NEAR(x0["probability"].get<double>(), 1.0, kTol);
  EXPECT_EQ(x0["optimal"], json::array({"a"}));
  json x1 = rule(r, "D", {{"X", "x1"}});
  EXPECT_EQ(x1["probability"].get<double>(), 0.0);
  EXPECT_EQ(x1["optimal"], json::array({"a", "b"}));
  EXPECT_TRUE(x1["expected_utilities"]["a"].is_null());
  EXPECT_TRUE(x1["expected_utilities"]["b"].is_null());
  EXPECT_EQ(r["optimal_policy_count"].get<double>(), 2.0);
  EXPECT_EQ(r["policies"].size(), 2u);
}

// ---- Two decisions ---------------------------------------------------------------------------------

// D0 sees X (x0 or x1, 1/2 each); D1 sees X and D0 (perfect recall). U pays 1 for D0 = a and 2 for
// D1 matching X (a for x0, b for x1).
constexpr const char* kRecall = R"json({
  "kind": "scim",
  "variables": {
    "X": { "type": "chance", "domain": ["x0", "x1"], "noise": { "n0": 0.5, "n1": 0.5 },
           "function": "noise == 'n0' ? 'x0' : 'x1'" },
    "D0": { "type": "decision", "parents": ["X"], "domain": ["a", "b"] },
    "D1": { "type": "decision", "parents": ["X", "D0"], "domain": ["a", "b"] },
    "U": { "type": "utility", "parents": ["X", "D0", "D1"],
           "function": "(D0 == 'a' ? 1 : 0) + (X == 'x0' ? (D1 == 'a' ? 2 : 0) : (D1 == 'b' ? 2 : 0))" }
  }
})json";

// The same, but D1 forgets X and sees only D0: D0 can signal X at the cost of its own payoff.
constexpr const char* kForgetful = R"json({
  "kind": "scim",
  "variables": {
    "X": { "type": "chance", "domain": ["x0", "x1"], "noise": { "n0": 0.5, "n1": 0.5 },
           "function": "noise == 'n0' ? 'x0' : 'x1'" },
    "D0": { "type": "decision", "parents": ["X"], "domain": ["a", "b"] },
    "D1": { "type": "decision", "parents": ["D0"], "domain": ["a", "b"] },
    "U": { "type": "utility", "parents": ["X", "D0", "D1"],
           "function": "(D0 == 'a' ? 1 : 0) + (X == 'x0' ? (D1 == 'a' ? 2 : 0) : (D1 == 'b' ? 2 : 0))" }
  }
})json";

TEST(OptimalPolicies, TwoDecisionsUnderPerfectRecallByBackwardInduction) {
  json r = analyze(kRecall, "optimal_policies");
  EXPECT_EQ(r["search"], "backward_induction");
  // D0 = a always (1), D1 matches X (2).
  EXPECT_NEAR(r["expected_utility"].get<double>(), 3.0, kTol);
  // D1 given (X, D0): 2 for matching X, plus 1 if D0 = a.
  json x0a = rule(r, "D1", {{"X", "x0"}, {"D0", "a"}});
  EXPECT_NEAR(x0a["expected_utilities"]["a"].get<double>(), 3.0, kTol);
  EXPECT_NEAR(x0a["expected_utilities"]["b"].get<double>(), 1.0, kTol);
  EXPECT_EQ(x0a["optimal"], json::array({"a"}));
  EXPECT_NEAR(x0a["probability"].get<double>(), 0.5, kTol);
  json x1a = rule(r, "D1", {{"X", "x1"}, {"D0", "a"}});
  EXPECT_EQ(x1a["optimal"], json::array({"b"}));
  // D0 = b is not optimal, so (x0, b) does not happen under the optimal policy (see
  // PerfectRecallCountsPoliciesOptimalAtEveryObservation for what D1's rule there should say).
  EXPECT_EQ(rule(r, "D1", {{"X", "x0"}, {"D0", "b"}})["probability"].get<double>(), 0.0);
  // D0 given X, with D1 optimal: a gives 1 + 2, b gives 0 + 2.
  json d0 = rule(r, "D0", {{"X", "x1"}});
  EXPECT_NEAR(d0["expected_utilities"]["a"].get<double>(), 3.0, kTol);
  EXPECT_NEAR(d0["expected_utilities"]["b"].get<double>(), 2.0, kTol);
  EXPECT_EQ(d0["optimal"], json::array({"a"}));
  ASSERT_GE(r["policies"].size(), 1u);
  EXPECT_EQ(r["policies"][0]["D1"].size(), 4u);
  EXPECT_EQ(r["policies"][0]["D0"], json::array({{{"observation", {{"X", "x0"}}}, {"action", "a"}},
                                                 {{"observation", {{"X", "x1"}}}, {"action", "a"}}}));
}

TEST(OptimalPolicies, TwoDecisionsWithoutPerfectRecallByEnumeration) {
  json r = analyze(kForgetful, "optimal_policies", {{"max_listed", 64}});
  EXPECT_EQ(r["search"], "enumeration");
  // D0 signals X (a for x0, b for x1) and D1 repeats it: 1/2 (1 + 2) + 1/2 (0 + 2) = 2.5; so does
  // the mirror image (D0 b for x0, D1 reading b as x0). Not signalling gives at most 1 + 1.
  EXPECT_NEAR(r["expected_utility"].get<double>(), 2.5, kTol);
  EXPECT_EQ(r["optimal_policy_count"].get<double>(), 2.0);
  ASSERT_EQ(r["policies"].size(), 2u);
  EXPECT_FALSE(r["truncated"].get<bool>());
  // Both optimal policies are listed, so each observation has both actions among the optimal ones.
  EXPECT_EQ(rule(r, "D0", {{"X", "x0"}})["optimal"], json::array({"a", "b"}));
  EXPECT_EQ(rule(r, "D1", {{"D0", "a"}})["optimal"], json::array({"a", "b"}));
  for (const json& p : r["policies"]) {
    // D1 reads D0's signal: D1(D0(x0)) = a and D1(D0(x1)) = b.
    std::map<std::string, std::string> d0, d1;
    for (const json& row : p["D0"]) d0[row["observation"]["X"]] = row["action"];
    for (const json& row : p["D1"]) d1[row["observation"]["D0"]] = row["action"];
    EXPECT_NE(d0["x0"], d0["x1"]);
    EXPECT_EQ(d1[d0["x0"]], "a");
    EXPECT_EQ(d1[d0["x1"]], "b");
  }
}

TEST(OptimalPolicies, PerfectRecallCountsPoliciesOptimalAtEveryObservation) {
  // docs/api.md: backward induction keeps the policies optimal at every observation some policy
  // can reach (sequentially rational ones). In kRecall D1 at (x0, b) is reached only if D0 plays the
  // suboptimal b; it still gets its conditionally best action there: a (2 against 0). So the count
  // is 1, although a brute force over all 64 policies finds 4 that maximise EU (D1's choices after
  // D0 = b never matter).
  json r = analyze(kRecall, "optimal_policies");
  EXPECT_EQ(r["optimal_policy_count"].get<double>(), 1.0);
  json x0b = rule(r, "D1", {{"X", "x0"}, {"D0", "b"}});
  EXPECT_EQ(x0b["probability"].get<double>(), 0.0);
  EXPECT_NEAR(x0b["expected_utilities"]["a"].get<double>(), 2.0, kTol);
  EXPECT_NEAR(x0b["expected_utilities"]["b"].get<double>(), 0.0, kTol);
  EXPECT_EQ(x0b["optimal"], json::array({"a"}));
}

TEST(OptimalPolicies, EnumerationBeyondTheBudgetIsRefused) {
  // D0 sees three binary variables (2^8 rules), D1 four others (2^16) and not D0: 2^24 policies.
  std::string model = R"json({
    "kind": "scim",
    "variables": {
      "A": { "type": "chance", "domain": ["0", "1"], "cpd": { "0": 0.5, "1": 0.5 } },
      "B": { "type": "chance", "domain": ["0", "1"], "cpd": { "0": 0.5, "1": 0.5 } },
      "C": { "type": "chance", "domain": ["0", "1"], "cpd": { "0": 0.5, "1": 0.5 } },
      "E": { "type": "chance", "domain": ["0", "1"], "cpd": { "0": 0.5, "1": 0.5 } },
      "F": { "type": "chance", "domain": ["0", "1"], "cpd": { "0": 0.5, "1": 0.5 } },
      "G": { "type": "chance", "domain": ["0", "1"], "cpd": { "0": 0.5, "1": 0.5 } },
      "H": { "type": "chance", "domain": ["0", "1"], "cpd": { "0": 0.5, "1": 0.5 } },
      "D0": { "type": "decision", "parents": ["A", "B", "C"], "domain": ["x", "y"] },
      "D1": { "type": "decision", "parents": [PARENTS], "domain": ["x", "y"] },
      "U": { "type": "utility", "parents": ["D0", "D1", "A", "H"],
             "function": "(D0 == 'x' && A == '1' ? 1 : 0) + (D1 == 'y' && H == '0' ? 1 : 0)" }
    }
  })json";
  std::string forgetful = model;
  forgetful.replace(forgetful.find("PARENTS"), 7, R"("E", "F", "G", "H")");
  EXPECT_EQ(analyze(forgetful, "describe")["deterministic_policy_count"].get<double>(), 16777216.0);
  json refused = request(forgetful, "optimal_policies", json::object());
  ASSERT_FALSE(refused["ok"].get<bool>());
  EXPECT_EQ(refused["diagnostics"][0]["id"], "analysis.budget_exceeded");

  // With perfect recall there are even more policies (D1 sees 2^8 observations), but backward
  // induction needs no enumeration. D0 = x pays 1/2; D1 = y given H = 0 pays 1/2.
  std::string recall = model;
  recall.replace(recall.find("PARENTS"), 7, R"("A", "B", "C", "D0", "E", "H")");
  json r = analyze(recall, "optimal_policies", {{"max_listed", 1}});
  EXPECT_EQ(r["search"], "backward_induction");
  EXPECT_NEAR(r["expected_utility"].get<double>(), 1.0, kTol);
}

TEST(OptimalPolicies, PoliciesAnalysisListsEveryPolicyBestFirst) {
  // kForgetful has 2^2 x 2^2 = 16 deterministic policies: the two signalling ones are worth 2.5,
  // the two anti-signalling ones 1/2 (D1 always wrong, D0 = a half the time).
  json r = analyze(kForgetful, "policies");
  EXPECT_EQ(r["count"], 16);
  EXPECT_FALSE(r["truncated"].get<bool>());
  ASSERT_EQ(r["policies"].size(), 16u);
  EXPECT_NEAR(r["policies"][0]["expected_utility"].get<double>(), 2.5, kTol);
  EXPECT_NEAR(r["policies"][1]["expected_utility"].get<double>(), 2.5, kTol);
  EXPECT_LT(r["policies"][2]["expected_utility"].get<double>(), 2.5 - 1e-6);
  EXPECT_NEAR(r["policies"][15]["expected_utility"].get<double>(), 0.5, kTol);
  for (std::size_t i = 1; i < 16; ++i)
    EXPECT_LE(r["policies"][i]["expected_utility"].get<double>(),
              r["policies"][i - 1]["expected_utility"].get<double>() + kTol);
  // The best two are the optimal policies of the optimal_policies analysis.
  json optimal = analyze(kForgetful, "optimal_policies", {{"max_listed", 64}});
  std::set<std::string> best = {r["policies"][0]["rules"].dump(), r["policies"][1]["rules"].dump()};
  EXPECT_EQ(best, listed_policies(optimal));

  json top = analyze(kForgetful, "policies", {{"limit", 3}});
  EXPECT_EQ(top["count"], 16);
  EXPECT_TRUE(top["truncated"].get<bool>());
  EXPECT_EQ(top["policies"].size(), 3u);
}

// ---- Random models against the brute force --------------------------------------------------------

constexpr int kRandomModels = 300;

RandomScimOptions optimum_options(std::uint32_t seed) {
  RandomScimOptions options;
  options.max_settings = 256;
  options.max_policies = 256;
  // A third of the models: two decisions under perfect recall.
  options.perfect_recall = seed % 3 == 0;
  if (options.perfect_recall) options.min_decisions = 2;
  return options;
}

// Reads a policy as the engine lists it: { "D": [ { "observation": {...}, "action": ... } ] }.
RefPolicy parse_policy(const RefScim& scim, const json& listed) {
  std::map<int, std::map<std::vector<int>, int>> actions;
  for (const auto& [name, rows] : listed.items()) {
    int d = scim.index_of(name);
    const auto& var = scim.variables[d];
    for (const json& row : rows) {
      std::vector<int> observation;
      for (int p : var.parents) {
        const auto& domain = scim.variables[p].domain;
        observation.push_back(
            static_cast<int>(std::find(domain.begin(), domain.end(),
                                       row["observation"][scim.variables[p].name].get<std::string>()) -
                             domain.begin()));
      }
      actions[d][observation] =
          static_cast<int>(std::find(var.domain.begin(), var.domain.end(), row["action"].get<std::string>()) -
                           var.domain.begin());
    }
  }
  return motive::test::deterministic_policy(scim, actions, "listed");
}

// The observation of a rule row as parent outcome indices.
std::vector<int> parse_observation(const RefScim& scim, int d, const json& observation) {
  std::vector<int> out;
  for (int p : scim.variables[d].parents) {
    const auto& domain = scim.variables[p].domain;
    out.push_back(static_cast<int>(
        std::find(domain.begin(), domain.end(), observation[scim.variables[p].name].get<std::string>()) -
        domain.begin()));
  }
  return out;
}

std::string key_of(const RefPolicy& p) {
  std::string out;
  for (const auto& [d, rule] : p.rules)
    for (const auto& [observation, distribution] : rule.distribution) {
      out += std::to_string(d) + ":";
      for (int o : observation) out += std::to_string(o) + ",";
      out +=
          "=" +
          std::to_string(std::max_element(distribution.begin(), distribution.end()) - distribution.begin()) +
          ";";
    }
  return out;
}

// A hard intervention on some random models: a chance variable or a decision fixed.
RefInterventions random_hard(const RefScim& scim, std::uint32_t seed, json* params) {
  RefInterventions iv;
  if (seed % 4 != 1) return iv;
  std::vector<int> candidates;
  for (std::size_t v = 0; v < scim.variables.size(); ++v)
    if (scim.variables[v].type != RefType::kUtility) candidates.push_back(static_cast<int>(v));
  int v = candidates[(seed / 4) % candidates.size()];
  int outcome = static_cast<int>((seed / 16) % scim.variables[v].domain.size());
  iv.hard[v] = outcome;
  (*params)["interventions"] =
      json::array({{{"variable", scim.variables[v].name}, {"value", scim.variables[v].domain[outcome]}}});
  return iv;
}

// The failures the current test has recorded so far.
int failure_count() {
  return ::testing::UnitTest::GetInstance()->current_test_info()->result()->total_part_count();
}

// How many random models exercised each part of the comparison.
struct Coverage {
  int backward = 0;
  int enumerated = 0;
  int updated = 0;         // single policy updates
  int recall_checked = 0;  // (decision, observation) pairs compared under perfect recall
};

// optimal_policies on one random model against the brute force.
void check_optimum(const RandomScim& model, Coverage* coverage) {
  const RefScim& scim = model.reference;
  std::uint32_t seed = model.seed;
  {
    json params = {{"max_listed", 10000}};
    RefInterventions iv = random_hard(scim, seed, &params);
    RefOptimum expected = motive::test::reference_optimum(scim, iv);
    json r = analyze(model.text, "optimal_policies", params);
    ASSERT_TRUE(r.contains("expected_utility"));
    EXPECT_NEAR(r["expected_utility"].get<double>(), expected.expected_utility, kTol) << params.dump();

    std::vector<int> free;
    for (int d : scim.decisions)
      if (!iv.fixes(d)) free.push_back(d);
    bool by_induction = free.size() <= 1 || scim.perfect_recall();
    // Without perfect recall: single policy updates where the relevance graph allows them and the
    // optimal policies can be counted per observation, otherwise the enumeration, saying why.
    // Single policy updates count, like backward induction, the policies optimal at every observation
    // some policy can reach (the product of the optimal actions per observation).
    const bool per_observation = by_induction || r["search"] == "single_policy_update";
    if (by_induction) {
      EXPECT_EQ(r["search"], "backward_induction");
      ++coverage->backward;
    } else if (r["search"] == "single_policy_update") {
      ++coverage->updated;
    } else {
      EXPECT_EQ(r["search"], "enumeration");
      EXPECT_TRUE(r.contains("search_note")) << "the enumeration says why";
      ++coverage->enumerated;
    }

    // Every listed policy attains the optimum, and they are all different.
    ASSERT_FALSE(r["truncated"].get<bool>());
    std::set<std::string> listed;
    int suboptimal = 0;
    for (const json& p : r["policies"]) {
      RefPolicy policy = parse_policy(scim, p);
      double value = motive::test::reference_expected_utility(scim, policy, iv);
      if (!motive::test::utilities_tie(value, expected.expected_utility) && suboptimal++ == 0)
        ADD_FAILURE() << "listed as optimal, worth " << value << " < " << expected.expected_utility << ": "
                      << p.dump();
      listed.insert(key_of(policy));
    }
    EXPECT_EQ(suboptimal, 0) << "of " << r["policies"].size() << " listed policies";
    EXPECT_EQ(listed.size(), r["policies"].size());
    EXPECT_EQ(r["optimal_policy_count"].get<double>(), static_cast<double>(r["policies"].size()));

    // The listed rules: one per decision the interventions leave free, with every observation.
    ASSERT_EQ(r["decisions"].size(), free.size());
    std::map<int, const json*> rules;  // by decision
    for (const json& d : r["decisions"]) rules[scim.index_of(d["decision"].get<std::string>())] = &d["rules"];
    std::map<int, std::map<std::vector<int>, std::set<std::string>>> engine_optimal;
    double product = 1;
    for (int d : free) {
      ASSERT_EQ(rules.count(d), 1u) << "no rules for " << scim.variables[d].name;
      EXPECT_EQ(rules[d]->size(), motive::test::observations(scim, d).size());
      for (const json& row : *rules[d]) {
        std::vector<int> observation = parse_observation(scim, d, row["observation"]);
        for (const json& a : row["optimal"]) engine_optimal[d][observation].insert(a.get<std::string>());
        product *= static_cast<double>(row["optimal"].size());
      }
    }
    // Backward induction and single policy updates count the combinations of optimal actions.
    if (per_observation) {
      EXPECT_EQ(r["optimal_policy_count"].get<double>(), product);
    }

    // Observation probabilities are those under the first listed policy.
    if (!r["policies"].empty()) {
      RefPolicy first = parse_policy(scim, r["policies"][0]);
      for (int d : free) {
        auto reach = motive::test::observation_probabilities(scim, first, iv, d);
        for (const json& row : *rules[d])
          EXPECT_NEAR(row["probability"].get<double>(), reach[parse_observation(scim, d, row["observation"])],
                      kTol);
      }
    }

    // Against the brute force's optimal policies.
    std::set<std::string> optimal;
    for (const RefPolicy& p : expected.optimal) optimal.insert(key_of(p));
    if (!per_observation || free.size() == 1) {
      // Every optimal deterministic policy, no more, no less.
      EXPECT_EQ(listed, optimal);
      EXPECT_EQ(r["optimal_policy_count"].get<double>(), static_cast<double>(expected.optimal.size()));
    } else {
      // Perfect recall, or single policy updates: at every observation some optimal policy reaches,
      // the optimal actions are the actions of the optimal policies that reach it.
      EXPECT_LE(r["optimal_policy_count"].get<double>(), static_cast<double>(expected.optimal.size()));
      std::map<int, std::map<std::vector<int>, std::set<std::string>>> brute;
      for (const RefPolicy& p : expected.optimal)
        for (int d : free) {
          auto reach = motive::test::observation_probabilities(scim, p, iv, d);
          for (const auto& [observation, probability] : reach) {
            if (probability <= 0) continue;
            const auto& dist = p.rules.at(d).distribution.at(observation);
            brute[d][observation].insert(
                scim.variables[d].domain[std::max_element(dist.begin(), dist.end()) - dist.begin()]);
          }
        }
      for (const auto& [d, rows] : brute)
        for (const auto& [observation, actions] : rows) {
          EXPECT_EQ(engine_optimal[d][observation], actions) << scim.variables[d].name;
          ++coverage->recall_checked;
        }
    }

    // Named policies are judged against the same optimum.
    ASSERT_EQ(r["named_policies"].size(), scim.policies.size());
    for (std::size_t i = 0; i < scim.policies.size(); ++i) {
      const json& named = r["named_policies"][i];
      const RefPolicy& p = scim.policies[i];
      ASSERT_EQ(named["name"], p.name);
      double value = motive::test::reference_expected_utility(scim, p, iv);
      EXPECT_NEAR(named["expected_utility"].get<double>(), value, kTol);
      EXPECT_EQ(named["optimal"].get<bool>(), motive::test::utilities_tie(value, expected.expected_utility) ||
                                                  value > expected.expected_utility);
    }
  }
}

TEST(RandomOptimum, OptimalPoliciesEqualBruteForce) {
  Coverage coverage;
  int failing = 0;
  for (std::uint32_t seed = 1; seed <= kRandomModels; ++seed) {
    RandomScim model = make_random_scim(seed, optimum_options(seed));
    SCOPED_TRACE("seed " + std::to_string(seed));
    int failures_before = failure_count();
    check_optimum(model, &coverage);
    if (failure_count() == failures_before) continue;
    if (failing == 0) ADD_FAILURE() << "the first failing model, seed " << seed << ":\n" << model.text;
    if (++failing == 5) {
      ADD_FAILURE() << "stopped after 5 failing models";
      return;
    }
  }
  // The random models exercise both methods and the perfect-recall comparison.
  RecordProperty("backward_induction", coverage.backward);
  RecordProperty("enumeration", coverage.enumerated);
  RecordProperty("single_policy_update", coverage.updated);
  RecordProperty("recall_observations", coverage.recall_checked);
  EXPECT_GT(coverage.backward, 50);
  EXPECT_GT(coverage.enumerated, 10);
  EXPECT_GT(coverage.updated, 10);
  EXPECT_GT(coverage.recall_checked, 200);
}

TEST(RandomOptimum, PoliciesAnalysisEqualsBruteForce) {
  for (std::uint32_t seed = 5001; seed < 5001 + 100; ++seed) {
    RandomScim model = make_random_scim(seed, optimum_options(seed));
    const RefScim& scim = model.reference;
    SCOPED_TRACE("seed " + std::to_string(seed));
    RefOptimum expected = motive::test::reference_optimum(scim);
    json r = analyze(model.text, "policies", {{"limit", 10000}});
    ASSERT_EQ(r["count"].get<std::size_t>(), expected.all_utilities.size());
    ASSERT_EQ(r["policies"].size(), expected.all_utilities.size());
    std::vector<double> engine;
    for (const json& p : r["policies"]) {
      double value = p["expected_utility"].get<double>();
      EXPECT_NEAR(value, motive::test::reference_expected_utility(scim, parse_policy(scim, p["rules"])),
                  kTol);
      if (!engine.empty()) {
        EXPECT_LE(value, engine.back() + kTol) << "best first";
      }
      engine.push_back(value);
    }
    std::vector<double> brute = expected.all_utilities;
    std::sort(brute.rbegin(), brute.rend());
    for (std::size_t i = 0; i < brute.size(); ++i) EXPECT_NEAR(engine[i], brute[i], kTol);
  }
}

}  // namespace
