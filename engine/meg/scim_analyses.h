// The MEG analyses of SCIMs and CIDs reachable through the API (docs/api.md, "meg" and "meg_likelihood").
#pragma once

#include <nlohmann/json.hpp>

#include "core/params.h"
#include "core/progress.h"
#include "scim/model.h"

namespace motive::meg {

// MEG of a named policy: known utility (the model's 𝒰) or unknown utility towards `targets`, with witnesses.
nlohmann::json meg_scim_analysis(const scim::Scim& scim, const Params& params, Context& context);

// The curve L(β) of known-utility MEG, with β* and the bound.
nlohmann::json meg_likelihood_scim_analysis(const scim::Scim& scim, const Params& params, Context& context);

}  // namespace motive::meg
