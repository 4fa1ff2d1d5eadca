// Diplomacy orders in the standard notation, parsed and printed (docs/games.md, "Orders"):
//
//   A PAR H                hold                    A PAR - BUR             move
//   A LON - NWY VIA C      move by convoy          F SPA/SC - MAO          a fleet on a coast
//   A MUN S A PAR - BUR    support a move          A MUN S A BER           support a hold ("S A BER H" too)
//   F NTH C A LON - NWY    convoy                  A PAR R PIC             retreat ("A PAR - PIC" too)
//   A PAR D                disband                 F LON B                 build
//   WAIVE                  decline a build
//
// Input is case-insensitive; "HOLD", "SUPPORTS", "CONVOYS", "RETREAT", "DISBAND", "BUILD" are read for the
// letters, as are "BUILD A PAR" and "REMOVE A PAR", "SPA(NC)" for "SPA/NC", and a supported or convoyed
// unit without its type ("A PRU S LVN - PRU"). Output is canonical and upper case. A parse error names
// the bytes of the order text it is about, so a model file's diagnostic points inside the string.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "game/diplomacy/map.h"

namespace motive::game::diplomacy {

enum class OrderType : std::uint8_t { kHold, kMove, kSupport, kConvoy, kRetreat, kDisband, kBuild, kWaive };

// "hold", "move", "support", "convoy", "retreat", "disband", "build", "waive".
const char* order_type_name(OrderType type);

struct Order {
  OrderType type = OrderType::kHold;
  UnitType unit = UnitType::kArmy;      // the ordered unit's type as written
  std::uint8_t location = kNoLocation;  // where it stands as written: a coast, or the province
  // kMove and kRetreat: the destination as written (a coast, or the province). kSupport of a move and
  // kConvoy: the supported or convoyed move's destination. kSupport of a hold: kNoLocation.
  std::uint8_t target = kNoLocation;
  // kSupport and kConvoy: the supported or convoyed unit, as written.
  UnitType other_unit = UnitType::kArmy;
  bool other_typed = true;  // false when the text gave no type ("S LVN - PRU")
  std::uint8_t other = kNoLocation;
  bool via_convoy = false;  // kMove: "VIA C"

  bool operator==(const Order& o) const {
    return type == o.type && unit == o.unit && location == o.location && target == o.target &&
           other_unit == o.other_unit && other_typed == o.other_typed && other == o.other &&
           via_convoy == o.via_convoy;
  }
};

// What is wrong with an order text, and where: bytes [begin, end) of the text.
struct OrderError {
  std::size_t begin = 0, end = 0;
  std::string message, hint;
};

// Parses one order; std::nullopt with `error` set when the text is not an order of this map.
std::optional<Order> parse_order(const Map& map, std::string_view text, OrderError* error);
// Parses a unit ("A VIE", "F STP/SC"): its type and location as written.
bool parse_unit(const Map& map, std::string_view text, UnitType* type, int* location, OrderError* error);

// The canonical text of an order ("A MUN S A PAR - BUR").
std::string order_text(const Map& map, const Order& order);
// "A PAR", "F STP/SC".
std::string unit_text(const Map& map, UnitType type, int location);
inline char unit_letter(UnitType type) { return type == UnitType::kArmy ? 'A' : 'F'; }

}  // namespace motive::game::diplomacy
