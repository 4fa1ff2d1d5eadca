// The SCIM analyses reachable through the API (docs/api.md): each takes a model and the request's
// params and returns the result as JSON. Problems with the params throw RequestError.
#pragma once

#include <nlohmann/json.hpp>

#include "scim/evaluate.h"
#include "scim/model.h"
#include "scim/reader.h"

namespace motive {

// Ties: two expected utilities are equal when they differ by at most this, scaled by max(1, |EU|).
inline constexpr double kUtilityTolerance = 1e-9;
bool utilities_tie(double a, double b);

nlohmann::json describe_scim(const ScimFile& file, const Scim& scim);
nlohmann::json expected_utility_analysis(const Scim& scim, const nlohmann::json& params,
                                         const ProgressCallback& progress);
nlohmann::json optimal_policies_analysis(const Scim& scim, const nlohmann::json& params,
                                         const ProgressCallback& progress);
nlohmann::json settings_analysis(const Scim& scim, const nlohmann::json& params,
                                 const ProgressCallback& progress);
nlohmann::json policies_analysis(const Scim& scim, const nlohmann::json& params,
                                 const ProgressCallback& progress);
nlohmann::json graph_analysis(const Scim& scim, const nlohmann::json& params);

}  // namespace motive
