// The engine's one entry point. Every analysis is reached through a JSON request and answered with a
// JSON response (docs/api.md); the CLI, the wasm module, the page and the tests all go through here.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/progress.h"

namespace motive {

// Reports the fraction of an analysis done, in [0, 1]. Returning false asks the analysis to stop;
// it then answers with the diagnostic "analysis.cancelled" (core/progress.h).
using ProgressFn = ProgressCallback;

// Answers one request. Never throws: every failure becomes a response with "ok": false and
// diagnostics.
nlohmann::json handle_request(const nlohmann::json& request, const ProgressFn& progress = {});

// The same over text: parses the request JSON, answers, and serialises the response.
std::string handle_request_text(std::string_view request, const ProgressFn& progress = {});

}  // namespace motive
