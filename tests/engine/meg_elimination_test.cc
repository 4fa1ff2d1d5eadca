// MEG of CIDs by variable elimination (meg/cid.h): the decision process read off by one elimination per
// decision agrees with the one read off by walking every setting, to 1e-12 relative on its distributions and
// to 1e-9 on every number of the `meg` and `meg_likelihood` replies, on every CID of the gallery (each named
// policy, under each named intervention, known utility and towards targets) and on random models with
// perfect recall. Then a CID of 30 chance nodes, past the walk's 2^24 settings, whose MEG is known in closed
// form: elimination answers it, the walk refuses it.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "api_support.h"
#include "meg/cid.h"
#include "random_scim.h"
#include "scim/reader.h"

namespace motive::test {
namespace {

using nlohmann::json;
using scim::InferenceMethod;

constexpr double kProcessAgree = 1e-12;
constexpr double kReplyAgree = 1e-9;

using motive::test::agree;

// The utility an unknown-utility search infers is its L-BFGS iterate, which the search pins down only to
// its tolerance where L is flat: the two methods' iterates agree to 1e-6 (MEG itself to 1e-9).
constexpr double kInferredAgree = 1e-6;

// Every number of two replies agrees to 1e-9 relative and everything else is equal, but "method".
void expect_same(const json& a, const json& b, const std::string& where) {
  motive::test::expect_same_reply(a, b, where, [](const std::string& path) {
    return path.find("inferred_utility") != std::string::npos ? kInferredAgree : kReplyAgree;
  });
}

// One analysis by both methods; returns whether both answered (they must answer or refuse alike).
bool compare_methods(const std::string& text, const std::string& analysis, json params,
                     const std::string& model_name, const std::string& where) {
  params["method"] = "enumerate";
  json walked = request(text, analysis, params, model_name);
  params["method"] = "eliminate";
  json eliminated = request(text, analysis, params, model_name);
  EXPECT_EQ(walked.value("ok", false), eliminated.value("ok", false)) << where << "\n"
                                                                      << walked.dump() << "\n"
                                                                      << eliminated.dump();
  if (!walked.value("ok", false) || !eliminated.value("ok", false)) {
    if (!walked.value("ok", false) && !eliminated.value("ok", false)) {
      EXPECT_EQ(walked["diagnostics"][0]["id"], eliminated["diagnostics"][0]["id"]) << where;
    }
    return false;
  }
  EXPECT_EQ(walked["result"]["method"], "enumerate") << where;
  EXPECT_EQ(eliminated["result"]["method"], "eliminate") << where;
  expect_same(walked["result"], eliminated["result"], where);
  return true;
}

// The two processes of a model: the same stages, and distributions that agree to 1e-12.
void expect_same_process(const meg::CidProcess& a, const meg::CidProcess& b, const std::string& where) {
  auto same = [&](const std::vector<double>& x, const std::vector<double>& y, const std::string& what) {
    ASSERT_EQ(x.size(), y.size()) << where << " " << what;
    for (std::size_t i = 0; i < x.size(); ++i)
      EXPECT_TRUE(agree(x[i], y[i], kProcessAgree))
          << where << " " << what << "[" << i << "]: " << x[i] << " vs " << y[i];
  };
  auto same_rows = [&](const meg::SparseRows& x, const meg::SparseRows& y, const std::string& what) {
    ASSERT_EQ(x.size(), y.size()) << where << " " << what;
    for (std::size_t i = 0; i < x.size(); ++i) {
      ASSERT_EQ(x[i].size(), y[i].size()) << where << " " << what << " row " << i;
      for (std::size_t j = 0; j < x[i].size(); ++j) {
        EXPECT_EQ(x[i][j].first, y[i][j].first) << where << " " << what;
        EXPECT_TRUE(agree(x[i][j].second, y[i][j].second, kProcessAgree)) << where << " " << what;
      }
    }
  };
  ASSERT_EQ(a.stages.size(), b.stages.size()) << where;
  for (std::size_t k = 0; k < a.stages.size(); ++k) {
    EXPECT_EQ(a.stages[k].decision, b.stages[k].decision) << where;
    same_rows(a.stages[k].next, b.stages[k].next, "next of stage " + std::to_string(k));
  }
  same(a.initial, b.initial, "initial");
  same(a.utility, b.utility, "utility");
  same_rows(a.target_distribution, b.target_distribution, "target distribution");
  EXPECT_EQ(a.target_outcomes, b.target_outcomes) << where;
}

// The variables an unknown utility may depend on, for the tests: the non-decision parents of the utilities.
json targets_of(const json& described) {
  json targets = json::array();
  for (const json& v : described["variables"]) {
    if (v["type"] != "utility") continue;
    for (const json& p : v["parents"]) {
      bool decision = false;
      for (const json& w : described["variables"])
        if (w["name"] == p && w["type"] == "decision") decision = true;
      if (!decision && std::find(targets.begin(), targets.end(), p) == targets.end() && targets.size() < 2)
        targets.push_back(p);
    }
  }
  return targets;
}

TEST(MegElimination, AgreesWithTheWalkOnEveryCidOfTheGallery) {
  int compared = 0, with_targets = 0;
  for (const char* folder : {"examples/intention", "examples/meg"}) {
    for (const auto& entry :
         std::filesystem::directory_iterator(std::string(MOTIVE_SOURCE_DIR) + "/" + folder)) {
      std::string path = std::string(folder) + "/" + entry.path().filename().string();
      std::string text = read_source_file(path);
      json described = request(text, "describe");
      if (!described.value("ok", false) || !described["result"].contains("perfect_recall"))
        continue;  // a SCIM
      for (const json& model : described["result"]["models"]) {
        std::string name = model.get<std::string>();
        json d = analyze(text, "describe", json::object(), name);
        std::vector<json> variants = {json::object()};
        for (const json& intervention : d["interventions"])
          variants.push_back({{"interventions", json::array({intervention})}});
        json targets = targets_of(d);
        for (const json& policy : d["policies"]) {
          for (json params : variants) {
            params["policy"] = policy.is_object() ? policy["name"] : policy;
            std::string where = path + " [" + name + "] " + params.dump();
            compared += compare_methods(text, "meg", params, name, where + " meg");
            compared += compare_methods(text, "meg_likelihood", params, name, where + " meg_likelihood");
            if (targets.empty()) continue;
            params["utility"] = "unknown";
            params["targets"] = targets;
            with_targets += compare_methods(text, "meg", params, name, where + " unknown utility");
          }
        }
      }
    }
  }
  EXPECT_GE(compared, 40) << "meg and meg_likelihood of the gallery's CIDs, by both methods";
  EXPECT_GE(with_targets, 10);
}

TEST(MegElimination, AgreesWithTheWalkOnRandomModels) {
  int compared = 0, several = 0;
  for (std::uint32_t seed = 0; seed < 300; ++seed) {
    RandomScimOptions options;
    options.perfect_recall = true;
    options.max_decisions = 1 + static_cast<int>(seed % 3);
    options.max_chance = 3 + static_cast<int>(seed % 5);
    options.max_settings = 1024;
    options.decisions_first = seed % 4 == 0;
    RandomScim model = make_random_scim(seed, options);
    const RefScim& ref = model.reference;
    if (ref.decisions.size() > 1) ++several;
    // The processes themselves, towards a target and without.
    Diagnostics diagnostics;
    std::optional<scim::ScimFile> file = scim::read_scim_file(model.text, &diagnostics);
    ASSERT_TRUE(file.has_value()) << seed;
    const scim::Scim& s = file->models.front();
    scim::Evaluator base(s);
    std::vector<int> targets;
    for (std::size_t v = 0; v < s.variables.size(); ++v)
      if (s.variables[v].type == scim::VariableType::kChance && targets.size() < 2)
        targets.push_back(static_cast<int>(v));
    expect_same_process(meg::cid_process(s, base, targets, {}, InferenceMethod::kEnumerate),
                        meg::cid_process(s, base, targets, {}, InferenceMethod::kEliminate),
                        "seed " + std::to_string(seed));
    // The replies, for every policy.
    for (const RefPolicy& policy : ref.policies) {
      std::string where = "seed " + std::to_string(seed) + " policy " + policy.name;
      compared += compare_methods(model.text, "meg", {{"policy", policy.name}}, "", where);
    }
    if (::testing::Test::HasFailure()) return;
  }
  EXPECT_GT(compared, 800);
  EXPECT_GE(several, 80);
}

// A chain of n binary chance variables, X1 a fair coin and each next one copying its parent with
// probability 0.8, a decision D observing the last and guessing X1, U = [D == X1]. The agent copies what it
// sees with probability 0.9. Each observation's conditional expected utilities are q (copy) and 1 − q
// (the other) with q ≠ 1/2, so π_β copies with probability σ(β(2q − 1)), and E_{π_β}[U] = E_π[U] holds where
// that is 0.9: MEG = log 2 + 0.9 log 0.9 + 0.1 log 0.1, whatever n.
std::string guessing_chain(int n) {
  json variables = guessing_chain_variables(n);
  std::string last = "X" + std::to_string(n);
  json rows = json::array({{{"given", {{last, 0}}}, {"p", {{"0", 0.9}, {"1", 0.1}}}},
                           {{"given", {{last, 1}}}, {"p", {{"0", 0.1}, {"1", 0.9}}}}});
  json model = {
      {"kind", "scim"}, {"variables", variables}, {"policies", {{"mostly_copy", {{"D", {{"cpd", rows}}}}}}}};
  return model.dump();
}

TEST(MegElimination, AnswersACidOfThirtyChanceNodesThatTheWalkRefuses) {
  const std::string text = guessing_chain(30);  // 2^30 settings
  const double expected = std::log(2.0) + 0.9 * std::log(0.9) + 0.1 * std::log(0.1);
  json r = analyze(text, "meg");
  EXPECT_EQ(r["method"], "eliminate");
  EXPECT_NEAR(r["meg"].get<double>(), expected, 1e-9);
  EXPECT_TRUE(r["converged"].get<bool>());
  // E_π[U] = 0.9 q + 0.1 (1 − q), q = (1 + 0.6^29) / 2.
  const double q = (1 + std::pow(0.6, 29)) / 2;
  EXPECT_NEAR(r["expected_utility"].get<double>(), 0.9 * q + 0.1 * (1 - q), 1e-12);
  EXPECT_NEAR(r["occupancy"][0][0].get<double>(), 0.5, 1e-12);
  json curve = analyze(text, "meg_likelihood");
  EXPECT_EQ(curve["method"], "eliminate");
  EXPECT_NEAR(curve["likelihood_star"].get<double>(), expected, 1e-9);
  // The same model at 10 nodes, small enough to walk: both methods give the closed form.
  for (const char* method : {"enumerate", "eliminate"}) {
    json small = analyze(guessing_chain(10), "meg", {{"method", method}});
    EXPECT_EQ(small["method"], method);
    EXPECT_NEAR(small["meg"].get<double>(), expected, 1e-9) << method;
  }
  // Asked to walk, the large one is refused as before.
  json walked = request(text, "meg", {{"method", "enumerate"}});
  ASSERT_FALSE(walked.value("ok", true));
  EXPECT_EQ(walked["diagnostics"][0]["id"], "model.too_large");
}

// Under a contextual intervention (defined on settings) only the walk answers.
TEST(MegElimination, ContextualInterventionsKeepTheWalk) {
  const std::string text = guessing_chain(3);
  json contextual = {
      {"interventions", json::array({{{"variable", "X2"}, {"value", 1}, {"settings", {0, 1}}}})}};
  EXPECT_EQ(analyze(text, "meg", contextual)["method"], "enumerate");
  contextual["method"] = "eliminate";
  json r = request(text, "meg", contextual);
  ASSERT_FALSE(r.value("ok", true));
  EXPECT_EQ(r["diagnostics"][0]["id"], "request.bad_parameter");
}

}  // namespace
}  // namespace motive::test
