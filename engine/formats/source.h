// What every importer shares: positions in a source file, the checks every source gets, numbers as
// the formats write them, identifiers for names that are not, and the model text written readably.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/diagnostics.h"
#include "formats/formats.h"

namespace motive::formats {

using OrderedJson = nlohmann::ordered_json;

// A source file's text with its line starts: byte offsets become lines and columns (1-based, columns
// counting code points, as every diagnostic of the engine does).
class SourceText {
 public:
  explicit SourceText(std::string_view text);
  std::string_view text() const { return text_; }
  std::size_t size() const { return text_.size(); }
  // The span of bytes [begin, end) (end past the text is clamped; an empty span marks one character).
  SourceSpan span(std::size_t begin, std::size_t end) const;

 private:
  struct Point {
    int line, column;
  };
  Point point(std::size_t offset) const;

  std::string_view text_;
  std::vector<std::size_t> line_starts_;
};

// Whether the text can be read at all: at most kMaxSourceBytes (import.too_large) and UTF-8
// (import.invalid_utf8, at the first bad byte). A byte-order mark at the start is allowed.
bool check_source(const SourceText& source, Diagnostics* diagnostics);

// A decimal number as the formats write it: an optional sign, digits with an optional fraction and
// exponent ("0.25", "1e-3", ".5", "3."). std::nullopt for anything else, and for numbers that
// overflow a double.
std::optional<double> parse_decimal(std::string_view word);

// A number in Gambit's notation: a decimal, or a rational "p/q" with whole p and q (q > 0).
std::optional<double> parse_rational(std::string_view word);

// Names for what a source names freely (a BIF variable "light-on", a Gambit player "Player 1"): each
// name becomes an identifier of the expression language (docs/format.md, "Top level"), distinct from
// the others made here, and every change is noted ("light-on" became "light_on").
class Identifiers {
 public:
  explicit Identifiers(std::string what) : what_(std::move(what)) {}
  // The identifier for `name` (the same for the same name); notes a change in `notes`.
  std::string make(const std::string& name, std::vector<std::string>* notes);
  // The identifier already made for `name`, or "".
  std::string find(const std::string& name) const;

 private:
  std::string what_;
  std::map<std::string, std::string> made_;
  std::map<std::string, std::string> taken_;  // identifier -> the name it stands for
};

// The model's JSON as a file a person can read: two-space indentation, and each object or array on
// one line when it fits in about 100 characters. The JSON is the importer's own (shallow), never the
// input's nesting.
std::string model_text(const OrderedJson& model, const std::string& origin);

// "a", "b" and "c": names quoted and listed as a sentence.
std::string quoted_list(const std::vector<std::string>& names, const std::string& conjunction = "and");

}  // namespace motive::formats
