// What every reader of model text shares: naming JSON types in messages, and a base for readers that
// report problems at the position of the value or key concerned (ids from docs/errors.md).
#pragma once

#include <string>
#include <vector>

#include "core/diagnostics.h"
#include "core/source_json.h"
#include "core/text.h"

namespace motive {

// "an object", "a list", "a string", "a boolean", "a number" or "null".
std::string json_type_name(const Json& value);

class TextReader {
 public:
  TextReader(const SourceJson& doc, Diagnostics* diagnostics) : doc_(doc), d_(diagnostics) {}
  virtual ~TextReader() = default;

 protected:
  // A message as reported: a reader of several parts (an MDP file's variants) says which part.
  virtual std::string located(const std::string& message) const { return message; }

  // Reports a problem with a value (marking all of it), or with the key naming an object member.
  void error(const std::string& id, const Json& at, const std::string& message, const std::string& hint = {});
  void error_at_key(const std::string& id, const Json& member, const std::string& message,
                    const std::string& hint = {});
  // model.wrong_type unless `value` is an object (a list); `what` names it in the message.
  bool expect_object(const Json& value, const std::string& what);
  bool expect_array(const Json& value, const std::string& what);
  // model.unknown_field for each member of `object` not in `known`, with a did-you-mean.
  void check_fields(const Json& object, const std::vector<std::string>& known, const std::string& what);

  const SourceJson& doc_;
  Diagnostics* d_;
};

}  // namespace motive
