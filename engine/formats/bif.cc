// BIF, the Interchange Format for Bayesian networks (version 0.15, as JavaBayes, pgmpy and the
// bnlearn repository write it), into a SCIM/CID (docs/formats.md, "BIF and XMLBIF").
//
//   network NAME { property ...; }
//   variable NAME { type discrete [ N ] { o1, o2, ... }; property "type = decision"; }
//   probability ( CHILD | PARENT, ... ) { (p1, p2) 0.1, 0.9; default 0.5, 0.5; table 0.2, 0.8; }
//
// Names are words or quoted strings; "," and "|" separate like spaces; comments are // and /* */. A
// `table` lists the probabilities with the child's outcome varying slowest and the last parent's
// fastest. A variable's `property "type = decision"` (or "utility") makes it a decision or a utility,
// as XMLBIF's TYPE does; a utility has one value per row. The lexer walks the text once; blocks do not
// nest beyond the fixed grammar, so nothing recurses.
#include <algorithm>
#include <cctype>
#include <map>

#include "core/text.h"
#include "formats/formats.h"
#include "formats/network.h"
#include "formats/readers.h"
#include "formats/source.h"

namespace motive::formats {
namespace {

enum class Tok { kWord, kString, kPunct, kEnd };

struct Token {
  Tok kind = Tok::kEnd;
  std::string text;  // a word, a string's content, a punctuation character
  std::size_t begin = 0, end = 0;
};

bool is_punct(char c) {
  return c == '{' || c == '}' || c == '(' || c == ')' || c == '[' || c == ']' || c == ';' || c == '=';
}

// A syntax error: one ends the read.
struct SyntaxError {
  std::size_t begin, end;
  std::string message, hint;
};

class Lexer {
 public:
  explicit Lexer(std::string_view text) : text_(text) {
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;
  }

  Token next() {
    skip();
    Token t;
    t.begin = pos_;
    if (pos_ >= text_.size()) {
      t.end = pos_;
      return t;
    }
    const char c = text_[pos_];
    if (is_punct(c)) {
      t.kind = Tok::kPunct;
      t.text = std::string(1, c);
      t.end = ++pos_;
      return t;
    }
    if (c == '"') {
      t.kind = Tok::kString;
      ++pos_;
      while (pos_ < text_.size() && text_[pos_] != '"') {
        if (text_[pos_] == '\n')
          throw SyntaxError{t.begin, pos_, "a quoted name does not end on its line", "close it with \""};
        t.text += text_[pos_++];
      }
      if (pos_ >= text_.size())
        throw SyntaxError{t.begin, pos_, "a quoted name does not end", "close it with \""};
      t.end = ++pos_;
      return t;
    }
    t.kind = Tok::kWord;
    while (pos_ < text_.size() && !separator(text_[pos_]) && !is_punct(text_[pos_]) && text_[pos_] != '"' &&
           !comment_at(pos_))
      t.text += text_[pos_++];
    t.end = pos_;
    return t;
  }

 private:
  static bool separator(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' || c == ',' || c == '|';
  }
  bool comment_at(std::size_t i) const {
    return i + 1 < text_.size() && text_[i] == '/' && (text_[i + 1] == '/' || text_[i + 1] == '*');
  }
  void skip() {
    for (;;) {
      while (pos_ < text_.size() && separator(text_[pos_])) ++pos_;
      if (!comment_at(pos_)) return;
      const std::size_t start = pos_;
      if (text_[pos_ + 1] == '/') {
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
      } else {
        const std::size_t close = text_.find("*/", pos_ + 2);
        if (close == std::string_view::npos)
          throw SyntaxError{start, start + 2, "a /* comment does not end", "close it with */"};
        pos_ = close + 2;
      }
    }
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

// A probability block as written, resolved once every variable is known.
struct RawRow {
  std::vector<std::string> outcomes;
  std::vector<SourceSpan> outcome_spans;
  std::vector<double> numbers;
  SourceSpan span;
};
struct RawTable {
  std::string child;
  SourceSpan child_span;
  std::vector<std::string> parents;
  std::vector<SourceSpan> parent_spans;
  std::vector<double> table, fallback;
  bool has_table = false, has_default = false;
  SourceSpan table_span, default_span, block_span;
  std::vector<RawRow> rows;
};

class BifReader {
 public:
  BifReader(const SourceText& source, Diagnostics* d) : source_(source), lexer_(source.text()), d_(d) {}

  std::optional<Imported> read() {
    const std::size_t before = d_->count();
    try {
      advance();
      while (token_.kind != Tok::kEnd) block();
    } catch (const SyntaxError& e) {
      d_->error("import.syntax", source_.span(e.begin, std::max(e.end, e.begin + 1)), e.message, e.hint);
      return std::nullopt;
    }
    resolve_tables();
    if (d_->count() > before) return std::nullopt;
    std::optional<Imported> out = network_model(net_, "BIF", d_);
    if (out) out->format = "bif";
    return out;
  }

 private:
  void advance() { token_ = lexer_.next(); }
  SourceSpan span(const Token& t) const { return source_.span(t.begin, t.end); }
  [[noreturn]] void fail(const std::string& message, const std::string& hint = {}) const {
    throw SyntaxError{token_.begin, token_.end, message + ", not " + describe(token_), hint};
  }
  static std::string describe(const Token& t) {
    if (t.kind == Tok::kEnd) return "the end of the file";
    if (t.kind == Tok::kString) return "\"" + t.text + "\"";
    return in_quotes(t.text);
  }
  bool at_punct(char c) const { return token_.kind == Tok::kPunct && token_.text[0] == c; }
  bool at_word(const char* w) const { return token_.kind == Tok::kWord && token_.text == w; }
  void expect(char c, const std::string& where) {
    if (!at_punct(c)) fail("expected \"" + std::string(1, c) + "\" " + where);
    advance();
  }
  // A name: a word or a quoted string.
  Token name(const std::string& what) {
    if (token_.kind != Tok::kWord && token_.kind != Tok::kString) fail("expected " + what);
    Token t = token_;
    advance();
    return t;
  }
  double number(const std::string& what) {
    if (token_.kind != Tok::kWord) fail("expected " + what);
    auto value = parse_decimal(token_.text);
    if (!value) fail("expected " + what);
    advance();
    return *value;
  }
  // `property ...;`: its words, up to the semicolon.
  std::string property() {
    advance();
    std::string text;
    while (!at_punct(';')) {
      if (token_.kind == Tok::kEnd || at_punct('}')) fail("expected \";\" to end the property");
      if (!text.empty()) text += ' ';
      text += token_.text;
      advance();
    }
    advance();
    return text;
  }

  void block() {
    if (at_word("network")) return network();
    if (at_word("variable")) return variable();
    if (at_word("probability")) return probability();
    std::string hint =
        token_.kind == Tok::kWord ? did_you_mean(token_.text, {"network", "variable", "probability"}) : "";
    fail("expected a block (network, variable or probability)", hint);
  }

  void network() {
    advance();
    if (!at_punct('{')) net_.name = name("the network's name").text;
    expect('{', "to open the network block");
    while (!at_punct('}')) {
      if (at_word("property")) property();
      else fail("expected a property or \"}\" in the network block");
    }
    advance();
  }

  void variable() {
    advance();
    NetVariable var;
    Token n = name("the variable's name");
    var.name = n.text;
    var.span = span(n);
    expect('{', "to open the block of variable " + in_quotes(var.name));
    bool typed = false;
    while (!at_punct('}')) {
      if (at_word("property")) {
        std::string p = property();
        read_type_property(p, &var);
      } else if (at_word("type")) {
        advance();
        if (!at_word("discrete"))
          fail("expected \"discrete\" (Motive reads discrete variables)",
               "a BIF variable is \"type discrete [ N ] { ... };\"");
        advance();
        expect('[', "before the number of outcomes");
        const Token count_token = token_;
        const double count = number("the number of outcomes");
        expect(']', "after the number of outcomes");
        expect('{', "to open the list of outcomes");
        while (!at_punct('}')) {
          Token o = name("an outcome");
          var.outcomes.push_back(o.text);
          var.outcome_spans.push_back(span(o));
          if (var.outcomes.size() > kMaxOutcomes)
            throw SyntaxError{o.begin,
                              o.end,
                              "variable " + in_quotes(var.name) + " has more than " +
                                  std::to_string(kMaxOutcomes) + " outcomes",
                              {}};
        }
        advance();
        expect(';', "after the list of outcomes");
        if (count != static_cast<double>(var.outcomes.size()))
          d_->error("import.bad_table", span(count_token),
                    "variable " + in_quotes(var.name) + " says it has " + count_token.text +
                        " outcomes and lists " + std::to_string(var.outcomes.size()),
                    "make the number in [ ] the number of outcomes listed");
        typed = true;
      } else {
        fail("expected \"type\", \"property\" or \"}\" in the block of variable " + in_quotes(var.name));
      }
    }
    advance();
    if (!typed && var.type != NodeType::kUtility)
      d_->error("import.bad_table", var.span, "variable " + in_quotes(var.name) + " has no type",
                "add \"type discrete [ N ] { ... };\"");
    if (net_.variables.size() >= kMaxNetworkVariables)
      throw SyntaxError{n.begin,
                        n.end,
                        "the network has more than " + std::to_string(kMaxNetworkVariables) + " variables",
                        {}};
    net_.variables.push_back(std::move(var));
  }

  // "type = decision" (or utility, chance, nature): Motive's reading of a variable's kind in BIF.
  static void read_type_property(const std::string& p, NetVariable* var) {
    std::string compact;
    for (char c : p)
      if (c != ' ') compact += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (compact == "type=decision") var->type = NodeType::kDecision;
    else if (compact == "type=utility") var->type = NodeType::kUtility;
    else if (compact == "type=chance" || compact == "type=nature") var->type = NodeType::kChance;
  }

  void probability() {
    const Token keyword = token_;
    advance();
    RawTable table;
    expect('(', "after \"probability\"");
    Token child = name("the variable the table is for");
    table.child = child.text;
    table.child_span = span(child);
    while (!at_punct(')')) {
      Token p = name("a parent or \")\"");
      table.parents.push_back(p.text);
      table.parent_spans.push_back(span(p));
    }
    advance();
    expect('{', "to open the table of " + in_quotes(table.child));
    while (!at_punct('}')) {
      if (at_word("property")) {
        property();
      } else if (at_word("table") || at_word("default")) {
        const bool is_table = token_.text == "table";
        const Token start = token_;
        advance();
        std::vector<double>& numbers = is_table ? table.table : table.fallback;
        numbers.clear();
        while (!at_punct(';')) {
          numbers.push_back(number("a number or \";\""));
          if (numbers.size() > kMaxTableEntries)
            throw SyntaxError{start.begin,
                              token_.end,
                              "the table of " + in_quotes(table.child) + " has more than " +
                                  std::to_string(kMaxTableEntries) + " numbers",
                              {}};
        }
        (is_table ? table.table_span : table.default_span) = source_.span(start.begin, token_.end);
        (is_table ? table.has_table : table.has_default) = true;
        advance();
      } else if (at_punct('(')) {
        const Token open = token_;
        advance();
        RawRow row;
        while (!at_punct(')')) {
          Token o = name("a parent's outcome or \")\"");
          row.outcomes.push_back(o.text);
          row.outcome_spans.push_back(span(o));
        }
        advance();
        while (!at_punct(';')) {
          row.numbers.push_back(number("a number or \";\""));
          if (row.numbers.size() > kMaxOutcomes)
            throw SyntaxError{open.begin,
                              token_.end,
                              "a row has more than " + std::to_string(kMaxOutcomes) + " numbers",
                              {}};
        }
        row.span = source_.span(open.begin, token_.end);
        advance();
        if (table.rows.size() >= kMaxTableEntries)
          throw SyntaxError{
              open.begin, open.end, "the table of " + in_quotes(table.child) + " has too many rows", {}};
        table.rows.push_back(std::move(row));
      } else {
        fail("expected a row \"(...)\", \"table\", \"default\", \"property\" or \"}\" in the table of " +
             in_quotes(table.child));
      }
    }
    table.block_span = source_.span(keyword.begin, token_.end);
    advance();
    tables_.push_back(std::move(table));
  }

  // Puts each table's numbers into its variable, in the network's order (network.h).
  void resolve_tables() {
    std::map<std::string, std::size_t> index;
    std::vector<std::string> names;
    for (std::size_t v = 0; v < net_.variables.size(); ++v) {
      index.emplace(net_.variables[v].name, v);
      names.push_back(net_.variables[v].name);
    }
    for (const RawTable& t : tables_) {
      auto it = index.find(t.child);
      if (it == index.end()) {
        std::string hint = did_you_mean(t.child, names);
        d_->error("import.undefined", t.child_span,
                  "the table is for " + in_quotes(t.child) + ", which is not declared",
                  hint.empty() ? "declare it with a variable block" : hint);
        continue;
      }
      NetVariable& var = net_.variables[it->second];
      if (var.defined) {
        d_->error("import.duplicate", t.child_span, "variable " + in_quotes(t.child) + " has a second table",
                  "give each variable one probability block");
        continue;
      }
      var.defined = true;
      var.definition_span = t.child_span;
      var.parents = t.parents;
      var.parent_spans = t.parent_spans;
      fill_values(t, index, &var);
    }
  }

  void fill_values(const RawTable& t, const std::map<std::string, std::size_t>& index, NetVariable* var) {
    if (var->type == NodeType::kDecision) {
      var->has_values = t.has_table || t.has_default || !t.rows.empty();
      return;
    }
    // The parents' outcomes; a parent not declared is reported by the network's checks.
    std::vector<const NetVariable*> parents;
    std::size_t combos = 1;
    for (const std::string& p : t.parents) {
      auto it = index.find(p);
      if (it == index.end()) return;
      parents.push_back(&net_.variables[it->second]);
      combos *= std::max<std::size_t>(1, parents.back()->outcomes.size());
      if (combos > kMaxTableEntries) return;  // reported as too large by the network's checks
    }
    const std::size_t width = var->type == NodeType::kUtility ? 1 : var->outcomes.size();
    if (width == 0) return;
    if (t.has_table && !t.rows.empty()) {
      d_->error("import.bad_table", t.table_span,
                "the table of " + in_quotes(var->name) + " has both \"table\" and rows",
                "write the numbers one way");
      return;
    }
    var->row_spans.assign(combos, t.block_span);
    if (t.has_table) {
      var->has_values = true;
      if (t.table.size() != combos * width) {
        var->values = t.table;  // the network's check reports the wrong size
        var->definition_span = t.table_span;
        return;
      }
      // The child's outcome varies slowest in BIF's table; the network wants it fastest.
      var->values.assign(combos * width, 0);
      for (std::size_t k = 0; k < width; ++k)
        for (std::size_t r = 0; r < combos; ++r) var->values[r * width + k] = t.table[k * combos + r];
      var->row_spans.assign(combos, t.table_span);
      return;
    }
    var->has_values = true;
    var->values.assign(combos * width, 0);
    std::vector<bool> given(combos, false);
    for (const RawRow& row : t.rows) {
      if (row.outcomes.size() != parents.size()) {
        d_->error("import.bad_table", row.span,
                  "a row of the table of " + in_quotes(var->name) + " names " +
                      std::to_string(row.outcomes.size()) + " outcomes; its parents are " +
                      std::to_string(parents.size()),
                  parents.empty() ? "a variable without parents has \"table\", not rows"
                                  : "name one outcome of each parent, in the order of the header");
        continue;
      }
      std::size_t r = 0;
      bool known = true;
      for (std::size_t i = 0; i < parents.size(); ++i) {
        const auto& outcomes = parents[i]->outcomes;
        auto it = std::find(outcomes.begin(), outcomes.end(), row.outcomes[i]);
        if (it == outcomes.end()) {
          std::string hint = did_you_mean(row.outcomes[i], outcomes);
          d_->error("import.undefined", row.outcome_spans[i],
                    in_quotes(parents[i]->name) + " has no outcome " + in_quotes(row.outcomes[i]),
                    !hint.empty()      ? hint
                    : outcomes.empty() ? "declare its outcomes: type discrete [ N ] { ... };"
                                       : "its outcomes are " + quoted_list(outcomes));
          known = false;
          break;
        }
        r = r * outcomes.size() + static_cast<std::size_t>(it - outcomes.begin());
      }
      if (!known) continue;
      if (given[r]) {
        d_->error("import.duplicate", row.span,
                  "the table of " + in_quotes(var->name) + " gives this row twice");
        continue;
      }
      if (row.numbers.size() != width) {
        d_->error("import.bad_table", row.span,
                  "a row of the table of " + in_quotes(var->name) + " has " +
                      std::to_string(row.numbers.size()) + " numbers; it needs " + std::to_string(width),
                  var->type == NodeType::kUtility ? "a utility has one value per row"
                                                  : "one probability per outcome of " + in_quotes(var->name));
        continue;
      }
      given[r] = true;
      std::copy(row.numbers.begin(), row.numbers.end(),
                var->values.begin() + static_cast<std::ptrdiff_t>(r * width));
      var->row_spans[r] = row.span;
    }
    for (std::size_t r = 0; r < combos; ++r) {
      if (given[r]) continue;
      if (t.has_default && t.fallback.size() == width) {
        std::copy(t.fallback.begin(), t.fallback.end(),
                  var->values.begin() + static_cast<std::ptrdiff_t>(r * width));
        var->row_spans[r] = t.default_span;
        continue;
      }
      if (t.has_default) {
        d_->error("import.bad_table", t.default_span,
                  "the default row of " + in_quotes(var->name) + " has " + std::to_string(t.fallback.size()) +
                      " numbers; it needs " + std::to_string(width));
        return;
      }
      std::string which;
      std::size_t rest = r;
      std::vector<std::string> parts(parents.size());
      for (std::size_t i = parents.size(); i-- > 0;) {
        // A parent without outcomes (a utility) is reported by the network's checks; name no outcome.
        const std::vector<std::string>& outcomes = parents[i]->outcomes;
        const std::size_t k = std::max<std::size_t>(1, outcomes.size());
        parts[i] = outcomes.empty() ? "?" : outcomes[rest % k];
        rest /= k;
      }
      d_->error("import.bad_table", t.block_span,
                "the table of " + in_quotes(var->name) + " has no row for (" + join(parts) + ")",
                "add the row, or a \"default\" row");
      return;
    }
  }

  const SourceText& source_;
  Lexer lexer_;
  Diagnostics* d_;
  Token token_;
  Network net_;
  std::vector<RawTable> tables_;
};

}  // namespace

std::optional<Imported> read_bif(std::string_view text, Diagnostics* diagnostics) {
  SourceText source(text);
  if (!check_source(source, diagnostics)) return std::nullopt;
  return BifReader(source, diagnostics).read();
}

}  // namespace motive::formats
