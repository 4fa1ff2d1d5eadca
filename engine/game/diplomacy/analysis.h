// The adjudicate analysis of Diplomacy games (docs/analyses.md, "adjudicate"): a position and orders in
// the standard notation in; each order's result (succeeds, fails or illegal, with the reason in words),
// the dislodged units with their retreats, and the position after the phase out.
#pragma once

#include <nlohmann/json.hpp>

#include "core/params.h"
#include "core/progress.h"
#include "game/model.h"

namespace motive::game::diplomacy {

// Adjudicates `orders` (a list of orders, or {power: [orders]}) at `position` (a position's JSON; by
// default the state `state`, or the game's start). Throws RequestError: analysis.not_supported for a
// game that is not Diplomacy, request.bad_parameter for an order that does not parse (naming it and the
// column) or a position that does not read. An order for a unit that is not there is not an error but
// an illegal order, as the DATC wants.
nlohmann::json adjudicate_analysis(const GameModel& model, const Params& params, Context& context);

}  // namespace motive::game::diplomacy
