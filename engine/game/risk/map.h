// Risk maps as data (docs/games.md, "Maps"): territories with a name, a continent and a place on a
// canvas, symmetric adjacency, continents with their bonus, and starting positions by number of
// players. A model gives a map inline (`"map": {...}`) or names a shipped one (`"ring"`, `"meridia"`),
// which is the same JSON embedded in the engine and read by the same reader at first use.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/source_json.h"
#include "game/reader_util.h"

namespace motive::game::risk {

// Limits on a map (documented in docs/games.md): a territory set fits one 64-bit mask.
inline constexpr int kMaxTerritories = 64;
inline constexpr int kMaxContinents = 16;
inline constexpr int kMaxBorders = 256;  // undirected borders
inline constexpr int kMaxBonus = 100;
inline constexpr int kMaxArmies = 999;  // a territory holds at most this many armies
inline constexpr int kMaxIdLength = 24;
inline constexpr int kMaxNameLength = 40;
inline constexpr double kMaxCanvas = 10000;

struct Territory {
  std::string id;    // used in state texts: letters, digits, '_' and '-'
  std::string name;  // used in action labels ("Alpha -> Beta")
  int continent = 0;
  double x = 0, y = 0;        // its place on the canvas, for drawing
  std::vector<int> adjacent;  // in the map's order
};

struct Continent {
  std::string id, name;
  std::string colour;  // "#rrggbb", for drawing
  int bonus = 0;       // extra reinforcements for whoever owns all of it
  std::vector<int> territories;
};

// A border crossed in one direction (attacks and moves go along them).
struct Border {
  int from = 0, to = 0;
};

// Who holds each territory and with how many armies (owner: a player's index).
struct Position {
  std::vector<int> owner;
  std::vector<int> armies;
};

struct RiskMap {
  std::string name;  // the shipped map's name, or "" for a map given inline
  std::string title;
  double width = 1000, height = 700;  // the canvas of the territories' x and y
  std::vector<Territory> territories;
  std::vector<Continent> continents;
  std::vector<Border> borders;            // both directions, sorted by (from, to)
  std::vector<std::uint64_t> neighbours;  // per territory: the mask of its neighbours
  std::map<int, Position> starts;         // starting positions by number of players
  int total_bonus = 0;

  int size() const { return static_cast<int>(territories.size()); }
  // The index of the territory with id `id`, or −1.
  int find(std::string_view id) const;
  bool adjacent(int a, int b) const { return (neighbours[a] >> b) & 1; }
};

// Reads a position {territory id: {"owner", "armies"}} of `map` for `players` players, covering every
// territory once, armies 1..kMaxArmies, every player holding a territory. `owner_of` reads an owner's
// value into a player index, or reports the problem and returns −1.
std::optional<Position> read_position(const Json& value, const RiskMap& map, int players, FileReader& reader,
                                      const std::function<int(const Json&)>& owner_of);

// Reads a map given inline; nullptr after reporting each problem with its position.
std::shared_ptr<const RiskMap> read_risk_map(const Json& value, FileReader& reader);

// The shipped map called `name` (read at first use), or nullptr.
std::shared_ptr<const RiskMap> shipped_map(std::string_view name);
// The names of the shipped maps.
const std::vector<std::string>& shipped_map_names();
// A shipped map's JSON text (as docs/games.md shows it), or empty.
std::string_view shipped_map_text(std::string_view name);

// Whether `id` is a valid territory, continent or player id: 1..kMaxIdLength letters, digits, '_', '-'.
bool valid_id(std::string_view id);

}  // namespace motive::game::risk
