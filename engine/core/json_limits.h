// Limits on untrusted JSON (requests and results) that keep the engine's own recursion bounded and
// its answers honest. nlohmann::json parses and destroys values without recursion, but copies,
// compares and prints them recursively: a request nested 150,000 deep overflows the stack natively,
// and a few thousand deep in wasm. The model reader bounds model text the same way (json.too_deep).
#pragma once

#include <string_view>

#include <nlohmann/json.hpp>

namespace motive {

// The deepest nesting of arrays and objects accepted in a request or a model.
inline constexpr int kMaxJsonDepth = 256;

// Whether `value` nests arrays and objects more than `limit` levels deep (a scalar is depth 0,
// [] and {} depth 1). Stops descending past the limit, so its own recursion is bounded.
bool json_nesting_exceeds(const nlohmann::json& value, int limit = kMaxJsonDepth);

// Throws RequestError "request.too_deep" when a request nests deeper than kMaxJsonDepth: the API
// calls it before anything copies the request.
void check_request_nesting(const nlohmann::json& request);

// Whether any number in `value` is NaN or infinite (which JSON text would print as null).
bool has_non_finite_number(const nlohmann::json& value);

// Throws RequestError "analysis.non_finite" when an analysis result holds a NaN or infinite number:
// a result is a number or a diagnostic, never a silent null. (Numbers that may legitimately be
// infinite travel as the strings "inf" and "-inf"; a deliberate "no value" is written as null.)
void check_result_numbers(const nlohmann::json& result);

}  // namespace motive
