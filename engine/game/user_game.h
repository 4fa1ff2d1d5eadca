// User-written games (docs/games.md, "User-written games"): the model of section 4.1 of Orner et al.
// written in a game file.
//   - players, and stages played in order: a chance stage (outcomes with probabilities, which may
//     depend on the history: a table of rows or weights) or a decision stage (its players act
//     simultaneously or in turn, each choosing one choice per slot of its own action set: structured
//     actions);
//   - rewards: a reward vector per transition (a stage's `rewards`, by expression or table over the
//     history) and payoffs at the end, discounted by `gamma`;
//   - a stochastic policy per player and stage: independent slots (a distribution, weights, a table or
//     a deterministic expression per slot) or the joint of a player's slots (a table or a weight
//     expression over whole actions);
//   - a value function V: the return of one play to the end (the default), the mean of n plays
//     ("rollouts": n), expressions given on the stages, or the exact expected return ("exact").
//
// The history is a list of variables, one per chance stage (named after the stage) and one per
// (decision stage, player, slot): "<stage>_<player>", or "<stage>_<player>_<slot>" when the player has
// several slots there. A policy or a chance row may read the variables set before it; rewards read
// those set by the end of their stage; payoffs read them all. A stage with a "when" is played only in
// the histories where it holds (elsewhere it is no node, and its variables are unset: one more value,
// the last); a decision stage's "information" says what each of its players knows (its information
// sets; by default the whole history), and every policy must be one distribution on each set.
//
// Everything is tabulated when the game is read (every history, so every mistake is found then, with
// its position), which bounds a game to 2^18 complete histories, 64 steps and 2^23 tabulated numbers.
// Reading is linear in the file and the tables: choices are found through hash maps, and a table's
// rows are matched against at most 2^26 histories in all.
#pragma once

#include <memory>

#include "core/source_json.h"
#include "game/game.h"
#include "game/reader_util.h"

namespace motive::game {

// The largest magnitude of a payoff, a reward, a value, and of the sum of the rewards along any play:
// SICA squares sums of millions of utilities, which must stay finite (1e100 squared is 1e200).
inline constexpr double kMaxGameMagnitude = 1e100;

// The most complete histories a game may have (every variable's values multiplied, one more for unset
// where a stage has a "when"): the tables are filled over them. The .efg importer checks it too.
inline constexpr std::int64_t kMaxGameHistories = std::int64_t{1} << 18;

// Reads the user-game fields of a game file's root object; nullptr after diagnostics on mistakes.
std::shared_ptr<const Game> read_user_game(const Json& root, FileReader& reader);

}  // namespace motive::game
