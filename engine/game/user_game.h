// User-written games (docs/games.md): players; stages played in order, each a chance stage (outcomes
// with probabilities) or a decision stage (its players act simultaneously or in turn, each choosing one
// choice per slot: structured actions); payoffs at the end as expressions over the history (the SCIM
// expression language, scim/expression.h) or as a table; a stochastic policy per player and stage.
//
// The history is a list of variables, one per chance stage (named after the stage) and one per
// (decision stage, player, slot): "<stage>_<player>", or "<stage>_<player>_<slot>" when the stage has
// several slots. A policy may read the variables set before its player acts; payoffs read them all.
// Payoffs and policies are tabulated when the game is read (every history, so every mistake is found
// then, with its position), which bounds a game to 2^18 complete histories.
#pragma once

#include <memory>

#include "core/source_json.h"
#include "game/game.h"
#include "game/reader_util.h"

namespace motive::game {

// Reads the user-game fields of a game file's root object; nullptr after diagnostics on mistakes.
std::shared_ptr<const Game> read_user_game(const Json& root, FileReader& reader);

}  // namespace motive::game
