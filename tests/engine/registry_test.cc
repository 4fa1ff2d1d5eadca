// The registry of kinds and analyses (engine/kinds), the catalogue request, and parameter checking
// by the analyses' specs (engine/core/params.h).
#include <gtest/gtest.h>

#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "api/api.h"
#include "api_support.h"
#include "core/params.h"
#include "kinds/kinds.h"

namespace motive {
namespace {

using nlohmann::json;
using test::read_source_file;
using test::request;

json only_diagnostic(const json& response) {
  EXPECT_FALSE(response.value("ok", true)) << response.dump();
  if (!response.contains("diagnostics") || response["diagnostics"].size() != 1) {
    ADD_FAILURE() << response.dump(2);
    return json::object();
  }
  return response["diagnostics"][0];
}

TEST(ModelKind, MissingAndUnknownKindsListTheKinds) {
  Diagnostics d;
  EXPECT_FALSE(read_model_kind(R"({"map": []})", &d));
  ASSERT_EQ(d.items().size(), 1u);
  EXPECT_EQ(d.items()[0].id, "model.missing_field");
  EXPECT_EQ(d.items()[0].hint, "add \"kind\": \"scim\", \"gridworld\", \"mdp\", \"game\" or \"adventure\"");
  Diagnostics e;
  EXPECT_FALSE(read_model_kind(R"({"kind": "gridwold"})", &e));
  ASSERT_EQ(e.items().size(), 1u);
  EXPECT_EQ(e.items()[0].id, "model.unknown_kind");
  EXPECT_EQ(e.items()[0].hint, "did you mean \"gridworld\"?");
  Diagnostics f;
  EXPECT_FALSE(read_model_kind(R"({"kind": "chess"})", &f));
  ASSERT_EQ(f.items().size(), 1u);
  EXPECT_EQ(f.items()[0].hint, "the kinds are \"scim\", \"gridworld\", \"mdp\", \"game\" and \"adventure\"");
  Diagnostics g;
  EXPECT_EQ(read_model_kind(R"({"kind": "mdp"})", &g), std::optional<std::string>("mdp"));
}

TEST(Catalogue, NeedsNoModelAndListsEveryKindAndAnalysis) {
  json response = handle_request({{"analysis", "catalogue"}});
  ASSERT_TRUE(response.value("ok", false)) << response.dump();
  EXPECT_EQ(response["analysis"], "catalogue");
  const json& kinds = response["result"]["kinds"];
  ASSERT_EQ(kinds.size(), 5u);
  EXPECT_EQ(kinds[0]["name"], "scim");
  EXPECT_EQ(kinds[1]["name"], "gridworld");
  EXPECT_EQ(kinds[2]["name"], "mdp");
  EXPECT_EQ(kinds[3]["name"], "game");
  EXPECT_EQ(kinds[4]["name"], "adventure");
  std::set<std::string> scim;
  for (const json& a : kinds[0]["analyses"]) scim.insert(a["name"].get<std::string>());
  EXPECT_EQ(scim, (std::set<std::string>{"describe", "expected_utility", "optimal_policies", "settings",
                                         "policies", "graph", "intention", "actual_cause", "hkw_intention",
                                         "incentives", "control_incentive", "meg", "meg_likelihood"}));
  std::set<std::string> grid;
  for (const json& a : kinds[1]["analyses"]) grid.insert(a["name"].get<std::string>());
  EXPECT_EQ(grid, (std::set<std::string>{"describe", "solve", "value_iteration", "trajectories", "meg",
                                         "meg_likelihood", "meg_sweep", "intention"}));
}

TEST(Catalogue, EveryAnalysisHasASummaryAndEveryParameterOneLineOfHelp) {
  for (const KindSpec& kind : model_kinds()) {
    EXPECT_FALSE(kind.summary.empty()) << kind.name;
    for (const AnalysisSpec& a : kind.analyses) {
      EXPECT_FALSE(a.summary.empty()) << kind.name << " " << a.name;
      EXPECT_EQ(a.paper.empty(), a.definition.empty()) << kind.name << " " << a.name;
      std::set<std::string> names;
      for (const ParamSpec& p : a.params) {
        EXPECT_TRUE(names.insert(p.name).second) << kind.name << " " << a.name << " repeats " << p.name;
        EXPECT_FALSE(p.help.empty()) << kind.name << " " << a.name << " " << p.name;
        EXPECT_EQ(p.help.find('\n'), std::string::npos) << p.name;
        if (p.type == ParamType::kChoice && !p.fallback.is_null()) {
          bool listed = false;
          for (const std::string& c : p.choices) listed = listed || c == p.fallback;
          EXPECT_TRUE(listed) << kind.name << " " << a.name << " " << p.name;
        }
      }
    }
  }
}

TEST(Catalogue, SpecsAsTheCatalogueWritesThem) {
  const ParamSpec count = ParamSpec::integer("count", 10, 1, 100000, "how many");
  EXPECT_EQ(spec_json(count),
            json::parse(R"({"name": "count", "type": "integer", "default": 10, "help": "how many",
                                              "min": 1, "max": 100000})"));
  const ParamSpec betas = ParamSpec::numbers("betas", "β").with_infinity();
  EXPECT_EQ(spec_json(betas),
            json::parse(R"({"name": "betas", "type": "numbers", "default": null, "help": "β",
                                              "infinite": true})"));
}

TEST(RequestEnvelope, EveryReplyNamesItsKindAndScimRepliesTheirModel) {
  json scim = request(read_source_file("examples/intention/spy.jsonc"), "describe");
  ASSERT_TRUE(scim.value("ok", false)) << scim.dump();
  EXPECT_EQ(scim["kind"], "scim");
  EXPECT_EQ(scim["model_name"], "main");
  json grid = request(read_source_file("examples/meg/cliffworld.jsonc"), "describe");
  ASSERT_TRUE(grid.value("ok", false)) << grid.dump();
  EXPECT_EQ(grid["kind"], "gridworld");
  EXPECT_FALSE(grid.contains("model_name"));
}

TEST(UnknownParameters, AreRejectedWithADidYouMean) {
  json d = only_diagnostic(
      request(read_source_file("examples/intention/spy.jsonc"), "intention", {{"polcy", "truthful"}}));
  EXPECT_EQ(d["id"], "request.unknown_parameter");
  EXPECT_EQ(d["message"], "this analysis has no parameter \"polcy\"");
  EXPECT_EQ(d["hint"], "did you mean \"policy\"?");
  d = only_diagnostic(request(read_source_file("examples/intention/spy.jsonc"), "intention",
                              {{"policy", "truthful"}, {"exactness", "subset"}}));
  EXPECT_EQ(d["id"], "request.unknown_parameter");
  d = only_diagnostic(
      request(read_source_file("examples/meg/cliffworld.jsonc"), "solve", {{"agnet", json::object()}}));
  EXPECT_EQ(d["id"], "request.unknown_parameter");
  EXPECT_EQ(d["hint"], "did you mean \"agent\"?");
  d = only_diagnostic(
      request(read_source_file("examples/intention/spy.jsonc"), "describe", {{"policy", "truthful"}}));
  EXPECT_EQ(d["id"], "request.unknown_parameter");
  EXPECT_EQ(d["hint"], "it takes no parameters");
}

TEST(UnknownParameters, NullStandsForTheDefault) {
  json r = request(read_source_file("examples/meg/cliffworld.jsonc"), "trajectories",
                   {{"count", nullptr}, {"length", 5}, {"seed", nullptr}});
  ASSERT_TRUE(r.value("ok", false)) << r.dump();
  EXPECT_EQ(r["result"]["trajectories"].size(), 10u);
}

TEST(BadParameters, AreRejectedNeverClamped) {
  const std::string grid = read_source_file("examples/meg/cliffworld.jsonc");
  json d = only_diagnostic(request(grid, "trajectories", {{"seed", 1e300}}));
  EXPECT_EQ(d["id"], "request.bad_parameter");
  EXPECT_EQ(d["message"], "\"seed\" must be a whole number from 0 to 9007199254740991, not 1e+300");
  d = only_diagnostic(request(grid, "trajectories", {{"count", 2.5}}));
  EXPECT_EQ(d["id"], "request.bad_parameter");
  d = only_diagnostic(request(grid, "trajectories", {{"count", 0}}));
  EXPECT_EQ(d["id"], "request.bad_parameter");
  d = only_diagnostic(request(grid, "meg", {{"sample", {{"count", 0}}}}));
  EXPECT_EQ(d["message"], "\"sample.count\" must be a whole number from 1 to 100000, not 0");
  d = only_diagnostic(request(grid, "meg", {{"sample", {{"cuont", 10}}}}));
  EXPECT_EQ(d["id"], "request.unknown_parameter");
  EXPECT_EQ(d["hint"], "did you mean \"count\"?");
  const std::string spy = read_source_file("examples/intention/spy.jsonc");
  // optimal_policies used to clamp max_listed to 10000.
  d = only_diagnostic(request(spy, "optimal_policies", {{"max_listed", 20000}}));
  EXPECT_EQ(d["message"], "\"max_listed\" must be a whole number from 0 to 10000, not 20000");
  d = only_diagnostic(request(spy, "intention", {{"policy", "truthful"}, {"oracle", "rationl"}}));
  EXPECT_EQ(d["id"], "request.bad_parameter");
  EXPECT_EQ(d["hint"], "did you mean \"rational\"?");
}

TEST(BadParameters, InfinityIsWrittenTheSameWayEverywhere) {
  const std::string grid = read_source_file("examples/meg/cliffworld.jsonc");
  for (const char* inf : {"inf", "Infinity", "+inf"}) {
    json agent = request(grid, "solve", {{"agent", {{"kind", "soft"}, {"beta", inf}}}});
    EXPECT_TRUE(agent.value("ok", false)) << inf << agent.dump();
    json curve = request(grid, "meg_likelihood",
                         {{"betas", {inf, std::string("-") + (inf[0] == '+' ? inf + 1 : inf)}}});
    ASSERT_TRUE(curve.value("ok", false)) << inf << curve.dump();
    EXPECT_EQ(curve["result"]["points"][0]["beta"], "inf");
    EXPECT_EQ(curve["result"]["points"][1]["beta"], "-inf");
  }
}

}  // namespace
}  // namespace motive
