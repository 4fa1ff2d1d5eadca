// Gambit's file syntax, shared by the .nfg and .efg importers: its tokens (words, quoted strings with
// \" and \\ escapes, braces; spaces and commas separate) and the payoffs as a model writes them.
#pragma once

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>

#include "core/diagnostics.h"
#include "core/text.h"
#include "formats/source.h"

namespace motive::formats::gambit {

struct SyntaxError {
  std::size_t begin, end;
  std::string message, hint;
};

enum class Tok { kWord, kString, kOpen, kClose, kEnd };

struct Token {
  Tok kind = Tok::kEnd;
  std::string text;
  std::size_t begin = 0, end = 0;
};

// Gambit's tokens, read once left to right; a quoted string that does not end is a SyntaxError.
class Lexer {
 public:
  explicit Lexer(std::string_view text) : text_(text) {}

  Token next() {
    while (pos_ < text_.size() && separator(text_[pos_])) ++pos_;
    Token t;
    t.begin = pos_;
    if (pos_ >= text_.size()) {
      t.end = pos_;
      return t;
    }
    const char c = text_[pos_];
    if (c == '{' || c == '}') {
      t.kind = c == '{' ? Tok::kOpen : Tok::kClose;
      t.text = std::string(1, c);
      t.end = ++pos_;
      return t;
    }
    if (c == '"') {
      t.kind = Tok::kString;
      ++pos_;
      while (pos_ < text_.size() && text_[pos_] != '"') {
        if (text_[pos_] == '\\' && pos_ + 1 < text_.size()) ++pos_;
        t.text += text_[pos_++];
      }
      if (pos_ >= text_.size())
        throw SyntaxError{t.begin, pos_, "a quoted string does not end", "close it with \""};
      t.end = ++pos_;
      return t;
    }
    t.kind = Tok::kWord;
    while (pos_ < text_.size() && !separator(text_[pos_]) && text_[pos_] != '{' && text_[pos_] != '}' &&
           text_[pos_] != '"')
      t.text += text_[pos_++];
    t.end = pos_;
    return t;
  }

 private:
  static bool separator(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' || c == ',';
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

// What the .nfg and .efg readers share: the current token, and the two ways a mistake stops reading
// (a syntax error, thrown and reported as import.syntax; another diagnostic, reported, then Stop).
class Parser {
 public:
  Parser(const SourceText& source, Diagnostics* d) : source_(source), lexer_(source.text()), d_(d) {}

 protected:
  // A diagnostic other than syntax has been reported: stop reading.
  struct Stop {};

  // Reads from the first token with `body`; false when it stopped on a mistake (reported).
  template <class F>
  bool parse(F&& body) {
    try {
      advance();
      body();
    } catch (const SyntaxError& e) {
      d_->error("import.syntax", source_.span(e.begin, std::max(e.end, e.begin + 1)), e.message, e.hint);
      return false;
    } catch (const Stop&) {
      return false;
    }
    return true;
  }

  void advance() { token_ = lexer_.next(); }
  SourceSpan span(const Token& t) const { return source_.span(t.begin, std::max(t.end, t.begin + 1)); }
  static std::string describe(const Token& t) {
    if (t.kind == Tok::kEnd) return "the end of the file";
    if (t.kind == Tok::kString) return "\"" + t.text + "\"";
    return in_quotes(t.text);
  }
  // A syntax error at the current token, which the message names.
  [[noreturn]] void fail(const std::string& message, const std::string& hint = {}) const {
    throw SyntaxError{token_.begin, token_.end, message + ", not " + describe(token_), hint};
  }
  // Reports `id` at `t` and stops reading.
  [[noreturn]] void stop(const std::string& id, const Token& t, const std::string& message,
                         const std::string& hint = {}) {
    d_->error(id, span(t), message, hint);
    throw Stop{};
  }
  void expect(Tok kind, const std::string& what) {
    if (token_.kind != kind) fail("expected " + what);
    advance();
  }

  const SourceText& source_;
  Lexer lexer_;
  Diagnostics* d_;
  Token token_;
};

// A payoff as the model writes it: whole numbers without a fraction.
inline OrderedJson payoff_json(double x) {
  if (x == std::round(x) && std::abs(x) < 1e15) return OrderedJson(static_cast<long long>(x));
  return OrderedJson(x);
}

}  // namespace motive::formats::gambit
