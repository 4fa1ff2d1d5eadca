// Positions to and from JSON (the model file's "position" and "states", the adjudicate analysis's
// "position" and its result) and the compact text of a game state (serialise / deserialise).
//
// JSON: {"phase": "S1901M" or "spring 1901 movement",
//        "units": {"austria": ["A VIE", "A BUD", "F TRI"], ...},
//        "centres": {"austria": ["VIE", "BUD", "TRI"], ...},
//        "dislodged": {"austria": [{"unit": "F TRI", "from": "VEN", "convoyed": false,
//                                   "retreats": ["ALB", "ADR"]}]},    (retreat phases)
//        "standoffs": ["BOH"]}                                         (retreat phases)
// "centres" defaults to the map's start; a dislodged unit's "retreats" default to what the rules allow
// (adjacent, empty, not its attacker's origin unless the attacker was convoyed, not a standoff).
//
// Text: "S1901R 3 | austria: A VIE, A BUD; VIE BUD TRI; F TRI from VEN to ALB ADR | italy: ..."; each
// power's units, its centres and its dislodged units, separated by ';'. A state at the end of the play
// says "end" after its move number.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/source_json.h"
#include "game/diplomacy/map.h"
#include "game/diplomacy/position.h"
#include "game/diplomacy/problems.h"

namespace motive::game::diplomacy {

// Reads a position of `map` from JSON; `defaults` gives the centres when the JSON has none. false
// after reporting each problem (unknown province or power, two units in a province, a fleet inland, an
// army at sea, a fleet in a split-coast province without its coast, ...).
bool read_position(const Map& map, const Json& value, const Position& defaults, Problems& problems,
                   Position* out);
// The position as JSON, in the shape read_position reads (powers in map order, units by province).
nlohmann::ordered_json position_json(const Map& map, const Position& position);

// The position as text, with the move number and whether the play is over.
std::string position_text(const Map& map, const Position& position, int move_number, bool over);
// Reads position_text's text; false with `error` set when it is not one.
bool parse_position_text(const Map& map, std::string_view text, Position* out, int* move_number, bool* over,
                         std::string* error);

// Where the unit dislodged from `location` (of type `type`) may retreat in `after` (the position
// after the moves, the dislodged units gone): adjacent, empty, not the province `attacker` came from
// unless it was convoyed, not one of `standoffs` (provinces, as a bitset).
std::bitset<kMaxLocations> retreat_options(const Map& map, const Position& after, UnitType type, int location,
                                           int attacker, bool convoyed,
                                           const std::bitset<kMaxProvinces>& standoffs);

// The number of units and of owned supply centres of each power.
void count_units(const Position& position, int n, int* units, int* centres);

}  // namespace motive::game::diplomacy
