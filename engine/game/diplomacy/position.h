// A Diplomacy position as plain data: the phase, the unit in each province, each supply centre's owner
// and, in a retreat phase, the dislodged units with where they may go. Fixed arrays indexed by province
// (at most kMaxProvinces): copying a position allocates nothing, which the rollouts rely on.
//
// Provinces and locations are numbered by the map (map.h): location p < num_provinces is province p
// itself; split coasts ("SPA/NC") are locations after them. A unit stands on a location: an army on its
// province's, a fleet in a split-coast province on one of its coasts.
#pragma once

#include <array>
#include <bitset>
#include <cstdint>
#include <string>
#include <vector>

namespace motive::game::diplomacy {

inline constexpr int kMaxProvinces = 128;
inline constexpr int kMaxLocations = 255;  // provinces and coasts; a location fits a byte, 255 is "none"
inline constexpr std::uint8_t kNoLocation = 255;
inline constexpr std::int8_t kNobody = -1;  // no power: an empty province, an unowned centre
inline constexpr int kMaxPowers = 8;

enum class UnitType : std::uint8_t { kArmy, kFleet };
enum class Season : std::uint8_t { kSpring, kFall, kWinter };
enum class PhaseType : std::uint8_t { kMovement, kRetreat, kAdjustment };

struct Phase {
  int year = 1901;
  Season season = Season::kSpring;
  PhaseType type = PhaseType::kMovement;
  bool operator==(const Phase& o) const { return year == o.year && season == o.season && type == o.type; }
};

// "S1901M", "F1901R", "W1901A": the phase's short code.
std::string phase_code(const Phase& phase);
// "spring 1901 movement".
std::string phase_words(const Phase& phase);
// Reads either form (case-insensitive); false when it is neither or the season does not have that
// type (winter is only adjustments, spring and fall only movement and retreats). Years 1 to 9999.
bool parse_phase(const std::string& text, Phase* phase);
// The phase after `phase` in the calendar: S M → S R → F M → F R → W A → next year's S M.
Phase next_phase(const Phase& phase);

// A unit dislodged in the movement phase before, waiting for its retreat.
struct Dislodged {
  std::int8_t power = kNobody;
  UnitType type = UnitType::kArmy;
  std::uint8_t location = kNoLocation;  // where it stood
  std::uint8_t attacker = kNoLocation;  // the province its attacker came from
  bool convoyed = false;  // the attacker came by convoy (then its origin is open to the retreat)
  std::bitset<kMaxLocations> retreats;  // the locations it may retreat to
};

struct Position {
  Phase phase;
  // The unit in each province: its power (kNobody when empty), type and location.
  std::array<std::int8_t, kMaxProvinces> power;
  std::array<UnitType, kMaxProvinces> type;
  std::array<std::uint8_t, kMaxProvinces> location;
  // Each supply centre's owner (kNobody: unowned, or not a centre).
  std::array<std::int8_t, kMaxProvinces> owner;
  // In a retreat phase, the dislodged units in the order of their provinces.
  std::vector<Dislodged> dislodged;

  Position() { clear(); }
  void clear() {
    power.fill(kNobody);
    type.fill(UnitType::kArmy);
    location.fill(kNoLocation);
    owner.fill(kNobody);
    dislodged.clear();
  }
  bool occupied(int province) const { return power[province] != kNobody; }
};

}  // namespace motive::game::diplomacy
