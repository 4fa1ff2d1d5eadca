// The analyses of Ward et al. 2024 (docs/api.md), as JSON: subjective intention (Def. 13), actual
// causality (Def. 22), H&KW intention to influence and to bring about (Defs. 24-25), and the
// quantitative instrumental control incentive (Def. 23).
#pragma once

#include <nlohmann/json.hpp>

#include "scim/evaluate.h"
#include "scim/model.h"

namespace motive {

nlohmann::json intention_analysis(const Scim& scim, const nlohmann::json& params, const ProgressCallback& progress);
nlohmann::json actual_cause_analysis(const Scim& scim, const nlohmann::json& params);
nlohmann::json hkw_intention_analysis(const Scim& scim, const nlohmann::json& params);
nlohmann::json control_incentive_analysis(const Scim& scim, const nlohmann::json& params);

}  // namespace motive
