#include "core/json_limits.h"

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

}  // namespace motive
