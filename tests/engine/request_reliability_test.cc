// Requests and the CLI under hostile input (issue 23): each test pins one finding and failed (a silently
// dropped value, a raw control on the terminal) before its fix.
#include <chrono>
#include <cmath>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "api/api.h"
#include "api_support.h"
#include "cli/cli.h"
#include "cli/printable.h"

namespace motive {
namespace {

using nlohmann::json;

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// ---- duplicate keys ----------------------------------------------------------------------------

// JSON keeps the last of two equal keys: {"rollouts": 5, "rollouts": 1e9} ran a billion rollouts with no
// word, where a model's duplicate keys are reported.
TEST(RequestReliability, ANameGivenTwiceInARequestIsRefusedSayingWhere) {
  const std::string cop = json(test::read_source_file("examples/games/cop.jsonc")).dump();
  const std::string text =
      "{\"model\": " + cop +
      ",\n \"analysis\": \"simulate\",\n \"params\": {\"rollouts\": 5, \"rollouts\": 1e9}}";
  json reply = json::parse(handle_request_text(text));
  ASSERT_FALSE(reply["ok"].get<bool>());
  ASSERT_EQ(reply["diagnostics"].size(), 1u);
  const json& d = reply["diagnostics"][0];
  EXPECT_EQ(d["id"], "request.duplicate_key");
  EXPECT_EQ(d["line"], 0);  // positions are the model's; the request's is in the message
  EXPECT_NE(d["message"].get<std::string>().find("\"rollouts\" twice"), std::string::npos) << d;
  EXPECT_NE(d["message"].get<std::string>().find("line 3, column 28 of the request"), std::string::npos) << d;
  // At any depth, and the envelope's own names too.
  for (const char* twice : {R"({"analysis": "catalogue", "analysis": "describe"})",
                            R"({"analysis": "catalogue", "params": {"a": {"b": 1, "b": 2}}})"}) {
    json r = json::parse(handle_request_text(twice));
    EXPECT_EQ(r["diagnostics"][0]["id"], "request.duplicate_key") << twice;
  }
  // Equal names in different objects are not duplicates.
  json fine = json::parse(
      handle_request_text(R"({"analysis": "catalogue", "params": {"a": {"b": 1}, "c": {"b": 2}}})"));
  EXPECT_TRUE(fine["ok"].get<bool>()) << fine.dump().substr(0, 200);
}

TEST(RequestReliability, TheCliRefusesAParameterGivenTwice) {
  const std::string cop = (std::filesystem::path(MOTIVE_SOURCE_DIR) / "examples/games/cop.jsonc").string();
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"analyze", cop, "simulate", "rollouts=3", "rollouts=4"},
        std::vector<std::string>{"analyze", cop, "describe", "model=a", "model_name=b"}}) {
    std::istringstream in;
    std::ostringstream out, err;
    const int status =
        cli::run(args, in, out, err, [](std::string_view request) { return handle_request_text(request); });
    EXPECT_EQ(status, 2);
    EXPECT_NE(err.str().find("is given twice"), std::string::npos) << err.str();
  }
}

// ---- the terminal ------------------------------------------------------------------------------

std::string printed(const std::string& text) {
  std::ostringstream out;
  cli::PrintableBuffer buffer(out.rdbuf());
  std::ostream stream(&buffer);
  stream << text;
  stream.flush();
  return out.str();
}

// A label with U+202E (right-to-left override) reversed the rest of the line on the terminal.
TEST(RequestReliability, TheCliWritesBidirectionalControlsEscaped) {
  EXPECT_EQ(printed("a\xE2\x80\xAE"
                    "b"),
            "a\\u202Eb");
  EXPECT_EQ(printed("\xE2\x81\xA6x\xE2\x81\xA9"), "\\u2066x\\u2069");
  EXPECT_EQ(printed("\xE2\x80\x8E\xE2\x80\x8F\xD8\x9C"), "\\u200E\\u200F\\u061C");
  EXPECT_EQ(printed("\xE2\x80\xAA\xE2\x80\xAB\xE2\x80\xAC\xE2\x80\xAD"), "\\u202A\\u202B\\u202C\\u202D");
  // Characters that share their first bytes pass untouched: an em dash, the euro, ©, Arabic, and an
  // incomplete sequence at the end.
  for (const std::string& fine :
       {std::string("\xE2\x80\x94"), std::string("\xE2\x82\xAC"), std::string("\xC2\xA9"),
        std::string("\xD8\xB9"), std::string("x\xE2\x80"), std::string("\xE2\x80\xE2\x80\x94")})
    EXPECT_EQ(printed(fine), fine);
  // C0 and C1 controls as before.
  EXPECT_EQ(printed("\x1B[31m\xC2\x85"), "\\x1B[31m\\u0085");
}

// ---- trajectories (found by the long fuzz run) ----------------------------------------------------

// An MDP whose runs end in a few steps: 21,845 of them took 2 GB and 26 s to list (natively; a timeout
// under the sanitizers), and the MEG estimate walked every step at each of its fit's evaluations.
TEST(RequestReliability, TrajectoriesListAtMost200000StepsAndEstimateFromAll) {
  const std::string mdp = R"({"kind": "mdp",
  "states": ["a", "b", "end"], "actions": ["go", "stay"], "start": {"a": 1}, "discount": 0.9,
  "terminal": ["end"],
  "transitions": {"a": {"go": {"b": 0.8, "a": 0.2}, "stay": "a"}, "b": {"go": "end", "stay": "b"}},
  "utilities": {"a": {"go": -1}, "b": {"go": 3, "stay": 0.5}}})";
  const int count = 21845;
  auto start = std::chrono::steady_clock::now();
  json r = test::analyze(mdp, "trajectories", {{"seed", 663483}, {"count", count}});
  EXPECT_LT(seconds_since(start), 60.0);
  ASSERT_EQ(r["returns"].size(), static_cast<std::size_t>(count));
  std::size_t steps = 0;
  for (const json& t : r["trajectories"]) steps += t.size();
  EXPECT_LE(steps, 200'000u);
  ASSERT_TRUE(r.contains("trajectories_left_out"));
  EXPECT_EQ(r["trajectories_left_out"]["from"], r["trajectories"].size());
  EXPECT_EQ(r["trajectories"].size() + r["trajectories_left_out"]["count"].get<std::size_t>(),
            static_cast<std::size_t>(count));
  // The listed runs are those of a request for fewer: the same seed, the same first runs.
  json fewer = test::analyze(mdp, "trajectories", {{"seed", 663483}, {"count", 3}});
  for (int i = 0; i < 3; ++i) EXPECT_EQ(fewer["trajectories"][i], r["trajectories"][i]);
  EXPECT_EQ(r["meg_estimate"]["count"], count);
  EXPECT_TRUE(r["meg_estimate"]["known"].is_number());
}

}  // namespace
}  // namespace motive
