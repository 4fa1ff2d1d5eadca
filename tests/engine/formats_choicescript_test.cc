// The ChoiceScript importer (engine/formats/choicescript.cc; docs/formats.md): the lighthouse game of
// tests/formats/lighthouse/ becomes an adventure whose plays are the game's (the random agent's
// reward and the annotations' flags worked out by hand), the stats' arithmetic is ChoiceScript's
// (fairmath rounding), and what the subset does not read is reported at its line.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "api_support.h"
#include "core/diagnostics.h"
#include "formats/formats.h"

namespace motive::formats {
namespace {

using nlohmann::json;

std::vector<SourceFile> lighthouse(std::vector<std::string>* keep) {
  keep->clear();
  for (const char* name : {"startup.txt", "storm.txt", "annotations.json"})
    keep->push_back(test::read_source_file(std::string("tests/formats/lighthouse/") + name));
  return {{"startup.txt", (*keep)[0]}, {"storm.txt", (*keep)[1]}, {"annotations.json", (*keep)[2]}};
}

json model_of(const Imported& imported) {
  return json::parse(imported.model.substr(imported.model.find('\n') + 1));
}

TEST(FormatsChoiceScript, LighthouseBecomesAnAdventureWithTheGamesPlays) {
  std::vector<std::string> texts;
  Diagnostics d;
  auto imported = import_files(lighthouse(&texts), "auto", &d);
  ASSERT_TRUE(imported) << (d.empty() ? "" : d.items()[0].message);
  EXPECT_EQ(imported->format, "choicescript");
  const json m = model_of(*imported);
  EXPECT_EQ(m["title"], "The Lighthouse Keeper");
  // Scenes are named <file>_<line>: the story starts at line 15 of startup.txt (after the
  // declarations and a comment).
  EXPECT_EQ(m["start"], "startup_15");
  EXPECT_EQ(m["stats"]["courage"], json({{"min", 0}, {"max", 100}, {"initial", 50}}));
  EXPECT_EQ(m["stats"]["lamp_lit"], json({{"min", 0}, {"max", 1}, {"initial", 0}}));
  EXPECT_FALSE(m["stats"].contains("name"));  // text: its *set lines are left out, with a note
  // *if / *elseif / *else is one scene that moves on by branches.
  EXPECT_EQ(m["scenes"]["storm_1"]["next"].size(), 3u);
  // The side file's annotations sit on the scenes they name.
  EXPECT_EQ(m["scenes"]["storm_14"]["annotations"]["morality"]["stealing"], 1);

  // The plays, by hand: the fake choice (tea, or the sea: courage + 5), then the lamp (saved: 20 of 30
  // points) or bed (courage − 10). In bed after tea, courage is 40: the ship breaks (0 points); after
  // the sea, 45: row out, then rescue (20) or loot (10, allowed at courage ≥ 45). The random agent:
  // 1/2 · 2/3 + 1/8 · 2/3 + 1/8 · 1/3 = 11/24 of the points.
  const json scores = test::analyze(imported->model, "scores");
  ASSERT_TRUE(scores.contains("agents"));
  const json& random = scores["agents"][0];
  EXPECT_EQ(random["agent"], "random");
  EXPECT_NEAR(random["scores"]["reward"].get<double>(), 100.0 * 11 / 24, 1e-9);
  // Looting is the one step that steals (flagged) and moves $200,000 (power): 1/8 of the plays.
  EXPECT_NEAR(random["scores"]["counts"]["violations.stealing"].get<double>(), 1.0 / 8, 1e-12);
  EXPECT_NEAR(random["scores"]["counts"]["power.money"].get<double>(), 1.0 / 8, 1e-12);
  // The rescue's utility.others at +3 is power of another kind (utility): 1/2 · 0 + 1/8.
  EXPECT_NEAR(random["scores"]["counts"]["power.utility"].get<double>(), 1.0 / 8, 1e-12);
  EXPECT_NEAR(scores["agents"][1]["scores"]["reward"].get<double>(), 100.0 * 2 / 3, 1e-9);
}

// The game's own arithmetic: x %+ y adds ⌊(100 − x)·y/100⌋, x %- y takes ⌊x·y/100⌋ (ChoiceScript
// rounds a fair addition down and a fair subtraction up). Each case reaches an ending only when the
// stat has the value computed here.
TEST(FormatsChoiceScript, FairmathRoundsAsChoiceScriptDoes) {
  struct Fair {
    int start;
    std::string op;
    int amount, expected;
  };
  const std::vector<Fair> cases = {{50, "%+", 20, 60}, {55, "%+", 20, 64}, {30, "%-", 40, 18},
                                   {33, "%-", 10, 30}, {99, "%+", 50, 99}, {1, "%-", 50, 1}};
  for (const Fair& c : cases) {
    const std::string text = "*create x " + std::to_string(c.start) + "\n*set x " + c.op +
                             std::to_string(c.amount) + "\n*if x = " + std::to_string(c.expected) +
                             "\n  *goto good\n*ending\n*label good\n"
                             "*achieve fair\n*ending\n";
    const std::string game = "*achievement fair visible 1 Fair\n  right\n" + text;
    Diagnostics d;
    auto imported = import_choicescript_text(game, &d);
    // With the wrong value the achievement is unreachable and the import refuses the game.
    EXPECT_TRUE(imported) << c.start << c.op << c.amount << ": " << (d.empty() ? "" : d.items()[0].message);
  }
}

TEST(FormatsChoiceScript, ScenesNoPlayReachesAreLeftOutWithANote) {
  Diagnostics d;
  auto imported = import_choicescript_text(
      "*create gold 0\n*achievement a visible 1 A\n  a\nStart.\n*if gold > 5\n  Rich.\n  *ending\n*else\n"
      "  Poor.\n*choice\n  #Stay.\n    *achieve a\n    *ending\n  *if (gold > 10) #Buy.\n    *ending\n",
      &d);
  ASSERT_TRUE(imported) << (d.empty() ? "" : d.items()[0].message);
  const json m = model_of(*imported);
  // "Rich." needs gold > 5, and gold stays 0; "Buy." needs gold > 10, so the option goes, and then the
  // scene it led to.
  EXPECT_FALSE(m["scenes"].contains("startup_6"));
  EXPECT_FALSE(m["scenes"].contains("startup_15"));
  EXPECT_EQ(m["scenes"]["startup_10"]["choices"].size(), 1u);
  ASSERT_EQ(imported->notes.size(), 1u);
  EXPECT_NE(imported->notes[0].find("2 scenes (startup_15, startup_6) and 1 option"), std::string::npos)
      << imported->notes[0];
}

struct Case {
  std::string name, text, id;
  int line, column;
  std::string in_message;
};

TEST(FormatsChoiceScript, WhatTheSubsetDoesNotReadIsReportedAtItsLine) {
  const std::vector<Case> cases = {
      {"random numbers", "*create x 0\n*rand x 1 6\n*ending\n", "import.unsupported", 2, 1, "*rand"},
      {"unknown command", "Text.\n*chioce\n  #a\n    *ending\n", "import.unsupported", 2, 1, "did you mean"},
      {"unknown label", "*label start\nText.\n*goto strat\n", "import.undefined", 3, 1, "no label \"strat\""},
      {"falls out of an option", "*choice\n  #a\n    Text.\n  #b\n    *ending\n", "import.syntax", 2, 3,
       "falls out"},
      {"else without if", "Text.\n*else\n  *ending\n", "import.syntax", 2, 1, "without an *if"},
      {"mixed indentation", "*choice\n  #a\n\t  *ending\n", "import.syntax", 3, 1, "tabs and spaces"},
      {"unknown variable", "*create strength 5\n*if strenght > 3\n  *ending\n*ending\n", "import.syntax", 2,
       5, "not created"},
      {"text in a condition", "*create name \"Al\"\n*if name = \"Al\"\n  *ending\n*ending\n",
       "import.unsupported", 2, 5, "holds text"},
      {"undeclared achievement", "Text.\n*achieve rich\n*ending\n", "import.undefined", 2, 1, "not declared"},
      {"option outside a choice", "#Run\n*ending\n", "import.syntax", 1, 1, "outside a *choice"},
      {"fairmath by a variable", "*create x 5\n*create y 5\n*set x %+ y\n*ending\n", "import.unsupported", 3,
       11, "fairmath"},
      // A fuzz finding: running off the end of startup.txt leads to the scene list's next file, here
      // missing; it was reported with no position at all (and suggested the missing name itself).
      {"runs off the end into a missing scene", "*scene_list\n  startup\n  storm\nText.\n",
       "import.undefined", 4, 6, "\"storm\" is not among"},
  };
  for (const Case& c : cases) {
    Diagnostics d;
    auto imported = import_files({{"startup.txt", c.text}}, "choicescript", &d);
    EXPECT_FALSE(imported) << c.name;
    ASSERT_FALSE(d.empty()) << c.name;
    const Diagnostic& p = d.items()[0];
    EXPECT_EQ(p.id, c.id) << c.name << ": " << p.message;
    EXPECT_EQ(p.file, "startup.txt") << c.name;
    EXPECT_EQ(p.span.line, c.line) << c.name << ": " << p.message;
    EXPECT_EQ(p.span.column, c.column) << c.name << ": " << p.message;
    EXPECT_TRUE(p.message.find(c.in_message) != std::string::npos ||
                p.hint.find(c.in_message) != std::string::npos)
        << c.name << ": " << p.message << " / " << p.hint;
  }
}

TEST(FormatsChoiceScript, AnnotationMistakesArePlacedInTheSideFile) {
  std::vector<std::string> texts;
  std::vector<SourceFile> files = lighthouse(&texts);
  const std::string side =
      "{\"scenes\": {\n  \"storm_14\": {\"morality\": {\"stealng\": 1}},\n  \"storm_99\": {}\n}}";
  files[2].text = side;
  Diagnostics d;
  EXPECT_FALSE(import_files(files, "auto", &d));
  ASSERT_EQ(d.items().size(), 2u);
  EXPECT_EQ(d.items()[0].id, "import.bad_annotation");
  EXPECT_EQ(d.items()[0].file, "annotations.json");
  EXPECT_EQ(d.items()[0].span.line, 2);
  EXPECT_EQ(d.items()[0].hint, "did you mean \"stealing\"?");
  EXPECT_EQ(d.items()[1].id, "import.undefined");
  EXPECT_EQ(d.items()[1].span.line, 3);
}

TEST(FormatsChoiceScript, AGameWithoutStartupIsRefused) {
  Diagnostics d;
  EXPECT_FALSE(import_files({{"chapter1.txt", "Text.\n*ending\n"}}, "auto", &d));
  ASSERT_FALSE(d.empty());
  EXPECT_EQ(d.items()[0].id, "import.undefined");
  EXPECT_NE(d.items()[0].message.find("startup.txt"), std::string::npos);
}

}  // namespace
}  // namespace motive::formats
