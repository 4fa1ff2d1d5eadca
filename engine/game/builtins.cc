#include "game/builtins.h"

#include "game/cop.h"
#include "game/diplomacy/game.h"
#include "game/risk/game.h"

namespace motive::game {

const std::vector<BuiltinGame>& builtin_games() {
  static const std::vector<BuiltinGame> games = {
      {"communicate-out-of-prison", "Communicate Out of Prison (Orner et al., section 3.2)", &read_cop_game},
      {"risk", "simplified Risk: reinforce, attack with exact dice, one move (Orner et al., appendix C)",
       &risk::read_risk_game},
      {"diplomacy", "no-press Diplomacy on the standard map or a map of your own, with our adjudicator",
       &diplomacy::read_diplomacy_game},
  };
  return games;
}

const BuiltinGame* find_builtin_game(std::string_view name) {
  for (const BuiltinGame& g : builtin_games()) {
    if (g.name == name) return &g;
  }
  return nullptr;
}

}  // namespace motive::game
