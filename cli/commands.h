// `motive import` and `motive batch` (docs/cli.md): the commands that read files other than one model.
#pragma once

#include <filesystem>
#include <istream>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/cli.h"

namespace motive::cli {

// The bytes of the file at `path` into `text`; false (and `text` untouched) when it cannot be opened.
bool read_file(const std::filesystem::path& path, std::string* text);

// One diagnostic of a reply as a compiler writes it, "FILE:LINE:COLUMN: error: [id] message" (no
// position when it has no line), then its hint on a line of its own when it has one.
void print_diagnostic(const std::string& file, const nlohmann::json& diagnostic, std::ostream& err);

// `motive import FILE|FOLDER [-o OUT] [--format NAME] [--annotations FILE]`: reads a model written in
// another format (a folder: a ChoiceScript game's .txt scenes and .json side file) through the
// engine's import and writes the model's text to OUT (or out); notes go to err. `args` starts with
// "import". Returns 0, 1 when the files do not import, 2 on wrong usage.
int import_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                   const Engine& engine);

// `motive help import`: the formats the engine imports (the catalogue's "formats").
void print_import_help(const nlohmann::json& catalogue, std::ostream& out);

// `motive batch [IN] [-o OUT] [--jobs N]`: answers the JSON Lines requests of IN (or `in`) on N threads
// and writes one line per request, in input order, to OUT (or `out`). With OUT, answers already in it
// (or in OUT.partial, from a run that stopped) for the same request line are kept, not asked again.
// `engine` must be safe to call from several threads at once. Returns 0 when every reply is ok, 1 when
// some is not (or a file cannot be read or written), 2 on wrong usage.
int batch_command(const std::vector<std::string>& args, std::istream& in, std::ostream& out,
                  std::ostream& err, const Engine& engine);

// `motive help batch`: the request lines, the answer lines, resuming.
void print_batch_help(std::ostream& out);

}  // namespace motive::cli
