// Helpers for tests that talk to the engine through its one entry point.
#pragma once

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

}  // namespace motive::test
