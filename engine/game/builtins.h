// The built-in games a game file selects with "builtin" (docs/games.md): each has a name, a line of
// description and a reader for the rest of its file's fields. Adding one is one row in builtins.cc.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/source_json.h"
#include "game/game.h"
#include "game/reader_util.h"

namespace motive::game {

struct BuiltinGame {
  std::string name;     // the file's "builtin"
  std::string summary;  // one line, for errors and docs
  // Reads the game's own fields of the file (its reader checks them, "kind", "title", "description",
  // "builtin" and "states" included); nullptr after reporting each problem with its position.
  std::shared_ptr<const Game> (*read)(const Json& root, FileReader& reader);
};

// Every built-in game, in the order docs/games.md presents them.
const std::vector<BuiltinGame>& builtin_games();
// The built-in game called `name`, or nullptr.
const BuiltinGame* find_builtin_game(std::string_view name);

}  // namespace motive::game
