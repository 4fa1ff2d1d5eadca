// Importers: models written in the formats the field already uses, read into Motive's own model text.
//
// Each importer reads one format and writes the model file of one kind (docs/formats.md):
//   bif, xmlbif     Bayesian networks and influence diagrams  ->  a SCIM/CID (kind "scim")
//   nfg, efg        Gambit's normal- and extensive-form games ->  a game (kind "game"); an .efg tree
//                   only when it plays the same stages in every history
//   choicescript    a documented subset of ChoiceScript, with the benchmark's annotations in a side
//                   file keyed by scene                       ->  an adventure (kind "adventure")
// An importer never guesses: what it cannot read is a diagnostic (`import.*`, docs/errors.md) at its
// line and column in the source file (and the file's name, for a game of several files); what it
// changed on the way (a name that is not an identifier, a row normalised) is a note beside the
// model. Every size is bounded (kMaxSourceBytes and the limits in each reader), and nothing recurses
// on the input's nesting. The API reaches the importers through the request {"analysis": "import"}
// (docs/api.md), so the CLI (`motive import`), Python (motive.import_file) and the page share them.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/diagnostics.h"

namespace motive::formats {

// The largest source file an importer reads (8 MiB).
inline constexpr std::size_t kMaxSourceBytes = std::size_t{8} << 20;

// One file given to an importer: its name (for the format's detection and the diagnostics) and text.
struct SourceFile {
  std::string name;
  std::string_view text;
};

// Where an entry of an imported model (a scene, a variable) came from in the sources.
struct Origin {
  std::string what;  // "scene", "variable"
  std::string key;   // its name in the model
  std::string file;  // its source file ("" for an import of one file)
  SourceSpan span;
};

// What an importer made: the model's text (JSON with a comment saying where it came from), its kind,
// notes on what was changed or left out, and where its entries came from (so that a problem the
// kind's reader finds in the model is reported in the source).
struct Imported {
  std::string format;  // the format read
  std::string kind;    // the model's kind
  std::string model;   // the model file's text
  std::vector<std::string> notes;
  std::vector<Origin> origins;
};

// One format the engine imports, for the catalogue and `motive help import`.
struct FormatSpec {
  std::string name;                     // "bif"
  std::string summary;                  // one line
  std::string kind;                     // the kind of the models it makes
  std::vector<std::string> extensions;  // without the dot: "bif"
};

// Every format, in the order of docs/formats.md.
const std::vector<FormatSpec>& import_formats();

// The catalogue's "formats": every format with its summary, kind and extensions.
nlohmann::json formats_json();

// Imports `files` as `format` (a name of import_formats(), or "auto": by the files' extensions, then
// their first words). std::nullopt with diagnostics (each naming its file) when the files cannot be
// read as a model; never throws on bad input.
std::optional<Imported> import_files(const std::vector<SourceFile>& files, std::string_view format,
                                     Diagnostics* diagnostics);

// The importers of single files, one per format (the fuzz targets call these). Diagnostics carry no
// file name; import_files adds it.
std::optional<Imported> import_bif(std::string_view text, Diagnostics* diagnostics);
std::optional<Imported> import_xmlbif(std::string_view text, Diagnostics* diagnostics);
std::optional<Imported> import_nfg(std::string_view text, Diagnostics* diagnostics);
std::optional<Imported> import_efg(std::string_view text, Diagnostics* diagnostics);
// A ChoiceScript game of one scene file (startup.txt), without annotations.
std::optional<Imported> import_choicescript_text(std::string_view text, Diagnostics* diagnostics);
// A ChoiceScript game of several files: its scenes (.txt, startup.txt first) and at most one .json
// annotations side file. Diagnostics name their file.
std::optional<Imported> import_choicescript(const std::vector<SourceFile>& files, Diagnostics* diagnostics);

}  // namespace motive::formats
