#include "game/diplomacy/problems.h"

#include "core/diagnostics.h"

namespace motive::game::diplomacy {

void RequestProblems::error(const std::string& id, const Json& at, const std::string& message,
                            const std::string& hint) {
  (void)id;
  (void)at;
  if (count_++ == 0) {
    message_ = message;
    hint_ = hint;
  }
}

void RequestProblems::error_in_string(const std::string& id, const Json& at, std::size_t begin,
                                      std::size_t end, const std::string& message, const std::string& hint) {
  (void)id;
  (void)end;
  if (count_++ == 0) {
    // The column within the string, counted from 1 (the texts are ASCII where they are valid).
    std::string text = at.is_string() ? at.get<std::string>() : std::string();
    message_ = "\"" + text + "\", column " + std::to_string(begin + 1) + ": " + message;
    hint_ = hint;
  }
}

void RequestProblems::throw_if_any() const {
  if (count_ == 0) return;
  throw RequestError("request.bad_parameter", "\"" + parameter_ + "\": " + message_, hint_);
}

}  // namespace motive::game::diplomacy
