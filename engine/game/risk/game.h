// Simplified Risk (Orner et al., appendix C; docs/games.md, "Simplified Risk"): reinforce, attack, one
// free move; no cards.
//
// Players take turns in order (eliminated players are skipped); `rounds` rounds of turns make a play,
// which ends sooner when one player holds every territory. A turn is ONE decision node of the player
// whose turn it is, with a structured action of seven slots:
//   place 1, place 2, place 3   the reinforcements, max(3, ⌊territories / 3⌋) plus the bonus of every
//                               continent held whole, split into three near-equal parts (the larger
//                               first), each placed on a territory the player holds;
//   attack 1, attack 2, attack 3   each `none` or `X -> Y`, from a territory the player holds to a
//                               neighbour it does not (at the decision); fought in order, each until it
//                               conquers or the attacker is down to the one army that must stay. An
//                               attack no longer possible when its turn comes (X lost, emptied by an
//                               earlier attack, or Y already taken) is skipped, and reported so;
//   move                        `none` or `X -> Y` between neighbours the player holds: all of X's
//                               armies but one, after the attacks (skipped if no longer possible).
// After the decision node each possible attack is ONE chance node whose outcomes are the exact end
// states of its battle (dice.h): the attacker conquers with a' armies left, which all move into the
// conquered territory (the attacking one keeps its one army), or the defender holds with d' left. A
// territory holds at most kMaxArmies armies: placements and moves beyond are lost.
//
// Rewards are episodic: at the end of the play each player is paid its weighted share
//   w_t · territories / all territories + w_a · armies / all armies + w_c · bonus held / all bonuses,
// the weights summing to 1 (a player holding everything gets 1). V(s) is the same share of the state
// (`"value": "heuristic"`, the default), or the Monte Carlo return (`"value": "rollout"`).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/source_json.h"
#include "game/game.h"
#include "game/reader_util.h"
#include "game/risk/map.h"

namespace motive::game::risk {

inline constexpr int kPlaceSlots = 3;
inline constexpr int kAttackSlots = 3;
inline constexpr int kSlots = kPlaceSlots + kAttackSlots + 1;  // places, attacks, the move
inline constexpr int kMoveSlot = kSlots - 1;
inline constexpr int kMaxRounds = 10;
inline constexpr int kMinPlayers = 2;

// V(s): the weighted share, or the return of one play to the end.
enum class ValueKind { kHeuristic, kRollout };

// The weights of the weighted share (model field "value_weights"; they sum to 1).
struct ValueWeights {
  double territories = 0.4;
  double armies = 0.4;
  double continents = 0.2;
};

// What became of a turn's attack or move.
enum class Outcome : std::uint8_t { kNone, kPending, kConquered, kHeld, kMoved, kSkipped };

// The turn being played, or the last one played: its placements, its attacks and their battles, its
// move (the page draws it; describe() reports it).
struct TurnLog {
  struct Attack {
    std::int8_t from = -1, to = -1;
    Outcome outcome = Outcome::kNone;
    std::int16_t attackers = 0, defenders = 0;  // at the battle: the armies that fought
    std::int16_t left = 0;                      // the winner's armies left
  };
  std::int8_t player = -1;  // −1 before the first turn
  std::array<std::int8_t, kPlaceSlots> place{};
  std::array<std::int16_t, kPlaceSlots> placed{};
  std::array<Attack, kAttackSlots> attacks{};
  std::int8_t move_from = -1, move_to = -1;
  Outcome move = Outcome::kNone;
  std::int16_t moved = 0;
};

class RiskGame;

class RiskState final : public State {
 public:
  // The game's starting position, at the first player's turn.
  explicit RiskState(const RiskGame* game);

  NodeType type() const override {
    return over_ ? NodeType::kTerminal : battle_ >= 0 ? NodeType::kChance : NodeType::kDecision;
  }
  int acting(int* players) const override {
    if (over_ || battle_ >= 0) return 0;
    players[0] = turn_;
    return 1;
  }
  ActionSpace legal_actions(int player) const override;
  void apply_actions(const Action* joint, double* reward) override;
  int num_chance_outcomes() const override {
    return battle_ >= 0 ? battle_attackers_ + battle_defenders_ : 0;
  }
  double chance_probability(int outcome) const override;
  std::string chance_label(int outcome) const override;
  void apply_chance(int outcome, double* reward) override;
  std::unique_ptr<State> clone() const override;
  void copy_from(const State& other) override { *this = static_cast<const RiskState&>(other); }
  std::string serialise() const override;
  std::string describe() const override;
  int move_number() const override { return step_; }

  const RiskGame& game() const { return *game_; }
  int owner(int territory) const { return owner_[territory]; }
  int armies(int territory) const { return armies_[territory]; }
  int round() const { return round_; }
  int turn() const { return turn_; }  // whose turn it is (or was, at the end)
  const TurnLog& log() const { return log_; }
  // The territories `player` holds, in the map's order: the choices of its place slots.
  int owned(int player, int* territories) const;
  // The borders (indices into the map's borders) of `player`'s attack choices: from a territory it
  // holds to one it does not, in the map's order. Choice c ≥ 1 of an attack slot is border c − 1.
  int attack_borders(int player, int* borders) const;
  // The borders of `player`'s move choices: between territories it holds. Choice c ≥ 1 is c − 1.
  int move_borders(int player, int* borders) const;
  // The reinforcements of `player` at its turn: max(3, ⌊territories / 3⌋) + its continents' bonuses.
  int reinforcements(int player) const;
  // The armies of place slot `slot` out of `reinforcements`: near-equal parts, the larger first.
  static int part(int reinforcements, int slot) {
    return reinforcements / kPlaceSlots + (slot < reinforcements % kPlaceSlots ? 1 : 0);
  }
  // The mask of the territories `player` holds.
  std::uint64_t holdings(int player) const;

  // Reads serialise()'s text (or one written by hand: "step" and "last" may be left out); false with
  // `error` when it is not a state of the game.
  bool parse(std::string_view text, std::string* error);

 private:
  // After the placements or a battle: starts the next possible attack, else plays the move and ends
  // the turn (paying the rewards when the play ends).
  void advance(double* reward);
  void end_turn(double* reward);
  void start_battle(int attack);
  bool attack_possible(const TurnLog::Attack& a) const;
  int alive_players() const;

  const RiskGame* game_;
  std::int16_t step_ = 0;
  std::int8_t round_ = 1;
  std::int8_t turn_ = 0;
  bool over_ = false;
  std::int8_t battle_ = -1;  // the attack whose battle is the chance node, or −1
  std::int16_t battle_attackers_ = 0, battle_defenders_ = 0;
  const double* battle_row_ = nullptr;  // the battle's end states from the table (null when larger)
  std::array<std::int8_t, kMaxTerritories> owner_{};
  std::array<std::int16_t, kMaxTerritories> armies_{};
  TurnLog log_;
};

struct Personality;

class RiskGame final : public Game {
 public:
  // `start` is a position of `map` for players.size() players; one personality per player, with the
  // name the model gave it ("aggressive", or "custom" for one given as numbers).
  RiskGame(std::shared_ptr<const RiskMap> map, std::vector<std::string> players, Position start, int rounds,
           ValueKind value, ValueWeights weights, const std::vector<Personality>& personalities,
           std::vector<std::string> personality_names);
  ~RiskGame() override;

  int num_players() const override { return static_cast<int>(players_.size()); }
  std::string player_name(int player) const override { return players_[player]; }
  std::unique_ptr<State> initial_state() const override;
  std::unique_ptr<State> deserialise(std::string_view text, std::string* error) const override;
  const Policy& policy(int player) const override;
  bool has_heuristic_value() const override { return value_ == ValueKind::kHeuristic; }
  ValueInfo value_info() const override;
  // The weighted share of each player at a non-terminal state (0 at the end: everything is paid).
  void value(const State& state, double* v) const override;
  std::string board() const override;
  int max_length() const override { return rounds_ * num_players() * (1 + kAttackSlots); }
  std::unique_ptr<Rollouts> rollouts(const State& start, int depth,
                                     const std::vector<Fixed>& fixed) const override;

  const RiskMap& map() const { return *map_; }
  const Position& start() const { return start_; }
  int rounds() const { return rounds_; }
  const ValueWeights& weights() const { return weights_; }
  const std::string& personality_name(int player) const { return personality_names_[player]; }
  // Each player's weighted share of `state` (num_players entries), whatever the state's type.
  void shares(const RiskState& state, double* share) const;
  // The index of the player called `name`, or −1.
  int find_player(std::string_view name) const;
  // A player's colour on the page ("#rrggbb").
  static const char* player_colour(int player);

 private:
  std::shared_ptr<const RiskMap> map_;
  std::vector<std::string> players_;
  Position start_;
  int rounds_;
  ValueKind value_;
  ValueWeights weights_;
  std::vector<std::string> personality_names_;
  std::vector<std::unique_ptr<Policy>> policies_;
};

// Reads a Risk file's fields ("map", "players", "position", "rounds", "value", "value_weights",
// "policies"; builtins.h); nullptr after reporting each problem with its position.
std::shared_ptr<const Game> read_risk_game(const Json& root, FileReader& reader);

}  // namespace motive::game::risk
