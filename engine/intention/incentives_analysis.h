// The "incentives" analysis (docs/incentives.md): the graphical incentive criteria of Everitt et al.
// 2021 (instrumental control, value of information, response, value of control) for each decision and
// variable, each verdict with the path that explains it, as JSON.
#pragma once

#include <nlohmann/json.hpp>

#include "core/params.h"
#include "core/progress.h"
#include "scim/model.h"

namespace motive {

// Params: "decision" (optional; default every decision). Throws RequestError for an unknown variable
// or one that is not a decision.
nlohmann::json incentives_analysis(const scim::Scim& scim, const Params& params, Context& context);

}  // namespace motive
