#include "core/reading.h"

#include <algorithm>

namespace motive {

std::string json_type_name(const Json& value) {
  if (value.is_object()) return "an object";
  if (value.is_array()) return "a list";
  if (value.is_string()) return "a string";
  if (value.is_boolean()) return "a boolean";
  if (value.is_number()) return "a number";
  return "null";
}

void TextReader::error(const std::string& id, const Json& at, const std::string& message,
                       const std::string& hint) {
  d_->error(id, doc_.span(at), located(message), hint);
}

void TextReader::error_at_key(const std::string& id, const Json& member, const std::string& message,
                              const std::string& hint) {
  d_->error(id, doc_.key_span(member), located(message), hint);
}

bool TextReader::expect_object(const Json& value, const std::string& what) {
  if (value.is_object()) return true;
  error("model.wrong_type", value, what + " must be an object, not " + json_type_name(value));
  return false;
}

bool TextReader::expect_array(const Json& value, const std::string& what) {
  if (value.is_array()) return true;
  error("model.wrong_type", value, what + " must be a list, not " + json_type_name(value));
  return false;
}

void TextReader::check_fields(const Json& object, const std::vector<std::string>& known,
                              const std::string& what) {
  if (!object.is_object()) return;
  for (const auto& member : object.items()) {
    if (std::find(known.begin(), known.end(), member.key()) != known.end()) continue;
    std::string hint = did_you_mean(member.key(), known);
    if (hint.empty()) hint = "the fields of " + what + " are " + join(known);
    error_at_key("model.unknown_field", member.value(),
                 in_quotes(member.key()) + " is not a field of " + what, hint);
  }
}

}  // namespace motive
