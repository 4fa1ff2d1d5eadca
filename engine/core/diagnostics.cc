#include "core/diagnostics.h"

#include <algorithm>

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

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t above = row[j];
      std::size_t substitute = diagonal + (std::tolower(a[i - 1]) == std::tolower(b[j - 1]) ? 0 : 1);
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, substitute});
      diagonal = above;
    }
  }
  return row[b.size()];
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
  std::size_t allowed = std::max<std::size_t>(1, name.size() / 3);
  return !best.empty() && best_distance <= allowed ? best : std::string();
}

std::string did_you_mean(const std::string& name, const std::vector<std::string>& candidates) {
  std::string m = closest_match(name, candidates);
  return m.empty() ? std::string() : "did you mean \"" + m + "\"?";
}

}  // namespace motive
