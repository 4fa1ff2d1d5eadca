#include "core/json_limits.h"

#include <cmath>
#include <string>

#include "core/diagnostics.h"

namespace motive {
namespace {

bool exceeds(const nlohmann::json& value, int remaining) {
  if (!value.is_structured()) return false;
  if (remaining == 0) return true;
  for (const nlohmann::json& child : value)
    if (exceeds(child, remaining - 1)) return true;
  return false;
}

}  // namespace

bool json_nesting_exceeds(const nlohmann::json& value, int limit) { return exceeds(value, limit); }

void check_request_nesting(const nlohmann::json& request) {
  if (json_nesting_exceeds(request))
    throw RequestError("request.too_deep",
                       "the request is nested more than " + std::to_string(kMaxJsonDepth) + " levels deep",
                       "parameters are numbers, strings or short lists: send a flatter request");
}

bool has_non_finite_number(const nlohmann::json& value) {
  if (value.is_number_float()) return !std::isfinite(value.get<double>());
  if (!value.is_structured()) return false;
  for (const nlohmann::json& child : value)
    if (has_non_finite_number(child)) return true;
  return false;
}

void check_result_numbers(const nlohmann::json& result) {
  if (has_non_finite_number(result))
    throw RequestError("analysis.non_finite",
                       "the analysis met a number it cannot compute (an overflow to infinity or an "
                       "undefined value)",
                       "this is a bug in Motive if the model was accepted: please report it with the model");
}

}  // namespace motive
