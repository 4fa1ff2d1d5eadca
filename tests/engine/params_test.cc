// Params checked against their specs (engine/core/params.h): types, ranges, choices, defaults, and
// the names of the fields of a structured parameter.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/diagnostics.h"
#include "core/params.h"

namespace motive {
namespace {

using nlohmann::json;

const std::vector<ParamSpec>& specs() {
  static const std::vector<ParamSpec> s = {
      ParamSpec::integer("count", 10, 1, 100, "how many"),
      ParamSpec::number("rate", 0.5, 0, 1, "a rate"),
      ParamSpec::numbers("betas", "rationalities").with_infinity(),
      ParamSpec::choice("oracle", {"subjective", "rational"}, "subjective", "which oracle"),
      ParamSpec::strings("utility", "which").with_choices({"known", "unknown"}).with_default(json{"known"}),
      ParamSpec::string("policy", "the policy", "policy"),
      ParamSpec::boolean("verbose", false, "say more"),
      ParamSpec::structured("query", "the question").is_required(),
  };
  return s;
}

// "id: message" of the error checking `given` throws, or "ok".
std::string problem(const json& given, const std::string& prefix = {}) {
  try {
    Params params(given, specs(), prefix);
  } catch (const RequestError& e) {
    return e.id + ": " + e.what();
  }
  return "ok";
}

TEST(Params, DefaultsAndGivenValues) {
  const Params p({{"query", 1}, {"rate", 0.25}, {"betas", {1, "inf", "-Infinity"}}, {"policy", nullptr}},
                 specs());
  EXPECT_EQ(p.integer("count"), 10);
  EXPECT_EQ(p.number("rate"), 0.25);
  EXPECT_EQ(p.numbers("betas"), (std::vector<double>{1, INFINITY, -INFINITY}));
  EXPECT_EQ(p.string("oracle"), "subjective");
  EXPECT_EQ(p.strings("utility"), (std::vector<std::string>{"known"}));
  EXPECT_FALSE(p.has("policy"));  // null stands for "not given"
  EXPECT_FALSE(p.raw().contains("policy"));
  EXPECT_FALSE(p.boolean("verbose"));
  EXPECT_THROW(p.get("undeclared"), std::logic_error);
}

TEST(Params, EveryProblemIsRefusedNotClampedOrIgnored) {
  EXPECT_EQ(problem({{"query", 1}}), "ok");
  EXPECT_EQ(problem(json::object()),
            "request.missing_parameter: this analysis needs the parameter \"query\"");
  EXPECT_EQ(problem({{"query", 1}, {"cuont", 3}}),
            "request.unknown_parameter: this analysis has no parameter \"cuont\"");
  EXPECT_EQ(problem({{"query", 1}, {"count", 101}}),
            "request.bad_parameter: \"count\" must be a whole number from 1 to 100, not 101");
  EXPECT_EQ(problem({{"query", 1}, {"count", 2.5}}),
            "request.bad_parameter: \"count\" must be a whole number from 1 to 100, not 2.5");
  EXPECT_EQ(problem({{"query", 1}, {"count", "3"}}),
            "request.bad_parameter: \"count\" must be a whole number from 1 to 100, not \"3\"");
  EXPECT_EQ(problem({{"query", 1}, {"rate", "inf"}}),
            "request.bad_parameter: \"rate\" must be a number from 0 to 1, not \"inf\"");
  EXPECT_EQ(problem({{"query", 1}, {"betas", {1, "big"}}}),
            "request.bad_parameter: \"betas\" must be a number (or \"inf\", \"-inf\"), not \"big\"");
  EXPECT_EQ(problem({{"query", 1}, {"oracle", "observed"}}),
            "request.bad_parameter: \"oracle\" must be \"subjective\" or \"rational\", not \"observed\"");
  EXPECT_EQ(problem({{"query", 1}, {"utility", {"known", "maybe"}}}),
            "request.bad_parameter: \"utility\" must be a list of \"known\" or \"unknown\", not "
            "[\"known\",\"maybe\"]");
  EXPECT_EQ(problem({{"query", 1}, {"verbose", 1}}),
            "request.bad_parameter: \"verbose\" must be true or false, not 1");
  EXPECT_EQ(problem(json::array()), "request.malformed: \"params\" must be an object");
}

TEST(Params, TheFieldsOfAStructuredParameterAreNamedWithIt) {
  EXPECT_EQ(problem({{"query", 1}, {"count", 0}}, "sample."),
            "request.bad_parameter: \"sample.count\" must be a whole number from 1 to 100, not 0");
  EXPECT_EQ(problem({{"query", 1}, {"cuont", 1}}, "sample."),
            "request.unknown_parameter: there is no parameter \"sample.cuont\"");
  EXPECT_EQ(problem(json::object(), "sample."),
            "request.missing_parameter: this analysis needs the parameter \"sample.query\"");
  EXPECT_EQ(problem(3, "sample."), "request.bad_parameter: \"sample\" must be an object, not 3");
}

TEST(Params, WholeNumbersStopAt2To53) {
  const std::vector<ParamSpec> seed = {ParamSpec::integer("seed", 1, 0, kMaxWholeNumber, "the seed")};
  EXPECT_EQ(Params({{"seed", 9007199254740991.0}}, seed).integer("seed"), kMaxWholeNumber);
  EXPECT_THROW(Params({{"seed", 9007199254740992.0}}, seed), RequestError);
  EXPECT_THROW(Params({{"seed", 1e300}}, seed), RequestError);
}

TEST(NumberValue, InfinityIsReadTheSameWayEverywhere) {
  for (const char* s : {"inf", "+inf", "Infinity", "+Infinity"})
    EXPECT_EQ(number_value(s, true), INFINITY) << s;
  for (const char* s : {"-inf", "-Infinity"}) EXPECT_EQ(number_value(s, true), -INFINITY) << s;
  EXPECT_FALSE(number_value("inf", false));
  EXPECT_FALSE(number_value("lots", true));
  EXPECT_EQ(number_json(INFINITY), "inf");
  EXPECT_EQ(number_json(-INFINITY), "-inf");
  EXPECT_TRUE(number_json(NAN).is_null());
}

}  // namespace
}  // namespace motive
