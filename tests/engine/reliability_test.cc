// Hostile and numerically extreme inputs (issue 10): each test pins one finding of the sanitizer and
// fuzzing campaign, and failed (crashed, hung, blew up or answered a silent null) before its fix.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "api_support.h"
#include "cli/printable.h"
#include "core/diagnostics.h"
#include "core/json_limits.h"
#include "core/source_json.h"

namespace motive {
namespace {

using nlohmann::json;
using test::analyze;
using test::request;

// The one diagnostic of a failed response.
json only_diagnostic(const json& response) {
  EXPECT_FALSE(response.value("ok", true)) << response.dump(2);
  EXPECT_EQ(response.value("diagnostics", json::array()).size(), 1u) << response.dump(2);
  return response.value("diagnostics", json::array()).empty() ? json::object() : response["diagnostics"][0];
}

// ---- 1. non-finite utilities -------------------------------------------------------------------

// The line and column (1-based) where `needle` first occurs in `text`.
std::pair<int, int> position_of(const std::string& text, const std::string& needle) {
  std::size_t at = text.find(needle);
  std::size_t line_start = text.rfind('\n', at);
  line_start = line_start == std::string::npos ? 0 : line_start + 1;
  int line = 1;
  for (std::size_t i = 0; i < at; ++i) line += text[i] == '\n';
  return {line, static_cast<int>(at - line_start) + 1};
}

// A decision D in {a, b} and the given utility variables (name -> definition).
std::string decision_model(const std::string& utilities) {
  return R"({"kind": "scim", "variables": {
  "D": {"type": "decision", "domain": ["a", "b"]},
)" + utilities +
         "}}";
}

TEST(Reliability, AnOverflowingUtilityFunctionIsRefusedAtTheFunction) {
  const std::string model = decision_model(
      R"(  "U": {"type": "utility", "parents": ["D"], "function": "D == 'a' ? 1e308 * 10 : 0"})");
  const auto [line, column] = position_of(model, "\"D == 'a'");
  for (const char* analysis : {"describe", "optimal_policies", "control_incentive"}) {
    json d = only_diagnostic(request(model, analysis, {{"decision", "D"}, {"outcome", "U"}}));
    EXPECT_EQ(d["id"], "model.utility_out_of_range") << analysis;
    EXPECT_EQ(d["line"], line);
    EXPECT_EQ(d["column"], column);  // the function's string
    EXPECT_NE(d["message"].get<std::string>().find("when D = 'a'"), std::string::npos) << d;
  }
}

TEST(Reliability, UtilitiesBeyondTheLargestMagnitudeAreRefusedWhereTheyAreWritten) {
  const std::string model = decision_model(R"(  "U": {"type": "utility", "parents": ["D"], "table": [
    {"given": {"D": "a"}, "value": 1e201}, {"given": {"D": "b"}, "value": 0}]})");
  json table = only_diagnostic(request(model, "describe"));
  EXPECT_EQ(table["id"], "model.utility_out_of_range");
  EXPECT_EQ(table["column"], position_of(model, "1e201").second);
  json intervention = only_diagnostic(request(
      R"({"kind": "scim", "variables": {
  "D": {"type": "decision", "domain": ["a", "b"]},
  "U": {"type": "utility", "parents": ["D"], "function": "D == 'a' ? 1 : 0"}},
  "interventions": {"huge": {"U": {"value": -1e250}}}})",
      "describe"));
  EXPECT_EQ(intervention["id"], "model.utility_out_of_range");
  EXPECT_EQ(intervention["line"], 4);
}

// Two finite utilities of 1e308 used to overflow their sum: at most 1e200 each, sums and
// differences stay finite, and the answer is the exact one.
TEST(Reliability, TheLargestUtilitiesAddUpToFiniteAnswers) {
  const std::string model = decision_model(R"(
  "U": {"type": "utility", "parents": ["D"], "function": "D == 'a' ? 1e200 : -1e200"},
  "V": {"type": "utility", "parents": ["D"], "function": "D == 'a' ? 1e200 : -1e200"})");
  json r = analyze(model, "optimal_policies");
  EXPECT_DOUBLE_EQ(r["expected_utility"].get<double>(), 2e200);
  EXPECT_EQ(r["decisions"][0]["rules"][0]["optimal"], json({"a"})) << r.dump();
}

// ---- 2. deeply nested requests -----------------------------------------------------------------

std::string nested_text(int depth, const std::string& inner = "1") {
  return std::string(depth, '[') + inner + std::string(depth, ']');
}

TEST(Reliability, DeeplyNestedRequestsAreRefusedBeforeAnythingCopiesThem) {
  const std::string model = test::read_source_file("examples/meg/mouse.jsonc");
  const std::string params = R"({"model": )" + json(model).dump() +
                             R"(, "analysis": "describe", "params": {"x": )" + nested_text(150000) + "}}";
  json reply = json::parse(handle_request_text(params));
  EXPECT_EQ(only_diagnostic(reply)["id"], "request.too_deep");

  json deep = json::parse(nested_text(20000));
  json name_request = {{"model", model}, {"analysis", "describe"}};
  name_request["model_name"] = std::move(deep);
  EXPECT_EQ(only_diagnostic(handle_request(name_request))["id"], "request.too_deep");
}

TEST(Reliability, RequestsNestedUpToTheLimitAreAnswered) {
  EXPECT_FALSE(json_nesting_exceeds(json::parse(nested_text(256))));
  EXPECT_TRUE(json_nesting_exceeds(json::parse(nested_text(257))));
  EXPECT_FALSE(json_nesting_exceeds(json(3)));
  const std::string model = test::read_source_file("examples/meg/mouse.jsonc");
  // 256 levels with the request object and its params: read, and judged on what they say.
  json reply = request(model, "describe", {{"x", json::parse(nested_text(254))}});
  for (const json& d : reply.value("diagnostics", json::array())) EXPECT_NE(d["id"], "request.too_deep");
}

// ---- 3. "did you mean" on huge names -----------------------------------------------------------

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

TEST(Reliability, SuggestionsForHugeNamesCostNothing) {
  const std::string huge(100000, 'x');
  std::string similar = huge;
  similar[500] = 'y';
  auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(closest_match(huge, {similar}), "");
  EXPECT_LT(seconds_since(start), 1.0);
  // Typos in ordinary names are still found, swaps and case included.
  EXPECT_EQ(closest_match("esat", {"west", "east"}), "east");
  const std::string long_name(120, 'v');
  std::string typo = long_name;
  typo[60] = 'w';
  EXPECT_EQ(closest_match(typo, {"other", long_name}), long_name);
}

TEST(Reliability, AHugeUnknownParentIsReportedWithoutASuggestion) {
  const std::string name(100000, 'p');
  const std::string model = R"({"kind": "scim", "variables": {
  ")" + name + R"(": {"type": "chance", "domain": ["a"], "cpd": {"a": 1}},
  "Y": {"type": "chance", "parents": [")" +
                            name + R"(q"], "domain": ["a"], "cpd": {"a": 1}}}})";
  auto start = std::chrono::steady_clock::now();
  json d = only_diagnostic(request(model, "describe"));
  EXPECT_LT(seconds_since(start), 10.0);
  EXPECT_EQ(d["id"], "model.unknown_parent");
  EXPECT_EQ(d["line"], 3);
  EXPECT_EQ(d.value("hint", "").find("did you mean"), std::string::npos);
}

// ---- 4. seeds beyond 2^64 ----------------------------------------------------------------------

// A seed of 1e300 was converted to the generator's 64-bit seed: undefined behaviour (found again by
// fuzz_request; the registry's parameter ranges check every numeric parameter the same way).
TEST(Reliability, TrajectorySeedsBeyondTwoToThe64AreRefused) {
  const std::string grid = test::read_source_file("examples/meg/cliffworld.jsonc");
  for (double seed : {1e300, 0x1p64}) {
    json d = only_diagnostic(request(grid, "trajectories", {{"seed", seed}, {"count", 1}}));
    EXPECT_EQ(d["id"], "request.bad_parameter") << seed;
  }
  // Whole numbers travel as JSON numbers: the largest seed is the largest exact one, 2^53 - 1.
  EXPECT_TRUE(request(grid, "trajectories", {{"seed", 0x1p53 - 1}, {"count", 1}})["ok"].get<bool>());
  EXPECT_EQ(only_diagnostic(request(grid, "trajectories", {{"seed", 0x1p53}, {"count", 1}}))["id"],
            "request.bad_parameter");
}

// ---- 5. rationalities and utilities that cannot be computed -------------------------------------

TEST(Reliability, ASoftAgentBeyondTheLargestBetaIsRefusedUpFront) {
  const std::string grid = test::read_source_file("examples/meg/cliffworld.jsonc");
  for (double beta : {1e308, -1e308, 1.0000001e100}) {
    auto start = std::chrono::steady_clock::now();
    json agent = {{"kind", "soft"}, {"beta", beta}};
    EXPECT_EQ(only_diagnostic(request(grid, "solve", {{"agent", agent}}))["id"], "request.bad_parameter");
    EXPECT_EQ(only_diagnostic(request(grid, "meg", {{"agent", agent}, {"utility", "unknown"}}))["id"],
              "request.bad_parameter");
    EXPECT_EQ(only_diagnostic(request(grid, "meg_sweep", {{"parameter", "beta"}, {"values", {beta}}}))["id"],
              "request.bad_parameter");
    EXPECT_LT(seconds_since(start), 5.0);
  }
  // At the limit the soft policy is computed, and it is the optimal one on CliffWorld.
  json r = analyze(grid, "solve", {{"agent", {{"kind", "soft"}, {"beta", 1e100}}}});
  json optimal = analyze(grid, "solve");
  const double best = optimal["agent"]["expected_utility"].get<double>();
  EXPECT_NEAR(r["agent"]["expected_utility"].get<double>(), best, 1e-9 * std::abs(best));
}

TEST(Reliability, GridworldUtilitiesThatCouldOverflowAreRefusedAtTheUtility) {
  for (const std::string value : {"1e308", "-1e308", "5e199"}) {
    const std::string grid = R"({"kind": "gridworld", "map": ["S.G", "..C"], "discount": 0.9,
  "utilities": {"goal": 1, "cliff": )" +
                             value + "}}";
    json d = only_diagnostic(request(grid, "solve"));
    EXPECT_EQ(d["id"], "model.utility_out_of_range") << value;
    EXPECT_EQ(d["line"], 2);
    EXPECT_EQ(d["column"], position_of(grid, value).second);
  }
  json mdp = only_diagnostic(request(R"({"kind": "mdp", "states": ["a"], "actions": ["x"], "start": "a",
  "horizon": 100, "transitions": {"a": {"x": "a"}}, "utilities": {"a": 1e199}})",
                                     "solve"));
  EXPECT_EQ(mdp["id"], "model.utility_out_of_range");
}

// A goal of 1e150 one step away: the start's value is exactly that utility.
TEST(Reliability, LargeGridworldUtilitiesWithinTheLimitGiveFiniteValues) {
  const std::string grid =
      R"({"kind": "gridworld", "map": ["SG"], "discount": 0.9, "actions": ["left", "right"],
  "utilities": {"goal": 1e150, "step": 0}})";
  json r = analyze(grid, "solve");
  EXPECT_DOUBLE_EQ(r["values"][0].get<double>(), 1e150);
  json soft = analyze(grid, "solve", {{"agent", {{"kind", "soft"}, {"beta", -1e100}}}});
  // β = -1e100 avoids the goal: left forever, utility 0.
  EXPECT_DOUBLE_EQ(soft["agent"]["expected_utility"].get<double>(), 0.0);
}

// ---- 6. many diagnostics -----------------------------------------------------------------------

TEST(Reliability, ThousandsOfDiagnosticsOnOneLineAreCappedAndFast) {
  std::string text = R"({"kind": "scim", "variables": {}, "x": 0)";
  for (int i = 0; i < 20000; ++i) text += R"(, "x": 0)";
  text += "}";
  auto start = std::chrono::steady_clock::now();
  json reply = request(text, "describe");
  EXPECT_LT(seconds_since(start), 5.0);
  ASSERT_EQ(reply["diagnostics"].size(), kMaxDiagnostics + 1);
  EXPECT_EQ(reply["diagnostics"].back()["id"], "diagnostics.truncated");

  Diagnostics diagnostics;
  SourceJson doc;
  doc.parse(text, &diagnostics);
  const std::vector<Diagnostic>& list = diagnostics.items();
  ASSERT_EQ(list.size(), kMaxDiagnostics + 1);
  // Duplicate i (from 0) is the key of the (i + 1)th copy of `, "x": 0` (8 bytes) after the first member.
  const int first = static_cast<int>(std::string(R"({"kind": "scim", "variables": {}, "x": 0)").size());
  EXPECT_EQ(list[99].id, "json.duplicate_key");
  EXPECT_EQ(list[99].span.column, first + 99 * 8 + 3);
  EXPECT_EQ(list[100].id, "diagnostics.truncated");
  EXPECT_EQ(list[100].message, "and 19900 more problems (only the first 100 are listed)");
  EXPECT_EQ(list[100].span.column, first + 100 * 8 + 3);
}

// Found by fuzz_reader_mdp: once the list was full, a reader comparing its length before and after a
// step saw no new problem, and built a gridworld variant from unknown cells (an out-of-bounds read).
TEST(Reliability, ProblemsBeyondTheCapStillCount) {
  Diagnostics diagnostics;
  for (int i = 0; i < 150; ++i) diagnostics.error("model.unknown_cell", {1, i + 1, 1, i + 2}, "x");
  EXPECT_EQ(diagnostics.items().size(), kMaxDiagnostics + 1);
  EXPECT_EQ(diagnostics.count(), 150u);
  Diagnostics copy;
  copy.append(diagnostics);
  EXPECT_EQ(copy.count(), 150u);
  EXPECT_EQ(copy.items().back().message, "and 50 more problems (only the first 100 are listed)");

  // A variant with 120 unknown cells fills the list; the next variant's unknown cell still stops it.
  const std::string grid = R"({"kind": "gridworld", "map": ["S.G"], "discount": 0.9, "variants": {
  "full": {"map": ["S)" + std::string(120, 'n') +
                           R"(G"]}, "next": {"map": ["SnG"]}}})";
  json reply = request(grid, "describe");
  EXPECT_FALSE(reply["ok"].get<bool>());
  EXPECT_EQ(reply["diagnostics"].back()["message"], "and 21 more problems (only the first 100 are listed)");
}

TEST(Reliability, ATextIsParsedOnceForItsKindAndItsReader) {
  Diagnostics first, second;
  auto a = SourceJson::parse_shared(R"({"kind": "scim", "a": 1, "a": 2})", &first);
  auto b = SourceJson::parse_shared(R"({"kind": "scim", "a": 1, "a": 2})", &second);
  EXPECT_EQ(a.get(), b.get());
  ASSERT_EQ(second.items().size(), 1u);  // the parse's own diagnostics, given again
  EXPECT_EQ(second.items()[0].id, "json.duplicate_key");
}

// ---- 7. a cpd with an outcome named "p" --------------------------------------------------------

TEST(Reliability, AParentlessCpdMayHaveAnOutcomeNamedP) {
  // X takes "p" with probability 1/4; Y, written as one row, "p" with probability 1/2.
  const std::string model = R"json({"kind": "scim", "variables": {
  "X": {"type": "chance", "cpd": {"p": 0.25, "q": 0.75}},
  "Y": {"type": "chance", "domain": ["p", "q"], "cpd": {"p": {"p": 0.5, "q": 0.5}}},
  "U": {"type": "utility", "parents": ["X", "Y"], "function": "(X == 'p' ? 1 : 0) + (Y == 'p' ? 10 : 0)"}}})json";
  json settings = analyze(model, "settings");
  EXPECT_NEAR(settings["expected_utility"].get<double>(), 0.25 + 5, 1e-12);

  json sum = only_diagnostic(
      request(R"({"kind": "scim", "variables": {"X": {"type": "chance", "cpd": {"p": 0.4, "q": 1.0}}}})",
              "describe"));
  EXPECT_EQ(sum["id"], "model.probabilities_not_normalized");
  EXPECT_NE(sum["message"].get<std::string>().find("sum to 1.4"), std::string::npos) << sum;
}

// ---- 8. smaller ones ---------------------------------------------------------------------------

TEST(Reliability, IntentionRefusesASettingWithoutOutcomes) {
  const std::string spy = test::read_source_file("examples/intention/spy.jsonc");
  // A negative setting is refused by the parameter's range; a valid one for want of "outcomes".
  json negative = only_diagnostic(request(spy, "intention", {{"policy", "truthful"}, {"setting", -1}}));
  EXPECT_EQ(negative["id"], "request.bad_parameter");
  json d = only_diagnostic(request(spy, "intention", {{"policy", "truthful"}, {"setting", 0}}));
  EXPECT_EQ(d["id"], "request.bad_parameter");
  EXPECT_NE(d["message"].get<std::string>().find("\"outcomes\""), std::string::npos);
}

TEST(Reliability, TextThatIsNotUtf8IsRefusedWhereItBreaks) {
  Diagnostics diagnostics;
  SourceJson doc;
  EXPECT_FALSE(doc.parse("{\"kind\": \"scim\",\n \"title\": \"caf\xE9\"}", &diagnostics));
  ASSERT_EQ(diagnostics.items().size(), 1u);
  EXPECT_EQ(diagnostics.items()[0].id, "json.invalid_utf8");
  EXPECT_EQ(diagnostics.items()[0].span.line, 2);
  EXPECT_EQ(diagnostics.items()[0].span.column, 15);
  for (const char* bad : {"\"\xC0\xAF\"", "\"\xED\xA0\x80\"", "\"\xF4\x90\x80\x80\"", "\"\xE2\x82\""}) {
    Diagnostics d;
    EXPECT_FALSE(SourceJson().parse(bad, &d)) << bad;
  }
  Diagnostics fine;
  EXPECT_TRUE(SourceJson().parse("\"caf\xC3\xA9 \xF0\x9F\x90\x81 \xE2\x82\xAC\"", &fine));
}

TEST(Reliability, AByteOrderMarkIsAcceptedOnlyAtTheStart) {
  Diagnostics start, middle;
  EXPECT_TRUE(SourceJson().parse("\xEF\xBB\xBF{\"a\": 1}", &start));
  EXPECT_FALSE(SourceJson().parse("{\"a\": \xEF\xBB\xBF 1}", &middle));
  ASSERT_EQ(middle.items().size(), 1u);
  EXPECT_EQ(middle.items()[0].id, "json.syntax");
}

TEST(Reliability, TheCliWritesControlCharactersOfLabelsEscaped) {
  std::ostringstream out;
  cli::PrintableBuffer buffer(out.rdbuf());
  std::ostream printed(&buffer);
  const char label[] = "label \"X\0\x1b[31m\r\" caf\xC3\xA9 \xC2\x85\tend\n";
  printed << std::string(label, sizeof label - 1);
  printed.flush();
  EXPECT_EQ(out.str(), "label \"X\\x00\\x1B[31m\\x0D\" caf\xC3\xA9 \\u0085\tend\n");
}

}  // namespace
}  // namespace motive
