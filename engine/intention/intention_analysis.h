// The "intention" analysis (docs/api.md): subjective intention (Def. 13) of a named policy, with
// its witnesses, as JSON.
#pragma once

#include <nlohmann/json.hpp>

#include "scim/evaluate.h"
#include "scim/model.h"

namespace motive {

nlohmann::json intention_analysis(const Scim& scim, const nlohmann::json& params, const ProgressCallback& progress);

}  // namespace motive
