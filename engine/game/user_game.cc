#include "game/user_game.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/diagnostics.h"
#include "game/rollout.h"
#include "scim/expression.h"
#include "scim/outcome.h"

namespace motive::game {

namespace {

constexpr int kMaxSteps = 64;
constexpr int kMaxVariables = 4 * kMaxSteps;
// A choice is stored as a std::int16_t (Action's slots, the state's history): at most 32,767 per slot.
constexpr int kMaxChoices = std::numeric_limits<std::int16_t>::max();
// Every number tabulated (policies, chance, rewards, payoffs, values): 64 MB of doubles at most.
constexpr std::int64_t kMaxTableNumbers = std::int64_t{1} << 23;
// Rows of a table times the histories they are matched against.
constexpr std::int64_t kMaxTableWork = std::int64_t{1} << 26;
constexpr int kMaxValueRollouts = 1000;

struct Variable {
  std::string name;
  scim::Domain domain;
  std::vector<std::string> labels;  // as slot choices / chance labels
  // Set by a stage with a "when": one more value, the last (radix − 1), stands for unset.
  bool optional = false;
};

// Numbers tabulated over the prefixes of the history: `width` numbers for each assignment of the first
// variables (row x: their mixed-radix index, the first variable slowest), stored once when they do not
// depend on the history (`constant`): most policies and chance stages.
struct PrefixTable {
  int width = 0;
  bool constant = true;
  std::vector<double> values;
  const double* row(std::int64_t x) const { return values.data() + (constant ? 0 : x * width); }
};

// One player's policy at one step: independent slots (a table per slot, over its choices) or the joint
// of its slots (one table over whole actions, the last slot fastest).
struct StepPolicy {
  bool joint = false;
  std::vector<int> radix;  // the slots' numbers of choices
  std::vector<PrefixTable> slots;
  PrefixTable actions;
};

struct Stage {
  std::string name;
  const Json* json = nullptr;
  bool chance = false;
  std::vector<std::string> outcomes;  // chance stages: the outcomes' labels
  bool simultaneous = true;
  std::vector<int> players;                        // decision stages, in acting order
  std::vector<std::vector<Slot>> slots;            // per position in players: its action's slots
  std::vector<std::vector<scim::Domain>> domains;  // per position, per slot
  int first_variable = 0;
  int variables = 0;
  int first_step = 0;
  int steps = 0;
  bool valued = false;                // has a "value" (V at its start)
  const Json* when = nullptr;         // played only where it holds (absent: always)
  const Json* information = nullptr;  // what its players know (absent: the whole history)
};

// One decision or chance node of the play.
struct Step {
  int stage = 0;
  int first_position = 0;          // index into the stage's players
  int count = 1;                   // players acting (all for simultaneous stages, one in turn)
  int first_variable = 0;          // the first variable this step sets
  int variables = 1;               // how many it sets
  std::int64_t prefixes = 1;       // assignments of the variables before it
  std::int64_t outcomes = 1;       // assignments of its own variables
  PrefixTable chance;              // chance steps: the outcomes' probabilities
  std::vector<StepPolicy> policy;  // decision steps: per acting position
  PrefixTable rewards;             // paid by the step, over the prefixes after it (width 0: none)
  PrefixTable value;               // V at its start, per player (width 0: not tabulated)
  // Chance steps with a tabulated V: the chance rewards up to the next decision node plus γ·V there
  // (what a decision step before it adds to its reward).
  PrefixTable later;
  // Whether the step is played after each prefix (empty: always; a stage's "when"). A skipped step
  // sets its variables to unset: its outcome `unset`, every digit the last.
  std::vector<std::uint8_t> played;
  std::int64_t unset = 0;
  // Per acting position, with "information": the player's information set after each prefix (an index
  // into its names), and the sets' names.
  std::vector<std::vector<std::int32_t>> information;
  std::vector<std::vector<std::string>> information_names;
};

enum class ValueKind { kRollout, kRollouts, kExpression, kExact };

class UserGame;

class UserState final : public State {
 public:
  explicit UserState(const UserGame* game);
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
    moves_ = o.moves_;
    set_ = o.set_;
    index_ = o.index_;
    std::copy(o.values_.begin(), o.values_.begin() + set_, values_.begin());
  }
  std::string serialise() const override;
  std::string describe() const override;
  int move_number() const override { return moves_; }
  std::string information(int player) const override;

  int step() const { return step_; }
  std::int64_t index() const { return index_; }
  bool parse(std::string_view text, std::string* error);

 private:
  void set(int choice);
  void finish_step(double* reward);
  void skip();
  const UserGame* game_;
  int step_ = 0;
  int moves_ = 0;           // steps played (skipped ones apart)
  int set_ = 0;             // variables set
  std::int64_t index_ = 0;  // mixed-radix index of the values set
  std::array<std::int16_t, kMaxVariables> values_{};
};

// One policy object per player; its tables are found by step and acting position. A draw takes one
// number per slot (independent slots) or one for the whole action (a joint policy).
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
  std::vector<int> radix;  // per variable: its number of values
  std::vector<Stage> stages;
  std::vector<Step> steps;
  PrefixTable payoffs;  // over complete histories, per player (width 0: the game has none)
  bool stage_rewards = false;
  bool conditional = false;  // some stage has a "when"
  double gamma = 1;
  ValueKind value_kind = ValueKind::kRollout;
  int continuations = 1;
  std::vector<std::unique_ptr<Policy>> policies;

  int num_players() const override { return static_cast<int>(players.size()); }
  std::string player_name(int player) const override { return players[player]; }
  std::unique_ptr<State> initial_state() const override { return std::make_unique<UserState>(this); }
  std::unique_ptr<State> deserialise(std::string_view text, std::string* error) const override {
    auto s = std::make_unique<UserState>(this);
    if (!s->parse(text, error)) return nullptr;
    return s;
  }
  double discount() const override { return gamma; }
  const Policy& policy(int player) const override { return *policies[player]; }
  bool has_heuristic_value() const override {
    return value_kind == ValueKind::kExpression || value_kind == ValueKind::kExact;
  }
  int value_rollouts() const override { return value_kind == ValueKind::kRollouts ? continuations : 1; }
  ValueInfo value_info() const override;
  void value(const State& state, double* v) const override {
    const auto& s = static_cast<const UserState&>(state);
    const int p = num_players();
    if (s.type() == NodeType::kTerminal || !has_heuristic_value()) {
      std::fill(v, v + p, 0.0);
      return;
    }
    const double* row = steps[s.step()].value.row(s.index());
    std::copy(row, row + p, v);
  }
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
  // The probability of the step's outcome `digits` (one per variable it sets) after prefix x.
  double step_probability(const Step& step, std::int64_t x, const int* digits) const {
    if (stages[step.stage].chance) return step.chance.row(x)[digits[0]];
    double q = 1;
    int at = 0;
    for (const StepPolicy& sp : step.policy) {
      const int n = static_cast<int>(sp.radix.size());
      if (sp.joint) {
        std::int64_t a = 0;
        for (int s = 0; s < n; ++s) a = a * sp.radix[s] + digits[at + s];
        q *= sp.actions.row(x)[a];
      } else {
        for (int s = 0; s < n; ++s) q *= sp.slots[s].row(x)[digits[at + s]];
      }
      at += n;
    }
    return q;
  }
};

// ---------------------------------------------------------------------------------------------------

UserState::UserState(const UserGame* game) : game_(game) {
  if (game_->conditional) skip();
}

// Passes the steps not played here (their stage's "when" is false), setting their variables unset.
void UserState::skip() {
  const int steps = static_cast<int>(game_->steps.size());
  while (step_ < steps) {
    const Step& s = game_->steps[step_];
    if (s.played.empty() || s.played[static_cast<std::size_t>(index_)]) return;
    for (int v = 0; v < s.variables; ++v) set(game_->radix[set_] - 1);
    ++step_;
  }
}

std::string UserState::information(int player) const {
  if (type() != NodeType::kDecision) return serialise();
  const Step& s = game_->steps[step_];
  const int a = game_->position(s, player);
  if (a < 0 || s.information.empty() || s.information[a].empty()) return serialise();
  const int set = s.information[a][static_cast<std::size_t>(index_)];
  return game_->stages[s.stage].name + ": " + s.information_names[a][set];
}

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
  if (type() != NodeType::kDecision) return space;
  const Step& s = game_->steps[step_];
  const int a = game_->position(s, player);
  if (a < 0) return space;
  space.slots = game_->stages[s.stage].slots[s.first_position + a];
  return space;
}

void UserState::set(int choice) {
  values_[set_] = static_cast<std::int16_t>(choice);
  index_ = index_ * game_->radix[set_] + choice;
  ++set_;
}

void UserState::finish_step(double* reward) {
  const int p = game_->num_players();
  if (const PrefixTable& r = game_->steps[step_].rewards; r.width) {
    const double* row = r.row(index_);
    for (int i = 0; i < p; ++i) reward[i] += row[i];
  }
  ++step_;
  ++moves_;
  if (game_->conditional) skip();  // games without "when" pay nothing for it in the rollout loop
  if (type() != NodeType::kTerminal || !game_->payoffs.width) return;
  const double* row = game_->payoffs.row(index_);
  for (int i = 0; i < p; ++i) reward[i] += row[i];
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
  return game_->steps[step_].chance.width;
}

double UserState::chance_probability(int outcome) const {
  return game_->steps[step_].chance.row(index_)[outcome];
}

std::string UserState::chance_label(int outcome) const {
  return game_->variables[game_->steps[step_].first_variable].labels[outcome];
}

void UserState::apply_chance(int outcome, double* reward) {
  set(outcome);
  finish_step(reward);
}

std::string UserState::serialise() const {
  // The choices of the steps played: an unset variable is implied by the ones before it.
  std::string out = "game";
  for (int v = 0; v < set_; ++v) {
    if (!game_->variables[v].optional || values_[v] != game_->radix[v] - 1)
      out += " " + std::to_string(values_[v]);
  }
  return out;
}

bool UserState::parse(std::string_view text, std::string* error) {
  *this = UserState(game_);
  std::vector<int> values;
  std::size_t at = 0;
  auto word = [&]() {
    while (at < text.size() && text[at] == ' ') ++at;
    std::size_t begin = at;
    while (at < text.size() && text[at] != ' ') ++at;
    return text.substr(begin, at - begin);
  };
  if (word() != "game") return *error = "a game state starts with \"game\"", false;
  for (std::string_view w = word(); !w.empty(); w = word()) {
    // Whole decimal numbers only: "0x1", "1.9", "+1" or "1e0" are not choice indices.
    const bool digits =
        w.size() <= 6 && std::all_of(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (!digits) {
      return *error = "\"" + std::string(w) + "\" is not a choice index (a whole number of at most 6 digits)",
             false;
    }
    int value = 0;
    for (char c : w) value = value * 10 + (c - '0');
    values.push_back(value);
  }
  // Exactly as serialise prints it (one space between words, no leading zeros, nothing after), so that
  // one state has one text: a link or a named state cannot carry a second spelling.
  std::string canonical = "game";
  for (int v : values) canonical += " " + std::to_string(v);
  if (canonical != text) {
    return *error = "a game state is written as serialise prints it: \"" + canonical + "\"", false;
  }
  std::size_t next = 0;
  double reward[kMaxPlayers] = {};
  while (next < values.size()) {
    if (type() == NodeType::kTerminal) return *error = "more choices than the game has", false;
    const Step& s = game_->steps[step_];
    if (next + s.variables > values.size()) return *error = "the last step is incomplete", false;
    for (int v = 0; v < s.variables; ++v) {
      int c = values[next + v];
      if (c >= static_cast<int>(game_->variables[s.first_variable + v].labels.size())) {
        return *error = "choice " + std::to_string(c) + " of " + game_->variables[s.first_variable + v].name +
                        " is out of range",
               false;
      }
    }
    if (type() == NodeType::kChance) {
      apply_chance(values[next], reward);
    } else {
      const Stage& st = game_->stages[s.stage];
      Action joint[kMaxPlayers];
      int k = static_cast<int>(next);
      for (int a = 0; a < s.count; ++a) {
        const auto& slots = st.slots[s.first_position + a];
        joint[a].resize(static_cast<int>(slots.size()));
        for (int slot = 0; slot < static_cast<int>(slots.size()); ++slot) joint[a].set(slot, values[k++]);
      }
      apply_actions(joint, reward);
    }
    next += s.variables;
  }
  return true;
}

std::string UserState::describe() const {
  nlohmann::json out;
  out["step"] = moves_;  // steps played (skipped ones apart)
  if (type() != NodeType::kTerminal) out["stage"] = game_->stages[game_->steps[step_].stage].name;
  auto& history = out["history"] = nlohmann::json::object();
  for (int v = 0; v < set_; ++v) {
    const Variable& var = game_->variables[v];
    // A skipped stage's variables are unset: not in the history.
    if (!var.optional || values_[v] != game_->radix[v] - 1) history[var.name] = var.labels[values_[v]];
  }
  const int p = game_->num_players();
  if (game_->stage_rewards) {
    // The stages' rewards received so far (undiscounted; the payoffs at the end apart).
    std::vector<double> received(p, 0.0);
    std::int64_t index = 0;
    for (int t = 0, v = 0; t < step_; ++t) {
      const Step& s = game_->steps[t];
      for (int k = 0; k < s.variables; ++k, ++v) index = index * game_->radix[v] + values_[v];
      if (!s.rewards.width) continue;
      const double* row = s.rewards.row(index);
      for (int i = 0; i < p; ++i) received[i] += row[i];
    }
    for (int i = 0; i < p; ++i) out["rewards"][game_->players[i]] = received[i];
  }
  if (type() == NodeType::kTerminal && game_->payoffs.width) {
    const double* row = game_->payoffs.row(index_);
    for (int i = 0; i < p; ++i) out["payoffs"][game_->players[i]] = row[i];
  }
  return json_text(out);
}

Action UserPolicy::sample(const State& state, int player, Rng& rng) const {
  const auto& s = static_cast<const UserState&>(state);
  const Step& step = game_->steps[s.step()];
  const StepPolicy& sp = step.policy[game_->position(step, player)];
  const int n = static_cast<int>(sp.radix.size());
  Action a;
  a.resize(n);
  if (sp.joint) {
    int k = rng.pick(sp.actions.row(s.index()), sp.actions.width);
    for (int slot = n - 1; slot >= 0; --slot) {
      a.set(slot, k % sp.radix[slot]);
      k /= sp.radix[slot];
    }
    return a;
  }
  for (int slot = 0; slot < n; ++slot) {
    const PrefixTable& t = sp.slots[slot];
    a.set(slot, rng.pick(t.row(s.index()), t.width));
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
  const StepPolicy& sp = step.policy[game_->position(step, player)];
  const int n = static_cast<int>(sp.radix.size());
  out->clear();
  if (sp.joint) {
    const double* p = sp.actions.row(s.index());
    for (int k = 0; k < sp.actions.width; ++k) {
      if (p[k] <= 0) continue;
      Action a;
      a.resize(n);
      for (int slot = n - 1, rest = k; slot >= 0; --slot) {
        a.set(slot, rest % sp.radix[slot]);
        rest /= sp.radix[slot];
      }
      out->emplace_back(a, p[k]);
    }
    return;
  }
  out->emplace_back(Action(), 1.0);
  // The slots are independent: the distribution is the product of their tables.
  for (const PrefixTable& t : sp.slots) {
    std::vector<std::pair<Action, double>> next;
    const double* p = t.row(s.index());
    for (const auto& [a, q] : *out) {
      for (int c = 0; c < t.width; ++c) {
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

ValueInfo UserGame::value_info() const {
  std::string discounted =
      gamma < 1 ? " (discounted by γ = " + json_text(nlohmann::json(gamma)) + " per decision step)" : "";
  switch (value_kind) {
    case ValueKind::kRollout:
      return {"rollout", "the return of one play from the reached state to the end with the policies" +
                             discounted + " (a Monte Carlo estimate, unbiased)"};
    case ValueKind::kRollouts:
      return {"rollouts", "the mean return of " + std::to_string(continuations) +
                              " plays from the reached state to the end with the policies" + discounted +
                              " (a Monte Carlo estimate, unbiased)"};
    case ValueKind::kExpression: {
      std::string names;
      for (const Stage& st : stages) {
        if (st.valued) names += (names.empty() ? "\"" : ", \"") + st.name + "\"";
      }
      return {"expression",
              "the file's value expressions where a stage that has one starts (" + names +
                  "); elsewhere the exact expected return, under the policies, up to the next such state "
                  "or the end, plus its value there" +
                  discounted};
    }
    case ValueKind::kExact:
      break;
  }
  return {"exact", "the exact expected return of the rest of the play under the policies" + discounted +
                       ", by backward induction over every history when the game was read (at most 2^18 "
                       "histories)"};
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

// Calls f(digits, index) for every assignment of digits with the given radices (the first slowest),
// index being its mixed-radix number, until f returns false.
template <class F>
bool odometer(const std::vector<int>& radix, F&& f) {
  const int count = static_cast<int>(radix.size());
  std::vector<int> digits(count, 0);
  for (std::int64_t index = 0;; ++index) {
    if (!f(digits.data(), index)) return false;
    int v = count - 1;
    while (v >= 0 && ++digits[v] == radix[v]) digits[v--] = 0;
    if (v < 0) return true;
  }
}

// A domain's choices found by label or by value without scanning the domain: labels through a hash
// map, numbers by binary search (within find_outcome's tolerance).
class ChoiceIndex {
 public:
  ChoiceIndex(const scim::Domain& domain, const std::vector<std::string>& labels) : domain_(&domain) {
    for (std::size_t c = 0; c < labels.size(); ++c) by_label_.emplace(labels[c], static_cast<int>(c));
    for (std::size_t c = 0; c < domain.size(); ++c) {
      if (const double* x = std::get_if<double>(&domain[c])) numbers_.emplace_back(*x, static_cast<int>(c));
    }
    std::sort(numbers_.begin(), numbers_.end());
  }
  // The choice whose label is `text`, or −1.
  int label(const std::string& text) const {
    auto it = by_label_.find(text);
    return it == by_label_.end() ? -1 : it->second;
  }
  // The choice equal to `o` (as find_outcome compares), or −1.
  int outcome(const scim::Outcome& o) const {
    if (domain_->empty() || scim::type_of(o) != scim::type_of(domain_->front())) return -1;
    if (const double* x = std::get_if<double>(&o)) {
      auto it = std::lower_bound(numbers_.begin(), numbers_.end(), std::make_pair(*x, -1));
      for (auto at : {it, it == numbers_.begin() ? it : it - 1}) {
        if (at != numbers_.end() && scim::same_outcome(scim::Outcome(at->first), o)) return at->second;
      }
      return -1;
    }
    if (const std::string* s = std::get_if<std::string>(&o)) return label(*s);
    return scim::find_outcome(*domain_, o);  // booleans: at most two
  }

 private:
  const scim::Domain* domain_;
  std::unordered_map<std::string, int> by_label_;
  std::vector<std::pair<double, int>> numbers_;
};

// What a distribution (a slot's policy or a chance stage's probabilities) is over, to read one.
struct Outcomes {
  const std::vector<std::string>* labels = nullptr;
  const scim::Domain* domain = nullptr;
  const ChoiceIndex* index = nullptr;
  std::string what;              // "slot \"x\"", "chance stage \"day\""
  const char* bad_id = nullptr;  // game.bad_policy, game.bad_chance
  const char* uncovered_id = nullptr;
  bool deterministic = false;  // may be an expression giving the outcome
};

// The prefixes a table is read at: reached by some play (`reach`), where its step is played (`played`),
// and, for a stage's rewards, where the stage was played (its last variable, of `unset_radix` values,
// not unset). Null and 0: every prefix (a game without "when").
struct Live {
  const std::vector<std::uint8_t>* reach = nullptr;
  const std::vector<std::uint8_t>* played = nullptr;
  int unset_radix = 0;
  bool live(std::int64_t x) const {
    const auto at = static_cast<std::size_t>(x);
    if ((reach && !(*reach)[at]) || (played && !(*played)[at])) return false;
    return unset_radix == 0 || x % unset_radix != unset_radix - 1;
  }
};

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
    if (!read_gamma(root) || !layout() || !read_when()) return false;
    for (const Stage& st : g_->stages) g_->stage_rewards = g_->stage_rewards || r_.find(*st.json, "rewards");
    if (!read_chance()) return false;
    bool ok = read_payoffs(root);
    ok = read_rewards() && ok;
    ok = ok && totals_bounded(root);
    ok = read_policies(root) && ok;
    ok = ok && read_information();
    ok = ok && read_value(root);
    if (!ok || !r_.diagnostics()->empty()) return false;
    for (int i = 0; i < g_->num_players(); ++i) g_->policies.push_back(std::make_unique<UserPolicy>(g_));
    return true;
  }

 private:
  // ---- players, stages, the layout ----------------------------------------------------------------

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
      if (player_index(*name) >= 0) {
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

  bool read_gamma(const Json& root) {
    const Json* gamma = r_.find(root, "gamma");
    if (!gamma) return true;
    auto x = r_.number(*gamma, "\"gamma\"");
    if (!x) return false;
    if (!(*x >= 0 && *x <= 1)) {
      r_.error("game.bad_gamma", *gamma, "\"gamma\" is a discount from 0 to 1",
               "1 (the default) adds the rewards as they are");
      return false;
    }
    g_->gamma = *x;
    return true;
  }

  // A slot's choices: labels, numbers or booleans, all of one type, distinct (checked in linear time:
  // a hash set of labels, numbers sorted), at most kMaxChoices.
  bool read_domain(const Json& v, const std::string& what, scim::Domain* domain,
                   std::vector<std::string>* labels) {
    if (!r_.array(v, what)) return false;
    if (v.empty()) {
      r_.error("game.empty_choices", v, what + " has no choices");
      return false;
    }
    if (v.size() > static_cast<std::size_t>(kMaxChoices)) {
      r_.error(
          "game.too_many_choices", v,
          what + " has " + std::to_string(v.size()) + " choices, more than " + std::to_string(kMaxChoices),
          "a choice is stored in 16 bits; split the choice over several slots");
      return false;
    }
    std::unordered_set<std::string> seen;
    std::vector<std::pair<double, std::size_t>> numbers;
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
      bool twice = false;
      if (const std::string* label = std::get_if<std::string>(&o)) twice = !seen.insert(*label).second;
      if (std::holds_alternative<bool>(o)) twice = scim::find_outcome(*domain, o) >= 0;
      if (const double* x = std::get_if<double>(&o)) numbers.emplace_back(*x, domain->size());
      if (twice) {
        r_.error("game.duplicate_name", c, "choice " + scim::outcome_text(o) + " is listed twice in " + what);
        return false;
      }
      domain->push_back(o);
      labels->push_back(c.is_string() ? c.get<std::string>() : scim::outcome_text(o));
    }
    std::sort(numbers.begin(), numbers.end());
    for (std::size_t k = 1; k < numbers.size(); ++k) {
      if (!scim::same_outcome(scim::Outcome(numbers[k - 1].first), scim::Outcome(numbers[k].first))) continue;
      const std::size_t later = std::max(numbers[k - 1].second, numbers[k].second);
      r_.error("game.duplicate_name", v[later],
               "choice " + scim::outcome_text((*domain)[later]) + " is listed twice in " + what);
      return false;
    }
    return true;
  }

  // A set of slots {slot: choices}: 1 to kMaxSlots, each named and with its choices.
  bool read_slots(const Json& actions, const std::string& owner, std::vector<Slot>* slots,
                  std::vector<scim::Domain>* domains) {
    if (!r_.object(actions, "an action set ({slot: choices})")) return false;
    if (actions.empty() || actions.size() > kMaxSlots) {
      r_.error(
          "game.bad_actions", actions,
          owner + " lists 1 to " + std::to_string(kMaxSlots) + " slots (sub-actions), each with its choices");
      return false;
    }
    for (const auto& member : actions.items()) {
      if (!valid_name(member.key())) {
        r_.error_at_key("game.invalid_name", member.value(), "\"" + member.key() + "\" cannot name a slot");
        return false;
      }
      if (member.key() == "joint" && actions.size() > 1) {
        r_.error_at_key(
            "game.invalid_name", member.value(),
            "\"joint\" cannot name one of several slots: a policy's \"joint\" is the whole action's");
        return false;
      }
      Slot slot;
      slot.name = member.key();
      scim::Domain domain;
      if (!read_domain(member.value(), "slot \"" + member.key() + "\"", &domain, &slot.choices)) return false;
      slots->push_back(std::move(slot));
      domains->push_back(std::move(domain));
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
      r_.fields(s,
                {"name", "chance", "players", "order", "actions", "rewards", "value", "when", "information"},
                "a stage");
      Stage st;
      st.json = &s;
      st.when = r_.find(s, "when");
      st.information = r_.find(s, "information");
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
      st.valued = r_.find(s, "value") != nullptr;
      if (const Json* chance = r_.find(s, "chance")) {
        st.chance = true;
        if (r_.find(s, "players") || r_.find(s, "actions")) {
          r_.error("game.mixed_stage", *chance, "a chance stage has no \"players\" or \"actions\"");
          return false;
        }
        if (st.information) {
          r_.error("game.mixed_stage", *st.information,
                   "a chance stage has no \"information\": only players know or do not know",
                   "give it on the decision stage whose players it concerns");
          return false;
        }
        if (const Json* value = r_.find(s, "value")) {
          r_.error("game.bad_value", *value,
                   "a chance stage has no \"value\": V is read where players move next",
                   "give the value on the decision stage that follows");
          return false;
        }
        if (!chance_outcomes(*chance, &st.outcomes)) return false;
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
      if (!ok) return false;
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
      if (!read_actions(*actions, &st)) return false;
      g_->stages.push_back(std::move(st));
    }
    return ok;
  }

  // "actions": {slot: choices} for every player of the stage, or {player: {slot: choices}} for each.
  bool read_actions(const Json& actions, Stage* st) {
    if (!r_.object(actions, "\"actions\"")) return false;
    bool lists = false, objects = false;
    for (const auto& member : actions.items()) (member.value().is_object() ? objects : lists) = true;
    if (lists && objects) {
      r_.error("game.bad_actions", actions,
               "\"actions\" is either one action set for every player ({slot: choices}) or one per player "
               "({player: {slot: choices}}), not both");
      return false;
    }
    const int n = static_cast<int>(st->players.size());
    st->slots.resize(n);
    st->domains.resize(n);
    if (!objects) {
      std::vector<Slot> slots;
      std::vector<scim::Domain> domains;
      if (!read_slots(actions, "\"actions\"", &slots, &domains)) return false;
      for (int a = 0; a < n; ++a) st->slots[a] = slots, st->domains[a] = domains;
      return true;
    }
    bool ok = true;
    for (const auto& member : actions.items()) {
      const int i = player_index(member.key());
      auto at = std::find(st->players.begin(), st->players.end(), i);
      if (at == st->players.end()) {
        std::vector<std::string> names;
        for (int p : st->players) names.push_back(g_->players[p]);
        r_.error_at_key("game.unknown_player", member.value(),
                        "\"" + member.key() + "\" is not a player of stage \"" + st->name + "\"",
                        did_you_mean(member.key(), names));
        ok = false;
        continue;
      }
      const auto a = at - st->players.begin();
      ok = read_slots(member.value(), "\"" + member.key() + "\"'s action set", &st->slots[a],
                      &st->domains[a]) &&
           ok;
    }
    for (int a = 0; a < n && ok; ++a) {
      if (st->slots[a].empty()) {
        r_.error(
            "model.missing_field", actions,
            "player \"" + g_->players[st->players[a]] + "\" has no action set in stage \"" + st->name + "\"",
            "give every player of the stage its {slot: choices}");
        ok = false;
      }
    }
    return ok;
  }

  // A chance stage's outcomes: the keys of {outcome: probability} or of "weights", or those of the first
  // row's "cpd" in a table.
  bool chance_outcomes(const Json& chance, std::vector<std::string>* out) {
    if (!r_.object(chance, "\"chance\"")) return false;
    const Json* keys = &chance;
    if (const Json* w = weights_form(chance)) keys = w;
    if (const Json* t = table_form(chance)) {
      keys = nullptr;
      if (!t->empty() && (*t)[0].is_object()) {
        auto c = (*t)[0].find("cpd");
        if (c != (*t)[0].end() && c->is_object()) keys = &*c;
      }
      if (!keys) {
        r_.error("game.bad_chance", *t,
                 "the first row of a chance table has no \"cpd\": {outcome: probability}",
                 "its \"cpd\" lists every outcome (0 where impossible)");
        return false;
      }
    }
    if (keys->empty()) {
      r_.error("model.bad_probability", chance, "a chance stage has no outcomes");
      return false;
    }
    if (keys->size() > static_cast<std::size_t>(kMaxChoices)) {
      r_.error("game.too_many_choices", chance,
               "the chance stage has " + std::to_string(keys->size()) + " outcomes, more than " +
                   std::to_string(kMaxChoices));
      return false;
    }
    for (const auto& member : keys->items()) out->push_back(member.key());
    return true;
  }

  // {"weights": {...}} and {"table": [...]}: the object's only member with that name and type (otherwise
  // the object is a distribution whose outcomes may be called "table" or "weights").
  static const Json* weights_form(const Json& v) {
    if (v.size() != 1) return nullptr;
    auto it = v.find("weights");
    return it != v.end() && it->is_object() ? &*it : nullptr;
  }
  static const Json* table_form(const Json& v) {
    if (v.size() != 1) return nullptr;
    auto it = v.find("table");
    return it != v.end() && it->is_array() ? &*it : nullptr;
  }

  static Step make_step(int stage, int first_position, int count, int first_variable, int variables) {
    Step step;
    step.stage = stage;
    step.first_position = first_position;
    step.count = count;
    step.first_variable = first_variable;
    step.variables = variables;
    return step;
  }

  // Variables and steps, in play order.
  bool layout() {
    std::unordered_set<std::string> names;
    for (int si = 0; si < static_cast<int>(g_->stages.size()); ++si) {
      Stage& st = g_->stages[si];
      st.first_variable = static_cast<int>(g_->variables.size());
      st.first_step = static_cast<int>(g_->steps.size());
      if (st.chance) {
        Variable v;
        v.name = st.name;
        v.optional = st.when != nullptr;
        v.labels = st.outcomes;
        for (const std::string& label : st.outcomes) v.domain.emplace_back(label);
        g_->variables.push_back(std::move(v));
        g_->steps.push_back(make_step(si, 0, 1, st.first_variable, 1));
      } else {
        const int n = static_cast<int>(st.players.size());
        std::vector<int> first(n);
        for (int a = 0; a < n; ++a) {
          first[a] = static_cast<int>(g_->variables.size());
          const auto& slots = st.slots[a];
          for (std::size_t slot = 0; slot < slots.size(); ++slot) {
            Variable v;
            v.name =
                st.name + "_" + g_->players[st.players[a]] + (slots.size() > 1 ? "_" + slots[slot].name : "");
            v.domain = st.domains[a][slot];
            v.labels = slots[slot].choices;
            v.optional = st.when != nullptr;
            g_->variables.push_back(std::move(v));
          }
        }
        const int total = static_cast<int>(g_->variables.size()) - st.first_variable;
        if (st.simultaneous) {
          g_->steps.push_back(make_step(si, 0, n, st.first_variable, total));
        } else {
          for (int a = 0; a < n; ++a) {
            g_->steps.push_back(make_step(si, a, 1, first[a], static_cast<int>(st.slots[a].size())));
          }
        }
      }
      st.variables = static_cast<int>(g_->variables.size()) - st.first_variable;
      st.steps = static_cast<int>(g_->steps.size()) - st.first_step;
      for (int v = st.first_variable; v < static_cast<int>(g_->variables.size()); ++v) {
        if (!names.insert(g_->variables[v].name).second) {
          r_.error("game.duplicate_name", *st.json,
                   "the history already has a variable \"" + g_->variables[v].name + "\", which stage \"" +
                       st.name + "\" names again",
                   "rename the stage, a player or a slot: expressions tell variables apart by name");
          return false;
        }
      }
      if (g_->variables.size() > static_cast<std::size_t>(kMaxVariables)) break;
    }
    std::int64_t histories = 1;
    for (const Variable& v : g_->variables) {
      const int values = static_cast<int>(v.domain.size()) + (v.optional ? 1 : 0);
      histories *= values;
      g_->radix.push_back(values);
      if (histories > kMaxGameHistories) {
        r_.error("game.too_large", r_.doc().root(),
                 "the game has more than " + std::to_string(kMaxGameHistories) +
                     " complete histories (the product of every variable's number of values, one more for "
                     "unset where a stage has a \"when\")",
                 "user-written games are tabulated when read; use fewer stages or choices");
        return false;
      }
    }
    if (static_cast<int>(g_->steps.size()) > kMaxSteps ||
        static_cast<int>(g_->variables.size()) > kMaxVariables) {
      r_.error("game.too_large", r_.doc().root(),
               "the game has more than " + std::to_string(kMaxSteps) + " steps or " +
                   std::to_string(kMaxVariables) + " variables");
      return false;
    }
    for (Step& step : g_->steps) {
      step.prefixes = prefixes(step.first_variable);
      step.outcomes = prefixes(step.first_variable + step.variables) / step.prefixes;
      if (g_->stages[step.stage].when) step.unset = step.outcomes - 1;
    }
    return true;
  }

  std::int64_t prefixes(int count) const {
    std::int64_t n = 1;
    for (int v = 0; v < count; ++v) n *= g_->radix[v];
    return n;
  }
  std::vector<int> radices(int count) const { return {g_->radix.begin(), g_->radix.begin() + count}; }

  // Counts `numbers` against the game's budget of tabulated numbers (game.too_large at `at` past it).
  bool reserve(std::int64_t numbers, const Json& at) {
    used_ += numbers;
    if (used_ <= kMaxTableNumbers) return true;
    r_.error("game.too_large", at,
             "the game's tables would hold more than " + std::to_string(kMaxTableNumbers) +
                 " numbers (policies, chance, rewards, payoffs and values over every history)",
             "use fewer stages, players or choices, or tables that read fewer variables");
    return false;
  }

  // Fills `t`, `width` numbers for every prefix of the first `visible` variables (once when `constant`),
  // by fill(digits, row, constant); stops at the first false (fill has reported why).
  template <class F>
  bool tabulate(int visible, int width, bool constant, const Json& at, PrefixTable* t, F&& fill) {
    t->width = width;
    t->constant = constant || visible == 0;
    const std::int64_t rows = t->constant ? 1 : prefixes(visible);
    if (!reserve(rows * width, at)) return false;
    t->values.assign(static_cast<std::size_t>(rows * width), 0.0);
    if (t->constant) {
      std::vector<int> zero(visible, 0);
      return fill(zero.data(), t->values.data(), true);
    }
    return odometer(radices(visible), [&](const int* idx, std::int64_t x) {
      if (!live_.live(x)) return true;  // never read: left 0
      return fill(idx, t->values.data() + x * width, false);
    });
  }

  // Table rows times the histories they are matched against, within kMaxTableWork.
  bool table_work(std::size_t rows, int visible, const Json& at) {
    if (static_cast<double>(rows) * static_cast<double>(prefixes(visible)) <=
        static_cast<double>(kMaxTableWork))
      return true;
    r_.error("game.too_large", at,
             "this table's " + std::to_string(rows) + " rows over " + std::to_string(prefixes(visible)) +
                 " histories are too many to match (at most " + std::to_string(kMaxTableWork) +
                 " row checks)",
             "use fewer rows, or an expression");
    return false;
  }

  std::vector<scim::expr::Symbol> symbols(int count) const {
    std::vector<scim::expr::Symbol> out;
    for (int v = 0; v < count; ++v) out.push_back({g_->variables[v].name, g_->variables[v].domain});
    return out;
  }

  // Compiles an expression against `symbols` (the first `visible` variables, and any extra after them).
  std::optional<scim::expr::Expression> compile(const Json& text_value,
                                                const std::vector<scim::expr::Symbol>& symbols, int visible,
                                                scim::ValueType want) {
    auto text = r_.string(text_value, "an expression");
    if (!text) return std::nullopt;
    std::vector<scim::expr::Error> errors;
    scim::expr::Expression e = scim::expr::Expression::compile(*text, symbols, &errors);
    for (const scim::expr::Error& err : errors) {
      std::string hint = err.hint;
      if (err.id == "expr.unknown_name" && err.end <= text->size()) {
        const std::string name = text->substr(err.begin, err.end - err.begin);
        for (int v = visible; v < static_cast<int>(g_->variables.size()); ++v) {
          if (g_->variables[v].name == name)
            hint = "\"" + name + "\" is set later in the play: this cannot read it";
        }
      }
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

  // Whether an expression reads none of the first `visible` symbols (it is the same for every history).
  static bool reads_no_history(const scim::expr::Expression& e, int visible) {
    for (int s : e.used_symbols()) {
      if (s < visible) return false;
    }
    return true;
  }

  std::string history_text(const int* idx, int count) const {
    std::string out;
    for (int v = 0; v < count; ++v) {
      const Variable& var = g_->variables[v];
      const bool unset = idx[v] >= static_cast<int>(var.domain.size());
      out += (v ? ", " : "") + var.name + " = " + (unset ? "unset" : scim::outcome_text(var.domain[idx[v]]));
    }
    return out;
  }
  // " when <history>" for the messages of a tabulated value, "" for one the same everywhere.
  std::string when(const int* idx, int count, bool constant) const {
    return constant || count == 0 ? std::string() : " when " + history_text(idx, count);
  }

  // A choice written in a table ("given", a joint action): a label, number or boolean of `index`.
  static int choice_of(const Json& x, const ChoiceIndex& index) {
    if (x.is_string()) return index.label(x.get<std::string>());
    if (x.is_number()) return index.outcome(x.get<double>());
    if (x.is_boolean()) return index.outcome(x.get<bool>());
    return -1;
  }

  const ChoiceIndex& variable_index(int v) {
    auto it = variable_indexes_.find(v);
    if (it == variable_indexes_.end()) {
      it = variable_indexes_.emplace(v, ChoiceIndex(g_->variables[v].domain, g_->variables[v].labels)).first;
    }
    return it->second;
  }

  // "given": {variable: value, ...} against the first `visible` variables.
  // The index of the variable named `name` among the first `visible` (those set before what reads it);
  // -1 after game.unknown_variable at `at` (at its key when `at_key`), with a did-you-mean, or saying
  // that the variable is set later in the play.
  int visible_variable(const std::string& name, int visible, const Json& at, bool at_key) {
    for (int k = 0; k < visible; ++k) {
      if (g_->variables[k].name == name) return k;
    }
    std::vector<std::string> names;
    for (int k = 0; k < visible; ++k) names.push_back(g_->variables[k].name);
    std::string hint = did_you_mean(name, names);
    for (int k = visible; k < static_cast<int>(g_->variables.size()); ++k) {
      if (g_->variables[k].name == name)
        hint = "\"" + name + "\" is set later in the play: this cannot read it";
    }
    const std::string message = "\"" + name + "\" is not a variable this can read";
    if (at_key) r_.error_at_key("game.unknown_variable", at, message, hint);
    else r_.error("game.unknown_variable", at, message, hint);
    return -1;
  }

  bool read_given(const Json& given, int visible, std::vector<std::pair<int, int>>* out) {
    if (!r_.object(given, "\"given\"")) return false;
    for (const auto& member : given.items()) {
      const int v = visible_variable(member.key(), visible, member.value(), true);
      if (v < 0) return false;
      const Json& x = member.value();
      if (x.is_null()) {
        // null matches the histories where the variable's stage was skipped.
        if (!g_->variables[v].optional) {
          r_.error("game.unknown_choice", x,
                   "\"" + member.key() + "\" is set in every history: null (unset) matches none",
                   "null matches a variable of a stage with a \"when\" where that stage is skipped");
          return false;
        }
        out->push_back({v, g_->radix[v] - 1});
        continue;
      }
      int c = choice_of(x, variable_index(v));
      if (c < 0) {
        r_.error("game.unknown_choice", x, "\"" + member.key() + "\" has no outcome " + json_text(x),
                 "its outcomes are " + FileReader::join(g_->variables[v].labels));
        return false;
      }
      out->push_back({v, c});
    }
    return true;
  }

  static bool matches(const std::vector<std::pair<int, int>>& given, const int* idx) {
    for (auto [v, c] : given) {
      if (idx[v] != c) return false;
    }
    return true;
  }

  // ---- "when": the histories where a stage is played ---------------------------------------------

  // Where step t's tables are read: prefixes reached whose step is played.
  Live at_step(int t) const {
    Live l;
    if (!reach_.empty()) l.reach = &reach_[static_cast<std::size_t>(t)];
    const Step& step = g_->steps[static_cast<std::size_t>(t)];
    if (!step.played.empty()) l.played = &step.played;
    return l;
  }

  // Whether a stage is played after each prefix of its first step, by its "when": a boolean expression
  // over the variables set before it, or {"table": [{"given": ...}]} (played where a row matches).
  bool read_when_of(const Stage& st, Step* step, const std::vector<std::uint8_t>& reach) {
    const Json& when = *st.when;
    const int visible = st.first_variable;
    step->played.assign(static_cast<std::size_t>(step->prefixes), 0);
    std::optional<scim::expr::Expression> e;
    std::vector<std::vector<std::pair<int, int>>> rows;
    if (const Json* table = when.is_object() ? table_form(when) : nullptr) {
      for (const Json& row : *table) {
        if (!r_.object(row, "a row of \"when\"")) return false;
        r_.fields(row, {"given"}, "a row of \"when\" (the stage is played where one matches)");
        rows.emplace_back();
        if (const Json* given = r_.find(row, "given")) {
          if (!read_given(*given, visible, &rows.back())) return false;
        }
      }
      if (!table_work(rows.size(), visible, *table)) return false;
    } else if (when.is_string()) {
      e = compile(when, symbols(visible), visible, scim::ValueType::kBoolean);
      if (!e) return false;
    } else {
      r_.error("game.bad_when", when,
               "\"when\" is a boolean expression over the variables set before the stage, or {\"table\": "
               "[{\"given\": {...}}]}",
               "\"when\": \"offer_buyer == 'yes'\"");
      return false;
    }
    return odometer(radices(visible), [&](const int* idx, std::int64_t x) {
      if (!reach[static_cast<std::size_t>(x)]) return true;
      bool played = false;
      if (e) {
        try {
          played = std::get<bool>(e->evaluate(idx));
        } catch (const std::exception& ex) {
          r_.error("game.bad_when", when, ex.what() + when_text(idx, visible),
                   "a variable of a skipped stage is unset: test first what decides whether it was played");
          return false;
        }
      }
      for (std::size_t k = 0; k < rows.size() && !played; ++k) played = matches(rows[k], idx);
      step->played[static_cast<std::size_t>(x)] = played;
      return true;
    });
  }
  std::string when_text(const int* idx, int count) const { return when(idx, count, false); }

  // With any "when": each step's played table, and the prefixes some play reaches before each step
  // (a skipped stage's variables unset, a played one's set), so that tables are checked and filled only
  // where they are read.
  bool read_when() {
    bool any = false;
    for (const Stage& st : g_->stages) any = any || st.when;
    if (!any) return true;
    g_->conditional = true;
    const int steps = static_cast<int>(g_->steps.size());
    reach_.resize(static_cast<std::size_t>(steps) + 1);
    reach_[0].assign(1, 1);
    for (int t = 0; t < steps; ++t) {
      Step& step = g_->steps[t];
      const Stage& st = g_->stages[step.stage];
      // A mask is a byte a prefix: an eighth of a tabulated number.
      if (!reserve((step.prefixes * step.outcomes + step.prefixes) / 8 + 1, *st.json)) return false;
      if (st.when && t == st.first_step) {
        if (!read_when_of(st, &step, reach_[t])) return false;
      } else if (st.when) {
        // In turn, a later player's step is played where the stage's first was.
        const Step& first = g_->steps[st.first_step];
        const std::int64_t below = step.prefixes / first.prefixes;
        step.played.resize(static_cast<std::size_t>(step.prefixes));
        for (std::int64_t x = 0; x < step.prefixes; ++x) step.played[x] = first.played[x / below];
      }
      // The step's outcomes that set every variable (a played step's).
      std::vector<std::uint8_t> complete(static_cast<std::size_t>(step.outcomes), 1);
      if (st.when) {
        odometer(radices_of(step), [&](const int* digits, std::int64_t m) {
          complete[m] = complete_outcome(step, digits);
          return true;
        });
      }
      std::vector<std::uint8_t>& next = reach_[t + 1];
      next.assign(static_cast<std::size_t>(step.prefixes * step.outcomes), 0);
      for (std::int64_t x = 0; x < step.prefixes; ++x) {
        if (!reach_[t][x]) continue;
        if (!step.played.empty() && !step.played[x]) {
          next[x * step.outcomes + step.unset] = 1;
          continue;
        }
        for (std::int64_t m = 0; m < step.outcomes; ++m) next[x * step.outcomes + m] = complete[m];
      }
    }
    // The first play must make a move: a game over before it starts has nobody to explain.
    std::int64_t x = 0;
    int t = 0;
    while (t < steps && !g_->steps[t].played.empty() && !g_->steps[t].played[x]) {
      x = x * g_->steps[t].outcomes + g_->steps[t].unset;
      ++t;
    }
    if (t == steps) {
      r_.error("game.bad_when", *g_->stages.front().when,
               "no stage is played: every stage's \"when\" is false at the start",
               "a game is played when at least its first stage that is played at all is");
      return false;
    }
    return true;
  }

  std::vector<int> radices_of(const Step& step) const {
    return {g_->radix.begin() + step.first_variable,
            g_->radix.begin() + step.first_variable + step.variables};
  }

  // Whether digits (the step's own) set every variable: a played step's outcome.
  bool complete_outcome(const Step& step, const int* digits) const {
    for (int v = 0; v < step.variables; ++v) {
      if (g_->variables[step.first_variable + v].optional &&
          digits[v] == g_->radix[step.first_variable + v] - 1)
        return false;
    }
    return true;
  }

  // ---- distributions: slot policies and chance stages ---------------------------------------------

  // {label: probability}: each in [0, 1], summing to 1.
  bool cpd(const Json& v, const Outcomes& over, std::vector<double>* out) {
    if (!r_.object(v, "a distribution")) return false;
    const int k = static_cast<int>(over.labels->size());
    out->assign(k, 0.0);
    double total = 0;
    for (const auto& member : v.items()) {
      const int c = over.index->label(member.key());
      if (c < 0) {
        r_.error_at_key("game.unknown_choice", member.value(),
                        "\"" + member.key() + "\" is not a choice of " + over.what,
                        "its choices are " + FileReader::join(*over.labels));
        return false;
      }
      auto x = r_.number(member.value(), "a probability");
      if (!x) return false;
      if (!(*x >= 0 && *x <= 1)) {
        r_.error("model.bad_probability", member.value(), "probabilities lie between 0 and 1");
        return false;
      }
      (*out)[c] = *x;
      total += *x;
    }
    if (std::abs(total - 1) > 1e-9) {
      r_.error("model.bad_probability", v, "the probabilities sum to " + std::to_string(total) + ", not 1");
      return false;
    }
    return true;
  }

  // A table row: where it applies ("given": variable, choice) and its numbers.
  struct GivenRow {
    std::vector<std::pair<int, int>> given;
    std::vector<double> values;
  };

  // Fills `t` (`width` numbers a row) from `rows` over the first `visible` variables: the first row that
  // matches a history gives its numbers; where none does, `uncovered_id` with `what` ("the table") in the
  // message, or 0 for everything when it is null (rewards: nothing is paid).
  bool tabulate_rows(const std::vector<GivenRow>& rows, int visible, int width, const Json& table,
                     const char* uncovered_id, const std::string& what, const std::string& hint,
                     PrefixTable* t) {
    if (!table_work(rows.size(), visible, table)) return false;
    const bool constant = !rows.empty() && rows.front().given.empty();
    return tabulate(visible, width, constant, table, t, [&](const int* idx, double* row, bool) {
      for (const GivenRow& r : rows) {
        if (!matches(r.given, idx)) continue;
        std::copy(r.values.begin(), r.values.end(), row);
        return true;
      }
      if (!uncovered_id) return true;
      r_.error(uncovered_id, table, "no row of " + what + " matches " + history_text(idx, visible), hint);
      return false;
    });
  }

  // {"table": [{"given", "cpd"}]} over the first `visible` variables into `t`, `width` numbers a row:
  // read_cpd(json, &numbers) reads a row's "cpd" (`form` says its shape in a message); the first row
  // that matches a history gives its numbers, and a history no row matches is `uncovered_id`.
  template <class ReadCpd>
  bool read_cpd_table(const Json& table, int visible, int width, const std::string& form,
                      const char* uncovered_id, PrefixTable* t, ReadCpd&& read_cpd) {
    std::vector<GivenRow> rows;
    for (const Json& row : table) {
      if (!r_.object(row, "a table row")) return false;
      r_.fields(row, {"given", "cpd"}, "a table row");
      GivenRow out;
      if (const Json* given = r_.find(row, "given")) {
        if (!read_given(*given, visible, &out.given)) return false;
      }
      const Json* c = r_.find(row, "cpd");
      if (!c) {
        r_.error("model.missing_field", row, "a table row has no \"cpd\"" + form);
        return false;
      }
      if (!read_cpd(*c, &out.values)) return false;
      rows.push_back(std::move(out));
    }
    return tabulate_rows(rows, visible, width, table, uncovered_id, "the table",
                         "add a last row without \"given\"", t);
  }

  // A distribution over `over`'s outcomes for every prefix of the first `visible` variables: absent
  // (uniform), {label: probability}, {"weights": {label: number or expression}} (normalised),
  // {"table": [{"given", "cpd"}]} (the first row that matches), or, where allowed, an expression giving
  // the outcome.
  bool read_distribution(const Json* spec, int visible, const Outcomes& over, PrefixTable* t) {
    const int k = static_cast<int>(over.labels->size());
    if (!spec) {
      return tabulate(visible, k, true, r_.doc().root(), t, [&](const int*, double* row, bool) {
        std::fill(row, row + k, 1.0 / k);
        return true;
      });
    }
    if (spec->is_string() && over.deterministic) {
      auto e = compile(*spec, symbols(visible), visible, scim::type_of(over.domain->front()));
      if (!e) return false;
      return tabulate(visible, k, reads_no_history(*e, visible), *spec, t,
                      [&](const int* idx, double* row, bool constant) {
                        try {
                          scim::Outcome o = e->evaluate(idx);
                          const int c = over.index->outcome(o);
                          if (c < 0)
                            throw std::domain_error("it gives " + scim::outcome_text(o) +
                                                    ", not one of the choices of " + over.what);
                          row[c] = 1;
                          return true;
                        } catch (const std::exception& ex) {
                          r_.error(over.bad_id, *spec, ex.what() + when(idx, visible, constant));
                          return false;
                        }
                      });
    }
    if (!r_.object(*spec, "a distribution")) return false;
    if (const Json* weights = weights_form(*spec)) {
      std::vector<std::optional<scim::expr::Expression>> e(k);
      std::vector<double> fixed(k, 0.0);
      bool constant = true;
      for (const auto& member : weights->items()) {
        const int c = over.index->label(member.key());
        if (c < 0) {
          r_.error_at_key("game.unknown_choice", member.value(),
                          "\"" + member.key() + "\" is not a choice of " + over.what,
                          "its choices are " + FileReader::join(*over.labels));
          return false;
        }
        if (member.value().is_number()) {
          fixed[c] = member.value().get<double>();
          continue;
        }
        e[c] = compile(member.value(), symbols(visible), visible, scim::ValueType::kNumber);
        if (!e[c]) return false;
        constant = constant && reads_no_history(*e[c], visible);
      }
      return tabulate(visible, k, constant, *weights, t, [&](const int* idx, double* row, bool is_constant) {
        double total = 0;
        try {
          for (int c = 0; c < k; ++c) {
            const double w = e[c] ? std::get<double>(e[c]->evaluate(idx)) : fixed[c];
            if (!(w >= 0) || !std::isfinite(w)) throw std::domain_error("a weight is negative or not finite");
            row[c] = w;
            total += w;
          }
          // Finite weights can still overflow their sum (1e308 + 1e308).
          if (!std::isfinite(total)) throw std::domain_error("the weights' sum is not a finite number");
          if (total <= 0) throw std::domain_error("every weight is 0");
        } catch (const std::exception& ex) {
          r_.error(over.bad_id, *weights, ex.what() + when(idx, visible, is_constant));
          return false;
        }
        for (int c = 0; c < k; ++c) row[c] /= total;
        return true;
      });
    }
    if (const Json* table = table_form(*spec)) {
      return read_cpd_table(*table, visible, k, "", over.uncovered_id, t,
                            [&](const Json& c, std::vector<double>* p) { return cpd(c, over, p); });
    }
    std::vector<double> fixed;
    if (!cpd(*spec, over, &fixed)) return false;
    return tabulate(visible, k, true, *spec, t, [&](const int*, double* row, bool) {
      std::copy(fixed.begin(), fixed.end(), row);
      return true;
    });
  }

  bool read_chance() {
    for (Stage& st : g_->stages) {
      if (!st.chance) continue;
      const int v = st.first_variable;
      Outcomes over;
      over.labels = &g_->variables[v].labels;
      over.domain = &g_->variables[v].domain;
      over.index = &variable_index(v);
      over.what = "chance stage \"" + st.name + "\"";
      over.bad_id = "game.bad_chance";
      over.uncovered_id = "game.uncovered_chance";
      live_ = at_step(st.first_step);
      const bool ok =
          read_distribution(r_.find(*st.json, "chance"), v, over, &g_->steps[st.first_step].chance);
      live_ = Live();
      if (!ok) return false;
    }
    return true;
  }

  // ---- payoffs and rewards ------------------------------------------------------------------------

  // A payoff, reward or value: finite and within kMaxGameMagnitude.
  static void check_magnitude(double x, const char* what) {
    if (!std::isfinite(x)) throw std::domain_error(std::string("the ") + what + " is not a finite number");
    if (std::abs(x) > kMaxGameMagnitude) {
      throw std::domain_error(std::string("the ") + what + " " + json_text(nlohmann::json(x)) +
                              " is larger than 1e100 in magnitude");
    }
  }

  // {player: expression or number} over the first `visible` variables into a table of width p:
  // players not given get 0 unless `all` (then model.missing_field).
  bool read_player_numbers(const Json& spec, int visible, bool all, const char* field, const char* what,
                           const char* id, PrefixTable* t) {
    const int p = g_->num_players();
    if (!r_.object(spec, std::string("\"") + field + "\"")) return false;
    std::vector<std::optional<scim::expr::Expression>> e(p);
    std::vector<double> fixed(p, 0.0);
    std::vector<const Json*> at(p, nullptr);
    bool ok = true, constant = true;
    for (const auto& member : spec.items()) {
      const int i = player_index(member.key());
      if (i < 0) {
        r_.error_at_key("game.unknown_player", member.value(), "\"" + member.key() + "\" is not a player",
                        did_you_mean(member.key(), g_->players));
        ok = false;
        continue;
      }
      at[i] = &member.value();
      if (member.value().is_number()) {
        fixed[i] = member.value().get<double>();
        continue;
      }
      e[i] = compile(member.value(), symbols(visible), visible, scim::ValueType::kNumber);
      ok = ok && e[i].has_value();
      constant = constant && (!e[i] || reads_no_history(*e[i], visible));
    }
    for (int i = 0; i < p && ok && all; ++i) {
      if (!at[i]) {
        r_.error("model.missing_field", spec,
                 std::string("no ") + what + " for player \"" + g_->players[i] + "\"");
        ok = false;
      }
    }
    if (!ok) return false;
    return tabulate(visible, p, constant, spec, t, [&](const int* idx, double* row, bool is_constant) {
      for (int i = 0; i < p; ++i) {
        if (!at[i]) continue;
        try {
          const double x = e[i] ? std::get<double>(e[i]->evaluate(idx)) : fixed[i];
          check_magnitude(x, what);
          row[i] = x;
        } catch (const std::exception& ex) {
          r_.error(id, *at[i], ex.what() + when(idx, visible, is_constant));
          return false;
        }
      }
      return true;
    });
  }

  // [{"given": ..., "<field>": {player: number}}]: the first row that matches; players a row does not
  // give get 0; where no row matches, `uncovered_id` (or 0 for everyone when it is null).
  bool read_player_table(const Json& table, int visible, const char* field, const char* what, const char* id,
                         const char* uncovered_id, PrefixTable* t) {
    const int p = g_->num_players();
    if (!r_.array(table, std::string("\"") + field + "\" as a table")) return false;
    std::vector<GivenRow> rows;
    for (const Json& row : table) {
      if (!r_.object(row, std::string("a ") + what + " row")) return false;
      r_.fields(row, {"given", field}, std::string("a ") + what + " row");
      GivenRow out;
      if (const Json* given = r_.find(row, "given")) {
        if (!read_given(*given, visible, &out.given)) return false;
      }
      const Json* values = r_.find(row, field);
      if (!values) {
        r_.error("model.missing_field", row,
                 std::string("a ") + what + " row has no \"" + field + "\": {player: number}");
        return false;
      }
      if (!r_.object(*values, std::string("\"") + field + "\"")) return false;
      out.values.assign(p, 0.0);
      std::vector<bool> seen(p, false);
      for (const auto& member : values->items()) {
        const int i = player_index(member.key());
        if (i < 0) {
          r_.error_at_key("game.unknown_player", member.value(), "\"" + member.key() + "\" is not a player",
                          did_you_mean(member.key(), g_->players));
          return false;
        }
        auto x = r_.number(member.value(), std::string("a ") + what);
        if (!x) return false;
        try {
          check_magnitude(*x, what);
        } catch (const std::exception& ex) {
          r_.error(id, member.value(), ex.what());
          return false;
        }
        out.values[i] = *x;
        seen[i] = true;
      }
      for (int i = 0; i < p && uncovered_id; ++i) {
        if (!seen[i]) {
          r_.error("model.missing_field", *values,
                   std::string("no ") + what + " for player \"" + g_->players[i] + "\"");
          return false;
        }
      }
      rows.push_back(std::move(out));
    }
    return tabulate_rows(rows, visible, p, table, uncovered_id, std::string("the ") + what + " table",
                         "add a row for it, or a last row without \"given\" for every other history", t);
  }

  bool read_payoffs(const Json& root) {
    const int all = static_cast<int>(g_->variables.size());
    const Json* exprs = r_.find(root, "payoffs");
    const Json* table = r_.find(root, "payoff_table");
    const bool rewards = g_->stage_rewards;
    if (exprs && table) {
      r_.error("model.missing_field", root,
               "a game gives either \"payoffs\" (expressions) or \"payoff_table\"", "give one of them");
      return false;
    }
    if (!exprs && !table) {
      if (rewards) return true;
      r_.error("model.missing_field", root,
               "a game gives either \"payoffs\" (expressions) or \"payoff_table\"",
               "or \"rewards\" on its stages");
      return false;
    }
    if (!reach_.empty()) live_.reach = &reach_.back();
    const bool ok =
        exprs ? read_player_numbers(*exprs, all, true, "payoffs", "payoff", "game.bad_payoff", &g_->payoffs)
              : read_player_table(*table, all, "payoffs", "payoff", "game.bad_payoff",
                                  "game.uncovered_payoff", &g_->payoffs);
    live_ = Live();
    return ok;
  }

  bool read_rewards() {
    bool ok = true;
    for (const Stage& st : g_->stages) {
      const Json* spec = r_.find(*st.json, "rewards");
      if (!spec) continue;
      const int visible = st.first_variable + st.variables;
      PrefixTable& t = g_->steps[st.first_step + st.steps - 1].rewards;
      // Paid where the stage was played: after it, its last variable is set.
      if (!reach_.empty()) live_.reach = &reach_[static_cast<std::size_t>(st.first_step + st.steps)];
      if (st.when) live_.unset_radix = g_->radix[visible - 1];
      if (spec->is_array()) {
        ok = read_player_table(*spec, visible, "rewards", "reward", "game.bad_reward", nullptr, &t) && ok;
      } else {
        ok = read_player_numbers(*spec, visible, false, "rewards", "reward", "game.bad_reward", &t) && ok;
      }
      live_ = Live();
    }
    return ok;
  }

  // The rewards along any play, and the payoff at its end, add up to at most kMaxGameMagnitude in
  // magnitude for every player: then every row of Simulate (a discounted sum of them, plus a value as
  // bounded) stays far from overflow, squared and summed over millions of rows. Checked by a forward
  // pass over the prefixes, one player at a time.
  bool totals_bounded(const Json& root) {
    if (!g_->stage_rewards) return true;  // a payoff alone was checked where it was read
    const int p = g_->num_players();
    const int steps = static_cast<int>(g_->steps.size());
    for (int i = 0; i < p; ++i) {
      std::vector<double> total(1, 0.0), next;
      for (int t = 0; t < steps; ++t) {
        const Step& step = g_->steps[t];
        next.assign(static_cast<std::size_t>(step.prefixes * step.outcomes), 0.0);
        for (std::int64_t x = 0; x < step.prefixes; ++x) {
          for (std::int64_t m = 0; m < step.outcomes; ++m) {
            const std::int64_t after = x * step.outcomes + m;
            double sum = total[x];
            if (step.rewards.width) sum += std::abs(step.rewards.row(after)[i]);
            if (t == steps - 1 && g_->payoffs.width) sum += std::abs(g_->payoffs.row(after)[i]);
            next[after] = sum;
          }
        }
        total.swap(next);
        const double most = *std::max_element(total.begin(), total.end());
        if (most > kMaxGameMagnitude) {
          // The stage whose rewards pushed a total over, or else the payoffs at the end.
          const Json* at = r_.find(*g_->stages[step.stage].json, "rewards");
          const char* id = at ? "game.bad_reward" : "game.bad_payoff";
          if (!at) at = r_.find(root, "payoffs") ? r_.find(root, "payoffs") : r_.find(root, "payoff_table");
          r_.error(id, at ? *at : root,
                   "the rewards of player \"" + g_->players[i] + "\" along some play add up to " +
                       json_text(nlohmann::json(most)) + ", more than 1e100 in magnitude",
                   "utilities are squared and summed over many rollouts: keep them far smaller");
          return false;
        }
      }
    }
    return true;
  }

  // ---- policies -----------------------------------------------------------------------------------

  // A whole action written as {slot: choice} (every slot) or [choice, ...] (in slot order): its index,
  // the last slot fastest; −1 after an error.
  std::int64_t read_action(const Json& v, const std::vector<Slot>& slots,
                           const std::vector<ChoiceIndex>& index) {
    const int n = static_cast<int>(slots.size());
    std::vector<int> choice(n, -1);
    auto take = [&](int s, const Json& x) {
      choice[s] = choice_of(x, index[s]);
      if (choice[s] >= 0) return true;
      r_.error("game.unknown_choice", x, json_text(x) + " is not a choice of slot \"" + slots[s].name + "\"",
               "its choices are " + FileReader::join(slots[s].choices));
      return false;
    };
    if (v.is_array()) {
      if (static_cast<int>(v.size()) != n) {
        r_.error("game.bad_policy", v, "an action lists " + std::to_string(n) + " choices, one per slot");
        return -1;
      }
      for (int s = 0; s < n; ++s) {
        if (!take(s, v[s])) return -1;
      }
    } else if (v.is_object()) {
      std::vector<std::string> names;
      for (const Slot& slot : slots) names.push_back(slot.name);
      r_.fields(v, names, "an action (its fields are the slots)");
      for (int s = 0; s < n; ++s) {
        auto it = v.find(slots[s].name);
        if (it == v.end()) {
          r_.error("model.missing_field", v, "the action gives no \"" + slots[s].name + "\"",
                   "a joint policy's action gives every slot");
          return -1;
        }
        if (!take(s, *it)) return -1;
      }
      if (v.size() != static_cast<std::size_t>(n)) return -1;
    } else {
      r_.error("model.wrong_type", v, "an action is {slot: choice} or a list of choices, one per slot");
      return -1;
    }
    std::int64_t a = 0;
    for (int s = 0; s < n; ++s) a = a * static_cast<std::int64_t>(slots[s].choices.size()) + choice[s];
    return a;
  }

  // [{"action": ..., "p": probability}]: a distribution over whole actions (the others 0).
  bool joint_cpd(const Json& v, const std::vector<Slot>& slots, const std::vector<ChoiceIndex>& index,
                 std::int64_t actions, std::vector<double>* out) {
    if (!r_.array(v, "a joint distribution ([{action, p}])")) return false;
    out->assign(static_cast<std::size_t>(actions), 0.0);
    std::vector<bool> seen(static_cast<std::size_t>(actions), false);
    double total = 0;
    for (const Json& entry : v) {
      if (!r_.object(entry, "an entry of a joint distribution")) return false;
      r_.fields(entry, {"action", "p"}, "an entry of a joint distribution");
      const Json* action = r_.find(entry, "action");
      const Json* p = r_.find(entry, "p");
      if (!action || !p) {
        r_.error("model.missing_field", entry,
                 "an entry of a joint distribution is {\"action\": ..., \"p\": ...}");
        return false;
      }
      const std::int64_t a = read_action(*action, slots, index);
      if (a < 0) return false;
      if (seen[a]) {
        r_.error("game.duplicate_name", *action, "this action is listed twice");
        return false;
      }
      seen[a] = true;
      auto x = r_.number(*p, "a probability");
      if (!x) return false;
      if (!(*x >= 0 && *x <= 1)) {
        r_.error("model.bad_probability", *p, "probabilities lie between 0 and 1");
        return false;
      }
      (*out)[a] = *x;
      total += *x;
    }
    if (std::abs(total - 1) > 1e-9) {
      r_.error("model.bad_probability", v, "the probabilities sum to " + std::to_string(total) + ", not 1");
      return false;
    }
    return true;
  }

  // A policy over the joint of a player's slots: [{"action", "p"}], {"table": [{"given", "cpd": [...]}]},
  // or {"weight": expression} (reading the history and the action's slots by name; normalised).
  bool read_joint(const Json& spec, int visible, const std::vector<Slot>& slots,
                  const std::vector<scim::Domain>& domains, StepPolicy* sp) {
    std::vector<ChoiceIndex> index;
    for (std::size_t s = 0; s < slots.size(); ++s) index.emplace_back(domains[s], slots[s].choices);
    std::int64_t actions = 1;
    for (int r : sp->radix) actions *= r;
    sp->joint = true;
    if (spec.is_array()) {
      std::vector<double> p;
      if (!joint_cpd(spec, slots, index, actions, &p)) return false;
      return tabulate(visible, static_cast<int>(actions), true, spec, &sp->actions,
                      [&](const int*, double* row, bool) {
                        std::copy(p.begin(), p.end(), row);
                        return true;
                      });
    }
    if (!r_.object(spec, "a joint policy")) return false;
    if (const Json* table = table_form(spec)) {
      return read_cpd_table(
          *table, visible, static_cast<int>(actions), ": [{action, p}]", "game.uncovered_policy",
          &sp->actions,
          [&](const Json& c, std::vector<double>* p) { return joint_cpd(c, slots, index, actions, p); });
    }
    const Json* weight = r_.find(spec, "weight");
    if (!weight || spec.size() != 1) {
      r_.error("game.bad_policy", spec,
               "a joint policy is [{action, p}], {\"table\": [{given, cpd}]} or {\"weight\": expression}");
      return false;
    }
    // The weight reads the history and the candidate action, its slots by name.
    std::vector<scim::expr::Symbol> all = symbols(visible);
    for (std::size_t s = 0; s < slots.size(); ++s) {
      for (int v = 0; v < visible; ++v) {
        if (g_->variables[v].name == slots[s].name) {
          r_.error("game.duplicate_name", *weight,
                   "slot \"" + slots[s].name +
                       "\" has the name of a variable of the history, which the weight "
                       "also reads",
                   "rename the slot or the stage");
          return false;
        }
      }
      all.push_back({slots[s].name, domains[s]});
    }
    auto e = compile(*weight, all, visible, scim::ValueType::kNumber);
    if (!e) return false;
    std::vector<int> action_radix = sp->radix;
    std::vector<int> idx_all(all.size(), 0);
    return tabulate(
        visible, static_cast<int>(actions), reads_no_history(*e, visible), *weight, &sp->actions,
        [&](const int* idx, double* row, bool constant) {
          std::copy(idx, idx + visible, idx_all.begin());
          double total = 0;
          bool ok = odometer(action_radix, [&](const int* choice, std::int64_t a) {
            std::copy(choice, choice + action_radix.size(), idx_all.begin() + visible);
            try {
              const double w = std::get<double>(e->evaluate(idx_all.data()));
              if (!(w >= 0) || !std::isfinite(w))
                throw std::domain_error("the weight is negative or not finite");
              row[a] = w;
              total += w;
              return true;
            } catch (const std::exception& ex) {
              std::string action;
              for (std::size_t s = 0; s < slots.size(); ++s)
                action += (s ? ", " : "") + slots[s].name + " = " + slots[s].choices[choice[s]];
              r_.error("game.bad_policy", *weight,
                       ex.what() + std::string(" for the action ") + action + when(idx, visible, constant));
              return false;
            }
          });
          if (!ok) return false;
          if (!std::isfinite(total) || total <= 0) {
            r_.error("game.bad_policy", *weight,
                     (total <= 0 ? std::string("every action's weight is 0")
                                 : std::string("the weights' sum is not a finite number")) +
                         when(idx, visible, constant));
            return false;
          }
          for (std::int64_t a = 0; a < actions; ++a) row[a] /= total;
          return true;
        });
  }

  bool read_policies(const Json& root) {
    const Json* policies = r_.find(root, "policies");
    if (policies && !r_.object(*policies, "\"policies\"")) return false;
    policies_ = policies;
    if (policies) {
      for (const auto& member : policies->items()) {
        const int i = player_index(member.key());
        if (i < 0) {
          r_.error_at_key("game.unknown_player", member.value(), "\"" + member.key() + "\" is not a player",
                          did_you_mean(member.key(), g_->players));
          return false;
        }
        if (!r_.object(member.value(), "a player's policy")) return false;
        std::vector<std::string> stage_names;
        for (const Stage& st : g_->stages) {
          if (!st.chance && std::find(st.players.begin(), st.players.end(), i) != st.players.end())
            stage_names.push_back(st.name);
        }
        r_.fields(member.value(), stage_names,
                  "\"" + member.key() + "\"'s policy (its fields are the stages where it acts)");
      }
    }
    for (Step& step : g_->steps) {
      const Stage& st = g_->stages[step.stage];
      if (st.chance) continue;
      live_ = at_step(static_cast<int>(&step - g_->steps.data()));
      for (int a = 0; a < step.count; ++a) {
        const int pos = step.first_position + a;
        const int player = st.players[pos];
        const auto& slots = st.slots[pos];
        const auto& domains = st.domains[pos];
        // In turn, a player sees the stage's earlier players; simultaneously, only earlier stages.
        const int visible = step.first_variable;
        const Json* spec = nullptr;
        if (policies) {
          auto pit = policies->find(g_->players[player]);
          if (pit != policies->end()) {
            auto sit = pit->find(st.name);
            if (sit != pit->end()) spec = &*sit;
          }
        }
        StepPolicy sp;
        for (const Slot& slot : slots) sp.radix.push_back(static_cast<int>(slot.choices.size()));
        sp.slots.resize(slots.size());
        std::vector<const Json*> slot_spec(slots.size(), spec);
        if (spec && slots.size() > 1) {
          if (!r_.object(*spec, "a policy of several slots ({slot: policy} or {\"joint\": ...})"))
            return false;
          std::vector<std::string> names = {"joint"};
          for (const Slot& s : slots) names.push_back(s.name);
          r_.fields(*spec, names,
                    "a policy of stage \"" + st.name + "\" (its fields are the slots, or \"joint\")");
          if (const Json* joint = r_.find(*spec, "joint")) {
            if (spec->size() > 1) {
              r_.error("game.bad_policy", *spec,
                       "a policy gives either \"joint\" (the whole action) or its slots' policies, not both");
              return false;
            }
            sp.slots.clear();
            if (!read_joint(*joint, visible, slots, domains, &sp)) return false;
            step.policy.push_back(std::move(sp));
            continue;
          }
          for (std::size_t s = 0; s < slots.size(); ++s) {
            auto it = spec->find(slots[s].name);
            slot_spec[s] = it == spec->end() ? nullptr : &*it;
          }
        }
        for (std::size_t s = 0; s < slots.size(); ++s) {
          ChoiceIndex index(domains[s], slots[s].choices);
          Outcomes over;
          over.labels = &slots[s].choices;
          over.domain = &domains[s];
          over.index = &index;
          over.what = "slot \"" + slots[s].name + "\"";
          over.bad_id = "game.bad_policy";
          over.uncovered_id = "game.uncovered_policy";
          over.deterministic = true;
          if (!read_distribution(slot_spec[s], visible, over, &sp.slots[s])) return false;
        }
        step.policy.push_back(std::move(sp));
      }
    }
    live_ = Live();
    return r_.diagnostics()->empty();
  }

  // ---- information sets ---------------------------------------------------------------------------

  // The variables of earlier steps that `player` set itself (it remembers its own moves).
  std::vector<int> own_variables(int player, int before) const {
    std::vector<int> out;
    for (const Step& step : g_->steps) {
      if (step.first_variable >= before) break;
      const Stage& st = g_->stages[step.stage];
      if (st.chance) continue;
      int v = step.first_variable;
      for (int a = 0; a < step.count; ++a) {
        const int n = static_cast<int>(st.slots[step.first_position + a].size());
        if (st.players[step.first_position + a] == player)
          for (int k = 0; k < n; ++k) out.push_back(v + k);
        v += n;
      }
    }
    return out;
  }

  // A stage's "information": {player: [variable, ...]} (what it observes, with its own earlier moves and
  // what it knew at its previous move)
  // or {player: {"table": [{"given": ..., "set": label}]}} (the first row that matches names the set),
  // into each acting position's set per prefix; then every player's policy must be one distribution on
  // each of its sets (game.hidden_information otherwise).
  bool read_information() {
    // What each player knew at its latest move (perfect recall): the variables it observed there, all
    // of those set before it where it knew the whole history.
    std::vector<std::vector<int>> known(static_cast<std::size_t>(g_->num_players()));
    for (int t = 0; t < static_cast<int>(g_->steps.size()); ++t) {
      Step& step = g_->steps[t];
      const Stage& st = g_->stages[step.stage];
      if (st.chance) continue;
      for (int a = 0; a < step.count && !st.information; ++a) {
        std::vector<int>& k = known[static_cast<std::size_t>(st.players[step.first_position + a])];
        k.resize(static_cast<std::size_t>(step.first_variable));
        for (int v = 0; v < step.first_variable; ++v) k[static_cast<std::size_t>(v)] = v;
      }
      if (!st.information) continue;
      const Json& info = *st.information;
      if (!r_.object(info, "\"information\" ({player: [variable, ...]} or {player: {\"table\": ...}})"))
        return false;
      if (t == st.first_step) {
        std::vector<std::string> names;
        for (int pl : st.players) names.push_back(g_->players[pl]);
        r_.fields(info, names, "\"information\" (its fields are the stage's players)");
      }
      const int visible = step.first_variable;
      const Live live = at_step(t);
      step.information.resize(static_cast<std::size_t>(step.count));
      step.information_names.resize(static_cast<std::size_t>(step.count));
      for (int a = 0; a < step.count; ++a) {
        const int player = st.players[step.first_position + a];
        auto it = info.find(g_->players[player]);
        std::vector<int>& knows = known[static_cast<std::size_t>(player)];
        if (it == info.end()) {  // knows the whole history
          knows.resize(static_cast<std::size_t>(visible));
          for (int v = 0; v < visible; ++v) knows[static_cast<std::size_t>(v)] = v;
          continue;
        }
        const Json& spec = *it;
        std::vector<int> observed;
        std::vector<std::pair<std::vector<std::pair<int, int>>, std::string>> rows;
        if (const Json* table = spec.is_object() ? table_form(spec) : nullptr) {
          for (const Json& row : *table) {
            if (!r_.object(row, "a row of \"information\"")) return false;
            r_.fields(row, {"given", "set"}, "a row of \"information\"");
            rows.emplace_back();
            if (const Json* given = r_.find(row, "given")) {
              if (!read_given(*given, visible, &rows.back().first)) return false;
            }
            const Json* set = r_.find(row, "set");
            if (!set) {
              r_.error("model.missing_field", row, "a row of \"information\" has no \"set\": the set's name");
              return false;
            }
            auto label = r_.string(*set, "an information set's name");
            if (!label) return false;
            rows.back().second = *label;
          }
          if (!table_work(rows.size(), visible, *table)) return false;
        } else if (spec.is_array()) {
          observed = own_variables(player, visible);
          observed.insert(observed.end(), knows.begin(), knows.end());
          for (const Json& name : spec) {
            auto n = r_.string(name, "a variable the player observes");
            if (!n) return false;
            const int v = visible_variable(*n, visible, name, false);
            if (v < 0) return false;
            observed.push_back(v);
          }
          std::sort(observed.begin(), observed.end());
          observed.erase(std::unique(observed.begin(), observed.end()), observed.end());
          knows = observed;
        } else {
          r_.error(
              "game.bad_information", spec,
              "a player's information is a list of the variables it observes, or {\"table\": [{\"given\": "
              "..., \"set\": name}]}",
              "\"information\": {\"bob\": [\"deal_bob\"]}");
          return false;
        }
        if (!reserve(step.prefixes / 2 + 1, spec)) return false;
        std::vector<std::int32_t>& sets = step.information[a];
        std::vector<std::string>& names = step.information_names[a];
        sets.assign(static_cast<std::size_t>(step.prefixes), 0);
        std::unordered_map<std::string, std::int32_t> index;
        std::vector<std::int64_t> first;  // each set's first prefix
        const StepPolicy& sp = step.policy[a];
        const bool ok = odometer(radices(visible), [&](const int* idx, std::int64_t x) {
          if (!live.live(x)) return true;
          std::string key;
          if (rows.empty()) {
            for (int v : observed) {
              const Variable& var = g_->variables[v];
              const bool unset = idx[v] >= static_cast<int>(var.labels.size());
              key += (key.empty() ? "" : ", ") + var.name + " = " + (unset ? "unset" : var.labels[idx[v]]);
            }
            if (key.empty()) key = "nothing observed";
          } else {
            const auto row =
                std::find_if(rows.begin(), rows.end(), [&](const auto& r) { return matches(r.first, idx); });
            if (row == rows.end()) {
              r_.error("game.uncovered_information", spec,
                       "no row of \"" + g_->players[player] + "\"'s information matches " +
                           history_text(idx, visible),
                       "add a row for it, or a last row without \"given\"");
              return false;
            }
            key = row->second;
          }
          auto [found, added] = index.emplace(key, static_cast<std::int32_t>(names.size()));
          if (added) {
            names.push_back(key);
            first.push_back(x);
          } else if (!same_policy(sp, first[found->second], x)) {
            std::vector<int> other(static_cast<std::size_t>(visible));
            std::int64_t rest = first[found->second];
            for (int v = visible - 1; v >= 0; --v) {
              other[v] = static_cast<int>(rest % g_->radix[v]);
              rest /= g_->radix[v];
            }
            r_.error("game.hidden_information", policy_spec(player, st),
                     "\"" + g_->players[player] + "\"'s policy in stage \"" + st.name +
                         "\" differs between two histories of its information set \"" + key +
                         "\": " + history_text(other.data(), visible) + "; and " + history_text(idx, visible),
                     "a policy reads only what its player knows there (the stage's \"information\")");
            return false;
          }
          sets[static_cast<std::size_t>(x)] = found->second;
          return true;
        });
        if (!ok) return false;
      }
    }
    return true;
  }

  // Whether a player's policy is the same distribution after prefixes x and y.
  static bool same_policy(const StepPolicy& sp, std::int64_t x, std::int64_t y) {
    auto same = [&](const PrefixTable& t) {
      if (t.constant) return true;
      const double* a = t.row(x);
      const double* b = t.row(y);
      for (int k = 0; k < t.width; ++k) {
        if (std::abs(a[k] - b[k]) > 1e-12) return false;
      }
      return true;
    };
    if (sp.joint) return same(sp.actions);
    return std::all_of(sp.slots.begin(), sp.slots.end(), same);
  }

  // The player's policy of a stage as the file gives it (the file's root without one).
  const Json& policy_spec(int player, const Stage& st) const {
    if (policies_) {
      auto p = policies_->find(g_->players[player]);
      if (p != policies_->end()) {
        auto it = p->find(st.name);
        if (it != p->end()) return *it;
      }
    }
    return *st.information;
  }

  // ---- the value function -------------------------------------------------------------------------

  bool read_value(const Json& root) {
    const Json* v = r_.find(root, "value");
    const Json* first_stage_value = nullptr;
    for (const Stage& st : g_->stages) {
      if (st.valued && !first_stage_value) first_stage_value = r_.find(*st.json, "value");
    }
    if (v) {
      bool ok = true;
      if (v->is_string() && v->get<std::string>() == "rollout") {
        g_->value_kind = ValueKind::kRollout;
      } else if (v->is_string() && v->get<std::string>() == "exact") {
        g_->value_kind = ValueKind::kExact;
      } else if (v->is_object() && v->size() == 1 && v->contains("rollouts")) {
        const Json& n = (*v)["rollouts"];
        const double x = n.is_number() ? n.get<double>() : 0;
        if (!(x >= 1 && x <= kMaxValueRollouts) || x != std::floor(x)) {
          r_.error("game.bad_value", n,
                   "\"rollouts\" is a whole number from 1 to " + std::to_string(kMaxValueRollouts));
          return false;
        }
        g_->value_kind = ValueKind::kRollouts;
        g_->continuations = static_cast<int>(x);
      } else {
        ok = false;
      }
      if (!ok) {
        r_.error("game.bad_value", *v, "\"value\" is \"rollout\", \"exact\" or {\"rollouts\": n}",
                 "value expressions are given on the stages (\"value\": {player: expression})");
        return false;
      }
      if (first_stage_value) {
        r_.error("game.bad_value", *first_stage_value,
                 "the game's \"value\" is " + json_text(*v) + ", so its stages give no value expressions",
                 "remove one: the stages' expressions, or the game's \"value\"");
        return false;
      }
    } else if (first_stage_value) {
      g_->value_kind = ValueKind::kExpression;
    }
    if (!g_->has_heuristic_value()) return true;
    const int p = g_->num_players();
    for (const Stage& st : g_->stages) {
      if (!st.valued) continue;
      live_ = at_step(st.first_step);
      const bool ok = read_player_numbers(*r_.find(*st.json, "value"), st.first_variable, true, "value",
                                          "value", "game.bad_value", &g_->steps[st.first_step].value);
      live_ = Live();
      if (!ok) return false;
    }
    return induce_values(v ? *v : *first_stage_value, p);
  }

  // V at every step's start (and, at chance steps, what a decision step before them adds to its
  // reward) by backward induction from the end: the expected rewards under the policies and chance,
  // a decision step's following ones discounted by γ, stopping at the values the stages give.
  bool induce_values(const Json& at, int p) {
    const int steps = static_cast<int>(g_->steps.size());
    const double gamma = g_->gamma;
    std::vector<double> zero(p, 0.0), r(p), vn(p), gn(p);
    for (int t = steps - 1; t >= 0; --t) {
      Step& step = g_->steps[t];
      const Stage& st = g_->stages[step.stage];
      const bool chance = st.chance;
      const bool given = st.valued && t == st.first_step;
      if (!given) {
        step.value = PrefixTable{p, false, {}};
        if (!reserve(step.prefixes * p, at)) return false;
        step.value.values.assign(static_cast<std::size_t>(step.prefixes * p), 0.0);
      }
      if (chance) {
        step.later = PrefixTable{p, false, {}};
        if (!reserve(step.prefixes * p, at)) return false;
        step.later.values.assign(static_cast<std::size_t>(step.prefixes * p), 0.0);
      }
      if (given) continue;
      const std::vector<int> own = radices_of(step);
      const Live live = at_step(t);
      for (std::int64_t x = 0; x < step.prefixes; ++x) {
        if (!live.live(x)) continue;
        double* value = step.value.values.data() + x * p;
        double* later = chance ? step.later.values.data() + x * p : nullptr;
        odometer(own, [&](const int* digits, std::int64_t m) {
          if (!complete_outcome(step, digits)) return true;
          const double q = g_->step_probability(step, x, digits);
          if (q <= 0) return true;
          const std::int64_t after = x * step.outcomes + m;
          // The next step played (past the skipped ones) and its prefix.
          int n = t + 1;
          std::int64_t reached = after;
          while (n < steps && !g_->steps[n].played.empty() && !g_->steps[n].played[reached]) {
            reached = reached * g_->steps[n].outcomes + g_->steps[n].unset;
            ++n;
          }
          const Step* next = n < steps ? &g_->steps[n] : nullptr;
          const bool next_chance = next && g_->stages[next->stage].chance;
          for (int i = 0; i < p; ++i) r[i] = step.rewards.width ? step.rewards.row(after)[i] : 0.0;
          if (!next && g_->payoffs.width) {
            for (int i = 0; i < p; ++i) r[i] += g_->payoffs.row(reached)[i];
          }
          for (int i = 0; i < p; ++i) {
            vn[i] = next ? next->value.row(reached)[i] : 0.0;
            gn[i] = !next ? 0.0 : next_chance ? next->later.row(reached)[i] : gamma * vn[i];
          }
          for (int i = 0; i < p; ++i) {
            if (chance) {
              value[i] += q * (r[i] + vn[i]);
              later[i] += q * (r[i] + gn[i]);
            } else {
              value[i] += q * (r[i] + gn[i]);
            }
          }
          return true;
        });
      }
    }
    return true;
  }

  FileReader& r_;
  UserGame* g_;
  std::int64_t used_ = 0;  // numbers tabulated so far
  // With "when": per step boundary (before each step, and after the last), the prefixes some play
  // reaches; empty without.
  std::vector<std::vector<std::uint8_t>> reach_;
  Live live_;                       // where the table being read is read (tabulate fills only there)
  const Json* policies_ = nullptr;  // the file's "policies", for the information sets' checks
  std::unordered_map<int, ChoiceIndex> variable_indexes_;
};

}  // namespace

std::shared_ptr<const Game> read_user_game(const Json& root, FileReader& reader) {
  auto game = std::make_shared<UserGame>();
  Reader r(reader, game.get());
  if (!r.read(root)) return nullptr;
  if (!reader.diagnostics()->empty()) return nullptr;
  return game;
}

}  // namespace motive::game
