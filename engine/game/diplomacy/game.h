// No-press Diplomacy as a built-in game ("builtin": "diplomacy", docs/games.md, "Diplomacy").
//
// The play: from a position (the map's 1901 start by default), phase after phase for `years` game years:
// spring movement, spring retreats (only when a unit was dislodged), fall movement, fall retreats,
// winter adjustments (only when some power has a build it can make or a unit to disband). Each phase is
// one decision node where every power with something to order acts at once; a power's action has one
// slot per unit (retreats: per dislodged unit; adjustments: per vacant owned home centre, or per unit),
// each slot's choices its legal orders in the standard notation (legal.h). The adjudicator
// (adjudicator.h) resolves the phase. The play also ends when a power reaches the map's victory count of
// supply centres after a fall.
//
// Value (the paper's V, section 4.1): each power's share of the supply centres, a centre counting for
// the power whose unit stands on it and otherwise for its owner (centres change hands at the end of the
// fall: a unit standing on a centre is on its way to owning it), optionally mixed with its share of the
// units: V_i = (w_c·centres_i + w_u·units_i) / Σ_j (w_c·centres_j + w_u·units_j) ("value_weights"). The
// reward at the end of the play is the same share of the final position, so the return agrees with V;
// "value": "rollout" uses the Monte Carlo return instead of V.
#pragma once

#include <array>
#include <bitset>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/source_json.h"
#include "game/diplomacy/adjudicator.h"
#include "game/diplomacy/legal.h"
#include "game/diplomacy/map.h"
#include "game/diplomacy/position.h"
#include "game/game.h"
#include "game/reader_util.h"

namespace motive::game::diplomacy {

// A power's policy (docs/games.md, "Policies"): the logits of its units' orders.
struct PolicyWeights {
  double hold = 0;       // hold
  double defend = 1.5;   // staying (hold, support, convoy) on an own supply centre another power threatens
  double move = 0.5;     // any move (or retreat)
  double expand = 2;     // a move to a supply centre neither it nor a friend owns
  double attack = 1;     // a move onto another power's unit or centre (minus for a friend's)
  double support = 1.5;  // a support of a friendly unit's order; also the pull on an order already supported
  double convoy = 1.5;   // a convoy of a friendly army's move; also the pull on a move already convoyed
  double disband = -2;   // a dislodged unit disbanding instead of retreating
  std::bitset<kMaxPowers> friends;  // other powers whose units it supports and does not attack
};

enum class ValueKind { kCentres, kRollout };

struct GameConfig {
  std::shared_ptr<const Map> map;
  Position start;
  int years = 1;
  ValueKind value = ValueKind::kCentres;
  double centre_weight = 1, unit_weight = 0;
  std::array<PolicyWeights, kMaxPowers> policies;
};

inline constexpr int kMaxYears = 50;

class DiplomacyGame;

// Per-order data of the policies at one state (policy.cc fills it once per state, every draw reuses it).
struct PolicyCache {
  bool ready = false;
  std::vector<double> weight;       // the order's weight before the dependencies (exp of its logit)
  std::vector<std::int16_t> match;  // −1, or the slot (within its power) whose order it must match
  std::vector<std::uint8_t> spec;   // what an order is: a move's destination province, or kStays
  std::vector<std::uint8_t> wants;  // a support's or convoy's target spec (what the unit must do)
  std::vector<std::int16_t> pulls;  // −1, or the later slot (within its power) it pulls towards `wants`
  std::vector<double> pull;         // the pull's factor
  std::vector<double> scratch;      // a slot's weights while drawing
  static constexpr std::uint8_t kStays = 255;  // holds, supports or convoys: stays in place
};

class DiplomacyState final : public State {
 public:
  explicit DiplomacyState(const DiplomacyGame* game);
  DiplomacyState(const DiplomacyGame* game, const Position& position, int move_number);

  NodeType type() const override { return over_ ? NodeType::kTerminal : NodeType::kDecision; }
  int acting(int* players) const override;
  ActionSpace legal_actions(int player) const override;
  void apply_actions(const Action* joint, double* reward) override;
  int num_chance_outcomes() const override { return 0; }
  double chance_probability(int) const override { return 0; }
  std::string chance_label(int) const override { return {}; }
  void apply_chance(int, double*) override {}
  std::unique_ptr<State> clone() const override;
  void copy_from(const State& other) override;
  std::string serialise() const override;
  std::string describe() const override;
  int move_number() const override { return move_number_; }

  const Position& position() const { return position_; }
  bool over() const { return over_; }
  // The legal orders of every power's slots here (computed once per state).
  const Options& options() const;
  // The policies' per-order weights here (policy.cc fills them once per state).
  PolicyCache& policy_cache() const { return policy_; }
  const DiplomacyGame& game() const { return *game_; }

  // Moves through phases where nobody acts, and ends the play when its years are over or a power has
  // won; adds the end's reward (the final share) to `reward` when it ends here.
  void settle(double* reward);

 private:
  bool anyone_acts() const;

  const DiplomacyGame* game_;
  Position position_;
  int move_number_ = 0;
  bool over_ = false;
  mutable Options options_;
  mutable bool options_valid_ = false;
  mutable PolicyCache policy_;
};

class DiplomacyGame final : public Game {
 public:
  explicit DiplomacyGame(GameConfig config);
  ~DiplomacyGame() override;

  int num_players() const override { return map_->num_powers(); }
  std::string player_name(int player) const override { return map_->powers[player].name; }
  std::unique_ptr<State> initial_state() const override;
  // A state text (serialise's), or a position's JSON (read_position's shape).
  std::unique_ptr<State> deserialise(std::string_view text, std::string* error) const override;
  const Policy& policy(int player) const override;
  bool has_heuristic_value() const override { return config_.value == ValueKind::kCentres; }
  ValueInfo value_info() const override;
  void value(const State& state, double* v) const override;
  std::string board() const override;
  int max_length() const override { return 5 * config_.years; }
  std::unique_ptr<Rollouts> rollouts(const State& start, int depth,
                                     const std::vector<Fixed>& fixed) const override;

  const Map& map() const { return *map_; }
  const GameConfig& config() const { return config_; }
  const PolicyWeights& weights(int power) const { return config_.policies[power]; }
  int end_year() const { return config_.start.phase.year + config_.years - 1; }
  // Each power's share (V's formula) of a position.
  void share(const Position& position, double* v) const;

 private:
  GameConfig config_;
  std::shared_ptr<const Map> map_;
  std::vector<std::unique_ptr<Policy>> policies_;
};

// Reads a Diplomacy game file's fields (builtins.h): "map", "position", "years", "value",
// "value_weights", "policies", and validates its "states" given as positions. nullptr after reporting
// each problem with its position.
std::shared_ptr<const Game> read_diplomacy_game(const Json& root, FileReader& reader);

// Reads a position given as a request parameter or a state entry (JSON text or value) for `game`:
// a state of the game at that position (its phase settled as the play would), or nullptr with `error`.
std::unique_ptr<DiplomacyState> state_at(const DiplomacyGame& game, const Position& position);

}  // namespace motive::game::diplomacy
