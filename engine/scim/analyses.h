// The analyses of the scim family (docs/api.md): each takes a model, the request's params (checked
// against the specs of engine/kinds/scim.cc) and a Context, and returns the result as JSON. Problems
// with the params throw RequestError; a cancelled run throws Cancelled.
#pragma once

#include <nlohmann/json.hpp>

#include "core/params.h"
#include "core/progress.h"
#include "scim/evaluate.h"
#include "scim/model.h"
#include "scim/reader.h"

namespace motive::scim {

// Ties: two expected utilities are equal when they differ by at most this, scaled by max(1, |EU|).
inline constexpr double kUtilityTolerance = 1e-9;
bool utilities_tie(double a, double b);

// The file's structure, of the model the request names (Context::model_name).
nlohmann::json describe_scim(const ScimFile& file, const Params& params, Context& context);
nlohmann::json expected_utility_analysis(const Scim& scim, const Params& params, Context& context);
nlohmann::json optimal_policies_analysis(const Scim& scim, const Params& params, Context& context);
nlohmann::json settings_analysis(const Scim& scim, const Params& params, Context& context);
nlohmann::json policies_analysis(const Scim& scim, const Params& params, Context& context);
nlohmann::json graph_analysis(const Scim& scim, const Params& params, Context& context);

}  // namespace motive::scim
