// The `motive` command against a stand-in engine whose catalogue has a kind no printer knows (a
// "game"), to show that the usage, `motive help` and the printing come from the catalogue and the
// reply's kind rather than from lists in the CLI. cli_engine_test.cc runs it against the real engine.
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli/catalogue.h"
#include "cli/cli.h"
#include "cli/printers.h"

namespace motive::cli {
namespace {

using nlohmann::json;

const json kCatalogue = json::parse(R"({
  "kinds": [
    { "name": "game", "summary": "A multi-agent game in extensive form.",
      "analyses": [
        { "name": "equilibria", "summary": "The subgame-perfect equilibria.", "paper": "Orner et al.",
          "definition": "Def. 2",
          "params": [
            { "name": "limit", "type": "integer", "default": 10, "min": 1.0, "max": 1000.0,
              "help": "how many equilibria to list" },
            { "name": "player", "type": "string", "default": null, "refers": "player",
              "help": "whose payoffs to show" },
            { "name": "players", "type": "strings", "default": null, "refers": "player",
              "help": "the players asked about" },
            { "name": "method", "type": "choice", "default": "backward", "choices": ["backward", "enumerate"],
              "help": "how to find them" },
            { "name": "betas", "type": "numbers", "default": null, "infinite": true, "help": "rationalities" },
            { "name": "query", "type": "json", "default": null, "required": true, "help": "what to ask" } ] },
        { "name": "describe", "summary": "The game tree.", "paper": "", "definition": "", "params": [] } ] },
    { "name": "scim", "summary": "A structural causal influence model.",
      "analyses": [
        { "name": "describe", "summary": "The model's structure.", "paper": "", "definition": "", "params": [] } ] }
  ] })");

// Answers the catalogue, and every other request with `reply` (remembering the request).
struct FakeEngine {
  json reply;
  json last_request;

  Engine engine() {
    return [this](std::string_view text) {
      json request = json::parse(text);
      if (request.value("analysis", "") == "catalogue")
        return json({{"ok", true}, {"analysis", "catalogue"}, {"result", kCatalogue}}).dump();
      last_request = request;
      return reply.dump();
    };
  }
};

struct CliRun {
  int status;
  std::string out, err;
};

CliRun run_cli(const std::vector<std::string>& args, FakeEngine& fake, const std::string& input = "") {
  std::istringstream in(input);
  std::ostringstream out, err;
  int status = run(args, in, out, err, fake.engine());
  return {status, out.str(), err.str()};
}

const std::string kModelFile =
    (std::filesystem::path(MOTIVE_SOURCE_DIR) / "examples" / "intention" / "spy.jsonc").string();

TEST(CliCatalogue, UsageListsEveryKindAndItsAnalysesFromTheCatalogue) {
  FakeEngine fake;
  CliRun r = run_cli({}, fake);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("usage: motive check MODEL"), std::string::npos);
  EXPECT_NE(r.err.find("  game  A multi-agent game in extensive form.\n"
                       "        equilibria, describe\n"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("  scim  A structural causal influence model.\n        describe\n"), std::string::npos)
      << r.err;
}

TEST(CliCatalogue, HelpOfAnAnalysisShowsItsParametersTypesDefaultsAndRanges) {
  FakeEngine fake;
  CliRun r = run_cli({"help", "equilibria"}, fake);
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out,
            "equilibria (game): The subgame-perfect equilibria.\n"
            "  Orner et al., Def. 2\n"
            "\n"
            "  parameter  type             default     range                  meaning\n"
            "  limit      integer          10          1 to 1000              how many equilibria to list\n"
            "  player     string           none        a player of the model  whose payoffs to show\n"
            "  players    list of strings  none        players of the model   the players asked about\n"
            "  method     choice           \"backward\"  backward, enumerate    how to find them\n"
            "  betas      list of numbers  none        any, or ±inf           rationalities\n"
            "  query      JSON             required                           what to ask\n");
}

TEST(CliCatalogue, HelpOfAnAnalysisSeveralKindsDefineListsEachDefinition) {
  FakeEngine fake;
  CliRun r = run_cli({"help", "describe"}, fake);
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out,
            "describe (game): The game tree.\n  no parameters\n\n"
            "describe (scim): The model's structure.\n  no parameters\n");
}

TEST(CliCatalogue, HelpOfAKindListsItsAnalyses) {
  FakeEngine fake;
  CliRun r = run_cli({"help", "game"}, fake);
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out,
            "game: A multi-agent game in extensive form.\n\n"
            "  analysis    from                  what it answers\n"
            "  equilibria  Orner et al., Def. 2  The subgame-perfect equilibria.\n"
            "  describe                          The game tree.\n");
}

TEST(CliCatalogue, HelpMarkdownPrintsTheParameterTablesOfTheDocs) {
  FakeEngine fake;
  CliRun r = run_cli({"help", "--markdown"}, fake);
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out,
            "#### `equilibria` (game)\n\n"
            "| parameter | type | default | range | meaning |\n| --- | --- | --- | --- | --- |\n"
            "| `limit` | integer | `10` | 1 to 1000 | how many equilibria to list |\n"
            "| `player` | string | none | a player of the model | whose payoffs to show |\n"
            "| `players` | list of strings | none | players of the model | the players asked about |\n"
            "| `method` | choice | `\"backward\"` | backward, enumerate | how to find them |\n"
            "| `betas` | list of numbers | none | any, or ±inf | rationalities |\n"
            "| `query` | JSON | required |  | what to ask |\n"
            "\n#### `describe` (game)\n\nNo parameters.\n"
            "\n#### `describe` (scim)\n\nNo parameters.\n");
}

TEST(CliCatalogue, HelpOfAnUnknownTopicSuggestsTheClosest) {
  FakeEngine fake;
  CliRun r = run_cli({"help", "equilibra"}, fake);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("did you mean \"equilibria\"?"), std::string::npos) << r.err;
}

TEST(CliCatalogue, KindsListsTheKinds) {
  FakeEngine fake;
  CliRun r = run_cli({"kinds"}, fake);
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out,
            "  game  A multi-agent game in extensive form.\n"
            "        equilibria, describe\n"
            "  scim  A structural causal influence model.\n"
            "        describe\n");
}

TEST(CliParameters, ValuesAreReadAsTheCatalogueTypesThem) {
  FakeEngine fake;
  fake.reply = {{"ok", true}, {"analysis", "equilibria"}, {"kind", "game"}, {"result", json::object()}};
  CliRun r = run_cli(
      {"analyze", kModelFile, "equilibria", "limit=5", "player=1", "players=alice, bob",
       "method=\"enumerate\"", "betas=0,inf,-2.5", "query={\"x\": [1]}", "model=second", "other=text"},
      fake);
  EXPECT_EQ(r.status, 0) << r.err;
  const json& params = fake.last_request.at("params");
  EXPECT_EQ(params.at("limit"), 5);
  EXPECT_EQ(params.at("player"), "1");  // a string parameter: a player named "1", not the number
  EXPECT_EQ(params.at("players"), json::array({"alice", "bob"}));
  EXPECT_EQ(params.at("method"), "enumerate");
  EXPECT_EQ(params.at("betas"), json::array({0, "inf", -2.5}));
  EXPECT_EQ(params.at("query"), json::parse(R"({"x": [1]})"));
  EXPECT_EQ(params.at("other"), "text");  // not in the catalogue: JSON if it reads as JSON, else text
  EXPECT_EQ(fake.last_request.at("model_name"), "second");
  EXPECT_EQ(fake.last_request.at("analysis"), "equilibria");
  EXPECT_NE(fake.last_request.at("model").get<std::string>().find("\"kind\""), std::string::npos);
}

TEST(CliParameters, AnArgumentThatIsNotNameValueIsAUsageError) {
  FakeEngine fake;
  CliRun r = run_cli({"analyze", kModelFile, "equilibria", "limit"}, fake);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("expected name=value, got \"limit\""), std::string::npos);
}

TEST(CliPrinting, ANewKindsResultPrintsAsTablesAndLines) {
  FakeEngine fake;
  fake.reply = json::parse(R"({"ok": true, "analysis": "equilibria", "kind": "game", "result": {
    "count": 2, "truncated": false, "players": ["alice", "bob"], "method": null,
    "equilibria": [ {"name": "e1", "payoffs": {"alice": 1, "bob": 0.5}, "path": ["L", "r"]},
                    {"name": "e2", "payoffs": {"alice": 0, "bob": 2}, "path": ["R"], "note": "mixed"} ],
    "values": [[1, 2], [3.25, 4]],
    "tree": {"root": "n0", "depth": 2}
  }})");
  CliRun r = run_cli({"analyze", kModelFile, "equilibria"}, fake);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "count:     2\n"
            "method:    -\n"
            "players:   alice, bob\n"
            "truncated: false\n"
            "\n"
            "equilibria:\n"
            "  name  path  payoffs.alice  payoffs.bob  note\n"
            "  e1    L, r  1              0.5\n"
            "  e2    R     0              2            mixed\n"
            "\n"
            "tree:\n"
            "  depth: 2\n"
            "  root:  n0\n"
            "\n"
            "values:\n"
            "  #  0     1\n"
            "  0  1     2\n"
            "  1  3.25  4\n");
}

TEST(CliPrinting, RecordsTooDeepForATableAreNumberedBlocks) {
  std::ostringstream out;
  print_generic(json::parse(R"({"decisions": [{"decision": "D", "variables": [{"ici": {"admits": true}}]},
                                              {"decision": "E", "variables": []}]})"),
                out);
  EXPECT_EQ(out.str(),
            "\ndecisions:\n"
            "  [0]\n    decision: D\n\n    variables:\n      ici.admits\n      true\n"
            "\n  [1]\n    decision:  E\n    variables: (none)\n");
}

TEST(CliPrinting, WhatIsNeitherIsIndentedJsonKeepingShortPartsOnALine) {
  std::ostringstream out;
  print_generic(json::parse(R"({"mixed": [1, {"a": [[1, {"b": 2}]]}]})"), out);
  EXPECT_EQ(out.str(), "\nmixed:\n  [1,{\"a\":[[1,{\"b\":2}]]}]\n");
}

TEST(CliPrinting, ThePrinterIsChosenByKindAndAnalysisNotByAnalysisAlone) {
  // "describe" of a game is not a SCIM's describe: the game's result prints the generic way.
  FakeEngine fake;
  fake.reply = json::parse(R"({"ok": true, "analysis": "describe", "kind": "game",
                               "result": {"title": "Matching pennies", "players": ["row", "column"]}})");
  CliRun r = run_cli({"analyze", kModelFile, "describe"}, fake);
  EXPECT_EQ(r.out, "players: row, column\ntitle:   Matching pennies\n");
}

TEST(CliPrinting, APrinterMeetingAnotherShapeGivesWayToTheGenericPrinter) {
  std::ostringstream out;
  print_result("scim", "expected_utility", json::parse(R"({"policies": [{"label": "a"}]})"), out);
  EXPECT_EQ(out.str(), "\npolicies:\n  label\n  a\n");
}

TEST(CliPrinting, CheckSummarisesByKindWithAPlainFallback) {
  std::ostringstream out;
  print_check("g.jsonc", "game", json::object(), out);
  print_check("m.jsonc", "mdp",
              json::parse(R"({"kind": "mdp", "states": [0, 1], "actions": ["a"], "variants": ["base"]})"),
              out);
  EXPECT_EQ(out.str(), "g.jsonc: ok (game)\nm.jsonc: ok (mdp, 2 states, 1 actions, 1 variant)\n");
}

TEST(CliReplies, DiagnosticsArePrintedAtTheirLineWithTheirHint) {
  FakeEngine fake;
  fake.reply = json::parse(R"({"ok": false, "diagnostics": [
    {"id": "model.unknown_parent", "line": 12, "column": 18, "message": "no X2", "hint": "did you mean \"X\"?"},
    {"id": "request.unknown_parameter", "line": 0, "column": 0, "message": "no polcy", "hint": ""}]})");
  CliRun r = run_cli({"check", kModelFile}, fake);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, kModelFile + ":12:18: error: [model.unknown_parent] no X2\n  hint: did you mean \"X\"?\n" +
                       kModelFile + ": error: [request.unknown_parameter] no polcy\n");
  EXPECT_EQ(r.out, "");
}

TEST(CliReplies, JsonPrintsTheWholeReply) {
  FakeEngine fake;
  fake.reply = {{"ok", true}, {"analysis", "describe"}, {"kind", "game"}, {"result", {{"a", 1}}}};
  CliRun r = run_cli({"analyze", kModelFile, "describe", "--json"}, fake);
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(json::parse(r.out), fake.reply);
}

TEST(CliReplies, RequestPassesTheTextThroughAndExitsByOk) {
  FakeEngine fake;
  fake.reply = {{"ok", false}, {"diagnostics", json::array()}};
  CliRun r = run_cli({"request"}, fake, R"({"model": "{}", "analysis": "describe"})");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(json::parse(r.out), fake.reply);
  EXPECT_EQ(fake.last_request.at("model"), "{}");
}

TEST(CliReplies, AFileThatCannotBeReadIsAnError) {
  FakeEngine fake;
  CliRun r = run_cli({"check", "/nonexistent/model.jsonc"}, fake);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "/nonexistent/model.jsonc: error: cannot read the file\n");
}

}  // namespace
}  // namespace motive::cli
