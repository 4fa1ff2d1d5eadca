// The analyses of Ward et al. 2024 (docs/api.md), as JSON: subjective intention (Def. 13), actual
// causality (Def. 22) and H&KW intention to influence and to bring about (Defs. 24-25).
#pragma once

#include <nlohmann/json.hpp>

#include "scim/evaluate.h"
#include "scim/model.h"

namespace motive {

nlohmann::json intention_analysis(const Scim& scim, const nlohmann::json& params, const ProgressCallback& progress);
nlohmann::json actual_cause_analysis(const Scim& scim, const nlohmann::json& params);
nlohmann::json hkw_intention_analysis(const Scim& scim, const nlohmann::json& params);

}  // namespace motive
