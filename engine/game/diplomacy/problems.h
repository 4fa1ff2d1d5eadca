// Where the Diplomacy readers (maps, positions, orders) send what is wrong: a model file's diagnostics,
// positioned by line and column, or a request's error. The same reader serves the model file's
// "map", "position" and "states" and the adjudicate analysis's "position" and "orders".
#pragma once

#include <cstddef>
#include <string>

#include "core/source_json.h"
#include "game/reader_util.h"

namespace motive::game::diplomacy {

class Problems {
 public:
  virtual ~Problems() = default;
  // A problem with the value `at` (an id of docs/errors.md, a message, perhaps a hint).
  virtual void error(const std::string& id, const Json& at, const std::string& message,
                     const std::string& hint = {}) = 0;
  // A problem with bytes [begin, end) of the string value `at` (an order's token).
  virtual void error_in_string(const std::string& id, const Json& at, std::size_t begin, std::size_t end,
                               const std::string& message, const std::string& hint = {}) = 0;
  int count() const { return count_; }

 protected:
  int count_ = 0;
};

// Problems of a model file: positioned diagnostics through the file's reader.
class FileProblems final : public Problems {
 public:
  explicit FileProblems(FileReader& reader) : reader_(reader) {}
  void error(const std::string& id, const Json& at, const std::string& message,
             const std::string& hint = {}) override {
    ++count_;
    reader_.error(id, at, message, hint);
  }
  void error_in_string(const std::string& id, const Json& at, std::size_t begin, std::size_t end,
                       const std::string& message, const std::string& hint = {}) override {
    ++count_;
    reader_.error_in_string(id, at, begin, end, message, hint);
  }

 private:
  FileReader& reader_;
};

// Problems of a request parameter: the first one is kept (with the column within an order string),
// and throw_if_any() raises it as request.bad_parameter naming the parameter.
class RequestProblems final : public Problems {
 public:
  explicit RequestProblems(std::string parameter) : parameter_(std::move(parameter)) {}
  void error(const std::string& id, const Json& at, const std::string& message,
             const std::string& hint = {}) override;
  void error_in_string(const std::string& id, const Json& at, std::size_t begin, std::size_t end,
                       const std::string& message, const std::string& hint = {}) override;
  // Throws RequestError(request.bad_parameter) with the first problem, if there was one.
  void throw_if_any() const;

 private:
  std::string parameter_;
  std::string message_, hint_;
};

}  // namespace motive::game::diplomacy
