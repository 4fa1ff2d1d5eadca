// The adjudicator against the Diplomacy Adjudicator Test Cases (DATC v3.0, Lucas Kruijswijk), sections
// 6.A to 6.J: one test per case, written from the case's description (its position and orders, in our
// notation) and asserting what the DATC says under its preferred options (the 2023 rules for convoys to
// adjacent places, the Szykman rule for convoy paradoxes, illegal orders ignored and the unit holds).
// Where the DATC leaves a choice to the implementation (an illegal order's status as "fails" or
// "illegal", a wrong unit type), the test asserts our documented behaviour and says so. docs/games.md
// ("The DATC") lists the cases.
#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "game/diplomacy/adjudicator.h"
#include "game/diplomacy/map.h"
#include "game/diplomacy/orders.h"
#include "game/diplomacy/position_io.h"

namespace motive::game::diplomacy {
namespace {

const Map& standard() {
  static std::shared_ptr<const Map> map = builtin_map("standard");
  return *map;
}

// A board of the standard map: units placed by the orders given to them (as the DATC's cases list
// them), adjudicated, and read back.
class Board {
 public:
  explicit Board(const std::string& phase = "S1901M") {
    position_.clear();
    EXPECT_TRUE(parse_phase(phase, &position_.phase)) << phase;
  }
  explicit Board(const Position& position) : position_(position) {}

  // Places a unit ("A VIE") of a power.
  Board& unit(const std::string& power, const std::string& text) {
    UnitType type;
    int location;
    OrderError e;
    EXPECT_TRUE(parse_unit(map(), text, &type, &location, &e)) << text << ": " << e.message;
    const int p = map().province_of(location);
    EXPECT_FALSE(position_.occupied(p)) << text;
    position_.power[p] = static_cast<std::int8_t>(power_of(power));
    position_.type[p] = type;
    position_.location[p] = static_cast<std::uint8_t>(location);
    return *this;
  }
  // Gives supply centres to a power.
  Board& owns(const std::string& power, const std::vector<std::string>& centres) {
    for (const std::string& c : centres) {
      const int p = map().find_province(c);
      EXPECT_GE(p, 0) << c;
      EXPECT_TRUE(map().provinces[p].supply) << c;
      position_.owner[p] = static_cast<std::int8_t>(power_of(power));
    }
    return *this;
  }
  // An order of a power; in a movement phase its unit is placed first when its province is empty.
  int order(const std::string& power, const std::string& text) {
    OrderError e;
    auto o = parse_order(map(), text, &e);
    EXPECT_TRUE(o) << text << ": " << e.message;
    if (!o) return -1;
    if (position_.phase.type == PhaseType::kMovement && o->location != kNoLocation &&
        !position_.occupied(map().province_of(o->location))) {
      unit(power, unit_text(map(), o->unit, o->location));
    }
    orders_.push_back({*o, power_of(power)});
    return static_cast<int>(orders_.size()) - 1;
  }
  void run() { Adjudicator::scratch().adjudicate(map(), position_, orders_, &result_, true); }

  // "succeeds", "fails" or "illegal", with the reason after a colon.
  std::string result(int k) const {
    const OrderResult& r = result_.results[k];
    return outcome_name(r.outcome);
  }
  std::string reason(int k) const { return result_.results[k].reason; }
  // The unit in a province after the phase ("england F"), or "" when it is empty.
  std::string at(const std::string& province) const {
    const int p = map().find_province(province);
    const Position& next = result_.next;
    if (!next.occupied(p)) return "";
    return map().powers[next.power[p]].name + " " + unit_letter(next.type[p]);
  }
  std::string location_at(const std::string& province) const {
    const int p = map().find_province(province);
    return result_.next.occupied(p) ? map().locations[result_.next.location[p]].name : "";
  }
  bool dislodged(const std::string& province) const {
    const int p = map().find_province(province);
    return std::any_of(result_.next.dislodged.begin(), result_.next.dislodged.end(),
                       [&](const Dislodged& d) { return map().province_of(d.location) == p; });
  }
  // Where the unit dislodged from a province may retreat.
  std::vector<std::string> retreats(const std::string& province) const {
    const int p = map().find_province(province);
    std::vector<std::string> out;
    for (const Dislodged& d : result_.next.dislodged) {
      if (map().province_of(d.location) != p) continue;
      for (int l = 0; l < map().num_locations(); ++l) {
        if (d.retreats[l]) out.push_back(map().locations[l].name);
      }
    }
    return out;
  }
  bool can_retreat(const std::string& province, const std::string& to) const {
    std::vector<std::string> r = retreats(province);
    return std::find(r.begin(), r.end(), to) != r.end();
  }
  // A board at the position after this one (the retreat phase after a movement phase).
  Board next() const { return Board(result_.next); }
  const Adjudication& adjudication() const { return result_; }
  const Position& position() const { return position_; }
  std::vector<std::string> civil_disorder() const {
    std::vector<std::string> out;
    for (const UnitRef& u : result_.civil_disorder) out.push_back(unit_text(map(), u.type, u.location));
    return out;
  }

 private:
  static const Map& map() { return standard(); }
  static int power_of(const std::string& name) {
    const int i = map().find_power(name);
    EXPECT_GE(i, 0) << name;
    return i;
  }
  Position position_;
  std::vector<Submitted> orders_;
  Adjudication result_;
};

const char* const kSucceeds = "succeeds";
const char* const kFails = "fails";
const char* const kIllegal = "illegal";

// ---- 6.A. Basic checks -------------------------------------------------------------------------------

TEST(Datc, Datc6A01MovingToAnAreaThatIsNotANeighbour) {
  Board b;
  int k = b.order("england", "F NTH - PIC");
  b.run();
  EXPECT_EQ(b.result(k), kIllegal);
  EXPECT_EQ(b.at("NTH"), "england F");
  EXPECT_EQ(b.at("PIC"), "");
}

TEST(Datc, Datc6A02MoveArmyToSea) {
  Board b;
  int k = b.order("england", "A LVP - IRI");
  b.run();
  EXPECT_EQ(b.result(k), kIllegal);
  EXPECT_EQ(b.at("LVP"), "england A");
}

TEST(Datc, Datc6A03MoveFleetToLand) {
  Board b;
  int k = b.order("germany", "F KIE - MUN");
  b.run();
  EXPECT_EQ(b.result(k), kIllegal);
  EXPECT_EQ(b.at("KIE"), "germany F");
}

TEST(Datc, Datc6A04MoveToOwnSector) {
  Board b;
  int k = b.order("germany", "F KIE - KIE");
  b.run();
  EXPECT_EQ(b.result(k), kIllegal);
  EXPECT_EQ(b.at("KIE"), "germany F");
}

TEST(Datc, Datc6A05MoveToOwnSectorWithConvoy) {
  Board b;
  int convoy = b.order("england", "F NTH C A YOR - YOR");
  int move = b.order("england", "A YOR - YOR");
  int support = b.order("england", "A LVP S A YOR - YOR");
  int attack = b.order("germany", "F LON - YOR");
  int help = b.order("germany", "A WAL S F LON - YOR");
  b.run();
  EXPECT_EQ(b.result(move), kIllegal);
  EXPECT_EQ(b.result(convoy), kIllegal);
  EXPECT_EQ(b.result(support), kIllegal);
  EXPECT_EQ(b.result(attack), kSucceeds);
  EXPECT_EQ(b.result(help), kSucceeds);
  EXPECT_TRUE(b.dislodged("YOR"));
  EXPECT_EQ(b.at("YOR"), "germany F");
}

TEST(Datc, Datc6A06OrderingAUnitOfAnotherCountry) {
  Board b;
  b.unit("england", "F LON");
  int k = b.order("germany", "F LON - NTH");
  b.run();
  EXPECT_EQ(b.result(k), kIllegal);
  EXPECT_EQ(b.at("LON"), "england F");
}

TEST(Datc, Datc6A07OnlyArmiesCanBeConvoyed) {
  Board b;
  int move = b.order("england", "F LON - BEL");
  int convoy = b.order("england", "F NTH C A LON - BEL");
  b.run();
  EXPECT_EQ(b.result(move), kIllegal);
  EXPECT_EQ(b.result(convoy), kIllegal);  // there is a fleet in LON, not an army
  EXPECT_EQ(b.at("LON"), "england F");
}

TEST(Datc, Datc6A08SupportToHoldYourselfIsNotPossible) {
  Board b;
  int move = b.order("italy", "A VEN - TRI");
  b.order("italy", "A TYR S A VEN - TRI");
  int self = b.order("austria", "F TRI S F TRI");
  b.run();
  EXPECT_EQ(b.result(self), kIllegal);
  EXPECT_EQ(b.result(move), kSucceeds);
  EXPECT_TRUE(b.dislodged("TRI"));
}

TEST(Datc, Datc6A09FleetsMustFollowCoastIfNotOnSea) {
  Board b;
  int k = b.order("italy", "F ROM - VEN");
  b.run();
  EXPECT_EQ(b.result(k), kIllegal);
  EXPECT_EQ(b.at("ROM"), "italy F");
}

TEST(Datc, Datc6A10SupportOnUnreachableDestinationNotPossible) {
  Board b;
  b.order("austria", "A VEN H");
  int support = b.order("italy", "F ROM S A APU - VEN");
  int move = b.order("italy", "A APU - VEN");
  b.run();
  EXPECT_EQ(b.result(support), kIllegal);
  EXPECT_EQ(b.result(move), kFails);
  EXPECT_FALSE(b.dislodged("VEN"));
}

TEST(Datc, Datc6A11SimpleBounce) {
  Board b;
  int a = b.order("austria", "A VIE - TYR");
  int i = b.order("italy", "A VEN - TYR");
  b.run();
  EXPECT_EQ(b.result(a), kFails);
  EXPECT_EQ(b.result(i), kFails);
  EXPECT_EQ(b.at("TYR"), "");
}

TEST(Datc, Datc6A12BounceOfThreeUnits) {
  Board b;
  int a = b.order("austria", "A VIE - TYR");
  int g = b.order("germany", "A MUN - TYR");
  int i = b.order("italy", "A VEN - TYR");
  b.run();
  EXPECT_EQ(b.result(a), kFails);
  EXPECT_EQ(b.result(g), kFails);
  EXPECT_EQ(b.result(i), kFails);
  EXPECT_EQ(b.at("TYR"), "");
}

// ---- 6.B. Coastal issues -------------------------------------------------------------------------------

TEST(Datc, Datc6B01MovingWithUnspecifiedCoastWhenCoastIsNecessary) {
  Board b;
  int k = b.order("france", "F POR - SPA");
  b.run();
  EXPECT_EQ(b.result(k), kIllegal);
  EXPECT_EQ(b.at("POR"), "france F");
}

TEST(Datc, Datc6B02MovingWithUnspecifiedCoastWhenCoastIsNotNecessary) {
  Board b;
  int k = b.order("france", "F GAS - SPA");
  b.run();
  EXPECT_EQ(b.result(k), kSucceeds);
  EXPECT_EQ(b.location_at("SPA"), "SPA/NC");
}

TEST(Datc, Datc6B03MovingWithWrongCoastWhenCoastIsNotNecessary) {
  Board b;
  int k = b.order("france", "F GAS - SPA/SC");
  b.run();
  EXPECT_EQ(b.result(k), kIllegal);
  EXPECT_EQ(b.at("GAS"), "france F");
}

TEST(Datc, Datc6B04SupportToUnreachableCoastAllowed) {
  Board b;
  int move = b.order("france", "F GAS - SPA/NC");
  int support = b.order("france", "F MAR S F GAS - SPA/NC");
  int italy = b.order("italy", "F WES - SPA/SC");
  b.run();
  EXPECT_EQ(b.result(support), kSucceeds);
  EXPECT_EQ(b.result(move), kSucceeds);
  EXPECT_EQ(b.result(italy), kFails);
  EXPECT_EQ(b.location_at("SPA"), "SPA/NC");
}

TEST(Datc, Datc6B05SupportFromUnreachableCoastNotAllowed) {
  Board b;
  int move = b.order("france", "F MAR - LYO");
  int support = b.order("france", "F SPA/NC S F MAR - LYO");
  b.order("italy", "F LYO H");
  b.run();
  EXPECT_EQ(b.result(support), kIllegal);
  EXPECT_EQ(b.result(move), kFails);
  EXPECT_FALSE(b.dislodged("LYO"));
}

TEST(Datc, Datc6B06SupportCanBeCutWithOtherCoast) {
  Board b;
  b.order("england", "F IRI S F NAO - MAO");
  int move = b.order("england", "F NAO - MAO");
  int support = b.order("france", "F SPA/NC S F MAO");
  b.order("france", "F MAO H");
  b.order("italy", "F LYO - SPA/SC");
  b.run();
  EXPECT_EQ(b.result(support), kFails);
  EXPECT_EQ(b.result(move), kSucceeds);
  EXPECT_TRUE(b.dislodged("MAO"));
}

TEST(Datc, Datc6B07SupportingOwnUnitWithUnspecifiedCoast) {
  Board b;
  int support = b.order("france", "F POR S F MAO - SPA");
  int move = b.order("france", "F MAO - SPA/NC");
  b.order("italy", "F LYO S F WES - SPA/SC");
  int italy = b.order("italy", "F WES - SPA/SC");
  b.run();
  EXPECT_EQ(b.result(support), kSucceeds);
  EXPECT_EQ(b.result(italy), kFails);
  EXPECT_EQ(b.result(move), kFails);
  EXPECT_EQ(b.at("SPA"), "");
}

TEST(Datc, Datc6B08SupportingWithUnspecifiedCoastWhenOnlyOneCoastIsPossible) {
  Board b;
  int support = b.order("france", "F POR S F GAS - SPA");
  int move = b.order("france", "F GAS - SPA/NC");
  b.order("italy", "F LYO S F WES - SPA/SC");
  int italy = b.order("italy", "F WES - SPA/SC");
  b.run();
  EXPECT_EQ(b.result(support), kSucceeds);
  EXPECT_EQ(b.result(italy), kFails);
  EXPECT_EQ(b.result(move), kFails);
}

TEST(Datc, Datc6B09SupportingWithWrongCoast) {
  // The support names a coast the move does not go to: it does not match the move (our status:
  // "fails", the support being given to a move that was not ordered), so Italy moves.
  Board b;
  int support = b.order("france", "F POR S F MAO - SPA/NC");
  int move = b.order("france", "F MAO - SPA/SC");
  b.order("italy", "F LYO S F WES - SPA/SC");
  int italy = b.order("italy", "F WES - SPA/SC");
  b.run();
  EXPECT_EQ(b.result(support), kFails);
  EXPECT_EQ(b.result(italy), kSucceeds);
  EXPECT_EQ(b.result(move), kFails);
  EXPECT_EQ(b.at("SPA"), "italy F");
}

TEST(Datc, Datc6B10UnitOrderedWithWrongCoast) {
  Board b;
  b.unit("france", "F SPA/SC");
  int k = b.order("france", "F SPA/NC - LYO");
  b.run();
  EXPECT_EQ(b.result(k), kSucceeds);
  EXPECT_EQ(b.at("LYO"), "france F");
}

TEST(Datc, Datc6B11CoastCannotBeOrderedToChange) {
  Board b;
  b.unit("france", "F SPA/NC");
  int k = b.order("france", "F SPA/SC - LYO");
  b.run();
  EXPECT_EQ(b.result(k), kIllegal);
  EXPECT_EQ(b.location_at("SPA"), "SPA/NC");
}

TEST(Datc, Datc6B12ArmyMovementWithCoastalSpecification) {
  Board b;
  int k = b.order("france", "A GAS - SPA/NC");
  b.run();
  EXPECT_EQ(b.result(k), kSucceeds);
  EXPECT_EQ(b.at("SPA"), "france A");
  EXPECT_EQ(b.location_at("SPA"), "SPA");
}

TEST(Datc, Datc6B13CoastalCrawlNotAllowed) {
  Board b;
  int a = b.order("turkey", "F BUL/SC - CON");
  int c = b.order("turkey", "F CON - BUL/EC");
  b.run();
  EXPECT_EQ(b.result(a), kFails);
  EXPECT_EQ(b.result(c), kFails);
  EXPECT_EQ(b.location_at("BUL"), "BUL/SC");
}

TEST(Datc, Datc6B14BuildingWithUnspecifiedCoast) {
  Board b("W1901A");
  b.owns("russia", {"STP", "MOS"});
  b.unit("russia", "A MOS");
  int k = b.order("russia", "F STP B");
  b.run();
  EXPECT_EQ(b.result(k), kIllegal);
  EXPECT_EQ(b.at("STP"), "");
}

TEST(Datc, Datc6B15SupportingForeignUnitWithUnspecifiedCoast) {
  Board b;
  int support = b.order("france", "F POR S F MAO - SPA");
  int move = b.order("england", "F MAO - SPA/NC");
  b.order("italy", "F LYO S F WES - SPA/SC");
  int italy = b.order("italy", "F WES - SPA/SC");
  b.run();
  EXPECT_EQ(b.result(support), kSucceeds);
  EXPECT_EQ(b.result(italy), kFails);
  EXPECT_EQ(b.result(move), kFails);
}

// ---- 6.C. Circular movement ----------------------------------------------------------------------------

TEST(Datc, Datc6C01ThreeArmyCircularMovement) {
  Board b;
  int a = b.order("turkey", "F ANK - CON");
  int c = b.order("turkey", "A CON - SMY");
  int s = b.order("turkey", "A SMY - ANK");
  b.run();
  EXPECT_EQ(b.result(a), kSucceeds);
  EXPECT_EQ(b.result(c), kSucceeds);
  EXPECT_EQ(b.result(s), kSucceeds);
  EXPECT_EQ(b.at("CON"), "turkey F");
  EXPECT_EQ(b.at("SMY"), "turkey A");
  EXPECT_EQ(b.at("ANK"), "turkey A");
}

TEST(Datc, Datc6C02ThreeArmyCircularMovementWithSupport) {
  Board b;
  int a = b.order("turkey", "F ANK - CON");
  int c = b.order("turkey", "A CON - SMY");
  int s = b.order("turkey", "A SMY - ANK");
  int support = b.order("turkey", "A BUL S F ANK - CON");
  b.run();
  EXPECT_EQ(b.result(a), kSucceeds);
  EXPECT_EQ(b.result(c), kSucceeds);
  EXPECT_EQ(b.result(s), kSucceeds);
  EXPECT_EQ(b.result(support), kSucceeds);
  EXPECT_EQ(b.at("CON"), "turkey F");
}

TEST(Datc, Datc6C03ADisruptedThreeArmyCircularMovement) {
  Board b;
  int a = b.order("turkey", "F ANK - CON");
  int c = b.order("turkey", "A CON - SMY");
  int s = b.order("turkey", "A SMY - ANK");
  int bul = b.order("turkey", "A BUL - CON");
  b.run();
  for (int k : {a, c, s, bul}) EXPECT_EQ(b.result(k), kFails);
  EXPECT_EQ(b.at("ANK"), "turkey F");
  EXPECT_EQ(b.at("CON"), "turkey A");
  EXPECT_EQ(b.at("BUL"), "turkey A");
}

TEST(Datc, Datc6C04ACircularMovementWithAttackedConvoy) {
  Board b;
  int tri = b.order("austria", "A TRI - SER");
  int ser = b.order("austria", "A SER - BUL");
  int bul = b.order("turkey", "A BUL - TRI");
  b.order("turkey", "F AEG C A BUL - TRI");
  b.order("turkey", "F ION C A BUL - TRI");
  b.order("turkey", "F ADR C A BUL - TRI");
  int nap = b.order("italy", "F NAP - ION");
  b.run();
  EXPECT_EQ(b.result(tri), kSucceeds);
  EXPECT_EQ(b.result(ser), kSucceeds);
  EXPECT_EQ(b.result(bul), kSucceeds);
  EXPECT_EQ(b.result(nap), kFails);
  EXPECT_FALSE(b.dislodged("ION"));
  EXPECT_EQ(b.at("TRI"), "turkey A");
}

TEST(Datc, Datc6C05ADisruptedCircularMovementDueToDislodgedConvoy) {
  Board b;
  int tri = b.order("austria", "A TRI - SER");
  int ser = b.order("austria", "A SER - BUL");
  int bul = b.order("turkey", "A BUL - TRI");
  b.order("turkey", "F AEG C A BUL - TRI");
  b.order("turkey", "F ION C A BUL - TRI");
  b.order("turkey", "F ADR C A BUL - TRI");
  int nap = b.order("italy", "F NAP - ION");
  b.order("italy", "F TUN S F NAP - ION");
  b.run();
  EXPECT_EQ(b.result(tri), kFails);
  EXPECT_EQ(b.result(ser), kFails);
  EXPECT_EQ(b.result(bul), kFails);
  EXPECT_EQ(b.result(nap), kSucceeds);
  EXPECT_TRUE(b.dislodged("ION"));
}

TEST(Datc, Datc6C06TwoArmiesWithTwoConvoys) {
  Board b;
  b.order("england", "F NTH C A LON - BEL");
  int lon = b.order("england", "A LON - BEL");
  b.order("france", "F ENG C A BEL - LON");
  int bel = b.order("france", "A BEL - LON");
  b.run();
  EXPECT_EQ(b.result(lon), kSucceeds);
  EXPECT_EQ(b.result(bel), kSucceeds);
  EXPECT_EQ(b.at("BEL"), "england A");
  EXPECT_EQ(b.at("LON"), "france A");
}

TEST(Datc, Datc6C07DisruptedUnitSwap) {
  Board b;
  b.order("england", "F NTH C A LON - BEL");
  int lon = b.order("england", "A LON - BEL");
  b.order("france", "F ENG C A BEL - LON");
  int bel = b.order("france", "A BEL - LON");
  int bur = b.order("france", "A BUR - BEL");
  b.run();
  EXPECT_EQ(b.result(lon), kFails);
  EXPECT_EQ(b.result(bel), kFails);
  EXPECT_EQ(b.result(bur), kFails);
  EXPECT_EQ(b.at("BEL"), "france A");
}

TEST(Datc, Datc6C08NoSelfDislodgementInDisruptedCircularMovement) {
  Board b;
  int con = b.order("turkey", "F CON - BLA");
  int bul = b.order("turkey", "A BUL - CON");
  b.order("turkey", "A SMY S A BUL - CON");
  int bla = b.order("russia", "F BLA - BUL/EC");
  int ser = b.order("austria", "A SER - BUL");
  b.run();
  for (int k : {con, bul, bla, ser}) EXPECT_EQ(b.result(k), kFails);
  EXPECT_FALSE(b.dislodged("CON"));
  EXPECT_FALSE(b.dislodged("BUL"));
}

TEST(Datc, Datc6C09NoHelpInDislodgementOfOwnUnitInDisruptedCircularMovement) {
  Board b;
  int con = b.order("turkey", "F CON - BLA");
  b.order("turkey", "A SMY S A BUL - CON");
  int bla = b.order("russia", "F BLA - BUL/EC");
  int ser = b.order("austria", "A SER - BUL");
  int bul = b.order("austria", "A BUL - CON");
  b.run();
  for (int k : {con, bul, bla, ser}) EXPECT_EQ(b.result(k), kFails);
  EXPECT_FALSE(b.dislodged("CON"));
}

// ---- 6.D. Supports and dislodges -------------------------------------------------------------------------

TEST(Datc, Datc6D01SupportedHoldCanPreventDislodgement) {
  Board b;
  b.order("austria", "F ADR S A TRI - VEN");
  int move = b.order("austria", "A TRI - VEN");
  b.order("italy", "A VEN H");
  b.order("italy", "A TYR S A VEN");
  b.run();
  EXPECT_EQ(b.result(move), kFails);
  EXPECT_FALSE(b.dislodged("VEN"));
}

TEST(Datc, Datc6D02AMoveCutsSupportOnHold) {
  Board b;
  b.order("austria", "F ADR S A TRI - VEN");
  int move = b.order("austria", "A TRI - VEN");
  b.order("austria", "A VIE - TYR");
  b.order("italy", "A VEN H");
  int support = b.order("italy", "A TYR S A VEN");
  b.run();
  EXPECT_EQ(b.result(support), kFails);
  EXPECT_EQ(b.result(move), kSucceeds);
  EXPECT_TRUE(b.dislodged("VEN"));
}

TEST(Datc, Datc6D03AMoveCutsSupportOnMove) {
  Board b;
  int support = b.order("austria", "F ADR S A TRI - VEN");
  int move = b.order("austria", "A TRI - VEN");
  b.order("italy", "A VEN H");
  b.order("italy", "F ION - ADR");
  b.run();
  EXPECT_EQ(b.result(support), kFails);
  EXPECT_EQ(b.result(move), kFails);
  EXPECT_FALSE(b.dislodged("VEN"));
}

TEST(Datc, Datc6D04SupportToHoldOnUnitSupportingAHoldAllowed) {
  Board b;
  b.order("germany", "A BER S F KIE");
  b.order("germany", "F KIE S A BER");
  b.order("russia", "F BAL S A PRU - BER");
  int move = b.order("russia", "A PRU - BER");
  b.run();
  EXPECT_EQ(b.result(move), kFails);
  EXPECT_FALSE(b.dislodged("BER"));
}

TEST(Datc, Datc6D05SupportToHoldOnUnitSupportingAMoveAllowed) {
  Board b;
  b.order("germany", "A BER S A MUN - SIL");
  b.order("germany", "F KIE S A BER");
  b.order("germany", "A MUN - SIL");
  b.order("russia", "F BAL S A PRU - BER");
  int move = b.order("russia", "A PRU - BER");
  b.run();
  EXPECT_EQ(b.result(move), kFails);
  EXPECT_FALSE(b.dislodged("BER"));
}

TEST(Datc, Datc6D06SupportToHoldOnConvoyingUnitAllowed) {
  Board b;
  int convoyed = b.order("germany", "A BER - SWE");
  b.order("germany", "F BAL C A BER - SWE");
  b.order("germany", "F PRU S F BAL");
  int move = b.order("russia", "F LVN - BAL");
  b.order("russia", "F BOT S F LVN - BAL");
  b.run();
  EXPECT_EQ(b.result(move), kFails);
  EXPECT_EQ(b.result(convoyed), kSucceeds);
  EXPECT_EQ(b.at("SWE"), "germany A");
}

TEST(Datc, Datc6D07SupportToHoldOnMovingUnitNotAllowed) {
  Board b;
  int bal = b.order("germany", "F BAL - SWE");
  int support = b.order("germany", "F PRU S F BAL");
  int lvn = b.order("russia", "F LVN - BAL");
  b.order("russia", "F BOT S F LVN - BAL");
  b.order("russia", "A FIN - SWE");
  b.run();
  EXPECT_EQ(b.result(support), kFails);
  EXPECT_EQ(b.result(bal), kFails);
  EXPECT_EQ(b.result(lvn), kSucceeds);
  EXPECT_TRUE(b.dislodged("BAL"));
}

TEST(Datc, Datc6D08FailedConvoyCannotReceiveHoldSupport) {
  Board b;
  b.order("austria", "F ION H");
  b.order("austria", "A SER S A ALB - GRE");
  int alb = b.order("austria", "A ALB - GRE");
  int gre = b.order("turkey", "A GRE - NAP");
  int support = b.order("turkey", "A BUL S A GRE");
  b.run();
  EXPECT_EQ(b.result(gre), kFails);  // a legal move (a convoy was possible), not a hold
  EXPECT_EQ(b.result(support), kFails);
  EXPECT_EQ(b.result(alb), kSucceeds);
  EXPECT_TRUE(b.dislodged("GRE"));
}

TEST(Datc, Datc6D09SupportToMoveOnHoldingUnitNotAllowed) {
  Board b;
  int move = b.order("italy", "A VEN - TRI");
  b.order("italy", "A TYR S A VEN - TRI");
  int support = b.order("austria", "A ALB S A TRI - SER");
  b.order("austria", "A TRI H");
  b.run();
  EXPECT_EQ(b.result(support), kFails);
  EXPECT_EQ(b.result(move), kSucceeds);
  EXPECT_TRUE(b.dislodged("TRI"));
}

TEST(Datc, Datc6D10SelfDislodgmentProhibited) {
  Board b;
  b.order("germany", "A BER H");
  int move = b.order("germany", "F KIE - BER");
  b.order("germany", "A MUN S F KIE - BER");
  b.run();
  EXPECT_EQ(b.result(move), kFails);
  EXPECT_FALSE(b.dislodged("BER"));
}

TEST(Datc, Datc6D11NoSelfDislodgmentOfReturningUnit) {
  Board b;
  int ber = b.order("germany", "A BER - PRU");
  int kie = b.order("germany", "F KIE - BER");
  b.order("germany", "A MUN S F KIE - BER");
  b.order("russia", "A WAR - PRU");
  b.run();
  EXPECT_EQ(b.result(ber), kFails);
  EXPECT_EQ(b.result(kie), kFails);
  EXPECT_FALSE(b.dislodged("BER"));
}

TEST(Datc, Datc6D12SupportingAForeignUnitToDislodgeOwnUnitProhibited) {
  Board b;
  b.order("austria", "F TRI H");
  b.order("austria", "A VIE S A VEN - TRI");
  int move = b.order("italy", "A VEN - TRI");
  b.run();
  EXPECT_EQ(b.result(move), kFails);
  EXPECT_FALSE(b.dislodged("TRI"));
}

TEST(Datc, Datc6D13SupportingAForeignUnitToDislodgeAReturningOwnUnitProhibited) {
  Board b;
  int tri = b.order("austria", "F TRI - ADR");
  b.order("austria", "A VIE S A VEN - TRI");
  int ven = b.order("italy", "A VEN - TRI");
  b.order("italy", "F APU - ADR");
  b.run();
  EXPECT_EQ(b.result(tri), kFails);
  EXPECT_EQ(b.result(ven), kFails);
  EXPECT_FALSE(b.dislodged("TRI"));
}

TEST(Datc, Datc6D14SupportingAForeignUnitIsNotEnoughToPreventDislodgement) {
  Board b;
  b.order("austria", "F TRI H");
  b.order("austria", "A VIE S A VEN - TRI");
  int move = b.order("italy", "A VEN - TRI");
  b.order("italy", "A TYR S A VEN - TRI");
  b.order("italy", "F ADR S A VEN - TRI");
  b.run();
  EXPECT_EQ(b.result(move), kSucceeds);
  EXPECT_TRUE(b.dislodged("TRI"));
}

TEST(Datc, Datc6D15DefenderCannotCutSupportForAttackOnItself) {
  Board b;
  int support = b.order("russia", "F CON S F BLA - ANK");
  int move = b.order("russia", "F BLA - ANK");
  b.order("turkey", "F ANK - CON");
  b.run();
  EXPECT_EQ(b.result(support), kSucceeds);
  EXPECT_EQ(b.result(move), kSucceeds);
  EXPECT_TRUE(b.dislodged("ANK"));
}

TEST(Datc, Datc6D16ConvoyingAUnitDislodgingAUnitOfSamePowerIsAllowed) {
  Board b;
  b.order("england", "A LON H");
  b.order("england", "F NTH C A BEL - LON");
  b.order("france", "F ENG S A BEL - LON");
  int move = b.order("france", "A BEL - LON");
  b.run();
  EXPECT_EQ(b.result(move), kSucceeds);
  EXPECT_TRUE(b.dislodged("LON"));
  EXPECT_EQ(b.at("LON"), "france A");
}

TEST(Datc, Datc6D17DislodgementCutsSupports) {
  Board b;
  int support = b.order("russia", "F CON S F BLA - ANK");
  int bla = b.order("russia", "F BLA - ANK");
  int ank = b.order("turkey", "F ANK - CON");
  b.order("turkey", "A SMY S F ANK - CON");
  b.order("turkey", "A ARM - ANK");
  b.run();
  EXPECT_EQ(b.result(ank), kSucceeds);
  EXPECT_TRUE(b.dislodged("CON"));
  EXPECT_EQ(b.result(support), kFails);
  EXPECT_EQ(b.result(bla), kFails);
  EXPECT_EQ(b.at("CON"), "turkey F");
  EXPECT_EQ(b.at("ANK"), "");  // the Black Sea and Armenia bounce there
}

TEST(Datc, Datc6D18ASurvivingUnitWillSustainSupport) {
  Board b;
  int support = b.order("russia", "F CON S F BLA - ANK");
  int bla = b.order("russia", "F BLA - ANK");
  b.order("russia", "A BUL S F CON");
  int ank = b.order("turkey", "F ANK - CON");
  b.order("turkey", "A SMY S F ANK - CON");
  b.order("turkey", "A ARM - ANK");
  b.run();
  EXPECT_EQ(b.result(ank), kFails);
  EXPECT_EQ(b.result(support), kSucceeds);
  EXPECT_EQ(b.result(bla), kSucceeds);
  EXPECT_TRUE(b.dislodged("ANK"));
  EXPECT_FALSE(b.dislodged("CON"));
}

TEST(Datc, Datc6D19EvenWhenSurvivingIsInAlternativeWay) {
  Board b;
  b.order("russia", "F CON S F BLA - ANK");
  int bla = b.order("russia", "F BLA - ANK");
  b.order("russia", "A SMY S F ANK - CON");
  int ank = b.order("turkey", "F ANK - CON");
  b.run();
  EXPECT_EQ(b.result(ank), kFails);
  EXPECT_FALSE(b.dislodged("CON"));
  EXPECT_EQ(b.result(bla), kSucceeds);
  EXPECT_TRUE(b.dislodged("ANK"));
}

TEST(Datc, Datc6D20UnitCannotCutSupportOfItsOwnCountry) {
  Board b;
  int support = b.order("england", "F LON S F NTH - ENG");
  int move = b.order("england", "F NTH - ENG");
  b.order("england", "A YOR - LON");
  b.order("france", "F ENG H");
  b.run();
  EXPECT_EQ(b.result(support), kSucceeds);
  EXPECT_EQ(b.result(move), kSucceeds);
  EXPECT_TRUE(b.dislodged("ENG"));
}

TEST(Datc, Datc6D21DislodgingDoesNotCancelASupportCut) {
  Board b;
  b.order("austria", "F TRI H");
  int ven = b.order("italy", "A VEN - TRI");
  int support = b.order("italy", "A TYR S A VEN - TRI");
  b.order("germany", "A MUN - TYR");
  int sil = b.order("russia", "A SIL - MUN");
  b.order("russia", "A BER S A SIL - MUN");
  b.run();
  EXPECT_EQ(b.result(support), kFails);
  EXPECT_EQ(b.result(ven), kFails);
  EXPECT_FALSE(b.dislodged("TRI"));
  EXPECT_EQ(b.result(sil), kSucceeds);
  EXPECT_TRUE(b.dislodged("MUN"));
}

TEST(Datc, Datc6D22ImpossibleFleetMoveCannotBeSupported) {
  Board b;
  int kie = b.order("germany", "F KIE - MUN");
  int support = b.order("germany", "A BUR S F KIE - MUN");
  int mun = b.order("russia", "A MUN - KIE");
  b.order("russia", "A BER S A MUN - KIE");
  b.run();
  EXPECT_EQ(b.result(kie), kIllegal);
  EXPECT_EQ(b.result(support), kIllegal);
  EXPECT_EQ(b.result(mun), kSucceeds);
  EXPECT_TRUE(b.dislodged("KIE"));
}

TEST(Datc, Datc6D23ImpossibleCoastMoveCannotBeSupported) {
  Board b;
  int lyo = b.order("italy", "F LYO - SPA/SC");
  b.order("italy", "F WES S F LYO - SPA/SC");
  int spa = b.order("france", "F SPA/NC - LYO");
  int support = b.order("france", "F MAR S F SPA/NC - LYO");
  b.run();
  EXPECT_EQ(b.result(spa), kIllegal);
  EXPECT_EQ(b.result(support), kIllegal);
  EXPECT_EQ(b.result(lyo), kSucceeds);
  EXPECT_TRUE(b.dislodged("SPA"));
}

TEST(Datc, Datc6D24ImpossibleArmyMoveCannotBeSupported) {
  Board b;
  int mar = b.order("france", "A MAR - LYO");
  int support = b.order("france", "F SPA/SC S A MAR - LYO");
  b.order("italy", "F LYO H");
  b.order("turkey", "F TYS S F WES - LYO");
  int wes = b.order("turkey", "F WES - LYO");
  b.run();
  EXPECT_EQ(b.result(mar), kIllegal);
  EXPECT_EQ(b.result(support), kIllegal);
  EXPECT_EQ(b.result(wes), kSucceeds);
  EXPECT_TRUE(b.dislodged("LYO"));
}

TEST(Datc, Datc6D25FailingHoldSupportCanBeSupported) {
  Board b;
  int unmatched = b.order("germany", "A BER S A PRU");
  b.order("germany", "F KIE S A BER");
  b.order("russia", "F BAL S A PRU - BER");
  int move = b.order("russia", "A PRU - BER");
  b.run();
  EXPECT_EQ(b.result(unmatched), kFails);
  EXPECT_EQ(b.result(move), kFails);
  EXPECT_FALSE(b.dislodged("BER"));
}

TEST(Datc, Datc6D26FailingMoveSupportCanBeSupported) {
  Board b;
  int unmatched = b.order("germany", "A BER S A PRU - SIL");
  b.order("germany", "F KIE S A BER");
  b.order("russia", "F BAL S A PRU - BER");
  int move = b.order("russia", "A PRU - BER");
  b.run();
  EXPECT_EQ(b.result(unmatched), kFails);
  EXPECT_EQ(b.result(move), kFails);
  EXPECT_FALSE(b.dislodged("BER"));
}

TEST(Datc, Datc6D27FailingConvoyCanBeSupported) {
  Board b;
  int move = b.order("england", "F SWE - BAL");
  b.order("england", "F DEN S F SWE - BAL");
  b.order("germany", "A BER H");
  int convoy = b.order("russia", "F BAL C A BER - LVN");
  b.order("russia", "F PRU S F BAL");
  b.run();
  EXPECT_EQ(b.result(convoy), kFails);
  EXPECT_EQ(b.result(move), kFails);
  EXPECT_FALSE(b.dislodged("BAL"));
}

TEST(Datc, Datc6D28ImpossibleMoveAndSupport) {
  Board b;
  int support = b.order("austria", "A BUD S F RUM");
  int rum = b.order("russia", "F RUM - HOL");
  int bla = b.order("turkey", "F BLA - RUM");
  b.order("turkey", "A BUL S F BLA - RUM");
  b.run();
  EXPECT_EQ(b.result(rum), kIllegal);
  EXPECT_EQ(b.result(support), kSucceeds);
  EXPECT_EQ(b.result(bla), kFails);
  EXPECT_FALSE(b.dislodged("RUM"));
}

TEST(Datc, Datc6D29MoveToImpossibleCoastAndSupport) {
  Board b;
  int support = b.order("austria", "A BUD S F RUM");
  int rum = b.order("russia", "F RUM - BUL/SC");
  int bla = b.order("turkey", "F BLA - RUM");
  b.order("turkey", "A BUL S F BLA - RUM");
  b.run();
  EXPECT_EQ(b.result(rum), kIllegal);
  EXPECT_EQ(b.result(support), kSucceeds);
  EXPECT_EQ(b.result(bla), kFails);
  EXPECT_FALSE(b.dislodged("RUM"));
}

TEST(Datc, Datc6D30MoveWithoutCoastAndSupport) {
  Board b;
  int support = b.order("italy", "F AEG S F CON");
  int con = b.order("russia", "F CON - BUL");
  int bla = b.order("turkey", "F BLA - CON");
  b.order("turkey", "A BUL S F BLA - CON");
  b.run();
  EXPECT_EQ(b.result(con), kIllegal);
  EXPECT_EQ(b.result(support), kSucceeds);
  EXPECT_EQ(b.result(bla), kFails);
  EXPECT_FALSE(b.dislodged("CON"));
}

TEST(Datc, Datc6D31ATrickyImpossibleSupport) {
  Board b;
  int move = b.order("austria", "A RUM - ARM");
  int support = b.order("turkey", "F BLA S A RUM - ARM");
  b.run();
  EXPECT_EQ(b.result(support), kIllegal);
  EXPECT_EQ(b.result(move), kFails);  // by convoy (the only way), and nobody convoys it
  EXPECT_EQ(b.at("RUM"), "austria A");
}

TEST(Datc, Datc6D32AMissingFleet) {
  Board b;
  b.order("england", "F EDI S A LVP - YOR");
  int lvp = b.order("england", "A LVP - YOR");
  int support = b.order("france", "F LON S A YOR");
  int yor = b.order("germany", "A YOR - HOL");
  b.run();
  EXPECT_EQ(b.result(yor), kIllegal);
  EXPECT_EQ(b.result(support), kSucceeds);
  EXPECT_EQ(b.result(lvp), kFails);
  EXPECT_FALSE(b.dislodged("YOR"));
}

TEST(Datc, Datc6D33UnwantedSupportAllowed) {
  Board b;
  int ser = b.order("austria", "A SER - BUD");
  int vie = b.order("austria", "A VIE - BUD");
  b.order("russia", "A GAL S A SER - BUD");
  int bul = b.order("turkey", "A BUL - SER");
  b.run();
  EXPECT_EQ(b.result(ser), kSucceeds);
  EXPECT_EQ(b.result(vie), kFails);
  EXPECT_EQ(b.result(bul), kSucceeds);
  EXPECT_EQ(b.at("SER"), "turkey A");
}

TEST(Datc, Datc6D34SupportTargetingOwnAreaNotAllowed) {
  Board b;
  int ber = b.order("germany", "A BER - PRU");
  b.order("germany", "A SIL S A BER - PRU");
  b.order("germany", "F BAL S A BER - PRU");
  int italy = b.order("italy", "A PRU S LVN - PRU");
  b.order("russia", "A WAR S A LVN - PRU");
  int lvn = b.order("russia", "A LVN - PRU");
  b.run();
  EXPECT_EQ(b.result(italy), kIllegal);
  EXPECT_EQ(b.result(ber), kSucceeds);
  EXPECT_EQ(b.result(lvn), kFails);
  EXPECT_TRUE(b.dislodged("PRU"));
}

// ---- 6.E. Head-to-head battles and beleaguered garrison
// ----------------------------------------------------

TEST(Datc, Datc6E01DislodgedUnitHasNoEffectOnAttackersArea) {
  Board b;
  int ber = b.order("germany", "A BER - PRU");
  int kie = b.order("germany", "F KIE - BER");
  b.order("germany", "A SIL S A BER - PRU");
  int pru = b.order("russia", "A PRU - BER");
  b.run();
  EXPECT_EQ(b.result(ber), kSucceeds);
  EXPECT_EQ(b.result(kie), kSucceeds);
  EXPECT_EQ(b.result(pru), kFails);
  EXPECT_TRUE(b.dislodged("PRU"));
  EXPECT_EQ(b.at("BER"), "germany F");
}

TEST(Datc, Datc6E02NoSelfDislodgementInHeadToHeadBattle) {
  Board b;
  int ber = b.order("germany", "A BER - KIE");
  int kie = b.order("germany", "F KIE - BER");
  b.order("germany", "A MUN S A BER - KIE");
  b.run();
  EXPECT_EQ(b.result(ber), kFails);
  EXPECT_EQ(b.result(kie), kFails);
  EXPECT_FALSE(b.dislodged("KIE"));
}

TEST(Datc, Datc6E03NoHelpInDislodgingOwnUnit) {
  Board b;
  int ber = b.order("germany", "A BER - KIE");
  b.order("germany", "A MUN S F KIE - BER");
  int kie = b.order("england", "F KIE - BER");
  b.run();
  EXPECT_EQ(b.result(ber), kFails);
  EXPECT_EQ(b.result(kie), kFails);
  EXPECT_FALSE(b.dislodged("BER"));
  EXPECT_FALSE(b.dislodged("KIE"));
}

TEST(Datc, Datc6E04NonDislodgedLoserStillHasEffect) {
  Board b;
  int hol = b.order("germany", "F HOL - NTH");
  b.order("germany", "F HEL S F HOL - NTH");
  b.order("germany", "F SKA S F HOL - NTH");
  int nth = b.order("france", "F NTH - HOL");
  b.order("france", "F BEL S F NTH - HOL");
  b.order("england", "F EDI S F NWG - NTH");
  b.order("england", "F YOR S F NWG - NTH");
  int nwg = b.order("england", "F NWG - NTH");
  b.order("austria", "A KIE S A RUH - HOL");
  int ruh = b.order("austria", "A RUH - HOL");
  b.run();
  for (int k : {hol, nth, nwg, ruh}) EXPECT_EQ(b.result(k), kFails);
  EXPECT_FALSE(b.dislodged("NTH"));
  EXPECT_FALSE(b.dislodged("HOL"));
}

TEST(Datc, Datc6E05LoserDislodgedByAnotherArmyStillHasEffect) {
  Board b;
  int hol = b.order("germany", "F HOL - NTH");
  b.order("germany", "F HEL S F HOL - NTH");
  b.order("germany", "F SKA S F HOL - NTH");
  int nth = b.order("france", "F NTH - HOL");
  b.order("france", "F BEL S F NTH - HOL");
  b.order("england", "F EDI S F NWG - NTH");
  b.order("england", "F YOR S F NWG - NTH");
  int nwg = b.order("england", "F NWG - NTH");
  b.order("england", "F LON S F NWG - NTH");
  b.order("austria", "A KIE S A RUH - HOL");
  int ruh = b.order("austria", "A RUH - HOL");
  b.run();
  EXPECT_EQ(b.result(nwg), kSucceeds);
  EXPECT_TRUE(b.dislodged("NTH"));
  EXPECT_EQ(b.result(hol), kFails);
  EXPECT_EQ(b.result(nth), kFails);
  EXPECT_EQ(b.result(ruh), kFails);
  EXPECT_FALSE(b.dislodged("HOL"));
}

TEST(Datc, Datc6E06NotDislodgeBecauseOfOwnSupportStillHasEffect) {
  Board b;
  int hol = b.order("germany", "F HOL - NTH");
  b.order("germany", "F HEL S F HOL - NTH");
  int nth = b.order("france", "F NTH - HOL");
  b.order("france", "F BEL S F NTH - HOL");
  b.order("france", "F ENG S F HOL - NTH");
  b.order("austria", "A KIE S A RUH - HOL");
  int ruh = b.order("austria", "A RUH - HOL");
  b.run();
  for (int k : {hol, nth, ruh}) EXPECT_EQ(b.result(k), kFails);
  EXPECT_FALSE(b.dislodged("NTH"));
  EXPECT_FALSE(b.dislodged("HOL"));
}

TEST(Datc, Datc6E07NoSelfDislodgementWithBeleagueredGarrison) {
  Board b;
  b.order("england", "F NTH H");
  b.order("england", "F YOR S F NWY - NTH");
  b.order("germany", "F HOL S F HEL - NTH");
  int hel = b.order("germany", "F HEL - NTH");
  b.order("russia", "F SKA S F NWY - NTH");
  int nwy = b.order("russia", "F NWY - NTH");
  b.run();
  EXPECT_EQ(b.result(hel), kFails);
  EXPECT_EQ(b.result(nwy), kFails);
  EXPECT_FALSE(b.dislodged("NTH"));
}

TEST(Datc, Datc6E08NoSelfDislodgementWithBeleagueredGarrisonAndHeadToHeadBattle) {
  Board b;
  int nth = b.order("england", "F NTH - NWY");
  b.order("england", "F YOR S F NWY - NTH");
  b.order("germany", "F HOL S F HEL - NTH");
  int hel = b.order("germany", "F HEL - NTH");
  b.order("russia", "F SKA S F NWY - NTH");
  int nwy = b.order("russia", "F NWY - NTH");
  b.run();
  for (int k : {nth, hel, nwy}) EXPECT_EQ(b.result(k), kFails);
  EXPECT_FALSE(b.dislodged("NTH"));
  EXPECT_FALSE(b.dislodged("NWY"));
}

TEST(Datc, Datc6E09AlmostSelfDislodgementWithBeleagueredGarrison) {
  Board b;
  int nth = b.order("england", "F NTH - NWG");
  b.order("england", "F YOR S F NWY - NTH");
  b.order("germany", "F HOL S F HEL - NTH");
  int hel = b.order("germany", "F HEL - NTH");
  b.order("russia", "F SKA S F NWY - NTH");
  int nwy = b.order("russia", "F NWY - NTH");
  b.run();
  EXPECT_EQ(b.result(nth), kSucceeds);
  EXPECT_EQ(b.result(nwy), kSucceeds);
  EXPECT_EQ(b.result(hel), kFails);
  EXPECT_EQ(b.at("NTH"), "russia F");
}

TEST(Datc, Datc6E10AlmostCircularMovementWithNoSelfDislodgementWithBeleagueredGarrison) {
  Board b;
  int nth = b.order("england", "F NTH - DEN");
  b.order("england", "F YOR S F NWY - NTH");
  b.order("germany", "F HOL S F HEL - NTH");
  int hel = b.order("germany", "F HEL - NTH");
  int den = b.order("germany", "F DEN - HEL");
  b.order("russia", "F SKA S F NWY - NTH");
  int nwy = b.order("russia", "F NWY - NTH");
  b.run();
  for (int k : {nth, hel, den, nwy}) EXPECT_EQ(b.result(k), kFails);
  EXPECT_EQ(b.at("NTH"), "england F");
}

TEST(Datc, Datc6E11NoSelfDislodgementWithBeleagueredGarrisonUnitSwapWithAdjacentConvoyingAndTwoCoasts) {
  Board b;
  int spa = b.order("france", "A SPA - POR VIA C");
  b.order("france", "F MAO C A SPA - POR");
  b.order("france", "F LYO S F POR - SPA/NC");
  b.order("germany", "A MAR S A GAS - SPA");
  int gas = b.order("germany", "A GAS - SPA");
  int por = b.order("italy", "F POR - SPA/NC");
  b.order("italy", "F WES S F POR - SPA/NC");
  b.run();
  EXPECT_EQ(b.result(spa), kSucceeds);
  EXPECT_EQ(b.result(por), kSucceeds);
  EXPECT_EQ(b.result(gas), kFails);
  EXPECT_EQ(b.at("POR"), "france A");
  EXPECT_EQ(b.location_at("SPA"), "SPA/NC");
}

TEST(Datc, Datc6E12SupportOnAttackOnOwnUnitCanBeUsedForOtherMeans) {
  Board b;
  int bud = b.order("austria", "A BUD - RUM");
  b.order("austria", "A SER S A VIE - BUD");
  int vie = b.order("italy", "A VIE - BUD");
  int gal = b.order("russia", "A GAL - BUD");
  b.order("russia", "A RUM S A GAL - BUD");
  b.run();
  for (int k : {bud, vie, gal}) EXPECT_EQ(b.result(k), kFails);
  EXPECT_FALSE(b.dislodged("BUD"));
}

TEST(Datc, Datc6E13ThreeWayBeleagueredGarrison) {
  Board b;
  b.order("england", "F EDI S F YOR - NTH");
  int yor = b.order("england", "F YOR - NTH");
  int bel = b.order("france", "F BEL - NTH");
  b.order("france", "F ENG S F BEL - NTH");
  b.order("germany", "F NTH H");
  int nwg = b.order("russia", "F NWG - NTH");
  b.order("russia", "F NWY S F NWG - NTH");
  b.run();
  for (int k : {yor, bel, nwg}) EXPECT_EQ(b.result(k), kFails);
  EXPECT_FALSE(b.dislodged("NTH"));
}

TEST(Datc, Datc6E14IllegalHeadToHeadBattleCanStillDefend) {
  Board b;
  int lvp = b.order("england", "A LVP - EDI");
  int edi = b.order("russia", "F EDI - LVP");
  b.run();
  EXPECT_EQ(b.result(edi), kIllegal);
  EXPECT_EQ(b.result(lvp), kFails);
  EXPECT_EQ(b.at("EDI"), "russia F");
}

TEST(Datc, Datc6E15TheFriendlyHeadToHeadBattle) {
  Board b;
  b.order("england", "F HOL S A RUH - KIE");
  int ruh = b.order("england", "A RUH - KIE");
  int kie = b.order("france", "A KIE - BER");
  b.order("france", "A MUN S A KIE - BER");
  b.order("france", "A SIL S A KIE - BER");
  int ber = b.order("germany", "A BER - KIE");
  b.order("germany", "F DEN S A BER - KIE");
  b.order("germany", "F HEL S A BER - KIE");
  b.order("russia", "F BAL S A PRU - BER");
  int pru = b.order("russia", "A PRU - BER");
  b.run();
  for (int k : {ruh, kie, ber, pru}) EXPECT_EQ(b.result(k), kFails);
  EXPECT_FALSE(b.dislodged("KIE"));
  EXPECT_FALSE(b.dislodged("BER"));
}

// ---- 6.F. Convoys -----------------------------------------------------------------------------------------

TEST(Datc, Datc6F01NoConvoyInCoastalAreas) {
  Board b;
  int gre = b.order("turkey", "A GRE - SEV");
  b.order("turkey", "F AEG C A GRE - SEV");
  int con = b.order("turkey", "F CON C A GRE - SEV");
  b.order("turkey", "F BLA C A GRE - SEV");
  b.run();
  EXPECT_EQ(b.result(con), kIllegal);
  EXPECT_NE(b.result(gre), kSucceeds);  // our status: illegal (no route of fleets at sea reaches SEV)
  EXPECT_EQ(b.at("GRE"), "turkey A");
}

TEST(Datc, Datc6F02AnArmyBeingConvoyedCanBounceAsNormal) {
  Board b;
  b.order("england", "F ENG C A LON - BRE");
  int lon = b.order("england", "A LON - BRE");
  int par = b.order("france", "A PAR - BRE");
  b.run();
  EXPECT_EQ(b.result(lon), kFails);
  EXPECT_EQ(b.result(par), kFails);
}

TEST(Datc, Datc6F03AnArmyBeingConvoyedCanReceiveSupport) {
  Board b;
  b.order("england", "F ENG C A LON - BRE");
  int lon = b.order("england", "A LON - BRE");
  b.order("england", "F MAO S A LON - BRE");
  int par = b.order("france", "A PAR - BRE");
  b.run();
  EXPECT_EQ(b.result(lon), kSucceeds);
  EXPECT_EQ(b.result(par), kFails);
  EXPECT_EQ(b.at("BRE"), "england A");
}

TEST(Datc, Datc6F04AnAttackedConvoyIsNotDisrupted) {
  Board b;
  b.order("england", "F NTH C A LON - HOL");
  int lon = b.order("england", "A LON - HOL");
  b.order("germany", "F SKA - NTH");
  b.run();
  EXPECT_EQ(b.result(lon), kSucceeds);
  EXPECT_EQ(b.at("HOL"), "england A");
}

TEST(Datc, Datc6F05ABeleagueredConvoyIsNotDisrupted) {
  Board b;
  b.order("england", "F NTH C A LON - HOL");
  int lon = b.order("england", "A LON - HOL");
  b.order("france", "F ENG - NTH");
  b.order("france", "F BEL S F ENG - NTH");
  b.order("germany", "F SKA - NTH");
  b.order("germany", "F DEN S F SKA - NTH");
  b.run();
  EXPECT_EQ(b.result(lon), kSucceeds);
  EXPECT_FALSE(b.dislodged("NTH"));
}

TEST(Datc, Datc6F06DislodgedConvoyDoesNotCutSupport) {
  Board b;
  b.order("england", "F NTH C A LON - HOL");
  int lon = b.order("england", "A LON - HOL");
  int support = b.order("germany", "A HOL S A BEL");
  b.order("germany", "A BEL S A HOL");
  b.order("germany", "F HEL S F SKA - NTH");
  b.order("germany", "F SKA - NTH");
  int pic = b.order("france", "A PIC - BEL");
  b.order("france", "A BUR S A PIC - BEL");
  b.run();
  EXPECT_TRUE(b.dislodged("NTH"));
  EXPECT_EQ(b.result(lon), kFails);
  EXPECT_EQ(b.result(support), kSucceeds);
  EXPECT_EQ(b.result(pic), kFails);
  EXPECT_FALSE(b.dislodged("BEL"));
}

TEST(Datc, Datc6F07DislodgedConvoyDoesNotCauseContestedArea) {
  Board b;
  b.order("england", "F NTH C A LON - HOL");
  b.order("england", "A LON - HOL");
  b.order("germany", "F HEL S F SKA - NTH");
  b.order("germany", "F SKA - NTH");
  b.run();
  EXPECT_TRUE(b.dislodged("NTH"));
  EXPECT_TRUE(b.can_retreat("NTH", "HOL"));
  Board r = b.next();
  int k = r.order("england", "F NTH R HOL");
  r.run();
  EXPECT_EQ(r.result(k), kSucceeds);
  EXPECT_EQ(r.at("HOL"), "england F");
}

TEST(Datc, Datc6F08DislodgedConvoyDoesNotCauseABounce) {
  Board b;
  b.order("england", "F NTH C A LON - HOL");
  int lon = b.order("england", "A LON - HOL");
  b.order("germany", "F HEL S F SKA - NTH");
  b.order("germany", "F SKA - NTH");
  int bel = b.order("germany", "A BEL - HOL");
  b.run();
  EXPECT_EQ(b.result(lon), kFails);
  EXPECT_EQ(b.result(bel), kSucceeds);
  EXPECT_EQ(b.at("HOL"), "germany A");
}

TEST(Datc, Datc6F09DislodgeOfMultiRouteConvoy) {
  Board b;
  b.order("england", "F ENG C A LON - BEL");
  b.order("england", "F NTH C A LON - BEL");
  int lon = b.order("england", "A LON - BEL");
  b.order("france", "F BRE S F MAO - ENG");
  int mao = b.order("france", "F MAO - ENG");
  b.run();
  EXPECT_EQ(b.result(mao), kSucceeds);
  EXPECT_TRUE(b.dislodged("ENG"));
  EXPECT_EQ(b.result(lon), kSucceeds);
  EXPECT_EQ(b.at("BEL"), "england A");
}

TEST(Datc, Datc6F10DislodgeOfMultiRouteConvoyWithForeignFleet) {
  Board b;
  b.order("england", "F NTH C A LON - BEL");
  int lon = b.order("england", "A LON - BEL");
  b.order("germany", "F ENG C A LON - BEL");
  b.order("france", "F BRE S F MAO - ENG");
  int mao = b.order("france", "F MAO - ENG");
  b.run();
  EXPECT_EQ(b.result(mao), kSucceeds);
  EXPECT_EQ(b.result(lon), kSucceeds);
}

TEST(Datc, Datc6F11DislodgeOfMultiRouteConvoyWithOnlyForeignFleets) {
  Board b;
  int lon = b.order("england", "A LON - BEL");
  b.order("germany", "F ENG C A LON - BEL");
  b.order("russia", "F NTH C A LON - BEL");
  b.order("france", "F BRE S F MAO - ENG");
  int mao = b.order("france", "F MAO - ENG");
  b.run();
  EXPECT_EQ(b.result(mao), kSucceeds);
  EXPECT_EQ(b.result(lon), kSucceeds);
}

TEST(Datc, Datc6F12DislodgedConvoyingFleetNotOnRoute) {
  Board b;
  b.order("england", "F ENG C A LON - BEL");
  int lon = b.order("england", "A LON - BEL");
  int iri = b.order("england", "F IRI C A LON - BEL");
  b.order("france", "F NAO S F MAO - IRI");
  int mao = b.order("france", "F MAO - IRI");
  b.run();
  // The Irish Sea is on no route from LON to BEL: our status for its convoy is illegal.
  EXPECT_EQ(b.result(iri), kIllegal);
  EXPECT_EQ(b.result(mao), kSucceeds);
  EXPECT_EQ(b.result(lon), kSucceeds);
}

TEST(Datc, Datc6F13TheUnwantedAlternative) {
  Board b;
  int lon = b.order("england", "A LON - BEL");
  b.order("england", "F NTH C A LON - BEL");
  b.order("france", "F ENG C A LON - BEL");
  b.order("germany", "F HOL S F DEN - NTH");
  int den = b.order("germany", "F DEN - NTH");
  b.run();
  EXPECT_EQ(b.result(lon), kSucceeds);
  EXPECT_EQ(b.result(den), kSucceeds);
  EXPECT_TRUE(b.dislodged("NTH"));
}

TEST(Datc, Datc6F14SimpleConvoyParadox) {
  Board b;
  int support = b.order("england", "F LON S F WAL - ENG");
  int wal = b.order("england", "F WAL - ENG");
  int bre = b.order("france", "A BRE - LON");
  b.order("france", "F ENG C A BRE - LON");
  b.run();
  EXPECT_EQ(b.result(support), kSucceeds);
  EXPECT_EQ(b.result(wal), kSucceeds);
  EXPECT_EQ(b.result(bre), kFails);
  EXPECT_TRUE(b.dislodged("ENG"));
}

TEST(Datc, Datc6F15SimpleConvoyParadoxWithAdditionalConvoy) {
  Board b;
  b.order("england", "F LON S F WAL - ENG");
  int wal = b.order("england", "F WAL - ENG");
  int bre = b.order("france", "A BRE - LON");
  b.order("france", "F ENG C A BRE - LON");
  b.order("italy", "F IRI C A NAF - WAL");
  b.order("italy", "F MAO C A NAF - WAL");
  int naf = b.order("italy", "A NAF - WAL");
  b.run();
  EXPECT_EQ(b.result(wal), kSucceeds);
  EXPECT_EQ(b.result(naf), kSucceeds);
  EXPECT_EQ(b.result(bre), kFails);
  EXPECT_EQ(b.at("WAL"), "italy A");
}

TEST(Datc, Datc6F16PandinsParadox) {
  Board b;
  int support = b.order("england", "F LON S F WAL - ENG");
  int wal = b.order("england", "F WAL - ENG");
  int bre = b.order("france", "A BRE - LON");
  b.order("france", "F ENG C A BRE - LON");
  b.order("germany", "F NTH S F BEL - ENG");
  int bel = b.order("germany", "F BEL - ENG");
  b.run();
  EXPECT_EQ(b.result(support), kSucceeds);
  for (int k : {wal, bre, bel}) EXPECT_EQ(b.result(k), kFails);
  EXPECT_FALSE(b.dislodged("ENG"));
}

TEST(Datc, Datc6F17PandinsExtendedParadox) {
  Board b;
  b.order("england", "F LON S F WAL - ENG");
  int wal = b.order("england", "F WAL - ENG");
  int bre = b.order("france", "A BRE - LON");
  b.order("france", "F ENG C A BRE - LON");
  b.order("france", "F YOR S A BRE - LON");
  b.order("germany", "F NTH S F BEL - ENG");
  int bel = b.order("germany", "F BEL - ENG");
  b.run();
  for (int k : {wal, bre, bel}) EXPECT_EQ(b.result(k), kFails);
  EXPECT_FALSE(b.dislodged("ENG"));
  EXPECT_FALSE(b.dislodged("LON"));
}

TEST(Datc, Datc6F18BetrayalParadox) {
  Board b;
  b.order("england", "F NTH C A LON - BEL");
  int lon = b.order("england", "A LON - BEL");
  b.order("england", "F ENG S A LON - BEL");
  int support = b.order("france", "F BEL S F NTH");
  b.order("germany", "F HEL S F SKA - NTH");
  int ska = b.order("germany", "F SKA - NTH");
  b.run();
  EXPECT_EQ(b.result(lon), kFails);
  EXPECT_EQ(b.result(support), kSucceeds);
  EXPECT_EQ(b.result(ska), kFails);
  EXPECT_FALSE(b.dislodged("NTH"));
  EXPECT_FALSE(b.dislodged("BEL"));
}

TEST(Datc, Datc6F19MultiRouteConvoyDisruptionParadox) {
  Board b;
  int tun = b.order("france", "A TUN - NAP");
  b.order("france", "F TYS C A TUN - NAP");
  b.order("france", "F ION C A TUN - NAP");
  int support = b.order("italy", "F NAP S F ROM - TYS");
  int rom = b.order("italy", "F ROM - TYS");
  b.run();
  EXPECT_EQ(b.result(support), kFails);
  EXPECT_EQ(b.result(rom), kFails);
  EXPECT_EQ(b.result(tun), kFails);
  EXPECT_FALSE(b.dislodged("TYS"));
}

TEST(Datc, Datc6F20UnwantedMultiRouteConvoyParadox) {
  Board b;
  b.order("france", "A TUN - NAP");
  b.order("france", "F TYS C A TUN - NAP");
  int support = b.order("italy", "F NAP S F ION");
  b.order("italy", "F ION C A TUN - NAP");
  b.order("turkey", "F AEG S F EAS - ION");
  int eas = b.order("turkey", "F EAS - ION");
  b.run();
  EXPECT_EQ(b.result(support), kFails);
  EXPECT_EQ(b.result(eas), kSucceeds);
  EXPECT_TRUE(b.dislodged("ION"));
}

TEST(Datc, Datc6F21DadsArmyConvoy) {
  Board b;
  b.order("russia", "A EDI S A NWY - CLY");
  b.order("russia", "F NWG C A NWY - CLY");
  int nwy = b.order("russia", "A NWY - CLY");
  b.order("france", "F IRI S F MAO - NAO");
  int mao = b.order("france", "F MAO - NAO");
  int lvp = b.order("england", "A LVP - CLY VIA C");
  b.order("england", "F NAO C A LVP - CLY");
  int support = b.order("england", "F CLY S F NAO");
  b.run();
  EXPECT_EQ(b.result(support), kFails);
  EXPECT_EQ(b.result(mao), kSucceeds);
  EXPECT_TRUE(b.dislodged("NAO"));
  EXPECT_EQ(b.result(lvp), kFails);
  EXPECT_EQ(b.result(nwy), kSucceeds);
  EXPECT_TRUE(b.dislodged("CLY"));
}

TEST(Datc, Datc6F22SecondOrderParadoxWithTwoResolutions) {
  Board b;
  int edi = b.order("england", "F EDI - NTH");
  int lon = b.order("england", "F LON S F EDI - NTH");
  int bre = b.order("france", "A BRE - LON");
  b.order("france", "F ENG C A BRE - LON");
  int bel = b.order("germany", "F BEL S F PIC - ENG");
  int pic = b.order("germany", "F PIC - ENG");
  int nwy = b.order("russia", "A NWY - BEL");
  b.order("russia", "F NTH C A NWY - BEL");
  b.run();
  EXPECT_EQ(b.result(lon), kSucceeds);
  EXPECT_EQ(b.result(bel), kSucceeds);
  EXPECT_EQ(b.result(bre), kFails);
  EXPECT_EQ(b.result(nwy), kFails);
  EXPECT_EQ(b.result(pic), kSucceeds);
  EXPECT_EQ(b.result(edi), kSucceeds);
  EXPECT_TRUE(b.dislodged("ENG"));
  EXPECT_TRUE(b.dislodged("NTH"));
}

TEST(Datc, Datc6F23SecondOrderParadoxWithTwoExclusiveConvoys) {
  Board b;
  int edi = b.order("england", "F EDI - NTH");
  b.order("england", "F YOR S F EDI - NTH");
  int bre = b.order("france", "A BRE - LON");
  b.order("france", "F ENG C A BRE - LON");
  int bel = b.order("germany", "F BEL S F ENG");
  int lon = b.order("germany", "F LON S F NTH");
  int mao = b.order("italy", "F MAO - ENG");
  b.order("italy", "F IRI S F MAO - ENG");
  int nwy = b.order("russia", "A NWY - BEL");
  b.order("russia", "F NTH C A NWY - BEL");
  b.run();
  EXPECT_EQ(b.result(bel), kSucceeds);
  EXPECT_EQ(b.result(lon), kSucceeds);
  for (int k : {edi, bre, mao, nwy}) EXPECT_EQ(b.result(k), kFails);
  EXPECT_FALSE(b.dislodged("ENG"));
  EXPECT_FALSE(b.dislodged("NTH"));
}

TEST(Datc, Datc6F24SecondOrderParadoxWithNoResolution) {
  Board b;
  int edi = b.order("england", "F EDI - NTH");
  int lon = b.order("england", "F LON S F EDI - NTH");
  int iri = b.order("england", "F IRI - ENG");
  b.order("england", "F MAO S F IRI - ENG");
  int bre = b.order("france", "A BRE - LON");
  b.order("france", "F ENG C A BRE - LON");
  int bel = b.order("france", "F BEL S F ENG");
  int nwy = b.order("russia", "A NWY - BEL");
  b.order("russia", "F NTH C A NWY - BEL");
  b.run();
  EXPECT_EQ(b.result(lon), kSucceeds);
  EXPECT_EQ(b.result(bel), kSucceeds);
  EXPECT_EQ(b.result(bre), kFails);
  EXPECT_EQ(b.result(nwy), kFails);
  EXPECT_EQ(b.result(iri), kFails);
  EXPECT_EQ(b.result(edi), kSucceeds);
  EXPECT_FALSE(b.dislodged("ENG"));
  EXPECT_TRUE(b.dislodged("NTH"));
}

TEST(Datc, Datc6F25CutSupportLast) {
  Board b;
  int ruh = b.order("germany", "A RUH - BEL");
  int hol = b.order("germany", "A HOL S RUH - BEL");
  int den = b.order("germany", "A DEN - NWY");
  b.order("germany", "F SKA C DEN - NWY");
  b.order("germany", "A FIN S DEN - NWY");
  int yor = b.order("england", "A YOR - HOL");
  b.order("england", "F NTH C YOR - HOL");
  b.order("england", "F HEL S YOR - HOL");
  b.order("england", "A BEL H");
  int nwg = b.order("russia", "F NWG - NTH");
  int nwy = b.order("russia", "F NWY S NWG - NTH");
  int swe = b.order("russia", "F SWE - SKA");
  b.run();
  EXPECT_EQ(b.result(swe), kFails);
  EXPECT_EQ(b.result(den), kSucceeds);
  EXPECT_EQ(b.result(nwy), kFails);
  EXPECT_EQ(b.result(nwg), kFails);
  EXPECT_EQ(b.result(yor), kSucceeds);
  EXPECT_EQ(b.result(hol), kFails);
  EXPECT_EQ(b.result(ruh), kFails);
  EXPECT_FALSE(b.dislodged("BEL"));
}

// ---- 6.G. Convoying to adjacent provinces
// ------------------------------------------------------------------

TEST(Datc, Datc6G01TwoUnitsCanSwapProvincesByConvoy) {
  Board b;
  int nwy = b.order("england", "A NWY - SWE");
  b.order("england", "F SKA C A NWY - SWE");
  int swe = b.order("russia", "A SWE - NWY");
  b.run();
  EXPECT_EQ(b.result(nwy), kSucceeds);
  EXPECT_EQ(b.result(swe), kSucceeds);
  EXPECT_EQ(b.at("SWE"), "england A");
  EXPECT_EQ(b.at("NWY"), "russia A");
}

TEST(Datc, Datc6G02KidnappingAnArmy) {
  Board b;
  int nwy = b.order("england", "A NWY - SWE");
  int swe = b.order("russia", "F SWE - NWY");
  int convoy = b.order("germany", "F SKA C A NWY - SWE");
  b.run();
  EXPECT_EQ(b.result(nwy), kFails);
  EXPECT_EQ(b.result(swe), kFails);
  EXPECT_EQ(b.result(convoy), kFails);  // the army goes by land: nothing to convoy
}

TEST(Datc, Datc6G03AnUnwantedDisruptedConvoyToAdjacentProvince) {
  Board b;
  int bre = b.order("france", "F BRE - ENG");
  int pic = b.order("france", "A PIC - BEL");
  b.order("france", "A BUR S A PIC - BEL");
  b.order("france", "F MAO S F BRE - ENG");
  b.order("england", "F ENG C A PIC - BEL");
  b.run();
  EXPECT_EQ(b.result(bre), kSucceeds);
  EXPECT_EQ(b.result(pic), kSucceeds);
  EXPECT_EQ(b.at("BEL"), "france A");
}

TEST(Datc, Datc6G04AnUnwantedDisruptedConvoyToAdjacentProvinceAndOppositeMove) {
  Board b;
  b.order("france", "F BRE - ENG");
  int pic = b.order("france", "A PIC - BEL");
  b.order("france", "A BUR S A PIC - BEL");
  b.order("france", "F MAO S F BRE - ENG");
  b.order("england", "F ENG C A PIC - BEL");
  int bel = b.order("england", "A BEL - PIC");
  b.run();
  EXPECT_EQ(b.result(pic), kSucceeds);
  EXPECT_EQ(b.result(bel), kFails);
  EXPECT_TRUE(b.dislodged("BEL"));
}

TEST(Datc, Datc6G05SwappingWithMultipleFleetsWithOneOwnFleet) {
  Board b;
  int rom = b.order("italy", "A ROM - APU");
  b.order("italy", "F TYS C A APU - ROM");
  int apu = b.order("turkey", "A APU - ROM");
  b.order("turkey", "F ION C A APU - ROM");
  b.run();
  EXPECT_EQ(b.result(rom), kSucceeds);
  EXPECT_EQ(b.result(apu), kSucceeds);
  EXPECT_EQ(b.at("ROM"), "turkey A");
}

TEST(Datc, Datc6G06SwappingWithUnintendedIntent) {
  Board b;
  int lvp = b.order("england", "A LVP - EDI");
  b.order("england", "F ENG C A LVP - EDI");
  int edi = b.order("germany", "A EDI - LVP");
  b.order("france", "F IRI H");
  b.order("france", "F NTH H");
  b.order("russia", "F NWG C A LVP - EDI");
  b.order("russia", "F NAO C A LVP - EDI");
  b.run();
  EXPECT_EQ(b.result(lvp), kSucceeds);
  EXPECT_EQ(b.result(edi), kSucceeds);
  EXPECT_EQ(b.at("EDI"), "england A");
}

TEST(Datc, Datc6G07SwappingWithIllegalIntent) {
  Board b;
  b.order("england", "F SKA C A SWE - NWY");
  int nwy = b.order("england", "F NWY - SWE");
  int swe = b.order("russia", "A SWE - NWY");
  int gob = b.order("russia", "F BOT C A SWE - NWY");
  b.run();
  EXPECT_EQ(b.result(gob), kIllegal);
  EXPECT_EQ(b.result(nwy), kFails);
  EXPECT_EQ(b.result(swe), kFails);
}

TEST(Datc, Datc6G08ExplicitConvoyThatIsntThere) {
  Board b;
  int bel = b.order("france", "A BEL - HOL VIA C");
  int nth = b.order("england", "F NTH - HEL");
  int hol = b.order("england", "A HOL - KIE");
  b.run();
  EXPECT_EQ(b.result(bel), kFails);  // no fall back to the land route
  EXPECT_EQ(b.result(nth), kSucceeds);
  EXPECT_EQ(b.result(hol), kSucceeds);
  EXPECT_EQ(b.at("HOL"), "");
}

TEST(Datc, Datc6G09SwappedOrDislodged) {
  Board b;
  int nwy = b.order("england", "A NWY - SWE");
  b.order("england", "F SKA C A NWY - SWE");
  b.order("england", "F FIN S A NWY - SWE");
  int swe = b.order("russia", "A SWE - NWY");
  b.run();
  EXPECT_EQ(b.result(nwy), kSucceeds);
  EXPECT_EQ(b.result(swe), kSucceeds);
  EXPECT_FALSE(b.dislodged("SWE"));
  EXPECT_EQ(b.at("NWY"), "russia A");
}

TEST(Datc, Datc6G10SwappedOrAHeadToHeadBattle) {
  Board b;
  int nwy = b.order("england", "A NWY - SWE VIA C");
  b.order("england", "F DEN S A NWY - SWE");
  b.order("england", "F FIN S A NWY - SWE");
  b.order("germany", "F SKA C A NWY - SWE");
  int swe = b.order("russia", "A SWE - NWY");
  b.order("russia", "F BAR S A SWE - NWY");
  int nwg = b.order("france", "F NWG - NWY");
  b.order("france", "F NTH S F NWG - NWY");
  b.run();
  EXPECT_EQ(b.result(nwy), kSucceeds);
  EXPECT_EQ(b.result(swe), kFails);
  EXPECT_TRUE(b.dislodged("SWE"));
  EXPECT_EQ(b.result(nwg), kFails);
  EXPECT_EQ(b.at("NWY"), "");
}

TEST(Datc, Datc6G11AConvoyToAnAdjacentProvinceWithAParadox) {
  Board b;
  int support = b.order("england", "F NWY S F NTH - SKA");
  int nth = b.order("england", "F NTH - SKA");
  int swe = b.order("russia", "A SWE - NWY");
  b.order("russia", "F SKA C A SWE - NWY");
  b.order("russia", "F BAR S A SWE - NWY");
  b.run();
  EXPECT_EQ(b.result(support), kSucceeds);
  EXPECT_EQ(b.result(nth), kSucceeds);
  EXPECT_EQ(b.result(swe), kFails);
  EXPECT_TRUE(b.dislodged("SKA"));
  EXPECT_FALSE(b.dislodged("NWY"));
}

TEST(Datc, Datc6G12SwappingTwoUnitsWithTwoConvoys) {
  Board b;
  int lvp = b.order("england", "A LVP - EDI VIA C");
  b.order("england", "F NAO C A LVP - EDI");
  b.order("england", "F NWG C A LVP - EDI");
  int edi = b.order("germany", "A EDI - LVP VIA C");
  b.order("germany", "F NTH C A EDI - LVP");
  b.order("germany", "F ENG C A EDI - LVP");
  b.order("germany", "F IRI C A EDI - LVP");
  b.run();
  EXPECT_EQ(b.result(lvp), kSucceeds);
  EXPECT_EQ(b.result(edi), kSucceeds);
  EXPECT_EQ(b.at("EDI"), "england A");
  EXPECT_EQ(b.at("LVP"), "germany A");
}

TEST(Datc, Datc6G13SupportCutOnAttackOnItselfViaConvoy) {
  Board b;
  b.order("austria", "F ADR C A TRI - VEN");
  int tri = b.order("austria", "A TRI - VEN VIA C");
  int support = b.order("italy", "A VEN S F ALB - TRI");
  int alb = b.order("italy", "F ALB - TRI");
  b.run();
  EXPECT_EQ(b.result(support), kSucceeds);
  EXPECT_EQ(b.result(tri), kFails);
  EXPECT_EQ(b.result(alb), kSucceeds);
  EXPECT_TRUE(b.dislodged("TRI"));
}

TEST(Datc, Datc6G14BounceByConvoyToAdjacentProvince) {
  Board b;
  int nwy = b.order("england", "A NWY - SWE");
  b.order("england", "F DEN S A NWY - SWE");
  b.order("england", "F FIN S A NWY - SWE");
  int nwg = b.order("france", "F NWG - NWY");
  b.order("france", "F NTH S F NWG - NWY");
  b.order("germany", "F SKA C A SWE - NWY");
  int swe = b.order("russia", "A SWE - NWY VIA C");
  b.order("russia", "F BAR S A SWE - NWY");
  b.run();
  EXPECT_EQ(b.result(swe), kFails);
  EXPECT_EQ(b.result(nwy), kSucceeds);
  EXPECT_TRUE(b.dislodged("SWE"));
  EXPECT_EQ(b.result(nwg), kFails);
}

TEST(Datc, Datc6G15BounceAndDislodgeWithDoubleConvoy) {
  Board b;
  b.order("england", "F NTH C A LON - BEL");
  b.order("england", "A HOL S A LON - BEL");
  int yor = b.order("england", "A YOR - LON");
  int lon = b.order("england", "A LON - BEL VIA C");
  b.order("france", "F ENG C A BEL - LON");
  int bel = b.order("france", "A BEL - LON VIA C");
  b.run();
  EXPECT_EQ(b.result(bel), kFails);
  EXPECT_EQ(b.result(lon), kSucceeds);
  EXPECT_TRUE(b.dislodged("BEL"));
  EXPECT_EQ(b.result(yor), kFails);
  EXPECT_EQ(b.at("LON"), "");
}

TEST(Datc, Datc6G16TheTwoUnitInOneAreaBugMovingByConvoy) {
  Board b;
  int nwy = b.order("england", "A NWY - SWE");
  b.order("england", "A DEN S A NWY - SWE");
  b.order("england", "F BAL S A NWY - SWE");
  int nth = b.order("england", "F NTH - NWY");
  int swe = b.order("russia", "A SWE - NWY VIA C");
  b.order("russia", "F SKA C A SWE - NWY");
  b.order("russia", "F NWG S A SWE - NWY");
  b.run();
  EXPECT_EQ(b.result(nwy), kSucceeds);
  EXPECT_EQ(b.result(swe), kSucceeds);
  EXPECT_EQ(b.result(nth), kFails);
  EXPECT_EQ(b.at("NWY"), "russia A");
  EXPECT_EQ(b.at("NTH"), "england F");
}

TEST(Datc, Datc6G17TheTwoUnitInOneAreaBugMovingOverLand) {
  Board b;
  int nwy = b.order("england", "A NWY - SWE VIA C");
  b.order("england", "A DEN S A NWY - SWE");
  b.order("england", "F BAL S A NWY - SWE");
  b.order("england", "F SKA C A NWY - SWE");
  int nth = b.order("england", "F NTH - NWY");
  int swe = b.order("russia", "A SWE - NWY");
  b.order("russia", "F NWG S A SWE - NWY");
  b.run();
  EXPECT_EQ(b.result(nwy), kSucceeds);
  EXPECT_EQ(b.result(swe), kSucceeds);
  EXPECT_EQ(b.result(nth), kFails);
  EXPECT_EQ(b.at("NWY"), "russia A");
}

TEST(Datc, Datc6G18TheTwoUnitInOneAreaBugWithDoubleConvoy) {
  Board b;
  b.order("england", "F NTH C A LON - BEL");
  b.order("england", "A HOL S A LON - BEL");
  int yor = b.order("england", "A YOR - LON");
  int lon = b.order("england", "A LON - BEL");
  b.order("england", "A RUH S A LON - BEL");
  b.order("france", "F ENG C A BEL - LON");
  int bel = b.order("france", "A BEL - LON");
  b.order("france", "A WAL S A BEL - LON");
  b.run();
  EXPECT_EQ(b.result(lon), kSucceeds);
  EXPECT_EQ(b.result(bel), kSucceeds);
  EXPECT_EQ(b.result(yor), kFails);
  EXPECT_EQ(b.at("LON"), "france A");
  EXPECT_EQ(b.at("BEL"), "england A");
}

TEST(Datc, Datc6G19SwappingWithIntentOfUnnecessaryConvoy) {
  Board b;
  int mar = b.order("france", "A MAR - SPA");
  int wes = b.order("france", "F WES C A MAR - SPA");
  b.order("italy", "F LYO C A MAR - SPA");
  int spa = b.order("italy", "A SPA - MAR");
  b.run();
  EXPECT_EQ(b.result(wes), kIllegal);
  EXPECT_EQ(b.result(mar), kFails);
  EXPECT_EQ(b.result(spa), kFails);
}

TEST(Datc, Datc6G20ExplicitConvoyToAdjacentProvinceDisrupted) {
  Board b;
  int bre = b.order("france", "F BRE - ENG");
  int pic = b.order("france", "A PIC - BEL VIA C");
  b.order("france", "A BUR S A PIC - BEL");
  b.order("france", "F MAO S F BRE - ENG");
  b.order("england", "F ENG C A PIC - BEL");
  b.run();
  EXPECT_EQ(b.result(bre), kSucceeds);
  EXPECT_EQ(b.result(pic), kFails);
  EXPECT_EQ(b.at("PIC"), "france A");
}

// ---- 6.H. Retreating
// ----------------------------------------------------------------------------------------

TEST(Datc, Datc6H01NoSupportsDuringRetreat) {
  Board b;
  b.order("austria", "F TRI H");
  b.order("austria", "A SER H");
  b.order("turkey", "F GRE H");
  b.order("italy", "A VEN S A TYR - TRI");
  b.order("italy", "A TYR - TRI");
  b.order("italy", "F ION - GRE");
  b.order("italy", "F AEG S F ION - GRE");
  b.run();
  ASSERT_TRUE(b.dislodged("TRI"));
  ASSERT_TRUE(b.dislodged("GRE"));
  Board r = b.next();
  int tri = r.order("austria", "F TRI - ALB");
  int support = r.order("austria", "A SER S F TRI - ALB");
  int gre = r.order("turkey", "F GRE - ALB");
  r.run();
  EXPECT_EQ(r.result(support), kIllegal);
  EXPECT_EQ(r.result(tri), kFails);
  EXPECT_EQ(r.result(gre), kFails);
  EXPECT_EQ(r.at("ALB"), "");
}

// The movement phase of 6.H.2 and 6.H.8.
Board retreat_case_2() {
  Board b;
  b.order("england", "A LVP - EDI");
  b.order("england", "F YOR S A LVP - EDI");
  b.order("england", "F NWY H");
  b.order("germany", "A KIE S A RUH - HOL");
  b.order("germany", "A RUH - HOL");
  b.order("russia", "F EDI H");
  b.order("russia", "A SWE S A FIN - NWY");
  b.order("russia", "A FIN - NWY");
  b.order("russia", "F HOL H");
  b.run();
  EXPECT_TRUE(b.dislodged("NWY"));
  EXPECT_TRUE(b.dislodged("EDI"));
  EXPECT_TRUE(b.dislodged("HOL"));
  return b;
}

TEST(Datc, Datc6H02NoSupportsFromRetreatingUnit) {
  Board r = retreat_case_2().next();
  int nwy = r.order("england", "F NWY - NTH");
  int edi = r.order("russia", "F EDI - NTH");
  int hol = r.order("russia", "F HOL S F EDI - NTH");
  r.run();
  EXPECT_EQ(r.result(hol), kIllegal);
  EXPECT_EQ(r.result(nwy), kFails);
  EXPECT_EQ(r.result(edi), kFails);
  EXPECT_EQ(r.at("NTH"), "");
}

TEST(Datc, Datc6H03NoConvoyDuringRetreat) {
  Board b;
  b.order("england", "F NTH H");
  b.order("england", "A HOL H");
  b.order("germany", "F KIE S A RUH - HOL");
  b.order("germany", "A RUH - HOL");
  b.run();
  ASSERT_TRUE(b.dislodged("HOL"));
  Board r = b.next();
  int hol = r.order("england", "A HOL - YOR");
  int convoy = r.order("england", "F NTH C A HOL - YOR");
  r.run();
  EXPECT_EQ(r.result(convoy), kIllegal);
  EXPECT_EQ(r.result(hol), kIllegal);
  EXPECT_EQ(r.at("YOR"), "");
}

TEST(Datc, Datc6H04NoOtherMovesDuringRetreat) {
  Board b;
  b.order("england", "F NTH H");
  b.order("england", "A HOL H");
  b.order("germany", "F KIE S A RUH - HOL");
  b.order("germany", "A RUH - HOL");
  b.run();
  Board r = b.next();
  int hol = r.order("england", "A HOL - BEL");
  int nth = r.order("england", "F NTH - NWG");
  r.run();
  EXPECT_EQ(r.result(nth), kIllegal);
  EXPECT_EQ(r.result(hol), kSucceeds);
  EXPECT_EQ(r.at("NTH"), "england F");
  EXPECT_EQ(r.at("BEL"), "england A");
}

TEST(Datc, Datc6H05AUnitMayNotRetreatToTheAreaFromWhichItIsAttacked) {
  Board b;
  b.order("russia", "F CON S F BLA - ANK");
  b.order("russia", "F BLA - ANK");
  b.order("turkey", "F ANK H");
  b.run();
  ASSERT_TRUE(b.dislodged("ANK"));
  EXPECT_FALSE(b.can_retreat("ANK", "BLA"));
  EXPECT_TRUE(b.can_retreat("ANK", "ARM"));
  Board r = b.next();
  int k = r.order("turkey", "F ANK - BLA");
  r.run();
  EXPECT_EQ(r.result(k), kIllegal);
}

TEST(Datc, Datc6H06UnitMayNotRetreatToAContestedArea) {
  Board b;
  b.order("austria", "A BUD S A TRI - VIE");
  b.order("austria", "A TRI - VIE");
  b.order("germany", "A MUN - BOH");
  b.order("germany", "A SIL - BOH");
  b.order("italy", "A VIE H");
  b.run();
  ASSERT_TRUE(b.dislodged("VIE"));
  EXPECT_FALSE(b.can_retreat("VIE", "BOH"));
  Board r = b.next();
  int k = r.order("italy", "A VIE - BOH");
  r.run();
  EXPECT_EQ(r.result(k), kIllegal);
  EXPECT_EQ(r.at("BOH"), "");
}

TEST(Datc, Datc6H07MultipleRetreatToSameAreaWillDisbandUnits) {
  Board b;
  b.order("austria", "A BUD S A TRI - VIE");
  b.order("austria", "A TRI - VIE");
  b.order("germany", "A MUN S A SIL - BOH");
  b.order("germany", "A SIL - BOH");
  b.order("italy", "A VIE H");
  b.order("italy", "A BOH H");
  b.run();
  Board r = b.next();
  int boh = r.order("italy", "A BOH - TYR");
  int vie = r.order("italy", "A VIE - TYR");
  r.run();
  EXPECT_EQ(r.result(boh), kFails);
  EXPECT_EQ(r.result(vie), kFails);
  EXPECT_EQ(r.at("TYR"), "");
}

TEST(Datc, Datc6H08TripleRetreatToSameAreaWillDisbandUnits) {
  Board r = retreat_case_2().next();
  int nwy = r.order("england", "F NWY - NTH");
  int edi = r.order("russia", "F EDI - NTH");
  int hol = r.order("russia", "F HOL - NTH");
  r.run();
  for (int k : {nwy, edi, hol}) EXPECT_EQ(r.result(k), kFails);
  EXPECT_EQ(r.at("NTH"), "");
}

TEST(Datc, Datc6H09DislodgedUnitWillNotMakeAttackersAreaContested) {
  Board b;
  b.order("england", "F HEL - KIE");
  b.order("england", "F DEN S F HEL - KIE");
  b.order("germany", "A BER - PRU");
  b.order("germany", "F KIE H");
  b.order("germany", "A SIL S A BER - PRU");
  b.order("russia", "A PRU - BER");
  b.run();
  ASSERT_TRUE(b.dislodged("KIE"));
  EXPECT_TRUE(b.can_retreat("KIE", "BER"));
  Board r = b.next();
  int k = r.order("germany", "F KIE - BER");
  r.run();
  EXPECT_EQ(r.result(k), kSucceeds);
  EXPECT_EQ(r.at("BER"), "germany F");
}

TEST(Datc, Datc6H10NotRetreatingToAttackerDoesNotMeanContested) {
  Board b;
  b.order("england", "A KIE H");
  b.order("germany", "A BER - KIE");
  b.order("germany", "A MUN S A BER - KIE");
  b.order("germany", "A PRU H");
  b.order("russia", "A WAR - PRU");
  b.order("russia", "A SIL S A WAR - PRU");
  b.run();
  ASSERT_TRUE(b.dislodged("KIE"));
  ASSERT_TRUE(b.dislodged("PRU"));
  EXPECT_FALSE(b.can_retreat("KIE", "BER"));
  EXPECT_TRUE(b.can_retreat("PRU", "BER"));
  Board r = b.next();
  int kie = r.order("england", "A KIE - BER");
  int pru = r.order("germany", "A PRU - BER");
  r.run();
  EXPECT_EQ(r.result(kie), kIllegal);
  EXPECT_EQ(r.result(pru), kSucceeds);
  EXPECT_EQ(r.at("BER"), "germany A");
}

TEST(Datc, Datc6H11RetreatWhenDislodgedByAdjacentConvoy) {
  Board b;
  int gas = b.order("france", "A GAS - MAR VIA C");
  b.order("france", "A BUR S A GAS - MAR");
  b.order("france", "F MAO C A GAS - MAR");
  b.order("france", "F WES C A GAS - MAR");
  b.order("france", "F LYO C A GAS - MAR");
  b.order("italy", "A MAR H");
  b.run();
  EXPECT_EQ(b.result(gas), kSucceeds);
  ASSERT_TRUE(b.dislodged("MAR"));
  EXPECT_TRUE(b.can_retreat("MAR", "GAS"));
}

TEST(Datc, Datc6H12RetreatWhenDislodgedByAdjacentConvoyWhileTryingToDoTheSame) {
  Board b;
  int lvp = b.order("england", "A LVP - EDI VIA C");
  b.order("england", "F IRI C A LVP - EDI");
  b.order("england", "F ENG C A LVP - EDI");
  b.order("england", "F NTH C A LVP - EDI");
  b.order("france", "F BRE - ENG");
  b.order("france", "F MAO S F BRE - ENG");
  int edi = b.order("russia", "A EDI - LVP VIA C");
  b.order("russia", "F NWG C A EDI - LVP");
  b.order("russia", "F NAO C A EDI - LVP");
  b.order("russia", "A CLY S A EDI - LVP");
  b.run();
  EXPECT_EQ(b.result(edi), kSucceeds);
  EXPECT_EQ(b.result(lvp), kFails);
  ASSERT_TRUE(b.dislodged("LVP"));
  EXPECT_TRUE(b.can_retreat("LVP", "EDI"));
}

TEST(Datc, Datc6H13NoRetreatWithConvoyInMovementPhase) {
  Board b;
  b.order("england", "A PIC H");
  b.order("england", "F ENG C A PIC - LON");
  b.order("france", "A PAR - PIC");
  b.order("france", "A BRE S A PAR - PIC");
  b.run();
  ASSERT_TRUE(b.dislodged("PIC"));
  EXPECT_FALSE(b.can_retreat("PIC", "LON"));
  Board r = b.next();
  int k = r.order("england", "A PIC - LON");
  r.run();
  EXPECT_EQ(r.result(k), kIllegal);
}

TEST(Datc, Datc6H14NoRetreatWithSupportInMovementPhase) {
  Board b;
  b.order("england", "A PIC H");
  b.order("england", "F ENG S A PIC - BEL");
  b.order("france", "A PAR - PIC");
  b.order("france", "A BRE S A PAR - PIC");
  b.order("france", "A BUR H");
  b.order("germany", "A MUN S A MAR - BUR");
  b.order("germany", "A MAR - BUR");
  b.run();
  ASSERT_TRUE(b.dislodged("PIC"));
  ASSERT_TRUE(b.dislodged("BUR"));
  Board r = b.next();
  int pic = r.order("england", "A PIC - BEL");
  int bur = r.order("france", "A BUR - BEL");
  r.run();
  EXPECT_EQ(r.result(pic), kFails);
  EXPECT_EQ(r.result(bur), kFails);
  EXPECT_EQ(r.at("BEL"), "");
}

TEST(Datc, Datc6H15NoCoastalCrawlInRetreat) {
  Board b;
  b.order("england", "F POR H");
  b.order("france", "F SPA/SC - POR");
  b.order("france", "F MAO S F SPA/SC - POR");
  b.run();
  ASSERT_TRUE(b.dislodged("POR"));
  EXPECT_FALSE(b.can_retreat("POR", "SPA/NC"));
  EXPECT_TRUE(b.retreats("POR").empty());
  Board r = b.next();
  int k = r.order("england", "F POR - SPA/NC");
  r.run();
  EXPECT_EQ(r.result(k), kIllegal);
}

TEST(Datc, Datc6H16ContestedForBothCoasts) {
  Board b;
  b.order("france", "F MAO - SPA/NC");
  b.order("france", "F GAS - SPA/NC");
  b.order("france", "F WES H");
  b.order("italy", "F TUN S F TYS - WES");
  b.order("italy", "F TYS - WES");
  b.run();
  ASSERT_TRUE(b.dislodged("WES"));
  EXPECT_FALSE(b.can_retreat("WES", "SPA/SC"));
  Board r = b.next();
  int k = r.order("france", "F WES - SPA/SC");
  r.run();
  EXPECT_EQ(r.result(k), kIllegal);
}

// ---- 6.I. Building ---------------------------------------------------------------------------------------

TEST(Datc, Datc6I01TooManyBuildOrders) {
  Board b("W1901A");
  b.owns("germany", {"BER", "KIE", "MUN", "HOL"});
  b.unit("germany", "A BER").unit("germany", "A HOL").unit("germany", "F DEN");  // one build
  int war = b.order("germany", "A WAR B");
  int kie = b.order("germany", "A KIE B");
  int mun = b.order("germany", "A MUN B");
  b.run();
  EXPECT_EQ(b.result(war), kIllegal);
  EXPECT_EQ(b.result(kie), kSucceeds);
  EXPECT_EQ(b.result(mun), kFails);
  EXPECT_EQ(b.at("KIE"), "germany A");
  EXPECT_EQ(b.at("MUN"), "");
}

TEST(Datc, Datc6I02FleetsCannotBeBuildInLandAreas) {
  Board b("W1901A");
  b.owns("russia", {"MOS", "STP", "WAR", "SEV"});
  b.unit("russia", "A WAR").unit("russia", "F SEV").unit("russia", "F STP/SC");
  int k = b.order("russia", "F MOS B");
  b.run();
  EXPECT_EQ(b.result(k), kIllegal);
  EXPECT_EQ(b.at("MOS"), "");
}

TEST(Datc, Datc6I03SupplyCenterMustBeEmptyForBuilding) {
  Board b("W1901A");
  b.owns("germany", {"BER", "KIE", "MUN", "HOL"});
  b.unit("germany", "A BER").unit("germany", "A HOL").unit("germany", "F DEN");
  int k = b.order("germany", "A BER B");
  b.run();
  EXPECT_EQ(b.result(k), kIllegal);
}

TEST(Datc, Datc6I04BothCoastsMustBeEmptyForBuilding) {
  Board b("W1901A");
  b.owns("russia", {"MOS", "STP", "WAR", "SEV"});
  b.unit("russia", "F STP/SC").unit("russia", "A WAR").unit("russia", "F SEV");
  int k = b.order("russia", "A STP/NC B");
  b.run();
  EXPECT_EQ(b.result(k), kIllegal);
  EXPECT_EQ(b.location_at("STP"), "STP/SC");
}

TEST(Datc, Datc6I05BuildingInHomeSupplyCenterThatIsNotOwned) {
  Board b("W1901A");
  b.owns("germany", {"KIE", "MUN", "HOL", "DEN"}).owns("russia", {"BER"});
  b.unit("germany", "A KIE").unit("germany", "A MUN").unit("germany", "F DEN");
  int k = b.order("germany", "A BER B");
  b.run();
  EXPECT_EQ(b.result(k), kIllegal);
  EXPECT_EQ(b.at("BER"), "");
}

TEST(Datc, Datc6I06BuildingInOwnedSupplyCenterThatIsNotAHomeSupplyCenter) {
  Board b("W1901A");
  b.owns("germany", {"BER", "KIE", "MUN", "WAR"});
  b.unit("germany", "A BER").unit("germany", "A KIE").unit("germany", "A MUN");
  int k = b.order("germany", "A WAR B");
  b.run();
  EXPECT_EQ(b.result(k), kIllegal);
  EXPECT_EQ(b.at("WAR"), "");
}

TEST(Datc, Datc6I07OnlyOneBuildInAHomeSupplyCenter) {
  Board b("W1901A");
  b.owns("russia", {"MOS", "STP", "WAR", "SEV"});
  b.unit("russia", "A WAR").unit("russia", "F SEV");  // two builds
  int first = b.order("russia", "A MOS B");
  int second = b.order("russia", "A MOS B");
  b.run();
  EXPECT_EQ(b.result(first), kSucceeds);
  EXPECT_EQ(b.result(second), kIllegal);
  EXPECT_EQ(b.at("MOS"), "russia A");
}

// ---- 6.J. Civil disorder and disbands
// --------------------------------------------------------------------------

TEST(Datc, Datc6J01TooManyDisbandOrders) {
  Board b("W1901A");
  b.owns("france", {"PAR"});
  b.unit("france", "A PAR").unit("france", "A PIC");  // one to disband
  int lyo = b.order("france", "F LYO D");
  int pic = b.order("france", "A PIC D");
  int par = b.order("france", "A PAR D");
  b.run();
  EXPECT_EQ(b.result(lyo), kIllegal);
  EXPECT_EQ(b.result(pic), kSucceeds);
  EXPECT_EQ(b.result(par), kFails);
  EXPECT_EQ(b.at("PAR"), "france A");
  EXPECT_EQ(b.at("PIC"), "");
}

TEST(Datc, Datc6J02RemovingTheSameUnitTwice) {
  Board b("W1901A");
  b.owns("france", {"PAR"});
  b.unit("france", "A PAR").unit("france", "A PIC").unit("france", "A BUR");  // two to disband
  int first = b.order("france", "A PAR D");
  int second = b.order("france", "A PAR D");
  b.run();
  EXPECT_EQ(b.result(first), kSucceeds);
  EXPECT_EQ(b.result(second), kIllegal);
  EXPECT_EQ(b.civil_disorder().size(), 1u);
  EXPECT_EQ(b.at("PAR"), "");
}

TEST(Datc, Datc6J03CivilDisorderTwoArmiesWithDifferentDistance) {
  Board b("W1901A");
  b.owns("russia", {"STP"});
  b.unit("russia", "A LVN").unit("russia", "A SWE");
  b.run();
  EXPECT_EQ(b.civil_disorder(), std::vector<std::string>{"A SWE"});
}

TEST(Datc, Datc6J04CivilDisorderTwoArmiesWithEqualDistance) {
  Board b("W1901A");
  b.owns("russia", {"MOS"});
  b.unit("russia", "A LVN").unit("russia", "A UKR");
  b.run();
  EXPECT_EQ(b.civil_disorder(), std::vector<std::string>{"A LVN"});
}

TEST(Datc, Datc6J05CivilDisorderTwoFleetsWithDifferentDistance) {
  Board b("W1901A");
  b.owns("russia", {"STP"});
  b.unit("russia", "F SKA").unit("russia", "F BER");
  b.run();
  EXPECT_EQ(b.civil_disorder(), std::vector<std::string>{"F BER"});
}

TEST(Datc, Datc6J06CivilDisorderTwoFleetsWithEqualDistance) {
  Board b("W1901A");
  b.owns("russia", {"MUN"});
  b.unit("russia", "F BOT").unit("russia", "F NTH");
  b.run();
  EXPECT_EQ(b.civil_disorder(), std::vector<std::string>{"F BOT"});
}

TEST(Datc, Datc6J07CivilDisorderTwoFleetsAndArmyWithEqualDistance) {
  Board b("W1901A");
  b.owns("russia", {"STP", "WAR"});
  b.unit("russia", "A BOH").unit("russia", "F SKA").unit("russia", "F NTH");
  b.run();
  EXPECT_EQ(b.civil_disorder(), std::vector<std::string>{"F NTH"});
}

TEST(Datc, Datc6J08CivilDisorderAFleetWithShorterDistanceThenTheArmy) {
  Board b("W1901A");
  b.owns("russia", {"WAR"});
  b.unit("russia", "A TYR").unit("russia", "F BAL");
  b.run();
  EXPECT_EQ(b.civil_disorder(), std::vector<std::string>{"A TYR"});
}

TEST(Datc, Datc6J09CivilDisorderMustBeCountedFromBothCoasts) {
  for (const char* fleet : {"F BAL", "F SKA"}) {
    Board b("W1901A");
    b.owns("russia", {"STP", "SEV"});
    b.unit("russia", "A GRE").unit("russia", "A SEV").unit("russia", fleet);
    b.run();
    EXPECT_EQ(b.civil_disorder(), std::vector<std::string>{"A GRE"}) << fleet;
  }
}

TEST(Datc, Datc6J10CivilDisorderCountingConvoyingDistance) {
  Board b("W1901A");
  b.owns("italy", {"NAP"});
  b.unit("italy", "A GRE").unit("italy", "A PIE");
  b.run();
  EXPECT_EQ(b.civil_disorder(), std::vector<std::string>{"A PIE"});
}

TEST(Datc, Datc6J11DistanceToOwnedSupplyCenter) {
  Board b("W1901A");
  b.owns("italy", {"WAR"});
  b.unit("italy", "A WAR").unit("italy", "A TUS");
  b.run();
  EXPECT_EQ(b.civil_disorder(), std::vector<std::string>{"A TUS"});
}

}  // namespace
}  // namespace motive::game::diplomacy
