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

}  // namespace motive
