// Games under hostile and careless input (issue 23): each test pins one finding and failed (crashed,
// answered a wrong number, or ran without bound) before its fix.
#include <chrono>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "api_support.h"
#include "game/cop.h"
#include "game_conformance.h"

namespace motive {
namespace {

using nlohmann::json;
using test::analyze;
using test::request;

// The id of the one diagnostic of a failed response ("" when it succeeded).
std::string error_id(const json& response) {
  if (response.value("ok", true)) return "";
  EXPECT_EQ(response["diagnostics"].size(), 1u) << response.dump(2);
  return response["diagnostics"][0].value("id", "");
}

// ---- COP with no rounds of messages ---------------------------------------------------------------

const std::string kCopNoRounds = R"({"kind": "game", "builtin": "communicate-out-of-prison", "rounds": 0,
  "states": {"announce": ["con-artist > simple-person > politician"]}})";

// With "rounds": 0 the state after the speaking order is already the announcements; its text
// ("cop order=0 talk=") was refused when given back, and the named state came back null: describe,
// sbue and meg crashed.
TEST(GameReliability, CopWithoutRoundsAnswersAtItsNamedState) {
  json described = analyze(kCopNoRounds, "describe", {{"state", "announce"}});
  EXPECT_EQ(described["state"]["text"], "cop order=0 talk=");
  EXPECT_EQ(described["state"]["node"], "decision");
  ASSERT_EQ(described["state"]["acting"].size(), 3u);  // the three announce at once
  json sbue = analyze(kCopNoRounds, "sbue", {{"state", "announce"}, {"rollouts", 50}});
  EXPECT_EQ(sbue["state"], "cop order=0 talk=");
  // The con-artist's announcement is its only decision: MEG's bound is log 4 (four announcements).
  json meg = analyze(kCopNoRounds, "meg", {{"state", "announce"}, {"player", "con-artist"}});
  EXPECT_NEAR(meg["bound"].get<double>(), std::log(4.0), 1e-12);
}

// Every state text play prints reads back, through the API, as the same state.
TEST(GameReliability, EveryStateTextPlayPrintsIsAcceptedBack) {
  for (int rounds : {0, 1, 2}) {
    const std::string model = R"({"kind": "game", "builtin": "communicate-out-of-prison", "rounds": )" +
                              std::to_string(rounds) + "}";
    for (int seed : {1, 2, 3}) {
      json play = analyze(model, "play", {{"seed", seed}});
      ASSERT_EQ(play["steps"].size(),
                static_cast<std::size_t>(3 * rounds + 3));  // order, talk, announce, end
      for (const json& step : play["steps"]) {
        const std::string text = step["text"];
        json again = analyze(model, "describe", {{"state", text}});
        EXPECT_EQ(again["state"]["text"], text) << "rounds " << rounds;
      }
    }
  }
}

TEST(GameReliability, CopWithoutRoundsPassesTheConformanceTest) {
  using namespace game;
  CopGame silent({Personality::kConArtist, Personality::kSimplePerson, Personality::kPolitician},
                 {"a", "b", "c"}, 0);
  testing::check_conformance(silent);
}

// COP state texts are read exactly as they are printed: std::istringstream used to skip extra spaces
// and the parser took messages without commas or with a trailing one.
TEST(GameReliability, CopStateTextsAreParsedStrictly) {
  using namespace game;
  CopGame game({Personality::kConArtist, Personality::kSimplePerson, Personality::kPolitician},
               {"a", "b", "c"}, 1);
  std::string error;
  for (const char* good : {"cop", "cop order=4 talk=", "cop order=4 talk=20p", "cop order=4 talk=20p,02t,12r",
                           "cop order=4 talk=20p,02t,12r blames=000"}) {
    auto s = game.deserialise(good, &error);
    ASSERT_TRUE(s) << good << ": " << error;
    EXPECT_EQ(s->serialise(), good);
  }
  for (const char* bad : {"cop ", " cop", "cop  order=4 talk=", "cop order=4", "cop order=4 talk=20p,",
                          "cop order=4 talk=20p02t", "cop order=4 talk=20p,,02t",
                          "cop order=4 talk= ", "cop order=44 talk=", "cop order=4 talk=20p blames=000",
                          "cop order=4 talk=20p,02t,12r blames=00",
                          "cop order=4 talk=20p,02t,12r blames=0000", "cop order=4 talk=20p,02t,12r,20p",
                          "cop order=4 talk=20p,02t,12r blames=000 ", "cop order=4 talk=20\x01"}) {
    EXPECT_FALSE(game.deserialise(bad, &error)) << "accepted \"" << bad << "\"";
    EXPECT_FALSE(error.empty());
  }
  game.deserialise("cop order=4 talk=20p,02t,12r,20p", &error);
  EXPECT_NE(error.find("too many messages"), std::string::npos) << error;
}

TEST(GameReliability, CopRefusesEmptyNamesWhereTheyAreWritten) {
  json reply = request(R"({"kind": "game", "builtin": "communicate-out-of-prison",
  "names": ["a", "", "c"]})",
                       "describe");
  ASSERT_EQ(error_id(reply), "game.invalid_name");
  EXPECT_EQ(reply["diagnostics"][0]["line"], 2);
  EXPECT_EQ(reply["diagnostics"][0]["column"], 18);
}

// A state text of a megabyte is refused with a message of a line, not an echo of the megabyte.
TEST(GameReliability, AnUnknownStateIsNamedShortly) {
  const std::string cop = test::read_source_file("examples/games/cop.jsonc");
  json reply = request(cop, "describe", {{"state", std::string(1'000'000, 'x')}});
  ASSERT_EQ(error_id(reply), "request.unknown_state");
  EXPECT_LT(reply["diagnostics"][0]["message"].get<std::string>().size(), 1000u);
}

}  // namespace
}  // namespace motive
