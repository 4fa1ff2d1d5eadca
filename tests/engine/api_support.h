// Helpers for tests that talk to the engine through its one entry point.
#pragma once

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "api/api.h"

namespace motive::test {

// The response to one analysis of a model text (of one of its models, if model_name is given).
inline nlohmann::json request(const std::string& model, const std::string& analysis,
                              const nlohmann::json& params = nlohmann::json::object(),
                              const std::string& model_name = "") {
  nlohmann::json r = {{"model", model}, {"analysis", analysis}, {"params", params}};
  if (!model_name.empty()) r["model_name"] = model_name;
  return motive::handle_request(r);
}

// The result of an analysis that must succeed (a failure is reported with the whole response,
// and the result is then an empty object).
inline nlohmann::json analyze(const std::string& model, const std::string& analysis,
                              const nlohmann::json& params = nlohmann::json::object(),
                              const std::string& model_name = "") {
  nlohmann::json response = request(model, analysis, params, model_name);
  EXPECT_TRUE(response.value("ok", false)) << analysis << " " << params.dump() << " -> " << response.dump(2);
  if (!response.value("ok", false) || !response.contains("result")) return nlohmann::json::object();
  return response["result"];
}

// EU of one named policy, under optional interventions.
inline double policy_expected_utility(const std::string& model, const std::string& policy,
                                      const nlohmann::json& interventions = nlohmann::json::array(),
                                      const std::string& model_name = "") {
  nlohmann::json params = {{"policy", policy}};
  if (!interventions.empty()) params["interventions"] = interventions;
  nlohmann::json result = analyze(model, "expected_utility", params, model_name);
  if (!result.contains("policies") || result["policies"].size() != 1) {
    ADD_FAILURE() << "no expected utility for " << policy;
    return -1e300;
  }
  return result["policies"][0]["expected_utility"].get<double>();
}

// Y_{pi|W}: Y fixed, in the given settings, to its value under pi there.
inline nlohmann::json follow(const std::string& variable, const std::string& policy,
                             const std::vector<std::uint64_t>& settings) {
  return {{"variable", variable}, {"follow_policy", policy}, {"settings", settings}};
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
