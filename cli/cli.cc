#include "cli/cli.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli/catalogue.h"
#include "cli/printers.h"
#include "core/diagnostics.h"

namespace motive::cli {
namespace {

using nlohmann::json;

constexpr const char* kCommands =
    "usage: motive check MODEL\n"
    "       motive analyze MODEL ANALYSIS [name=value ...] [--json]\n"
    "       motive help [ANALYSIS | KIND | --markdown]\n"
    "       motive kinds\n"
    "       motive request < REQUEST.json\n";

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

bool read_file(const std::string& path, std::string* text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream buffer;
  buffer << in.rdbuf();
  *text = buffer.str();
  return true;
}

void print_diagnostics(const std::string& file, const json& reply, std::ostream& err) {
  for (const json& d : reply.value("diagnostics", json::array())) {
    const int line = d.value("line", 0);
    err << file;
    if (line > 0) err << ":" << line << ":" << d.value("column", 0);
    err << ": error: [" << d.value("id", "") << "] " << d.value("message", "") << "\n";
    if (d.contains("hint") && d["hint"].is_string() && !d["hint"].get<std::string>().empty())
      err << "  hint: " << d["hint"].get<std::string>() << "\n";
  }
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

// `motive check MODEL` and `motive analyze MODEL ANALYSIS [name=value ...] [--json]`.
int check_or_analyze(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                     const Engine& engine) {
  const bool check = args[0] == "check";
  const std::string& path = args[1];
  const std::string analysis = check ? "describe" : args[2];
  bool as_json = false;
  json request = {{"analysis", analysis}, {"params", json::object()}};
  std::vector<std::pair<std::string, std::string>> given;  // name=value, in order
  for (std::size_t i = check ? 2 : 3; i < args.size(); ++i) {
    if (args[i] == "--json") {
      as_json = true;
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

}  // namespace

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
  if ((command == "check" && args.size() >= 2) || (command == "analyze" && args.size() >= 3))
    return check_or_analyze(args, out, err, engine);
  err << (command == "check" || command == "analyze" ? "motive: " + command + " needs more arguments\n"
                                                     : "motive: unknown command \"" + command + "\"\n")
      << kCommands << "(motive help for more)\n";
  return 2;
}

}  // namespace motive::cli
