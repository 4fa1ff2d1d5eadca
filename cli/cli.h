// The `motive` command (docs/cli.md): a thin shell over the engine's request API. Everything it knows
// about kinds, analyses and parameters comes from the engine's catalogue; how it prints a result is
// chosen by the reply's kind and analysis (printers.h).
#pragma once

#include <functional>
#include <istream>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace motive::cli {

// Answers one request given as JSON text with the reply as JSON text (motive::handle_request_text
// for the real engine; tests pass others).
using Engine = std::function<std::string(std::string_view request)>;

// Runs the command line `args` (without the program's name). Reads a request from `in` for
// `motive request`; results go to `out`, diagnostics and usage errors to `err`. Returns the exit
// status: 0 success, 1 when the model or the request has problems, 2 on wrong usage.
int run(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err,
        const Engine& engine);

}  // namespace motive::cli
