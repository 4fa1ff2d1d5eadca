// The analyses particular to Risk, listed in the game kind's table (game/kind.cc).
#pragma once

#include <nlohmann/json.hpp>

#include "core/params.h"
#include "core/progress.h"
#include "game/model.h"

namespace motive::game::risk {

// `battle`: the exact distribution of one roll of the dice for `attackers` against `defenders` (each
// outcome as a fraction over 6^dice, with its decimal value), and of the whole battle fought until one
// side is exhausted: the probability of conquering, the armies left to the winner, the expected losses.
// `attackers` are the armies that may fight (the attacking territory's armies minus the one that must
// stay). Only on a Risk model: analysis.not_supported otherwise.
nlohmann::json battle_analysis(const GameModel& model, const Params& params, Context& context);

}  // namespace motive::game::risk
