#include "core/diagnostics.h"

#include <algorithm>
#include <cctype>

namespace motive {

void to_json(nlohmann::json& out, const Diagnostic& d) {
  out = {{"id", d.id},
         {"line", d.span.line},
         {"column", d.span.column},
         {"end_line", d.span.end_line},
         {"end_column", d.span.end_column},
         {"message", d.message}};
  if (!d.hint.empty()) out["hint"] = d.hint;
}

void Diagnostics::error(std::string id, SourceSpan span, std::string message, std::string hint) {
  items_.push_back({std::move(id), span, std::move(message), std::move(hint)});
}

namespace {

// Edit distance counting insertions, deletions, substitutions and swaps of adjacent characters
// (optimal string alignment), ignoring case: "esat" is one edit from "east".
std::size_t edit_distance(const std::string& a, const std::string& b) {
  auto same = [](char x, char y) { return std::tolower(static_cast<unsigned char>(x)) ==
                                          std::tolower(static_cast<unsigned char>(y)); };
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (same(a[i - 1], b[j - 1]) ? 0 : 1)});
      if (i > 1 && j > 1 && same(a[i - 1], b[j - 2]) && same(a[i - 2], b[j - 1]))
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

}  // namespace

std::string closest_match(const std::string& name, const std::vector<std::string>& candidates) {
  std::string best;
  std::size_t best_distance = 0;
  for (const std::string& c : candidates) {
    std::size_t d = edit_distance(name, c);
    if (best.empty() || d < best_distance) {
      best = c;
      best_distance = d;
    }
  }
  // Suggest only plausible typos: at most a third of the name may differ.
  // A one-letter name is one edit from every other: suggest nothing that would rewrite it whole.
  std::size_t allowed = std::max<std::size_t>(1, name.size() / 3);
  return !best.empty() && best_distance <= allowed && best_distance < name.size() ? best : std::string();
}

std::string did_you_mean(const std::string& name, const std::vector<std::string>& candidates) {
  std::string m = closest_match(name, candidates);
  return m.empty() ? std::string() : "did you mean \"" + m + "\"?";
}

}  // namespace motive
