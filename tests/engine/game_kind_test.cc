// The game kind through the registry: reading game files (the shipped examples, mistakes with their
// positions) and answering every analysis as the API will.
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "game/kind.h"
#include "game/model.h"
#include "game_conformance.h"

namespace motive::game {
namespace {

using nlohmann::json;

// The game examples wait here until engine/kinds/kinds.cc lists the game kind; then they move to
// examples/games/ (the gallery reads every file there through the API) and this folder with them.
constexpr const char* kExampleFolder = "/examples/games/";

std::string example(const std::string& name) {
  std::ifstream in(std::string(MOTIVE_SOURCE_DIR) + kExampleFolder + name);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

const KindSpec& kind() {
  static const KindSpec table = game_kind();
  return table;
}

std::shared_ptr<const Model> read(const std::string& text, Diagnostics* d) { return kind().read(text, d); }

json run(const Model& model, const std::string& analysis, const json& params) {
  const AnalysisSpec* spec = kind().analysis(analysis);
  EXPECT_NE(spec, nullptr) << analysis;
  Context context;
  return spec->run(model, Params(params, spec->params), context);
}

const char* kExamples[] = {"cop.jsonc",
                           "cop-two-politicians.jsonc",
                           "public-goods.jsonc",
                           "stag-hunt-opportunist.jsonc",
                           "hidden-hostility.jsonc",
                           "cheap-talk-hunt.jsonc",
                           "kuhn-poker.jsonc",
                           "diplomacy-teaching.jsonc",
                           "diplomacy-standard.jsonc",
                           "diplomacy-figure1.jsonc"};

TEST(GameKind, EveryShippedExampleReadsAndPassesTheConformanceTest) {
  for (const char* name : kExamples) {
    Diagnostics d;
    auto model = read(example(name), &d);
    ASSERT_TRUE(model) << name << ": " << (d.empty() ? "" : d.items()[0].message);
    const auto& g = static_cast<const GameModel&>(*model);
    testing::check_conformance(*g.game, 20);
    // Every analysis answers at the start and at every named state.
    for (const auto& [state, text] : g.states) {
      json r = run(*model, "describe", {{"state", state}});
      EXPECT_EQ(r["state"]["text"], text);
    }
    json sica = run(*model, "sica", {{"rollouts", 2000}});
    EXPECT_EQ(sica["correlation"].size(), static_cast<std::size_t>(g.game->num_players()));
    json play = run(*model, "play", {{"seed", 3}});
    EXPECT_EQ(play["steps"].back()["node"], "terminal");
  }
}

TEST(GameKind, CopFileAnswersSbueWithAlternativesAndTheExactValueWhereSmall) {
  Diagnostics d;
  auto model = read(example("cop.jsonc"), &d);
  ASSERT_TRUE(model);
  json r = run(
      *model, "sbue",
      {{"state", "politician speaks first"}, {"action", {"simple-person", "propose"}}, {"rollouts", 4000}});
  EXPECT_EQ(r["player"], "politician");
  EXPECT_EQ(r["actions"][0]["explained"], true);
  EXPECT_EQ(r["actions"][0]["action"]["signal"], "propose");
  EXPECT_EQ(r["actions"].size(), 9u);  // the explained message and 8 alternatives
  EXPECT_EQ(r["exact"]["available"], false) << "twelve messages of ten choices are too many to enumerate";
  // At the announcements the tree is 16 joint announcements of the others: exact beside sampled.
  json a = run(*model, "sbue", {{"state", "announcements"}, {"player", "politician"}, {"rollouts", 20000}});
  ASSERT_EQ(a["exact"]["available"], true);
  for (const json& action : a["actions"]) {
    for (int i = 0; i < 3; ++i) {
      EXPECT_NEAR(action["mean"][i].get<double>(), action["exact"][i].get<double>(),
                  4 * action["standard_error"][i].get<double>() + 1e-9);
    }
  }
}

TEST(GameKind, SicaMarksUndefinedCorrelationsWithAReasonNeverZero) {
  Diagnostics d;
  // The bystander's payoff never varies: its row and column are undefined.
  auto model = read(R"({"kind": "game", "players": ["a", "b", "c"],
    "stages": [{"name": "s", "players": ["a"], "actions": {"x": ["l", "r"]}}],
    "payoffs": {"a": "s_a == 'l' ? 1 : 0", "b": "s_a == 'l' ? 0 : 1", "c": "3"}})",
                    &d);
  ASSERT_TRUE(model) << d.items()[0].message;
  json r = run(*model, "sica", {{"rollouts", 1000}});
  EXPECT_NEAR(r["correlation"][0][1].get<double>(), -1.0, 1e-12);
  EXPECT_TRUE(r["correlation"][0][2].is_null());
  EXPECT_TRUE(r["correlation"][2][2].is_null());
  EXPECT_NE(r["undefined"][0][2].get<std::string>().find("does not vary"), std::string::npos);
  EXPECT_TRUE(r["exact"]["correlation"][1][2].is_null());
  EXPECT_NEAR(r["exact"]["correlation"][0][1].get<double>(), -1.0, 1e-12);
}

TEST(GameKind, HiddenHostilityShowsThroughSicaButNotSbue) {
  Diagnostics d;
  auto model = read(example("hidden-hostility.jsonc"), &d);
  ASSERT_TRUE(model);
  json share = run(*model, "sbue", {{"action", {"share"}}, {"alternatives", 0}});
  json gamble = run(*model, "sbue", {{"action", {"gamble"}}, {"alternatives", 0}});
  // Exactly: both moves give every player 1.
  for (int i = 0; i < 2; ++i) {
    EXPECT_NEAR(share["actions"][0]["exact"][i].get<double>(), 1.0, 1e-12);
    EXPECT_NEAR(gamble["actions"][0]["exact"][i].get<double>(), 1.0, 1e-12);
  }
  json sica = run(*model, "sica", {{"rollouts", 5000}});
  EXPECT_LT(sica["exact"]["correlation"][0][1].get<double>(), -0.99);
  EXPECT_LT(sica["correlation"][0][1].get<double>(), -0.99);
}

TEST(GameKind, ProbableActionsGiveMarginalsPerSlot) {
  Diagnostics d;
  auto model = read(example("cop.jsonc"), &d);
  ASSERT_TRUE(model);
  json r = run(*model, "probable_actions",
               {{"state", "announcements"}, {"player", "politician"}, {"action", {"guilty", "innocent"}}});
  ASSERT_EQ(r["actions"].size(), 2u);  // the con-artist and the simple person announce with it
  for (const json& a : r["actions"]) {
    EXPECT_EQ(a["marginals"].size(), 2u);
    double total = 0;
    for (const json& c : a["marginals"][0]["choices"]) total += c["probability"].get<double>();
    EXPECT_NEAR(total, 1.0, 1e-12);
  }
  EXPECT_EQ(r["actions"][0]["player"], "con-artist");
  EXPECT_EQ(r["actions"][0]["label"], "guilty, guilty") << "the con-artist blames both";
}

// Every mistake is reported with its id and position.
struct Mistake {
  const char* text;
  const char* id;
  int line;
};

TEST(GameKind, MistakesAreReportedWithIdsAndPositions) {
  const Mistake mistakes[] = {
      {"{\"kind\": \"game\", \"builtin\": \"prison\"}", "game.unknown_builtin", 1},
      {"{\"kind\": \"game\", \"builtin\": \"communicate-out-of-prison\",\n \"personalities\": "
       "[\"con-artist\", "
       "\"saint\", \"politician\"]}",
       "game.unknown_personality", 2},
      {"{\"kind\": \"game\", \"builtin\": \"communicate-out-of-prison\",\n \"rounds\": 11}",
       "game.bad_rounds", 2},
      // Beyond int's range (a fuzz finding: casting it was undefined behaviour).
      {"{\"kind\": \"game\", \"builtin\": \"communicate-out-of-prison\",\n \"rounds\": 4.4e86}",
       "game.bad_rounds", 2},
      {"{\"kind\": \"game\", \"builtin\": \"communicate-out-of-prison\",\n \"rounds\": 2.5}",
       "game.bad_rounds", 2},
      {"{\"kind\": \"game\", \"players\": [\"a\"],\n \"stages\": [{\"name\": \"s\", \"players\": [\"b\"], "
       "\"actions\": {\"x\": [1]}}], \"payoffs\": {\"a\": \"1\"}}",
       "game.unknown_player", 2},
      {"{\"kind\": \"game\", \"players\": [\"a\"], \"stages\": [{\"name\": \"s\", \"players\": [\"a\"], "
       "\"actions\": {\"x\": [1, 2]}}],\n \"payoffs\": {\"a\": \"s_a + y\"}}",
       "expr.unknown_name", 2},
      {"{\"kind\": \"game\", \"players\": [\"a\"], \"stages\": [{\"name\": \"s\", \"chance\": {\"h\": 0.5,\n "
       "\"t\": 0.4}}], \"payoffs\": {\"a\": \"1\"}}",
       "model.bad_probability", 1},
      {"{\"kind\": \"game\", \"players\": [\"a\"], \"stages\": [{\"name\": \"s\", \"players\": [\"a\"], "
       "\"actions\": {\"x\": [1, 2]}}],\n \"payoffs\": {\"a\": \"s_a\"},\n \"policies\": {\"a\": {\"s\": "
       "{\"1\": "
       "0.5, \"3\": 0.5}}}}",
       "game.unknown_choice", 3},
      {"{\"kind\": \"game\", \"players\": [\"a\"], \"stages\": [{\"name\": \"s\", \"players\": [\"a\"], "
       "\"actions\": {\"x\": [1, 2]}}],\n \"payoff_table\": [{\"given\": {\"s_a\": 1}, \"payoffs\": {\"a\": "
       "3}}]}",
       "game.uncovered_payoff", 2},
      {"{\"kind\": \"game\", \"players\": [\"a\"], \"stages\": [{\"name\": \"s\", \"players\": [\"a\"], "
       "\"actions\": {\"x\": [1, 2]}}],\n \"payoffs\": {\"a\": \"1 / (s_a - 1)\"}}",
       "game.bad_payoff", 2},
      {"{\"kind\": \"game\", \"builtin\": \"communicate-out-of-prison\",\n \"states\": {\"x\": [\"nobody > "
       "a\"]}}",
       "game.bad_state", 2},
      {"{\"kind\": \"game\", \"players\": [\"a\"], \"stages\": [{\"name\": \"s\", \"players\": [\"a\"], "
       "\"order\": \"sometimes\",\n \"actions\": {\"x\": [1]}}], \"payoffs\": {\"a\": \"1\"}}",
       "game.bad_order", 1},
      {"{\"kind\": \"game\", \"players\": [\"a b\"]}", "game.invalid_name", 1},
      {"{\"kind\": \"game\", \"players\": [\"a\"],\n \"stagez\": []}", "model.unknown_field", 2},
  };
  for (const Mistake& m : mistakes) {
    Diagnostics d;
    EXPECT_FALSE(read(m.text, &d)) << m.text;
    ASSERT_FALSE(d.empty()) << m.text;
    bool found = false;
    for (const Diagnostic& x : d.items()) {
      if (x.id == m.id) {
        found = true;
        EXPECT_EQ(x.span.line, m.line) << m.id << ": " << x.message;
        EXPECT_GT(x.span.column, 0);
      }
    }
    EXPECT_TRUE(found) << "expected " << m.id << " for " << m.text << ", got " << d.items()[0].id << ": "
                       << d.items()[0].message;
  }
}

TEST(GameKind, RequestsNamingUnknownThingsAreRefused) {
  Diagnostics d;
  auto model = read(example("cop.jsonc"), &d);
  ASSERT_TRUE(model);
  EXPECT_THROW(run(*model, "sbue", {{"state", "politician speaks frist"}}), RequestError);
  EXPECT_THROW(run(*model, "sbue", {}), RequestError) << "the start is a chance node";
  EXPECT_THROW(run(*model, "sbue", {{"state", "politician speaks first"}, {"player", "con-artist"}}),
               RequestError);
  EXPECT_THROW(run(*model, "sbue", {{"state", "politician speaks first"}, {"action", {"judge", "propose"}}}),
               RequestError);
}

}  // namespace
}  // namespace motive::game

namespace motive::game {
namespace {

// Damaged game files never crash or throw: each one is either read or refused with diagnostics.
TEST(GameKind, DamagedFilesAreReadOrRefusedNeverCrash) {
  Rng rng(17, 0);
  for (const char* name : kExamples) {
    const std::string text = example(name);
    for (int k = 0; k < 150; ++k) {
      std::string broken = text;
      // Delete, duplicate or swap a few characters.
      for (int edit = 0; edit < 3; ++edit) {
        std::size_t at = static_cast<std::size_t>(rng.uniform() * static_cast<double>(broken.size()));
        switch (static_cast<int>(rng.uniform() * 3)) {
          case 0:
            broken.erase(at, 1);
            break;
          case 1:
            broken.insert(at, 1, broken[at]);
            break;
          default:
            std::swap(broken[at], broken[(at + 7) % broken.size()]);
            break;
        }
      }
      Diagnostics d;
      std::shared_ptr<const Model> model;
      EXPECT_NO_THROW(model = read(broken, &d)) << broken;
      EXPECT_EQ(model == nullptr, !d.empty()) << broken;
      if (model) {
        EXPECT_NO_THROW(run(*model, "sica", {{"rollouts", 50}, {"exact", false}}));
      }
    }
  }
}

TEST(GameKind, UserGamesRefuseStagesWithoutOrWithRepeatedPlayers) {
  Diagnostics d;
  EXPECT_FALSE(read(R"({"kind": "game", "players": ["a"], "stages": [{"name": "s", "players": [],
    "actions": {"x": [1]}}], "payoffs": {"a": "1"}})",
                    &d));
  ASSERT_FALSE(d.empty());
  EXPECT_EQ(d.items()[0].id, "game.bad_players");
  Diagnostics twice;
  EXPECT_FALSE(read(R"({"kind": "game", "players": ["a"], "stages": [{"name": "s", "players": ["a", "a"],
    "actions": {"x": [1]}}], "payoffs": {"a": "1"}})",
                    &twice));
  ASSERT_FALSE(twice.empty());
  EXPECT_EQ(twice.items()[0].id, "game.duplicate_name");
}

}  // namespace
}  // namespace motive::game
