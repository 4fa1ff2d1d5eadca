// A Diplomacy map as data (docs/games.md, "Maps"): provinces (an id such as "PAR", a name, land, coast
// or sea, supply centre, home power), split coasts ("SPA/NC"), which provinces an army can move
// between and which locations a fleet can move between, coordinates for drawing, the powers, the
// victory condition and the starting position. Maps are read from JSON by one reader with positioned
// errors; the two shipped maps ("standard": the 75 provinces of the game, and "teaching": a small map
// of our own) are embedded as that JSON and read by the same reader at first use.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/source_json.h"
#include "game/diplomacy/position.h"
#include "game/diplomacy/problems.h"

namespace motive::game::diplomacy {

enum class Terrain : std::uint8_t { kLand, kCoast, kSea };

struct Power {
  std::string name;    // lower case, as the model file names it: "austria"
  std::string colour;  // for drawing: "#c48f85"
};

struct Province {
  std::string id;    // upper case: "PAR"
  std::string name;  // "Paris"
  Terrain terrain = Terrain::kLand;
  bool supply = false;
  int home = kNobody;                // the power whose home centre it is
  std::vector<std::string> aliases;  // other ids read for it ("GOB" for "BOT")
  std::vector<std::uint8_t> army;    // the provinces an army here can move to
  int first_coast = 0, coasts = 0;   // split coasts: locations [first_coast, first_coast + coasts)
};

struct Location {
  int province = 0;
  std::string name;   // "SPA/NC", or the province's id
  std::string coast;  // "NC"; empty for a province's own location
  double x = 0, y = 0;
  std::vector<std::uint8_t> fleet;  // the locations a fleet here can move to
};

class Map {
 public:
  std::string name;
  double width = 1000, height = 800;
  int victory = 0;  // supply centres that win (after the fall)
  std::vector<Power> powers;
  std::vector<Province> provinces;
  std::vector<Location> locations;  // [0, provinces): the provinces' own; then the split coasts
  Position start;

  int num_provinces() const { return static_cast<int>(provinces.size()); }
  int num_locations() const { return static_cast<int>(locations.size()); }
  int num_powers() const { return static_cast<int>(powers.size()); }
  int num_centres() const { return centres_; }
  int province_of(int location) const { return locations[location].province; }
  bool split(int province) const { return provinces[province].coasts > 0; }
  bool is_sea(int province) const { return provinces[province].terrain == Terrain::kSea; }
  bool is_land(int province) const { return provinces[province].terrain == Terrain::kLand; }
  bool is_coast(int province) const { return provinces[province].terrain == Terrain::kCoast; }
  // Whether an army can move between two provinces (land borders).
  bool army_adjacent(int from, int to) const { return army_[from * kMaxProvinces + to]; }
  // Whether a fleet can move between two locations.
  bool fleet_adjacent(int from, int to) const;
  // Whether a fleet at location `from` can reach some location of province `to`.
  bool fleet_reaches(int from, int to) const { return fleet_reach_[from * kMaxProvinces + to]; }
  // The fewest steps between two provinces over every adjacency, armies' and fleets' alike (the 2023
  // rules' distance for civil disorder); 255 when unconnected.
  int distance(int from, int to) const { return distance_[from * kMaxProvinces + to]; }

  // The province with this id or alias (case-insensitive), or −1.
  int find_province(std::string_view id) const;
  // The location "XXX" or "XXX/CC" (case-insensitive), or −1.
  int find_location(std::string_view text) const;
  // The coast `coast` of a split province ("NC"), or −1.
  int find_coast(int province, std::string_view coast) const;
  int find_power(std::string_view text) const;

  // Fills the derived tables (adjacency matrices, distances, centre count) after the lists are set.
  void prepare();

 private:
  std::vector<bool> army_;         // kMaxProvinces × kMaxProvinces
  std::vector<bool> fleet_reach_;  // locations × kMaxProvinces
  std::vector<std::uint8_t> distance_;
  int centres_ = 0;
};

// Reads a map from its JSON (`value`: an object); nullptr after reporting each problem.
std::shared_ptr<const Map> read_map(const Json& value, Problems& problems);

// The shipped maps by name ("standard", "teaching"), read at first use; nullptr for another name.
std::shared_ptr<const Map> builtin_map(std::string_view name);
// The names of the shipped maps.
std::vector<std::string> builtin_map_names();
// The shipped maps' JSON text (maps_data.cc).
const char* standard_map_json();
const char* teaching_map_json();

}  // namespace motive::game::diplomacy
