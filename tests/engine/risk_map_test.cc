// Risk maps as data (engine/game/risk/map.h) and the Risk model reader: the shipped maps, and every
// mistake in a map, a position or the model's fields reported with its id at its line and column.
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/diagnostics.h"
#include "game/model.h"
#include "game/risk/game.h"
#include "game/risk/map.h"

namespace motive::game::risk {
namespace {

TEST(RiskMaps, TheRingIsSixTerritoriesInARingOfThreeContinents) {
  std::shared_ptr<const RiskMap> ring = shipped_map("ring");
  ASSERT_NE(ring, nullptr);
  ASSERT_EQ(ring->size(), 6);
  ASSERT_EQ(ring->continents.size(), 3u);
  for (const Continent& c : ring->continents) {
    EXPECT_EQ(c.territories.size(), 2u);
    EXPECT_EQ(c.bonus, 2);
  }
  // Each territory borders exactly the one before and the one after it.
  for (int t = 0; t < 6; ++t) {
    EXPECT_EQ(ring->territories[t].adjacent.size(), 2u);
    EXPECT_TRUE(ring->adjacent(t, (t + 1) % 6));
    EXPECT_TRUE(ring->adjacent(t, (t + 5) % 6));
  }
  EXPECT_EQ(ring->borders.size(), 12u);
  EXPECT_EQ(ring->starts.size(), 2u);
  EXPECT_TRUE(ring->starts.count(2) && ring->starts.count(3));
}

TEST(RiskMaps, MeridiaIsSymmetricConnectedWithStartsForThreeAndFour) {
  std::shared_ptr<const RiskMap> m = shipped_map("meridia");
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->size(), 22);
  EXPECT_EQ(m->continents.size(), 5u);
  EXPECT_EQ(m->total_bonus, 13);
  for (const Border& b : m->borders) EXPECT_TRUE(m->adjacent(b.to, b.from));
  std::set<std::string> names;
  for (const Territory& t : m->territories) names.insert(t.name);
  EXPECT_EQ(names.size(), 22u);
  for (int players : {3, 4}) {
    ASSERT_TRUE(m->starts.count(players));
    const Position& p = m->starts.at(players);
    std::vector<int> armies(players);
    for (int t = 0; t < m->size(); ++t) armies[p.owner[t]] += p.armies[t];
    // Every player starts with the same armies, and nobody with a whole continent.
    for (int i = 1; i < players; ++i) EXPECT_EQ(armies[i], armies[0]);
    for (const Continent& c : m->continents) {
      std::set<int> owners;
      for (int t : c.territories) owners.insert(p.owner[t]);
      EXPECT_GT(owners.size(), 1u) << c.name;
    }
  }
  EXPECT_EQ(shipped_map("middle-earth"), nullptr);
}

// ---- Positioned errors ----------------------------------------------------------------------------

const char* kModel = R"({
  "kind": "game", "builtin": "risk", "players": 2,
  "map": {
    "continents": [
      { "id": "a", "name": "Alpha", "bonus": 1 },
      { "id": "b", "name": "Beta", "bonus": 2 }
    ],
    "territories": [
      { "id": "t1", "name": "One", "continent": "a", "x": 10, "y": 10, "adjacent": ["t2", "t3"] },
      { "id": "t2", "name": "Two", "continent": "a", "x": 20, "y": 10, "adjacent": ["t1", "t3"] },
      { "id": "t3", "name": "Three", "continent": "b", "x": 15, "y": 20, "adjacent": ["t1", "t2"] }
    ],
    "starts": { "2": { "t1": { "owner": 1, "armies": 2 }, "t2": { "owner": 2, "armies": 2 },
                       "t3": { "owner": 1, "armies": 1 } } }
  }
})";

struct Case {
  std::string name;
  std::string from, to;  // a replacement in kModel (its first occurrence)
  std::string id;
  std::string at;          // the diagnostic starts at the first occurrence of this in the new text,
  std::size_t offset = 0;  // plus this many characters
};

// Line and column (1-based) of byte `pos` of `text` (ASCII).
std::pair<int, int> line_column(const std::string& text, std::size_t pos) {
  int line = 1, column = 1;
  for (std::size_t k = 0; k < pos; ++k) {
    if (text[k] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return {line, column};
}

TEST(RiskMaps, TheSmallModelReads) {
  Diagnostics d;
  ASSERT_TRUE(read_game_model(kModel, &d)) << (d.empty() ? "" : d.items()[0].message);
}

TEST(RiskMaps, EveryMistakeIsReportedWithItsIdAtItsPosition) {
  const std::string t3 =
      R"({ "id": "t3", "name": "Three", "continent": "b", "x": 15, "y": 20, "adjacent": ["t1", "t2"] })";
  const std::string start = R"("starts": { "2": {)";
  const std::vector<Case> cases = {
      {"a neighbour that is no territory", R"(["t1", "t3"] },)", R"(["t1", "t9"] },)",
       "game.unknown_territory", R"("t9")"},
      {"a territory its own neighbour", R"(["t1", "t3"] },)", R"(["t1", "t3", "t2"] },)",
       "game.bad_adjacency", R"("t3", "t2"])", 6},
      {"a neighbour listed twice", R"(["t1", "t3"] },)", R"(["t1", "t3", "t3"] },)", "game.bad_adjacency",
       R"("t3", "t3"])", 6},
      {"a border listed on one side", R"(["t1", "t2"] })", R"(["t1"] })", "game.bad_adjacency",
       R"(["t1", "t3"])", 7},
      {"a continent that does not exist", R"("continent": "b")", R"("continent": "c")",
       "game.unknown_continent", R"("c")"},
      {"a territory in no continent", R"("continent": "b", )", "", "model.missing_field", t3.substr(0, 12)},
      {"a disconnected territory", t3 + "\n", t3 + R"(,
      { "id": "t4", "name": "Four", "continent": "b", "x": 5, "y": 5, "adjacent": [] }
)",
       "game.disconnected_map", R"({ "id": "t4")"},
      {"a negative bonus", R"("bonus": 1)", R"("bonus": -1)", "game.bad_continent", "-1"},
      {"a fractional bonus", R"("bonus": 1)", R"("bonus": 1.5)", "game.bad_continent", "1.5"},
      {"a continent without territories", R"({ "id": "b", "name": "Beta", "bonus": 2 })",
       R"({ "id": "b", "name": "Beta", "bonus": 2 }, { "id": "c", "name": "Gamma", "bonus": 2 })",
       "game.bad_continent", R"({ "id": "c")"},
      {"no bonus anywhere", R"("bonus": 1 },
      { "id": "b", "name": "Beta", "bonus": 2 })",
       R"("bonus": 0 },
      { "id": "b", "name": "Beta", "bonus": 0 })",
       "game.bad_continent", R"([
      { "id": "a")"},
      {"a territory id given twice", R"("id": "t3", "name": "Three")", R"("id": "t2", "name": "Three")",
       "game.bad_map", R"("t2", "name": "Three")"},
      {"two territories of one name", R"("name": "Three")", R"("name": "Two")", "game.bad_map",
       R"("Two", "continent": "b")"},
      {"an id with a space", R"("id": "t3", "name")", R"("id": "t 3", "name")", "game.bad_map", R"("t 3")"},
      {"a bad colour", R"("bonus": 1 })", R"("bonus": 1, "colour": "red" })", "game.bad_map", R"("red")"},
      {"a territory off the canvas", R"("x": 15)", R"("x": 5000)", "game.bad_map", "5000"},
      {"an unknown field of a territory", R"("x": 15,)", R"("x": 15, "z": 1,)", "model.unknown_field",
       R"("z")"},
      {"a start missing a territory", R"(,
                       "t3": { "owner": 1, "armies": 1 })",
       "", "game.bad_position", R"({ "t1")"},
      {"a start with no armies", R"("armies": 1 })", R"("armies": 0 })", "game.bad_position", R"(0 })"},
      {"a start with a seat beyond the players", R"("t3": { "owner": 1)", R"("t3": { "owner": 3)",
       "game.bad_position", R"(3, "armies": 1)"},
      {"a start for a number that is no number of players", start, R"("starts": { "9": {)", "game.bad_map",
       R"("9")"},
      {"a start where a player holds nothing", R"("t2": { "owner": 2)", R"("t2": { "owner": 1)",
       "game.bad_position", R"({ "t1")"},
      {"no start for this many players", R"("players": 2)", R"("players": 3)", "game.bad_position", "3,"},
      {"one player", R"("players": 2)", R"("players": 1)", "game.bad_players", "1,"},
      {"a player name with a space", R"("players": 2)", R"("players": ["red", "dark blue"])",
       "game.invalid_name", R"("dark blue")"},
      {"two players of one name", R"("players": 2)", R"("players": ["red", "red"])", "game.duplicate_name",
       R"("red"])"},
      {"no map", R"("map": {)", R"("mapp": {)", "model.unknown_field", R"("mapp")"},
      {"zero rounds", R"("players": 2,)", R"("players": 2, "rounds": 0,)", "game.bad_rounds", "0,"},
      {"eleven rounds", R"("players": 2,)", R"("players": 2, "rounds": 11,)", "game.bad_rounds", "11,"},
      {"an unknown value function", R"("players": 2,)", R"("players": 2, "value": "mc",)", "game.bad_value",
       R"("mc")"},
      {"weights that do not sum to 1", R"("players": 2,)",
       R"("players": 2, "value_weights": {"territories": 0.5, "armies": 0.5, "continents": 0.5},)",
       "game.bad_value", R"({"territories")"},
      {"a negative weight", R"("players": 2,)",
       R"("players": 2, "value_weights": {"territories": 1.5, "armies": -0.5, "continents": 0},)",
       "game.bad_value", "1.5"},
      {"an unknown personality", R"("players": 2,)", R"("players": 2, "policies": {"red": "reckless"},)",
       "game.unknown_personality", R"("reckless")"},
      {"a personality's number out of range", R"("players": 2,)",
       R"("players": 2, "policies": {"red": {"attack_threshold": 2}},)", "game.bad_personality", "2}"},
      {"a personality's unknown number", R"("players": 2,)",
       R"("players": 2, "policies": {"red": {"attack_thresold": 0.5}},)", "model.unknown_field",
       R"("attack_thresold")"},
      {"a policy for nobody", R"("players": 2,)", R"("players": 2, "policies": {"purple": "aggressive"},)",
       "game.unknown_player", R"("purple")"},
      {"a position naming no player", R"("players": 2,)",
       R"("players": 2, "position": {"t1": {"owner": "red", "armies": 1}, "t2": {"owner": "pink", "armies": 1}, "t3": {"owner": "blue", "armies": 1}},)",
       "game.unknown_player", R"("pink")"},
      {"a position naming no territory", R"("players": 2,)",
       R"("players": 2, "position": {"t7": {"owner": "red", "armies": 1}},)", "game.unknown_territory",
       R"("t7")"},
      {"a state that is not one", R"("players": 2,)", R"("players": 2, "states": {"x": "risk round=1"},)",
       "game.bad_state", R"("risk round=1")"},
  };
  for (const Case& c : cases) {
    std::string text = kModel;
    const std::size_t where = text.find(c.from);
    ASSERT_NE(where, std::string::npos) << c.name;
    text.replace(where, c.from.size(), c.to);
    Diagnostics d;
    EXPECT_FALSE(read_game_model(text, &d)) << c.name;
    ASSERT_FALSE(d.empty()) << c.name;
    const Diagnostic& first = d.items()[0];
    EXPECT_EQ(first.id, c.id) << c.name << ": " << first.message;
    const std::size_t at = text.find(c.at);
    ASSERT_NE(at, std::string::npos) << c.name;
    auto [line, column] = line_column(text, at + c.offset);
    EXPECT_EQ(first.span.line, line) << c.name << ": " << first.message;
    EXPECT_EQ(first.span.column, column) << c.name << ": " << first.message;
  }
}

TEST(RiskMaps, AShippedMapsNameMisspelledIsPointedAt) {
  Diagnostics d;
  EXPECT_FALSE(read_game_model(R"({"kind": "game", "builtin": "risk", "map": "rign"})", &d));
  ASSERT_FALSE(d.empty());
  EXPECT_EQ(d.items()[0].id, "game.unknown_map");
  EXPECT_EQ(d.items()[0].span.column, 44);
  EXPECT_NE(d.items()[0].hint.find("ring"), std::string::npos);
  Diagnostics none;
  EXPECT_FALSE(read_game_model(R"({"kind": "game", "builtin": "risk"})", &none));
  EXPECT_EQ(none.items()[0].id, "model.missing_field");
}

TEST(RiskMaps, TooManyTerritoriesAreRefused) {
  std::string territories;
  for (int t = 0; t <= kMaxTerritories; ++t) {
    const std::string id = "t" + std::to_string(t);
    const std::string next = "t" + std::to_string((t + 1) % (kMaxTerritories + 1));
    const std::string prev = "t" + std::to_string((t + kMaxTerritories) % (kMaxTerritories + 1));
    territories += std::string(t ? "," : "") + R"({"id": ")" + id + R"(", "name": ")" + id +
                   R"(", "continent": "a", "x": 1, "y": 1, "adjacent": [")" + next + R"(", ")" + prev +
                   R"("]})";
  }
  const std::string text =
      R"({"kind": "game", "builtin": "risk", "map": {"continents": [{"id": "a", "name": "A", "bonus": 1}], "territories": [)" +
      territories + "]}}";
  Diagnostics d;
  EXPECT_FALSE(read_game_model(text, &d));
  ASSERT_FALSE(d.empty());
  EXPECT_EQ(d.items()[0].id, "game.bad_map");
  EXPECT_NE(d.items()[0].message.find("2 to 64 territories"), std::string::npos);
}

}  // namespace
}  // namespace motive::game::risk
