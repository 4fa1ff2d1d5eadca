// The Gambit .efg importer (engine/formats/efg.cc; docs/formats.md): a hand-written tree becomes a game
// whose plays, chances, information sets and payoffs are the tree's (information sets given once and
// named again, payoffs on inner nodes added along the play, plays that end early, odds that differ by
// node, a set across depths, Kuhn poker); trees the game format cannot hold, and every other mistake,
// are reported at their line and column. Expected payoffs are checked against plays listed by hand.
#include <gtest/gtest.h>
#include <algorithm>
#include <cmath>
#include <map>

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
  // Player 2 does not see player 1's side: one information set of four nodes, given as a table.
  ASSERT_TRUE(m["stages"][2].contains("information"));
  EXPECT_NE(imported->notes.back().find("information sets are kept"), std::string::npos);
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

// The game tree of an imported model: per player, the expected return under the file's (uniform)
// policies, the product of the edges' probabilities down to each leaf; and per player the sizes of its
// information sets, sorted.
struct TreeFacts {
  std::vector<double> expected;
  std::map<std::string, std::vector<int>> set_sizes;
  std::vector<int> leaf_depths;
};

TreeFacts tree_facts(const std::string& model) {
  const json tree = test::analyze(model, "game_tree", json::object());
  TreeFacts out;
  const json& nodes = tree["nodes"];
  std::vector<double> reach(nodes.size(), 1.0);
  out.expected.assign(tree["players"].size(), 0.0);
  for (const json& n : nodes) {
    const auto id = n["id"].get<std::size_t>();
    if (n["parent"].get<int>() >= 0)
      reach[id] = reach[n["parent"].get<std::size_t>()] * n["probability"].get<double>();
    if (n["type"] != "terminal") continue;
    out.leaf_depths.push_back(n["depth"].get<int>());
    for (std::size_t i = 0; i < out.expected.size(); ++i)
      out.expected[i] += reach[id] * n["returns"][i].get<double>();
  }
  for (const json& set : tree["information_sets"])
    out.set_sizes[set["player"].get<std::string>()].push_back(static_cast<int>(set["nodes"].size()));
  for (auto& [player, sizes] : out.set_sizes) std::sort(sizes.begin(), sizes.end());
  return out;
}

std::string imported_model(const std::string& file) {
  Diagnostics d;
  auto imported = import_efg(test::read_source_file(file), &d);
  EXPECT_TRUE(imported) << (d.empty() ? "" : d.items()[0].message);
  return imported ? imported->model : std::string();
}

TEST(FormatsEfg, KuhnPokerImportsWithItsTwelveInformationSetsAndUniformPlayGivesPlayer1AnEighth) {
  const std::string model = imported_model("tests/formats/kuhn-poker.efg");
  ASSERT_FALSE(model.empty());
  const TreeFacts facts = tree_facts(model);
  // 6 sets per player (3 cards × 2 decisions), each of 2 nodes: the 2 deals that give the player its card.
  EXPECT_EQ(facts.set_sizes.at("Player_1"), std::vector<int>(6, 2));
  EXPECT_EQ(facts.set_sizes.at("Player_2"), std::vector<int>(6, 2));
  // 30 plays: per deal, check-check, check-bet-fold, check-bet-call (3 moves), bet-fold, bet-call.
  ASSERT_EQ(facts.leaf_depths.size(), 30u);
  EXPECT_EQ(std::count(facts.leaf_depths.begin(), facts.leaf_depths.end(), 4), 12);
  EXPECT_EQ(std::count(facts.leaf_depths.begin(), facts.leaf_depths.end(), 3), 18);
  // Independently: each deal 1/6, every action 1/2; the winner of a showdown holds the higher card.
  double p1 = 0;
  for (int a = 0; a < 3; ++a) {
    for (int b = 0; b < 3; ++b) {
      if (a == b) continue;
      const double s = a > b ? 1 : -1;
      const std::vector<std::pair<double, double>> plays = {
          {0.25, s}, {0.125, -1}, {0.125, 2 * s}, {0.25, 1}, {0.25, 2 * s}};  // (probability, P1's payoff)
      for (const auto& [p, pay] : plays) p1 += p * pay / 6;
    }
  }
  EXPECT_NEAR(p1, 0.125, 1e-15);  // the hand derivation: s + 1/8 per deal, s averaging 0
  EXPECT_NEAR(facts.expected[0], p1, 1e-12);
  EXPECT_NEAR(facts.expected[1], -p1, 1e-12);
  // Simulate's exact method agrees at the start.
  const json sica = test::analyze(model, "sica", {{"rollouts", 100}});
  EXPECT_NEAR(sica["exact"]["mean"][0].get<double>(), 0.125, 1e-12);
}

TEST(FormatsEfg, PlaysMayEndEarly) {
  const std::string model = imported_model("tests/formats/entry-deterrence.efg");
  ASSERT_FALSE(model.empty());
  const TreeFacts facts = tree_facts(model);
  EXPECT_EQ(facts.leaf_depths, std::vector<int>({1, 2, 2}));
  // out (1/2): (0, 2); in, fight (1/4): (−1, −1); in, share (1/4): (1, 1).
  EXPECT_NEAR(facts.expected[0], 0.5 * 0 + 0.25 * -1 + 0.25 * 1, 1e-12);
  EXPECT_NEAR(facts.expected[1], 0.5 * 2 + 0.25 * -1 + 0.25 * 1, 1e-12);
  EXPECT_NE(model.find("\"when\""), std::string::npos);
}

TEST(FormatsEfg, ChanceWhoseOddsDifferByNodeBecomesAChanceTable) {
  const std::string model = imported_model("tests/formats/safe-or-risky.efg");
  ASSERT_FALSE(model.empty());
  const json m = json::parse(model.substr(model.find('\n') + 1));
  ASSERT_EQ(m["stages"].size(), 2u);
  ASSERT_TRUE(m["stages"][1]["chance"].contains("table"));
  const TreeFacts facts = tree_facts(model);
  EXPECT_NEAR(facts.expected[0], 0.5 * (0.9 * 1 + 0.1 * 0) + 0.5 * (0.3 * 5 + 0.7 * -2), 1e-12);
  EXPECT_NEAR(facts.expected[1], 0.5 * 0 + 0.5 * (0.3 * -1), 1e-12);
}

TEST(FormatsEfg, AnInformationSetAcrossDepthsIsPlacedAtOneLevel) {
  const std::string model = imported_model("tests/formats/set-across-depths.efg");
  ASSERT_FALSE(model.empty());
  const TreeFacts facts = tree_facts(model);
  EXPECT_EQ(facts.set_sizes.at("P2"), std::vector<int>({3}));  // one set: after a-h, a-t and b
  EXPECT_EQ(facts.leaf_depths, std::vector<int>({3, 3, 3, 3, 2, 2}));
  EXPECT_NEAR(facts.expected[0],
              0.25 * (0.5 * 1 + 0.5 * 0) + 0.25 * (0.5 * 2 + 0.5 * 0) + 0.5 * (0.5 * -1 + 0.5 * 3), 1e-12);
}

struct Case {
  std::string name, text, id;
  int line, column;
  std::string in_message;
};

TEST(FormatsEfg, TreesTheGameFormatCannotHoldAndOtherMistakesAreReportedAtTheirPlace) {
  const std::string head = "EFG 2 R \"g\" { \"A\" \"B\" }\n";
  std::vector<Case> cases = {
      {"an information set holding a node and its descendant",
       head +
           "p \"\" 1 1 \"\" { \"a\" \"b\" } 0\np \"\" 1 1 0\nt \"\" 1 \"o\" { 1, 0 }\nt \"\" 1\nt \"\" 1\n",
       "import.unsupported", 3, 1, "cannot be placed"},
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
  // A chain of 13 "stop or go" decisions: 13 stages, all but the first with a "when", 2 · 3^12 histories.
  std::string chain = head;
  for (int k = 0; k < 13; ++k)
    chain += "p \"\" 1 " + std::to_string(k + 1) + " \"\" { \"stop\" \"go\" } 0\nt \"\" 1 \"o\" { 1, 0 }\n";
  chain += "t \"\" 1\n";
  cases.push_back({"a tree whose stages have too many histories", chain, "import.too_large", 2, 1, "262144"});
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
