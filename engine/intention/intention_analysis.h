// The analyses of Ward et al. 2024 (docs/api.md), as JSON: subjective intention (Def. 13), actual
// causality (Def. 22), H&KW intention to influence and to bring about (Defs. 24-25), and the
// quantitative instrumental control incentive (Def. 23).
#pragma once

#include <nlohmann/json.hpp>

#include "core/params.h"
#include "core/progress.h"
#include "scim/model.h"

namespace motive {

nlohmann::json intention_analysis(const scim::Scim& scim, const Params& params, Context& context);
nlohmann::json actual_cause_analysis(const scim::Scim& scim, const Params& params, Context& context);
nlohmann::json hkw_intention_analysis(const scim::Scim& scim, const Params& params, Context& context);
nlohmann::json control_incentive_analysis(const scim::Scim& scim, const Params& params, Context& context);

}  // namespace motive
