// The Gambit .nfg importer (engine/formats/nfg.cc; docs/formats.md): hand-written files in both payoff
// forms become games whose exact expected payoffs and SICA correlation under uniform play are the
// averages over the file's profiles, computed here from the numbers written out again; every mistake is
// reported at its line and column.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "api_support.h"
#include "core/diagnostics.h"
#include "formats/formats.h"

namespace motive::formats {
namespace {

using nlohmann::json;

std::string fixture(const std::string& name) { return test::read_source_file("tests/formats/" + name); }

json model_of(const Imported& imported) {
  const std::string& text = imported.model;
  return json::parse(text.substr(text.find('\n') + 1));
}

// The mean payoffs and the correlation of two players' payoffs when every profile is equally likely.
struct Moments {
  double mean[2] = {0, 0};
  double correlation = 0;
};
Moments uniform_moments(const std::vector<std::vector<double>>& payoffs) {
  Moments m;
  const double n = static_cast<double>(payoffs.size());
  for (const auto& p : payoffs)
    for (int i = 0; i < 2; ++i) m.mean[i] += p[i] / n;
  double cov = 0, var[2] = {0, 0};
  for (const auto& p : payoffs) {
    cov += (p[0] - m.mean[0]) * (p[1] - m.mean[1]) / n;
    for (int i = 0; i < 2; ++i) var[i] += (p[i] - m.mean[i]) * (p[i] - m.mean[i]) / n;
  }
  m.correlation = cov / std::sqrt(var[0] * var[1]);
  return m;
}

TEST(FormatsNfg, PrisonersDilemmaIsOneSimultaneousStage) {
  Diagnostics d;
  auto imported = import_nfg(fixture("prisoners-dilemma.nfg"), &d);
  ASSERT_TRUE(imported) << (d.empty() ? "" : d.items()[0].message);
  const json m = model_of(*imported);
  EXPECT_EQ(m["kind"], "game");
  EXPECT_EQ(m["title"], "Prisoner's dilemma");
  EXPECT_EQ(m["players"], json({"Row_player", "Column_player"}));
  ASSERT_EQ(m["stages"].size(), 1u);
  EXPECT_EQ(m["stages"][0]["order"], "simultaneous");
  EXPECT_EQ(m["stages"][0]["actions"]["strategy"], json({"cooperate", "defect"}));
  EXPECT_EQ(imported->notes.size(), 2u);  // two player names with spaces
  // The file's "3 3 5 0 0 5 1 1": the row player's strategy varies fastest.
  const json& row = m["payoff_table"][1];
  EXPECT_EQ(row["given"]["play_Row_player"], "defect");
  EXPECT_EQ(row["given"]["play_Column_player"], "cooperate");
  EXPECT_EQ(row["payoffs"]["Row_player"], 5);
  EXPECT_EQ(row["payoffs"]["Column_player"], 0);
  // Without policies each player chooses uniformly: the exact means and correlation are the averages.
  const Moments expected = uniform_moments({{3, 3}, {5, 0}, {0, 5}, {1, 1}});
  const json sica = test::analyze(imported->model, "sica", {{"rollouts", 100}});
  ASSERT_TRUE(sica["exact"]["available"].get<bool>());
  EXPECT_NEAR(sica["exact"]["mean"][0].get<double>(), expected.mean[0], 1e-12);
  EXPECT_NEAR(sica["exact"]["mean"][1].get<double>(), expected.mean[1], 1e-12);
  EXPECT_NEAR(sica["exact"]["correlation"][0][1].get<double>(), expected.correlation, 1e-12);
}

TEST(FormatsNfg, OutcomesAndStrategyCountsWithDifferentSetsBecomeAStagePerPlayer) {
  Diagnostics d;
  auto imported = import_nfg(fixture("selten.nfg"), &d);
  ASSERT_TRUE(imported) << (d.empty() ? "" : d.items()[0].message);
  const json m = model_of(*imported);
  ASSERT_EQ(m["stages"].size(), 2u);
  EXPECT_EQ(m["stages"][0]["actions"]["strategy"], json({"1", "2", "3"}));
  EXPECT_EQ(m["stages"][1]["actions"]["strategy"], json({"1", "2"}));
  EXPECT_NE(imported->notes.back().find("stage of its own"), std::string::npos);
  // Outcomes a = (1, 1), b = (0, 2), c = (1/2, −3/4); profiles 1 2 0 3 1 3 (0: every payoff 0).
  const json& c = m["payoff_table"][3]["payoffs"];
  EXPECT_EQ(c["Player_1"].get<double>(), 0.5);
  EXPECT_EQ(c["Player_2"].get<double>(), -0.75);
  EXPECT_EQ(m["payoff_table"][2]["payoffs"]["Player_1"], 0);
  const Moments expected = uniform_moments({{1, 1}, {0, 2}, {0, 0}, {0.5, -0.75}, {1, 1}, {0.5, -0.75}});
  const json sica = test::analyze(imported->model, "sica", {{"rollouts", 100}});
  EXPECT_NEAR(sica["exact"]["mean"][0].get<double>(), expected.mean[0], 1e-12);
  EXPECT_NEAR(sica["exact"]["mean"][1].get<double>(), expected.mean[1], 1e-12);
  EXPECT_NEAR(sica["exact"]["correlation"][0][1].get<double>(), expected.correlation, 1e-12);
}

TEST(FormatsNfg, TheFormatIsDetectedByItsExtensionAndItsFirstWord) {
  const std::string text = fixture("prisoners-dilemma.nfg");
  for (const char* name : {"pd.nfg", "pd.game"}) {
    Diagnostics d;
    auto imported = import_files({{name, text}}, "auto", &d);
    ASSERT_TRUE(imported) << name;
    EXPECT_EQ(imported->format, "nfg");
  }
}

struct Case {
  std::string name, text, id;
  int line, column;
  std::string in_message;
};

TEST(FormatsNfg, EveryMistakeIsReportedAtItsPlace) {
  const std::string head = "NFG 1 R \"g\" { \"A\" \"B\" } { 2 2 }\n";
  const std::vector<Case> cases = {
      {"not a normal form", "EFG 2 R \"g\" { \"A\" }\n", "import.syntax", 1, 1, "starts with NFG"},
      {"another version", "NFG 2 R \"g\" { \"A\" } { 2 }\n1 2\n", "import.unsupported", 1, 5, "version 2"},
      {"too few payoffs", head + "1 1 2 2 3 3 4\n", "import.syntax", 3, 1, "8 payoffs"},
      {"a payoff that is no number", head + "1 1 2 x 3 3 4 4\n", "import.bad_number", 2, 7, "\"x\""},
      {"an outcome not defined", head + "{ { \"o\" 1 2 } }\n1 0 2 1\n", "import.undefined", 3, 5,
       "outcome 2"},
      {"a count that is not whole", "NFG 1 R \"g\" { \"A\" } { 2.5 }\n1 2\n", "import.bad_number", 1, 23,
       "whole number"},
      {"too many profiles", "NFG 1 R \"g\" { \"A\" \"B\" } { 100 100 }\n", "import.too_large", 1, 31, "4096"},
      {"too many players", "NFG 1 R \"g\" { \"1\" \"2\" \"3\" \"4\" \"5\" \"6\" \"7\" \"8\" \"9\" } { }\n",
       "import.too_large", 1, 47, "at most 8 players"},
      // The title's closing quote is missing: it runs to the next quote, and "A" is not a player's name.
      {"a quote missing", "NFG 1 R \"g { \"A\" } { 2 }\n", "import.syntax", 1, 15,
       "expected { and the players"},
      {"a string that never ends", "NFG 1 R \"g\" { \"A } { 2 }\n", "import.syntax", 1, 15, "does not end"},
      {"something after the payoffs", head + "1 1 2 2 3 3 4 4 5\n", "import.syntax", 2, 17,
       "end of the file"},
  };
  for (const Case& c : cases) {
    Diagnostics d;
    auto imported = import_nfg(c.text, &d);
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
