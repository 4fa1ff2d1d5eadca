// XMLBIF 0.3, the XML form of the Interchange Format (what pgmpy, JavaBayes and Weka write), into a
// SCIM/CID (docs/formats.md, "BIF and XMLBIF").
//
//   <BIF VERSION="0.3"><NETWORK><NAME>dog-problem</NAME>
//     <VARIABLE TYPE="nature"><NAME>light-on</NAME><OUTCOME>true</OUTCOME><OUTCOME>false</OUTCOME></VARIABLE>
//     <DEFINITION><FOR>light-on</FOR><GIVEN>family-out</GIVEN><TABLE>0.6 0.4 0.05 0.95</TABLE></DEFINITION>
//   </NETWORK></BIF>
//
// TYPE is "nature" (chance), "decision" or "utility". A TABLE lists the numbers with the FOR
// variable's outcome varying fastest, then the GIVEN variables, the last fastest: the network's own
// order (network.h). Tag names are read without regard to case; PROPERTY elements are skipped.
#include <algorithm>
#include <cctype>

#include "core/text.h"
#include "formats/formats.h"
#include "formats/network.h"
#include "formats/readers.h"
#include "formats/source.h"
#include "formats/xml.h"

namespace motive::formats {
namespace {

std::string upper(const std::string& s) {
  std::string out = s;
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

std::string trimmed(const std::string& s) {
  std::size_t a = 0, b = s.size();
  while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
  return s.substr(a, b - a);
}

class XmlbifReader {
 public:
  XmlbifReader(const SourceText& source, const XmlDocument& doc, Diagnostics* d)
      : source_(source), doc_(doc), d_(d) {}

  std::optional<Imported> read() {
    const std::size_t before = d_->count();
    const XmlElement& root = doc_.elements[0];
    const XmlElement* network = nullptr;
    if (upper(root.name) == "NETWORK") {
      network = &root;
    } else if (upper(root.name) == "BIF") {
      for (int c : root.children)
        if (upper(element(c).name) == "NETWORK") {
          if (network) {
            error("import.unsupported", element(c), "the file holds more than one network",
                  "import one network per file");
            return std::nullopt;
          }
          network = &element(c);
        }
      if (!network) {
        error("import.syntax", root, "<BIF> holds no <NETWORK>", "the variables and tables go in <NETWORK>");
        return std::nullopt;
      }
    } else {
      error("import.syntax", root, "the root element is <" + root.name + ">, not <BIF>",
            "an XMLBIF file is <BIF VERSION=\"0.3\"><NETWORK> ... </NETWORK></BIF>");
      return std::nullopt;
    }
    for (int c : network->children) {
      const XmlElement& e = element(c);
      const std::string tag = upper(e.name);
      if (tag == "NAME") net_.name = trimmed(e.text);
      else if (tag == "VARIABLE") variable(e);
      else if (tag == "DEFINITION" || tag == "PROBABILITY") definitions_.push_back(&e);
      else if (tag != "PROPERTY") unknown(e, {"NAME", "VARIABLE", "DEFINITION", "PROPERTY"}, "<NETWORK>");
    }
    if (d_->count() > before) return std::nullopt;
    for (const XmlElement* e : definitions_) definition(*e);
    if (d_->count() > before) return std::nullopt;
    std::optional<Imported> out = network_model(net_, "XMLBIF", d_);
    if (out) out->format = "xmlbif";
    return out;
  }

 private:
  const XmlElement& element(int i) const { return doc_.elements[static_cast<std::size_t>(i)]; }
  SourceSpan name_span(const XmlElement& e) const { return source_.span(e.name_begin, e.name_end); }
  // The span of an element's text when it is written plainly, else of its tag.
  SourceSpan text_span(const XmlElement& e) const {
    if (!e.plain || e.content_end <= e.content_begin) return name_span(e);
    std::size_t a = e.content_begin, b = e.content_end;
    while (a < b && std::isspace(static_cast<unsigned char>(source_.text()[a]))) ++a;
    while (b > a && std::isspace(static_cast<unsigned char>(source_.text()[b - 1]))) --b;
    return a < b ? source_.span(a, b) : name_span(e);
  }
  void error(const std::string& id, const XmlElement& at, const std::string& message,
             const std::string& hint = {}) {
    d_->error(id, name_span(at), message, hint);
  }
  void unknown(const XmlElement& e, const std::vector<std::string>& known, const std::string& where) {
    std::string hint = did_you_mean(upper(e.name), known);
    error("import.syntax", e, "<" + e.name + "> is not an element of " + where,
          hint.empty() ? "the elements of " + where + " are " + join(known) : hint);
  }

  void variable(const XmlElement& e) {
    NetVariable var;
    var.span = name_span(e);
    if (const std::string* type = e.attribute("TYPE"); type || (type = e.attribute("type"))) {
      const std::string t = upper(trimmed(*type));
      if (t == "NATURE" || t == "CHANCE") var.type = NodeType::kChance;
      else if (t == "DECISION") var.type = NodeType::kDecision;
      else if (t == "UTILITY") var.type = NodeType::kUtility;
      else
        error("import.unsupported", e, "variable TYPE \"" + *type + "\" is not nature, decision or utility");
    }
    bool named = false;
    for (int c : e.children) {
      const XmlElement& child = element(c);
      const std::string tag = upper(child.name);
      if (tag == "NAME") {
        var.name = trimmed(child.text);
        var.span = text_span(child);
        named = true;
      } else if (tag == "OUTCOME" || tag == "VALUE") {
        if (var.outcomes.size() >= kMaxOutcomes) {
          error("import.too_large", child,
                "a variable has more than " + std::to_string(kMaxOutcomes) + " outcomes");
          return;
        }
        var.outcomes.push_back(trimmed(child.text));
        var.outcome_spans.push_back(text_span(child));
      } else if (tag != "PROPERTY") {
        unknown(child, {"NAME", "OUTCOME", "PROPERTY"}, "<VARIABLE>");
      }
    }
    if (!named || var.name.empty()) {
      error("import.syntax", e, "a <VARIABLE> has no <NAME>", "name it: <NAME>rain</NAME>");
      return;
    }
    if (net_.variables.size() >= kMaxNetworkVariables) {
      error("import.too_large", e,
            "the network has more than " + std::to_string(kMaxNetworkVariables) + " variables");
      return;
    }
    net_.variables.push_back(std::move(var));
  }

  void definition(const XmlElement& e) {
    std::string child_name;
    SourceSpan child_span = name_span(e);
    std::vector<std::string> parents;
    std::vector<SourceSpan> parent_spans;
    const XmlElement* table = nullptr;
    for (int c : e.children) {
      const XmlElement& x = element(c);
      const std::string tag = upper(x.name);
      if (tag == "FOR") {
        child_name = trimmed(x.text);
        child_span = text_span(x);
      } else if (tag == "GIVEN") {
        parents.push_back(trimmed(x.text));
        parent_spans.push_back(text_span(x));
      } else if (tag == "TABLE") {
        if (table) {
          error("import.duplicate", x, "a <DEFINITION> has two <TABLE>s");
          return;
        }
        table = &x;
      } else if (tag != "PROPERTY") {
        unknown(x, {"FOR", "GIVEN", "TABLE", "PROPERTY"}, "<" + e.name + ">");
      }
    }
    if (child_name.empty()) {
      error("import.syntax", e, "a <" + e.name + "> has no <FOR>", "say which variable the table is for");
      return;
    }
    NetVariable* var = nullptr;
    std::vector<std::string> names;
    for (NetVariable& v : net_.variables) {
      names.push_back(v.name);
      if (v.name == child_name && !var) var = &v;
    }
    if (!var) {
      std::string hint = did_you_mean(child_name, names);
      d_->error("import.undefined", child_span,
                "the table is for " + in_quotes(child_name) + ", which is not declared",
                hint.empty() ? "declare it with a <VARIABLE>" : hint);
      return;
    }
    if (var->defined) {
      d_->error("import.duplicate", child_span,
                "variable " + in_quotes(child_name) + " has a second <DEFINITION>");
      return;
    }
    var->defined = true;
    var->definition_span = child_span;
    var->parents = std::move(parents);
    var->parent_spans = std::move(parent_spans);
    if (!table) return;
    var->has_values = true;
    numbers(*table, var);
  }

  // The TABLE's numbers, with the span of each row (the network's order: one row per combination of
  // the parents' outcomes) where the text is written plainly.
  void numbers(const XmlElement& table, NetVariable* var) {
    const bool plain = table.plain;
    std::string_view text =
        plain ? source_.text().substr(table.content_begin, table.content_end - table.content_begin)
              : std::string_view(table.text);
    const std::size_t base = plain ? table.content_begin : 0;
    std::vector<std::pair<std::size_t, std::size_t>> where;
    std::size_t i = 0;
    while (i < text.size()) {
      while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
      if (i >= text.size()) break;
      const std::size_t begin = i;
      while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i]))) ++i;
      std::string_view word = text.substr(begin, i - begin);
      auto value = parse_decimal(word);
      if (!value) {
        d_->error(
            "import.bad_number", plain ? source_.span(base + begin, base + i) : name_span(table),
            in_quotes(std::string(word)) + " in the table of " + in_quotes(var->name) + " is not a number");
        var->has_values = false;
        return;
      }
      if (var->values.size() >= kMaxTableEntries) {
        d_->error("import.too_large", name_span(table),
                  "the table of " + in_quotes(var->name) + " has more than " +
                      std::to_string(kMaxTableEntries) + " numbers");
        var->has_values = false;
        return;
      }
      var->values.push_back(*value);
      where.emplace_back(base + begin, base + i);
    }
    const std::size_t width =
        var->type == NodeType::kUtility ? 1 : std::max<std::size_t>(1, var->outcomes.size());
    const SourceSpan whole = text_span(table);
    for (std::size_t r = 0; r * width < var->values.size(); ++r) {
      if (!plain || (r + 1) * width > where.size()) {
        var->row_spans.push_back(whole);
        continue;
      }
      var->row_spans.push_back(source_.span(where[r * width].first, where[(r + 1) * width - 1].second));
    }
    var->definition_span = var->values.empty() ? var->definition_span : whole;
  }

  const SourceText& source_;
  const XmlDocument& doc_;
  Diagnostics* d_;
  Network net_;
  std::vector<const XmlElement*> definitions_;
};

}  // namespace

std::optional<Imported> read_xmlbif(std::string_view text, Diagnostics* diagnostics) {
  SourceText source(text);
  if (!check_source(source, diagnostics)) return std::nullopt;
  std::optional<XmlDocument> doc = read_xml(source, diagnostics);
  if (!doc) return std::nullopt;
  return XmlbifReader(source, *doc, diagnostics).read();
}

}  // namespace motive::formats
