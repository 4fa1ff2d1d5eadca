#include "mdp/reader.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <unordered_map>

#include "core/reading.h"

namespace motive::mdp {
namespace {

constexpr double kProbabilityTolerance = 1e-9;
const std::string kBuiltinCells = ".#SGC";
const std::string kArrows = "^v<>o";  // up, down, left, right, stay

std::string number_text(double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.10g", x);
  return buffer;
}

// The length in bytes of the UTF-8 sequence starting with `lead` (1 for stray bytes).
std::size_t utf8_length(unsigned char lead) {
  if (lead >= 0xF0 && lead < 0xF8) return 4;
  if (lead >= 0xE0) return lead < 0xF0 ? 3 : 1;
  if (lead >= 0xC0) return 2;
  return 1;
}

// One character of a map or policy row: its bytes in the decoded string.
struct RowChar {
  std::size_t begin, end;
  bool ascii;
  char c;
};

std::vector<RowChar> row_chars(const std::string& row) {
  std::vector<RowChar> out;
  for (std::size_t i = 0; i < row.size();) {
    std::size_t n = std::min(utf8_length(static_cast<unsigned char>(row[i])), row.size() - i);
    out.push_back({i, i + n, n == 1 && static_cast<unsigned char>(row[i]) < 0x80, row[i]});
    i += n;
  }
  return out;
}

Move arrow_move(char arrow) {
  switch (arrow) {
    case '^':
      return Move::kUp;
    case 'v':
      return Move::kDown;
    case '<':
      return Move::kLeft;
    case '>':
      return Move::kRight;
    default:
      return Move::kStay;
  }
}

// A variant's view of the file: a field is the variant's own if it gives one, else the top level's.
struct Fields {
  const Json* own;
  const Json* root;
  const Json* find(const char* name) const {
    if (auto it = own->find(name); it != own->end()) return &*it;
    if (auto it = root->find(name); own != root && it != root->end()) return &*it;
    return nullptr;
  }
};

// A gridworld policy as written: one row of arrows per map row.
struct ArrowPolicy {
  std::string name;
  std::vector<std::string> rows;
};

class Reader : public TextReader {
 public:
  Reader(const SourceJson& doc, Diagnostics* diagnostics) : TextReader(doc, diagnostics) {}

  std::optional<MdpFile> read(const std::string& kind) {
    const Json& root = doc_.root();
    MdpFile file;
    file.kind = kind;
    const std::size_t before = d_->count();
    if (kind == "gridworld")
      check_fields(root,
                   {"kind", "title", "description", "source", "map", "cells", "utilities", "actions", "slip",
                    "discount", "horizon", "policies", "variants"},
                   "a gridworld");
    else
      check_fields(root,
                   {"kind", "title", "description", "source", "states", "actions", "start", "discount",
                    "horizon", "transitions", "utilities", "terminal", "policies", "variants"},
                   "an MDP");
    read_text(root, "title", &file.title);
    read_text(root, "description", &file.description);
    read_text(root, "source", &file.source);
    if (d_->count() != before) return std::nullopt;

    Variant base;
    base.name = "base";
    if (!read_variant(kind, Fields{&root, &root}, root, &base)) return std::nullopt;
    read_policy_definitions(kind, base);
    if (d_->count() != before) return std::nullopt;
    for (const std::string& name : policy_names_) file.policy_names.push_back(name);
    attach_policies(kind, &base);
    file.variants.push_back(std::move(base));

    if (auto variants = root.find("variants"); variants != root.end()) {
      if (!expect_object(*variants, "\"variants\"")) return std::nullopt;
      for (const auto& member : variants->items()) {
        const Json& body = member.value();
        if (member.key().empty() || member.key() == "base") {
          error_at_key("model.invalid_name", body, in_quotes(member.key()) + " cannot name a variant",
                       "\"base\" is the top-level model; choose another name");
          continue;
        }
        if (!expect_object(body, "a variant")) continue;
        if (kind == "gridworld")
          check_fields(body, {"description", "map", "cells", "utilities", "slip", "discount", "horizon"},
                       "a gridworld variant");
        else
          check_fields(
              body, {"description", "start", "discount", "horizon", "transitions", "utilities", "terminal"},
              "an MDP variant");
        Variant variant;
        variant.name = member.key();
        variant_ = member.key();
        std::size_t at = d_->count();
        read_text(body, "description", &variant.description);
        if (read_variant(kind, Fields{&body, &root}, body, &variant) && d_->count() == at) {
          attach_policies(kind, &variant);
          file.variants.push_back(std::move(variant));
        }
      }
      variant_.clear();
    }
    if (d_->count() != before) return std::nullopt;
    return file;
  }

 private:
  // ---- reporting -------------------------------------------------------------------------------

  // A problem inside a variant names it.
  std::string located(const std::string& message) const override {
    return variant_.empty() ? message : "variant " + in_quotes(variant_) + ": " + message;
  }
  void error_in_string(const std::string& id, const Json& at, std::size_t begin, std::size_t end,
                       const std::string& message, const std::string& hint = {}) {
    d_->error(id, doc_.span_in_string(at, begin, end), located(message), hint);
  }

  std::optional<double> number(const Json& v, const std::string& what) {
    if (v.is_number()) return v.get<double>();
    error("model.wrong_type", v, what + " must be a number, not " + json_type_name(v));
    return std::nullopt;
  }

  void read_text(const Json& object, const char* field, std::string* out) {
    auto f = object.find(field);
    if (f == object.end()) return;
    if (!f->is_string()) {
      error("model.wrong_type", *f, in_quotes(field) + " must be a string");
      return;
    }
    *out = f->get<std::string>();
  }

  // A probability: a number or a fraction string like "1/3", in [0, 1] (the messages of SCIM files).
  std::optional<double> probability(const Json& v) {
    double p = -1;
    if (v.is_number()) {
      p = v.get<double>();
    } else if (v.is_string()) {
      const std::string& s = v.get_ref<const std::string&>();
      std::size_t slash = s.find('/');
      std::string num = s.substr(0, slash), den = slash == std::string::npos ? "1" : s.substr(slash + 1);
      char *end_num = nullptr, *end_den = nullptr;
      double a = std::strtod(num.c_str(), &end_num), b = std::strtod(den.c_str(), &end_den);
      if (num.empty() || den.empty() || *end_num != '\0' || *end_den != '\0' || b == 0) {
        error("model.bad_probability", v, in_quotes(s) + " is not a probability",
              "write a number such as 0.25 or a fraction such as \"1/4\"");
        return std::nullopt;
      }
      p = a / b;
    } else {
      error("model.bad_probability", v,
            "a probability must be a number or a fraction string, not " + json_type_name(v));
      return std::nullopt;
    }
    if (!(p >= 0 && p <= 1)) {
      error("model.bad_probability", v, "probabilities lie between 0 and 1; this one is " + number_text(p));
      return std::nullopt;
    }
    return p;
  }

  // ---- shared fields ---------------------------------------------------------------------------

  // "discount" (γ ∈ [0, 1]) and "horizon" (a whole number of steps ≥ 1): one of them is required; γ = 1
  // only with a horizon.
  bool read_discount(const Fields& f, const Json& body, double* discount, int* horizon) {
    const Json* g = f.find("discount");
    const Json* h = f.find("horizon");
    *horizon = 0;
    if (h) {
      if (!h->is_number_integer() || h->get<long long>() < 1 || h->get<long long>() > kMaxStates) {
        error("model.bad_discount", *h,
              "\"horizon\" must be a whole number of steps from 1 to " + std::to_string(kMaxStates) +
                  ", not " + json_text(*h));
        return false;
      }
      *horizon = static_cast<int>(h->get<long long>());
    }
    if (!g) {
      if (h) {
        *discount = 1;
        return true;
      }
      error("model.missing_field", body, "the model has neither a \"discount\" nor a \"horizon\"",
            "add \"discount\": 0.9 (future utility counts 0.9 per step), or \"horizon\": 20 (episodes of 20 "
            "steps)");
      return false;
    }
    std::optional<double> x = number(*g, "\"discount\"");
    if (!x) return false;
    if (!(*x >= 0 && *x <= 1)) {
      error("model.bad_discount", *g, "the discount must be in [0, 1], not " + number_text(*x));
      return false;
    }
    if (*x >= 1 && !h) {
      error("model.bad_discount", *g, "a discount of 1 needs a \"horizon\"",
            "without a horizon utilities and entropies could add up forever (terminal states are absorbing): "
            "use a discount below 1, or add \"horizon\"");
      return false;
    }
    *discount = *x;
    return true;
  }

  bool check_size(long long states, long long transitions, const Json& at) {
    if (states <= kMaxStates && transitions <= kMaxTransitions) return true;
    error("model.too_large", at,
          "the model has " + std::to_string(states) + " states and " + std::to_string(transitions) +
              " transitions (after expanding its horizon); the limits are " + std::to_string(kMaxStates) +
              " states and " + std::to_string(kMaxTransitions) + " transitions",
          "use a smaller map or a shorter horizon");
    return false;
  }

  bool read_variant(const std::string& kind, const Fields& f, const Json& body, Variant* variant) {
    if (kind == "gridworld") {
      std::optional<GridWorld> world = read_grid(f, body);
      if (!world) return false;
      variant->mdp = build_gridworld_mdp(*world);
      variant->grid = std::move(world);
      return true;
    }
    std::optional<Mdp> mdp = read_mdp(f, body);
    if (!mdp) return false;
    variant->mdp = std::move(*mdp);
    return true;
  }

  // ---- gridworlds ------------------------------------------------------------------------------

  void read_actions(const Json& root) {
    actions_ = {Move::kUp, Move::kDown, Move::kLeft, Move::kRight};
    auto list = root.find("actions");
    if (list == root.end() || !expect_array(*list, "\"actions\"")) return;
    const std::vector<std::string> names = {"up", "down", "left", "right", "stay"};
    std::vector<Move> actions;
    for (const Json& a : *list) {
      auto it = a.is_string() ? std::find(names.begin(), names.end(), a.get<std::string>()) : names.end();
      if (it == names.end()) {
        std::string hint = a.is_string() ? did_you_mean(a.get<std::string>(), names) : "";
        error("model.unknown_action", a, json_text(a) + " is not a gridworld action",
              hint.empty() ? "the actions are up, down, left, right and stay" : hint);
        continue;
      }
      Move m = static_cast<Move>(it - names.begin());
      if (std::find(actions.begin(), actions.end(), m) != actions.end()) {
        error("model.duplicate_name", a, "action " + json_text(a) + " is listed twice");
        continue;
      }
      actions.push_back(m);
    }
    if (list->empty()) error("model.wrong_type", *list, "\"actions\" must list at least one action");
    if (!actions.empty()) actions_ = actions;
  }

  // Keeps the largest |utility| of the model being read and where it is written, for values_in_range.
  void note_utility(double x, const Json& at) {
    if (largest_utility_at_ && std::abs(x) <= largest_utility_) return;
    largest_utility_ = std::abs(x);
    largest_utility_at_ = &at;
  }

  // Whether the largest utility, collected over every step the model allows (the horizon, or
  // 1 / (1 − γ)), stays within kMaxValueMagnitude; reports it at that utility if not.
  bool values_in_range(double discount, int horizon) {
    if (!largest_utility_at_) return true;
    const double steps = horizon > 0 ? horizon : 1 / (1 - discount);
    if (largest_utility_ * steps <= kMaxValueMagnitude) return true;
    error("model.utility_out_of_range", *largest_utility_at_,
          "a utility of " + number_text(largest_utility_) + " collected over " +
              (horizon > 0 ? "the horizon's " + number_text(steps) + " steps"
                           : "about " + number_text(steps) + " steps (1 / (1 - discount))") +
              " could add up to more than 1e200, the largest value the engine computes with",
          "rescale the utilities (or shorten the horizon, lower the discount)");
    return false;
  }

  std::optional<GridWorld> read_grid(const Fields& f, const Json& body) {
    const std::size_t before = d_->count();
    largest_utility_at_ = nullptr;
    GridWorld w;
    if (variant_.empty()) read_actions(*f.root);
    w.actions = actions_;

    double goal = 10, cliff = -10;
    if (const Json* u = f.find("utilities"); u && expect_object(*u, "\"utilities\"")) {
      check_fields(*u, {"step", "goal", "cliff", "step_on_terminal"}, "\"utilities\"");
      for (const auto& member : u->items()) {
        if (member.key() == "step_on_terminal") {
          if (member.value().is_boolean()) w.step_on_terminal = member.value().get<bool>();
          else error("model.wrong_type", member.value(), "\"step_on_terminal\" must be true or false");
          continue;
        }
        std::optional<double> x = number(member.value(), in_quotes(member.key()));
        if (!x) continue;
        note_utility(*x, member.value());
        if (member.key() == "step") w.step_utility = *x;
        else if (member.key() == "goal") goal = *x;
        else if (member.key() == "cliff") cliff = *x;
      }
    }

    std::map<char, GridCell> custom;
    if (const Json* cells = f.find("cells"); cells && expect_object(*cells, "\"cells\"")) {
      for (const auto& member : cells->items()) {
        const std::string& key = member.key();
        const Json& def = member.value();
        if (key.size() != 1 || static_cast<unsigned char>(key[0]) < 0x21 ||
            static_cast<unsigned char>(key[0]) > 0x7E) {
          error_at_key("model.invalid_name", def, in_quotes(key) + " cannot name a cell",
                       "a cell is named by one printable ASCII character other than a space");
          continue;
        }
        if (kBuiltinCells.find(key[0]) != std::string::npos) {
          error_at_key("model.conflicting_definition", def,
                       in_quotes(key) + " is a built-in cell and cannot be redefined",
                       "change the utilities of built-in cells in \"utilities\", or pick another character");
          continue;
        }
        if (!expect_object(def, "cell " + in_quotes(key))) continue;
        check_fields(def, {"utility", "terminal"}, "a cell");
        GridCell cell{key[0], CellType::kCustom, w.step_utility, false};
        if (auto u = def.find("utility"); u != def.end())
          if (auto x = number(*u, "a cell's \"utility\"")) {
            cell.utility = *x;
            note_utility(*x, *u);
          }
        if (auto t = def.find("terminal"); t != def.end()) {
          if (t->is_boolean()) cell.terminal = t->get<bool>();
          else error("model.wrong_type", *t, "\"terminal\" must be true or false");
        }
        custom[key[0]] = cell;
      }
    }

    const Json* map = f.find("map");
    if (!map) {
      error("model.missing_field", body, "the gridworld has no \"map\"",
            "add \"map\": [\"S...G\", ...]: one string per row, top row first");
      return std::nullopt;
    }
    if (!expect_array(*map, "\"map\"")) return std::nullopt;
    if (map->empty()) {
      error("model.wrong_type", *map, "the map has no rows", "add rows such as \"S...G\"");
      return std::nullopt;
    }
    if (map->size() > static_cast<std::size_t>(kMaxGridSide)) {
      error("model.too_large", *map,
            "the map has " + std::to_string(map->size()) + " rows; at most " + std::to_string(kMaxGridSide) +
                " are allowed");
      return std::nullopt;
    }
    int width = -1, width_row = 0;
    int starts = 0, floors = 0;
    for (std::size_t r = 0; r < map->size(); ++r) {
      const Json& row = (*map)[r];
      if (!row.is_string()) {
        error("model.wrong_type", row, "a map row must be a string, not " + json_type_name(row));
        continue;
      }
      w.map_rows.push_back(doc_.span(row));
      std::vector<RowChar> chars = row_chars(row.get_ref<const std::string&>());
      const int length = static_cast<int>(chars.size());
      if (width < 0) {
        width = length;
        width_row = static_cast<int>(r);
        if (width == 0) {
          error("model.wrong_type", row, "the first map row is empty");
          return std::nullopt;
        }
        if (width > kMaxGridSide) {
          error("model.too_large", row,
                "the map is " + std::to_string(width) + " cells wide; at most " +
                    std::to_string(kMaxGridSide) + " are allowed");
          return std::nullopt;
        }
      } else if (length != width) {
        error("model.ragged_map", row,
              "map row " + std::to_string(r + 1) + " has " + std::to_string(length) + " cells, but row " +
                  std::to_string(width_row + 1) + " has " + std::to_string(width),
              "every row of the map has the same length; use '#' (wall) to fill space outside the world");
        continue;
      }
      for (const RowChar& ch : chars) {
        GridCell cell;
        cell.symbol = ch.c;
        switch (ch.ascii ? ch.c : '\0') {
          case '.':
            cell = {'.', CellType::kFloor, w.step_utility, false};
            break;
          case '#':
            cell = {'#', CellType::kWall, 0, false};
            break;
          case 'S':
            cell = {'S', CellType::kStart, w.step_utility, false};
            break;
          case 'G':
            cell = {'G', CellType::kGoal, goal, true};
            break;
          case 'C':
            cell = {'C', CellType::kCliff, cliff, true};
            break;
          default: {
            auto it = ch.ascii ? custom.find(ch.c) : custom.end();
            if (it == custom.end()) {
              unknown_cell(row, ch, custom);
              continue;
            }
            cell = it->second;
          }
        }
        starts += cell.type == CellType::kStart;
        floors += cell.type != CellType::kWall;
        w.cells.push_back(cell);
      }
    }
    if (d_->count() != before) return std::nullopt;
    w.rows = static_cast<int>(map->size());
    w.cols = width;
    if (starts == 0) {
      error("model.no_start", *map, "the map has no start cell 'S'",
            "put an 'S' where the agent starts (several 'S' start it uniformly at one of them)");
      return std::nullopt;
    }

    if (const Json* s = f.find("slip")) {
      std::optional<double> p = probability(*s);
      if (!p) return std::nullopt;
      w.slip = *p;
    }
    if (!read_discount(f, body, &w.discount, &w.horizon)) return std::nullopt;
    if (!values_in_range(w.discount, w.horizon)) return std::nullopt;
    const long long copies = std::max(1, w.horizon);
    const long long branches = std::min<long long>(static_cast<long long>(w.actions.size()) + 1, 5);
    const Json& size_at = f.find("horizon") ? *f.find("horizon") : *map;
    if (!check_size(floors * copies, floors * copies * static_cast<long long>(w.actions.size()) * branches,
                    size_at))
      return std::nullopt;
    return w;
  }

  void unknown_cell(const Json& row, const RowChar& ch, const std::map<char, GridCell>& custom) {
    std::string written = row.get_ref<const std::string&>().substr(ch.begin, ch.end - ch.begin);
    std::string known = "'.' floor, '#' wall, 'S' start, 'G' goal, 'C' cliff";
    for (const auto& [c, cell] : custom) known += std::string(", '") + c + "'";
    std::string hint;
    char upper = ch.ascii ? static_cast<char>(std::toupper(static_cast<unsigned char>(ch.c))) : '\0';
    if (upper != ch.c && (upper == 'S' || upper == 'G' || upper == 'C'))
      hint = std::string("did you mean '") + upper + "'? Cell characters are case-sensitive";
    else if (ch.c == ' ') hint = "a space is not a cell: use '.' for floor and '#' for walls";
    else if (ch.ascii && (ch.c == '_' || ch.c == '-' || ch.c == 'o' || ch.c == '0'))
      hint = "did you mean '.' (floor)? The cells are " + known;
    else hint = "the cells are " + known + "; define other characters in \"cells\"";
    error_in_string("model.unknown_cell", row, ch.begin, ch.end,
                    "'" + written + "' is not a cell of this gridworld", hint);
  }

  // ---- policies --------------------------------------------------------------------------------

  void read_policy_definitions(const std::string& kind, const Variant& base) {
    auto policies = doc_.root().find("policies");
    if (policies == doc_.root().end() || !expect_object(*policies, "\"policies\"")) return;
    for (const auto& member : policies->items()) {
      if (member.key().empty()) {
        error_at_key("model.invalid_name", member.value(), "a policy needs a name");
        continue;
      }
      policy_names_.push_back(member.key());
      if (kind == "gridworld") read_arrow_policy(member.key(), member.value(), *base.grid);
      else read_table_policy(member.key(), member.value());
    }
  }

  void read_arrow_policy(const std::string& name, const Json& def, const GridWorld& world) {
    if (!expect_array(def, "policy " + in_quotes(name))) return;
    if (def.size() != static_cast<std::size_t>(world.rows)) {
      error("model.bad_policy", def,
            "policy " + in_quotes(name) + " has " + std::to_string(def.size()) + " rows, but the map has " +
                std::to_string(world.rows),
            "give one string of arrows (^ v < > o) per map row");
      return;
    }
    ArrowPolicy policy{name, {}};
    for (std::size_t r = 0; r < def.size(); ++r) {
      const Json& row = def[r];
      if (!row.is_string()) {
        error("model.wrong_type", row, "a policy row must be a string, not " + json_type_name(row));
        continue;
      }
      std::vector<RowChar> chars = row_chars(row.get_ref<const std::string&>());
      if (chars.size() != static_cast<std::size_t>(world.cols)) {
        error("model.bad_policy", row,
              "policy row " + std::to_string(r + 1) + " has " + std::to_string(chars.size()) +
                  " characters, but the map is " + std::to_string(world.cols) + " wide");
        continue;
      }
      std::string arrows;
      for (int c = 0; c < world.cols; ++c) {
        const RowChar& ch = chars[c];
        const GridCell& cell = world.at(static_cast<int>(r), c);
        arrows.push_back(ch.ascii ? ch.c : '?');
        if (cell.type == CellType::kWall || cell.terminal) continue;
        bool arrow = ch.ascii && kArrows.find(ch.c) != std::string::npos;
        if (arrow && std::find(actions_.begin(), actions_.end(), arrow_move(ch.c)) != actions_.end())
          continue;
        std::string written = row.get_ref<const std::string&>().substr(ch.begin, ch.end - ch.begin);
        error_in_string(
            "model.bad_policy", row, ch.begin, ch.end,
            arrow ? "'" + written + "' (" + move_name(arrow_move(ch.c)) + ") is not an action of this world"
                  : "'" + written + "' is not an arrow",
            "on a floor cell write one of " + arrow_list() +
                "; any character will do on walls and terminals");
      }
      policy.rows.push_back(arrows);
    }
    arrow_policies_.push_back(std::move(policy));
  }

  std::string arrow_list() const {
    std::string out;
    for (Move m : actions_) {
      out += out.empty() ? "" : ", ";
      out += std::string("'") + kArrows[static_cast<int>(m)] + "' (" + move_name(m) + ")";
    }
    return out;
  }

  // A policy of the MDP's states before any horizon expansion (attach_policies copies it per step).
  void read_table_policy(const std::string& name, const Json& def) {
    if (!expect_object(def, "policy " + in_quotes(name))) return;
    const std::size_t before = d_->count();
    const int states = static_cast<int>(state_names_.size()),
              actions = static_cast<int>(action_names_.size());
    Policy policy = Policy::Constant(states, actions, 1.0 / actions);
    std::vector<char> given(states, 0);
    for (const auto& member : def.items()) {
      int s = state_index(member.key(), member.value(), true);
      if (s < 0) continue;
      given[s] = 1;
      std::optional<Eigen::VectorXd> row = action_distribution(member.value(), "policy " + in_quotes(name));
      if (row) policy.row(s) = row->transpose();
    }
    for (int s = 0; s < states && d_->count() == before; ++s)
      if (!given[s] && !base_terminal_[s])
        error(
            "model.bad_policy", def,
            "policy " + in_quotes(name) + " gives no action for state " + in_quotes(state_names_[s]),
            "add \"" + state_names_[s] + "\": \"" + action_names_[0] + "\" (or a distribution over actions)");
    if (d_->count() == before) table_policies_.push_back({name, std::move(policy)});
  }

  // "a" (probability 1) or {"a": 0.3, "b": 0.7}, over the MDP's actions.
  std::optional<Eigen::VectorXd> action_distribution(const Json& v, const std::string& what) {
    Eigen::VectorXd p = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(action_names_.size()));
    if (v.is_string()) {
      int a = action_index(v.get<std::string>(), v, false);
      if (a < 0) return std::nullopt;
      p[a] = 1;
      return p;
    }
    if (!v.is_object()) {
      error("model.wrong_type", v,
            what + ": an action is named by a string, or a distribution {action: probability}");
      return std::nullopt;
    }
    if (!distribution(v, &p,
                      [&](const std::string& key, const Json& at) { return action_index(key, at, true); }))
      return std::nullopt;
    return p;
  }

  // Reads {name: probability} into p (indices from `index`); checks the sum.
  template <class Index>
  bool distribution(const Json& v, Eigen::VectorXd* p, Index&& index) {
    const std::size_t before = d_->count();
    double total = 0;
    for (const auto& member : v.items()) {
      int i = index(member.key(), member.value());
      std::optional<double> x = probability(member.value());
      if (i < 0 || !x) continue;
      (*p)[i] += *x;
      total += *x;
    }
    if (d_->count() != before) return false;
    if (std::abs(total - 1) > kProbabilityTolerance) {
      error("model.probabilities_not_normalized", v,
            "these probabilities sum to " + number_text(total) + ", not 1");
      return false;
    }
    return true;
  }

  void attach_policies(const std::string& kind, Variant* variant) {
    if (kind != "gridworld") {
      for (const NamedPolicy& p : table_policies_)
        variant->policies.push_back({p.name, expand_policy(p.policy, variant->mdp.horizon)});
      return;
    }
    const GridWorld& world = *variant->grid;
    const std::vector<int> state = state_of_cell(world);
    const int states =
        variant->mdp.horizon > 0 ? variant->mdp.states / variant->mdp.horizon : variant->mdp.states;
    for (const ArrowPolicy& arrows : arrow_policies_) {
      if (arrows.rows.size() != static_cast<std::size_t>(world.rows) ||
          arrows.rows.front().size() != static_cast<std::size_t>(world.cols))
        continue;
      Policy policy = Policy::Zero(states, world.actions.size());
      bool fits = true;
      for (int r = 0; r < world.rows && fits; ++r)
        for (int c = 0; c < world.cols && fits; ++c) {
          int s = state[r * world.cols + c];
          if (s < 0) continue;
          if (world.at(r, c).terminal) {
            policy.row(s).setConstant(1.0 / world.actions.size());
            continue;
          }
          char ch = arrows.rows[r][c];
          auto it = kArrows.find(ch) == std::string::npos
                        ? world.actions.end()
                        : std::find(world.actions.begin(), world.actions.end(), arrow_move(ch));
          if (it == world.actions.end()) fits = false;
          else policy(s, it - world.actions.begin()) = 1;
        }
      if (fits) variant->policies.push_back({arrows.name, expand_policy(policy, variant->mdp.horizon)});
    }
  }

  // ---- MDPs ------------------------------------------------------------------------------------

  // A list of distinct names ("states" or "actions").
  bool read_names(const Json& root, const char* field, std::vector<std::string>* names, std::size_t limit) {
    auto list = root.find(field);
    if (list == root.end()) {
      error("model.missing_field", root, "the MDP has no " + in_quotes(field),
            std::string("add \"") + field + "\": [\"" + (std::string(field) == "states" ? "s0" : "a") +
                "\", ...]");
      return false;
    }
    if (!expect_array(*list, in_quotes(field))) return false;
    if (list->empty()) {
      error("model.wrong_type", *list, in_quotes(field) + " must list at least one name");
      return false;
    }
    if (list->size() > limit) {
      error("model.too_large", *list,
            in_quotes(field) + " lists " + std::to_string(list->size()) + "; at most " +
                std::to_string(limit) + " are allowed");
      return false;
    }
    std::unordered_map<std::string, int> seen;
    bool ok = true;
    for (const Json& n : *list) {
      if (!n.is_string() || n.get_ref<const std::string&>().empty()) {
        error("model.wrong_type", n, "a name must be a non-empty string, not " + json_text(n));
        ok = false;
        continue;
      }
      const std::string& name = n.get_ref<const std::string&>();
      if (!seen.emplace(name, static_cast<int>(names->size())).second) {
        error("model.duplicate_name", n, in_quotes(name) + " is listed twice in " + in_quotes(field));
        ok = false;
        continue;
      }
      names->push_back(name);
    }
    return ok;
  }

  int state_index(const std::string& name, const Json& at, bool at_key) {
    auto it = state_lookup_.find(name);
    if (it != state_lookup_.end()) return it->second;
    std::string hint = did_you_mean(name, state_names_);
    std::string message = in_quotes(name) + " is not a state";
    if (hint.empty()) hint = "the states are listed in \"states\"";
    if (at_key) error_at_key("model.unknown_state", at, message, hint);
    else error("model.unknown_state", at, message, hint);
    return -1;
  }

  int action_index(const std::string& name, const Json& at, bool at_key) {
    auto it = std::find(action_names_.begin(), action_names_.end(), name);
    if (it != action_names_.end()) return static_cast<int>(it - action_names_.begin());
    std::string hint = did_you_mean(name, action_names_);
    if (hint.empty()) hint = "the actions are " + join(action_names_);
    if (at_key) error_at_key("model.unknown_action", at, in_quotes(name) + " is not an action", hint);
    else error("model.unknown_action", at, in_quotes(name) + " is not an action", hint);
    return -1;
  }

  std::optional<Mdp> read_mdp(const Fields& f, const Json& body) {
    const Json& root = *f.root;
    const std::size_t before = d_->count();
    largest_utility_at_ = nullptr;
    if (variant_.empty()) {
      bool ok = read_names(root, "states", &state_names_, kMaxStates);
      ok = read_names(root, "actions", &action_names_, kMaxActions) && ok;
      if (!ok) return std::nullopt;
      for (std::size_t s = 0; s < state_names_.size(); ++s)
        state_lookup_[state_names_[s]] = static_cast<int>(s);
    }
    const int states = static_cast<int>(state_names_.size()),
              actions = static_cast<int>(action_names_.size());
    Mdp mdp;
    mdp.states = states;
    mdp.actions = actions;
    mdp.state_names = state_names_;
    mdp.action_names = action_names_;
    mdp.terminal.assign(states, 0);
    mdp.reward = Eigen::MatrixXd::Zero(states, actions);
    mdp.start = Eigen::VectorXd::Zero(states);

    if (const Json* t = f.find("terminal"); t && expect_array(*t, "\"terminal\""))
      for (const Json& name : *t) {
        if (!name.is_string()) {
          error("model.wrong_type", name, "\"terminal\" lists state names, not " + json_type_name(name));
          continue;
        }
        int s = state_index(name.get<std::string>(), name, false);
        if (s >= 0) mdp.terminal[s] = 1;
      }

    if (const Json* start = f.find("start"); !start) {
      error("model.missing_field", body, "the MDP has no \"start\"",
            "add \"start\": {\"" + state_names_[0] + "\": 1} (the distribution of the first state)");
    } else if (start->is_string()) {
      int s = state_index(start->get<std::string>(), *start, false);
      if (s >= 0) mdp.start[s] = 1;
    } else if (expect_object(*start, "\"start\"")) {
      distribution(*start, &mdp.start,
                   [&](const std::string& key, const Json& at) { return state_index(key, at, true); });
    }

    if (const Json* u = f.find("utilities"); u && expect_object(*u, "\"utilities\"")) {
      for (const auto& member : u->items()) {
        int s = state_index(member.key(), member.value(), true);
        if (s < 0) continue;
        if (mdp.terminal[s]) {
          error_at_key(
              "model.conflicting_definition", member.value(),
              "state " + in_quotes(member.key()) + " is terminal: it pays no utility",
              "a terminal state is absorbing with utility 0; give the utility on the actions that enter it");
          continue;
        }
        const Json& value = member.value();
        if (value.is_number()) {
          mdp.reward.row(s).setConstant(value.get<double>());
          note_utility(value.get<double>(), value);
        } else if (value.is_object()) {
          for (const auto& per : value.items()) {
            int a = action_index(per.key(), per.value(), true);
            std::optional<double> x = number(per.value(), "a utility");
            if (a >= 0 && x) {
              mdp.reward(s, a) = *x;
              note_utility(*x, per.value());
            }
          }
        } else {
          error("model.wrong_type", value,
                "the utility of a state is a number (paid on leaving it) or {action: number}, not " +
                    json_type_name(value));
        }
      }
    }

    if (variant_.empty()) base_terminal_ = mdp.terminal;
    read_transitions(f, body, &mdp);
    if (!read_discount(f, body, &mdp.discount, &mdp.horizon)) return std::nullopt;
    if (!values_in_range(mdp.discount, mdp.horizon)) return std::nullopt;
    if (d_->count() != before) return std::nullopt;
    const long long copies = std::max(1, mdp.horizon);
    const Json* size_at = f.find("horizon") ? f.find("horizon") : f.find("transitions");
    if (!check_size(states * copies, mdp.transition_count() * copies, *size_at)) return std::nullopt;
    return mdp.horizon > 0 ? expand_horizon(mdp, mdp.horizon) : mdp;
  }

  void read_transitions(const Fields& f, const Json& body, Mdp* mdp) {
    const Json* transitions = f.find("transitions");
    if (!transitions) {
      error("model.missing_field", body, "the MDP has no \"transitions\"",
            "add \"transitions\": {\"state\": {\"action\": {\"next state\": probability}}}");
      return;
    }
    if (!expect_object(*transitions, "\"transitions\"")) return;
    const int states = mdp->states, actions = mdp->actions;
    // Per (s, a): the distribution over next states, gathered first because states may come in any order.
    std::vector<const Json*> given(static_cast<std::size_t>(states) * actions, nullptr);
    std::vector<const Json*> state_object(states, nullptr);
    const std::size_t before = d_->count();
    for (const auto& member : transitions->items()) {
      int s = state_index(member.key(), member.value(), true);
      if (s < 0) continue;
      if (mdp->terminal[s]) {
        error_at_key("model.conflicting_definition", member.value(),
                     "state " + in_quotes(member.key()) + " is terminal: every action stays there",
                     "remove its transitions, or remove it from \"terminal\"");
        continue;
      }
      if (!expect_object(member.value(), "the transitions of " + in_quotes(member.key()))) continue;
      state_object[s] = &member.value();
      for (const auto& per : member.value().items()) {
        int a = action_index(per.key(), per.value(), true);
        if (a >= 0) given[mdp->pair(s, a)] = &per.value();
      }
    }
    // A misspelt state or action would also leave a transition missing: report it once.
    if (d_->count() != before) return;
    mdp->row_start.assign(1, 0);
    for (int s = 0; s < states; ++s) {
      for (int a = 0; a < actions; ++a) {
        if (mdp->terminal[s]) {
          mdp->next_state.push_back(s);
          mdp->probability.push_back(1);
          mdp->row_start.push_back(static_cast<int>(mdp->next_state.size()));
          continue;
        }
        const Json* dist = given[mdp->pair(s, a)];
        if (!dist) {
          const Json& at = state_object[s] ? *state_object[s] : *transitions;
          error("model.missing_transition", at,
                "no transition is given for action " + in_quotes(action_names_[a]) + " in state " +
                    in_quotes(state_names_[s]),
                "every action of every state that is not terminal needs a distribution over next states, "
                "e.g. \"" +
                    action_names_[a] + "\": {\"" + state_names_[s] + "\": 1}");
          mdp->row_start.push_back(static_cast<int>(mdp->next_state.size()));
          continue;
        }
        if (dist->is_string()) {
          int next = state_index(dist->get<std::string>(), *dist, false);
          if (next >= 0) {
            mdp->next_state.push_back(next);
            mdp->probability.push_back(1);
          }
        } else if (expect_object(*dist, "a transition")) {
          const std::size_t at = d_->count();
          double total = 0;
          for (const auto& member : dist->items()) {
            int next = state_index(member.key(), member.value(), true);
            std::optional<double> x = probability(member.value());
            if (next < 0 || !x) continue;
            total += *x;
            if (*x > 0) {
              mdp->next_state.push_back(next);
              mdp->probability.push_back(*x);
            }
          }
          if (d_->count() == at && std::abs(total - 1) > kProbabilityTolerance)
            error("model.probabilities_not_normalized", *dist,
                  "the transition probabilities of " + in_quotes(action_names_[a]) + " in " +
                      in_quotes(state_names_[s]) + " sum to " + number_text(total) + ", not 1");
          if (mdp->next_state.size() > static_cast<std::size_t>(kMaxTransitions)) {
            error("model.too_large", *dist,
                  "the MDP has more than " + std::to_string(kMaxTransitions) + " transitions");
            return;
          }
        }
        mdp->row_start.push_back(static_cast<int>(mdp->next_state.size()));
      }
    }
  }

  double largest_utility_ = 0;
  const Json* largest_utility_at_ = nullptr;
  std::string variant_;  // the variant being read ("" for the top level)
  std::vector<Move> actions_;
  std::vector<std::string> state_names_, action_names_;
  std::unordered_map<std::string, int> state_lookup_;
  std::vector<char> base_terminal_;  // the top-level model's terminal states (MDPs)
  std::vector<std::string> policy_names_;
  std::vector<ArrowPolicy> arrow_policies_;
  std::vector<NamedPolicy> table_policies_;
};

// The file's kind, if it is one this reader reads.
std::optional<std::string> kind_of(const SourceJson& doc, Diagnostics* diagnostics) {
  const Json& root = doc.root();
  if (!root.is_object()) {
    diagnostics->error("model.wrong_type", doc.span(root),
                       "a model file is a JSON object, not " + json_type_name(root),
                       "start with { \"kind\": \"gridworld\", ... } (or \"mdp\")");
    return std::nullopt;
  }
  auto kind = root.find("kind");
  if (kind == root.end()) {
    diagnostics->error("model.missing_field", doc.span(root), "the model has no \"kind\"",
                       "add \"kind\": \"gridworld\" or \"mdp\"");
    return std::nullopt;
  }
  if (*kind != "gridworld" && *kind != "mdp") {
    diagnostics->error("model.unknown_kind", doc.span(*kind),
                       "this reader reads gridworlds and MDPs, not " + json_text(*kind),
                       "\"kind\": \"gridworld\" or \"mdp\"");
    return std::nullopt;
  }
  return kind->get<std::string>();
}

}  // namespace

std::optional<MdpFile> read_mdp_file(std::string_view text, Diagnostics* diagnostics) {
  const std::size_t before = diagnostics->count();
  std::shared_ptr<const SourceJson> parsed = SourceJson::parse_shared(text, diagnostics);
  if (!parsed) return std::nullopt;
  const SourceJson& doc = *parsed;
  std::optional<std::string> kind = kind_of(doc, diagnostics);
  if (!kind) return std::nullopt;
  std::optional<MdpFile> file = Reader(doc, diagnostics).read(*kind);
  if (diagnostics->count() != before) return std::nullopt;
  return file;
}

}  // namespace motive::mdp
