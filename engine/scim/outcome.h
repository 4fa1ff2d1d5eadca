// Outcomes: the values a variable can take. A domain is a list of distinct outcomes of one type
// (all labels, all numbers or all booleans); variables refer to their outcomes by index.
#pragma once

#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

namespace motive::scim {

using Outcome = std::variant<bool, double, std::string>;
using Domain = std::vector<Outcome>;

enum class ValueType { kBoolean, kNumber, kLabel };

ValueType type_of(const Outcome& o);
const char* type_name(ValueType t);

// Equality of outcomes; numbers compare with a relative tolerance of 1e-9.
bool same_outcome(const Outcome& a, const Outcome& b);

// Index of `o` in `domain`, or -1.
int find_outcome(const Domain& domain, const Outcome& o);

// The outcome as it is written in model text: 'east', 3.5, true.
std::string outcome_text(const Outcome& o);

nlohmann::json outcome_json(const Outcome& o);

}  // namespace motive::scim
