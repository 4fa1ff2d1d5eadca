// Diagnostics: what the engine says about bad input. Every problem has a stable id (documented in
// docs/errors.md), a position in the model text, a message and a hint on how to fix it. The engine
// never aborts on bad input: it reports diagnostics instead.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace motive {

// A span of model text; lines and columns are 1-based, columns count Unicode code points.
// line == 0 means "no position" (a problem with the request rather than the text).
struct SourceSpan {
  int line = 0;
  int column = 0;
  int end_line = 0;
  int end_column = 0;
};

struct Diagnostic {
  std::string id;  // e.g. "model.unknown_parent"
  SourceSpan span;
  std::string message;
  std::string hint;  // may be empty
  std::string file;  // the file of several the problem is in (an import's); empty for a model text
};

void to_json(nlohmann::json& out, const Diagnostic& d);

// The most diagnostics kept for one model; the rest are counted in one "diagnostics.truncated".
inline constexpr std::size_t kMaxDiagnostics = 100;

// Collects diagnostics while a model is read, so that every problem is reported at once. After
// kMaxDiagnostics problems one more diagnostic, "diagnostics.truncated" at the first problem left
// out, says how many more there were: a hostile file with 20,000 errors gets a short answer.
class Diagnostics {
 public:
  void error(std::string id, SourceSpan span, std::string message, std::string hint = {});
  // Adds another collection's diagnostics, keeping its count of those left out.
  void append(const Diagnostics& other);
  // The same, each naming `file` (an import of several files says which one a problem is in).
  void append(const Diagnostics& other, const std::string& file);
  bool empty() const { return items_.empty(); }
  // The diagnostics listed: at most kMaxDiagnostics, then the diagnostics.truncated one.
  const std::vector<Diagnostic>& items() const { return items_; }
  // How many problems were reported, listed or not: what a reader compares to tell whether a step
  // found a problem (the length of items() stops growing at the cap).
  std::size_t count() const { return count_; }

 private:
  void leave_out(SourceSpan span, std::size_t count);

  std::vector<Diagnostic> items_;
  std::size_t left_out_ = 0;
  std::size_t count_ = 0;
};

// Thrown by analyses for a problem with the request (an unknown policy, a bad parameter, a budget
// exceeded); the API turns it into a diagnostic without a position.
struct RequestError : std::runtime_error {
  RequestError(std::string error_id, const std::string& message, std::string error_hint = {})
      : std::runtime_error(message), id(std::move(error_id)), hint(std::move(error_hint)) {}
  std::string id;
  std::string hint;
};

// JSON text of a value, with invalid UTF-8 replaced rather than thrown on: model text is untrusted.
template <class JsonType>
std::string json_text(const JsonType& value, int indent = -1) {
  return value.dump(indent, ' ', false, JsonType::error_handler_t::replace);
}

// The closest candidate to `name` by edit distance, or "" if none is close enough to suggest.
std::string closest_match(const std::string& name, const std::vector<std::string>& candidates);

// "did you mean "X"?" when a close candidate exists, else "".
std::string did_you_mean(const std::string& name, const std::vector<std::string>& candidates);

}  // namespace motive
