#include "game/diplomacy/map.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <mutex>

#include "core/diagnostics.h"
#include "game/diplomacy/position_io.h"
#include "game/game.h"

namespace motive::game::diplomacy {

namespace {

std::string upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

bool equal_nocase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::toupper(static_cast<unsigned char>(a[i])) != std::toupper(static_cast<unsigned char>(b[i])))
      return false;
  }
  return true;
}

// Words of the order notation that cannot be a province's id (the parser would not know which is meant).
bool reserved_word(const std::string& id) {
  static const char* const kWords[] = {"VIA",     "HOLD",    "HOLDS",    "WAIVE",  "BUILD",   "REMOVE",
                                       "DISBAND", "SUPPORT", "SUPPORTS", "CONVOY", "CONVOYS", "RETREAT",
                                       "ARMY",    "FLEET",   "MOVE",     "MOVES",  "TO",      "BY"};
  return std::any_of(std::begin(kWords), std::end(kWords), [&](const char* w) { return id == w; });
}

bool valid_id(const std::string& id) {
  if (id.size() < 2 || id.size() > 5 || !std::isalpha(static_cast<unsigned char>(id[0]))) return false;
  return std::all_of(id.begin(), id.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)); });
}

bool valid_coast(const std::string& coast) {
  return !coast.empty() && coast.size() <= 3 && std::all_of(coast.begin(), coast.end(), [](char c) {
    return std::isalpha(static_cast<unsigned char>(c));
  });
}

bool valid_power_name(const std::string& name) {
  if (name.empty() || name.size() > 32) return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) ||
           c == '_' || c == '-';
  });
}

const char* terrain_word(Terrain t) {
  return t == Terrain::kLand ? "land" : t == Terrain::kCoast ? "a coast" : "a sea";
}

// Reads a coordinate in [0, limit].
bool read_coordinate(const Json& object, const char* field, double limit, double* out, Problems& pr,
                     const std::string& what) {
  auto it = object.find(field);
  if (it == object.end()) {
    pr.error("game.bad_map", object, what + " has no \"" + field + "\"",
             "give the coordinates of its label for drawing: \"x\" and \"y\" on the map's canvas");
    return false;
  }
  if (!it->is_number() || !std::isfinite(it->get<double>()) || it->get<double>() < 0 ||
      it->get<double>() > limit) {
    pr.error("game.bad_map", *it,
             std::string("\"") + field + "\" is a number from 0 to " + json_text(nlohmann::json(limit)) +
                 " (the map's " + (std::string(field) == "x" ? "width" : "height") + ")");
    return false;
  }
  *out = it->get<double>();
  return true;
}

void unknown_fields(const Json& object, const std::vector<std::string>& known, const std::string& what,
                    Problems& pr) {
  for (const auto& member : object.items()) {
    if (std::find(known.begin(), known.end(), member.key()) != known.end()) continue;
    std::string hint = did_you_mean(member.key(), known);
    pr.error("model.unknown_field", member.value(), "\"" + member.key() + "\" is not a field of " + what,
             hint.empty() ? "the fields are " + FileReader::join(known) : hint);
  }
}

}  // namespace

bool Map::fleet_adjacent(int from, int to) const {
  const auto& list = locations[from].fleet;
  return std::find(list.begin(), list.end(), static_cast<std::uint8_t>(to)) != list.end();
}

int Map::find_province(std::string_view id) const {
  for (int p = 0; p < num_provinces(); ++p) {
    if (equal_nocase(provinces[p].id, id)) return p;
    for (const std::string& alias : provinces[p].aliases) {
      if (equal_nocase(alias, id)) return p;
    }
  }
  return -1;
}

int Map::find_coast(int province, std::string_view coast) const {
  const Province& p = provinces[province];
  for (int c = p.first_coast; c < p.first_coast + p.coasts; ++c) {
    if (equal_nocase(locations[c].coast, coast)) return c;
  }
  return -1;
}

int Map::find_location(std::string_view text) const {
  std::size_t slash = text.find('/');
  int p = find_province(text.substr(0, slash));
  if (p < 0) return -1;
  if (slash == std::string_view::npos) return p;
  return find_coast(p, text.substr(slash + 1));
}

int Map::find_power(std::string_view text) const {
  for (int i = 0; i < num_powers(); ++i) {
    if (equal_nocase(powers[i].name, text)) return i;
  }
  return -1;
}

void Map::prepare() {
  const int n = num_provinces();
  // Adjacency lists in province (location) order: the legal orders follow it.
  for (Province& p : provinces) std::sort(p.army.begin(), p.army.end());
  for (Location& l : locations) std::sort(l.fleet.begin(), l.fleet.end());
  army_.assign(static_cast<std::size_t>(kMaxProvinces) * kMaxProvinces, false);
  fleet_reach_.assign(static_cast<std::size_t>(kMaxLocations) * kMaxProvinces, false);
  distance_.assign(static_cast<std::size_t>(kMaxProvinces) * kMaxProvinces, 255);
  centres_ = 0;
  for (int p = 0; p < n; ++p) {
    centres_ += provinces[p].supply;
    for (std::uint8_t q : provinces[p].army) army_[p * kMaxProvinces + q] = true;
  }
  for (int l = 0; l < num_locations(); ++l) {
    for (std::uint8_t m : locations[l].fleet) fleet_reach_[l * kMaxProvinces + province_of(m)] = true;
  }
  // Distances: breadth-first from every province over armies' and fleets' adjacency alike.
  std::vector<std::vector<int>> next(n);
  for (int p = 0; p < n; ++p) {
    for (std::uint8_t q : provinces[p].army) next[p].push_back(q);
  }
  for (int l = 0; l < num_locations(); ++l) {
    for (std::uint8_t m : locations[l].fleet) next[province_of(l)].push_back(province_of(m));
  }
  std::vector<int> queue(n);
  for (int s = 0; s < n; ++s) {
    std::uint8_t* row = &distance_[s * kMaxProvinces];
    row[s] = 0;
    int head = 0, tail = 0;
    queue[tail++] = s;
    while (head < tail) {
      int p = queue[head++];
      for (int q : next[p]) {
        if (row[q] != 255) continue;
        row[q] = static_cast<std::uint8_t>(std::min(254, row[p] + 1));
        queue[tail++] = q;
      }
    }
  }
}

namespace {

// The first pass over one province: what it is and where it is drawn; its coasts come after.
bool read_province(Map& map, const Json& entry, Problems& pr) {
  if (!entry.is_object()) {
    pr.error("model.wrong_type", entry, "a province is an object {\"id\", \"name\", \"type\", ...}");
    return false;
  }
  unknown_fields(entry,
                 {"id", "name", "type", "supply", "home", "x", "y", "aliases", "army", "fleet", "coasts"},
                 "a province", pr);
  Province p;
  auto id = entry.find("id");
  if (id == entry.end() || !id->is_string()) {
    pr.error("game.bad_map", id == entry.end() ? entry : *id, "a province needs an \"id\" (\"PAR\")");
    return false;
  }
  p.id = upper(id->get<std::string>());
  const std::string what = "province " + p.id;
  if (!valid_id(p.id) || reserved_word(p.id)) {
    pr.error(
        "game.bad_map", *id,
        "\"" + id->get<std::string>() + "\" is not a province id: 2 to 5 letters or digits, a letter first",
        reserved_word(p.id) ? "it is a word of the order notation" : "the standard map's ids have three");
  }
  if (map.find_province(p.id) >= 0) pr.error("game.bad_map", *id, "two provinces are \"" + p.id + "\"");
  p.name = p.id;
  if (auto name = entry.find("name"); name != entry.end()) {
    if (name->is_string()) p.name = name->get<std::string>();
    else pr.error("model.wrong_type", *name, "a province's \"name\" is a string");
  }
  auto type = entry.find("type");
  std::string t = type != entry.end() && type->is_string() ? type->get<std::string>() : "";
  if (t == "land") p.terrain = Terrain::kLand;
  else if (t == "coast") p.terrain = Terrain::kCoast;
  else if (t == "sea") p.terrain = Terrain::kSea;
  else
    pr.error("game.bad_map", type == entry.end() ? entry : *type,
             what + ": \"type\" is \"land\", \"coast\" or \"sea\"");
  if (auto s = entry.find("supply"); s != entry.end()) {
    if (s->is_boolean()) p.supply = s->get<bool>();
    else pr.error("model.wrong_type", *s, "\"supply\" is true or false");
  }
  if (p.supply && p.terrain == Terrain::kSea) {
    pr.error("game.bad_centre", entry, what + " is a sea: it cannot be a supply centre");
  }
  if (auto h = entry.find("home"); h != entry.end()) {
    int power = h->is_string() ? map.find_power(h->get<std::string>()) : -1;
    if (power < 0) {
      std::vector<std::string> names;
      for (const Power& pw : map.powers) names.push_back(pw.name);
      std::string hint = did_you_mean(h->is_string() ? h->get<std::string>() : "", names);
      pr.error("game.unknown_power", *h, json_text(*h) + " is not a power of the map",
               hint.empty() ? "the powers are " + FileReader::join(names) : hint);
    } else if (!p.supply) {
      pr.error("game.bad_centre", *h,
               what + " is the home of " + map.powers[power].name + " but not a supply centre",
               "a home centre is a supply centre: add \"supply\": true");
    }
    p.home = power;
  }
  if (auto a = entry.find("aliases"); a != entry.end()) {
    if (!a->is_array()) {
      pr.error("model.wrong_type", *a, "\"aliases\" is a list of ids");
    } else {
      for (const Json& alias : *a) {
        std::string s = alias.is_string() ? upper(alias.get<std::string>()) : "";
        if (!valid_id(s) || reserved_word(s) || map.find_province(s) >= 0 || s == p.id) {
          pr.error("game.bad_map", alias,
                   "an alias is an id (2 to 5 letters or digits) no other province has");
          continue;
        }
        p.aliases.push_back(s);
      }
    }
  }
  Location own;
  own.province = map.num_provinces();
  own.name = p.id;
  read_coordinate(entry, "x", map.width, &own.x, pr, what);
  read_coordinate(entry, "y", map.height, &own.y, pr, what);
  if (auto c = entry.find("coasts"); c != entry.end()) {
    if (p.terrain != Terrain::kCoast) {
      pr.error("game.bad_map", *c,
               what + " is " + terrain_word(p.terrain) + ": only a coast has split coasts");
    } else if (!c->is_object() || c->size() < 2) {
      pr.error("game.bad_map", *c,
               what + ": \"coasts\" names two or more coasts ({\"NC\": {...}, \"SC\": {...}})",
               "a province with one coast lists its fleet moves in \"fleet\"");
    } else if (entry.contains("fleet")) {
      pr.error("game.bad_map", entry["fleet"],
               what + " has split coasts: list each coast's fleet moves under \"coasts\", not \"fleet\"");
    }
  }
  map.provinces.push_back(p);
  map.locations.push_back(own);
  return true;
}

// The split coasts of province `p` (its JSON `entry`), as locations after every province's own.
bool read_coasts(Map& map, int p, const Json& entry, Problems& pr) {
  auto c = entry.find("coasts");
  if (c == entry.end()) return true;
  map.provinces[p].first_coast = map.num_locations();
  for (const auto& member : c->items()) {
    std::string coast = upper(member.key());
    if (!valid_coast(coast)) {
      pr.error("game.bad_map", member.value(),
               "\"" + member.key() + "\" is not a coast's name: 1 to 3 letters (\"NC\")");
      continue;
    }
    if (!member.value().is_object()) {
      pr.error("model.wrong_type", member.value(), "a coast is {\"x\", \"y\", \"fleet\": [...]}");
      continue;
    }
    unknown_fields(member.value(), {"x", "y", "fleet"}, "a coast", pr);
    if (map.num_locations() >= kMaxLocations) {
      pr.error("game.bad_map", member.value(),
               "a map has at most " + std::to_string(kMaxLocations) + " provinces and coasts together");
      return false;
    }
    Location loc;
    loc.province = p;
    loc.coast = coast;
    loc.name = map.provinces[p].id + "/" + coast;
    read_coordinate(member.value(), "x", map.width, &loc.x, pr, "coast " + loc.name);
    read_coordinate(member.value(), "y", map.height, &loc.y, pr, "coast " + loc.name);
    map.locations.push_back(loc);
    ++map.provinces[p].coasts;
  }
  return true;
}

struct Edge {
  int from, to;
  const Json* at;
};

// An adjacency list (`list`) of location `from`: province ids for armies, locations for fleets.
void read_adjacency(const Map& map, const Json& list, int from, bool fleet, const std::string& what,
                    std::vector<Edge>* edges, Problems& pr) {
  if (!list.is_array()) {
    pr.error("model.wrong_type", list,
             what + ": \"" + (fleet ? "fleet" : "army") + "\" is a list of " +
                 (fleet ? "provinces and coasts" : "provinces"));
    return;
  }
  const int n = map.num_provinces();
  for (const Json& name : list) {
    std::string s = name.is_string() ? name.get<std::string>() : json_text(name);
    int province = map.find_province(s.substr(0, s.find('/')));
    if (province < 0) {
      std::vector<std::string> ids;
      for (const Province& p : map.provinces) ids.push_back(p.id);
      pr.error("game.unknown_province", name, what + " lists \"" + s + "\", which is not a province",
               did_you_mean(upper(s), ids));
      continue;
    }
    if (!fleet && s.find('/') != std::string::npos) {
      pr.error("game.bad_adjacency", name,
               what + ": armies move between provinces, not coasts (\"" + s + "\")");
      continue;
    }
    int to = fleet ? map.find_location(s) : province;
    if (to < 0) {
      pr.error("game.unknown_province", name,
               what + " lists \"" + s + "\": " + map.provinces[province].id + " has no such coast");
      continue;
    }
    const Province& target = map.provinces[province];
    if (fleet && target.terrain == Terrain::kLand) {
      pr.error(
          "game.bad_adjacency", name,
          what + " lists a fleet move to " + target.id + ", which is land: a fleet cannot go through land");
      continue;
    }
    if (!fleet && target.terrain == Terrain::kSea) {
      pr.error("game.bad_adjacency", name, what + " lists an army move to " + target.id + ", which is a sea");
      continue;
    }
    if (fleet && target.coasts > 0 && to < n) {
      pr.error("game.bad_adjacency", name,
               what + ": " + target.id + " has split coasts: name the coast a fleet reaches (\"" + target.id +
                   "/" + map.locations[target.first_coast].coast + "\")");
      continue;
    }
    if (province == map.province_of(from)) {
      pr.error("game.bad_adjacency", name, what + " lists itself");
      continue;
    }
    edges->push_back({from, to, &name});
  }
}

}  // namespace

std::shared_ptr<const Map> read_map(const Json& v, Problems& pr) {
  const int before = pr.count();
  if (!v.is_object()) {
    pr.error("model.wrong_type", v, std::string("a map must be an object, not ") + v.type_name(),
             "or name a shipped map: \"standard\" or \"teaching\"");
    return nullptr;
  }
  unknown_fields(v, {"name", "description", "width", "height", "victory", "powers", "provinces", "start"},
                 "a map", pr);
  auto map = std::make_shared<Map>();
  if (auto it = v.find("name"); it != v.end()) {
    if (it->is_string()) map->name = it->get<std::string>();
    else pr.error("model.wrong_type", *it, "a map's \"name\" is a string");
  }
  for (const char* field : {"width", "height"}) {
    auto it = v.find(field);
    if (it == v.end()) continue;
    if (!it->is_number() || !(it->get<double>() >= 1 && it->get<double>() <= 100000)) {
      pr.error("game.bad_map", *it, std::string("\"") + field + "\" is a number from 1 to 100000");
      continue;
    }
    (std::string(field) == "width" ? map->width : map->height) = it->get<double>();
  }

  auto powers = v.find("powers");
  if (powers == v.end() || !powers->is_array() || powers->empty() || powers->size() > kMaxPowers) {
    pr.error("game.bad_map", powers == v.end() ? v : *powers,
             "a map lists its powers: \"powers\", 1 to " + std::to_string(kMaxPowers) + " of them",
             "each is {\"name\": \"austria\", \"colour\": \"#c8382f\"}");
    return nullptr;
  }
  for (const Json& entry : *powers) {
    if (!entry.is_object() || !entry.contains("name") || !entry["name"].is_string()) {
      pr.error("game.bad_map", entry, "a power is {\"name\": ..., \"colour\": ...}");
      continue;
    }
    unknown_fields(entry, {"name", "colour"}, "a power", pr);
    Power power;
    power.name = entry["name"].get<std::string>();
    if (!valid_power_name(power.name)) {
      pr.error("game.bad_map", entry["name"],
               "\"" + power.name + "\" is not a power's name: lower-case letters, digits, '_' or '-'");
    }
    if (map->find_power(power.name) >= 0) {
      pr.error("game.bad_map", entry["name"], "two powers are named \"" + power.name + "\"");
    }
    power.colour = "#888888";
    if (auto c = entry.find("colour"); c != entry.end()) {
      if (c->is_string()) power.colour = c->get<std::string>();
      else pr.error("model.wrong_type", *c, "a power's \"colour\" is a string (\"#c8382f\")");
    }
    map->powers.push_back(power);
  }

  auto provinces = v.find("provinces");
  if (provinces == v.end() || !provinces->is_array() || provinces->empty() ||
      provinces->size() > static_cast<std::size_t>(kMaxProvinces)) {
    pr.error("game.bad_map", provinces == v.end() ? v : *provinces,
             "a map lists its provinces: \"provinces\", 1 to " + std::to_string(kMaxProvinces) + " of them");
    return nullptr;
  }
  if (pr.count() > before) return nullptr;
  for (const Json& entry : *provinces) {
    if (!read_province(*map, entry, pr)) return nullptr;
  }
  if (pr.count() > before) return nullptr;
  const int n = map->num_provinces();
  for (int p = 0; p < n; ++p) {
    if (!read_coasts(*map, p, (*provinces)[static_cast<std::size_t>(p)], pr)) return nullptr;
  }
  if (pr.count() > before) return nullptr;

  // The adjacencies, by name, then both ways.
  std::vector<Edge> army_edges, fleet_edges;
  for (int p = 0; p < n; ++p) {
    const Json& entry = (*provinces)[static_cast<std::size_t>(p)];
    const Province& province = map->provinces[p];
    const std::string what = "province " + province.id;
    if (auto a = entry.find("army"); a != entry.end()) {
      if (province.terrain == Terrain::kSea) {
        pr.error("game.bad_adjacency", *a, what + " is a sea: armies do not move there");
      } else {
        read_adjacency(*map, *a, p, false, what, &army_edges, pr);
      }
    }
    if (auto f = entry.find("fleet"); f != entry.end()) {
      if (province.terrain == Terrain::kLand) {
        pr.error("game.bad_adjacency", *f, what + " is land: fleets do not move there");
      } else {
        read_adjacency(*map, *f, p, true, what, &fleet_edges, pr);
      }
    }
    if (auto c = entry.find("coasts"); c != entry.end() && c->is_object()) {
      int loc = province.first_coast;
      for (const auto& member : c->items()) {
        if (auto f = member.value().find("fleet"); f != member.value().end()) {
          read_adjacency(*map, *f, loc, true, "coast " + map->locations[loc].name, &fleet_edges, pr);
        }
        ++loc;
      }
    }
  }
  if (pr.count() > before) return nullptr;
  for (const Edge& e : army_edges) {
    auto& list = map->provinces[e.from].army;
    if (std::find(list.begin(), list.end(), e.to) != list.end()) {
      pr.error("game.bad_adjacency", *e.at,
               "province " + map->provinces[e.from].id + " lists " + map->provinces[e.to].id + " twice");
      continue;
    }
    list.push_back(static_cast<std::uint8_t>(e.to));
  }
  for (const Edge& e : fleet_edges) {
    auto& list = map->locations[e.from].fleet;
    if (std::find(list.begin(), list.end(), e.to) != list.end()) {
      pr.error("game.bad_adjacency", *e.at,
               map->locations[e.from].name + " lists " + map->locations[e.to].name + " twice");
      continue;
    }
    list.push_back(static_cast<std::uint8_t>(e.to));
  }
  for (const Edge& e : army_edges) {
    const auto& back = map->provinces[e.to].army;
    if (std::find(back.begin(), back.end(), e.from) == back.end()) {
      pr.error("game.bad_adjacency", *e.at,
               "province " + map->provinces[e.from].id + " lists an army move to " + map->provinces[e.to].id +
                   ", but " + map->provinces[e.to].id + " does not list " + map->provinces[e.from].id,
               "adjacency goes both ways: list it on both provinces");
    }
  }
  for (const Edge& e : fleet_edges) {
    const auto& back = map->locations[e.to].fleet;
    if (std::find(back.begin(), back.end(), e.from) == back.end()) {
      pr.error("game.bad_adjacency", *e.at,
               map->locations[e.from].name + " lists a fleet move to " + map->locations[e.to].name +
                   ", but " + map->locations[e.to].name + " does not list " + map->locations[e.from].name,
               "adjacency goes both ways: list it on both");
    }
  }
  if (pr.count() > before) return nullptr;
  map->prepare();
  if (map->num_centres() == 0) {
    pr.error("game.bad_centre", *provinces, "the map has no supply centre");
    return nullptr;
  }
  // A power's build slots are its home centres: at most kMaxSlots (an action's sub-actions).
  for (int i = 0; i < map->num_powers(); ++i) {
    int homes = 0;
    for (const Province& p : map->provinces) homes += p.home == i;
    if (homes > kMaxSlots) {
      pr.error("game.bad_centre", *provinces,
               map->powers[i].name + " has " + std::to_string(homes) + " home centres: at most " +
                   std::to_string(kMaxSlots));
      return nullptr;
    }
  }
  map->victory = map->num_centres() / 2 + 1;
  if (auto vic = v.find("victory"); vic != v.end()) {
    if (!vic->is_number() || vic->get<double>() != std::floor(vic->get<double>()) || vic->get<double>() < 1 ||
        vic->get<double>() > map->num_centres()) {
      pr.error(
          "game.bad_map", *vic,
          "\"victory\" is a whole number of supply centres from 1 to " + std::to_string(map->num_centres()));
      return nullptr;
    }
    map->victory = static_cast<int>(vic->get<double>());
  }
  // The start: by default nobody's units and each home centre its power's, in spring 1901.
  map->start.clear();
  for (int p = 0; p < n; ++p) map->start.owner[p] = static_cast<std::int8_t>(map->provinces[p].home);
  if (auto s = v.find("start"); s != v.end()) {
    Position start;
    if (!read_position(*map, *s, map->start, pr, &start)) return nullptr;
    map->start = start;
  }
  return map;
}

std::shared_ptr<const Map> builtin_map(std::string_view name) {
  struct Shipped {
    const char* name;
    const char* (*text)();
    std::once_flag once;
    std::shared_ptr<const Map> map;
  };
  static Shipped shipped[] = {{"standard", &standard_map_json, {}, nullptr},
                              {"teaching", &teaching_map_json, {}, nullptr}};
  for (Shipped& s : shipped) {
    if (name != s.name) continue;
    std::call_once(s.once, [&s] {
      SourceJson doc;
      Diagnostics diagnostics;
      if (!doc.parse(s.text(), &diagnostics)) return;
      FileReader reader(doc, &diagnostics);
      FileProblems problems(reader);
      s.map = read_map(doc.root(), problems);
    });
    return s.map;
  }
  return nullptr;
}

std::vector<std::string> builtin_map_names() { return {"standard", "teaching"}; }

}  // namespace motive::game::diplomacy
