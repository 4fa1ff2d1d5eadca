#include <algorithm>
#include <cctype>
#include <sstream>

#include "core/diagnostics.h"
#include "game/diplomacy/orders.h"
#include "game/diplomacy/position_io.h"
#include "game/game.h"

namespace motive::game::diplomacy {

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::vector<std::string> words_of(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::string trim(std::string_view s) {
  std::size_t b = s.find_first_not_of(' '), e = s.find_last_not_of(' ');
  return b == std::string_view::npos ? std::string() : std::string(s.substr(b, e - b + 1));
}

std::vector<std::string> split(std::string_view s, std::string_view separator) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while (true) {
    std::size_t next = s.find(separator, at);
    out.push_back(trim(s.substr(at, next == std::string_view::npos ? std::string_view::npos : next - at)));
    if (next == std::string_view::npos) break;
    at = next + separator.size();
  }
  return out;
}

std::vector<std::string> power_names(const Map& map) {
  std::vector<std::string> names;
  for (const Power& p : map.powers) names.push_back(p.name);
  return names;
}

// The power named by an object member's key, or −1 after reporting it.
int power_of(const Map& map, const std::string& key, const Json& at, Problems& pr) {
  int power = map.find_power(key);
  if (power < 0) {
    std::string hint = did_you_mean(key, power_names(map));
    pr.error("game.unknown_power", at, "\"" + key + "\" is not a power of the map",
             hint.empty() ? "the powers are " + FileReader::join(power_names(map)) : hint);
  }
  return power;
}

// A unit's string: its type and location, checked against the map (a fleet inland, an army at sea, a
// fleet without its coast in a split-coast province, an army on a coast).
bool read_unit(const Map& map, const Json& at, UnitType* type, int* location, Problems& pr) {
  if (!at.is_string()) {
    pr.error("model.wrong_type", at, "a unit is a string such as \"A PAR\" or \"F STP/SC\"");
    return false;
  }
  const std::string text = at.get<std::string>();
  OrderError e;
  if (!parse_unit(map, text, type, location, &e)) {
    pr.error_in_string(
        e.message.find("province") != std::string::npos ? "game.unknown_province" : "game.bad_position", at,
        e.begin, e.end, e.message, e.hint);
    return false;
  }
  const int p = map.province_of(*location);
  const Province& province = map.provinces[p];
  if (*type == UnitType::kArmy && province.terrain == Terrain::kSea) {
    pr.error("game.bad_position", at, "an army cannot be at sea (" + province.id + ")");
    return false;
  }
  if (*type == UnitType::kFleet && province.terrain == Terrain::kLand) {
    pr.error("game.bad_position", at, "a fleet cannot be inland (" + province.id + " is land)");
    return false;
  }
  if (*type == UnitType::kFleet && province.coasts > 0 && *location == p) {
    std::string coasts;
    for (int c = province.first_coast; c < province.first_coast + province.coasts; ++c)
      coasts += (coasts.empty() ? "" : " or ") + map.locations[c].name;
    pr.error("game.bad_position", at, "a fleet in " + province.id + " is on one of its coasts: " + coasts);
    return false;
  }
  if (*type == UnitType::kArmy && *location != p) {
    pr.error("game.bad_position", at,
             "an army stands in a province, not on a coast: \"A " + province.id + "\"");
    return false;
  }
  return true;
}

const char* season_word(Season s) {
  return s == Season::kSpring ? "spring" : s == Season::kFall ? "fall" : "winter";
}

}  // namespace

std::string phase_code(const Phase& phase) {
  const char season = phase.season == Season::kSpring ? 'S' : phase.season == Season::kFall ? 'F' : 'W';
  const char type = phase.type == PhaseType::kMovement ? 'M' : phase.type == PhaseType::kRetreat ? 'R' : 'A';
  return std::string(1, season) + std::to_string(phase.year) + type;
}

std::string phase_words(const Phase& phase) {
  const char* type = phase.type == PhaseType::kMovement  ? "movement"
                     : phase.type == PhaseType::kRetreat ? "retreats"
                                                         : "adjustments";
  return std::string(season_word(phase.season)) + " " + std::to_string(phase.year) + " " + type;
}

bool parse_phase(const std::string& text, Phase* phase) {
  std::vector<std::string> words = words_of(lower(text));
  Phase p;
  auto year_of = [](const std::string& s, int* year) {
    if (s.empty() || s.size() > 4 ||
        !std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
      return false;
    *year = std::stoi(s);
    return *year >= 1;
  };
  if (words.size() == 1) {
    const std::string& w = words[0];
    if (w.size() < 3) return false;
    char s = w.front(), t = w.back();
    if (!year_of(w.substr(1, w.size() - 2), &p.year)) return false;
    if (s == 's') p.season = Season::kSpring;
    else if (s == 'f') p.season = Season::kFall;
    else if (s == 'w') p.season = Season::kWinter;
    else return false;
    if (t == 'm') p.type = PhaseType::kMovement;
    else if (t == 'r') p.type = PhaseType::kRetreat;
    else if (t == 'a' || t == 'b') p.type = PhaseType::kAdjustment;
    else return false;
  } else if (words.size() == 3) {
    const std::string &s = words[0], &t = words[2];
    if (s == "spring") p.season = Season::kSpring;
    else if (s == "fall" || s == "autumn") p.season = Season::kFall;
    else if (s == "winter") p.season = Season::kWinter;
    else return false;
    if (!year_of(words[1], &p.year)) return false;
    if (t == "movement" || t == "moves" || t == "movements") p.type = PhaseType::kMovement;
    else if (t == "retreat" || t == "retreats") p.type = PhaseType::kRetreat;
    else if (t == "adjustment" || t == "adjustments" || t == "builds") p.type = PhaseType::kAdjustment;
    else return false;
  } else {
    return false;
  }
  if ((p.season == Season::kWinter) != (p.type == PhaseType::kAdjustment)) return false;
  *phase = p;
  return true;
}

Phase next_phase(const Phase& phase) {
  Phase next = phase;
  if (phase.type == PhaseType::kMovement) {
    next.type = PhaseType::kRetreat;
  } else if (phase.season == Season::kSpring) {
    next.season = Season::kFall;
    next.type = PhaseType::kMovement;
  } else if (phase.season == Season::kFall) {
    next.season = Season::kWinter;
    next.type = PhaseType::kAdjustment;
  } else {
    next.season = Season::kSpring;
    next.type = PhaseType::kMovement;
    ++next.year;
  }
  return next;
}

std::bitset<kMaxLocations> retreat_options(const Map& map, const Position& after, UnitType type, int location,
                                           int attacker, bool convoyed,
                                           const std::bitset<kMaxProvinces>& standoffs) {
  std::bitset<kMaxLocations> out;
  auto open = [&](int q) { return !after.occupied(q) && !standoffs[q] && (q != attacker || convoyed); };
  if (type == UnitType::kArmy) {
    for (std::uint8_t q : map.provinces[map.province_of(location)].army) {
      if (open(q)) out.set(q);
    }
  } else {
    for (std::uint8_t l : map.locations[location].fleet) {
      if (open(map.province_of(l))) out.set(l);
    }
  }
  return out;
}

void count_units(const Position& position, int n, int* units, int* centres) {
  std::fill(units, units + kMaxPowers, 0);
  std::fill(centres, centres + kMaxPowers, 0);
  for (int p = 0; p < n; ++p) {
    if (position.power[p] != kNobody) ++units[position.power[p]];
    if (position.owner[p] != kNobody) ++centres[position.owner[p]];
  }
}

bool read_position(const Map& map, const Json& value, const Position& defaults, Problems& pr, Position* out) {
  const int before = pr.count();
  if (!value.is_object()) {
    pr.error("model.wrong_type", value, std::string("a position is an object, not ") + value.type_name(),
             "{\"phase\": \"S1901M\", \"units\": {\"austria\": [\"A VIE\", ...]}, \"centres\": {...}}");
    return false;
  }
  for (const auto& member : value.items()) {
    static const std::vector<std::string> kFields = {"phase", "units", "centres", "dislodged", "standoffs"};
    if (std::find(kFields.begin(), kFields.end(), member.key()) == kFields.end()) {
      std::string hint = did_you_mean(member.key(), kFields);
      pr.error("model.unknown_field", member.value(), "\"" + member.key() + "\" is not a field of a position",
               hint.empty() ? "the fields are " + FileReader::join(kFields) : hint);
    }
  }
  Position p;
  p.phase = defaults.phase;
  if (auto ph = value.find("phase"); ph != value.end()) {
    if (!ph->is_string() || !parse_phase(ph->get<std::string>(), &p.phase)) {
      pr.error(
          "game.bad_position", *ph, json_text(*ph) + " is not a phase",
          "a phase is \"S1901M\" or \"spring 1901 movement\" (spring and fall: movement or retreats; winter: "
          "adjustments)");
      return false;
    }
  }
  // Units.
  if (auto units = value.find("units"); units != value.end()) {
    if (!units->is_object()) {
      pr.error("model.wrong_type", *units, "\"units\" is an object {power: [\"A VIE\", ...]}");
      return false;
    }
    for (const auto& member : units->items()) {
      int power = power_of(map, member.key(), member.value(), pr);
      if (power < 0) continue;
      if (!member.value().is_array()) {
        pr.error("model.wrong_type", member.value(), "a power's units are a list (\"A VIE\", \"F TRI\")");
        continue;
      }
      if (member.value().size() > static_cast<std::size_t>(kMaxSlots)) {
        pr.error("game.bad_position", member.value(),
                 member.key() + " has " + std::to_string(member.value().size()) + " units: at most " +
                     std::to_string(kMaxSlots) + " per power");
        continue;
      }
      for (const Json& u : member.value()) {
        UnitType type;
        int location;
        if (!read_unit(map, u, &type, &location, pr)) continue;
        const int q = map.province_of(location);
        if (p.occupied(q)) {
          pr.error("game.bad_position", u,
                   "two units in " + map.provinces[q].id + ": a province holds one unit");
          continue;
        }
        p.power[q] = static_cast<std::int8_t>(power);
        p.type[q] = type;
        p.location[q] = static_cast<std::uint8_t>(location);
      }
    }
  } else {
    p.power = defaults.power;
    p.type = defaults.type;
    p.location = defaults.location;
  }
  // Centres.
  if (auto centres = value.find("centres"); centres != value.end()) {
    if (!centres->is_object()) {
      pr.error("model.wrong_type", *centres, "\"centres\" is an object {power: [\"VIE\", ...]}");
      return false;
    }
    for (const auto& member : centres->items()) {
      int power = power_of(map, member.key(), member.value(), pr);
      if (power < 0) continue;
      if (!member.value().is_array()) {
        pr.error("model.wrong_type", member.value(), "a power's centres are a list of provinces (\"VIE\")");
        continue;
      }
      for (const Json& c : member.value()) {
        int q = c.is_string() ? map.find_province(c.get<std::string>()) : -1;
        if (q < 0) {
          pr.error("game.unknown_province", c, json_text(c) + " is not a province of the map");
          continue;
        }
        if (!map.provinces[q].supply) {
          pr.error("game.bad_position", c, map.provinces[q].id + " is not a supply centre");
          continue;
        }
        if (p.owner[q] != kNobody) {
          pr.error("game.bad_position", c, map.provinces[q].id + " is owned twice");
          continue;
        }
        p.owner[q] = static_cast<std::int8_t>(power);
      }
    }
  } else {
    p.owner = defaults.owner;
  }
  if (pr.count() > before) return false;
  // Dislodged units and standoffs (retreat phases).
  std::bitset<kMaxProvinces> standoffs;
  if (auto s = value.find("standoffs"); s != value.end()) {
    if (p.phase.type != PhaseType::kRetreat) {
      pr.error("game.bad_position", *s, "standoffs matter only in a retreat phase");
      return false;
    }
    if (!s->is_array()) {
      pr.error("model.wrong_type", *s, "\"standoffs\" is a list of provinces");
      return false;
    }
    for (const Json& c : *s) {
      int q = c.is_string() ? map.find_province(c.get<std::string>()) : -1;
      if (q < 0) pr.error("game.unknown_province", c, json_text(c) + " is not a province of the map");
      else standoffs.set(q);
    }
  }
  if (auto d = value.find("dislodged"); d != value.end()) {
    if (p.phase.type != PhaseType::kRetreat) {
      pr.error("game.bad_position", *d,
               "dislodged units wait for their retreat: give a retreat phase (\"S1901R\")");
      return false;
    }
    if (!d->is_object()) {
      pr.error("model.wrong_type", *d, "\"dislodged\" is an object {power: [{\"unit\", \"from\"}, ...]}");
      return false;
    }
    std::bitset<kMaxProvinces> seen;
    for (const auto& member : d->items()) {
      int power = power_of(map, member.key(), member.value(), pr);
      if (power < 0) continue;
      if (!member.value().is_array()) {
        pr.error("model.wrong_type", member.value(),
                 "a power's dislodged units are a list of {\"unit\", \"from\"}");
        continue;
      }
      for (const Json& entry : member.value()) {
        if (!entry.is_object() || !entry.contains("unit") || !entry.contains("from")) {
          pr.error("game.bad_position", entry,
                   "a dislodged unit is {\"unit\": \"F TRI\", \"from\": \"VEN\"} (its attacker's province)",
                   "add \"convoyed\": true when the attacker came by convoy, \"retreats\" to list where it "
                   "may go");
          continue;
        }
        for (const auto& field : entry.items()) {
          if (field.key() != "unit" && field.key() != "from" && field.key() != "convoyed" &&
              field.key() != "retreats")
            pr.error("model.unknown_field", field.value(),
                     "\"" + field.key() + "\" is not a field of a dislodged unit",
                     "the fields are \"unit\", \"from\", \"convoyed\", \"retreats\"");
        }
        Dislodged dis;
        dis.power = static_cast<std::int8_t>(power);
        int location;
        if (!read_unit(map, entry["unit"], &dis.type, &location, pr)) continue;
        dis.location = static_cast<std::uint8_t>(location);
        const int q = map.province_of(location);
        if (seen[q]) {
          pr.error("game.bad_position", entry["unit"], "two dislodged units in " + map.provinces[q].id);
          continue;
        }
        seen.set(q);
        const Json& from = entry["from"];
        int attacker = from.is_string() ? map.find_province(from.get<std::string>()) : -1;
        if (attacker < 0) {
          pr.error("game.unknown_province", from, json_text(from) + " is not a province of the map");
          continue;
        }
        dis.attacker = static_cast<std::uint8_t>(attacker);
        if (auto c = entry.find("convoyed"); c != entry.end()) {
          if (!c->is_boolean()) pr.error("model.wrong_type", *c, "\"convoyed\" is true or false");
          else dis.convoyed = c->get<bool>();
        }
        if (auto r = entry.find("retreats"); r != entry.end()) {
          if (!r->is_array()) {
            pr.error("model.wrong_type", *r, "\"retreats\" is a list of provinces (or coasts)");
            continue;
          }
          const std::bitset<kMaxLocations> allowed =
              retreat_options(map, p, dis.type, location, -1, true, std::bitset<kMaxProvinces>());
          for (const Json& to : *r) {
            int l = to.is_string() ? map.find_location(to.get<std::string>()) : -1;
            if (l < 0) {
              pr.error("game.unknown_province", to,
                       json_text(to) + " is not a province (or coast) of the map");
              continue;
            }
            if (!allowed[l]) {
              pr.error("game.bad_position", to,
                       "the " + std::string(dis.type == UnitType::kArmy ? "army" : "fleet") + " in " +
                           map.provinces[q].id + " cannot retreat to " + map.locations[l].name +
                           " (not adjacent, or not empty)");
              continue;
            }
            dis.retreats.set(l);
          }
        } else {
          dis.retreats = retreat_options(map, p, dis.type, location, attacker, dis.convoyed, standoffs);
        }
        p.dislodged.push_back(dis);
      }
    }
    std::sort(p.dislodged.begin(), p.dislodged.end(), [&](const Dislodged& a, const Dislodged& b) {
      return map.province_of(a.location) < map.province_of(b.location);
    });
  }
  if (pr.count() > before) return false;
  *out = p;
  return true;
}

nlohmann::ordered_json position_json(const Map& map, const Position& position) {
  using nlohmann::ordered_json;
  ordered_json out;
  out["phase"] = phase_code(position.phase);
  ordered_json units = ordered_json::object(), centres = ordered_json::object();
  for (int i = 0; i < map.num_powers(); ++i) {
    ordered_json list = ordered_json::array(), owned = ordered_json::array();
    for (int q = 0; q < map.num_provinces(); ++q) {
      if (position.power[q] == i) list.push_back(unit_text(map, position.type[q], position.location[q]));
      if (position.owner[q] == i) owned.push_back(map.provinces[q].id);
    }
    units[map.powers[i].name] = list;
    centres[map.powers[i].name] = owned;
  }
  out["units"] = units;
  out["centres"] = centres;
  if (position.phase.type == PhaseType::kRetreat) {
    ordered_json dislodged = ordered_json::object();
    for (const Dislodged& d : position.dislodged) {
      ordered_json retreats = ordered_json::array();
      for (int l = 0; l < map.num_locations(); ++l) {
        if (d.retreats[l]) retreats.push_back(map.locations[l].name);
      }
      dislodged[map.powers[d.power].name].push_back({{"unit", unit_text(map, d.type, d.location)},
                                                     {"from", map.provinces[d.attacker].id},
                                                     {"convoyed", d.convoyed},
                                                     {"retreats", retreats}});
    }
    out["dislodged"] = dislodged;
  }
  return out;
}

std::string position_text(const Map& map, const Position& position, int move_number, bool over) {
  std::string out = phase_code(position.phase) + " " + std::to_string(move_number) + (over ? " end" : "");
  for (int i = 0; i < map.num_powers(); ++i) {
    std::string units, centres, dislodged;
    for (int q = 0; q < map.num_provinces(); ++q) {
      if (position.power[q] == i)
        units += (units.empty() ? "" : ", ") + unit_text(map, position.type[q], position.location[q]);
      if (position.owner[q] == i) centres += (centres.empty() ? "" : " ") + map.provinces[q].id;
    }
    for (const Dislodged& d : position.dislodged) {
      if (d.power != i) continue;
      dislodged += (dislodged.empty() ? "" : ", ") + unit_text(map, d.type, d.location) + " from " +
                   map.provinces[d.attacker].id + (d.convoyed ? " by convoy" : "") + " to";
      for (int l = 0; l < map.num_locations(); ++l) {
        if (d.retreats[l]) dislodged += " " + map.locations[l].name;
      }
    }
    if (units.empty() && centres.empty() && dislodged.empty()) continue;
    out += " | " + map.powers[i].name + ": " + units + "; " + centres;
    if (!dislodged.empty()) out += "; " + dislodged;
  }
  return out;
}

bool parse_position_text(const Map& map, std::string_view text, Position* out, int* move_number, bool* over,
                         std::string* error) {
  std::vector<std::string> parts = split(text, "|");
  std::vector<std::string> head = words_of(parts[0]);
  Position p;
  if (head.empty() || head.size() > 3 || !parse_phase(head[0], &p.phase)) {
    *error = "a Diplomacy state starts with its phase (\"S1901M\"), its move number and \"|\"";
    return false;
  }
  *move_number = 0;
  if (head.size() >= 2) {
    const std::string& m = head[1];
    if (m.empty() || m.size() > 6 || !std::all_of(m.begin(), m.end(), [](char c) {
          return std::isdigit(static_cast<unsigned char>(c));
        })) {
      *error = "\"" + m + "\" is not a move number";
      return false;
    }
    *move_number = std::stoi(m);
  }
  *over = head.size() == 3 && head[2] == "end";
  if (head.size() == 3 && !*over) {
    *error = "unexpected \"" + head[2] + "\" after the move number";
    return false;
  }
  std::bitset<kMaxPowers> seen_power;
  for (std::size_t k = 1; k < parts.size(); ++k) {
    const std::string& part = parts[k];
    std::size_t colon = part.find(':');
    int power = colon == std::string::npos ? -1 : map.find_power(trim(part.substr(0, colon)));
    if (power < 0) {
      *error = "\"" + part.substr(0, std::min(colon, part.size())) + "\" is not a power of the map";
      return false;
    }
    if (seen_power[power]) {
      *error = map.powers[power].name + " is listed twice";
      return false;
    }
    seen_power.set(power);
    std::vector<std::string> fields = split(std::string_view(part).substr(colon + 1), ";");
    if (fields.size() < 2 || fields.size() > 3) {
      *error =
          map.powers[power].name + ": give its units, \";\", its centres (and \";\", its dislodged units)";
      return false;
    }
    const std::vector<std::string> unit_texts = split(fields[0], ",");
    if (unit_texts.size() > static_cast<std::size_t>(kMaxSlots)) {
      *error = map.powers[power].name + " has more than " + std::to_string(kMaxSlots) + " units";
      return false;
    }
    for (const std::string& u : unit_texts) {
      if (u.empty()) continue;
      UnitType type;
      int location;
      OrderError e;
      if (!parse_unit(map, u, &type, &location, &e)) {
        *error = "\"" + u + "\": " + e.message;
        return false;
      }
      const int q = map.province_of(location);
      if (p.occupied(q)) {
        *error = "two units in " + map.provinces[q].id;
        return false;
      }
      const bool army = type == UnitType::kArmy;
      if ((army && (map.is_sea(q) || location != q)) ||
          (!army && (map.is_land(q) || (map.split(q) && location == q)))) {
        *error = "\"" + u + "\" cannot stand there";
        return false;
      }
      p.power[q] = static_cast<std::int8_t>(power);
      p.type[q] = type;
      p.location[q] = static_cast<std::uint8_t>(location);
    }
    for (const std::string& c : words_of(fields[1])) {
      int q = map.find_province(c);
      if (q < 0 || !map.provinces[q].supply || p.owner[q] != kNobody) {
        *error = "\"" + c + "\" is not a supply centre (or is owned twice)";
        return false;
      }
      p.owner[q] = static_cast<std::int8_t>(power);
    }
    if (fields.size() == 3) {
      if (p.phase.type != PhaseType::kRetreat) {
        *error = "dislodged units outside a retreat phase";
        return false;
      }
      const std::vector<std::string> entries = split(fields[2], ",");
      if (entries.size() > static_cast<std::size_t>(kMaxSlots)) {
        *error = map.powers[power].name + " has more than " + std::to_string(kMaxSlots) + " dislodged units";
        return false;
      }
      for (const std::string& entry : entries) {
        std::vector<std::string> w = words_of(entry);
        Dislodged d;
        d.power = static_cast<std::int8_t>(power);
        int location, attacker;
        OrderError e;
        std::size_t at = 4;
        bool ok = w.size() >= 5 && parse_unit(map, w[0] + " " + w[1], &d.type, &location, &e) &&
                  w[2] == "from" && (attacker = map.find_province(w[3])) >= 0;
        if (ok && w[4] == "by") {
          ok = w.size() >= 7 && w[5] == "convoy";
          d.convoyed = true;
          at = 6;
        }
        ok = ok && w[at] == "to";
        if (!ok) {
          *error = "\"" + entry + "\" is not a dislodged unit (\"F TRI from VEN to ALB ADR\")";
          return false;
        }
        d.location = static_cast<std::uint8_t>(location);
        d.attacker = static_cast<std::uint8_t>(attacker);
        for (std::size_t k2 = at + 1; k2 < w.size(); ++k2) {
          int l = map.find_location(w[k2]);
          if (l < 0) {
            *error = "\"" + w[k2] + "\" is not a province or coast of the map";
            return false;
          }
          d.retreats.set(l);
        }
        p.dislodged.push_back(d);
      }
    }
  }
  std::sort(p.dislodged.begin(), p.dislodged.end(), [&](const Dislodged& a, const Dislodged& b) {
    return map.province_of(a.location) < map.province_of(b.location);
  });
  *out = p;
  return true;
}

}  // namespace motive::game::diplomacy
