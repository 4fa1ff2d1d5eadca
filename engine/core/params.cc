#include "core/params.h"

#include <cmath>
#include <stdexcept>

#include "core/diagnostics.h"

namespace motive {

using nlohmann::json;

namespace {

std::string range_text(const ParamSpec& s) {
  auto num = [](double x) {
    if (std::isinf(x)) return std::string(x > 0 ? "inf" : "-inf");
    if (x == std::floor(x) && std::fabs(x) <= static_cast<double>(kMaxWholeNumber))
      return std::to_string(static_cast<long long>(x));
    return json(x).dump();
  };
  const bool low = std::isfinite(s.min), high = std::isfinite(s.max);
  if (low && high) return " from " + num(s.min) + " to " + num(s.max);
  if (low) return " ≥ " + num(s.min);
  if (high) return " ≤ " + num(s.max);
  return "";
}

[[noreturn]] void reject(const ParamSpec& s, const std::string& name, const json& value,
                         const std::string& wanted) {
  throw RequestError("request.bad_parameter",
                     "\"" + name + "\" must be " + wanted + ", not " + json_text(value).substr(0, 80),
                     s.help);
}

std::string choices_text(const std::vector<std::string>& choices) {
  std::string out;
  for (std::size_t i = 0; i < choices.size(); ++i)
    out += (i == 0 ? "" : i + 1 == choices.size() ? " or " : ", ") + ("\"" + choices[i] + "\"");
  return out;
}

void check_number(const ParamSpec& s, const std::string& name, const json& value, bool whole) {
  std::optional<double> x = number_value(value, s.infinite && !whole);
  const std::string wanted = std::string(whole ? "a whole number" : "a number") + range_text(s) +
                             (s.infinite && !whole ? " (or \"inf\", \"-inf\")" : "");
  if (!x) reject(s, name, value, wanted);
  if (whole && (*x != std::floor(*x) || std::fabs(*x) > static_cast<double>(kMaxWholeNumber)))
    reject(s, name, value, wanted);
  if (*x < s.min || *x > s.max) reject(s, name, value, wanted);
}

void check(const ParamSpec& s, const std::string& name, const json& value) {
  switch (s.type) {
    case ParamType::kInteger:
      check_number(s, name, value, true);
      return;
    case ParamType::kNumber:
      check_number(s, name, value, false);
      return;
    case ParamType::kBoolean:
      if (!value.is_boolean()) reject(s, name, value, "true or false");
      return;
    case ParamType::kString:
      if (!value.is_string()) reject(s, name, value, "a string");
      return;
    case ParamType::kChoice:
      if (!value.is_string()) reject(s, name, value, choices_text(s.choices));
      for (const std::string& c : s.choices)
        if (c == value.get_ref<const std::string&>()) return;
      {
        std::string hint = did_you_mean(value.get<std::string>(), s.choices);
        throw RequestError(
            "request.bad_parameter",
            "\"" + name + "\" must be " + choices_text(s.choices) + ", not " + json_text(value).substr(0, 80),
            hint.empty() ? s.help : hint);
      }
    case ParamType::kStrings:
      if (!value.is_array()) reject(s, name, value, "a list of strings");
      for (const json& item : value) {
        if (!item.is_string()) reject(s, name, value, "a list of strings");
        if (s.choices.empty()) continue;
        bool known = false;
        for (const std::string& c : s.choices) known = known || c == item.get_ref<const std::string&>();
        if (!known) reject(s, name, value, "a list of " + choices_text(s.choices));
      }
      return;
    case ParamType::kNumbers:
      if (!value.is_array()) reject(s, name, value, "a list of numbers");
      for (const json& item : value) check_number(s, name, item, false);
      return;
    case ParamType::kJson:
      return;
  }
}

ParamSpec make(std::string name, ParamType type, json fallback, std::string help) {
  ParamSpec s;
  s.name = std::move(name);
  s.type = type;
  s.fallback = std::move(fallback);
  s.help = std::move(help);
  return s;
}

}  // namespace

ParamSpec ParamSpec::integer(std::string name, std::int64_t fallback, std::int64_t min, std::int64_t max,
                             std::string help) {
  ParamSpec s = make(std::move(name), ParamType::kInteger, fallback, std::move(help));
  s.min = static_cast<double>(min);
  s.max = static_cast<double>(max);
  return s;
}
ParamSpec ParamSpec::number(std::string name, double fallback, double min, double max, std::string help) {
  // An infinite default is written as the catalogue writes infinities: "inf" / "-inf".
  ParamSpec s = make(std::move(name), ParamType::kNumber, number_json(fallback), std::move(help));
  s.min = min;
  s.max = max;
  return s;
}
ParamSpec ParamSpec::boolean(std::string name, bool fallback, std::string help) {
  return make(std::move(name), ParamType::kBoolean, fallback, std::move(help));
}
ParamSpec ParamSpec::string(std::string name, std::string help, std::string refers) {
  ParamSpec s = make(std::move(name), ParamType::kString, nullptr, std::move(help));
  s.refers = std::move(refers);
  return s;
}
ParamSpec ParamSpec::choice(std::string name, std::vector<std::string> choices, std::string fallback,
                            std::string help) {
  ParamSpec s = make(std::move(name), ParamType::kChoice, fallback.empty() ? json(nullptr) : json(fallback),
                     std::move(help));
  s.choices = std::move(choices);
  return s;
}
ParamSpec ParamSpec::strings(std::string name, std::string help, std::string refers) {
  ParamSpec s = make(std::move(name), ParamType::kStrings, nullptr, std::move(help));
  s.refers = std::move(refers);
  return s;
}
ParamSpec ParamSpec::numbers(std::string name, std::string help) {
  return make(std::move(name), ParamType::kNumbers, nullptr, std::move(help));
}
ParamSpec ParamSpec::structured(std::string name, std::string help) {
  return make(std::move(name), ParamType::kJson, nullptr, std::move(help));
}
ParamSpec&& ParamSpec::with_default(json value) && {
  fallback = std::move(value);
  return std::move(*this);
}
ParamSpec&& ParamSpec::with_infinity() && {
  infinite = true;
  return std::move(*this);
}
ParamSpec&& ParamSpec::with_range(double low, double high) && {
  min = low;
  max = high;
  return std::move(*this);
}
ParamSpec&& ParamSpec::with_choices(std::vector<std::string> allowed) && {
  choices = std::move(allowed);
  return std::move(*this);
}
ParamSpec&& ParamSpec::is_required() && {
  required = true;
  return std::move(*this);
}
ParamSpec&& ParamSpec::names(std::string what) && {
  refers = std::move(what);
  return std::move(*this);
}

const char* type_name(ParamType type) {
  switch (type) {
    case ParamType::kInteger:
      return "integer";
    case ParamType::kNumber:
      return "number";
    case ParamType::kBoolean:
      return "boolean";
    case ParamType::kString:
      return "string";
    case ParamType::kChoice:
      return "choice";
    case ParamType::kStrings:
      return "strings";
    case ParamType::kNumbers:
      return "numbers";
    case ParamType::kJson:
      return "json";
  }
  return "json";
}

json spec_json(const ParamSpec& s) {
  json out = {{"name", s.name}, {"type", type_name(s.type)}, {"default", s.fallback}, {"help", s.help}};
  if (std::isfinite(s.min)) out["min"] = s.min;
  if (std::isfinite(s.max)) out["max"] = s.max;
  if (!s.choices.empty()) out["choices"] = s.choices;
  if (s.infinite) out["infinite"] = true;
  if (s.required) out["required"] = true;
  if (!s.refers.empty()) out["refers"] = s.refers;
  return out;
}

std::optional<double> number_value(const json& value, bool infinite) {
  if (value.is_number()) {
    const double x = value.get<double>();
    if (std::isnan(x) || (!infinite && std::isinf(x))) return std::nullopt;
    return x;
  }
  if (infinite && value.is_string()) {
    const std::string& s = value.get_ref<const std::string&>();
    if (s == "inf" || s == "Infinity" || s == "+inf" || s == "+Infinity")
      return std::numeric_limits<double>::infinity();
    if (s == "-inf" || s == "-Infinity") return -std::numeric_limits<double>::infinity();
  }
  return std::nullopt;
}

json number_json(double x) {
  if (std::isnan(x)) return nullptr;
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  return x;
}

Params::Params(const json& given, const std::vector<ParamSpec>& specs, std::string prefix)
    : given_(json::object()), specs_(&specs), prefix_(std::move(prefix)) {
  if (!given.is_null() && !given.is_object()) {
    if (prefix_.empty()) throw RequestError("request.malformed", "\"params\" must be an object");
    throw RequestError("request.bad_parameter", "\"" + prefix_.substr(0, prefix_.size() - 1) +
                                                    "\" must be an object, not " +
                                                    json_text(given).substr(0, 80));
  }
  // null stands for "not given" (the default), as the page sends it.
  if (given.is_object())
    for (auto it = given.begin(); it != given.end(); ++it)
      if (!it.value().is_null()) given_[it.key()] = it.value();
  for (auto it = given_.begin(); it != given_.end(); ++it) {
    const ParamSpec* found = nullptr;
    for (const ParamSpec& s : specs)
      if (s.name == it.key()) found = &s;
    if (!found) {
      std::vector<std::string> names;
      for (const ParamSpec& s : specs) names.push_back(s.name);
      std::string hint = did_you_mean(it.key(), names);
      std::string list;
      for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
      throw RequestError(
          "request.unknown_parameter",
          (prefix_.empty() ? "this analysis has no parameter \"" : "there is no parameter \"" + prefix_) +
              it.key().substr(0, 80) + "\"",
          !hint.empty()   ? hint
          : names.empty() ? "it takes no parameters"
                          : "its parameters are " + list);
    }
    check(*found, prefix_ + found->name, it.value());
  }
  for (const ParamSpec& s : specs)
    if (s.required && !has(s.name))
      throw RequestError("request.missing_parameter",
                         "this analysis needs the parameter \"" + prefix_ + s.name + "\"", s.help);
}

const ParamSpec& Params::spec(std::string_view name) const {
  for (const ParamSpec& s : *specs_)
    if (s.name == name) return s;
  throw std::logic_error("parameter \"" + std::string(name) + "\" is not declared by the analysis");
}

bool Params::has(std::string_view name) const { return given_.contains(name); }

const json& Params::get(std::string_view name) const {
  const ParamSpec& s = spec(name);
  auto it = given_.find(name);
  return it != given_.end() ? *it : s.fallback;
}

std::int64_t Params::integer(std::string_view name) const {
  const json& v = get(name);
  if (v.is_null()) throw std::logic_error("integer parameter \"" + std::string(name) + "\" has no default");
  return static_cast<std::int64_t>(v.get<double>());
}

double Params::number(std::string_view name) const {
  const ParamSpec& s = spec(name);
  std::optional<double> x = number_value(get(name), s.infinite);
  if (!x) throw std::logic_error("number parameter \"" + std::string(name) + "\" has no default");
  return *x;
}

bool Params::boolean(std::string_view name) const { return get(name).get<bool>(); }

std::string Params::string(std::string_view name) const {
  const json& v = get(name);
  return v.is_string() ? v.get<std::string>() : std::string();
}

std::vector<std::string> Params::strings(std::string_view name) const {
  const json& v = get(name);
  return v.is_array() ? v.get<std::vector<std::string>>() : std::vector<std::string>{};
}

std::vector<double> Params::numbers(std::string_view name) const {
  const ParamSpec& s = spec(name);
  std::vector<double> out;
  for (const json& item : get(name)) out.push_back(*number_value(item, s.infinite));
  return out;
}

}  // namespace motive
