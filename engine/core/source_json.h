// Reading model text: JSON with comments and trailing commas, keeping where every value came from so
// that diagnostics can name a line and column.
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/diagnostics.h"

namespace motive {

using Json = nlohmann::ordered_json;

// A parsed document: the JSON tree (object members in file order) and the source span of each value
// and of each object member's key. Values are looked up by address, so the tree must not be modified.
class SourceJson {
 public:
  // Parses `text`. On a syntax error returns false and adds one diagnostic ("json.*" ids); duplicate
  // keys are reported too (the later one wins) but do not stop the parse.
  bool parse(std::string_view text, Diagnostics* diagnostics);

  // The document of `text`, parsed once for several readers: the API detects a model's kind and then
  // reads it, and the page sends the same text many times. Keeps the last text parsed; adds that
  // parse's diagnostics to `diagnostics` on every call. nullptr on a syntax error.
  static std::shared_ptr<const SourceJson> parse_shared(std::string_view text, Diagnostics* diagnostics);

  const Json& root() const { return root_; }

  // The span of a value of this document (of the whole value: `{` to `}` for objects).
  SourceSpan span(const Json& value) const;
  // The span of the key naming an object member, given the member's value; the value's span if it
  // is not an object member.
  SourceSpan key_span(const Json& value) const;
  // The span of bytes [begin, end) of a string value's decoded text, for errors inside expressions.
  SourceSpan span_in_string(const Json& value, std::size_t begin, std::size_t end) const;

 private:
  struct Located {
    std::size_t begin = 0, end = 0;          // byte offsets of the value in the text
    std::size_t key_begin = 0, key_end = 0;  // of the key, for object members
    bool has_key = false;
  };
  struct Tree;  // spans in the shape of the JSON tree, while parsing
  class Parser;

  SourceSpan span_of(std::size_t begin, std::size_t end) const;
  int line_of(std::size_t offset) const;
  int column_of(std::size_t offset, std::size_t line_start) const;
  void index(const Json& value, const Tree& tree);

  std::string text_;
  std::vector<std::size_t> line_starts_;
  Json root_;
  std::unordered_map<const Json*, Located> where_;
  // Where the last column was counted: diagnostics come in text order, so counting on from there
  // keeps many diagnostics on one long line linear rather than quadratic.
  mutable std::mutex cursor_mutex_;
  mutable std::size_t cursor_line_start_ = 0, cursor_offset_ = 0;
  mutable int cursor_column_ = 1;
};

}  // namespace motive
