// The list of import formats, the choice of one for a set of files, and the check that what an
// importer wrote reads as a model of its kind.
#include "formats/formats.h"

#include <algorithm>
#include <cctype>

#include "adventure/adventure.h"
#include "core/source_json.h"
#include "core/text.h"
#include "formats/readers.h"
#include "formats/source.h"
#include "game/model.h"
#include "scim/reader.h"

namespace motive::formats {

const std::vector<FormatSpec>& import_formats() {
  static const std::vector<FormatSpec> formats = {
      {"bif",
       "a Bayesian network or influence diagram in the Interchange Format (BIF 0.15)",
       "scim",
       {"bif"}},
      {"xmlbif",
       "a Bayesian network or influence diagram in XMLBIF 0.3 (pgmpy, JavaBayes, Weka)",
       "scim",
       {"xmlbif", "xml"}},
      {"nfg",
       "a normal-form game in Gambit's .nfg format (version 1, as OpenSpiel's nfg_game reads)",
       "game",
       {"nfg"}},
      {"efg",
       "an extensive-form game in Gambit's .efg format (version 2), when its tree plays the same stages in "
       "every "
       "history",
       "game",
       {"efg"}},
      {"choicescript",
       "a ChoiceScript game (a documented subset), its annotations in a .json side file keyed by scene",
       "adventure",
       {"txt"}},
  };
  return formats;
}

nlohmann::json formats_json() {
  nlohmann::json out = nlohmann::json::array();
  for (const FormatSpec& f : import_formats())
    out.push_back({{"name", f.name}, {"summary", f.summary}, {"kind", f.kind}, {"extensions", f.extensions}});
  return out;
}

namespace {

std::string lowered(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string extension(const std::string& name) {
  const std::size_t dot = name.find_last_of('.');
  const std::size_t slash = name.find_last_of("/\\");
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return "";
  return lowered(name.substr(dot + 1));
}

const FormatSpec* find_format(std::string_view name) {
  for (const FormatSpec& f : import_formats())
    if (f.name == name) return &f;
  return nullptr;
}

// The first word of a text (after a byte-order mark, spaces and comments), lower-cased.
std::string first_word(std::string_view text) {
  std::size_t i = text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
  for (;;) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (text.substr(i, 2) == "//") {
      while (i < text.size() && text[i] != '\n') ++i;
    } else if (text.substr(i, 2) == "/*") {
      const std::size_t close = text.find("*/", i + 2);
      i = close == std::string_view::npos ? text.size() : close + 2;
    } else {
      break;
    }
  }
  std::size_t j = i;
  if (j < text.size() && (text[j] == '<' || text[j] == '*' || text[j] == '{')) ++j;
  while (j < text.size() && std::isalnum(static_cast<unsigned char>(text[j]))) ++j;
  return lowered(std::string(text.substr(i, j - i)));
}

// The format of files given "auto": a game of several files or of .txt files is ChoiceScript; one
// file is known by its extension, else by its first word.
const FormatSpec* detect(const std::vector<SourceFile>& files) {
  for (const SourceFile& f : files)
    if (extension(f.name) == "txt") return find_format("choicescript");
  if (files.size() != 1) return nullptr;
  const std::string ext = extension(files.front().name);
  for (const FormatSpec& f : import_formats())
    if (std::find(f.extensions.begin(), f.extensions.end(), ext) != f.extensions.end()) return &f;
  const std::string word = first_word(files.front().text);
  if (word == "network" || word == "variable" || word == "probability") return find_format("bif");
  if (word.rfind("<", 0) == 0) return find_format("xmlbif");
  if (word == "nfg") return find_format("nfg");
  if (word == "efg") return find_format("efg");
  if (word.rfind("*", 0) == 0) return find_format("choicescript");
  return nullptr;
}

// Where a diagnostic in the imported model's text points, in the sources: the origin of the scene
// (or other entry) whose text holds the diagnostic's line.
const Origin* origin_of(const Imported& imported, const SourceJson& doc, int line) {
  const Json& root = doc.root();
  for (const char* section : {"scenes", "variables", "achievements", "stats"}) {
    auto it = root.find(section);
    if (it == root.end() || !it->is_object()) continue;
    for (const auto& member : it->items()) {
      const SourceSpan key = doc.key_span(member.value());
      const SourceSpan value = doc.span(member.value());
      if (line < key.line || line > value.end_line) continue;
      for (const Origin& o : imported.origins)
        if (o.key == member.key()) return &o;
    }
  }
  return nullptr;
}

// Reads the imported model with its kind's reader. An importer checks what the source says; the
// kind's reader also checks what plays of it do (a choice no play can take): its problems are
// reported at the source of the scene they are in, or without a position.
bool check_model(const Imported& imported, const std::string& only_file, Diagnostics* diagnostics) {
  Diagnostics found;
  bool ok = false;
  if (imported.kind == "scim") ok = scim::read_scim_file(imported.model, &found).has_value();
  else if (imported.kind == "adventure") ok = adventure::read_adventure(imported.model, &found).has_value();
  else if (imported.kind == "game") ok = game::read_game_model(imported.model, &found).has_value();
  else ok = true;
  if (ok) return true;
  SourceJson doc;
  Diagnostics ignored;
  doc.parse(imported.model, &ignored);
  for (const Diagnostic& d : found.items()) {
    const Origin* o = d.span.line > 0 ? origin_of(imported, doc, d.span.line) : nullptr;
    Diagnostics one;
    const std::string where = o ? " (in the imported " + o->what + " " + in_quotes(o->key) + ")" : "";
    one.error(d.id, o ? o->span : SourceSpan{}, d.message + where,
              d.hint.empty() ? "the imported model does not read as a " + imported.kind + " model" : d.hint);
    diagnostics->append(one, o && !o->file.empty() ? o->file : only_file);
  }
  return false;
}

// What a reader made, named by its format and kind and read back by the kind's reader.
std::optional<Imported> checked(std::optional<Imported> imported, const FormatSpec& spec,
                                const std::string& only_file, Diagnostics* diagnostics) {
  if (!imported) return std::nullopt;
  imported->format = spec.name;
  imported->kind = spec.kind;
  if (!check_model(*imported, only_file, diagnostics)) return std::nullopt;
  return imported;
}

}  // namespace

std::optional<Imported> import_files(const std::vector<SourceFile>& files, std::string_view format,
                                     Diagnostics* diagnostics) {
  std::vector<std::string> names;
  for (const FormatSpec& f : import_formats()) names.push_back(f.name);
  if (files.empty()) {
    diagnostics->error("import.unknown_format", {}, "no file to import",
                       "give the file (or the game's files)");
    return std::nullopt;
  }
  const FormatSpec* spec = format == "auto" ? detect(files) : find_format(format);
  if (!spec) {
    std::string hint = format == "auto" ? "" : did_you_mean(std::string(format), names);
    diagnostics->error("import.unknown_format", {},
                       format == "auto"
                           ? "the format of " + in_quotes(files.front().name) + " is not one Motive imports"
                           : in_quotes(std::string(format)) + " is not a format Motive imports",
                       hint.empty() ? "the formats are " + join(names) : hint);
    return std::nullopt;
  }
  std::optional<Imported> imported;
  if (spec->name == "choicescript") {
    imported = read_choicescript(files, diagnostics);
  } else {
    if (files.size() != 1) {
      diagnostics->error("import.unknown_format", {},
                         spec->name + " imports one file, not " + std::to_string(files.size()),
                         "import each model on its own");
      return std::nullopt;
    }
    Diagnostics local;
    if (spec->name == "bif") imported = read_bif(files.front().text, &local);
    else if (spec->name == "xmlbif") imported = read_xmlbif(files.front().text, &local);
    else if (spec->name == "nfg") imported = read_nfg(files.front().text, &local);
    else if (spec->name == "efg") imported = read_efg(files.front().text, &local);
    diagnostics->append(local, files.front().name);
  }
  return checked(std::move(imported), *spec, files.size() == 1 ? files.front().name : std::string(),
                 diagnostics);
}

std::optional<Imported> import_bif(std::string_view text, Diagnostics* diagnostics) {
  return checked(read_bif(text, diagnostics), *find_format("bif"), "", diagnostics);
}

std::optional<Imported> import_xmlbif(std::string_view text, Diagnostics* diagnostics) {
  return checked(read_xmlbif(text, diagnostics), *find_format("xmlbif"), "", diagnostics);
}

std::optional<Imported> import_nfg(std::string_view text, Diagnostics* diagnostics) {
  return checked(read_nfg(text, diagnostics), *find_format("nfg"), "", diagnostics);
}

std::optional<Imported> import_efg(std::string_view text, Diagnostics* diagnostics) {
  return checked(read_efg(text, diagnostics), *find_format("efg"), "", diagnostics);
}

std::optional<Imported> import_choicescript(const std::vector<SourceFile>& files, Diagnostics* diagnostics) {
  return checked(read_choicescript(files, diagnostics), *find_format("choicescript"), "", diagnostics);
}

std::optional<Imported> import_choicescript_text(std::string_view text, Diagnostics* diagnostics) {
  return import_choicescript({{"startup.txt", text}}, diagnostics);
}

}  // namespace motive::formats
