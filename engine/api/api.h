// The engine's one entry point. Every analysis is reached through a JSON request and answered with a
// JSON response (docs/api.md); the CLI, the wasm module, the page and the tests all go through here.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/progress.h"

namespace motive {

// Answers one request. Never throws: every failure becomes a response with "ok": false and
// diagnostics. `progress` hears the fraction done (ending at 1 when the analysis succeeds); returning
// false from it cancels the analysis, which then answers "analysis.cancelled".
nlohmann::json handle_request(const nlohmann::json& request, const ProgressCallback& progress = {});

// The same over text: parses the request JSON, answers, and serialises the response.
std::string handle_request_text(std::string_view request, const ProgressCallback& progress = {});

}  // namespace motive
