// No-press Diplomacy as a game: the shipped maps against the facts of the standard map, the map and
// position readers' positioned errors, the order notation, the legal orders against the adjudicator
// (every listed order legal, every legal order listed), the game's conformance on both maps, the
// policies and the value function.
#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/diagnostics.h"
#include "game/diplomacy/adjudicator.h"
#include "game/diplomacy/game.h"
#include "game/diplomacy/legal.h"
#include "game/diplomacy/map.h"
#include "game/diplomacy/orders.h"
#include "game/diplomacy/policy.h"
#include "game/diplomacy/position_io.h"
#include "game/model.h"
#include "game_conformance.h"

namespace motive::game::diplomacy {
namespace {

const Map& standard() { return *builtin_map("standard"); }
const Map& teaching() { return *builtin_map("teaching"); }

std::shared_ptr<const DiplomacyGame> game_of(const std::string& text) {
  Diagnostics d;
  auto model = read_game_model(text, &d);
  EXPECT_TRUE(model) << (d.empty() ? "" : d.items().front().message);
  if (!model) return nullptr;
  return std::dynamic_pointer_cast<const DiplomacyGame>(model->game);
}

// ---- the shipped maps ---------------------------------------------------------------------------------

TEST(GameDiplomacy, TheStandardMapHasTheGamesProvincesCentresAndStart) {
  const Map& m = standard();
  ASSERT_EQ(m.num_provinces(), 75);
  int land = 0, coast = 0, sea = 0;
  for (const Province& p : m.provinces) {
    land += p.terrain == Terrain::kLand;
    coast += p.terrain == Terrain::kCoast;
    sea += p.terrain == Terrain::kSea;
  }
  EXPECT_EQ(land, 14);  // the rulebook's inland provinces
  EXPECT_EQ(coast, 42);
  EXPECT_EQ(sea, 19);
  EXPECT_EQ(m.num_centres(), 34);
  EXPECT_EQ(m.victory, 18);
  ASSERT_EQ(m.num_powers(), 7);
  // Each power's home centres, as the rulebook lists them.
  const std::map<std::string, std::set<std::string>> homes = {
      {"austria", {"BUD", "TRI", "VIE"}}, {"england", {"EDI", "LON", "LVP"}}, {"france", {"BRE", "MAR", "PAR"}},
      {"germany", {"BER", "KIE", "MUN"}}, {"italy", {"NAP", "ROM", "VEN"}},  {"russia", {"MOS", "SEV", "STP", "WAR"}},
      {"turkey", {"ANK", "CON", "SMY"}}};
  for (const auto& [power, centres] : homes) {
    std::set<std::string> listed;
    for (const Province& p : m.provinces) {
      if (p.home == m.find_power(power)) listed.insert(p.id);
    }
    EXPECT_EQ(listed, centres) << power;
  }
  // The split coasts.
  std::set<std::string> coasts;
  for (int l = m.num_provinces(); l < m.num_locations(); ++l) coasts.insert(m.locations[l].name);
  EXPECT_EQ(coasts, (std::set<std::string>{"BUL/EC", "BUL/SC", "SPA/NC", "SPA/SC", "STP/NC", "STP/SC"}));
  // The 1901 position: 22 units, F STP on the south coast.
  int units = 0;
  for (int p = 0; p < m.num_provinces(); ++p) units += m.start.occupied(p);
  EXPECT_EQ(units, 22);
  EXPECT_EQ(m.locations[m.start.location[m.find_province("STP")]].name, "STP/SC");
  EXPECT_EQ(phase_code(m.start.phase), "S1901M");
}

TEST(GameDiplomacy, TheStandardMapsAdjacenciesFollowTheBoard) {
  const Map& m = standard();
  auto army = [&](const char* a, const char* b) { return m.army_adjacent(m.find_province(a), m.find_province(b)); };
  auto fleet = [&](const char* a, const char* b) { return m.fleet_adjacent(m.find_location(a), m.find_location(b)); };
  // Armies and fleets do not share one list (DATC 6.A.9): Rome and Venice touch by land only.
  EXPECT_TRUE(army("ROM", "VEN"));
  EXPECT_FALSE(fleet("ROM", "VEN"));
  EXPECT_TRUE(army("LVP", "EDI"));
  EXPECT_FALSE(fleet("LVP", "EDI"));
  EXPECT_TRUE(army("WAL", "YOR"));  // DATC 6.A.5 has Wales support a move to Yorkshire
  // Split coasts.
  EXPECT_TRUE(fleet("GAS", "SPA/NC"));
  EXPECT_FALSE(fleet("GAS", "SPA/SC"));
  EXPECT_TRUE(fleet("MAR", "SPA/SC"));
  EXPECT_TRUE(fleet("BOT", "STP/SC"));
  EXPECT_TRUE(fleet("BAR", "STP/NC"));
  EXPECT_TRUE(fleet("CON", "BUL/EC"));
  EXPECT_TRUE(fleet("CON", "BUL/SC"));
  EXPECT_TRUE(fleet("BLA", "BUL/EC"));
  EXPECT_TRUE(fleet("AEG", "BUL/SC"));
  // The North Sea touches eleven places.
  EXPECT_EQ(m.locations[m.find_location("NTH")].fleet.size(), 11u);
  // Distances over every adjacency (the civil disorder rule): Greece is two steps from Naples by sea.
  EXPECT_EQ(m.distance(m.find_province("GRE"), m.find_province("NAP")), 2);
  EXPECT_EQ(m.distance(m.find_province("BER"), m.find_province("STP")), 3);
  // Every listed adjacency goes both ways (the reader checks it; here on the data as read).
  for (int p = 0; p < m.num_provinces(); ++p) {
    for (std::uint8_t q : m.provinces[p].army) EXPECT_TRUE(m.army_adjacent(q, p));
  }
  for (int l = 0; l < m.num_locations(); ++l) {
    for (std::uint8_t k : m.locations[l].fleet) EXPECT_TRUE(m.fleet_adjacent(k, l));
  }
}

TEST(GameDiplomacy, TheTeachingMapIsSmallWithASplitCoastAndAConvoyRoute) {
  const Map& m = teaching();
  EXPECT_EQ(m.num_powers(), 3);
  EXPECT_GE(m.num_provinces(), 15);
  EXPECT_LE(m.num_provinces(), 20);
  EXPECT_GT(m.num_locations(), m.num_provinces());  // a split coast
  // The island of Ostra is reached only by sea: an army goes there by convoy.
  const int ost = m.find_province("OST");
  ASSERT_GE(ost, 0);
  EXPECT_TRUE(m.provinces[ost].army.empty());
  EXPECT_TRUE(m.provinces[ost].supply);
  std::bitset<kMaxProvinces> fleets;
  fleets.set(m.find_province("AMB"));
  EXPECT_TRUE(convoy_route_exists(m, fleets, m.find_province("LIS"), ost, -1));
}

TEST(GameDiplomacy, ConformanceOnTheTeachingMap) {
  auto game = game_of(R"({"kind": "game", "builtin": "diplomacy", "map": "teaching", "years": 3})");
  ASSERT_TRUE(game);
  testing::check_conformance(*game, 30);
}

TEST(GameDiplomacy, ConformanceOnTheStandardMap) {
  auto game = game_of(R"({"kind": "game", "builtin": "diplomacy", "map": "standard", "years": 2})");
  ASSERT_TRUE(game);
  testing::check_conformance(*game, 8);
}

}  // namespace
}  // namespace motive::game::diplomacy
