// The Gambit .efg importer (engine/formats/efg.cc; docs/formats.md): a hand-written tree that plays the
// same stages in every history becomes a game whose plays and payoffs are the tree's (information sets
// given once and named again, payoffs on inner nodes added along the play); trees the game format cannot
// hold, and every other mistake, are reported at their line and column.
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

json model_of(const Imported& imported) {
  const std::string& text = imported.model;
  return json::parse(text.substr(text.find('\n') + 1));
}

// The payoffs of the play given by `given` in an imported payoff table.
json payoffs_of(const json& model, const json& given) {
  for (const json& row : model["payoff_table"])
    if (row["given"] == given) return row["payoffs"];
  ADD_FAILURE() << "no row for " << given.dump();
  return {};
}

TEST(FormatsEfg, ALayeredTreeBecomesStagesWithTheTreesPayoffs) {
  Diagnostics d;
  auto imported = import_efg(test::read_source_file("tests/formats/pennies-in-turn.efg"), &d);
  ASSERT_TRUE(imported) << (d.empty() ? "" : d.items()[0].message);
  const json m = model_of(*imported);
  ASSERT_EQ(m["stages"].size(), 3u);
  EXPECT_EQ(m["stages"][0]["chance"], json({{"double", 0.5}, {"single", 0.5}}));
  EXPECT_EQ(m["stages"][1]["players"], json({"Player_1"}));
  EXPECT_EQ(m["stages"][2]["actions"]["action"], json({"H", "T"}));
  ASSERT_EQ(m["payoff_table"].size(), 8u);
  // Outcome 2 ("P2 wins double") named again by its number alone; outcome 4 likewise.
  EXPECT_EQ(payoffs_of(m, {{"chance_1", "double"}, {"move_2_Player_1", "T"}, {"move_3_Player_2", "H"}}),
            json({{"Player_1", -2}, {"Player_2", 2}}));
  EXPECT_EQ(payoffs_of(m, {{"chance_1", "single"}, {"move_2_Player_1", "T"}, {"move_3_Player_2", "T"}}),
            json({{"Player_1", 1}, {"Player_2", -1}}));
  EXPECT_NE(imported->notes.back().find("information sets are not kept"), std::string::npos);
  // Zero-sum: under uniform play the exact correlation of the two players' returns is −1, each mean 0.
  const json sica = test::analyze(imported->model, "sica", {{"rollouts", 100}});
  EXPECT_NEAR(sica["exact"]["correlation"][0][1].get<double>(), -1.0, 1e-12);
  EXPECT_NEAR(sica["exact"]["mean"][0].get<double>(), 0.0, 1e-12);
}

TEST(FormatsEfg, PayoffsOnInnerNodesAddUpAlongThePlay) {
  const std::string text =
      "EFG 2 R \"toll\" { \"A\" \"B\" }\n"
      "p \"\" 1 1 \"\" { \"x\" \"y\" } 1 \"toll\" { -1, 1 }\n"
      "t \"\" 2 \"end\" { 3, 0 }\n"
      "t \"\" 2\n";
  Diagnostics d;
  auto imported = import_efg(text, &d);
  ASSERT_TRUE(imported) << (d.empty() ? "" : d.items()[0].message);
  const json m = model_of(*imported);
  EXPECT_EQ(payoffs_of(m, {{"move_1_A", "y"}}), json({{"A", 2}, {"B", 1}}));
}

struct Case {
  std::string name, text, id;
  int line, column;
  std::string in_message;
};

TEST(FormatsEfg, TreesTheGameFormatCannotHoldAndOtherMistakesAreReportedAtTheirPlace) {
  const std::string head = "EFG 2 R \"g\" { \"A\" \"B\" }\n";
  const std::vector<Case> cases = {
      {"plays of different lengths",
       head + "p \"\" 1 1 \"\" { \"stop\" \"go\" } 0\nt \"\" 1 \"o\" { 1, 0 }\np \"\" 2 1 \"\" { \"l\" \"r\" "
              "} 0\n"
              "t \"\" 2 \"x\" { 0, 1 }\nt \"\" 3 \"y\" { 2, 2 }\n",
       "import.unsupported", 5, 1, "ends after 2 moves"},
      {"different players at one depth",
       head +
           "c \"\" 1 \"\" { \"x\" 1/2 \"y\" 1/2 } 0\np \"\" 1 1 \"\" { \"a\" } 0\nt \"\" 1 \"o\" { 1, 0 }\n"
           "p \"\" 2 1 \"\" { \"a\" } 0\nt \"\" 1\n",
       "import.unsupported", 5, 1, "line 3"},
      {"chances that do not add up",
       head + "c \"\" 1 \"\" { \"x\" 1/2 \"y\" 1/3 } 0\nt \"\" 1 \"o\" { 1, 0 }\nt \"\" 1\n",
       "import.bad_probability", 2, 1, "0.8333"},
      {"an outcome without payoffs", head + "p \"\" 1 1 \"\" { \"a\" } 0\nt \"\" 5\n", "import.undefined", 3,
       6, "outcome 5"},
      {"an information set not given yet", head + "p \"\" 1 1 0\n", "import.syntax", 2, 10, "first node"},
      {"another version", "EFG 3 R \"g\" { \"A\" }\n", "import.unsupported", 1, 5, "version 3"},
      {"a tree that stops short", head + "p \"\" 1 1 \"\" { \"a\" \"b\" } 0\nt \"\" 1 \"o\" { 1, 0 }\n",
       "import.syntax", 4, 1, "expected a node"},
      {"player out of range", head + "p \"\" 3 1 \"\" { \"a\" } 0\n", "import.too_large", 2, 6, "player"},
  };
  for (const Case& c : cases) {
    Diagnostics d;
    auto imported = import_efg(c.text, &d);
    EXPECT_FALSE(imported) << c.name;
    ASSERT_FALSE(d.empty()) << c.name;
    const Diagnostic& first = d.items().front();
    EXPECT_EQ(first.id, c.id) << c.name << ": " << first.message;
    EXPECT_EQ(first.span.line, c.line) << c.name << ": " << first.message;
    EXPECT_EQ(first.span.column, c.column) << c.name << ": " << first.message;
    EXPECT_NE(first.message.find(c.in_message), std::string::npos) << c.name << ": " << first.message;
  }
}

}  // namespace
}  // namespace motive::formats
