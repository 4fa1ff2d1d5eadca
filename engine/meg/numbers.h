// Numbers that may be infinite, as requests and results carry them: the strings "inf" and "-inf" (docs/api.md).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace motive::meg {

// A number as JSON: finite numbers as numbers, ±infinity as "inf"/"-inf", NaN as null.
nlohmann::json extended_number_json(double x);

// A number or "inf"/"+inf"/"-inf"; throws request.bad_parameter naming `what` otherwise.
double extended_number_param(const nlohmann::json& value, const std::string& what);

}  // namespace motive::meg
