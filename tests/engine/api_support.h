// Helpers for tests that talk to the engine through its one entry point.
#pragma once

#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "api/api.h"

namespace motive::test {

// The response to one analysis of a model text.
inline nlohmann::json request(const std::string& model, const std::string& analysis,
                              const nlohmann::json& params = nlohmann::json::object()) {
  return motive::handle_request({{"model", model}, {"analysis", analysis}, {"params", params}});
}

// The result of an analysis that must succeed (a failure is reported with the whole response).
inline nlohmann::json analyze(const std::string& model, const std::string& analysis,
                              const nlohmann::json& params = nlohmann::json::object()) {
  nlohmann::json response = request(model, analysis, params);
  EXPECT_TRUE(response.value("ok", false)) << analysis << " " << params.dump() << " -> " << response.dump(2);
  return response.value("result", nlohmann::json::object());
}

// A file of the repository, by its path from the root (MOTIVE_SOURCE_DIR is set by CMake).
inline std::string read_source_file(const std::string& path) {
  std::ifstream in(std::string(MOTIVE_SOURCE_DIR) + "/" + path, std::ios::binary);
  EXPECT_TRUE(in.good()) << "cannot read " << path;
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace motive::test
