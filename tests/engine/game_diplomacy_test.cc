// No-press Diplomacy as a game: the shipped maps against the facts of the standard map, the map and
// position readers' positioned errors, the order notation, the legal orders against the adjudicator
// (every listed order legal, every legal order listed), the game's conformance on both maps, the
// policies and the value function.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "api_support.h"
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
      {"austria", {"BUD", "TRI", "VIE"}}, {"england", {"EDI", "LON", "LVP"}},
      {"france", {"BRE", "MAR", "PAR"}},  {"germany", {"BER", "KIE", "MUN"}},
      {"italy", {"NAP", "ROM", "VEN"}},   {"russia", {"MOS", "SEV", "STP", "WAR"}},
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
  auto army = [&](const char* a, const char* b) {
    return m.army_adjacent(m.find_province(a), m.find_province(b));
  };
  auto fleet = [&](const char* a, const char* b) {
    return m.fleet_adjacent(m.find_location(a), m.find_location(b));
  };
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

// ---- readers: positioned errors
// -----------------------------------------------------------------------------

// The first diagnostic of a game file: id, line and column.
struct Problem {
  std::string id;
  int line = 0, column = 0;
  std::string message;
};
Problem first_problem(const std::string& text) {
  Diagnostics d;
  auto model = read_game_model(text, &d);
  EXPECT_FALSE(model) << text;
  if (d.empty()) return {};
  const Diagnostic& x = d.items().front();
  return {x.id, x.span.line, x.span.column, x.message};
}

// A two-province map: `patch` replaces the provinces.
std::string tiny_map(const std::string& provinces) {
  return R"({"kind": "game", "builtin": "diplomacy", "map": {
  "powers": [{"name": "red"}],
  "provinces": [)" +
         provinces + R"(]}})";
}

TEST(GameDiplomacy, MapMistakesArePositioned) {
  const std::string a =
      R"({"id": "AAA", "type": "coast", "supply": true, "home": "red", "x": 1, "y": 1, "army": ["BBB"], "fleet": ["SEA"]},)";
  const std::string b = R"({"id": "BBB", "type": "land", "x": 2, "y": 2, "army": ["AAA"]},)";
  const std::string sea = R"({"id": "SEA", "type": "sea", "x": 3, "y": 3, "fleet": ["AAA"]})";
  // Valid as given.
  {
    Diagnostics d;
    EXPECT_TRUE(read_game_model(tiny_map("\n" + a + "\n" + b + "\n" + sea), &d));
  }
  // An unknown province in an adjacency: at the name, line 5.
  Problem unknown = first_problem(
      tiny_map("\n" + a + "\n" + R"({"id": "BBB", "type": "land", "x": 2, "y": 2, "army": ["AAA", "CCC"]},)" +
               "\n" + sea));
  EXPECT_EQ(unknown.id, "game.unknown_province");
  EXPECT_EQ(unknown.line, 5);
  EXPECT_EQ(unknown.column, 63);  // the string "CCC"
  // An adjacency listed one way only.
  Problem asymmetric = first_problem(
      tiny_map("\n" + a + "\n" + R"({"id": "BBB", "type": "land", "x": 2, "y": 2},)" + "\n" + sea));
  EXPECT_EQ(asymmetric.id, "game.bad_adjacency");
  EXPECT_EQ(asymmetric.line, 4);
  EXPECT_NE(asymmetric.message.find("does not list"), std::string::npos);
  // A fleet adjacency through land.
  Problem through_land =
      first_problem(tiny_map("\n" + a + "\n" + b + "\n" +
                             R"({"id": "SEA", "type": "sea", "x": 3, "y": 3, "fleet": ["AAA", "BBB"]})"));
  EXPECT_EQ(through_land.id, "game.bad_adjacency");
  EXPECT_EQ(through_land.line, 6);
  EXPECT_NE(through_land.message.find("through land"), std::string::npos);
  // A home centre that is not a supply centre.
  Problem home = first_problem(tiny_map(
      "\n" +
      std::string(
          R"({"id": "AAA", "type": "coast", "home": "red", "x": 1, "y": 1, "army": ["BBB"], "fleet": ["SEA"]},)") +
      "\n" + b + "\n" + sea));
  EXPECT_EQ(home.id, "game.bad_centre");
  EXPECT_EQ(home.line, 4);
  // An unknown shipped map.
  Problem map = first_problem(R"({"kind": "game", "builtin": "diplomacy", "map": "standart"})");
  EXPECT_EQ(map.id, "game.unknown_map");
}

TEST(GameDiplomacy, PositionMistakesArePositioned) {
  auto problem = [](const std::string& position) {
    return first_problem("{\"kind\": \"game\", \"builtin\": \"diplomacy\",\n\"position\": " + position + "}");
  };
  Problem unknown = problem(R"({"units": {"austria": ["A VIE", "A XYZ"]}})");
  EXPECT_EQ(unknown.id, "game.unknown_province");
  EXPECT_EQ(unknown.line, 2);
  EXPECT_EQ(unknown.column, 48);  // "XYZ", inside the string "A XYZ"
  Problem two = problem(R"({"units": {"austria": ["A VIE"], "italy": ["A VIE"]}})");
  EXPECT_EQ(two.id, "game.bad_position");
  EXPECT_NE(two.message.find("two units"), std::string::npos);
  Problem inland = problem(R"({"units": {"germany": ["F MUN"]}})");
  EXPECT_EQ(inland.id, "game.bad_position");
  EXPECT_NE(inland.message.find("inland"), std::string::npos);
  Problem sea = problem(R"({"units": {"germany": ["A NTH"]}})");
  EXPECT_NE(sea.message.find("at sea"), std::string::npos);
  Problem coast = problem(R"({"units": {"russia": ["F STP"]}})");
  EXPECT_EQ(coast.id, "game.bad_position");
  EXPECT_NE(coast.message.find("STP/NC or STP/SC"), std::string::npos);
  Problem power = problem(R"({"units": {"prussia": ["A BER"]}})");
  EXPECT_EQ(power.id, "game.unknown_power");
  Problem phase = problem(R"({"phase": "summer 1901 movement"})");
  EXPECT_EQ(phase.id, "game.bad_position");
  Problem centre = problem(R"({"centres": {"austria": ["GAL"]}})");
  EXPECT_NE(centre.message.find("not a supply centre"), std::string::npos);
  // A state given as a position is checked where it stands.
  Problem state = first_problem(R"({"kind": "game", "builtin": "diplomacy",
"states": {"x": {"units": {"austria": ["F VIE"]}}}})");
  EXPECT_EQ(state.id, "game.bad_position");
  EXPECT_EQ(state.line, 2);
}

TEST(GameDiplomacy, OrdersInAStatesHistoryArePositionedWithTheirReason) {
  auto history = [](const std::string& orders) {
    return first_problem(R"({"kind": "game", "builtin": "diplomacy", "map": "teaching",
"states": {"x": [{"azuria": [)" +
                         orders +
                         R"(], "brennia": ["A DRA H", "F KOR H"], "corvia": ["A TEM H", "F SAL H"]}]}})");
  };
  // Valid, in any order.
  {
    Diagnostics d;
    EXPECT_TRUE(read_game_model(R"({"kind": "game", "builtin": "diplomacy", "map": "teaching",
"states": {"x": [{"azuria": ["F VAL - NIV", "A ORO - MID"], "brennia": ["A DRA H", "F KOR H"], "corvia": ["A TEM H", "F SAL H"]}]}})",
                                &d));
  }
  Problem inland = history(R"("A ORO - MID", "F VAL - ORO")");
  EXPECT_EQ(inland.id, "game.bad_order");
  EXPECT_EQ(inland.line, 2);
  EXPECT_EQ(inland.column, 45);  // the string "F VAL - ORO"
  EXPECT_NE(inland.message.find("a fleet cannot go inland"), std::string::npos) << inland.message;
  Problem unknown = history(R"("A ORO - MID", "F VAX - NIV")");
  EXPECT_EQ(unknown.id, "game.unknown_province");
  EXPECT_EQ(unknown.column, 48);  // "VAX" inside it
  Problem missing = history(R"("A ORO - MID", "A LIS - VAL")");
  EXPECT_EQ(missing.id, "game.bad_order");
  EXPECT_NE(missing.message.find("no unit to order in LIS"), std::string::npos) << missing.message;
  Problem twice = history(R"("A ORO - MID", "A ORO H")");
  EXPECT_NE(twice.message.find("a second order for A ORO"), std::string::npos) << twice.message;
}

TEST(GameDiplomacy, StateTextsReadBackAndTheirMistakesAreRefused) {
  auto game = game_of(R"({"kind": "game", "builtin": "diplomacy", "years": 2})");
  ASSERT_TRUE(game);
  std::string error;
  auto s = game->deserialise(
      "F1901R 3 | austria: A VIE; VIE BUD TRI; F TRI from VEN to ALB ADR | italy: A TRI; ROM", &error);
  ASSERT_TRUE(s) << error;
  EXPECT_EQ(s->serialise(),
            "F1901R 3 | austria: A VIE; BUD TRI VIE; F TRI from VEN to ADR ALB | italy: A TRI; ROM");
  EXPECT_EQ(s->move_number(), 3);
  // A position's JSON reads too (a state given as a position).
  EXPECT_TRUE(game->deserialise(R"({"phase": "F1901M", "units": {"italy": ["A VEN"]}})", &error)) << error;
  // Mistakes.
  for (const char* bad :
       {"S1901X 0", "S1901M 0 | prussia: A BER;", "S1901M 0 | austria: A XYZ;", "S1901M 0 | austria: F VIE;",
        "S1901M 0 | austria: A VIE, A VIE;", "S1901M 0 | austria: ; VIE VIE",
        "S1901M 0 end | austria: A VIE;", "S1901M 0 | austria: A VIE; ; F TRI from VEN to ALB",
        R"({"units": {"austria": ["A VIX"]}})"}) {
    error.clear();
    EXPECT_FALSE(game->deserialise(bad, &error)) << bad;
    EXPECT_FALSE(error.empty()) << bad;
  }
  // At most 24 units a power (an action's slots).
  std::string many = "S1901M 0 | russia: ";
  int placed = 0;
  for (int p = 0; p < standard().num_provinces() && placed < 25; ++p) {
    if (standard().is_sea(p)) continue;
    many += (placed++ ? ", A " : "A ") + standard().provinces[p].id;
  }
  many += ";";
  EXPECT_FALSE(game->deserialise(many, &error));
  EXPECT_NE(error.find("more than 24 units"), std::string::npos) << error;
}

TEST(GameDiplomacy, OrdersParseInTheStandardNotationAndPrintCanonically) {
  const Map& m = standard();
  auto canonical = [&](const std::string& text) {
    OrderError e;
    auto o = parse_order(m, text, &e);
    return o ? order_text(m, *o) : "error: " + e.message;
  };
  EXPECT_EQ(canonical("A PAR - BUR"), "A PAR - BUR");
  EXPECT_EQ(canonical("a par-bur"), "A PAR - BUR");
  EXPECT_EQ(canonical("F NTH C A LON - NWY"), "F NTH C A LON - NWY");
  EXPECT_EQ(canonical("A MUN S A PAR - BUR"), "A MUN S A PAR - BUR");
  EXPECT_EQ(canonical("A MUN S A BER"), "A MUN S A BER");
  EXPECT_EQ(canonical("A MUN S A BER H"), "A MUN S A BER");
  EXPECT_EQ(canonical("A BUR H"), "A BUR H");
  EXPECT_EQ(canonical("A BUR HOLD"), "A BUR H");
  EXPECT_EQ(canonical("F SPA/SC - MAO"), "F SPA/SC - MAO");
  EXPECT_EQ(canonical("F MAO - spa(nc)"), "F MAO - SPA/NC");
  EXPECT_EQ(canonical("A LON - NWY VIA C"), "A LON - NWY VIA C");
  EXPECT_EQ(canonical("A LON - NWY via convoy"), "A LON - NWY VIA C");
  EXPECT_EQ(canonical("A PAR R PIC"), "A PAR R PIC");
  EXPECT_EQ(canonical("A PAR D"), "A PAR D");
  EXPECT_EQ(canonical("F LON B"), "F LON B");
  EXPECT_EQ(canonical("Build A WAR"), "A WAR B");
  EXPECT_EQ(canonical("remove F LYO"), "F LYO D");
  EXPECT_EQ(canonical("WAIVE"), "WAIVE");
  EXPECT_EQ(canonical("A PRU S LVN - PRU"), "A PRU S LVN - PRU");
  EXPECT_EQ(canonical("F GOB - BAL"), "F BOT - BAL");  // an alias
  // Errors say what and where.
  auto error = [&](const std::string& text) {
    OrderError e;
    EXPECT_FALSE(parse_order(m, text, &e)) << text;
    return std::make_pair(e.begin, e.end);
  };
  EXPECT_EQ(error("A PAR - BRU"), std::make_pair(std::size_t{8}, std::size_t{11}));
  EXPECT_EQ(error("A PAR X BUR"), std::make_pair(std::size_t{6}, std::size_t{7}));
  EXPECT_EQ(error("Q PAR H"), std::make_pair(std::size_t{0}, std::size_t{1}));
  EXPECT_EQ(error("F SPA/WC - MAO"), std::make_pair(std::size_t{2}, std::size_t{8}));
  EXPECT_EQ(error("F HOL/NC - NTH"), std::make_pair(std::size_t{2}, std::size_t{8}));
  EXPECT_EQ(error("A PAR - BUR now"), std::make_pair(std::size_t{12}, std::size_t{15}));
}

// ---- legal orders and the adjudicator ---------------------------------------------------------------------

// Movement positions reached by seeded plays with uniformly random legal actions (so fleets go to sea,
// convoys and supports of every kind are tried, units are dislodged).
std::vector<Position> random_positions(const DiplomacyGame& game, int plays, int max_each) {
  std::vector<Position> out;
  for (int k = 0; k < plays; ++k) {
    Rng rng(11, static_cast<std::uint64_t>(k));
    std::unique_ptr<State> s = game.initial_state();
    int taken = 0;
    while (s->type() == NodeType::kDecision && taken < max_each) {
      const auto& d = static_cast<const DiplomacyState&>(*s);
      if (d.position().phase.type == PhaseType::kMovement) {
        out.push_back(d.position());
        ++taken;
      }
      int acting[kMaxPlayers];
      Action joint[kMaxPlayers];
      const int n = s->acting(acting);
      for (int a = 0; a < n; ++a) {
        ActionSpace space = s->legal_actions(acting[a]);
        joint[a] = space.decode(static_cast<std::int64_t>(rng.uniform() * static_cast<double>(space.size())));
      }
      double reward[kMaxPlayers] = {};
      s->apply_actions(joint, reward);
    }
  }
  return out;
}

// Whether one order, given alone by its unit's power, is legal at `position`.
bool legal_alone(const Map& m, const Position& position, const Order& order) {
  Adjudication result;
  const int p = m.province_of(order.location);
  Adjudicator::scratch().adjudicate(m, position, {{order, position.power[p]}}, &result, false, false);
  return result.results[0].outcome != Outcome::kIllegal;
}

// Every order of the kinds the lists offer, for each unit: brute force over every place and unit.
std::set<std::string> legal_by_brute_force(const Map& m, const Position& pos) {
  std::set<std::string> out;
  const int n = m.num_provinces();
  for (int p = 0; p < n; ++p) {
    if (!pos.occupied(p)) continue;
    Order o;
    o.unit = pos.type[p];
    o.location = pos.location[p];
    std::vector<Order> candidates;
    o.type = OrderType::kHold;
    candidates.push_back(o);
    o.type = OrderType::kMove;
    for (int l = 0; l < m.num_locations(); ++l) {
      const int q = m.province_of(l);
      // Fleets name the coast of a split province; armies never name coasts.
      if (o.unit == UnitType::kFleet ? (m.split(q) && l == q) : l != q) continue;
      o.target = static_cast<std::uint8_t>(l);
      candidates.push_back(o);
    }
    o.type = OrderType::kSupport;
    for (int v = 0; v < n; ++v) {
      if (!pos.occupied(v)) continue;
      o.other = pos.location[v];
      o.other_unit = pos.type[v];
      o.target = kNoLocation;
      candidates.push_back(o);
      for (int y = 0; y < n; ++y) {
        o.target = static_cast<std::uint8_t>(y);
        candidates.push_back(o);
      }
    }
    if (o.unit == UnitType::kFleet) {
      o.type = OrderType::kConvoy;
      o.other_unit = UnitType::kArmy;
      for (int v = 0; v < n; ++v) {
        if (!pos.occupied(v) || pos.type[v] != UnitType::kArmy) continue;
        o.other = pos.location[v];
        for (int y = 0; y < n; ++y) {
          o.target = static_cast<std::uint8_t>(y);
          candidates.push_back(o);
        }
      }
    }
    for (const Order& c : candidates) {
      if (legal_alone(m, pos, c)) out.insert(order_text(m, c));
    }
  }
  return out;
}

TEST(GameDiplomacy, TheListedOrdersAreExactlyTheLegalOnes) {
  for (const char* map : {"teaching", "standard"}) {
    auto game = game_of(std::string(R"({"kind": "game", "builtin": "diplomacy", "years": 3, "map": ")") +
                        map + "\"}");
    ASSERT_TRUE(game);
    const Map& m = game->map();
    std::vector<Position> positions = random_positions(*game, map == std::string("teaching") ? 12 : 3, 4);
    int convoys = 0, convoyed_moves = 0;
    for (const Position& pos : positions) {
      Options options;
      legal_options(m, pos, &options);
      std::set<std::string> listed;
      for (const Order& o : options.orders) {
        listed.insert(order_text(m, o));
        EXPECT_TRUE(legal_alone(m, pos, o)) << order_text(m, o) << " at " << position_text(m, pos, 0, false);
        convoys += o.type == OrderType::kConvoy;
        convoyed_moves += o.type == OrderType::kMove && o.unit == UnitType::kArmy &&
                          !m.army_adjacent(m.province_of(o.location), m.province_of(o.target));
      }
      // Each order listed once, and every legal order of the listed kinds listed.
      EXPECT_EQ(listed.size(), options.orders.size());
      EXPECT_EQ(listed, legal_by_brute_force(m, pos)) << position_text(m, pos, 0, false);
    }
    // The random plays did put armies on fleets' routes.
    EXPECT_GT(convoys, 0) << map;
    EXPECT_GT(convoyed_moves, 0) << map;
  }
}

TEST(GameDiplomacy, TrustedAdjudicationOfListedOrdersEqualsTheCheckedOne) {
  auto game = game_of(R"({"kind": "game", "builtin": "diplomacy", "map": "standard", "years": 3})");
  ASSERT_TRUE(game);
  const Map& m = game->map();
  Rng rng(5, 0);
  for (const Position& pos : random_positions(*game, 4, 6)) {
    Options options;
    legal_options(m, pos, &options);
    for (int round = 0; round < 20; ++round) {
      std::vector<Submitted> orders;
      for (const SlotOrders& slot : options.slots) {
        const int c = static_cast<int>(rng.uniform() * slot.count);
        orders.push_back({options.orders[slot.first + c], slot.power});
      }
      Adjudication checked, trusted;
      Adjudicator::scratch().adjudicate(m, pos, orders, &checked, false, false);
      Adjudicator::scratch().adjudicate(m, pos, orders, &trusted, false, true);
      for (std::size_t k = 0; k < orders.size(); ++k) {
        EXPECT_EQ(checked.results[k].outcome, trusted.results[k].outcome) << order_text(m, orders[k].order);
        EXPECT_NE(checked.results[k].outcome, Outcome::kIllegal) << order_text(m, orders[k].order);
      }
      EXPECT_EQ(position_text(m, checked.next, 0, false), position_text(m, trusted.next, 0, false));
    }
  }
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

// ---- the analyses on the examples
// ---------------------------------------------------------------------------

std::string example(const std::string& name) {
  std::ifstream in(std::string(MOTIVE_SOURCE_DIR) + "/examples/games/" + name);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

using nlohmann::json;

const json kAustriasHelp = {"A BUL S A CON", "A TYR - VEN", "F TRI S A TYR - VEN", "A SER H", "A BUD H"};

// Figure 1 of the paper: SICA shows Austria's animosity with Italy, and SBUE's z-scores show Austria's
// action (support Turkey's hold of Constantinople, attack Venice with support) hostile to Italy and
// friendly to Turkey, beside the policy's other likely actions.
TEST(GameDiplomacy, Figure1SicaAndSbueReadAsInThePaper) {
  const std::string text = example("diplomacy-figure1.jsonc");
  const json sica =
      test::analyze(text, "sica", {{"state", "spring 1902"}, {"rollouts", 2000}, {"exact", false}});
  const int austria = 0, italy = 4, turkey = 6;
  ASSERT_EQ(sica["players"][italy], "italy");
  ASSERT_EQ(sica["players"][turkey], "turkey");
  const double a_i = sica["correlation"][austria][italy].get<double>();
  EXPECT_LT(a_i + 4 * sica["standard_error"][austria][italy].get<double>(), -0.25) << a_i;
  // Austria and Italy are the most opposed pair of Austria's.
  for (int j = 1; j < 7; ++j) {
    if (j != italy) {
      EXPECT_LT(a_i, sica["correlation"][austria][j].get<double>()) << j;
    }
  }

  const json sbue = test::analyze(text, "sbue",
                                  {{"state", "spring 1902"},
                                   {"player", "austria"},
                                   {"action", kAustriasHelp},
                                   {"rollouts", 2000},
                                   {"exact", false},
                                   {"alternatives", 6}});
  const json& explained = sbue["actions"][0];
  ASSERT_TRUE(explained["explained"].get<bool>());
  const double z_italy = explained["z"][italy], z_turkey = explained["z"][turkey];
  EXPECT_LT(z_italy + 4 * explained["z_standard_error"][italy].get<double>(), 0.0) << z_italy;
  EXPECT_GT(z_turkey - 4 * explained["z_standard_error"][turkey].get<double>(), 0.0) << z_turkey;
  // Beside the alternatives (the policy's likelier actions), on average worse for Italy and better for
  // Turkey.
  double italy_alt = 0, turkey_alt = 0;
  const int alternatives = static_cast<int>(sbue["actions"].size()) - 1;
  ASSERT_GE(alternatives, 3);
  for (int k = 1; k <= alternatives; ++k) {
    italy_alt += sbue["actions"][k]["z"][italy].get<double>() / alternatives;
    turkey_alt += sbue["actions"][k]["z"][turkey].get<double>() / alternatives;
  }
  EXPECT_LT(z_italy, italy_alt);
  EXPECT_GT(z_turkey, turkey_alt);
  EXPECT_EQ(sbue["value"]["kind"], "heuristic");
  // The others' probable orders (the figure's arrows), per unit.
  const json probable = test::analyze(
      text, "probable_actions",
      {{"state", "spring 1902"}, {"player", "austria"}, {"action", kAustriasHelp}, {"rollouts", 500}});
  bool italy_listed = false;
  for (const json& a : probable["actions"]) {
    if (a["player"] != "italy") continue;
    italy_listed = true;
    EXPECT_EQ(a["marginals"].size(), 5u);  // one per Italian unit
  }
  EXPECT_TRUE(italy_listed);
}

TEST(GameDiplomacy, AdjudicateAnswersEachOrderWithItsReasonAndTheNextPosition) {
  const std::string text = example("diplomacy-standard.jsonc");
  const json r = test::analyze(text, "adjudicate",
                               {{"orders",
                                 {{"austria", {"A VIE - TRI", "F TRI - VEN", "A BUD - GAL"}},
                                  {"italy", {"A VEN - TRI", "A ROM - VEN"}},
                                  {"russia", {"A WAR - GAL"}},
                                  {"germany", {"A PAR - BUR"}}}}});
  EXPECT_EQ(r["phase"], "S1901M");
  std::map<std::string, json> by_order;
  for (const json& o : r["orders"]) by_order[o["order"].get<std::string>()] = o;
  EXPECT_EQ(by_order["F TRI - VEN"]["result"], "fails");
  EXPECT_NE(by_order["F TRI - VEN"]["reason"].get<std::string>().find(
                "head-to-head battle with A VEN - TRI (1 against 1)"),
            std::string::npos);
  EXPECT_EQ(by_order["A BUD - GAL"]["result"], "fails");
  EXPECT_EQ(by_order["A BUD - GAL"]["reason"], "bounced with A WAR - GAL (1 against 1)");
  EXPECT_EQ(by_order["A PAR - BUR"]["result"], "illegal");  // a French army, ordered by Germany
  EXPECT_EQ(by_order["A PAR - BUR"]["reason"], "A PAR belongs to france, not germany");
  // Units without orders are listed as holding.
  EXPECT_EQ(by_order["F LON H"]["given"], false);
  EXPECT_EQ(by_order["F LON H"]["result"], "succeeds");
  EXPECT_EQ(r["standoffs"], json::array({"GAL"}));
  EXPECT_EQ(r["position"]["phase"], "F1901M");
  // The next position reads back as the next request's position.
  const json next =
      test::analyze(text, "adjudicate", {{"position", r["position"]}, {"orders", {"A VIE - TYR"}}});
  EXPECT_EQ(next["phase"], "F1901M");
  EXPECT_EQ(next["orders"][0]["result"], "succeeds");
  EXPECT_EQ(next["position"]["phase"], "W1901A");

  // A dislodgement, its retreats, then the retreat.
  const json d = test::analyze(
      text, "adjudicate",
      {{"position",
        {{"phase", "F1901M"}, {"units", {{"austria", {"F TRI", "A VIE"}}, {"italy", {"A VEN", "A TYR"}}}}}},
       {"orders", {"A VEN - TRI", "A TYR S A VEN - TRI"}}});
  ASSERT_EQ(d["dislodged"].size(), 1u);
  EXPECT_EQ(d["dislodged"][0]["unit"], "F TRI");
  EXPECT_EQ(d["dislodged"][0]["from"], "VEN");
  EXPECT_EQ(d["dislodged"][0]["retreats"], json::array({"ADR", "ALB"}));
  EXPECT_EQ(d["position"]["phase"], "F1901R");
  const json retreat =
      test::analyze(text, "adjudicate", {{"position", d["position"]}, {"orders", {"F TRI R ALB"}}});
  EXPECT_EQ(retreat["orders"][0]["result"], "succeeds");
  EXPECT_EQ(retreat["position"]["units"]["austria"], json::array({"F ALB", "A VIE"}));
  EXPECT_EQ(retreat["position"]["phase"], "W1901A");
  // Italy took Trieste at the end of the fall.
  EXPECT_EQ(retreat["position"]["centres"]["italy"], json::array({"NAP", "ROM", "TRI", "VEN"}));
}

TEST(GameDiplomacy, AdjudicateRefusesMalformedOrdersNamingTheColumn) {
  const std::string text = example("diplomacy-standard.jsonc");
  const json bad = test::request(text, "adjudicate", {{"orders", {"A PAR - BUR", "A MUN -> XYZ"}}});
  ASSERT_FALSE(bad["ok"].get<bool>());
  EXPECT_EQ(bad["diagnostics"][0]["id"], "request.bad_parameter");
  const std::string message = bad["diagnostics"][0]["message"];
  EXPECT_NE(message.find("\"A MUN -> XYZ\", column 10"), std::string::npos) << message;
  const json power = test::request(text, "adjudicate", {{"orders", {{"prussia", {"A BER H"}}}}});
  EXPECT_EQ(power["diagnostics"][0]["id"], "request.bad_parameter");
  const json position =
      test::request(text, "adjudicate", {{"position", {{"units", {{"italy", {"F MUN"}}}}}}});
  EXPECT_EQ(position["diagnostics"][0]["id"], "request.bad_parameter");
  // An order for a unit that is not there is no error: an illegal order.
  const json missing = test::analyze(text, "adjudicate", {{"orders", {"A BUR - PAR"}}});
  EXPECT_EQ(missing["orders"][0]["result"], "illegal");
  EXPECT_EQ(missing["orders"][0]["reason"], "there is no unit in BUR");
  // Not a Diplomacy game.
  const json cop = test::request(example("cop.jsonc"), "adjudicate");
  EXPECT_EQ(cop["diagnostics"][0]["id"], "analysis.not_supported");
}

TEST(GameDiplomacy, CounterfactualConstraintsNameOrdersWithoutTheirSlot) {
  const std::string text = example("diplomacy-teaching.jsonc");
  const json r =
      test::analyze(text, "counterfactual",
                    {{"player", "azuria"},
                     {"action", {"A ORO - MID", "F VAL - NIV"}},  // in any order: each names its unit
                     {"query", {{{"do", "A ORO - RIV"}}}},
                     {"draws", 300},
                     {"rollouts", 200}});
  ASSERT_FALSE(r["counterfactual"].is_null()) << r.dump();
  EXPECT_EQ(r["counterfactual"]["action"]["A ORO"], "A ORO - RIV");
  EXPECT_EQ(r["explained"]["action"]["A ORO"], "A ORO - MID");
  // The same on COP: "propose" is a choice of one slot only (the signal).
  const json cop = test::analyze(example("cop.jsonc"), "counterfactual",
                                 {{"state", "politician speaks first"},
                                  {"query", {{{"not", "propose"}}}},
                                  {"draws", 200},
                                  {"rollouts", 100}});
  ASSERT_FALSE(cop["counterfactual"].is_null()) << cop.dump();
  EXPECT_NE(cop["counterfactual"]["action"]["signal"], "propose");
  // A choice of several slots needs its slot.
  const json both = test::request(example("cop.jsonc"), "counterfactual",
                                  {{"state", "announcements"}, {"query", {{{"do", "guilty"}}}}});
  EXPECT_EQ(both["diagnostics"][0]["id"], "request.bad_action");
  // An action's labels in any order, on COP: the message's signal before its recipient.
  const json in_order = test::analyze(example("cop.jsonc"), "sbue",
                                      {{"state", "politician speaks first"},
                                       {"action", {"simple-person", "propose"}},
                                       {"rollouts", 100},
                                       {"alternatives", 0},
                                       {"exact", false}});
  const json swapped = test::analyze(example("cop.jsonc"), "sbue",
                                     {{"state", "politician speaks first"},
                                      {"action", {"propose", "simple-person"}},
                                      {"rollouts", 100},
                                      {"alternatives", 0},
                                      {"exact", false}});
  EXPECT_EQ(in_order["actions"][0]["action"], swapped["actions"][0]["action"]);
  EXPECT_EQ(in_order["actions"][0]["mean"], swapped["actions"][0]["mean"]);
}

// The value: V is each power's share (summing to 1 over the powers), 0 at the end, where the last reward
// pays the final position's share, so a play's rewards add up to it; "rollout" keeps the return.
TEST(GameDiplomacy, RewardsAddUpToTheFinalShareAndVIsTheShare) {
  auto game = game_of(R"({"kind": "game", "builtin": "diplomacy", "map": "teaching", "years": 2})");
  ASSERT_TRUE(game);
  EXPECT_EQ(game->value_info().kind, "heuristic");
  for (int k = 0; k < 20; ++k) {
    Rng rng(21, static_cast<std::uint64_t>(k));
    std::unique_ptr<State> s = game->initial_state();
    std::vector<double> total(3, 0.0);
    while (s->type() == NodeType::kDecision) {
      double v[kMaxPlayers] = {};
      game->value(*s, v);
      EXPECT_NEAR(v[0] + v[1] + v[2], 1.0, 1e-12);
      int acting[kMaxPlayers];
      Action joint[kMaxPlayers];
      const int n = s->acting(acting);
      for (int a = 0; a < n; ++a) joint[a] = game->policy(acting[a]).sample(*s, acting[a], rng);
      double reward[kMaxPlayers] = {};
      s->apply_actions(joint, reward);
      for (int i = 0; i < 3; ++i) total[i] += reward[i];
    }
    double share[kMaxPlayers] = {};
    game->share(static_cast<const DiplomacyState&>(*s).position(), share);
    for (int i = 0; i < 3; ++i) EXPECT_DOUBLE_EQ(total[i], share[i]);
    double v[kMaxPlayers] = {1, 1, 1};
    game->value(*s, v);
    EXPECT_EQ(v[0], 0.0);
  }
  auto rollout = game_of(R"({"kind": "game", "builtin": "diplomacy", "map": "teaching", "value": "rollout",
    "value_weights": {"centres": 1, "units": 1}})");
  ASSERT_TRUE(rollout);
  EXPECT_EQ(rollout->value_info().kind, "rollout");
  EXPECT_FALSE(rollout->has_heuristic_value());
  // Centres and units weighed alike: at the start each power has 2 of 6 centres and 2 of 6 units.
  double v[kMaxPlayers] = {};
  rollout->share(rollout->config().start, v);
  EXPECT_DOUBLE_EQ(v[0], 1.0 / 3);
}

}  // namespace
}  // namespace motive::game::diplomacy
