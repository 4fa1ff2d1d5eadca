#include "core/source_json.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>

#include "core/json_limits.h"
#include "core/utf8.h"

namespace motive {

struct SourceJson::Tree {
  Located where;
  std::vector<Tree> children;  // array elements or object members, in the order of the Json
};

namespace {

constexpr int kMaxDepth = kMaxJsonDepth;

// Signals the first syntax error; the parser stops there because what follows cannot be trusted.
struct SyntaxError {
  std::string id;
  std::size_t begin, end;
  std::string message;
  std::string hint;
};

bool is_identifier_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.' || c == '+';
}

}  // namespace

class SourceJson::Parser {
 public:
  Parser(std::string_view text, Diagnostics* diagnostics, const SourceJson& doc)
      : text_(text), diagnostics_(diagnostics), doc_(doc) {}

  void parse_document(Json* out, Tree* tree) {
    skip_space();
    if (pos_ >= text_.size())
      fail("json.syntax", pos_, pos_, "the model is empty",
           "a model is a JSON object: { \"kind\": \"scim\", ... }");
    parse_value(out, tree, 0);
    skip_space();
    if (pos_ < text_.size())
      fail("json.syntax", pos_, pos_ + 1,
           "unexpected " + describe_here() + " after the end of the top-level value",
           "a model file holds one JSON object; remove what follows it");
  }

 private:
  [[noreturn]] void fail(std::string id, std::size_t begin, std::size_t end, std::string message,
                         std::string hint = {}) {
    throw SyntaxError{std::move(id), begin, end, std::move(message), std::move(hint)};
  }

  std::string describe_here() const {
    if (pos_ >= text_.size()) return "end of text";
    char c = text_[pos_];
    if (static_cast<unsigned char>(c) < 0x20) return "control character";
    std::size_t n = 1;
    if (is_identifier_char(c))
      while (pos_ + n < text_.size() && is_identifier_char(text_[pos_ + n]) && n < 20) ++n;
    return "'" + std::string(text_.substr(pos_, n)) + "'";
  }

  void skip_space() {
    while (pos_ < text_.size()) {
      char c = text_[pos_];
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        ++pos_;
      } else if (c == '/' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '/') {
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
      } else if (c == '/' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '*') {
        std::size_t close = text_.find("*/", pos_ + 2);
        if (close == std::string_view::npos)
          fail("json.unterminated_comment", pos_, pos_ + 2, "this /* comment is never closed",
               "end it with */");
        pos_ = close + 2;
      } else if (pos_ == 0 && text_.substr(0, 3) == "\xEF\xBB\xBF") {
        pos_ += 3;  // a byte-order mark, which some editors write at the start of UTF-8 files
      } else {
        return;
      }
    }
  }

  void parse_value(Json* out, Tree* tree, int depth) {
    if (depth > kMaxDepth)
      fail("json.too_deep", pos_, pos_ + 1, "the JSON is nested more than 256 levels deep");
    tree->where.begin = pos_;
    if (pos_ >= text_.size()) fail("json.syntax", pos_, pos_, "unexpected end of text: a value is missing");
    char c = text_[pos_];
    if (c == '{') {
      parse_object(out, tree, depth);
    } else if (c == '[') {
      parse_array(out, tree, depth);
    } else if (c == '"') {
      *out = parse_string();
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      *out = parse_number();
    } else if (text_.substr(pos_, 4) == "true") {
      *out = true;
      pos_ += 4;
    } else if (text_.substr(pos_, 5) == "false") {
      *out = false;
      pos_ += 5;
    } else if (text_.substr(pos_, 4) == "null") {
      *out = nullptr;
      pos_ += 4;
    } else if (c == '\'') {
      fail("json.syntax", pos_, pos_ + 1, "JSON strings use double quotes, not single quotes",
           "write \"...\"; single quotes are for labels inside expressions");
    } else {
      std::size_t end = pos_ + 1;
      while (end < text_.size() && is_identifier_char(text_[end])) ++end;
      fail(
          "json.syntax", pos_, end, "unexpected " + describe_here() + " where a value should be",
          std::isalpha(static_cast<unsigned char>(c)) ? "put text in double quotes: \"...\"" : std::string());
    }
    tree->where.end = pos_;
  }

  void parse_object(Json* out, Tree* tree, int depth) {
    std::size_t open = pos_++;
    *out = Json::object();
    // The members in file order. The ordered object finds a key by walking all of them, so an object of
    // n members built through it costs n² (minutes for a hostile 10^5 keys); the parser finds keys in
    // member_index instead and appends to the member list directly: a key new to member_index is new to
    // the object, and a member's index there is its place in both the object and the tree.
    auto& members = static_cast<Json::object_t::Container&>(out->get_ref<Json::object_t&>());
    std::map<std::string, std::size_t, std::less<>> member_index;
    skip_space();
    while (true) {
      if (pos_ >= text_.size())
        fail("json.syntax", open, open + 1, "this { is never closed", "add a matching }");
      if (text_[pos_] == '}') {
        ++pos_;
        return;
      }
      if (text_[pos_] != '"')
        fail("json.syntax", pos_, pos_ + 1,
             "expected a member name in double quotes, found " + describe_here(),
             text_[pos_] == ',' ? "remove the extra comma" : "names are written \"name\": value");
      std::size_t key_begin = pos_;
      std::string key = parse_string();
      std::size_t key_end = pos_;
      skip_space();
      if (pos_ >= text_.size() || text_[pos_] != ':')
        fail("json.syntax", pos_, pos_ + 1, "expected ':' after \"" + key + "\", found " + describe_here());
      ++pos_;
      skip_space();
      Json value;
      Tree child;
      parse_value(&value, &child, depth + 1);
      child.where.has_key = true;
      child.where.key_begin = key_begin;
      child.where.key_end = key_end;
      auto seen = member_index.find(key);
      if (seen != member_index.end()) {
        report_duplicate(key, key_begin, key_end, tree->children[seen->second].where.key_begin);
        members[seen->second].second = std::move(value);
        tree->children[seen->second] = std::move(child);
      } else {
        member_index.emplace(key, tree->children.size());
        members.emplace_back(key, std::move(value));
        tree->children.push_back(std::move(child));
      }
      skip_space();
      if (pos_ < text_.size() && text_[pos_] == ',') {
        ++pos_;
        skip_space();
      } else if (pos_ < text_.size() && text_[pos_] != '}') {
        fail("json.syntax", pos_, pos_ + 1,
             "expected ',' or '}' after the value of \"" + key + "\", found " + describe_here(),
             "separate members with commas");
      }
    }
  }

  void report_duplicate(const std::string& key, std::size_t begin, std::size_t end, std::size_t first) {
    diagnostics_->error("json.duplicate_key", doc_.span_of(begin, end),
                        "\"" + key + "\" is given twice in this object (first at line " +
                            std::to_string(doc_.line_of(first)) + ")",
                        "names in an object must be unique: rename or remove one");
  }

  void parse_array(Json* out, Tree* tree, int depth) {
    std::size_t open = pos_++;
    *out = Json::array();
    skip_space();
    while (true) {
      if (pos_ >= text_.size())
        fail("json.syntax", open, open + 1, "this [ is never closed", "add a matching ]");
      if (text_[pos_] == ']') {
        ++pos_;
        return;
      }
      if (text_[pos_] == ',')
        fail("json.syntax", pos_, pos_ + 1, "unexpected ',' where a value should be",
             "remove the extra comma");
      Json value;
      Tree child;
      parse_value(&value, &child, depth + 1);
      out->push_back(std::move(value));
      tree->children.push_back(std::move(child));
      skip_space();
      if (pos_ < text_.size() && text_[pos_] == ',') {
        ++pos_;
        skip_space();
      } else if (pos_ < text_.size() && text_[pos_] != ']') {
        fail("json.syntax", pos_, pos_ + 1, "expected ',' or ']' in this list, found " + describe_here(),
             "separate list items with commas");
      }
    }
  }

  unsigned parse_hex4(std::size_t at) {
    if (at + 4 > text_.size()) fail("json.invalid_escape", at - 2, text_.size(), "incomplete \\u escape");
    unsigned code = 0;
    for (std::size_t i = at; i < at + 4; ++i) {
      char h = text_[i];
      code <<= 4;
      if (h >= '0' && h <= '9') code |= h - '0';
      else if (h >= 'a' && h <= 'f') code |= h - 'a' + 10;
      else if (h >= 'A' && h <= 'F') code |= h - 'A' + 10;
      else fail("json.invalid_escape", at - 2, at + 4, "\\u must be followed by four hex digits");
    }
    return code;
  }

  std::string parse_string() {
    std::size_t open = pos_++;
    std::string out;
    while (true) {
      if (pos_ >= text_.size() || text_[pos_] == '\n')
        fail("json.unterminated_string", open, pos_, "this string is never closed",
             "end it with \" on the same line");
      char c = text_[pos_];
      if (c == '"') {
        ++pos_;
        return out;
      }
      if (static_cast<unsigned char>(c) < 0x20)
        fail("json.syntax", pos_, pos_ + 1, "a control character cannot appear inside a string",
             "write it as an escape such as \\t");
      if (c != '\\') {
        out.push_back(c);
        ++pos_;
        continue;
      }
      if (pos_ + 1 >= text_.size())
        fail("json.unterminated_string", open, pos_, "this string is never closed");
      char e = text_[pos_ + 1];
      pos_ += 2;
      switch (e) {
        case '"':
          out.push_back('"');
          break;
        case '\\':
          out.push_back('\\');
          break;
        case '/':
          out.push_back('/');
          break;
        case 'b':
          out.push_back('\b');
          break;
        case 'f':
          out.push_back('\f');
          break;
        case 'n':
          out.push_back('\n');
          break;
        case 'r':
          out.push_back('\r');
          break;
        case 't':
          out.push_back('\t');
          break;
        case 'u': {
          unsigned code = parse_hex4(pos_);
          pos_ += 4;
          if (code >= 0xD800 && code < 0xDC00 && text_.substr(pos_, 2) == "\\u") {
            unsigned low = parse_hex4(pos_ + 2);
            if (low >= 0xDC00 && low < 0xE000) {
              code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
              pos_ += 6;
            }
          }
          append_utf8(&out, code);
          break;
        }
        default:
          fail("json.invalid_escape", pos_ - 2, pos_, std::string("unknown escape \\") + e + " in a string",
               "valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX");
      }
    }
  }

  Json parse_number() {
    std::size_t begin = pos_;
    if (text_[pos_] == '-') ++pos_;
    auto digits = [&] {
      std::size_t start = pos_;
      while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
      return pos_ - start;
    };
    bool integral = true;
    if (digits() == 0) fail("json.syntax", begin, pos_ + 1, "a number needs digits");
    if (pos_ < text_.size() && text_[pos_] == '.') {
      ++pos_;
      integral = false;
      if (digits() == 0) fail("json.syntax", begin, pos_ + 1, "a number needs digits after '.'");
    }
    if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
      ++pos_;
      integral = false;
      if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
      if (digits() == 0) fail("json.syntax", begin, pos_ + 1, "a number needs digits in its exponent");
    }
    std::string literal(text_.substr(begin, pos_ - begin));
    if (integral && literal.size() < 16) return std::stoll(literal);
    double value = std::strtod(literal.c_str(), nullptr);
    if (!std::isfinite(value)) fail("json.syntax", begin, pos_, "this number is too large");
    return value;
  }

  std::string_view text_;
  Diagnostics* diagnostics_;
  const SourceJson& doc_;
  std::size_t pos_ = 0;
};

bool SourceJson::parse(std::string_view text, Diagnostics* diagnostics) {
  text_.assign(text);
  line_starts_.assign(1, 0);
  for (std::size_t i = 0; i < text_.size(); ++i)
    if (text_[i] == '\n') line_starts_.push_back(i + 1);
  root_ = Json();
  where_.clear();
  Tree tree;
  // Positions count code points and labels are shown as text: refuse bytes that are not UTF-8
  // rather than guess what they meant.
  if (std::size_t bad = invalid_utf8_at(text_); bad != std::string_view::npos) {
    char byte[8];
    std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned char>(text_[bad]));
    diagnostics->error("json.invalid_utf8", span_of(bad, bad + 1),
                       std::string("the text is not valid UTF-8 (byte ") + byte + " here)",
                       "save the file as UTF-8");
    return false;
  }
  try {
    Parser(text_, diagnostics, *this).parse_document(&root_, &tree);
  } catch (const SyntaxError& e) {
    diagnostics->error(e.id, span_of(e.begin, std::max(e.end, e.begin + 1)), e.message, e.hint);
    root_ = Json();
    return false;
  }
  index(root_, tree);
  return true;
}

std::shared_ptr<const SourceJson> SourceJson::parse_shared(std::string_view text, Diagnostics* diagnostics) {
  // One per thread: a thread detects a model's kind and then reads it, and threads of a batch read
  // different models at once.
  struct Last {
    std::string text;
    std::shared_ptr<const SourceJson> doc;
    Diagnostics found;
    bool valid = false;
  };
  thread_local Last last;
  std::shared_ptr<const SourceJson> doc;
  Diagnostics found;
  if (last.valid && last.text == text) {
    doc = last.doc;
    found = last.found;
  }
  if (!doc && found.empty()) {
    auto parsed = std::make_shared<SourceJson>();
    if (parsed->parse(text, &found)) doc = parsed;
    last.text.assign(text);
    last.doc = doc;
    last.found = found;
    last.valid = true;
  }
  diagnostics->append(found);
  return doc;
}

void SourceJson::index(const Json& value, const Tree& tree) {
  where_[&value] = tree.where;
  if (value.is_object()) {
    std::size_t i = 0;
    for (const auto& member : value.items()) index(member.value(), tree.children[i++]);
  } else if (value.is_array()) {
    for (std::size_t i = 0; i < value.size(); ++i) index(value[i], tree.children[i]);
  }
}

int SourceJson::line_of(std::size_t offset) const {
  offset = std::min(offset, text_.size());
  return static_cast<int>(std::upper_bound(line_starts_.begin(), line_starts_.end(), offset) -
                          line_starts_.begin());
}

int SourceJson::column_of(std::size_t offset, std::size_t line_start) const {
  std::lock_guard<std::mutex> lock(cursor_mutex_);
  std::size_t from = line_start;
  int column = 1;
  if (line_start == 0 && text_.compare(0, 3, "\xEF\xBB\xBF") == 0) from = std::min<std::size_t>(3, offset);
  if (cursor_line_start_ == line_start && cursor_offset_ >= from && cursor_offset_ <= offset) {
    from = cursor_offset_;
    column = cursor_column_;
  }
  for (std::size_t i = from; i < offset; ++i)
    if ((static_cast<unsigned char>(text_[i]) & 0xC0) != 0x80) ++column;
  cursor_line_start_ = line_start;
  cursor_offset_ = offset;
  cursor_column_ = column;
  return column;
}

SourceSpan SourceJson::span_of(std::size_t begin, std::size_t end) const {
  auto locate = [&](std::size_t offset, int* line, int* column) {
    offset = std::min(offset, text_.size());
    *line = line_of(offset);
    *column = column_of(offset, line_starts_[*line - 1]);
  };
  SourceSpan span;
  locate(begin, &span.line, &span.column);
  locate(end, &span.end_line, &span.end_column);
  return span;
}

SourceSpan SourceJson::span(const Json& value) const {
  auto it = where_.find(&value);
  if (it == where_.end()) return {};
  return span_of(it->second.begin, it->second.end);
}

SourceSpan SourceJson::key_span(const Json& value) const {
  auto it = where_.find(&value);
  if (it == where_.end()) return {};
  if (!it->second.has_key) return span_of(it->second.begin, it->second.end);
  return span_of(it->second.key_begin, it->second.key_end);
}

SourceSpan SourceJson::span_in_string(const Json& value, std::size_t begin, std::size_t end) const {
  auto it = where_.find(&value);
  if (it == where_.end() || !value.is_string()) return span(value);
  // Walk the literal, counting decoded bytes, to find where decoded offsets begin and end.
  std::size_t source = it->second.begin + 1, decoded = 0;
  std::size_t source_begin = source, source_end = it->second.end - 1;
  bool found_begin = false;
  while (source < it->second.end - 1) {
    if (!found_begin && decoded >= begin) {
      source_begin = source;
      found_begin = true;
    }
    if (decoded >= end) {
      source_end = source;
      break;
    }
    std::size_t width = 1, produced = 1;
    if (text_[source] == '\\') {
      width = 2;
      if (text_[source + 1] == 'u') {
        // \uXXXX decodes to 1-3 UTF-8 bytes; a surrogate pair (two escapes) to 4.
        unsigned code = static_cast<unsigned>(std::strtoul(text_.substr(source + 2, 4).c_str(), nullptr, 16));
        width = 6;
        produced = code < 0x80 ? 1 : code < 0x800 ? 2 : 3;
        if (code >= 0xD800 && code < 0xDC00 && text_.compare(source + 6, 2, "\\u") == 0) {
          width = 12;
          produced = 4;
        }
      }
    }
    source += width;
    decoded += produced;
  }
  if (!found_begin) source_begin = source_end;
  return span_of(source_begin, std::max(source_end, source_begin + 1));
}

}  // namespace motive
