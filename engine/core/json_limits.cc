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
  // Over the containers themselves: nlohmann's generic iterator dispatches on the type at every step.
  switch (value.type()) {
    case nlohmann::json::value_t::number_float:
      return !std::isfinite(value.get_ref<const nlohmann::json::number_float_t&>());
    case nlohmann::json::value_t::array:
      for (const nlohmann::json& child : value.get_ref<const nlohmann::json::array_t&>())
        if (has_non_finite_number(child)) return true;
      return false;
    case nlohmann::json::value_t::object:
      for (const auto& [key, child] : value.get_ref<const nlohmann::json::object_t&>())
        if (has_non_finite_number(child)) return true;
      return false;
    default:
      return false;
  }
}

void check_result_numbers(const nlohmann::json& result) {
  if (has_non_finite_number(result))
    throw RequestError("analysis.non_finite",
                       "the analysis met a number it cannot compute (an overflow to infinity or an "
                       "undefined value)",
                       "this is a bug in Motive if the model was accepted: please report it with the model");
}

}  // namespace motive
