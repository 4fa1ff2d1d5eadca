// UTF-8, as the readers of model text need it: checking that a text is well formed before anything
// quotes it, and writing the character of an escape (JSON's \uXXXX, XML's &#NNN;).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace motive {

// The offset of the first byte of `text` that is not part of well-formed UTF-8 (no overlong forms, no
// surrogates, nothing above U+10FFFF), or npos: model text is refused there rather than guessed at.
std::size_t invalid_utf8_at(std::string_view text);

// Appends the UTF-8 bytes of `code` (at most U+10FFFF; the caller checks the range) to `out`. A lone
// surrogate is written as its three bytes, as JSON's "\uD800" without its pair asks.
void append_utf8(std::string* out, std::uint32_t code);

}  // namespace motive
