#include "formats/source.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/source_json.h"
#include "core/text.h"
#include "core/utf8.h"
#include "scim/expression.h"

namespace motive::formats {

SourceText::SourceText(std::string_view text) : text_(text) {
  line_starts_.push_back(0);
  for (std::size_t i = 0; i < text_.size(); ++i)
    if (text_[i] == '\n') line_starts_.push_back(i + 1);
}

SourceText::Point SourceText::point(std::size_t offset) const {
  offset = std::min(offset, text_.size());
  auto after = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  const std::size_t line = static_cast<std::size_t>(after - line_starts_.begin());  // 1-based
  const std::size_t start = line_starts_[line - 1];
  int column = 1;
  for (std::size_t i = start; i < offset; ++i)
    if ((static_cast<unsigned char>(text_[i]) & 0xC0) != 0x80) ++column;
  return {static_cast<int>(line), column};
}

SourceSpan SourceText::span(std::size_t begin, std::size_t end) const {
  begin = std::min(begin, text_.size());
  end = std::max(std::min(end, text_.size()), begin);
  const Point from = point(begin);
  Point to = point(end);
  if (end == begin) to.column = from.column + 1;
  return {from.line, from.column, to.line, to.column};
}

bool check_source(const SourceText& source, Diagnostics* diagnostics) {
  if (source.size() > kMaxSourceBytes) {
    diagnostics->error("import.too_large", source.span(0, 0),
                       "the file has " + std::to_string(source.size()) +
                           " bytes, more than an import reads (" + std::to_string(kMaxSourceBytes) + ")",
                       "split the model, or import a smaller one");
    return false;
  }
  if (std::size_t bad = invalid_utf8_at(source.text()); bad != std::string_view::npos) {
    char byte[8];
    std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned char>(source.text()[bad]));
    diagnostics->error("import.invalid_utf8", source.span(bad, bad + 1),
                       std::string("the file is not valid UTF-8 (byte ") + byte + " here)",
                       "save the file as UTF-8 (Latin-1 names are the usual culprit)");
    return false;
  }
  return true;
}

std::optional<double> parse_decimal(std::string_view word) {
  std::size_t i = 0;
  if (i < word.size() && (word[i] == '+' || word[i] == '-')) ++i;
  std::size_t digits = 0;
  while (i < word.size() && std::isdigit(static_cast<unsigned char>(word[i]))) ++i, ++digits;
  if (i < word.size() && word[i] == '.') {
    ++i;
    while (i < word.size() && std::isdigit(static_cast<unsigned char>(word[i]))) ++i, ++digits;
  }
  if (digits == 0) return std::nullopt;
  if (i < word.size() && (word[i] == 'e' || word[i] == 'E')) {
    ++i;
    if (i < word.size() && (word[i] == '+' || word[i] == '-')) ++i;
    std::size_t exponent = 0;
    while (i < word.size() && std::isdigit(static_cast<unsigned char>(word[i]))) ++i, ++exponent;
    if (exponent == 0) return std::nullopt;
  }
  if (i != word.size()) return std::nullopt;
  // strtod rather than from_chars: Emscripten's library has no from_chars for double. The word was
  // scanned above, so strtod reads exactly it (in the "C" locale the engine runs in).
  const std::string literal(word);
  char* end = nullptr;
  const double value = std::strtod(literal.c_str(), &end);
  if (end != literal.c_str() + literal.size() || !std::isfinite(value)) return std::nullopt;
  return value;
}

std::optional<double> parse_rational(std::string_view word) {
  const std::size_t slash = word.find('/');
  if (slash == std::string_view::npos) return parse_decimal(word);
  auto whole = [](std::string_view part) {
    std::size_t i = part.size() && (part[0] == '-' || part[0] == '+') ? 1 : 0;
    return i < part.size() && std::all_of(part.begin() + static_cast<std::ptrdiff_t>(i), part.end(),
                                          [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
  };
  std::string_view top = word.substr(0, slash), bottom = word.substr(slash + 1);
  if (!whole(top) || !whole(bottom) || bottom.front() == '-') return std::nullopt;
  auto p = parse_decimal(top), q = parse_decimal(bottom);
  if (!p || !q || *q == 0) return std::nullopt;
  const double value = *p / *q;
  if (!std::isfinite(value)) return std::nullopt;
  return value;
}

std::string Identifiers::find(const std::string& name) const {
  auto it = made_.find(name);
  return it == made_.end() ? std::string() : it->second;
}

std::string Identifiers::make(const std::string& name, std::vector<std::string>* notes) {
  if (auto it = made_.find(name); it != made_.end()) return it->second;
  std::string id;
  for (char c : name) {
    const bool keep = std::isalnum(static_cast<unsigned char>(c)) || c == '_';
    if (keep) id += c;
    else if (id.empty() || id.back() != '_') id += '_';
    if (id.size() >= 64) break;
  }
  while (id.size() > 1 && id.back() == '_') id.pop_back();
  if (id.empty() || id == "_") id = what_.empty() ? "x" : std::string(1, what_[0]);
  if (std::isdigit(static_cast<unsigned char>(id[0])))
    id = std::string(1, what_.empty() ? 'x' : what_[0]) + "_" + id;
  if (scim::expr::is_reserved_word(id) || id == "noise") id += "_";
  std::string unique = id;
  for (int k = 2; taken_.count(unique); ++k) unique = id + "_" + std::to_string(k);
  taken_[unique] = name;
  made_[name] = unique;
  if (unique != name && notes)
    notes->push_back(what_ + " " + in_quotes(name) + " is named " + in_quotes(unique) +
                     " (names in models are identifiers: letters, digits and _)");
  return unique;
}

namespace {

// `value` on one line, with a space after each colon and comma. The model is the importer's own JSON,
// a few levels deep, so the recursion is bounded by the importer, not by the input.
std::string flat(const OrderedJson& value) {
  if (value.is_object()) {
    std::string out = "{";
    for (auto it = value.begin(); it != value.end(); ++it)
      out += (it == value.begin() ? "" : ", ") + json_text(OrderedJson(it.key())) + ": " + flat(*it);
    return out + "}";
  }
  if (value.is_array()) {
    std::string out = "[";
    for (std::size_t i = 0; i < value.size(); ++i) out += (i ? ", " : "") + flat(value[i]);
    return out + "]";
  }
  return json_text(value);
}

// Writes `value` at `indent`, on one line when it fits.
void write(const OrderedJson& value, int indent, std::string* out) {
  const std::string flat_text = flat(value);
  if (flat_text.size() + static_cast<std::size_t>(indent) <= 100 ||
      !(value.is_object() || value.is_array()) || value.empty()) {
    *out += flat_text;
    return;
  }
  const std::string inner(static_cast<std::size_t>(indent) + 2, ' ');
  const bool object = value.is_object();
  *out += object ? "{\n" : "[\n";
  std::size_t i = 0;
  for (auto it = value.begin(); it != value.end(); ++it, ++i) {
    *out += inner;
    if (object) *out += json_text(OrderedJson(it.key())) + ": ";
    write(*it, indent + 2, out);
    *out += i + 1 < value.size() ? ",\n" : "\n";
  }
  *out += std::string(static_cast<std::size_t>(indent), ' ') + (object ? "}" : "]");
}

}  // namespace

std::string model_text(const OrderedJson& model, const std::string& origin) {
  // The origin names a file the request gave: keep it on its comment line.
  std::string line = origin;
  for (char& c : line)
    if (static_cast<unsigned char>(c) < 0x20) c = ' ';
  std::string out = "// " + line + "\n";
  write(model, 0, &out);
  out += "\n";
  return out;
}

std::string quoted_list(const std::vector<std::string>& names, const std::string& conjunction) {
  std::vector<std::string> quoted;
  for (const std::string& n : names) quoted.push_back(in_quotes(n));
  return listing(quoted, conjunction);
}

}  // namespace motive::formats
