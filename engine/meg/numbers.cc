#include "meg/numbers.h"

#include <cmath>
#include <limits>

#include "core/diagnostics.h"

namespace motive::meg {

nlohmann::json extended_number_json(double x) {
  if (std::isnan(x)) return nullptr;
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  return x;
}

double extended_number_param(const nlohmann::json& value, const std::string& what) {
  if (value.is_number()) return value.get<double>();
  if (value.is_string()) {
    const std::string& s = value.get_ref<const std::string&>();
    if (s == "inf" || s == "+inf") return std::numeric_limits<double>::infinity();
    if (s == "-inf") return -std::numeric_limits<double>::infinity();
  }
  throw RequestError("request.bad_parameter", what + " must be a number, \"inf\" or \"-inf\", not " + json_text(value));
}

}  // namespace motive::meg
