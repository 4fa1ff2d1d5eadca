// Small helpers for reading game files with positioned diagnostics (model.cc, user_game.cc).
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/diagnostics.h"
#include "core/source_json.h"

namespace motive::game {

// The most diagnostics of one id a file lists: a file with thousands of one mistake (3,000 duplicate
// choices) would otherwise list them all; after these, one line says that more were left out.
inline constexpr int kMaxDiagnosticsPerId = 20;

class FileReader {
 public:
  FileReader(const SourceJson& doc, Diagnostics* diagnostics) : doc_(doc), d_(diagnostics) {}

  // Each reports a problem at a position: the first kMaxDiagnosticsPerId of one id, then one line
  // saying that more of them follow, then nothing more of that id.
  void error(const std::string& id, const Json& at, const std::string& message,
             const std::string& hint = {}) {
    report(id, doc_.span(at), message, hint);
  }
  void error_at_key(const std::string& id, const Json& member, const std::string& message,
                    const std::string& hint = {}) {
    report(id, doc_.key_span(member), message, hint);
  }
  void error_in_string(const std::string& id, const Json& at, std::size_t begin, std::size_t end,
                       const std::string& message, const std::string& hint = {}) {
    report(id, doc_.span_in_string(at, begin, end), message, hint);
  }

  static std::string quoted(const std::string& s) { return "\"" + s + "\""; }
  static std::string join(const std::vector<std::string>& names) {
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "" : ", ") + quoted(n);
    return out;
  }
  static const char* type_of(const Json& v) { return v.type_name(); }

  bool object(const Json& v, const std::string& what) {
    if (v.is_object()) return true;
    error("model.wrong_type", v, what + " must be an object, not " + std::string(type_of(v)));
    return false;
  }
  bool array(const Json& v, const std::string& what) {
    if (v.is_array()) return true;
    error("model.wrong_type", v, what + " must be a list, not " + std::string(type_of(v)));
    return false;
  }
  std::optional<std::string> string(const Json& v, const std::string& what) {
    if (v.is_string()) return v.get<std::string>();
    error("model.wrong_type", v, what + " must be a string, not " + std::string(type_of(v)));
    return std::nullopt;
  }
  std::optional<double> number(const Json& v, const std::string& what) {
    if (v.is_number()) return v.get<double>();
    error("model.wrong_type", v, what + " must be a number, not " + std::string(type_of(v)));
    return std::nullopt;
  }
  // Reports members of `object` not in `known` (model.unknown_field, with a did-you-mean).
  void fields(const Json& object, const std::vector<std::string>& known, const std::string& what) {
    if (!object.is_object()) return;
    for (const auto& member : object.items()) {
      if (std::find(known.begin(), known.end(), member.key()) != known.end()) continue;
      std::string hint = did_you_mean(member.key(), known);
      if (hint.empty()) hint = "the fields of " + what + " are " + join(known);
      error_at_key("model.unknown_field", member.value(), quoted(member.key()) + " is not a field of " + what,
                   hint);
    }
  }
  const Json* find(const Json& object, const char* field) {
    auto it = object.find(field);
    return it == object.end() ? nullptr : &*it;
  }

  const SourceJson& doc() const { return doc_; }
  Diagnostics* diagnostics() const { return d_; }

 private:
  void report(const std::string& id, SourceSpan span, const std::string& message, const std::string& hint) {
    const int n = ++per_id_[id];
    if (n <= kMaxDiagnosticsPerId) {
      d_->error(id, span, message, hint);
    } else if (n == kMaxDiagnosticsPerId + 1) {
      d_->error(id, span,
                "more problems of this kind follow from here; only the first " +
                    std::to_string(kMaxDiagnosticsPerId) + " are listed",
                "fix the problems above first: the rest are likely the same mistake");
    }
  }

  const SourceJson& doc_;
  Diagnostics* d_;
  std::unordered_map<std::string, int> per_id_;
};

}  // namespace motive::game
