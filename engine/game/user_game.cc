#include "game/user_game.h"
#include "core/diagnostics.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "game/rollout.h"
#include "scim/expression.h"
#include "scim/outcome.h"

namespace motive::game {

namespace {

constexpr std::int64_t kMaxHistories = std::int64_t{1} << 18;
constexpr int kMaxSteps = 64;

struct Variable {
  std::string name;
  scim::Domain domain;
  std::vector<std::string> labels;  // as slot choices / chance labels
};

struct Stage {
  std::string name;
  bool chance = false;
  std::vector<double> probabilities;  // chance stages
  bool simultaneous = true;
  std::vector<int> players;  // decision stages, in acting order
  std::vector<Slot> slots;
  int first_variable = 0;  // chance: its variable; decision: of (players[0], slot 0), then by player, slot
};

// One decision or chance node of the play.
struct Step {
  int stage = 0;
  int first_position = 0;  // index into the stage's players
  int count = 1;           // players acting (all for simultaneous stages, one in turn)
  int first_variable = 0;  // the first variable this step sets
  int variables = 1;       // how many it sets
};

class UserGame;

class UserState final : public State {
 public:
  explicit UserState(const UserGame* game) : game_(game) {}
  NodeType type() const override;
  int acting(int* players) const override;
  ActionSpace legal_actions(int player) const override;
  void apply_actions(const Action* joint, double* reward) override;
  int num_chance_outcomes() const override;
  double chance_probability(int outcome) const override;
  std::string chance_label(int outcome) const override;
  void apply_chance(int outcome, double* reward) override;
  std::unique_ptr<State> clone() const override { return std::make_unique<UserState>(*this); }
  // Copies the values set only (those past set_ are never read): a rollout starts with a copy, and the
  // whole array (512 bytes) was the largest part of a short game's rollout, under wasm most of all.
  void copy_from(const State& other) override {
    const auto& o = static_cast<const UserState&>(other);
    game_ = o.game_;
    step_ = o.step_;
    set_ = o.set_;
    index_ = o.index_;
    std::copy(o.values_.begin(), o.values_.begin() + set_, values_.begin());
  }
  std::string serialise() const override;
  std::string describe() const override;
  int move_number() const override { return step_; }

  int step() const { return step_; }
  std::int64_t index() const { return index_; }
  int value(int variable) const { return values_[variable]; }
  bool parse(std::string_view text, std::string* error);

 private:
  void set(int choice);
  void finish_step(double* reward);
  const UserGame* game_;
  int step_ = 0;
  int set_ = 0;             // variables set
  std::int64_t index_ = 0;  // mixed-radix index of the values set
  std::array<std::int16_t, kMaxSteps * 4> values_{};
};

// The tabulated distribution of one slot of one player's action at one step: probabilities indexed by
// (prefix index, choice).
struct SlotTable {
  int choices = 0;
  std::vector<double> p;  // prefix_count × choices
};

// One policy object per player; its tables are found by step and acting position.
class UserPolicy final : public Policy {
 public:
  explicit UserPolicy(const UserGame* game) : game_(game) {}
  Action sample(const State& state, int player, Rng& rng) const override;
  void distribution(const State& state, int player,
                    std::vector<std::pair<Action, double>>* out) const override;

 private:
  const UserGame* game_;
};

class UserGame final : public Game {
 public:
  std::vector<std::string> players;
  std::vector<Variable> variables;
  std::vector<Stage> stages;
  std::vector<Step> steps;
  // Payoffs of every complete history (by mixed-radix index), players per row.
  std::vector<double> payoffs;
  // tables[step][position in step][slot]: the acting player's slot distributions.
  std::vector<std::vector<std::vector<SlotTable>>> tables;
  std::vector<std::unique_ptr<Policy>> policies;

  int num_players() const override { return static_cast<int>(players.size()); }
  std::string player_name(int player) const override { return players[player]; }
  std::unique_ptr<State> initial_state() const override { return std::make_unique<UserState>(this); }
  std::unique_ptr<State> deserialise(std::string_view text, std::string* error) const override {
    auto s = std::make_unique<UserState>(this);
    if (!s->parse(text, error)) return nullptr;
    return s;
  }
  const Policy& policy(int player) const override { return *policies[player]; }
  int max_length() const override { return static_cast<int>(steps.size()); }
  // The rollout loop compiled against UserState and UserPolicy (rollout.h).
  std::unique_ptr<Rollouts> rollouts(const State& start, int depth,
                                     const std::vector<Fixed>& fixed) const override;

  // The position of `player` among the step's actors, or −1.
  int position(const Step& step, int player) const {
    const Stage& st = stages[step.stage];
    for (int a = 0; a < step.count; ++a) {
      if (st.players[step.first_position + a] == player) return a;
    }
    return -1;
  }
};

// ---------------------------------------------------------------------------------------------------

NodeType UserState::type() const {
  if (step_ >= static_cast<int>(game_->steps.size())) return NodeType::kTerminal;
  return game_->stages[game_->steps[step_].stage].chance ? NodeType::kChance : NodeType::kDecision;
}

int UserState::acting(int* players) const {
  if (type() != NodeType::kDecision) return 0;
  const Step& s = game_->steps[step_];
  const Stage& st = game_->stages[s.stage];
  for (int a = 0; a < s.count; ++a) players[a] = st.players[s.first_position + a];
  return s.count;
}

ActionSpace UserState::legal_actions(int player) const {
  ActionSpace space;
  if (type() != NodeType::kDecision || game_->position(game_->steps[step_], player) < 0) return space;
  space.slots = game_->stages[game_->steps[step_].stage].slots;
  return space;
}

void UserState::set(int choice) {
  values_[set_] = static_cast<std::int16_t>(choice);
  index_ = index_ * static_cast<std::int64_t>(game_->variables[set_].domain.size()) + choice;
  ++set_;
}

void UserState::finish_step(double* reward) {
  ++step_;
  if (type() != NodeType::kTerminal) return;
  const int p = game_->num_players();
  for (int i = 0; i < p; ++i) reward[i] += game_->payoffs[index_ * p + i];
}

void UserState::apply_actions(const Action* joint, double* reward) {
  const Step& s = game_->steps[step_];
  for (int a = 0; a < s.count; ++a) {
    for (int slot = 0; slot < joint[a].size(); ++slot) set(joint[a][slot]);
  }
  finish_step(reward);
}

int UserState::num_chance_outcomes() const {
  if (type() != NodeType::kChance) return 0;
  return static_cast<int>(game_->stages[game_->steps[step_].stage].probabilities.size());
}

double UserState::chance_probability(int outcome) const {
  return game_->stages[game_->steps[step_].stage].probabilities[outcome];
}

std::string UserState::chance_label(int outcome) const {
  return game_->variables[game_->steps[step_].first_variable].labels[outcome];
}

void UserState::apply_chance(int outcome, double* reward) {
  set(outcome);
  finish_step(reward);
}

std::string UserState::serialise() const {
  std::string out = "game";
  for (int v = 0; v < set_; ++v) out += " " + std::to_string(values_[v]);
  return out;
}

bool UserState::parse(std::string_view text, std::string* error) {
  *this = UserState(game_);
  std::istringstream in{std::string(text)};
  std::string word;
  if (!(in >> word) || word != "game") return *error = "a game state starts with \"game\"", false;
  std::vector<int> values;
  while (in >> word) {
    try {
      values.push_back(std::stoi(word));
    } catch (const std::exception&) {
      return *error = "\"" + word + "\" is not a choice index", false;
    }
  }
  std::size_t at = 0;
  double reward[kMaxPlayers] = {};
  while (at < values.size()) {
    if (type() == NodeType::kTerminal) return *error = "more choices than the game has", false;
    const Step& s = game_->steps[step_];
    if (at + s.variables > values.size()) return *error = "the last step is incomplete", false;
    for (int v = 0; v < s.variables; ++v) {
      int c = values[at + v];
      if (c < 0 || c >= static_cast<int>(game_->variables[s.first_variable + v].domain.size())) {
        return *error = "choice " + std::to_string(c) + " of " + game_->variables[s.first_variable + v].name +
                        " is out of range",
               false;
      }
    }
    if (type() == NodeType::kChance) {
      apply_chance(values[at], reward);
    } else {
      const Stage& st = game_->stages[s.stage];
      Action joint[kMaxPlayers];
      int k = static_cast<int>(at);
      for (int a = 0; a < s.count; ++a) {
        joint[a].resize(static_cast<int>(st.slots.size()));
        for (int slot = 0; slot < static_cast<int>(st.slots.size()); ++slot) joint[a].set(slot, values[k++]);
      }
      apply_actions(joint, reward);
    }
    at += s.variables;
  }
  return true;
}

std::string UserState::describe() const {
  nlohmann::json out;
  out["step"] = step_;
  if (type() != NodeType::kTerminal) out["stage"] = game_->stages[game_->steps[step_].stage].name;
  auto& history = out["history"] = nlohmann::json::object();
  for (int v = 0; v < set_; ++v) history[game_->variables[v].name] = game_->variables[v].labels[values_[v]];
  if (type() == NodeType::kTerminal) {
    for (int i = 0; i < game_->num_players(); ++i) {
      out["payoffs"][game_->players[i]] = game_->payoffs[index_ * game_->num_players() + i];
    }
  }
  return json_text(out);
}

Action UserPolicy::sample(const State& state, int player, Rng& rng) const {
  const auto& s = static_cast<const UserState&>(state);
  const Step& step = game_->steps[s.step()];
  int pos = game_->position(step, player);
  const auto& slots = game_->tables[s.step()][pos];
  Action a;
  a.resize(static_cast<int>(slots.size()));
  for (int slot = 0; slot < static_cast<int>(slots.size()); ++slot) {
    const SlotTable& t = slots[slot];
    a.set(slot, rng.pick(t.p.data() + s.index() * t.choices, t.choices));
  }
  return a;
}

std::unique_ptr<Rollouts> UserGame::rollouts(const State& start, int depth,
                                             const std::vector<Fixed>& fixed) const {
  return make_rollouts<UserState, UserPolicy>(*this, start, depth, fixed);
}

void UserPolicy::distribution(const State& state, int player,
                              std::vector<std::pair<Action, double>>* out) const {
  const auto& s = static_cast<const UserState&>(state);
  const Step& step = game_->steps[s.step()];
  int pos = game_->position(step, player);
  const auto& slots = game_->tables[s.step()][pos];
  out->clear();
  out->emplace_back(Action(), 1.0);
  // The slots are independent: the distribution is the product of their tables.
  for (const SlotTable& t : slots) {
    std::vector<std::pair<Action, double>> next;
    const double* p = t.p.data() + s.index() * t.choices;
    for (const auto& [a, q] : *out) {
      for (int c = 0; c < t.choices; ++c) {
        if (p[c] <= 0) continue;
        Action b = a;
        b.resize(a.size() + 1);
        b.set(a.size(), c);
        next.emplace_back(b, q * p[c]);
      }
    }
    out->swap(next);
  }
}

// ---------------------------------------------------------------------------------------------------
// Reading.

bool valid_name(const std::string& s) {
  if (s.empty() || !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z') || s[0] == '_'))
    return false;
  for (char c : s) {
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'))
      return false;
  }
  return true;
}

class Reader {
 public:
  Reader(FileReader& r, UserGame* game) : r_(r), g_(game) {}

  bool read(const Json& root) {
    const Json* players = r_.find(root, "players");
    const Json* stages = r_.find(root, "stages");
    if (!players)
      r_.error("model.missing_field", root, "a game has no \"players\"", "add \"players\": [\"a\", \"b\"]");
    if (!stages) r_.error("model.missing_field", root, "a game has no \"stages\"", "add \"stages\": [...]");
    bool players_ok = players && read_players(*players);
    if (!players_ok || !stages || !read_stages(*stages)) return false;
    if (!layout()) return false;
    bool ok = read_payoffs(root);
    ok = read_policies(root) && ok;
    return ok;
  }

 private:
  bool read_players(const Json& v) {
    if (!r_.array(v, "\"players\"")) return false;
    if (v.empty() || v.size() > kMaxPlayers) {
      r_.error("game.bad_players", v, "a game has 1 to " + std::to_string(kMaxPlayers) + " players");
      return false;
    }
    for (const Json& p : v) {
      auto name = r_.string(p, "a player");
      if (!name) return false;
      if (!valid_name(*name)) {
        r_.error("game.invalid_name", p, "\"" + *name + "\" cannot name a player",
                 "names are letters, digits and _, starting with a letter (expressions read them)");
        return false;
      }
      if (std::find(g_->players.begin(), g_->players.end(), *name) != g_->players.end()) {
        r_.error("game.duplicate_name", p, "player \"" + *name + "\" is listed twice");
        return false;
      }
      g_->players.push_back(*name);
    }
    return true;
  }

  int player_index(const std::string& name) const {
    for (int i = 0; i < static_cast<int>(g_->players.size()); ++i) {
      if (g_->players[i] == name) return i;
    }
    return -1;
  }

  bool read_domain(const Json& v, const std::string& what, scim::Domain* domain,
                   std::vector<std::string>* labels) {
    if (!r_.array(v, what)) return false;
    if (v.empty()) {
      r_.error("game.empty_choices", v, what + " has no choices");
      return false;
    }
    for (const Json& c : v) {
      scim::Outcome o;
      if (c.is_string()) {
        o = c.get<std::string>();
      } else if (c.is_number()) {
        o = c.get<double>();
      } else if (c.is_boolean()) {
        o = c.get<bool>();
      } else {
        r_.error("model.wrong_type", c, "a choice is a label, a number or a boolean");
        return false;
      }
      if (!domain->empty() && scim::type_of(o) != scim::type_of(domain->front())) {
        r_.error("model.wrong_type", c, "the choices of " + what + " must all be of one type");
        return false;
      }
      if (scim::find_outcome(*domain, o) >= 0) {
        r_.error("game.duplicate_name", c, "choice " + scim::outcome_text(o) + " is listed twice in " + what);
        return false;
      }
      domain->push_back(o);
      labels->push_back(c.is_string() ? c.get<std::string>() : scim::outcome_text(o));
    }
    return true;
  }

  bool read_stages(const Json& v) {
    if (!r_.array(v, "\"stages\"")) return false;
    if (v.empty()) {
      r_.error("game.no_stages", v, "a game needs at least one stage");
      return false;
    }
    bool ok = true;
    for (const Json& s : v) {
      if (!r_.object(s, "a stage")) return false;
      r_.fields(s, {"name", "chance", "players", "order", "actions"}, "a stage");
      Stage st;
      const Json* name = r_.find(s, "name");
      if (!name) {
        r_.error("model.missing_field", s, "a stage has no \"name\"");
        return false;
      }
      auto n = r_.string(*name, "a stage's name");
      if (!n) return false;
      if (!valid_name(*n)) {
        r_.error("game.invalid_name", *name, "\"" + *n + "\" cannot name a stage",
                 "names are letters, digits and _, starting with a letter");
        return false;
      }
      for (const Stage& other : g_->stages) {
        if (other.name == *n) {
          r_.error("game.duplicate_name", *name, "stage \"" + *n + "\" is defined twice");
          return false;
        }
      }
      st.name = *n;
      if (const Json* chance = r_.find(s, "chance")) {
        st.chance = true;
        if (r_.find(s, "players") || r_.find(s, "actions")) {
          r_.error("game.mixed_stage", *chance, "a chance stage has no \"players\" or \"actions\"");
          return false;
        }
        if (!r_.object(*chance, "\"chance\"")) return false;
        Variable var;
        var.name = st.name;
        double total = 0;
        for (const auto& member : chance->items()) {
          auto p = r_.number(member.value(), "a probability");
          if (!p) return false;
          if (*p < 0 || *p > 1) {
            r_.error("model.bad_probability", member.value(), "probabilities lie between 0 and 1");
            return false;
          }
          var.domain.push_back(member.key());
          var.labels.push_back(member.key());
          st.probabilities.push_back(*p);
          total += *p;
        }
        if (var.domain.empty() || std::abs(total - 1) > 1e-9) {
          r_.error("model.bad_probability", *chance,
                   "the chance outcomes' probabilities sum to " + std::to_string(total) + ", not 1");
          return false;
        }
        st.first_variable = static_cast<int>(g_->variables.size());
        g_->variables.push_back(std::move(var));
        g_->stages.push_back(std::move(st));
        continue;
      }
      const Json* players = r_.find(s, "players");
      const Json* actions = r_.find(s, "actions");
      if (!players || !actions) {
        r_.error("model.missing_field", s,
                 "stage \"" + st.name + "\" needs \"players\" and \"actions\" (or \"chance\")");
        return false;
      }
      if (!r_.array(*players, "a stage's \"players\"")) return false;
      for (const Json& p : *players) {
        auto pn = r_.string(p, "a player");
        if (!pn) return false;
        int i = player_index(*pn);
        if (i < 0) {
          r_.error("game.unknown_player", p, "\"" + *pn + "\" is not a player",
                   did_you_mean(*pn, g_->players));
          ok = false;
          continue;
        }
        if (std::find(st.players.begin(), st.players.end(), i) != st.players.end()) {
          r_.error("game.duplicate_name", p, "\"" + *pn + "\" is listed twice in stage \"" + st.name + "\"");
          ok = false;
          continue;
        }
        st.players.push_back(i);
      }
      if (players->empty()) {
        r_.error("game.bad_players", *players, "stage \"" + st.name + "\" has no players",
                 "a decision stage lists who acts in it");
        return false;
      }
      if (const Json* order = r_.find(s, "order")) {
        auto o = r_.string(*order, "\"order\"");
        if (!o) return false;
        if (*o != "simultaneous" && *o != "in turn") {
          r_.error("game.bad_order", *order,
                   "\"order\" is \"simultaneous\" or \"in turn\", not \"" + *o + "\"");
          return false;
        }
        st.simultaneous = *o == "simultaneous";
      }
      if (!r_.object(*actions, "\"actions\"")) return false;
      if (actions->empty() || actions->size() > kMaxSlots) {
        r_.error("game.bad_actions", *actions,
                 "\"actions\" lists 1 to " + std::to_string(kMaxSlots) +
                     " slots (sub-actions), each with its choices");
        return false;
      }
      for (const auto& member : actions->items()) {
        if (!valid_name(member.key())) {
          r_.error_at_key("game.invalid_name", member.value(), "\"" + member.key() + "\" cannot name a slot");
          return false;
        }
        Slot slot;
        slot.name = member.key();
        scim::Domain domain;
        if (!read_domain(member.value(), "slot \"" + member.key() + "\"", &domain, &slot.choices))
          return false;
        domains_.push_back(domain);
        st.slots.push_back(std::move(slot));
      }
      stage_domains_.push_back({static_cast<int>(g_->stages.size()),
                                std::vector<scim::Domain>(domains_.end() - st.slots.size(), domains_.end())});
      g_->stages.push_back(std::move(st));
    }
    return ok;
  }

  // Variables and steps, in play order.
  bool layout() {
    g_->variables.clear();
    std::int64_t histories = 1;
    for (int si = 0; si < static_cast<int>(g_->stages.size()); ++si) {
      Stage& st = g_->stages[si];
      st.first_variable = static_cast<int>(g_->variables.size());
      if (st.chance) {
        Variable v;
        v.name = st.name;
        v.labels.clear();
        for (std::size_t k = 0; k < st.probabilities.size(); ++k) {
          v.labels.push_back(chance_labels_[si][k]);
          v.domain.emplace_back(chance_labels_[si][k]);
        }
        g_->variables.push_back(v);
      } else {
        const std::vector<scim::Domain>& domains = domains_of(si);
        for (int p : st.players) {
          for (std::size_t slot = 0; slot < st.slots.size(); ++slot) {
            Variable v;
            v.name = st.name + "_" + g_->players[p] + (st.slots.size() > 1 ? "_" + st.slots[slot].name : "");
            v.domain = domains[slot];
            v.labels = st.slots[slot].choices;
            g_->variables.push_back(v);
          }
        }
        int n = static_cast<int>(st.players.size()), k = static_cast<int>(st.slots.size());
        if (st.simultaneous) {
          g_->steps.push_back({si, 0, n, st.first_variable, n * k});
        } else {
          for (int a = 0; a < n; ++a) g_->steps.push_back({si, a, 1, st.first_variable + a * k, k});
        }
        continue;
      }
      g_->steps.push_back({si, 0, 1, st.first_variable, 1});
    }
    for (const Variable& v : g_->variables) {
      histories *= static_cast<std::int64_t>(std::max<std::size_t>(1, v.domain.size()));
      if (histories > kMaxHistories) {
        r_.error("game.too_large", r_.doc().root(),
                 "the game has more than " + std::to_string(kMaxHistories) + " complete histories",
                 "user-written games are tabulated when read; use fewer stages or choices");
        return false;
      }
    }
    if (static_cast<int>(g_->steps.size()) > kMaxSteps ||
        static_cast<int>(g_->variables.size()) > 4 * kMaxSteps) {
      r_.error("game.too_large", r_.doc().root(),
               "the game has more than " + std::to_string(kMaxSteps) + " steps");
      return false;
    }
    histories_ = histories;
    return true;
  }

  const std::vector<scim::Domain>& domains_of(int stage) const {
    for (const auto& [si, d] : stage_domains_) {
      if (si == stage) return d;
    }
    static const std::vector<scim::Domain> none;
    return none;
  }

  std::vector<scim::expr::Symbol> symbols(int count) const {
    std::vector<scim::expr::Symbol> out;
    for (int v = 0; v < count; ++v) out.push_back({g_->variables[v].name, g_->variables[v].domain});
    return out;
  }
  std::vector<std::string> names_from(int first) const {
    std::vector<std::string> out;
    for (int v = first; v < static_cast<int>(g_->variables.size()); ++v) out.push_back(g_->variables[v].name);
    return out;
  }

  std::optional<scim::expr::Expression> compile(const Json& text_value, int visible, scim::ValueType want) {
    auto text = r_.string(text_value, "an expression");
    if (!text) return std::nullopt;
    std::vector<scim::expr::Error> errors;
    scim::expr::Expression e =
        scim::expr::Expression::compile(*text, symbols(visible), &errors, names_from(visible));
    for (const scim::expr::Error& err : errors) {
      std::string hint = err.hint;
      r_.error_in_string(err.id, text_value, err.begin, err.end, err.message, hint);
    }
    if (!e.ok()) return std::nullopt;
    if (e.type() != want) {
      r_.error("expr.type_mismatch", text_value,
               std::string("this expression gives a ") + scim::type_name(e.type()) + ", not a " +
                   scim::type_name(want));
      return std::nullopt;
    }
    return e;
  }

  // Calls f(indices, index) for every assignment of the first `count` variables, index being the
  // mixed-radix index (the first variable slowest), as UserState computes it.
  template <class F>
  bool each_prefix(int count, F&& f) {
    std::vector<int> idx(count, 0);
    for (std::int64_t index = 0;; ++index) {
      if (!f(idx.data(), index)) return false;
      int v = count - 1;
      while (v >= 0 && ++idx[v] == static_cast<int>(g_->variables[v].domain.size())) idx[v--] = 0;
      if (v < 0) return true;
    }
  }

  std::string history_text(const int* idx, int count) const {
    std::string out;
    for (int v = 0; v < count; ++v) {
      out += (v ? ", " : "") + g_->variables[v].name + " = " +
             scim::outcome_text(g_->variables[v].domain[idx[v]]);
    }
    return out;
  }

  // "given": {variable: label, ...} against the first `visible` variables.
  bool read_given(const Json& given, int visible, std::vector<std::pair<int, int>>* out) {
    if (!r_.object(given, "\"given\"")) return false;
    for (const auto& member : given.items()) {
      int v = -1;
      for (int k = 0; k < visible; ++k) {
        if (g_->variables[k].name == member.key()) v = k;
      }
      if (v < 0) {
        std::vector<std::string> names;
        for (int k = 0; k < visible; ++k) names.push_back(g_->variables[k].name);
        r_.error_at_key("game.unknown_variable", member.value(),
                        "\"" + member.key() + "\" is not a variable this can read",
                        did_you_mean(member.key(), names));
        return false;
      }
      scim::Outcome o;
      const Json& x = member.value();
      if (x.is_string()) o = x.get<std::string>();
      else if (x.is_number()) o = x.get<double>();
      else if (x.is_boolean()) o = x.get<bool>();
      int c = scim::find_outcome(g_->variables[v].domain, o);
      if (c < 0) {
        r_.error("game.unknown_choice", x, "\"" + member.key() + "\" has no outcome " + json_text(x),
                 "its outcomes are " + FileReader::join(g_->variables[v].labels));
        return false;
      }
      out->push_back({v, c});
    }
    return true;
  }

  bool read_payoffs(const Json& root) {
    const int p = g_->num_players();
    const int all = static_cast<int>(g_->variables.size());
    const Json* exprs = r_.find(root, "payoffs");
    const Json* table = r_.find(root, "payoff_table");
    if (!exprs == !table) {
      r_.error("model.missing_field", root,
               "a game gives either \"payoffs\" (expressions) or \"payoff_table\"");
      return false;
    }
    g_->payoffs.assign(static_cast<std::size_t>(histories_ * p), 0.0);
    if (exprs) {
      if (!r_.object(*exprs, "\"payoffs\"")) return false;
      std::vector<std::optional<scim::expr::Expression>> e(p);
      bool ok = true;
      for (const auto& member : exprs->items()) {
        int i = player_index(member.key());
        if (i < 0) {
          r_.error_at_key("game.unknown_player", member.value(), "\"" + member.key() + "\" is not a player",
                          did_you_mean(member.key(), g_->players));
          ok = false;
          continue;
        }
        e[i] = compile(member.value(), all, scim::ValueType::kNumber);
        ok = ok && e[i].has_value();
      }
      for (int i = 0; i < p && ok; ++i) {
        if (!e[i]) {
          r_.error("model.missing_field", *exprs, "no payoff for player \"" + g_->players[i] + "\"");
          ok = false;
        }
      }
      if (!ok) return false;
      return each_prefix(all, [&](const int* idx, std::int64_t index) {
        for (int i = 0; i < p; ++i) {
          try {
            double x = std::get<double>(e[i]->evaluate(idx));
            if (!std::isfinite(x)) throw std::domain_error("the payoff is not a finite number");
            g_->payoffs[index * p + i] = x;
          } catch (const std::exception& ex) {
            auto it = exprs->find(g_->players[i]);
            r_.error("game.bad_payoff", *it, std::string(ex.what()) + " when " + history_text(idx, all));
            return false;
          }
        }
        return true;
      });
    }
    if (!r_.array(*table, "\"payoff_table\"")) return false;
    struct Row {
      std::vector<std::pair<int, int>> given;
      std::vector<double> values;
    };
    std::vector<Row> rows;
    for (const Json& row : *table) {
      if (!r_.object(row, "a payoff row")) return false;
      r_.fields(row, {"given", "payoffs"}, "a payoff row");
      Row out;
      if (const Json* given = r_.find(row, "given")) {
        if (!read_given(*given, all, &out.given)) return false;
      }
      const Json* values = r_.find(row, "payoffs");
      if (!values || !r_.object(*values, "\"payoffs\"")) {
        if (!values)
          r_.error("model.missing_field", row, "a payoff row has no \"payoffs\": {player: number}");
        return false;
      }
      out.values.assign(p, 0.0);
      std::vector<bool> seen(p, false);
      for (const auto& member : values->items()) {
        int i = player_index(member.key());
        if (i < 0) {
          r_.error_at_key("game.unknown_player", member.value(), "\"" + member.key() + "\" is not a player",
                          did_you_mean(member.key(), g_->players));
          return false;
        }
        auto x = r_.number(member.value(), "a payoff");
        if (!x) return false;
        out.values[i] = *x;
        seen[i] = true;
      }
      for (int i = 0; i < p; ++i) {
        if (!seen[i]) {
          r_.error("model.missing_field", *values, "no payoff for player \"" + g_->players[i] + "\"");
          return false;
        }
      }
      rows.push_back(std::move(out));
    }
    return each_prefix(all, [&](const int* idx, std::int64_t index) {
      for (const Row& row : rows) {
        bool match = true;
        for (auto [v, c] : row.given) match = match && idx[v] == c;
        if (!match) continue;
        for (int i = 0; i < p; ++i) g_->payoffs[index * p + i] = row.values[i];
        return true;
      }
      r_.error("game.uncovered_payoff", *table,
               "no row of \"payoff_table\" matches " + history_text(idx, all),
               "add a row for it, or a last row without \"given\" for every other history");
      return false;
    });
  }

  // The slot distribution of `spec` for a player's slot at a step whose first `visible` variables are set.
  bool read_slot_policy(const Json* spec, int visible, const Slot& slot, const scim::Domain& domain,
                        SlotTable* t) {
    const int k = static_cast<int>(slot.choices.size());
    t->choices = k;
    std::int64_t prefixes = 1;
    for (int v = 0; v < visible; ++v) prefixes *= static_cast<std::int64_t>(g_->variables[v].domain.size());
    t->p.assign(static_cast<std::size_t>(prefixes * k), 1.0 / k);
    if (!spec) return true;  // no policy: uniform
    auto cpd = [&](const Json& v, std::vector<double>* out) {
      if (!r_.object(v, "a distribution")) return false;
      out->assign(k, 0.0);
      double total = 0;
      for (const auto& member : v.items()) {
        auto it = std::find(slot.choices.begin(), slot.choices.end(), member.key());
        if (it == slot.choices.end()) {
          r_.error_at_key("game.unknown_choice", member.value(),
                          "\"" + member.key() + "\" is not a choice of slot \"" + slot.name + "\"",
                          "its choices are " + FileReader::join(slot.choices));
          return false;
        }
        auto x = r_.number(member.value(), "a probability");
        if (!x) return false;
        if (*x < 0 || *x > 1) {
          r_.error("model.bad_probability", member.value(), "probabilities lie between 0 and 1");
          return false;
        }
        (*out)[it - slot.choices.begin()] = *x;
        total += *x;
      }
      if (std::abs(total - 1) > 1e-9) {
        r_.error("model.bad_probability", v, "the probabilities sum to " + std::to_string(total) + ", not 1");
        return false;
      }
      return true;
    };
    if (spec->is_string()) {
      // Deterministic: an expression giving one of the choices.
      scim::ValueType want = scim::type_of(domain.front());
      auto e = compile(*spec, visible, want);
      if (!e) return false;
      return each_prefix(visible, [&](const int* idx, std::int64_t index) {
        try {
          scim::Outcome o = e->evaluate(idx);
          int c = scim::find_outcome(domain, o);
          if (c < 0)
            throw std::domain_error("it gives " + scim::outcome_text(o) + ", not one of the slot's choices");
          std::fill(t->p.begin() + index * k, t->p.begin() + (index + 1) * k, 0.0);
          t->p[index * k + c] = 1;
          return true;
        } catch (const std::exception& ex) {
          r_.error("game.bad_policy", *spec, std::string(ex.what()) + " when " + history_text(idx, visible));
          return false;
        }
      });
    }
    if (!r_.object(*spec, "a policy")) return false;
    if (const Json* weights = r_.find(*spec, "weights")) {
      r_.fields(*spec, {"weights"}, "a weighted policy");
      if (!r_.object(*weights, "\"weights\"")) return false;
      std::vector<std::optional<scim::expr::Expression>> e(k);
      std::vector<double> constant(k, 0.0);
      for (const auto& member : weights->items()) {
        auto it = std::find(slot.choices.begin(), slot.choices.end(), member.key());
        if (it == slot.choices.end()) {
          r_.error_at_key("game.unknown_choice", member.value(),
                          "\"" + member.key() + "\" is not a choice of slot \"" + slot.name + "\"",
                          "its choices are " + FileReader::join(slot.choices));
          return false;
        }
        if (member.value().is_number()) {
          constant[it - slot.choices.begin()] = member.value().get<double>();
          continue;
        }
        e[it - slot.choices.begin()] = compile(member.value(), visible, scim::ValueType::kNumber);
        if (!e[it - slot.choices.begin()]) return false;
      }
      return each_prefix(visible, [&](const int* idx, std::int64_t index) {
        double total = 0;
        try {
          for (int c = 0; c < k; ++c) {
            double w = e[c] ? std::get<double>(e[c]->evaluate(idx)) : constant[c];
            if (!(w >= 0) || !std::isfinite(w)) throw std::domain_error("a weight is negative or not finite");
            t->p[index * k + c] = w;
            total += w;
          }
          if (total <= 0) throw std::domain_error("every weight is 0");
        } catch (const std::exception& ex) {
          r_.error("game.bad_policy", *weights,
                   std::string(ex.what()) + " when " + history_text(idx, visible));
          return false;
        }
        for (int c = 0; c < k; ++c) t->p[index * k + c] /= total;
        return true;
      });
    }
    if (const Json* table = r_.find(*spec, "table")) {
      r_.fields(*spec, {"table"}, "a tabled policy");
      if (!r_.array(*table, "\"table\"")) return false;
      struct Row {
        std::vector<std::pair<int, int>> given;
        std::vector<double> p;
      };
      std::vector<Row> rows;
      for (const Json& row : *table) {
        if (!r_.object(row, "a policy row")) return false;
        r_.fields(row, {"given", "cpd"}, "a policy row");
        Row out;
        if (const Json* given = r_.find(row, "given")) {
          if (!read_given(*given, visible, &out.given)) return false;
        }
        const Json* c = r_.find(row, "cpd");
        if (!c) {
          r_.error("model.missing_field", row, "a policy row has no \"cpd\"");
          return false;
        }
        if (!cpd(*c, &out.p)) return false;
        rows.push_back(std::move(out));
      }
      return each_prefix(visible, [&](const int* idx, std::int64_t index) {
        for (const Row& row : rows) {
          bool match = true;
          for (auto [v, c] : row.given) match = match && idx[v] == c;
          if (!match) continue;
          std::copy(row.p.begin(), row.p.end(), t->p.begin() + index * k);
          return true;
        }
        r_.error("game.uncovered_policy", *table, "no row of the table matches " + history_text(idx, visible),
                 "add a last row without \"given\"");
        return false;
      });
    }
    std::vector<double> constant;
    if (!cpd(*spec, &constant)) return false;
    for (std::int64_t index = 0; index < prefixes; ++index) {
      std::copy(constant.begin(), constant.end(), t->p.begin() + index * k);
    }
    return true;
  }

  bool read_policies(const Json& root) {
    const Json* policies = r_.find(root, "policies");
    if (policies && !r_.object(*policies, "\"policies\"")) return false;
    if (policies) {
      for (const auto& member : policies->items()) {
        if (player_index(member.key()) < 0) {
          r_.error_at_key("game.unknown_player", member.value(), "\"" + member.key() + "\" is not a player",
                          did_you_mean(member.key(), g_->players));
          return false;
        }
        if (!r_.object(member.value(), "a player's policy")) return false;
        std::vector<std::string> stage_names;
        for (const Stage& st : g_->stages) {
          if (!st.chance) stage_names.push_back(st.name);
        }
        r_.fields(member.value(), stage_names, "a policy (its fields are the decision stages)");
      }
    }
    g_->tables.resize(g_->steps.size());
    for (int si = 0; si < static_cast<int>(g_->steps.size()); ++si) {
      const Step& step = g_->steps[si];
      const Stage& st = g_->stages[step.stage];
      if (st.chance) continue;
      const std::vector<scim::Domain>& domains = domains_of(step.stage);
      for (int a = 0; a < step.count; ++a) {
        int player = st.players[step.first_position + a];
        // In turn, a player sees the stage's earlier players; simultaneously, only earlier stages.
        int visible = step.first_variable;
        const Json* spec = nullptr;
        if (policies) {
          auto pit = policies->find(g_->players[player]);
          if (pit != policies->end()) {
            auto sit = pit->find(st.name);
            if (sit != pit->end()) spec = &*sit;
          }
        }
        std::vector<SlotTable> slots(st.slots.size());
        for (std::size_t slot = 0; slot < st.slots.size(); ++slot) {
          const Json* slot_spec = spec;
          if (spec && st.slots.size() > 1) {
            slot_spec = nullptr;
            if (!r_.object(*spec, "a policy of a stage with several slots ({slot: policy})")) return false;
            std::vector<std::string> names;
            for (const Slot& s : st.slots) names.push_back(s.name);
            if (slot == 0)
              r_.fields(*spec, names, "a policy of stage \"" + st.name + "\" (its fields are the slots)");
            auto it = spec->find(st.slots[slot].name);
            if (it != spec->end()) slot_spec = &*it;
          }
          if (!read_slot_policy(slot_spec, visible, st.slots[slot], domains[slot], &slots[slot]))
            return false;
        }
        g_->tables[si].push_back(std::move(slots));
      }
    }
    for (int i = 0; i < g_->num_players(); ++i) g_->policies.push_back(std::make_unique<UserPolicy>(g_));
    return r_.diagnostics()->empty();
  }

 public:
  // Chance labels are read with the stages (before the variables are laid out).
  std::vector<std::vector<std::string>> chance_labels_;

 private:
  FileReader& r_;
  UserGame* g_;
  std::vector<scim::Domain> domains_;
  std::vector<std::pair<int, std::vector<scim::Domain>>> stage_domains_;
  std::int64_t histories_ = 1;
};

}  // namespace

std::shared_ptr<const Game> read_user_game(const Json& root, FileReader& reader) {
  auto game = std::make_shared<UserGame>();
  Reader r(reader, game.get());
  // Chance labels come from the stage objects' keys, kept before layout() rebuilds the variables.
  if (const Json* stages = reader.find(root, "stages"); stages && stages->is_array()) {
    for (const Json& s : *stages) {
      std::vector<std::string> labels;
      if (s.is_object()) {
        auto c = s.find("chance");
        if (c != s.end() && c->is_object()) {
          for (const auto& m : c->items()) labels.push_back(m.key());
        }
      }
      r.chance_labels_.push_back(labels);
    }
  }
  if (!r.read(root)) return nullptr;
  if (!reader.diagnostics()->empty()) return nullptr;
  return game;
}

}  // namespace motive::game
