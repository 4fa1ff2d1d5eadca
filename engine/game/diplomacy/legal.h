// What each power may order at a phase, slot by slot: the structured form of a power's ActionSpace
// (game.h), without strings, so that the rollouts generate and draw orders without allocating.
//
// Movement: one slot per unit (units in province order), its choices in a fixed order: hold; moves to
// adjacent places (by destination location; a fleet moving to a split-coast province names the coast);
// moves by convoy to the coasts its army could reach through fleets at sea; supports of every possible
// hold or move into a province the unit could move to (by that province, the hold first, then the
// supported unit's province; supports name provinces, not coasts, as DATC 6.B.7 allows); for a fleet at
// sea, convoys of every army along a route through it where no fleet could be left out (by army, then
// destination). "VIA C" is not listed: a move to an adjacent province goes by convoy when its own
// power's fleet convoys it (the 2023 rule), which the listed convoys express.
// Retreats: one slot per dislodged unit: its retreats, then its disband.
// Adjustments: a power with builds has one slot per vacant home centre it owns: "none", then an army,
// then a fleet on each coast; a power with disbands has one slot per unit: "keep" or disband.
#pragma once

#include <array>
#include <bitset>
#include <cstdint>
#include <string>
#include <vector>

#include "game/diplomacy/map.h"
#include "game/diplomacy/orders.h"
#include "game/diplomacy/position.h"

namespace motive::game::diplomacy {

struct SlotOrders {
  int power = kNobody;
  int province = 0;  // the unit's (or dislodged unit's, or build slot's) province
  int first = 0;     // its choices: Options::orders[first, first + count)
  int count = 0;
};

struct Options {
  std::vector<Order> orders;
  std::vector<SlotOrders> slots;                  // grouped by power, in power order
  std::array<int, kMaxPowers + 1> power_first{};  // power i's slots: [power_first[i], power_first[i + 1])
  int slots_of(int power) const { return power_first[power + 1] - power_first[power]; }
};

// The choices of every power at `position` (of any phase), in the order above. Reuses `out`'s storage.
void legal_options(const Map& map, const Position& position, Options* out);

// A choice's label: the order in the standard notation, or "none" (no build) and "keep" (no disband)
// in an adjustment phase.
std::string choice_label(const Map& map, const Order& order, PhaseType phase);

// Convoy routes: chains of seas holding fleets (any power's, `fleets`: a bitset of sea provinces).
// Whether one leads from the coast `from` to the coast `to`, leaving out the sea `avoid` (or −1).
bool convoy_route_exists(const Map& map, const std::bitset<kMaxProvinces>& fleets, int from, int to,
                         int avoid);
// The coasts an army in `from` could be convoyed to through `fleets`, leaving out the sea `avoid` (or −1).
std::bitset<kMaxProvinces> convoy_destinations(const Map& map, const std::bitset<kMaxProvinces>& fleets,
                                               int from, int avoid);
// Whether the sea `sea` lies on a route from `from` to `to` on which no fleet could be left out (a
// chordless route: only its first sea touches `from`, only its last touches `to`, and no two seas
// but neighbours on it touch). After kRouteBudget steps of the search it answers true.
bool on_minimal_route(const Map& map, const std::bitset<kMaxProvinces>& fleets, int sea, int from, int to);
inline constexpr int kRouteBudget = 20000;

// Whether a choice is a real order to submit ("none" and "keep" are not).
inline bool submits(const Order& order, PhaseType phase) {
  return phase != PhaseType::kAdjustment || order.type == OrderType::kBuild ||
         order.type == OrderType::kDisband;
}

}  // namespace motive::game::diplomacy
