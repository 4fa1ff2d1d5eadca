// What every fuzz target asserts beyond "no crash, no sanitizer report": the engine's promises about
// bad input (docs/errors.md). A broken promise prints what was wrong and aborts, which libFuzzer
// reports as a crash and the replay tests as a failure. The engine tests ask the same of every reply
// they check (response_problem).
#pragma once

#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "core/diagnostics.h"
#include "core/json_limits.h"

namespace motive::fuzz {

[[noreturn]] inline void broken(const std::string& what) {
  std::fprintf(stderr, "fuzz: broken promise: %s\n", what.c_str());
  std::abort();
}

// A reader gives a model, or at least one diagnostic with an id, placed in the text.
inline void check_read(bool has_model, const Diagnostics& diagnostics) {
  if (!has_model && diagnostics.empty()) broken("the reader refused the text without a diagnostic");
  for (const Diagnostic& d : diagnostics.items()) {
    if (d.id.empty()) broken("a diagnostic without an id: " + d.message);
    if (d.span.line < 1 || d.span.column < 1) broken("a diagnostic of the text without a position: " + d.id);
  }
}

namespace detail {

using nlohmann::json;

// The engine writes a number it could not compute as null (NaN) or "inf" / "-inf" (number_json), so a
// check for NaN and infinite doubles alone sees nothing. These say where a result may hold them by design.

// Members that may be null: no value by design, said in the reply. The numbers of an undefined
// correlation, z-score or standard error (with their reasons, checked pairwise below), an exact value
// not computed (the reply's "exact" says why), a counterfactual not found ("reason"), a probability
// too costly to list ("probability_unknown"), a MAP of no annotation ("n": 0), a cosine of matrices with
// no defined cell in common, an adventure baseline's z where the count never varies (standard error 0),
// MEG's utility range where the fit did not need β = −∞ (docs/api.md); and fields that are not numbers
// (a user game's builtin, an unnamed policy, an observed verdict without witness or policy, an MDP
// state off the grid, the end of a trajectory, a parameter without a default in the catalogue, a
// Diplomacy province that is nobody's home, a unit without a coast, an order's reason where it
// succeeded, a support of a unit not moving, a Risk state without a battle, a last turn or its move, a Risk
// or Diplomacy game over), and a gridworld wall's state and utility (it has neither).
inline const std::set<std::string>& nullable() {
  static const std::set<std::string> keys = {
      "correlation", "standard_error", "z", "z_standard_error", "sica", "exact", "counterfactual",
      "probability", "map", "random", "sica_cosine", "sica_pairwise_cosine", "utility_range",
      // reasons: null where the number is defined
      "undefined", "z_undefined", "sica_undefined", "standard_error_undefined", "exact_z",
      "exact_z_undefined",
      // not numbers
      "builtin", "name", "witness", "policy", "cell", "next_state", "default", "model_name", "state",
      "utility", "home", "coast", "reason", "battle", "last_turn", "move", "turn", "to"};
  return keys;
}

// Numbers the engine computes that are finite by promise: an "inf", "-inf" or "nan" there, or in a list
// of them, is an overflow the engine let through. (Rationalities β, the planners' α and a likelihood at an
// end may be infinite by design; labels from the model may read "inf", so only these keys are checked, and
// objects below them are not, but for the counts objects of adventures.)
inline const std::set<std::string>& finite() {
  static const std::set<std::string> keys = {"mean",
                                             "standard_error",
                                             "expected_utility",
                                             "maxent_expected_utility",
                                             "optimal_expected_utility",
                                             "intervened_utility",
                                             "reward",
                                             "points",
                                             "steps",
                                             "harm",
                                             "exact",
                                             "sampled",
                                             "sampled_score",
                                             "z",
                                             "z_standard_error",
                                             "deviation",
                                             "meg",
                                             "bound",
                                             "normalised",
                                             "contribution",
                                             "contributions",
                                             "correlation",
                                             "sbue_rmse",
                                             "sica_cosine",
                                             "sica_pairwise_cosine",
                                             "similarity",
                                             "frequency",
                                             "probability",
                                             "score",
                                             "utility_range",
                                             "total_points",
                                             "returns",
                                             "rewards",
                                             "rows",
                                             "map",
                                             "random",
                                             "ap_friends",
                                             "ap_enemies",
                                             "gradient_norm",
                                             "mean_return",
                                             "occupancy",
                                             "lhs",
                                             "rhs",
                                             "sica",
                                             "counts",
                                             "behaviour",
                                             "random_mean"};
  return keys;
}

// The finite keys whose value is an object of numbers (an adventure's counts by name).
inline bool counts_object(const std::string& key) {
  return key == "counts" || key == "behaviour" || key == "random_mean";
}

// The value-and-reason pairs: a value is null exactly where its reason is a string.
inline const std::set<std::pair<std::string, std::string>>& reasoned() {
  static const std::set<std::pair<std::string, std::string>> pairs = {
      {"correlation", "undefined"},     {"z", "z_undefined"},
      {"exact_z", "exact_z_undefined"}, {"z_standard_error", "z_undefined"},
      {"sica", "sica_undefined"},       {"standard_error", "standard_error_undefined"}};
  return pairs;
}

inline bool non_finite_text(const json& v) {
  if (!v.is_string()) return false;
  const std::string& s = v.get_ref<const std::string&>();
  return s == "inf" || s == "-inf" || s == "nan" || s == "NaN" || s == "Infinity" || s == "-Infinity";
}

// The first non-finite text in `v` (a number promised finite, or a list of them), or "".
inline std::string first_non_finite(const json& v, const std::string& path, bool object_of_numbers) {
  if (non_finite_text(v)) return path + " is " + v.get<std::string>();
  if (v.is_array() || (v.is_object() && object_of_numbers))
    for (auto it = v.begin(); it != v.end(); ++it) {
      std::string found = first_non_finite(*it, path + (v.is_object() ? "." + it.key() : "[]"), false);
      if (!found.empty()) return found;
    }
  return "";
}

// Whether `values` is null exactly where `reasons` is a string, array by array.
inline std::string unreasoned(const json& values, const json& reasons, const std::string& path) {
  if (values.is_array() && reasons.is_array()) {
    if (values.size() != reasons.size()) return path + ": values and reasons of different lengths";
    for (std::size_t i = 0; i < values.size(); ++i) {
      std::string found = unreasoned(values[i], reasons[i], path + "[]");
      if (!found.empty()) return found;
    }
    return "";
  }
  if (values.is_null() && !(reasons.is_string() && !reasons.get<std::string>().empty()))
    return path + " is null without a reason";
  if (!values.is_null() && !reasons.is_null()) return path + " has a value and a reason";
  return "";
}

// The first broken promise about numbers below `v`, or "".
inline std::string numbers_problem(const json& v, const std::string& path, const std::string& key) {
  if (v.is_null()) return nullable().count(key) ? "" : path + " is null (a number that failed?)";
  if (v.is_array()) {
    for (const json& item : v) {
      std::string found = numbers_problem(item, path + "[]", key);
      if (!found.empty()) return found;
    }
    return "";
  }
  if (!v.is_object()) return "";
  for (const auto& [name, value] : v.items()) {
    const std::string where = path + "." + name;
    if (finite().count(name)) {
      std::string found = first_non_finite(value, where, counts_object(name));
      if (!found.empty()) return found + " (promised finite)";
    }
    std::string found = numbers_problem(value, where, name);
    if (!found.empty()) return found;
  }
  for (const auto& [values, reasons] : reasoned())
    if (v.contains(values) && v.contains(reasons)) {
      std::string found = unreasoned(v[values], v[reasons], path + "." + values);
      if (!found.empty()) return found;
    }
  return "";
}

}  // namespace detail

// What is wrong with a response, or "": it is {ok: true, result} without NaN or infinite doubles, without
// null where a number is promised and without "inf" / "-inf" / "nan" where a finite number is promised
// (the engine's spellings of a number it could not compute), or {ok: false, diagnostics} with at least
// one diagnostic, each with an id.
inline std::string response_problem(const nlohmann::json& response) {
  if (!response.is_object() || !response.contains("ok") || !response["ok"].is_boolean())
    return "a response without \"ok\": " + json_text(response).substr(0, 300);
  if (response["ok"].get<bool>()) {
    if (!response.contains("result")) return "ok without a result";
    if (has_non_finite_number(response["result"])) return "ok with a non-finite number";
    std::string found = detail::numbers_problem(response["result"], "result", "result");
    if (!found.empty()) return "ok with " + found;
    return "";
  }
  const nlohmann::json& list = response.value("diagnostics", nlohmann::json());
  if (!list.is_array() || list.empty())
    return "a failure without diagnostics: " + json_text(response).substr(0, 300);
  for (const nlohmann::json& d : list)
    if (!d.contains("id") || !d["id"].is_string() || d["id"].get<std::string>().empty())
      return "a diagnostic without an id: " + json_text(d).substr(0, 300);
  return "";
}

// The same as a promise: a broken one aborts.
inline void check_response(const nlohmann::json& response) {
  const std::string problem = response_problem(response);
  if (!problem.empty()) broken(problem + "\n" + json_text(response).substr(0, 2000));
}

}  // namespace motive::fuzz
