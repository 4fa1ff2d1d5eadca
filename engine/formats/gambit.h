// Gambit's file syntax, shared by the .nfg and .efg importers: its tokens (words, quoted strings with
// \" and \\ escapes, braces; spaces and commas separate) and the payoffs as a model writes them.
#pragma once

#include <cmath>
#include <string>
#include <string_view>

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

// A payoff as the model writes it: whole numbers without a fraction.
inline OrderedJson payoff_json(double x) {
  if (x == std::round(x) && std::abs(x) < 1e15) return OrderedJson(static_cast<long long>(x));
  return OrderedJson(x);
}

}  // namespace motive::formats::gambit
