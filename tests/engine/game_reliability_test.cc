// Games under hostile and careless input (issue 23): each test pins one finding and failed (crashed,
// answered a wrong number, or ran without bound) before its fix.
#include <chrono>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "api_support.h"
#include "game/cop.h"
#include "game/methods.h"
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

// ---- budgets ------------------------------------------------------------------------------------

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Requests within the parameters' ranges whose work has no bound: each is refused at once, naming the
// budget, where it ran for minutes (convergence's ks, sica at 10^7 × 10) or asked for 240 GB (simulate).
TEST(GameReliability, SampledAnalysesAreRefusedBeyondTheirBudgetsBeforeTheyStart) {
  const std::string cop = test::read_source_file("examples/games/cop.jsonc");
  const json at_first = "politician speaks first";
  const std::vector<std::pair<std::string, json>> cases = {
      {"simulate", {{"rollouts", 10'000'000}, {"depth", 1000}}},
      {"simulate", {{"rollouts", 10'000'000}, {"depth", 10}, {"rows", 0}}},
      {"sica", {{"rollouts", 10'000'000}, {"depth", 10}}},
      {"sbue", {{"state", at_first}, {"rollouts", 10'000'000}, {"alternatives", 1000}}},
      {"probable_actions", {{"state", at_first}, {"rollouts", 10'000'000}}},
      {"convergence", {{"state", at_first}, {"ks", {10'000'000, 10'000'000}}, {"repeats", 500}}},
      {"counterfactual", {{"state", at_first}, {"rollouts", 10'000'000}}},
      {"map_at_k",
       {{"annotations", json::array({{{"player", "politician"}, {"friends", {"simple-person"}}}})},
        {"rollouts", 10'000'000},
        {"depth", 20}}},
  };
  for (const auto& [analysis, params] : cases) {
    auto start = std::chrono::steady_clock::now();
    json reply = request(cop, analysis, params);
    EXPECT_EQ(error_id(reply), "analysis.budget_exceeded") << analysis << " " << params.dump();
    EXPECT_LT(seconds_since(start), 10.0) << analysis;
  }
}

// What a simulation keeps: rollouts × depth × players numbers, and the first actions of each rollout for
// probable actions. The budget is that estimate, so the refusal comes before the allocation.
TEST(GameReliability, ASimulationsMemoryIsEstimatedBeforeItIsAllocated) {
  game::SimulateOptions o;
  o.rollouts = 1000;
  o.depth = 7;
  EXPECT_EQ(game::simulation_bytes(o, 3), 1000.0 * 7 * 3 * sizeof(double));
  o.record_first_actions = true;
  EXPECT_EQ(game::simulation_bytes(o, 3),
            1000.0 * 7 * 3 * sizeof(double) + 1000.0 * 3 * sizeof(game::Action));
  // 10^7 rollouts × 1,000 steps × 3 players: 240 GB, refused without allocating.
  game::CopGame cop(
      {game::Personality::kConArtist, game::Personality::kSimplePerson, game::Personality::kPolitician},
      {"a", "b", "c"}, 4);
  o.rollouts = 10'000'000;
  o.depth = 1000;
  o.record_first_actions = false;
  try {
    game::simulate(cop, *cop.initial_state(), o, {});
    ADD_FAILURE() << "simulated 240 GB";
  } catch (const RequestError& e) {
    EXPECT_EQ(e.id, "analysis.budget_exceeded");
  }
}

TEST(GameReliability, ConvergenceComparesAtMost64SampleSizes) {
  const std::string cop = test::read_source_file("examples/games/cop.jsonc");
  std::vector<int> ks(65, 10);
  EXPECT_EQ(error_id(request(cop, "convergence", {{"state", "announcements"}, {"ks", ks}, {"repeats", 2}})),
            "request.bad_parameter");
  ks.pop_back();
  EXPECT_EQ(error_id(request(cop, "convergence", {{"state", "announcements"}, {"ks", ks}, {"repeats", 2}})),
            "");
}

// Seeds travel as JSON numbers: the largest is the largest exact whole number, 2^53 − 1, as in every kind.
TEST(GameReliability, TheLargestSeedIsTwoToThe53MinusOne) {
  const std::string cop = test::read_source_file("examples/games/cop.jsonc");
  EXPECT_EQ(error_id(request(cop, "simulate", {{"seed", 9007199254740991.0}, {"rollouts", 2}})), "");
  EXPECT_EQ(error_id(request(cop, "simulate", {{"seed", 9007199254740992.0}, {"rollouts", 2}})),
            "request.bad_parameter");
  EXPECT_EQ(error_id(request(cop, "play", {{"seed", 9007199254740992.0}})), "request.bad_parameter");
}

}  // namespace
}  // namespace motive
