// The Diplomacy adjudicator: pure functions over (map, position, orders) → results and the next position,
// written from the rules (the 2023 rulebook as the DATC v3.0 describes it) and the DATC's cases, with
// the DATC's preferred options (docs/games.md, "The adjudicator"):
//
// Movement. Every order is first checked; an illegal order is ignored and its unit holds (it still
// has hold strength and takes hold supports, DATC 4.E.1). A move to an adjacent province goes by land
// unless it says "VIA C" or a fleet of its own power has a legal order to convoy it (the 2023 rule,
// DATC 6.G); an explicit convoy does not fall back to the land route. Orders are then resolved by
// Kruijswijk's decision scheme ("The Math of Adjudication", DATC section 5), our implementation: one
// decision per order (a move moves, a support is given, a convoying fleet is not dislodged), with
// attack, hold, defend and prevent strengths computed from the decisions they depend on; a decision
// that depends on itself is guessed both ways. One consistent answer is taken; two or none is a cycle:
// with a convoying fleet in it, a convoy paradox, settled by the Szykman rule (the convoyed armies of
// the cycle fail to move and have no effect); without, circular movement (every move of the cycle
// succeeds). Head-to-head battles, beleaguered garrisons, the rules against self-dislodgement (a power
// never dislodges its own unit, nor does a support of its own count against its own unit), cut
// support (not by the unit the support is aimed at, unless it dislodges the supporter), multi-route
// convoys (disrupted only when every route is) all follow from the strengths.
//
// Retreats: a dislodged unit may retreat to an adjacent empty province other than where its attacker
// came from (unless the attacker came by convoy) and not left empty by a standoff; two retreats to one
// province both disband; a unit without a retreat order disbands.
//
// Adjustments: builds in vacant home centres the power owns, up to its surplus, in the order given;
// disbands up to its deficit, in the order given; the missing disbands by civil disorder (farthest from
// the power's owned supply centres first, counting every adjacency; fleets before armies at equal
// distance; then by the province's name).
//
// Speed: flat arrays indexed by province, no strings while resolving; reasons in words only when asked.
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

enum class Outcome : std::uint8_t { kSucceeds, kFails, kIllegal };
const char* outcome_name(Outcome outcome);  // "succeeds", "fails", "illegal"

// An order as given: the order and the power that gave it (kNobody: the unit's owner, for orders
// listed without powers).
struct Submitted {
  Order order;
  int power = kNobody;
};

// Why an order was illegal or failed (explain() puts it in words, with the units involved).
enum class Why : std::uint8_t {
  kNone,
  // illegal
  kNoUnit,
  kNotOwn,
  kWrongType,
  kSecondOrder,
  kWrongPhase,
  kSameProvince,
  kNotAdjacent,
  kArmyToSea,
  kFleetInland,
  kNoConvoyRoute,
  kCoastNeeded,
  kWrongCoast,
  kFleetConvoyed,
  kNoSupportedUnit,
  kSupportedWrongType,
  kSupportSelf,
  kSupportOwnProvince,
  kSupportUnreachable,
  kSupportedMoveImpossible,
  kSupportThroughSelf,
  kConvoyNotAtSea,
  kConvoyNotFleet,
  kNoConvoyedArmy,
  kConvoyNotOnRoute,
  kConvoyToSea,
  kNotDislodged,
  kRetreatAttacker,
  kRetreatStandoff,
  kRetreatOccupied,
  kRetreatNotAdjacent,
  kBuildNotHome,
  kBuildNotOwned,
  kBuildOccupied,
  kBuildNoSurplus,
  kBuildFleetInland,
  kBuildArmyAtSea,
  kBuildCoastNeeded,
  kBuildTwice,
  kDisbandNoDeficit,
  kDisbandTwice,
  kWaiveNoSurplus,
  // failed
  kNoConvoy,
  kConvoyDisrupted,
  kParadox,
  kBounced,
  kBouncedOffHolder,
  kLostHeadToHead,
  kOwnUnit,
  kCut,
  kDislodged,
  kUnmatched,
  kRetreatClash,
  kTooManyBuilds,
  kTooManyDisbands,
};

// The result of one order (of a Submitted), with what the analysis reports.
struct OrderResult {
  Outcome outcome = Outcome::kSucceeds;
  Why why = Why::kNone;
  int power = kNobody;            // the ordered unit's power (else the ordering power)
  int province = -1;              // the ordered unit's province (−1 when there is none: a build, a waive)
  bool convoyed = false;          // a move that went (or tried to go) by convoy
  int destination = kNoLocation;  // moves and retreats: the destination location, coast resolved
  std::vector<int> convoy_path;   // a convoyed move: the seas of a route used (when it moved)
  std::string reason;             // explain: why it failed or was illegal, in words (empty otherwise)
};

// A unit removed by civil disorder, or left without an order.
struct UnitRef {
  int power = kNobody;
  UnitType type = UnitType::kArmy;
  int location = kNoLocation;
};

struct Adjudication {
  std::vector<OrderResult> results;     // one per submitted order, in their order
  std::vector<UnitRef> unordered;       // units (or dislodged units) that received no order
  std::vector<UnitRef> civil_disorder;  // adjustments: units disbanded by the civil disorder rule
  std::vector<int> standoffs;           // movement: provinces left empty by a standoff
  Position next;                        // the position after this phase, at the next phase
};

// Reusable scratch space for adjudicating on any map (at most kMaxProvinces provinces): one per
// thread serves every adjudication (scratch()), so a rollout allocates nothing.
class Adjudicator {
 public:
  Adjudicator() = default;
  // Adjudicates the phase of `position` (movement, retreat or adjustment) with `orders`. With
  // `explain`, fills each result's reason in words; `trusted` skips the checks that orders generated
  // as legal (legal_orders) always pass (the convoy routes' legality), for the rollouts.
  void adjudicate(const Map& map, const Position& position, const std::vector<Submitted>& orders,
                  Adjudication* out, bool explain = true, bool trusted = false);

  // The scratch adjudicator of this thread.
  static Adjudicator& scratch();

 private:
  enum Kind : std::uint8_t { kEmpty, kHoldKind, kMoveKind, kSupportHoldKind, kSupportMoveKind, kConvoyKind };
  enum State : std::uint8_t { kUnresolved, kGuessing, kResolved };

  void movement(const Position& position, const std::vector<Submitted>& orders, Adjudication* out);
  void retreats(const Position& position, const std::vector<Submitted>& orders, Adjudication* out);
  void adjustments(const Position& position, const std::vector<Submitted>& orders, Adjudication* out);

  // Movement, step by step.
  void assign(const Position& position, const std::vector<Submitted>& orders, Adjudication* out);
  Why check(int p, const Order& order, OrderResult* result);
  void link();
  bool resolve(int p);
  bool adjudicate_order(int p);
  void backup_rule(int from);
  bool path(int p);
  int attack(int p);
  int hold_strength(int q);
  int defend(int p);
  int prevent(int p);
  int supports(int p, int except_power);
  bool head_to_head(int p) const;
  void finish(const Position& position, Adjudication* out);
  void explain_movement(const std::vector<Submitted>& orders, Adjudication* out);
  std::vector<int> route_used(int p);
  std::string unit_name(int province) const;
  std::string move_name(int p) const;

  const Map* map_ = nullptr;
  const Position* position_ = nullptr;
  bool explain_ = true, trusted_ = false;
  int n_ = 0;
  // Per province (the unit there and its order, normalised).
  std::array<std::int8_t, kMaxProvinces> power_{};
  std::array<Kind, kMaxProvinces> kind_{};
  // A move's destination province; a support's target (the supported unit's destination, or its
  // province for a hold); a convoy's army's destination.
  std::array<std::uint8_t, kMaxProvinces> dest_{};
  std::array<std::uint8_t, kMaxProvinces> dest_loc_{};  // move: destination location (coast resolved)
  // A support's or convoy's unit: the supported unit's or the convoyed army's province.
  std::array<std::uint8_t, kMaxProvinces> src_{};
  std::array<std::uint8_t, kMaxProvinces> coast_{};  // support of a move: the coast named, or kNoLocation
  std::array<bool, kMaxProvinces> convoyed_{};
  std::array<bool, kMaxProvinces> via_{};
  std::array<bool, kMaxProvinces> matched_{};            // a support or convoy that matches its unit's order
  std::array<std::int16_t, kMaxProvinces> submitted_{};  // the submitted order in force (−1: none)
  std::array<Why, kMaxProvinces> illegal_{};             // why the submitted order was ignored
  // Linked lists: the moves into a province, the supports of a unit, the fleets convoying an army.
  std::array<std::int16_t, kMaxProvinces> mover_head_{}, mover_next_{};
  std::array<std::int16_t, kMaxProvinces> support_head_{}, support_next_{};
  std::array<std::int16_t, kMaxProvinces> convoy_head_{}, convoy_next_{};
  // Convoyed moves: the matching fleets on some route from the army to its destination.
  std::array<std::bitset<kMaxProvinces>, kMaxProvinces> route_{};
  std::array<bool, kMaxProvinces> paradox_{};  // the Szykman rule failed this army's convoy
  // Decisions.
  std::array<State, kMaxProvinces> state_{};
  std::array<bool, kMaxProvinces> result_{};
  std::array<std::int16_t, kMaxProvinces> cycle_{};
  int cycle_size_ = 0;
  // The units in provinces order, and the units at sea with a fleet (the possible convoy routes).
  std::array<std::uint8_t, kMaxProvinces> units_{};
  int num_units_ = 0;
  std::bitset<kMaxProvinces> fleets_at_sea_;
};

// The words of a reason code (without the units involved).
const char* why_words(Why why);

}  // namespace motive::game::diplomacy
