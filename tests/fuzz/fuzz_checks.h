// What every fuzz target asserts beyond "no crash, no sanitizer report": the engine's promises about
// bad input (docs/errors.md). A broken promise prints what was wrong and aborts, which libFuzzer
// reports as a crash and the replay tests as a failure.
#pragma once

#include <cstdio>
#include <cstdlib>
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

// A response is {ok: true, result} without NaN or infinite numbers, or {ok: false, diagnostics}
// with at least one diagnostic, each with an id.
inline void check_response(const nlohmann::json& response) {
  if (!response.is_object() || !response.contains("ok") || !response["ok"].is_boolean())
    broken("a response without \"ok\": " + json_text(response));
  if (response["ok"].get<bool>()) {
    if (!response.contains("result")) broken("ok without a result");
    if (has_non_finite_number(response["result"]))
      broken("ok with a non-finite number: " + json_text(response));
    return;
  }
  const nlohmann::json& list = response.value("diagnostics", nlohmann::json());
  if (!list.is_array() || list.empty()) broken("a failure without diagnostics: " + json_text(response));
  for (const nlohmann::json& d : list)
    if (!d.contains("id") || !d["id"].is_string() || d["id"].get<std::string>().empty())
      broken("a diagnostic without an id: " + json_text(response));
}

}  // namespace motive::fuzz
