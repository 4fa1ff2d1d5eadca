// The CLI's guard for the terminal: model text is untrusted, and its labels reach the terminal in
// messages and tables.
#pragma once

#include <cstdio>
#include <streambuf>

namespace motive::cli {

// Writes to a terminal what a model's labels cannot smuggle into it: control characters (a NUL, an
// escape sequence, a carriage return that overwrites the line) are written as \xNN, C1 controls
// (U+0080 to U+009F) as \u00NN. Newlines and tabs pass, as does all other UTF-8.
class PrintableBuffer : public std::streambuf {
 public:
  explicit PrintableBuffer(std::streambuf* out) : out_(out) {}

 protected:
  int overflow(int ch) override {
    if (ch == traits_type::eof()) return traits_type::not_eof(ch);
    unsigned char c = static_cast<unsigned char>(ch);
    if (pending_c2_) {
      pending_c2_ = false;
      if (c >= 0x80 && c <= 0x9F) return escape("\\u00", c) ? ch : traits_type::eof();
      if (out_->sputc(static_cast<char>(0xC2)) == traits_type::eof()) return traits_type::eof();
    }
    if (c == 0xC2) {
      pending_c2_ = true;
      return ch;
    }
    if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7F) return escape("\\x", c) ? ch : traits_type::eof();
    return out_->sputc(static_cast<char>(c)) == traits_type::eof() ? traits_type::eof() : ch;
  }
  int sync() override {
    if (pending_c2_) {
      pending_c2_ = false;
      out_->sputc(static_cast<char>(0xC2));
    }
    return out_->pubsync();
  }

 private:
  bool escape(const char* prefix, unsigned char c) {
    char text[16];
    int n = std::snprintf(text, sizeof text, "%s%02X", prefix, c);
    return out_->sputn(text, n) == n;
  }

  std::streambuf* out_;
  bool pending_c2_ = false;
};

}  // namespace motive::cli
