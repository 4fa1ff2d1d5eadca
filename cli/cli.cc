#include "cli/cli.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli/catalogue.h"
#include "cli/commands.h"
#include "cli/printers.h"
#include "core/diagnostics.h"

namespace motive::cli {
namespace {

using nlohmann::json;

constexpr const char* kCommands =
    "usage: motive check MODEL [MODEL | FOLDER ...]\n"
    "       motive analyze MODEL ANALYSIS [name=value ...] [--json]\n"
    "       motive help [ANALYSIS | KIND | import | batch | --markdown]\n"
    "       motive kinds\n"
    "       motive request < REQUEST.json\n"
    "       motive import FILE|FOLDER [-o OUT] [--format NAME] [--annotations FILE]\n"
    "       motive batch [IN.jsonl] [-o OUT.jsonl] [--jobs N]\n";

constexpr const char* kParameters =
    "parameters are name=value: a value that reads as JSON is JSON, otherwise text; a list may also be\n"
    "written a,b,c; a string parameter is always text. model=NAME picks a model of a file that has several:\n"
    "  motive analyze spy.jsonc settings policy=truthful limit=10\n"
    "  motive analyze spy.jsonc intention policy=truthful outcomes=T setting=0\n"
    "  motive analyze spy.jsonc expected_utility 'interventions=[{\"variable\": \"X\", \"value\": "
    "\"east\"}]'\n"
    "  motive analyze louis-and-uncle.jsonc describe model=objective\n"
    "  motive analyze cliffworld.jsonc meg_sweep parameter=epsilon values=0,0.1,0.5\n";

// What the engine can answer: the reply to {"analysis": "catalogue"} (its result), or an empty
// catalogue when the engine does not answer it.
json fetch_catalogue(const Engine& engine) {
  json reply = json::parse(engine(R"({"analysis": "catalogue"})"), nullptr, false);
  if (reply.is_discarded() || !reply.is_object() || !reply.value("ok", false) || !reply.contains("result"))
    return json::object();
  return reply["result"];
}

void print_usage(const json& catalogue, std::ostream& out) {
  out << kCommands;
  if (catalogue.contains("kinds")) {
    out << "\nmodel kinds and their analyses (motive help ANALYSIS lists its parameters):\n";
    print_kinds(catalogue, out);
  }
  out << "\n" << kParameters;
}

void print_diagnostics(const std::string& file, const json& reply, std::ostream& err) {
  for (const json& d : reply.value("diagnostics", json::array())) print_diagnostic(file, d, err);
}

json json_or_text(const std::string& value) {
  json parsed = json::parse(value, nullptr, false);
  return parsed.is_discarded() ? json(value) : parsed;
}

std::vector<std::string> split_commas(const std::string& value) {
  std::vector<std::string> items;
  std::istringstream in(value);
  for (std::string item; std::getline(in, item, ',');) {
    const std::size_t first = item.find_first_not_of(' '), last = item.find_last_not_of(' ');
    items.push_back(first == std::string::npos ? "" : item.substr(first, last - first + 1));
  }
  return items;
}

// The type the catalogue gives parameter `name` of the analysis, if every kind that defines the
// analysis agrees on it ("" otherwise: the value is then read as JSON or text).
std::string param_type(const std::vector<AnalysisDefinition>& definitions, const std::string& name) {
  std::string type;
  for (const AnalysisDefinition& d : definitions)
    for (const json& p : d.analysis.value("params", json::array())) {
      if (p.value("name", "") != name) continue;
      const std::string t = p.value("type", "");
      if (!type.empty() && t != type) return "";
      type = t;
    }
  return type;
}

// A name=value's value, read as the parameter's type asks: a string stays text even when it reads
// as JSON (a policy named "1"), and a list may be written a,b,c.
json param_value(const std::string& value, const std::string& type) {
  const json parsed = json::parse(value, nullptr, false);
  if (type == "string" || type == "choice")
    return !parsed.is_discarded() && parsed.is_string() ? parsed : json(value);
  if (type == "strings" || type == "numbers") {
    if (!parsed.is_discarded() && parsed.is_array()) return parsed;
    if (type == "strings" && !parsed.is_discarded() && parsed.is_string()) return json::array({parsed});
    json list = json::array();
    for (const std::string& item : split_commas(value))
      list.push_back(type == "strings" ? json(item) : json_or_text(item));
    return list;
  }
  if (!parsed.is_discarded()) return parsed;
  // Structured values (json) written a,b,c are lists too: meg_sweep's values=0,0.1,0.5.
  if (type == "json" && value.find(',') != std::string::npos) {
    json list = json::array();
    for (const std::string& item : split_commas(value)) list.push_back(json_or_text(item));
    return list;
  }
  return json(value);
}

int help(const std::vector<std::string>& args, const json& catalogue, std::ostream& out, std::ostream& err) {
  if (args.size() < 2) {
    print_usage(catalogue, out);
    return 0;
  }
  const std::string& topic = args[1];
  if (topic == "--markdown") {
    print_markdown_tables(catalogue, out);
    return 0;
  }
  if (topic == "import") {
    print_import_help(catalogue, out);
    return 0;
  }
  if (topic == "batch") {
    print_batch_help(out);
    return 0;
  }
  std::vector<AnalysisDefinition> definitions = definitions_of(catalogue, topic);
  if (!definitions.empty()) {
    print_analysis_help(definitions, out);
    return 0;
  }
  std::vector<std::string> topics = analysis_names(catalogue);
  for (const json& kind : catalogue.value("kinds", json::array())) {
    if (kind.value("name", "") == topic) {
      print_kind_help(kind, out);
      return 0;
    }
    topics.push_back(kind.value("name", ""));
  }
  std::string hint = did_you_mean(topic, topics);
  err << "motive: no analysis or model kind is named \"" << topic << "\"" << (hint.empty() ? "" : "; " + hint)
      << "\n(motive kinds lists them)\n";
  return 2;
}

int request(std::istream& in, std::ostream& out, const Engine& engine) {
  std::ostringstream buffer;
  buffer << in.rdbuf();
  const std::string reply = engine(buffer.str());
  out << reply << "\n";
  const json parsed = json::parse(reply, nullptr, false);
  return parsed.is_object() && parsed.value("ok", false) ? 0 : 1;
}

// Whether an argument reads as name=value (a name being letters, digits and _, not starting with a digit).
bool is_assignment(const std::string& arg) {
  const std::size_t eq = arg.find('=');
  if (eq == std::string::npos || eq == 0) return false;
  for (std::size_t i = 0; i < eq; ++i) {
    const unsigned char c = static_cast<unsigned char>(arg[i]);
    if (!(std::isalnum(c) || c == '_') || (i == 0 && std::isdigit(c))) return false;
  }
  return true;
}

// One file's check or analysis: prints the result (or its diagnostics) and returns the exit status.
int check_or_analyze_file(const std::string& path, bool check, const std::string& analysis, bool as_json,
                          json request, const std::vector<std::pair<std::string, std::string>>& given,
                          std::ostream& out, std::ostream& err, const Engine& engine) {
  std::string model;
  if (!read_file(path, &model)) {
    err << path << ": error: cannot read the file\n";
    return 1;
  }
  request["model"] = model;
  if (!given.empty()) {
    std::vector<AnalysisDefinition> definitions = definitions_of(fetch_catalogue(engine), analysis);
    // Kinds that define the analysis differently may type a parameter differently (a SCIM's
    // interventions are structured, a gridworld's are variant names): the model's kind decides.
    if (definitions.size() > 1) {
      json described =
          json::parse(engine(json_text(json{{"model", model}, {"analysis", "describe"}})), nullptr, false);
      const std::string kind = described.is_object() ? described.value("kind", "") : "";
      std::erase_if(definitions, [&](const AnalysisDefinition& d) {
        return std::find(d.kinds.begin(), d.kinds.end(), kind) == d.kinds.end();
      });
    }
    for (const auto& [name, value] : given)
      request["params"][name] = param_value(value, param_type(definitions, name));
  }
  json reply = json::parse(engine(json_text(request)), nullptr, false);
  if (reply.is_discarded() || !reply.is_object()) {
    err << "motive: the engine's reply is not JSON\n";
    return 1;
  }
  if (!reply.value("ok", false)) {
    print_diagnostics(path, reply, err);
    if (as_json) out << json_text(reply, 2) << "\n";
    return 1;
  }
  const std::string kind = reply.value("kind", "");
  const json& result = reply.contains("result") ? reply["result"] : reply;
  if (as_json) out << json_text(reply, 2) << "\n";
  else if (check) print_check(path, kind, result, out);
  else print_result(kind, reply.value("analysis", analysis), result, out);
  return 0;
}

// The model files a check names: each file as given, each folder's .json and .jsonc files (its
// subfolders too), in name order.
std::vector<std::string> model_files(const std::vector<std::string>& paths) {
  std::vector<std::string> files;
  for (const std::string& path : paths) {
    std::error_code error;
    if (!std::filesystem::is_directory(path, error)) {
      files.push_back(path);
      continue;
    }
    std::vector<std::string> found;
    for (auto it = std::filesystem::recursive_directory_iterator(path, error);
         !error && it != std::filesystem::recursive_directory_iterator(); it.increment(error)) {
      const std::string ext = it->path().extension().string();
      if (it->is_regular_file(error) && (ext == ".json" || ext == ".jsonc"))
        found.push_back(it->path().string());
    }
    std::sort(found.begin(), found.end());
    if (found.empty()) files.push_back(path);  // reported as unreadable, not silently skipped
    files.insert(files.end(), found.begin(), found.end());
  }
  return files;
}

// `motive check MODEL [MODEL | FOLDER ...]` and `motive analyze MODEL ANALYSIS [name=value ...] [--json]`.
// A check of several models ends with one summary line; its status is 1 when any model has errors.
int check_or_analyze(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                     const Engine& engine) {
  const bool check = args[0] == "check";
  const std::string analysis = check ? "describe" : args[2];
  bool as_json = false;
  json request = {{"analysis", analysis}, {"params", json::object()}};
  std::vector<std::pair<std::string, std::string>> given;  // name=value, in order
  std::vector<std::string> paths = {args[1]};
  for (std::size_t i = check ? 2 : 3; i < args.size(); ++i) {
    if (args[i] == "--json") {
      as_json = true;
      continue;
    }
    if (check && !is_assignment(args[i])) {
      paths.push_back(args[i]);
      continue;
    }
    const std::size_t eq = args[i].find('=');
    if (eq == std::string::npos || eq == 0) {
      err << "motive: expected name=value, got \"" << args[i] << "\"\n" << kCommands;
      return 2;
    }
    const std::string name = args[i].substr(0, eq), value = args[i].substr(eq + 1);
    // A name given twice would silently keep one value: refused, as a request's duplicate keys are.
    const bool is_model = name == "model" || name == "model_name";
    const bool again =
        is_model ? request.contains("model_name")
                 : std::any_of(given.begin(), given.end(), [&](const auto& g) { return g.first == name; });
    if (again) {
      err << "motive: \"" << name << "\" is given twice\n";
      return 2;
    }
    if (is_model) request["model_name"] = value;
    else given.emplace_back(name, value);
  }
  if (!check)
    return check_or_analyze_file(paths[0], false, analysis, as_json, request, given, out, err, engine);
  const std::vector<std::string> files = model_files(paths);
  int failed = 0;
  for (const std::string& file : files)
    failed += check_or_analyze_file(file, true, analysis, as_json, request, given, out, err, engine) != 0;
  if (files.size() > 1) {
    out << files.size() << " models: " << files.size() - failed << " ok, " << failed << " with errors\n";
  }
  return failed ? 1 : 0;
}

}  // namespace

bool read_file(const std::filesystem::path& path, std::string* text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream buffer;
  buffer << in.rdbuf();
  *text = buffer.str();
  return true;
}

void print_diagnostic(const std::string& file, const json& diagnostic, std::ostream& err) {
  const json& d = diagnostic;
  const int line = d.value("line", 0);
  err << file;
  if (line > 0) err << ":" << line << ":" << d.value("column", 0);
  err << ": error: [" << d.value("id", "") << "] " << d.value("message", "") << "\n";
  if (d.contains("hint") && d["hint"].is_string() && !d["hint"].get<std::string>().empty())
    err << "  hint: " << d["hint"].get<std::string>() << "\n";
}

int run(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err,
        const Engine& engine) {
  if (args.empty()) {
    print_usage(fetch_catalogue(engine), err);
    return 2;
  }
  const std::string& command = args[0];
  if (command == "help" || command == "--help" || command == "-h")
    return help(args, fetch_catalogue(engine), out, err);
  if (command == "kinds") {
    print_kinds(fetch_catalogue(engine), out);
    return 0;
  }
  if (command == "request") return request(in, out, engine);
  if (command == "import") return import_command(args, out, err, engine);
  if (command == "batch") return batch_command(args, in, out, err, engine);
  if ((command == "check" && args.size() >= 2) || (command == "analyze" && args.size() >= 3))
    return check_or_analyze(args, out, err, engine);
  err << (command == "check" || command == "analyze" ? "motive: " + command + " needs more arguments\n"
                                                     : "motive: unknown command \"" + command + "\"\n")
      << kCommands << "(motive help for more)\n";
  return 2;
}

}  // namespace motive::cli
