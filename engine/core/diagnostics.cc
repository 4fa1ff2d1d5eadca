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
  if (!d.file.empty()) out["file"] = d.file;
}

void Diagnostics::error(std::string id, SourceSpan span, std::string message, std::string hint) {
  ++count_;
  if (items_.size() < kMaxDiagnostics) {
    items_.push_back({std::move(id), span, std::move(message), std::move(hint), {}});
    return;
  }
  leave_out(span, 1);
}

void Diagnostics::append(const Diagnostics& other) { append(other, {}); }

void Diagnostics::append(const Diagnostics& other, const std::string& file) {
  std::size_t listed = other.items_.size() - (other.left_out_ > 0 ? 1 : 0);
  for (std::size_t i = 0; i < listed; ++i) {
    const Diagnostic& d = other.items_[i];
    const std::size_t before = items_.size();
    error(d.id, d.span, d.message, d.hint);
    if (items_.size() > before) items_.back().file = file.empty() ? d.file : file;
  }
  if (other.left_out_ > 0) {
    count_ += other.left_out_;
    leave_out(other.items_.back().span, other.left_out_);
  }
}

void Diagnostics::leave_out(SourceSpan span, std::size_t count) {
  if (items_.size() < kMaxDiagnostics) return;  // only reached with a full list
  if (left_out_ == 0)
    items_.push_back(
        {"diagnostics.truncated", span, {}, "fix the problems above first; the rest may go with them", {}});
  left_out_ += count;
  items_.back().message = "and " + std::to_string(left_out_) + " more problem" + (left_out_ == 1 ? "" : "s") +
                          " (only the first " + std::to_string(kMaxDiagnostics) + " are listed)";
}

namespace {

// Names longer than this get no suggestion: a typo is a slip in a name someone typed, and the cost of
// comparing grows with the product of the lengths (a 100,000-character name from a hostile file
// would otherwise take minutes).
constexpr std::size_t kMaxSuggestedLength = 128;

// Edit distance counting insertions, deletions, substitutions and swaps of adjacent characters
// (optimal string alignment), ignoring case: "esat" is one edit from "east". Keeps three rows of the
// table (a swap looks two rows back), so memory grows with the length of one name, not the product.
std::size_t edit_distance(const std::string& a, const std::string& b, bool ignore_case = true) {
  auto same = [ignore_case](char x, char y) {
    if (!ignore_case) return x == y;
    return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
  };
  std::vector<std::size_t> before(b.size() + 1), previous(b.size() + 1), current(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) previous[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      current[j] = std::min(
          {previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (same(a[i - 1], b[j - 1]) ? 0 : 1)});
      if (i > 1 && j > 1 && same(a[i - 1], b[j - 2]) && same(a[i - 2], b[j - 1]))
        current[j] = std::min(current[j], before[j - 2] + 1);
    }
    std::swap(before, previous);
    std::swap(previous, current);
  }
  return previous[b.size()];
}

}  // namespace

std::string closest_match(const std::string& name, const std::vector<std::string>& candidates) {
  if (name.size() > kMaxSuggestedLength) return {};
  // Suggest only plausible typos: at most a third of the name may differ.
  // A one-letter name is one edit from every other: suggest nothing that would rewrite it whole.
  std::size_t allowed = std::max<std::size_t>(1, name.size() / 3);
  // Ties (case aside) go to the candidate closest with case counted: for "Dx", "D" (drop the x)
  // before "X" (drop the D, then x for X), whatever the order the candidates come in.
  std::string best;
  std::size_t best_distance = 0, best_exact = 0;
  for (const std::string& c : candidates) {
    // The distance is at least the difference in length: skip candidates that cannot be close.
    std::size_t gap = c.size() > name.size() ? c.size() - name.size() : name.size() - c.size();
    if (gap > allowed) continue;
    std::size_t d = edit_distance(name, c);
    if (!best.empty() && d > best_distance) continue;
    std::size_t exact = edit_distance(name, c, false);
    if (best.empty() || d < best_distance || exact < best_exact) {
      best = c;
      best_distance = d;
      best_exact = exact;
    }
  }
  return !best.empty() && best_distance <= allowed && best_distance < name.size() ? best : std::string();
}

std::string did_you_mean(const std::string& name, const std::vector<std::string>& candidates) {
  std::string m = closest_match(name, candidates);
  return m.empty() ? std::string() : "did you mean \"" + m + "\"?";
}

}  // namespace motive
