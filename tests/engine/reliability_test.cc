// Hostile and numerically extreme inputs (issue 10): each test pins one finding of the sanitizer and
// fuzzing campaign, and failed (crashed, hung, blew up or answered a silent null) before its fix.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "api_support.h"
#include "core/diagnostics.h"
#include "core/json_limits.h"

namespace motive {
namespace {

using nlohmann::json;
using test::analyze;
using test::request;

// The one diagnostic of a failed response.
json only_diagnostic(const json& response) {
  EXPECT_FALSE(response.value("ok", true)) << response.dump(2);
  EXPECT_EQ(response.value("diagnostics", json::array()).size(), 1u) << response.dump(2);
  return response.value("diagnostics", json::array()).empty() ? json::object() : response["diagnostics"][0];
}

// ---- 2. deeply nested requests -----------------------------------------------------------------

std::string nested_text(int depth, const std::string& inner = "1") {
  return std::string(depth, '[') + inner + std::string(depth, ']');
}

TEST(Reliability, DeeplyNestedRequestsAreRefusedBeforeAnythingCopiesThem) {
  const std::string model = test::read_source_file("examples/meg/mouse.jsonc");
  const std::string params = R"({"model": )" + json(model).dump() +
                             R"(, "analysis": "describe", "params": {"x": )" + nested_text(150000) + "}}";
  json reply = json::parse(handle_request_text(params));
  EXPECT_EQ(only_diagnostic(reply)["id"], "request.too_deep");

  json deep = json::parse(nested_text(20000));
  json name_request = {{"model", model}, {"analysis", "describe"}};
  name_request["model_name"] = std::move(deep);
  EXPECT_EQ(only_diagnostic(handle_request(name_request))["id"], "request.too_deep");
}

TEST(Reliability, RequestsNestedUpToTheLimitAreAnswered) {
  EXPECT_FALSE(json_nesting_exceeds(json::parse(nested_text(256))));
  EXPECT_TRUE(json_nesting_exceeds(json::parse(nested_text(257))));
  EXPECT_FALSE(json_nesting_exceeds(json(3)));
  const std::string model = test::read_source_file("examples/meg/mouse.jsonc");
  // 256 levels with the request object and its params: read, and judged on what they say.
  json reply = request(model, "describe", {{"x", json::parse(nested_text(254))}});
  for (const json& d : reply.value("diagnostics", json::array())) EXPECT_NE(d["id"], "request.too_deep");
}

}  // namespace
}  // namespace motive
