// Variable elimination (scim/inference.h) against enumeration of settings and against the brute-force
// reference of random_scim.h: the same expected utilities, conditional expected utilities, optimal
// actions, observation probabilities and counts, to 1e-12 relative (scaled by max(1, |x|)), on every
// SCIM of the gallery (examples/) under each of its named interventions, and on 1,000 random models
// with and without inline hard interventions. Then models far past the enumeration's 2^24 settings,
// which elimination answers and the settings-based analyses refuse with a hint naming those that can.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "api_support.h"
#include "random_scim.h"
#include "scim/factor.h"
#include "scim/inference.h"

namespace {

using motive::test::analyze;
using motive::test::request;
using nlohmann::json;

constexpr double kAgree = 1e-12;

bool agree(double a, double b) { return motive::test::agree(a, b, kAgree); }

// Every number in two results agrees, and everything else is equal, except the "method" fields.
void expect_same(const json& a, const json& b, const std::string& where) {
  motive::test::expect_same_reply(a, b, where, [](const std::string&) { return kAgree; });
}

// The expectation semiring by hand: A is a0 or a1 (0.3, 0.7); B given A is b1 with probability 0.1
// (given a0) or 0.8 (given a1); a utility pays 10 for b1. EU = 0.3·0.1·10 + 0.7·0.8·10 = 5.9.
TEST(Factor, MultipliesAndSumsInTheExpectationSemiring) {
  const std::vector<int> sizes = {2, 2};
  motive::scim::Factor a;
  a.variables = {0};
  a.sizes = {2};
  a.p = {0.3, 0.7};
  a.child = 0;
  motive::scim::Factor b;
  b.variables = {0, 1};
  b.sizes = {2, 2};
  b.p = {0.9, 0.1, 0.2, 0.8};  // [a][b], b fastest
  b.e = {0, 1.0, 0, 8.0};      // p · 10 where b = b1
  b.child = 1;
  motive::scim::Factor joint = motive::scim::multiply_and_sum({&a, &b}, 0, sizes);  // Σ_A: a factor over B
  ASSERT_EQ(joint.variables, std::vector<int>({1}));
  EXPECT_NEAR(joint.p[0], 0.3 * 0.9 + 0.7 * 0.2, 1e-15);
  EXPECT_NEAR(joint.p[1], 0.3 * 0.1 + 0.7 * 0.8, 1e-15);
  EXPECT_NEAR(joint.e[1], 5.9, 1e-14);
  motive::scim::Factor all = motive::scim::eliminate({a, b}, {}, sizes);
  EXPECT_NEAR(all.p[0], 1.0, 1e-15);
  EXPECT_NEAR(all.e[0], 5.9, 1e-14);
  // Keeping B, in the order (B, A): the rows of b transposed, times P(A).
  motive::scim::Factor kept = motive::scim::eliminate({a, b}, {1, 0}, sizes);
  std::vector<double> by_b = motive::scim::arrange(kept, {1, 0}, false);
  EXPECT_NEAR(by_b[0], 0.3 * 0.9, 1e-15);  // b0, a0
  EXPECT_NEAR(by_b[1], 0.7 * 0.2, 1e-15);  // b0, a1
  EXPECT_NEAR(by_b[3], 0.7 * 0.8, 1e-15);  // b1, a1
  // Keeping A: Σ_B gives P(A) and each value's share of the expected utility.
  motive::scim::Factor only_a = motive::scim::eliminate({a, b}, {0}, sizes);
  EXPECT_NEAR(only_a.p[0], 0.3, 1e-15);
  EXPECT_NEAR(only_a.e[1], 0.7 * 0.8 * 10, 1e-14);
  // Without the utility B is barren: its factor is dropped, not summed (P(A) is what is left).
  b.e.clear();
  EXPECT_EQ(motive::scim::plan_elimination({a, b}, {0}, sizes).order.size(), 0u);
}

// Both analyses by both methods, compared; returns how many both methods answered.
int compare_methods(const std::string& text, json params, const std::string& model_name,
                    const std::string& where) {
  int answered = 0;
  for (const char* analysis : {"expected_utility", "optimal_policies"}) {
    params["method"] = "enumerate";
    json enumerated = request(text, analysis, params, model_name);
    params["method"] = "eliminate";
    json eliminated = request(text, analysis, params, model_name);
    EXPECT_EQ(enumerated.value("ok", false), eliminated.value("ok", false))
        << where << " " << analysis << "\n"
        << enumerated.dump() << "\n"
        << eliminated.dump();
    if (!enumerated.value("ok", false)) {
      // The same refusal (a missing policy, a budget): not a matter of method.
      EXPECT_EQ(enumerated["diagnostics"][0]["id"], eliminated["diagnostics"][0]["id"]) << where;
      continue;
    }
    if (!eliminated.value("ok", false)) continue;
    EXPECT_EQ(enumerated["result"]["method"], "enumerate");
    EXPECT_EQ(eliminated["result"]["method"], "eliminate");
    expect_same(enumerated["result"], eliminated["result"], where + " " + analysis);
    ++answered;
  }
  return answered;
}

TEST(Inference, AgreesWithEnumerationOnEveryExample) {
  int compared = 0;
  for (const char* folder : {"examples/intention", "examples/meg"}) {
    for (const auto& entry :
         std::filesystem::directory_iterator(std::string(MOTIVE_SOURCE_DIR) + "/" + folder)) {
      std::string path = std::string(folder) + "/" + entry.path().filename().string();
      std::string text = motive::test::read_source_file(path);
      json described = request(text, "describe");
      if (!described.value("ok", false) || !described["result"].contains("perfect_recall"))
        continue;  // a SCIM
      for (const json& model : described["result"]["models"]) {
        std::string name = model.get<std::string>();
        json d = analyze(text, "describe", json::object(), name);
        std::vector<json> variants = {json::object()};
        for (const json& intervention : d["interventions"])
          variants.push_back({{"interventions", json::array({intervention})}});
        for (const json& params : variants) {
          compared += compare_methods(text, params, name, path + " [" + name + "] " + params.dump());
        }
      }
    }
  }
  EXPECT_GE(compared, 40) << "both analyses of every SCIM of the gallery, under each named intervention";
}

// 1,000 random models, with and without perfect recall and inline hard interventions: both methods
// agree with each other, and elimination with the brute-force reference.
TEST(Inference, AgreesOnAThousandRandomModels) {
  int with_interventions = 0, several_decisions = 0, answered = 0;
  for (std::uint32_t seed = 0; seed < 1000; ++seed) {
    motive::test::RandomScimOptions options;
    options.perfect_recall = seed % 3 == 0;
    options.decisions_first = seed % 5 == 0;
    options.max_chance = 4 + static_cast<int>(seed % 4);
    options.max_decisions = 1 + static_cast<int>(seed % 3);
    options.max_policies = 1 << 10;  // policies are enumerated, by both methods, without perfect recall
    motive::test::RandomScim model = motive::test::make_random_scim(seed, options);
    const motive::test::RefScim& scim = model.reference;
    json params = json::object();
    motive::test::RefInterventions iv;
    if (seed % 4 == 1) {
      int v = static_cast<int>(seed / 4 % scim.variables.size());
      if (scim.variables[v].type != motive::test::RefType::kUtility) {
        int outcome = static_cast<int>(seed / 16 % scim.variables[v].domain.size());
        iv.hard[v] = outcome;
        params["interventions"] = json::array(
            {{{"variable", scim.variables[v].name}, {"value", scim.variables[v].domain[outcome]}}});
        ++with_interventions;
      }
    }
    if (scim.decisions.size() > 1) ++several_decisions;
    answered += compare_methods(model.text, params, "", "seed " + std::to_string(seed));
    // Elimination against the reference, policy by policy.
    json p = params;
    p["method"] = "eliminate";
    json r = analyze(model.text, "expected_utility", p);
    ASSERT_EQ(r["policies"].size(), scim.policies.size()) << seed;
    for (std::size_t i = 0; i < scim.policies.size(); ++i) {
      double expected = motive::test::reference_expected_utility(scim, scim.policies[i], iv);
      EXPECT_TRUE(agree(r["policies"][i]["expected_utility"].get<double>(), expected))
          << "seed " << seed << " policy " << scim.policies[i].name << ": "
          << r["policies"][i]["expected_utility"] << " vs " << expected;
    }
    if (::testing::Test::HasFailure()) return;
  }
  EXPECT_GT(answered, 1900) << "both analyses answered on nearly every model";
  EXPECT_GT(with_interventions, 150);
  EXPECT_GT(several_decisions, 300);
}

// A chain of n binary chance variables, each copying its parent or flipping it (probability 0.2 of a
// flip, X1 a fair coin), a decision observing the last one and guessing X1, U = [D == X1]. Worked out:
// X_n equals X1 with probability q_n = (1 + 0.6^(n-1)) / 2, so guessing "copy" is worth q_n.
std::string chain(int n) {
  json variables = motive::test::guessing_chain_variables(n);
  std::string last = "X" + std::to_string(n);
  json model = {{"kind", "scim"}, {"variables", variables}, {"policies", {{"copy", {{"D", last}}}}}};
  return model.dump();
}

TEST(Inference, AnswersModelsFarPastTheEnumerationBound) {
  const int n = 40;  // 2^39 settings
  std::string text = chain(n);
  double expected = (1 + std::pow(0.6, n - 1)) / 2;
  json eu = analyze(text, "expected_utility");
  EXPECT_EQ(eu["method"], "eliminate");
  EXPECT_NEAR(eu["policies"][0]["expected_utility"].get<double>(), expected, 1e-12);
  json optimal = analyze(text, "optimal_policies");
  EXPECT_EQ(optimal["method"], "eliminate");
  EXPECT_NEAR(optimal["expected_utility"].get<double>(), expected, 1e-12);
  // Given X40 = 1, X1 = 1 with probability q_40: D = 1 is worth q_40, D = 0 worth 1 - q_40.
  json given_one = optimal["decisions"][0]["rules"][1];
  EXPECT_NEAR(given_one["expected_utilities"]["1"].get<double>(), expected, 1e-12);
  EXPECT_NEAR(given_one["expected_utilities"]["0"].get<double>(), 1 - expected, 1e-12);
  EXPECT_EQ(given_one["optimal"], json::array({1}));
  EXPECT_EQ(optimal["named_policies"][0]["optimal"], true);
  EXPECT_EQ(analyze(text, "describe")["settings"].get<double>(), std::pow(2.0, n))
      << "X1's cpd has two pieces";

  // The settings-based analyses refuse, naming those that can answer.
  for (const char* analysis : {"settings", "intention", "policies"}) {
    json r = request(text, analysis,
                     std::string(analysis) == "policies" ? json::object() : json{{"policy", "copy"}});
    ASSERT_FALSE(r.value("ok", true)) << analysis;
    EXPECT_EQ(r["diagnostics"][0]["id"], "model.too_large");
    EXPECT_NE(r["diagnostics"][0]["hint"].get<std::string>().find("expected_utility and optimal_policies"),
              std::string::npos);
  }
  json contextual = {{"interventions", json::array({{{"variable", "X2"}, {"value", 1}, {"settings", {0}}}})}};
  EXPECT_EQ(request(text, "expected_utility", contextual)["diagnostics"][0]["id"], "model.too_large");
  json forced = request(text, "expected_utility", {{"method", "enumerate"}});
  ASSERT_FALSE(forced.value("ok", true));
  EXPECT_EQ(forced["diagnostics"][0]["id"], "model.too_large");
}

TEST(Inference, EliminationReportsProgressAndCanBeCancelled) {
  std::string text = chain(30);
  std::vector<double> seen;
  json done = motive::handle_request({{"model", text}, {"analysis", "optimal_policies"}}, [&](double f) {
    seen.push_back(f);
    return true;
  });
  ASSERT_TRUE(done.value("ok", false)) << done.dump();
  ASSERT_GT(seen.size(), 10u) << "one report per variable summed out";
  EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));
  int calls = 0;
  json cancelled = motive::handle_request({{"model", text}, {"analysis", "optimal_policies"}}, [&](double) {
    ++calls;
    return false;
  });
  ASSERT_FALSE(cancelled.value("ok", true));
  EXPECT_EQ(cancelled["diagnostics"][0]["id"], "analysis.cancelled");
  EXPECT_EQ(calls, 1);
}

TEST(Inference, ChoosesEnumerationForSmallModelsAndRefusesEliminationUnderContextualInterventions) {
  std::string text = chain(3);
  EXPECT_EQ(analyze(text, "expected_utility")["method"], "enumerate");
  json contextual = {
      {"interventions", json::array({{{"variable", "X2"}, {"value", 1}, {"settings", {0, 1}}}})},
      {"method", "eliminate"}};
  json r = request(text, "expected_utility", contextual);
  ASSERT_FALSE(r.value("ok", true));
  EXPECT_EQ(r["diagnostics"][0]["id"], "request.bad_parameter");
  contextual.erase("method");
  EXPECT_EQ(analyze(text, "expected_utility", contextual)["method"], "enumerate");
  json bad = request(text, "expected_utility", {{"method", "eliminat"}});
  ASSERT_FALSE(bad.value("ok", true));
  EXPECT_EQ(bad["diagnostics"][0]["id"], "request.bad_parameter");
  EXPECT_EQ(bad["diagnostics"][0]["hint"], "did you mean \"eliminate\"?");
}

}  // namespace
