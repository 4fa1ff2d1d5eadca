// Helpers for tests that talk to the engine through its one entry point.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <functional>
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

// An "intention" result as the tests read it: the alternatives of every verdict (indices into
// "reference") and of every witness named, and every witness whole. A summary witness that lists
// only its first settings ("complete": false) is replaced by the full one, asked for as the API's
// lazy form does (a query about that variable in that setting, alone), after checking that the short
// one is its start: the same alternative, counts and sides of Eq. 2, its settings the lowest.
inline nlohmann::json analyze_intention(const std::string& model, const nlohmann::json& params,
                                        const std::string& model_name = "") {
  using nlohmann::json;
  json result = analyze(model, "intention", params, model_name);
  if (!result.contains("reference")) return result;
  std::vector<std::string> names;
  for (const json& a : result["reference"]) names.push_back(a.value("name", std::string()));
  const auto name_of = [&](const json& index) {
    if (!index.is_number_integer() || index.get<long long>() < 0 ||
        index.get<std::size_t>() >= names.size()) {
      ADD_FAILURE() << "not an index into the reference policies: " << index.dump();
      return std::string();
    }
    return names[index.get<std::size_t>()];
  };
  const auto name_witness = [&](json& w) {
    if (w.is_object() && w.contains("alternative")) w["alternative"] = name_of(w["alternative"]);
  };
  json no_summary = json::array();
  for (json& v : result.contains("variables") ? result["variables"] : no_summary)
    for (json& entry : v["intended"]) {
      json named = json::array();
      for (const json& a : entry["alternatives"]) named.push_back(name_of(a));
      entry["alternatives"] = named;
      json& w = entry["witness"];
      if (!w.value("complete", true)) {
        json asked = params;
        asked["outcomes"] = json::array({v["variable"]});  // not {json}: clang reads that as a copy
        asked["setting"] = entry["setting"];
        json full = analyze(model, "intention", asked, model_name);
        EXPECT_FALSE(full.contains("variables")) << "a query about one setting comes without the summary";
        json whole = full["query"]["results"][0].value("witness", json::object());
        EXPECT_EQ(whole.value("alternative", json()), w["alternative"]);
        EXPECT_EQ(whole.value("rhs", json()), w["rhs"]);
        EXPECT_TRUE(whole.value("complete", false));
        EXPECT_EQ(whole["fixed"].size(), w["fixed"].size());
        for (std::size_t i = 0; i < std::min(whole["fixed"].size(), w["fixed"].size()); ++i) {
          const json &a = w["fixed"][i], &b = whole["fixed"][i];
          EXPECT_EQ(a["variable"], b["variable"]);
          EXPECT_EQ(a["count"], b["count"]);
          EXPECT_EQ(b["count"].get<std::size_t>(), b["settings"].size());
          EXPECT_LT(a["settings"].size(), b["settings"].size() + 1);
          for (std::size_t k = 0; k < std::min(a["settings"].size(), b["settings"].size()); ++k) {
            EXPECT_EQ(a["settings"][k], b["settings"][k]);
            EXPECT_EQ(a["values"][k], b["values"][k]);
          }
        }
        w = whole;
      }
      name_witness(w);
    }
  if (result.contains("query"))
    for (json& answer : result["query"]["results"])
      if (answer.contains("witness")) name_witness(answer["witness"]);
  return result;
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

// Whether two numbers agree to `tolerance` relative (absolute below 1); infinities must be equal.
inline bool agree(double a, double b, double tolerance) {
  if (std::isinf(a) || std::isinf(b)) return a == b;
  return std::abs(a - b) <= tolerance * std::max({1.0, std::abs(a), std::abs(b)});
}

// Two replies of the same analysis by two methods: every number agrees to tolerance(path) relative,
// everything else is equal, and the "method" fields (which name the method) are not compared.
inline void expect_same_reply(const nlohmann::json& a, const nlohmann::json& b, const std::string& where,
                              const std::function<double(const std::string&)>& tolerance) {
  if (a.is_number() && b.is_number()) {
    EXPECT_TRUE(agree(a.get<double>(), b.get<double>(), tolerance(where)))
        << where << ": " << a << " vs " << b;
    return;
  }
  ASSERT_EQ(a.type(), b.type()) << where << ": " << a.dump() << " vs " << b.dump();
  if (a.is_object()) {
    ASSERT_EQ(a.size(), b.size()) << where;
    for (auto it = a.begin(); it != a.end(); ++it) {
      if (it.key() == "method") continue;
      ASSERT_TRUE(b.contains(it.key())) << where << "." << it.key();
      expect_same_reply(it.value(), b[it.key()], where + "." + it.key(), tolerance);
    }
  } else if (a.is_array()) {
    ASSERT_EQ(a.size(), b.size()) << where;
    for (std::size_t i = 0; i < a.size(); ++i)
      expect_same_reply(a[i], b[i], where + "[" + std::to_string(i) + "]", tolerance);
  } else {
    EXPECT_EQ(a, b) << where;
  }
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
