#include "game/risk/map.h"

#include <algorithm>
#include <cmath>
#include <mutex>
#include <set>

#include "core/diagnostics.h"

namespace motive::game::risk {

namespace {

// Colours of continents a map gives none for, in order.
constexpr const char* kContinentColours[] = {"#c9d8b6", "#e8d3a9", "#b9d3e8", "#e3b9c9", "#d6c9e8", "#c2e3dc",
                                             "#ece3b3", "#d9c2ad", "#b3cfc0", "#e0c0e0", "#c0c8e0", "#e0d0c0",
                                             "#c8e0c0", "#e0c8c8", "#c8d8e8", "#dcdcdc"};

bool valid_colour(const std::string& s) {
  if (s.size() != 7 || s[0] != '#') return false;
  return std::all_of(s.begin() + 1, s.end(),
                     [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); });
}

// A name shown to people and used in action labels: printable, no "->" (which separates a label's two
// territories), no surrounding spaces.
bool valid_name(const std::string& s) {
  if (s.empty() || static_cast<int>(s.size()) > kMaxNameLength) return false;
  if (s.front() == ' ' || s.back() == ' ' || s.find("->") != std::string::npos) return false;
  return std::none_of(s.begin(), s.end(), [](char c) {
    auto u = static_cast<unsigned char>(c);
    return u < 0x20 || u == 0x7f;
  });
}

// A whole number in [min, max], or std::nullopt after reporting `id` with `what` at the value.
std::optional<int> whole(const Json& v, FileReader& r, const std::string& id, const std::string& what,
                         int min, int max) {
  auto x = r.number(v, what);
  if (!x) return std::nullopt;
  if (!(*x >= min && *x <= max) || *x != std::floor(*x)) {
    r.error(id, v, what + " is a whole number from " + std::to_string(min) + " to " + std::to_string(max));
    return std::nullopt;
  }
  return static_cast<int>(*x);
}

const Json* required(const Json& object, const char* field, const std::string& what, FileReader& r) {
  const Json* v = r.find(object, field);
  if (!v) r.error("model.missing_field", object, what + " has no \"" + field + "\"");
  return v;
}

std::optional<std::string> read_id(const Json& object, const std::string& what, FileReader& r) {
  const Json* v = required(object, "id", what, r);
  if (!v) return std::nullopt;
  auto id = r.string(*v, what + "'s \"id\"");
  if (!id) return std::nullopt;
  if (!valid_id(*id)) {
    r.error("game.bad_map", *v, "\"" + *id + "\" is not an id",
            "an id is 1 to " + std::to_string(kMaxIdLength) + " letters, digits, '_' or '-'");
    return std::nullopt;
  }
  return id;
}

std::optional<std::string> read_name(const Json& object, const std::string& what, FileReader& r) {
  const Json* v = required(object, "name", what, r);
  if (!v) return std::nullopt;
  auto name = r.string(*v, what + "'s \"name\"");
  if (!name) return std::nullopt;
  if (!valid_name(*name)) {
    r.error("game.bad_map", *v, "\"" + *name + "\" is not a name for " + what,
            "a name is 1 to " + std::to_string(kMaxNameLength) +
                " characters, without control characters, \"->\" or surrounding spaces");
    return std::nullopt;
  }
  return name;
}

class MapReader {
 public:
  explicit MapReader(FileReader& r) : r_(r) {}

  std::shared_ptr<const RiskMap> read(const Json& value) {
    if (!r_.object(value, "a map")) return nullptr;
    r_.fields(value, {"name", "title", "width", "height", "continents", "territories", "starts"}, "a map");
    auto map = std::make_shared<RiskMap>();
    if (const Json* name = r_.find(value, "name")) {
      auto s = r_.string(*name, "the map's \"name\"");
      if (s) map->name = *s;
    }
    if (const Json* title = r_.find(value, "title")) {
      auto s = r_.string(*title, "the map's \"title\"");
      if (s) map->title = *s;
    }
    for (const char* side : {"width", "height"}) {
      if (const Json* v = r_.find(value, side)) {
        auto x = r_.number(*v, std::string("the map's \"") + side + "\"");
        if (!x) return nullptr;
        if (!(*x > 0 && *x <= kMaxCanvas)) {
          r_.error("game.bad_map", *v,
                   std::string("the canvas's ") + side + " is a number above 0, at most " +
                       std::to_string(static_cast<int>(kMaxCanvas)));
          return nullptr;
        }
        (std::string(side) == "width" ? map->width : map->height) = *x;
      }
    }
    const Json* continents = required(value, "continents", "a map", r_);
    const Json* territories = required(value, "territories", "a map", r_);
    if (!continents || !territories) return nullptr;
    if (!read_continents(*continents, *map)) return nullptr;
    if (!read_territories(*territories, *map)) return nullptr;
    if (!read_adjacency(*territories, *map)) return nullptr;
    if (!check_continents(*continents, *map)) return nullptr;
    if (!check_connected(*territories, *map)) return nullptr;
    if (const Json* starts = r_.find(value, "starts")) {
      if (!read_starts(*starts, *map)) return nullptr;
    }
    return map;
  }

 private:
  bool read_continents(const Json& list, RiskMap& map) {
    if (!r_.array(list, "\"continents\"")) return false;
    if (list.empty() || static_cast<int>(list.size()) > kMaxContinents) {
      r_.error("game.bad_map", list,
               "a map has 1 to " + std::to_string(kMaxContinents) + " continents, not " +
                   std::to_string(list.size()));
      return false;
    }
    bool ok = true;
    for (const Json& c : list) {
      if (!r_.object(c, "a continent")) {
        ok = false;
        continue;
      }
      r_.fields(c, {"id", "name", "bonus", "colour"}, "a continent");
      Continent continent;
      auto id = read_id(c, "a continent", r_);
      auto name = read_name(c, "a continent", r_);
      if (!id || !name) {
        ok = false;
        continue;
      }
      continent.id = *id;
      continent.name = *name;
      for (const Continent& other : map.continents) {
        if (other.id == *id) {
          r_.error("game.bad_map", *r_.find(c, "id"), "the continent id \"" + *id + "\" is given twice");
          ok = false;
        }
      }
      if (const Json* bonus = required(c, "bonus", "a continent", r_)) {
        auto b = whole(*bonus, r_, "game.bad_continent", "a continent's \"bonus\"", 0, kMaxBonus);
        if (!b) ok = false;
        continent.bonus = b.value_or(0);
      } else {
        ok = false;
      }
      continent.colour = kContinentColours[map.continents.size() % std::size(kContinentColours)];
      if (const Json* colour = r_.find(c, "colour")) {
        auto s = r_.string(*colour, "a continent's \"colour\"");
        if (s && !valid_colour(*s)) {
          r_.error("game.bad_map", *colour, "\"" + *s + "\" is not a colour", "a colour is \"#rrggbb\"");
          s.reset();
        }
        if (!s) ok = false;
        if (s) continent.colour = *s;
      }
      map.total_bonus += continent.bonus;
      map.continents.push_back(continent);
    }
    return ok;
  }

  bool read_territories(const Json& list, RiskMap& map) {
    if (!r_.array(list, "\"territories\"")) return false;
    if (list.size() < 2 || static_cast<int>(list.size()) > kMaxTerritories) {
      r_.error("game.bad_map", list,
               "a map has 2 to " + std::to_string(kMaxTerritories) + " territories, not " +
                   std::to_string(list.size()));
      return false;
    }
    bool ok = true;
    std::vector<std::string> continent_ids;
    for (const Continent& c : map.continents) continent_ids.push_back(c.id);
    for (const Json& t : list) {
      if (!r_.object(t, "a territory")) return false;
      r_.fields(t, {"id", "name", "continent", "x", "y", "adjacent"}, "a territory");
      Territory territory;
      auto id = read_id(t, "a territory", r_);
      auto name = read_name(t, "a territory", r_);
      if (!id || !name) return false;
      territory.id = *id;
      territory.name = *name;
      for (const Territory& other : map.territories) {
        if (other.id == *id) {
          r_.error("game.bad_map", *r_.find(t, "id"), "the territory id \"" + *id + "\" is given twice");
          ok = false;
        }
        if (other.name == *name) {
          r_.error("game.bad_map", *r_.find(t, "name"), "two territories are named \"" + *name + "\"",
                   "action labels name territories: make them unique");
          ok = false;
        }
      }
      const Json* continent = required(t, "continent", "territory \"" + *id + "\"", r_);
      if (!continent) return false;
      auto cid = r_.string(*continent, "a territory's \"continent\"");
      if (!cid) return false;
      auto it = std::find(continent_ids.begin(), continent_ids.end(), *cid);
      if (it == continent_ids.end()) {
        std::string hint = did_you_mean(*cid, continent_ids);
        r_.error("game.unknown_continent", *continent, "\"" + *cid + "\" is not a continent of the map",
                 hint.empty() ? "the continents are " + FileReader::join(continent_ids) : hint);
        ok = false;
      } else {
        territory.continent = static_cast<int>(it - continent_ids.begin());
      }
      for (const char* axis : {"x", "y"}) {
        const Json* v = required(t, axis, "territory \"" + *id + "\"", r_);
        if (!v) return false;
        auto x = r_.number(*v, std::string("a territory's \"") + axis + "\"");
        if (!x) return false;
        const double side = std::string(axis) == "x" ? map.width : map.height;
        if (!(*x >= 0 && *x <= side)) {
          r_.error("game.bad_map", *v,
                   std::string("\"") + axis + "\" is outside the canvas (0 to " + number_text(side) + ")",
                   "the map's \"width\" and \"height\" give the canvas (default 1000 by 700)");
          ok = false;
        }
        (std::string(axis) == "x" ? territory.x : territory.y) = *x;
      }
      map.territories.push_back(territory);
    }
    return ok;
  }

  static std::string number_text(double x) {
    std::string s = std::to_string(x);
    s.erase(s.find_last_not_of('0') + 1);
    if (s.back() == '.') s.pop_back();
    return s;
  }

  bool read_adjacency(const Json& list, RiskMap& map) {
    bool ok = true;
    std::vector<std::string> ids;
    for (const Territory& t : map.territories) ids.push_back(t.id);
    const int n = map.size();
    map.neighbours.assign(n, 0);
    std::vector<const Json*> listed(static_cast<std::size_t>(n) * n, nullptr);  // [a·n + b]: a lists b
    for (int a = 0; a < n; ++a) {
      const Json* adjacent = required(list[a], "adjacent", "territory \"" + ids[a] + "\"", r_);
      if (!adjacent) return false;
      if (!r_.array(*adjacent, "\"adjacent\"")) return false;
      for (const Json& entry : *adjacent) {
        auto id = r_.string(entry, "a neighbour");
        if (!id) return false;
        int b = map.find(*id);
        if (b < 0) {
          std::string hint = did_you_mean(*id, ids);
          r_.error("game.unknown_territory", entry, "\"" + *id + "\" is not a territory of the map",
                   hint.empty() ? "the territories are " + FileReader::join(ids) : hint);
          ok = false;
        } else if (b == a) {
          r_.error("game.bad_adjacency", entry, "\"" + *id + "\" lists itself as a neighbour");
          ok = false;
        } else if (listed[a * n + b]) {
          r_.error("game.bad_adjacency", entry, "\"" + ids[a] + "\" lists \"" + *id + "\" twice");
          ok = false;
        } else {
          listed[a * n + b] = &entry;
        }
      }
    }
    if (!ok) return false;
    int borders = 0;
    for (int a = 0; a < n; ++a) {
      for (int b = 0; b < n; ++b) {
        if (!listed[a * n + b]) continue;
        if (!listed[b * n + a]) {
          r_.error("game.bad_adjacency", *listed[a * n + b],
                   "\"" + ids[a] + "\" lists \"" + ids[b] + "\" as a neighbour, but \"" + ids[b] +
                       "\" does not list \"" + ids[a] + "\"",
                   "adjacency is symmetric: list each border on both sides");
          ok = false;
          continue;
        }
        map.neighbours[a] |= std::uint64_t{1} << b;
        map.territories[a].adjacent.push_back(b);
        map.borders.push_back({a, b});
        borders += a < b;
      }
    }
    if (ok && borders > kMaxBorders) {
      r_.error(
          "game.bad_map", list,
          "the map has " + std::to_string(borders) + " borders, more than " + std::to_string(kMaxBorders));
      ok = false;
    }
    return ok;
  }

  bool check_continents(const Json& list, RiskMap& map) {
    for (int t = 0; t < map.size(); ++t)
      map.continents[map.territories[t].continent].territories.push_back(t);
    bool ok = true;
    for (std::size_t c = 0; c < map.continents.size(); ++c) {
      if (map.continents[c].territories.empty()) {
        r_.error("game.bad_continent", list[c],
                 "the continent \"" + map.continents[c].id + "\" has no territory");
        ok = false;
      }
    }
    if (ok && map.total_bonus == 0) {
      r_.error("game.bad_continent", list, "every continent's bonus is 0",
               "give a continent a bonus: the value function shares out the bonuses");
      ok = false;
    }
    return ok;
  }

  bool check_connected(const Json& list, const RiskMap& map) {
    std::uint64_t reached = 1, frontier = 1;
    while (frontier) {
      std::uint64_t next = 0;
      for (int t = 0; t < map.size(); ++t) {
        if ((frontier >> t) & 1) next |= map.neighbours[t];
      }
      frontier = next & ~reached;
      reached |= next;
    }
    std::vector<std::string> cut;
    int first = -1;
    for (int t = 0; t < map.size(); ++t) {
      if ((reached >> t) & 1) continue;
      if (first < 0) first = t;
      cut.push_back(map.territories[t].id);
    }
    if (cut.empty()) return true;
    r_.error("game.disconnected_map", list[first],
             "no path of borders leads from \"" + map.territories[0].id + "\" to " + FileReader::join(cut),
             "every territory must be reachable: add a border");
    return false;
  }

  bool read_starts(const Json& starts, RiskMap& map) {
    if (!r_.object(starts, "\"starts\"")) return false;
    bool ok = true;
    for (const auto& member : starts.items()) {
      const std::string& key = member.key();
      int players = key.size() == 1 && key[0] >= '2' && key[0] <= '8' ? key[0] - '0' : 0;
      if (players == 0 || players > map.size()) {
        r_.error_at_key("game.bad_map", member.value(),
                        "\"" + key + "\" is not a number of players for a start",
                        "a start is keyed by its number of players, \"2\" to \"8\", at most the territories");
        ok = false;
        continue;
      }
      auto seat = [&](const Json& owner) -> int {
        auto s = whole(owner, r_, "game.bad_position", "a start's \"owner\" (a seat)", 1, players);
        return s ? *s - 1 : -1;
      };
      auto position = read_position(member.value(), map, players, r_, seat);
      if (!position) {
        ok = false;
        continue;
      }
      map.starts[players] = std::move(*position);
    }
    return ok;
  }

  FileReader& r_;
};

// The shipped maps, read once each.
struct Shipped {
  std::mutex mutex;
  std::map<std::string, std::shared_ptr<const RiskMap>, std::less<>> maps;
};

}  // namespace

bool valid_id(std::string_view id) {
  if (id.empty() || static_cast<int>(id.size()) > kMaxIdLength) return false;
  return std::all_of(id.begin(), id.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
  });
}

int RiskMap::find(std::string_view id) const {
  for (int t = 0; t < size(); ++t) {
    if (territories[t].id == id) return t;
  }
  return -1;
}

std::optional<Position> read_position(const Json& value, const RiskMap& map, int players, FileReader& r,
                                      const std::function<int(const Json&)>& owner_of) {
  if (!r.object(value, "a position")) return std::nullopt;
  const int n = map.size();
  Position position;
  position.owner.assign(n, -1);
  position.armies.assign(n, 0);
  std::vector<std::string> ids;
  for (const Territory& t : map.territories) ids.push_back(t.id);
  bool ok = true;
  for (const auto& member : value.items()) {
    const int t = map.find(member.key());
    if (t < 0) {
      std::string hint = did_you_mean(member.key(), ids);
      r.error_at_key("game.unknown_territory", member.value(),
                     "\"" + member.key() + "\" is not a territory of the map",
                     hint.empty() ? "the territories are " + FileReader::join(ids) : hint);
      ok = false;
      continue;
    }
    const Json& entry = member.value();
    if (!r.object(entry, "a territory's holder")) {
      ok = false;
      continue;
    }
    r.fields(entry, {"owner", "armies"}, "a territory's holder");
    const Json* owner = required(entry, "owner", "territory \"" + member.key() + "\"", r);
    const Json* armies = required(entry, "armies", "territory \"" + member.key() + "\"", r);
    if (!owner || !armies) {
      ok = false;
      continue;
    }
    const int i = owner_of(*owner);
    auto a = whole(*armies, r, "game.bad_position", "a territory's \"armies\"", 1, kMaxArmies);
    if (i < 0 || !a) {
      ok = false;
      continue;
    }
    position.owner[t] = i;
    position.armies[t] = *a;
  }
  if (!ok) return std::nullopt;
  std::vector<std::string> missing;
  for (int t = 0; t < n; ++t) {
    if (position.owner[t] < 0) missing.push_back(ids[t]);
  }
  if (!missing.empty()) {
    r.error("game.bad_position", value, "the position does not say who holds " + FileReader::join(missing),
            "a position gives every territory its owner and armies");
    return std::nullopt;
  }
  for (int i = 0; i < players; ++i) {
    if (std::find(position.owner.begin(), position.owner.end(), i) == position.owner.end()) {
      r.error("game.bad_position", value, "player " + std::to_string(i + 1) + " holds no territory",
              "every player starts with at least one territory");
      return std::nullopt;
    }
  }
  return position;
}

std::shared_ptr<const RiskMap> read_risk_map(const Json& value, FileReader& reader) {
  return MapReader(reader).read(value);
}

std::shared_ptr<const RiskMap> shipped_map(std::string_view name) {
  static Shipped shipped;
  std::lock_guard<std::mutex> lock(shipped.mutex);
  auto it = shipped.maps.find(name);
  if (it != shipped.maps.end()) return it->second;
  std::string_view text = shipped_map_text(name);
  if (text.empty()) return nullptr;
  SourceJson doc;
  Diagnostics diagnostics;
  std::shared_ptr<const RiskMap> map;
  if (doc.parse(text, &diagnostics)) {
    FileReader r(doc, &diagnostics);
    map = read_risk_map(doc.root(), r);
  }
  // A shipped map that does not read is a bug (tests/engine/risk_map_test.cc reads each).
  if (!map || !diagnostics.empty()) return nullptr;
  shipped.maps.emplace(std::string(name), map);
  return map;
}

}  // namespace motive::game::risk
