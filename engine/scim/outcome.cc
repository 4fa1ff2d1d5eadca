#include "scim/outcome.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace motive::scim {

ValueType type_of(const Outcome& o) {
  if (std::holds_alternative<bool>(o)) return ValueType::kBoolean;
  if (std::holds_alternative<double>(o)) return ValueType::kNumber;
  return ValueType::kLabel;
}

const char* type_name(ValueType t) {
  switch (t) {
    case ValueType::kBoolean:
      return "boolean";
    case ValueType::kNumber:
      return "number";
    case ValueType::kLabel:
      return "label";
  }
  return "?";
}

bool same_outcome(const Outcome& a, const Outcome& b) {
  if (a.index() != b.index()) return false;
  if (const double* x = std::get_if<double>(&a)) {
    double y = std::get<double>(b);
    return std::abs(*x - y) <= 1e-9 * std::max({1.0, std::abs(*x), std::abs(y)});
  }
  return a == b;
}

int find_outcome(const Domain& domain, const Outcome& o) {
  for (std::size_t i = 0; i < domain.size(); ++i)
    if (same_outcome(domain[i], o)) return static_cast<int>(i);
  return -1;
}

std::string outcome_text(const Outcome& o) {
  if (const bool* b = std::get_if<bool>(&o)) return *b ? "true" : "false";
  if (const double* d = std::get_if<double>(&o)) {
    std::ostringstream s;
    s.precision(12);
    s << *d;
    return s.str();
  }
  return "'" + std::get<std::string>(o) + "'";
}

nlohmann::json outcome_json(const Outcome& o) {
  if (const bool* b = std::get_if<bool>(&o)) return *b;
  if (const double* d = std::get_if<double>(&o)) return *d;
  return std::get<std::string>(o);
}

}  // namespace motive::scim
