// The CLI's guard for the terminal: model text is untrusted, and its labels reach the terminal in
// messages and tables.
#pragma once

#include <cstdio>
#include <streambuf>

namespace motive::cli {

// Writes to a terminal what a model's labels cannot smuggle into it: control characters (a NUL, an
// escape sequence, a carriage return that overwrites the line) are written as \xNN, C1 controls
// (U+0080 to U+009F) as \u00NN, and the bidirectional controls that reorder what follows them on the
// line (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069: "Trojan Source") as \uNNNN.
// Newlines and tabs pass, as does all other UTF-8.
class PrintableBuffer : public std::streambuf {
 public:
  explicit PrintableBuffer(std::streambuf* out) : out_(out) {}

 protected:
  int overflow(int ch) override {
    if (ch == traits_type::eof()) return traits_type::not_eof(ch);
    return put(static_cast<unsigned char>(ch)) ? ch : traits_type::eof();
  }
  int sync() override {
    if (!flush_pending()) return -1;
    return out_->pubsync();
  }

 private:
  // The byte `c` after those pending: a control is escaped once its last byte comes; bytes that start a
  // character that may be one wait (at most two of them).
  bool put(unsigned char c) {
    if (pending_size_ > 0) {
      const unsigned char first = pending_[0];
      if (pending_size_ == 1 && first == 0xC2 && c >= 0x80 && c <= 0x9F) return escape(c);
      if (pending_size_ == 1 && first == 0xD8 && c == 0x9C) return escape(0x061C);
      if (pending_size_ == 1 && first == 0xE2 && (c == 0x80 || c == 0x81)) {
        pending_[pending_size_++] = c;
        return true;
      }
      if (pending_size_ == 2) {
        const unsigned code = 0x2000 + ((pending_[1] & 0x3Fu) << 6) + (c & 0x3Fu);
        if (code == 0x200E || code == 0x200F || (code >= 0x202A && code <= 0x202E) ||
            (code >= 0x2066 && code <= 0x2069)) {
          pending_size_ = 0;
          return escape(code);
        }
      }
      if (!flush_pending()) return false;
      if (c >= 0x80 && c < 0xC0) return write(c);  // a continuation byte of the character just passed on
    }
    if (c == 0xC2 || c == 0xD8 || c == 0xE2) {
      pending_[0] = c;
      pending_size_ = 1;
      return true;
    }
    if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7F) return escape_byte(c);
    return write(c);
  }

  bool write(unsigned char c) { return out_->sputc(static_cast<char>(c)) != traits_type::eof(); }

  bool flush_pending() {
    const int n = pending_size_;
    pending_size_ = 0;
    for (int i = 0; i < n; ++i)
      if (!write(pending_[i])) return false;
    return true;
  }

  bool escape_byte(unsigned char c) {
    char text[8];
    const int n = std::snprintf(text, sizeof text, "\\x%02X", c);
    return out_->sputn(text, n) == n;
  }

  // A code point as \uNNNN.
  bool escape(unsigned code) {
    pending_size_ = 0;
    char text[12];
    const int n = std::snprintf(text, sizeof text, "\\u%04X", code);
    return out_->sputn(text, n) == n;
  }

  std::streambuf* out_;
  unsigned char pending_[2] = {};
  int pending_size_ = 0;
};

}  // namespace motive::cli
