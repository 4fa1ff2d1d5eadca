#include "api/api.h"

#include <algorithm>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "core/diagnostics.h"
#include "core/json_limits.h"
#include "core/registry.h"
#include "core/source_json.h"
#include "core/text.h"
#include "formats/formats.h"
#include "kinds/kinds.h"

namespace motive {
namespace {

using nlohmann::json;

// The request that lists the kinds and their analyses; it needs no model.
constexpr const char* kCatalogue = "catalogue";
// The request that reads a model written in another format (formats/formats.h); it needs no model.
constexpr const char* kImport = "import";
// The most files one import reads (a ChoiceScript game's scenes and its side file).
constexpr std::size_t kMaxImportFiles = 1000;

json failure(const std::vector<Diagnostic>& diagnostics) {
  json list = json::array();
  for (const Diagnostic& d : diagnostics) list.push_back(d);
  return {{"ok", false}, {"diagnostics", list}};
}

json failure(const std::string& id, const std::string& message, const std::string& hint = {}) {
  return failure({Diagnostic{id, {}, message, hint, {}}});
}

// Every analysis name, each once, in the order of the kinds' tables (which never change: listed once).
const std::vector<std::string>& analysis_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const KindSpec& kind : model_kinds())
      for (const AnalysisSpec& a : kind.analyses)
        if (std::find(out.begin(), out.end(), a.name) == out.end()) out.push_back(a.name);
    return out;
  }();
  return names;
}

struct ReadModel {
  std::string kind;
  std::shared_ptr<const Model> model;
};

// The model a text holds, read by its kind's reader. The page asks many questions of the same text in
// a row: keep the last model read (the key is the text, which names its kind). Each thread keeps its
// own: a batch (motive batch, Python's) asks from several threads at once, each mostly of one model.
std::optional<ReadModel> read_model(const std::string& text, Diagnostics* diagnostics) {
  thread_local std::string last_text;
  thread_local ReadModel last;
  if (last.model && last_text == text) return last;
  // Problems that do not hide the kind (a duplicate key) are left for the kind's reader to report.
  Diagnostics found;
  std::optional<std::string> kind = read_model_kind(text, &found);
  if (!kind) {
    diagnostics->append(found);
    return std::nullopt;
  }
  ReadModel read{*kind, find_kind(*kind)->read(text, diagnostics)};
  if (!read.model) return std::nullopt;
  last_text = text;
  last = read;
  return read;
}

// analysis.not_supported: which kinds define the analysis, and what this kind answers.
json not_supported(const KindSpec& kind, const std::string& analysis) {
  std::vector<std::string> defined, answered;
  for (const KindSpec& k : model_kinds())
    if (k.analysis(analysis)) defined.push_back(k.name);
  for (const AnalysisSpec& a : kind.analyses) answered.push_back(a.name);
  return failure(
      "analysis.not_supported", in_quotes(analysis) + " is not defined for " + kind.name + " models",
      "it is defined for " + listing(defined) + " models; " + kind.name + " models answer " + join(answered));
}

// {"analysis": "import", "files": [{"name", "text"}, ...], "format": "auto"}: the model the files hold,
// read by the format's importer (docs/api.md, "import").
json import_model(const json& request) {
  auto files = request.find("files");
  if (files == request.end() || !files->is_array() || files->empty())
    return failure("request.malformed", "an import needs \"files\": a list of {\"name\", \"text\"}",
                   R"({"analysis": "import", "files": [{"name": "asia.bif", "text": "..."}]})");
  if (files->size() > kMaxImportFiles)
    return failure("request.malformed",
                   "an import reads at most " + std::to_string(kMaxImportFiles) + " files");
  std::vector<formats::SourceFile> sources;
  for (const json& f : *files) {
    if (!f.is_object() || !f.contains("name") || !f["name"].is_string() || !f.contains("text") ||
        !f["text"].is_string())
      return failure("request.malformed", "each file of an import is {\"name\": ..., \"text\": ...}");
    sources.push_back({f["name"].get<std::string>(), f["text"].get_ref<const std::string&>()});
  }
  std::string format = "auto";
  if (auto it = request.find("format"); it != request.end() && !it->is_null()) {
    if (!it->is_string()) return failure("request.malformed", "\"format\" is a format's name or \"auto\"");
    format = it->get<std::string>();
  }
  Diagnostics diagnostics;
  std::optional<formats::Imported> imported = formats::import_files(sources, format, &diagnostics);
  if (!imported) return failure(diagnostics.items());
  return {{"ok", true},
          {"analysis", kImport},
          {"result",
           {{"format", imported->format},
            {"kind", imported->kind},
            {"model", imported->model},
            {"notes", imported->notes}}}};
}

json answer(const json& request, const ProgressCallback& progress) {
  if (!request.is_object()) return failure("request.malformed", "a request is a JSON object");
  const std::vector<std::string>& names = analysis_names();
  auto analysis = request.find("analysis");
  if (analysis == request.end() || !analysis->is_string())
    return failure("request.malformed", "the request has no \"analysis\"",
                   "one of " + join(names) + " (or " + kCatalogue + ", " + kImport + ")");
  const std::string& name = analysis->get_ref<const std::string&>();
  if (name == kCatalogue) {
    json catalogue = catalogue_json();
    catalogue["formats"] = formats::formats_json();
    return {{"ok", true}, {"analysis", kCatalogue}, {"result", catalogue}};
  }
  if (name == kImport) return import_model(request);
  if (std::find(names.begin(), names.end(), name) == names.end()) {
    std::vector<std::string> every = names;
    every.push_back(kCatalogue);
    every.push_back(kImport);
    std::string hint = did_you_mean(name, every);
    return failure("request.unknown_analysis", in_quotes(name) + " is not an analysis",
                   hint.empty() ? "the analyses are " + join(names) : hint);
  }
  auto text = request.find("model");
  if (text == request.end() || !text->is_string())
    return failure("request.malformed", "the request has no \"model\" text");
  static const json no_params = json::object();
  auto given = request.find("params");
  const json& params = given == request.end() ? no_params : *given;
  if (!params.is_object() && !params.is_null())
    return failure("request.malformed", "\"params\" must be an object");

  Diagnostics diagnostics;
  std::optional<ReadModel> read = read_model(text->get<std::string>(), &diagnostics);
  if (!read) return failure(diagnostics.items());
  const KindSpec& kind = *find_kind(read->kind);
  const AnalysisSpec* spec = kind.analysis(name);
  if (!spec) return not_supported(kind, name);

  // A file of several models: the one the request names, by default the first.
  const std::vector<std::string> models = read->model->model_names();
  std::string model_name;
  if (!models.empty()) {
    model_name = models.front();
    if (auto which = request.find("model_name"); which != request.end() && !which->is_null()) {
      if (!which->is_string() ||
          std::find(models.begin(), models.end(), which->get<std::string>()) == models.end()) {
        std::string hint = did_you_mean(which->is_string() ? which->get<std::string>() : "", models);
        return failure("request.unknown_model", "the file has no model named " + json_text(*which),
                       hint.empty() ? "its models are " + join(models) : hint);
      }
      model_name = which->get<std::string>();
    }
  }

  const Params checked(params, spec->params);
  Context context(progress, model_name);
  json result = spec->run(*read->model, checked, context);
  check_result_numbers(result);
  // The work is done: a listener that asks to stop now still gets the answer.
  if (progress) progress(1.0);
  json reply = json::object();
  reply["ok"] = true;
  reply["analysis"] = name;
  reply["kind"] = kind.name;
  if (!models.empty()) reply["model_name"] = std::move(model_name);
  reply["result"] = std::move(result);
  return reply;
}

// Parses a request's text, refusing a name given twice in one object (request.duplicate_key): JSON keeps
// the last silently, where a model's duplicates are reported (json.duplicate_key). The message says where,
// in the request's text (diagnostics' positions are the model's).
json parse_request(std::string_view text) {
  std::vector<std::unordered_set<std::string>> open;  // the keys of each object being read
  std::string duplicate;
  json parsed = json::parse(text, [&](int, json::parse_event_t event, json& value) {
    switch (event) {
      case json::parse_event_t::object_start:
        open.emplace_back();
        break;
      case json::parse_event_t::object_end:
        if (!open.empty()) open.pop_back();
        break;
      case json::parse_event_t::key:
        if (!open.empty() && !open.back().insert(value.get<std::string>()).second && duplicate.empty())
          duplicate = value.get<std::string>();
        break;
      default:
        break;
    }
    return true;
  });
  if (duplicate.empty()) return parsed;
  // Where: the JSON-with-comments reader places duplicates (a request is plain JSON, which it reads too).
  std::string where;
  Diagnostics found;
  SourceJson located;
  located.parse(text, &found);
  for (const Diagnostic& d : found.items())
    if (d.id == "json.duplicate_key") {
      where = " (line " + std::to_string(d.span.line) + ", column " + std::to_string(d.span.column) +
              " of the request)";
      break;
    }
  throw RequestError("request.duplicate_key",
                     "the request gives " + in_quotes(abbreviated(duplicate, 80)) + " twice in one object" +
                         where + ": which one is meant is not clear",
                     "give each name once");
}

}  // namespace

json handle_request(const json& request, const ProgressCallback& progress) {
  try {
    check_request_nesting(request);
    return answer(request, progress);
  } catch (const RequestError& e) {
    return failure(e.id, e.what(), e.hint);
  } catch (const Cancelled&) {
    return failure("analysis.cancelled", "the analysis was cancelled");
  } catch (const std::bad_alloc&) {
    return failure("analysis.out_of_memory", "the analysis ran out of memory",
                   "try a smaller model or fewer settings");
  } catch (const std::exception& e) {
    return failure("engine.internal", std::string("internal error: ") + e.what(),
                   "this is a bug in Motive: please report it with the model");
  }
}

std::string handle_request_text(std::string_view request, const ProgressCallback& progress) {
  json parsed;
  try {
    parsed = parse_request(request);
  } catch (const json::exception& e) {
    return json_text(failure("request.malformed", std::string("the request is not valid JSON: ") + e.what()));
  } catch (const RequestError& e) {
    return json_text(failure(e.id, e.what(), e.hint));
  }
  return json_text(handle_request(parsed, progress));
}

}  // namespace motive
