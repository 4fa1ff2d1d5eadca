#include "game/diplomacy/orders.h"

#include <cctype>
#include <vector>

#include "core/diagnostics.h"

namespace motive::game::diplomacy {

namespace {

struct Token {
  std::string text;  // upper case
  std::size_t begin = 0, end = 0;
};

// Splits at white space; '-' (and "->") is a token of its own even when written against its neighbours
// ("PAR-BUR").
std::vector<Token> tokenize(std::string_view text) {
  std::vector<Token> out;
  std::size_t i = 0;
  while (i < text.size()) {
    if (std::isspace(static_cast<unsigned char>(text[i]))) {
      ++i;
      continue;
    }
    if (text[i] == '-') {
      std::size_t end = i + 1 < text.size() && text[i + 1] == '>' ? i + 2 : i + 1;
      out.push_back({"-", i, end});
      i = end;
      continue;
    }
    Token t;
    t.begin = i;
    while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i])) && text[i] != '-') {
      t.text += static_cast<char>(std::toupper(static_cast<unsigned char>(text[i])));
      ++i;
    }
    t.end = i;
    out.push_back(t);
  }
  return out;
}

bool is_any(const std::string& s, std::initializer_list<const char*> words) {
  for (const char* w : words) {
    if (s == w) return true;
  }
  return false;
}

bool unit_type_word(const std::string& s, UnitType* type) {
  if (s == "A" || s == "ARMY") {
    *type = UnitType::kArmy;
    return true;
  }
  if (s == "F" || s == "FLEET") {
    *type = UnitType::kFleet;
    return true;
  }
  return false;
}

class Parser {
 public:
  Parser(const Map& map, std::string_view text, OrderError* error)
      : map_(map), text_(text), tokens_(tokenize(text)), error_(error) {}

  std::optional<Order> order() {
    if (tokens_.empty()) return fail(0, text_.size(), "an empty order", "write one such as \"A PAR - BUR\"");
    Order o;
    const std::string& first = tokens_[0].text;
    if (first == "WAIVE") {
      o.type = OrderType::kWaive;
      at_ = 1;
      return end(o);
    }
    if (is_any(first, {"BUILD", "REMOVE"})) {
      o.type = first == "BUILD" ? OrderType::kBuild : OrderType::kDisband;
      at_ = 1;
      if (!unit(&o.unit, &o.location)) return std::nullopt;
      return end(o);
    }
    if (!unit(&o.unit, &o.location)) return std::nullopt;
    if (at_ == tokens_.size()) return o;  // "A PAR": a hold
    const Token& verb = tokens_[at_++];
    if (is_any(verb.text, {"H", "HOLD", "HOLDS"})) {
      o.type = OrderType::kHold;
    } else if (verb.text == "-") {
      o.type = OrderType::kMove;
      int to;
      if (!location("a destination", &to)) return std::nullopt;
      o.target = static_cast<std::uint8_t>(to);
      if (at_ < tokens_.size() && is_any(tokens_[at_].text, {"VIA", "BY"})) {
        ++at_;
        if (at_ == tokens_.size() || !is_any(tokens_[at_].text, {"C", "CONVOY"})) {
          const Token& t = tokens_[at_ - 1];
          return fail(t.begin, t.end, "\"" + t.text + "\" is followed by \"C\" (\"VIA C\": by convoy)");
        }
        ++at_;
        o.via_convoy = true;
      }
    } else if (is_any(verb.text, {"S", "SUPPORT", "SUPPORTS"})) {
      o.type = OrderType::kSupport;
      if (!other(&o)) return std::nullopt;
      if (at_ < tokens_.size() && is_any(tokens_[at_].text, {"H", "HOLD", "HOLDS"})) {
        ++at_;
      } else if (at_ < tokens_.size() && tokens_[at_].text == "-") {
        ++at_;
        int to;
        if (!location("the supported move's destination", &to)) return std::nullopt;
        o.target = static_cast<std::uint8_t>(to);
      }
    } else if (is_any(verb.text, {"C", "CONVOY", "CONVOYS"})) {
      o.type = OrderType::kConvoy;
      if (!other(&o)) return std::nullopt;
      if (at_ == tokens_.size() || tokens_[at_].text != "-") {
        return fail(tokens_[at_ - 1].end, tokens_[at_ - 1].end,
                    "a convoy names the army's move: \"- PROVINCE\"", "\"F NTH C A LON - NWY\"");
      }
      ++at_;
      int to;
      if (!location("the convoyed army's destination", &to)) return std::nullopt;
      o.target = static_cast<std::uint8_t>(to);
    } else if (is_any(verb.text, {"R", "RETREAT", "RETREATS"})) {
      o.type = OrderType::kRetreat;
      if (at_ < tokens_.size() && tokens_[at_].text == "-") ++at_;
      int to;
      if (!location("where it retreats", &to)) return std::nullopt;
      o.target = static_cast<std::uint8_t>(to);
    } else if (is_any(verb.text, {"D", "DISBAND", "DISBANDS", "REMOVE"})) {
      o.type = OrderType::kDisband;
    } else if (is_any(verb.text, {"B", "BUILD"})) {
      o.type = OrderType::kBuild;
    } else {
      return fail(verb.begin, verb.end, "\"" + verb.text + "\" is not an order",
                  "after the unit: H (hold), - PROVINCE (move), S (support), C (convoy), R (retreat), D "
                  "(disband) or B (build)");
    }
    return end(o);
  }

  // A unit: its type and location.
  bool unit(UnitType* type, std::uint8_t* location_out) {
    if (at_ == tokens_.size()) {
      fail(text_.size(), text_.size(), "a unit is missing: \"A\" or \"F\" and a province", "\"A PAR\"");
      return false;
    }
    const Token& t = tokens_[at_];
    if (!unit_type_word(t.text, type)) {
      fail(t.begin, t.end, "\"" + t.text + "\" is not a unit: \"A\" (army) or \"F\" (fleet) and a province",
           "\"A PAR\", \"F STP/SC\"");
      return false;
    }
    ++at_;
    int loc;
    if (!location("the unit's province", &loc)) return false;
    *location_out = static_cast<std::uint8_t>(loc);
    return true;
  }

  // The unit a support or convoy is about; its type may be left out.
  bool other(Order* o) {
    if (at_ < tokens_.size() && unit_type_word(tokens_[at_].text, &o->other_unit)) {
      ++at_;
    } else {
      o->other_typed = false;
    }
    int loc;
    if (!location("the supported or convoyed unit's province", &loc)) return false;
    o->other = static_cast<std::uint8_t>(loc);
    return true;
  }

  // A location: "PAR", "SPA/NC" or "SPA(NC)".
  bool location(const std::string& what, int* out) {
    if (at_ == tokens_.size()) {
      fail(text_.size(), text_.size(), what + " is missing");
      return false;
    }
    const Token& t = tokens_[at_++];
    std::string s = t.text;
    std::string coast;
    std::size_t split = s.find_first_of("/(");
    if (split != std::string::npos) {
      coast = s.substr(split + 1);
      s = s.substr(0, split);
      if (!coast.empty() && coast.back() == ')') coast.pop_back();
    }
    int p = map_.find_province(s);
    if (p < 0) {
      std::vector<std::string> ids;
      for (const Province& pr : map_.provinces) ids.push_back(pr.id);
      std::string hint = did_you_mean(s, ids);
      fail(t.begin, t.begin + s.size(),
           "\"" + s + "\" is not a province" + (map_.name.empty() ? "" : " of the " + map_.name + " map"),
           hint.empty() ? "provinces are named by their ids (\"PAR\")" : hint);
      return false;
    }
    if (split == std::string::npos) {
      *out = p;
      return true;
    }
    int c = map_.find_coast(p, coast);
    if (c < 0) {
      const Province& pr = map_.provinces[p];
      std::string coasts;
      for (int k = pr.first_coast; k < pr.first_coast + pr.coasts; ++k)
        coasts += (coasts.empty() ? "" : ", ") + map_.locations[k].name;
      fail(t.begin, t.end,
           pr.coasts ? pr.id + " has no coast \"" + coast + "\"" : pr.id + " has no split coasts",
           pr.coasts ? "its coasts are " + coasts : "write \"" + pr.id + "\" alone");
      return false;
    }
    *out = c;
    return true;
  }

 private:
  std::optional<Order> end(const Order& o) {
    if (at_ < tokens_.size()) {
      const Token& t = tokens_[at_];
      return fail(t.begin, tokens_.back().end,
                  "unexpected \"" + std::string(text_.substr(t.begin, tokens_.back().end - t.begin)) +
                      "\" after the order");
    }
    return o;
  }
  std::nullopt_t fail(std::size_t begin, std::size_t end, const std::string& message,
                      const std::string& hint = {}) {
    error_->begin = begin;
    error_->end = end;
    error_->message = message;
    error_->hint = hint;
    return std::nullopt;
  }

  const Map& map_;
  std::string_view text_;
  std::vector<Token> tokens_;
  OrderError* error_;
  std::size_t at_ = 0;
};

}  // namespace

const char* order_type_name(OrderType type) {
  switch (type) {
    case OrderType::kHold:
      return "hold";
    case OrderType::kMove:
      return "move";
    case OrderType::kSupport:
      return "support";
    case OrderType::kConvoy:
      return "convoy";
    case OrderType::kRetreat:
      return "retreat";
    case OrderType::kDisband:
      return "disband";
    case OrderType::kBuild:
      return "build";
    case OrderType::kWaive:
      return "waive";
  }
  return "";
}

std::optional<Order> parse_order(const Map& map, std::string_view text, OrderError* error) {
  Parser parser(map, text, error);
  return parser.order();
}

bool parse_unit(const Map& map, std::string_view text, UnitType* type, int* location, OrderError* error) {
  Parser parser(map, text, error);
  std::optional<Order> parsed = parser.order();
  if (!parsed) return false;
  if (parsed->type != OrderType::kHold || text.find_first_not_of(" \t") == std::string_view::npos) {
    error->begin = 0;
    error->end = text.size();
    error->message = "\"" + std::string(text) + "\" is not a unit";
    error->hint = "a unit is \"A\" or \"F\" and a province: \"A PAR\", \"F STP/SC\"";
    return false;
  }
  // Only "TYPE LOCATION" itself: "A PAR H" is an order, not a unit.
  std::size_t words = 0;
  bool in_word = false;
  for (char c : text) {
    bool space = std::isspace(static_cast<unsigned char>(c));
    if (!space && !in_word) ++words;
    in_word = !space;
  }
  if (words != 2) {
    error->begin = 0;
    error->end = text.size();
    error->message = "\"" + std::string(text) + "\" is not a unit";
    error->hint = "a unit is \"A\" or \"F\" and a province: \"A PAR\", \"F STP/SC\"";
    return false;
  }
  *type = parsed->unit;
  *location = parsed->location;
  return true;
}

std::string unit_text(const Map& map, UnitType type, int location) {
  return std::string(1, unit_letter(type)) + " " + map.locations[location].name;
}

std::string order_text(const Map& map, const Order& o) {
  if (o.type == OrderType::kWaive) return "WAIVE";
  std::string unit = unit_text(map, o.unit, o.location);
  auto other = [&] {
    return (o.other_typed ? std::string(1, unit_letter(o.other_unit)) + " " : std::string()) +
           map.locations[o.other].name;
  };
  switch (o.type) {
    case OrderType::kHold:
      return unit + " H";
    case OrderType::kMove:
      return unit + " - " + map.locations[o.target].name + (o.via_convoy ? " VIA C" : "");
    case OrderType::kSupport:
      return unit + " S " + other() + (o.target == kNoLocation ? "" : " - " + map.locations[o.target].name);
    case OrderType::kConvoy:
      return unit + " C " + other() + " - " + map.locations[o.target].name;
    case OrderType::kRetreat:
      return unit + " R " + map.locations[o.target].name;
    case OrderType::kDisband:
      return unit + " D";
    case OrderType::kBuild:
      return unit + " B";
    case OrderType::kWaive:
      return "WAIVE";
  }
  return unit;
}

}  // namespace motive::game::diplomacy
