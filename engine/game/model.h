// A game file (`"kind": "game"`, docs/games.md) read into a Game: either a built-in game selected by
// name with its parameters (`"builtin": "communicate-out-of-prison"`), or a user-written game
// (user_game.h). The file may name positions to explain ("states"), as a serialised state or as a
// history of labelled moves.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/diagnostics.h"
#include "core/registry.h"
#include "core/source_json.h"
#include "game/game.h"

namespace motive::game {

class GameModel : public Model {
 public:
  std::shared_ptr<const Game> game;
  std::string title;
  std::string description;  // what the game is about, and where it comes from (for the page's heading)
  std::string source;
  std::string builtin;  // "communicate-out-of-prison", or empty for a user-written game
  // Named positions, in file order: (name, serialised state).
  std::vector<std::pair<std::string, std::string>> states;

  // The state a request names: a named state, a serialised state, or (empty) the initial state.
  // Throws RequestError (request.unknown_state) otherwise.
  std::unique_ptr<State> state(const std::string& name_or_text) const;
};

// Reads a game file; std::nullopt with diagnostics (positioned) when it has problems.
std::optional<GameModel> read_game_model(std::string_view text, Diagnostics* diagnostics);

// The state reached from `start` by a history: each step is a chance outcome's label (a string, at a
// chance node) or, at a decision node, an object {player: action} for every acting player, an action
// being a list of slot labels or an object {slot: label}. nullptr with a message on a mistake.
std::unique_ptr<State> play_history(const Game& game, const nlohmann::ordered_json& history,
                                    std::string* error);

// An action of `player` at `state` from JSON (a list of labels, one per slot, or {slot: label}).
std::optional<Action> parse_action(const State& state, int player, const nlohmann::json& value,
                                   std::string* error);

}  // namespace motive::game
