// An analysis's parameters, described once. The one description (ParamSpec) drives validation here,
// the catalogue (the CLI's usage and `motive help`, the docs' parameter tables, the page's forms).
// A request's params are checked against it before the analysis runs: an unknown name is an error
// with a did-you-mean, a value of the wrong type or out of range is rejected (never clamped).
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace motive {

// The largest whole number a request can carry exactly (2^53 − 1): integers travel as JSON numbers,
// which the page holds as doubles.
inline constexpr std::int64_t kMaxWholeNumber = 9007199254740991;

enum class ParamType {
  kInteger,  // a whole number in [min, max]
  kNumber,   // a finite number in [min, max]; with `infinite`, also "inf" / "-inf" (see number_value)
  kBoolean,
  kString,   // any string (a name the analysis resolves in the model: see `refers`)
  kChoice,   // one of `choices`
  kStrings,  // a list of strings
  kNumbers,  // a list of numbers, each as kNumber
  kJson,     // structured (interventions, an agent, a query): the analysis reads it and reports its errors
};

struct ParamSpec {
  std::string name;
  ParamType type = ParamType::kJson;
  nlohmann::json fallback;  // the default; null when absence has its own meaning (see help)
  std::string help;         // one line
  double min = -std::numeric_limits<double>::infinity();
  double max = std::numeric_limits<double>::infinity();
  std::vector<std::string> choices;  // kChoice; for kStrings, the allowed items when not empty
  bool infinite = false;             // kNumber / kNumbers: "inf" and "-inf" allowed
  bool required = false;
  // What a string names in the model, for forms that offer a list: "variable", "decision",
  // "policy", "variant", "outcome", "player", "scene", ... (empty: free text).
  std::string refers;

  // Builders, so that a table of analyses reads as a table.
  static ParamSpec integer(std::string name, std::int64_t fallback, std::int64_t min, std::int64_t max,
                           std::string help);
  static ParamSpec number(std::string name, double fallback, double min, double max, std::string help);
  static ParamSpec boolean(std::string name, bool fallback, std::string help);
  static ParamSpec string(std::string name, std::string help, std::string refers = {});
  static ParamSpec choice(std::string name, std::vector<std::string> choices, std::string fallback,
                          std::string help);
  static ParamSpec strings(std::string name, std::string help, std::string refers = {});
  static ParamSpec numbers(std::string name, std::string help);
  static ParamSpec structured(std::string name, std::string help);
  // Modifiers.
  ParamSpec&& with_default(nlohmann::json value) &&;
  ParamSpec&& with_infinity() &&;
  ParamSpec&& with_range(double low, double high) &&;
  ParamSpec&& with_choices(std::vector<std::string> allowed) &&;
  ParamSpec&& is_required() &&;
  ParamSpec&& names(std::string what) &&;
};

// The spec as the catalogue lists it: {name, type, default, help, min?, max?, choices?, ...}.
nlohmann::json spec_json(const ParamSpec& spec);
const char* type_name(ParamType type);

// A number written as JSON: a number, or "inf" / "-inf" / "Infinity" / "-Infinity" when
// `infinite`. std::nullopt for anything else (NaN is never a number here).
std::optional<double> number_value(const nlohmann::json& value, bool infinite);
// A number as JSON for a result: ±infinity as "inf" / "-inf", NaN as null (an analysis must not let
// NaN reach a result it answers ok: it reports a diagnostic instead).
nlohmann::json number_json(double x);

// A request's params checked against the analysis's specs. Throws RequestError:
// request.unknown_parameter (with a did-you-mean), request.bad_parameter (type, range, choice),
// request.missing_parameter (a required one is absent).
class Params {
 public:
  // `prefix` names where the params sit in the request, for the messages of a structured parameter
  // read the same way ("sample." for the fields of "sample").
  Params(const nlohmann::json& given, const std::vector<ParamSpec>& specs, std::string prefix = {});

  // Whether the request gave this parameter (rather than leaving its default).
  bool has(std::string_view name) const;
  // The value given, or the default (null when none): for kJson and kString parameters.
  const nlohmann::json& get(std::string_view name) const;
  std::int64_t integer(std::string_view name) const;
  double number(std::string_view name) const;
  bool boolean(std::string_view name) const;
  std::string string(std::string_view name) const;  // kString, kChoice
  std::vector<std::string> strings(std::string_view name) const;
  std::vector<double> numbers(std::string_view name) const;

  // The params as given (validated; a null stands for "not given" and is left out): for readers of
  // structured parameters.
  const nlohmann::json& raw() const { return given_; }
  const std::vector<ParamSpec>& specs() const { return *specs_; }

 private:
  const ParamSpec& spec(std::string_view name) const;  // throws std::logic_error for an undeclared name
  nlohmann::json given_;
  const std::vector<ParamSpec>* specs_;
  std::string prefix_;
};

}  // namespace motive
