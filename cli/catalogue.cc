#include "cli/catalogue.h"

#include <algorithm>
#include <cmath>

#include "cli/printers.h"
#include "core/diagnostics.h"

namespace motive::cli {
namespace {

using nlohmann::json;

const json& kinds_of(const json& catalogue) {
  static const json kNone = json::array();
  auto kinds = catalogue.find("kinds");
  return kinds != catalogue.end() && kinds->is_array() ? *kinds : kNone;
}

const json& analyses_of(const json& kind) {
  static const json kNone = json::array();
  auto analyses = kind.find("analyses");
  return analyses != kind.end() && analyses->is_array() ? *analyses : kNone;
}

std::string field(const json& object, const char* name) {
  auto it = object.find(name);
  return it != object.end() && it->is_string() ? it->get<std::string>() : "";
}

// A bound of a range: whole numbers without a decimal point.
std::string bound_text(double x) {
  if (x == std::floor(x) && std::fabs(x) < 1e15) return std::to_string(static_cast<long long>(x));
  return json(x).dump();
}

std::string plural(const std::string& noun) {
  if (noun.size() > 1 && noun.back() == 'y' &&
      std::string("aeiou").find(noun[noun.size() - 2]) == std::string::npos)
    return noun.substr(0, noun.size() - 1) + "ies";
  return noun + "s";
}

std::string joined(const std::vector<std::string>& items, const std::string& separator) {
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : separator) + item;
  return out;
}

std::vector<std::string> strings_of(const json& list) {
  std::vector<std::string> out;
  if (list.is_array())
    for (const json& item : list)
      if (item.is_string()) out.push_back(item.get<std::string>());
  return out;
}

// Words wrapped to lines of at most `width` columns, continuation lines indented by `indent`.
std::string wrapped(const std::vector<std::string>& words, std::size_t first_used, int indent,
                    std::size_t width = 100) {
  std::string out;
  std::size_t used = first_used;
  for (std::size_t i = 0; i < words.size(); ++i) {
    std::string word = words[i] + (i + 1 < words.size() ? "," : "");
    if (i > 0 && used + 1 + word.size() > width) {
      out += "\n" + std::string(static_cast<std::size_t>(indent), ' ');
      used = static_cast<std::size_t>(indent);
    } else if (i > 0) {
      out += " ";
      ++used;
    }
    out += word;
    used += word.size();
  }
  return out;
}

std::string paper_text(const json& analysis) {
  std::string paper = field(analysis, "paper"), definition = field(analysis, "definition");
  if (paper.empty()) return definition;
  return definition.empty() ? paper : paper + ", " + definition;
}

}  // namespace

std::vector<AnalysisDefinition> definitions_of(const json& catalogue, const std::string& analysis) {
  std::vector<AnalysisDefinition> out;
  for (const json& kind : kinds_of(catalogue))
    for (const json& a : analyses_of(kind)) {
      if (field(a, "name") != analysis) continue;
      auto same =
          std::find_if(out.begin(), out.end(), [&](const AnalysisDefinition& d) { return d.analysis == a; });
      if (same != out.end()) same->kinds.push_back(field(kind, "name"));
      else out.push_back({{field(kind, "name")}, a});
    }
  return out;
}

std::vector<std::string> analysis_names(const json& catalogue) {
  std::vector<std::string> out;
  for (const json& kind : kinds_of(catalogue))
    for (const json& a : analyses_of(kind)) {
      std::string name = field(a, "name");
      if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
    }
  return out;
}

std::string type_text(const json& spec) {
  const std::string type = field(spec, "type");
  if (type == "strings") return "list of strings";
  if (type == "numbers") return "list of numbers";
  if (type == "json") return "JSON";
  return type;
}

std::string default_text(const json& spec) {
  if (spec.value("required", false)) return "required";
  auto value = spec.find("default");
  if (value == spec.end() || value->is_null()) return "none";
  return json_text(*value);
}

std::string range_text(const json& spec) {
  const std::string type = field(spec, "type");
  if (type == "integer" || type == "number" || type == "numbers") {
    const bool low = spec.contains("min") && spec["min"].is_number();
    // 2^53 - 1, the largest integer a page's number holds exactly, bounds counts only technically.
    const bool high =
        spec.contains("max") && spec["max"].is_number() && spec["max"].get<double>() < 9007199254740991.0;
    std::string range;
    if (low && high)
      range = bound_text(spec["min"].get<double>()) + " to " + bound_text(spec["max"].get<double>());
    else if (low) range = "≥ " + bound_text(spec["min"].get<double>());
    else if (high) range = "≤ " + bound_text(spec["max"].get<double>());
    std::string infinities;
    if (spec.value("infinite", false))
      infinities = !low && !high ? "±inf" : !high ? "inf" : !low ? "-inf" : "";
    if (infinities.empty()) return range;
    return range.empty() ? "any, or " + infinities : range + ", or " + infinities;
  }
  std::vector<std::string> choices = strings_of(spec.value("choices", json::array()));
  if (!choices.empty()) return (type == "strings" ? "each of " : "") + joined(choices, ", ");
  const std::string refers = field(spec, "refers");
  if (refers.empty()) return "";
  return type == "strings" ? plural(refers) + " of the model" : "a " + refers + " of the model";
}

void print_analysis_help(const std::vector<AnalysisDefinition>& definitions, std::ostream& out) {
  for (std::size_t i = 0; i < definitions.size(); ++i) {
    const AnalysisDefinition& d = definitions[i];
    if (i > 0) out << "\n";
    out << field(d.analysis, "name") << " (" << joined(d.kinds, ", ") << "): " << field(d.analysis, "summary")
        << "\n";
    if (std::string paper = paper_text(d.analysis); !paper.empty()) out << "  " << paper << "\n";
    const json params = d.analysis.value("params", json::array());
    if (params.empty()) {
      out << "  no parameters\n";
      continue;
    }
    out << "\n";
    std::vector<std::vector<std::string>> rows = {{"parameter", "type", "default", "range", "meaning"}};
    for (const json& p : params)
      rows.push_back({field(p, "name"), type_text(p), default_text(p), range_text(p), field(p, "help")});
    print_table(rows, out, 2);
  }
}

std::string markdown_table(const AnalysisDefinition& d) {
  auto cell = [](std::string text) {
    for (std::size_t at = text.find('|'); at != std::string::npos; at = text.find('|', at + 2))
      text.insert(at, "\\");
    return text;
  };
  std::string out = "#### `" + field(d.analysis, "name") + "` (" + joined(d.kinds, ", ") + ")\n\n";
  const json params = d.analysis.value("params", json::array());
  if (params.empty()) return out + "No parameters.\n";
  out += "| parameter | type | default | range | meaning |\n| --- | --- | --- | --- | --- |\n";
  for (const json& p : params) {
    const std::string value = default_text(p);
    const bool literal = value != "none" && value != "required";
    out += "| `" + field(p, "name") + "` | " + type_text(p) + " | " +
           (literal ? "`" + cell(value) + "`" : value) + " | " + cell(range_text(p)) + " | " +
           cell(field(p, "help")) + " |\n";
  }
  return out;
}

void print_markdown_tables(const json& catalogue, std::ostream& out) {
  std::vector<std::string> done;
  bool first = true;
  for (const json& kind : kinds_of(catalogue))
    for (const json& a : analyses_of(kind)) {
      // Each definition once: the first kind that has it lists it with the kinds that share it.
      for (const AnalysisDefinition& d : definitions_of(catalogue, field(a, "name"))) {
        const std::string key = field(a, "name") + " (" + joined(d.kinds, ", ") + ")";
        if (std::find(d.kinds.begin(), d.kinds.end(), field(kind, "name")) == d.kinds.end() ||
            std::find(done.begin(), done.end(), key) != done.end())
          continue;
        done.push_back(key);
        out << (first ? "" : "\n") << markdown_table(d);
        first = false;
      }
    }
}

void print_kind_help(const json& kind, std::ostream& out) {
  out << field(kind, "name") << ": " << field(kind, "summary") << "\n\n";
  std::vector<std::vector<std::string>> rows = {{"analysis", "from", "what it answers"}};
  for (const json& a : analyses_of(kind))
    rows.push_back({field(a, "name"), paper_text(a), field(a, "summary")});
  print_table(rows, out, 2);
}

void print_kinds(const json& catalogue, std::ostream& out) {
  std::size_t width = 0;
  for (const json& kind : kinds_of(catalogue)) width = std::max(width, field(kind, "name").size());
  const int indent = static_cast<int>(width) + 4;
  for (const json& kind : kinds_of(catalogue)) {
    const std::string name = field(kind, "name");
    std::vector<std::string> names;
    for (const json& a : analyses_of(kind)) names.push_back(field(a, "name"));
    out << "  " << name << std::string(width - name.size() + 2, ' ') << field(kind, "summary") << "\n"
        << std::string(static_cast<std::size_t>(indent), ' ')
        << wrapped(names, static_cast<std::size_t>(indent), indent) << "\n";
  }
}

}  // namespace motive::cli
