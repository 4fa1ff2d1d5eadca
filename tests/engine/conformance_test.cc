// Checks that protect the registry's extension points: every analysis of the catalogue answers every
// example of its kind with ok or a documented error, reports progress ending at 1, can be cancelled,
// and answers the same twice; every error id the engine's code can emit is documented.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "api/api.h"
#include "api_support.h"
#include "core/diagnostics.h"
#include "kinds/kinds.h"
#include "tests/fuzz/fuzz_checks.h"

namespace motive {
namespace {

using nlohmann::json;
using test::read_source_file;

// The ids docs/errors.md documents: each has a "### `id`" section.
std::set<std::string> documented_ids() {
  static const std::set<std::string> ids = [] {
    std::set<std::string> out;
    const std::string doc = read_source_file("docs/errors.md");
    const std::regex heading(R"(### `([a-z]+\.[a-z_]+)`)");
    for (auto it = std::sregex_iterator(doc.begin(), doc.end(), heading); it != std::sregex_iterator(); ++it)
      out.insert((*it)[1]);
    return out;
  }();
  return ids;
}

// Every example model under examples/, by path from the repository's root.
std::vector<std::string> example_files() {
  std::vector<std::string> out;
  const std::filesystem::path root(MOTIVE_SOURCE_DIR);
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root / "examples"))
    if (entry.is_regular_file() && entry.path().extension() == ".jsonc")
      out.push_back(std::filesystem::relative(entry.path(), root).generic_string());
  std::sort(out.begin(), out.end());
  return out;
}

// A value for a parameter that names something in the model, taken from the model's description: so
// that answers are not all the same missing-parameter error. Only what the spec says (type, what it
// refers to) is used, plus values for the structured ones a test must choose. Null: leave it out.
json value_for(const ParamSpec& spec, const json& described) {
  if (spec.name == "values") return json{0.1, 0.3};
  if (spec.type == ParamType::kChoice) return spec.required ? json(spec.choices.front()) : json(nullptr);
  if (spec.type == ParamType::kString && spec.refers == "policy") {
    for (const json& p : described.value("policies", json::array()))
      if (p.is_object() && p.value("deterministic", false)) return p["name"];
    return nullptr;
  }
  if (spec.type == ParamType::kString && spec.refers == "decision") {
    const json& decisions = described["decisions"];
    return decisions.empty() ? json(nullptr) : decisions[0];
  }
  if (spec.refers == "variable" && (spec.required || spec.type == ParamType::kString)) {
    const json& variables = described["variables"];
    if (variables.empty()) return nullptr;
    const json& last = variables.back()["name"];
    return spec.type == ParamType::kString ? last : json::array({last});
  }
  return nullptr;
}

struct Answer {
  json response;
  std::vector<double> progress;
};

Answer ask(const json& request) {
  Answer a;
  a.response = handle_request(request, [&a](double f) {
    a.progress.push_back(f);
    return true;
  });
  return a;
}

void expect_ok_or_documented(const json& response, const std::string& what) {
  ASSERT_TRUE(response.is_object()) << what;
  // The fuzzers' check: no null or "inf" where the reply promises a number.
  EXPECT_EQ(fuzz::response_problem(response), "") << what;
  if (response.value("ok", false)) {
    EXPECT_TRUE(response.contains("result")) << what;
    return;
  }
  ASSERT_TRUE(response.contains("diagnostics") && !response["diagnostics"].empty())
      << what << response.dump();
  for (const json& d : response["diagnostics"])
    EXPECT_TRUE(documented_ids().count(d["id"].get<std::string>())) << what << ": undocumented " << d.dump();
}

TEST(Conformance, EveryAnalysisOfTheCatalogueAnswersEveryExampleOfItsKind) {
  int examples = 0, answered = 0, refused = 0, ok = 0, cancellable = 0;
  std::string failures;
  for (const std::string& path : example_files()) {
    const std::string text = read_source_file(path);
    Diagnostics d;
    std::optional<std::string> kind_name = read_model_kind(text, &d);
    ASSERT_TRUE(kind_name) << path;
    const KindSpec& kind = *find_kind(*kind_name);
    ++examples;
    const json described = test::analyze(text, "describe");
    for (const AnalysisSpec& analysis : kind.analyses) {
      json params = json::object();
      for (const ParamSpec& spec : analysis.params)
        if (json value = value_for(spec, described); !value.is_null()) params[spec.name] = value;
      // Known utility only: the unknown-utility searches of a sweep are the slowest of all.
      if (analysis.name == "meg_sweep") params["utility"] = {"known"};
      const json request = {{"model", text}, {"analysis", analysis.name}, {"params", params}};
      const std::string what = path + " " + analysis.name + " " + params.dump();
      const Answer first = ask(request);
      expect_ok_or_documented(first.response, what);
      ++answered;
      for (double f : first.progress) {
        EXPECT_GE(f, 0.0) << what;
        EXPECT_LE(f, 1.0) << what;
      }
      if (!first.response.value("ok", false)) {
        // Refusals by design, with no parameters given: an analysis of one game of a kind only (Risk's
        // battle asked of COP), one that explains an action at a state where chance moves next, one that
        // needs a parameter the examples cannot give, one whose tree exceeds its budget at the start.
        static const std::set<std::string> by_design = {"analysis.not_supported", "analysis.budget_exceeded",
                                                        "request.not_a_decision",
                                                        "request.missing_parameter"};
        if (by_design.count(first.response["diagnostics"][0]["id"].get<std::string>())) {
          ++refused;
          continue;
        }
        failures += what + ": " + first.response["diagnostics"][0]["id"].get<std::string>() + " " +
                    first.response["diagnostics"][0]["message"].get<std::string>() + "\n";
        continue;
      }
      ++ok;
      EXPECT_EQ(first.response["kind"], kind.name) << what;
      EXPECT_EQ(first.response["analysis"], analysis.name) << what;
      ASSERT_FALSE(first.progress.empty()) << what;
      EXPECT_EQ(first.progress.back(), 1.0) << what;
      // The same request, the same answer (seeded sampling, no state kept between requests).
      EXPECT_EQ(ask(request).response, first.response) << what;
      // An analysis that reported before its end can be stopped there.
      if (first.progress.size() > 1) {
        ++cancellable;
        const json cancelled = handle_request(request, [](double) { return false; });
        ASSERT_FALSE(cancelled.value("ok", true)) << what;
        EXPECT_EQ(cancelled["diagnostics"][0]["id"], "analysis.cancelled") << what;
      }
    }
  }
  // Every kind has examples, and most answers are ok (a failing table would otherwise pass).
  EXPECT_GE(examples, 15);
  EXPECT_GT(ok, answered * 3 / 4) << ok << " of " << answered << " answered ok";
  EXPECT_GT(ok, (answered - refused) * 9 / 10)
      << ok << " of " << answered - refused << " answered ok; the others:\n"
      << failures;
  EXPECT_GT(cancellable, 20);
  std::set<std::string> kinds_seen;
  for (const std::string& path : example_files()) {
    Diagnostics d;
    kinds_seen.insert(*read_model_kind(read_source_file(path), &d));
  }
  EXPECT_EQ(kinds_seen.size(), model_kinds().size());
}

// The error ids the engine's code can emit: every string literal "prefix.name" with one of the
// diagnostics' prefixes, in engine/*/*.h and engine/*/*.cc.
TEST(ErrorIds, EveryIdTheEngineCanEmitIsDocumented) {
  const std::regex literal(
      R"re("((?:json|model|game|expr|adventure|request|analysis|engine|import)\.[a-z_]+)")re");
  std::set<std::string> emitted;
  const std::filesystem::path engine = std::filesystem::path(MOTIVE_SOURCE_DIR) / "engine";
  for (const auto& entry : std::filesystem::recursive_directory_iterator(engine)) {
    const std::string ext = entry.path().extension().string();
    if (!entry.is_regular_file() || (ext != ".h" && ext != ".cc")) continue;
    const std::string code =
        read_source_file(std::filesystem::relative(entry.path(), MOTIVE_SOURCE_DIR).generic_string());
    for (auto it = std::sregex_iterator(code.begin(), code.end(), literal); it != std::sregex_iterator();
         ++it)
      emitted.insert((*it)[1]);
  }
  EXPECT_GT(emitted.size(), 60u);  // the walk found the engine
  for (const std::string& id : emitted)
    EXPECT_TRUE(documented_ids().count(id))
        << id << " is emitted by engine/ but has no section in docs/errors.md";
  // And the index of docs/errors.md lists every documented id.
  const std::string doc = read_source_file("docs/errors.md");
  for (const std::string& id : documented_ids())
    EXPECT_NE(doc.find("| [`" + id + "`]"), std::string::npos) << id << " is missing from the index";
}

}  // namespace
}  // namespace motive
