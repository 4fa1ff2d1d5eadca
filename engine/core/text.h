// Small helpers for the text of messages and hints, shared by the readers, the analyses and the API.
#pragma once

#include <string>
#include <vector>

namespace motive {

inline std::string in_quotes(const std::string& s) { return "\"" + s + "\""; }

inline std::string join(const std::vector<std::string>& items, const std::string& separator = ", ") {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? separator : "") + items[i];
  return out;
}

// "a", "a and b", "a, b and c" (or "a, b or c"): a list as a sentence names it.
inline std::string listing(const std::vector<std::string>& items, const std::string& conjunction = "and") {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i)
    out += (i == 0 ? "" : i + 1 == items.size() ? " " + conjunction + " " : ", ") + items[i];
  return out;
}

// `text` cut to at most `limit` bytes (at a character boundary) with "…": untrusted text such as a state
// text or a label given in a request may be as long as the request, and a message quotes it.
inline std::string abbreviated(const std::string& text, std::size_t limit = 120) {
  if (text.size() <= limit) return text;
  std::size_t cut = limit;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // not inside a character
  return text.substr(0, cut) + "…";
}

}  // namespace motive
