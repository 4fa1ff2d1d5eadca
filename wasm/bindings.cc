// The engine's Embind layer: the wasm module's whole surface is two functions.
//
//   request(requestJson: string, onProgress?: (fraction: number) => void): string
//     Answers one API request (docs/api.md) and returns the response JSON. onProgress, if a function,
//     is called with the fraction done, at most once per 1% advance and once at the end. Never throws:
//     every failure, including an exception inside the engine or a callback that throws, becomes a
//     response with "ok": false.
//   version(): string
//
// Everything is caught here: a C++ exception that reached JS would arrive as a bare number.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <emscripten/val.h>

#include <exception>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "api/api.h"

#ifndef MOTIVE_VERSION
#define MOTIVE_VERSION "0.1.0"
#endif

#define MOTIVE_STR2(x) #x
#define MOTIVE_STR(x) MOTIVE_STR2(x)

// Calls the JS function behind `fn` with the fraction; a JS exception is swallowed here, in JS,
// because one unwinding through the engine's C++ frames would skip their destructors.
EM_JS(void, motive_call_progress, (emscripten::EM_VAL fn, double fraction), {
  try {
    Emval.toValue(fn)(fraction);
  } catch (e) {
  }
});

namespace {

std::string internal_error(const std::string& message) {
  try {
    nlohmann::json diagnostic = {{"id", "engine.internal"}, {"line", 0}, {"column", 0}, {"message", message}};
    nlohmann::json response = {{"ok", false}, {"diagnostics", nlohmann::json::array({diagnostic})}};
    return response.dump();
  } catch (...) {
    return R"({"ok":false,"diagnostics":[{"id":"engine.internal","line":0,"column":0,"message":"internal error"}]})";
  }
}

std::string request(std::string request_json, emscripten::val on_progress) {
  try {
    motive::ProgressCallback progress;
    if (on_progress.typeOf().as<std::string>() == "function") {
      double last = -1.0;
      progress = [on_progress, last](double fraction) mutable {
        if (fraction - last >= 0.01 || (fraction >= 1.0 && last < 1.0)) {
          last = fraction;
          motive_call_progress(on_progress.as_handle(), fraction);
        }
        return true;
      };
    }
    return motive::handle_request_text(request_json, progress);
  } catch (const std::exception& e) {
    return internal_error(std::string("internal error: ") + e.what());
  } catch (...) {
    return internal_error("internal error: unknown exception");
  }
}

std::string request_without_progress(std::string request_json) {
  return request(std::move(request_json), emscripten::val::undefined());
}

std::string version() {
  return "motive " MOTIVE_VERSION " (wasm, emscripten " MOTIVE_STR(__EMSCRIPTEN_major__) "." MOTIVE_STR(
      __EMSCRIPTEN_minor__) "." MOTIVE_STR(__EMSCRIPTEN_tiny__) ")";
}

}  // namespace

EMSCRIPTEN_BINDINGS(motive) {
  emscripten::function("request", &request);
  emscripten::function("request", &request_without_progress);  // request(json): no progress
  emscripten::function("version", &version);
}
