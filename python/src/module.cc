// The Python extension motive._motive: the engine's one JSON entry point (engine/api/api.h), as the
// CLI and the wasm module call it, and nothing else. The package around it (python/motive/) builds
// requests and reads replies; docs/python.md describes both.
//
//   request(request_json: str, progress: Callable[[float], object] | None = None) -> str
//     Answers one API request (docs/api.md) with the reply's JSON text. The engine runs without the
//     GIL, so other Python threads (a local batch) run beside it. While it runs, at most every 50 ms
//     and at the end, the GIL is taken to deliver signals (Ctrl+C) and call `progress` with the
//     fraction done: an exception from either (KeyboardInterrupt) cancels the analysis through the
//     engine's own cancellation and is raised once the engine has returned. Never raises for a bad
//     request or model: those are replies with "ok": false.
//   version() -> str
#include <pybind11/pybind11.h>

#include <chrono>
#include <string>

#include "api/api.h"

namespace py = pybind11;

namespace {

#ifndef MOTIVE_VERSION
#define MOTIVE_VERSION "0.1.0"
#endif

// How often a running analysis stops to look at Python: often enough that Ctrl+C feels immediate,
// rarely enough that taking the GIL costs nothing measurable.
constexpr std::chrono::milliseconds kPollInterval{50};

// A Python exception raised while the engine ran, kept (without the GIL) until the engine returns.
class PendingError {
 public:
  // Takes the current Python error; the GIL is held.
  void fetch() { PyErr_Fetch(&type_, &value_, &traceback_); }
  bool pending() const { return type_ != nullptr; }
  // Raises the kept error in C++ as pybind11 does; the GIL is held.
  [[noreturn]] void raise() {
    PyErr_Restore(type_, value_, traceback_);
    type_ = value_ = traceback_ = nullptr;
    throw py::error_already_set();
  }

 private:
  PyObject* type_ = nullptr;
  PyObject* value_ = nullptr;
  PyObject* traceback_ = nullptr;
};

std::string request(const std::string& request_json, const py::object& progress) {
  PendingError error;
  auto last_poll = std::chrono::steady_clock::now();
  const bool listening = !progress.is_none();
  motive::ProgressCallback poll = [&](double fraction) {
    const auto now = std::chrono::steady_clock::now();
    if (fraction < 1.0 && now - last_poll < kPollInterval) return true;
    last_poll = now;
    py::gil_scoped_acquire gil;
    if (error.pending()) return false;
    if (PyErr_CheckSignals() != 0) {
      error.fetch();
      return false;
    }
    if (listening) {
      PyObject* argument = PyFloat_FromDouble(fraction);
      PyObject* result = argument ? PyObject_CallOneArg(progress.ptr(), argument) : nullptr;
      Py_XDECREF(argument);
      if (result == nullptr) {
        error.fetch();
        return false;
      }
      Py_DECREF(result);
    }
    return true;
  };
  std::string reply;
  {
    py::gil_scoped_release release;
    reply = motive::handle_request_text(request_json, poll);
  }
  if (error.pending()) error.raise();
  return reply;
}

}  // namespace

PYBIND11_MODULE(_motive, m) {
  m.doc() = "The Motive engine's JSON entry point (docs/api.md); use the motive package around it.";
  m.def("request", &request, py::arg("request_json"), py::arg("progress") = py::none(),
        "Answers one API request given as JSON text with the reply's JSON text (docs/api.md).");
  m.def(
      "version", [] { return std::string(MOTIVE_VERSION); }, "The engine's version.");
}
