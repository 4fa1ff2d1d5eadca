// The request/response envelope of the engine API (engine/api/api.h; docs/api.md, docs/errors.md):
// what a bad request, a bad model, a bad parameter, an exceeded budget and a cancelled run answer,
// and that no input whatever makes the API throw.

#include "api/api.h"
#include "kinds/kinds.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

using nlohmann::json;

constexpr const char* kSurgeon = R"({
  "kind": "scim",
  "title": "Robo-surgeon",
  "variables": {
    "D": { "type": "decision", "domain": ["operate", "refrain"] },
    "S": {
      "type": "chance",
      "parents": ["D"],
      "domain": ["survives", "dies"],
      "noise": { "lucky": 0.1, "unlucky": 0.9 },
      "function": "D == 'operate' && noise == 'lucky' ? 'survives' : 'dies'"
    },
    "U": { "type": "utility", "parents": ["S"], "function": "S == 'survives' ? 1 : 0" }
  },
  "policies": {
    "operate": { "D": "'operate'" },
    "refrain": { "D": "'refrain'" }
  },
  "interventions": {
    "survival_guaranteed": { "S": { "value": "survives" } }
  }
})";

constexpr const char* kTwoModels = R"({
  "kind": "scim",
  "models": {
    "subjective": { "variables": { "X": { "type": "chance", "domain": [1], "function": "1" } } },
    "objective": { "variables": { "X": { "type": "chance", "domain": [2], "function": "2" } } }
  }
})";

json Request(const std::string& model, const std::string& analysis, const json& params = json::object()) {
  return {{"model", model}, {"analysis", analysis}, {"params", params}};
}

std::string Show(const json& response) {
  return response.dump(2, ' ', false, json::error_handler_t::replace);
}

// The one diagnostic of a failed response.
json OnlyDiagnostic(const json& response) {
  EXPECT_EQ(response.value("ok", true), false) << Show(response);
  if (!response.contains("diagnostics") || response["diagnostics"].size() != 1) {
    ADD_FAILURE() << "expected one diagnostic: " << Show(response);
    return json::object();
  }
  return response["diagnostics"][0];
}

// Expects a request problem (no position) with this id, and returns its diagnostic.
json RequestProblem(const json& request, const std::string& id) {
  json d = OnlyDiagnostic(motive::handle_request(request));
  EXPECT_EQ(d.value("id", ""), id) << d.dump();
  EXPECT_EQ(d.value("line", -1), 0) << "a problem with the request has no position";
  EXPECT_EQ(d.value("column", -1), 0);
  return d;
}

std::string Hint(const json& d) { return d.value("hint", ""); }
std::string Message(const json& d) { return d.value("message", ""); }

// A model with no decisions and 2^20 settings: 20 fair binary noises. EU = E[N0 + N19] = 1.
std::string TwentyCoins() {
  std::string text = "{\"kind\": \"scim\", \"variables\": {\n";
  for (int i = 0; i < 20; ++i)
    text += "  \"N" + std::to_string(i) +
            "\": {\"type\": \"chance\", \"domain\": [0, 1], \"noise\": {\"a\": 0.5, \"b\": 0.5}, "
            "\"function\": \"noise == 'a' ? 0 : 1\"},\n";
  text += "  \"U\": {\"type\": \"utility\", \"parents\": [\"N0\", \"N19\"], \"function\": \"N0 + N19\"}\n}}";
  return text;
}

// ---- success ------------------------------------------------------------------------------------

TEST(ApiTest, SuccessEnvelope) {
  json response = motive::handle_request(Request(kSurgeon, "expected_utility"));
  ASSERT_TRUE(response.value("ok", false)) << Show(response);
  EXPECT_EQ(response["analysis"], "expected_utility");
  EXPECT_EQ(response["model_name"], "main");
  EXPECT_FALSE(response.contains("diagnostics"));
  const json& policies = response["result"]["policies"];
  ASSERT_EQ(policies.size(), 2u);
  EXPECT_EQ(policies[0]["name"], "operate");
  EXPECT_NEAR(policies[0]["expected_utility"].get<double>(), 0.1, 1e-12);
  EXPECT_EQ(policies[1]["name"], "refrain");
  EXPECT_NEAR(policies[1]["expected_utility"].get<double>(), 0.0, 1e-12);
}

TEST(ApiTest, ParamsDefaultToNone) {
  json request = {{"model", kSurgeon}, {"analysis", "describe"}};
  json response = motive::handle_request(request);
  ASSERT_TRUE(response.value("ok", false)) << Show(response);
  EXPECT_EQ(response["result"]["title"], "Robo-surgeon");
  EXPECT_EQ(response["result"]["settings"], 2);
}

TEST(ApiTest, TextInTextOut) {
  json request = Request(kSurgeon, "expected_utility", {{"policy", "operate"}});
  std::string text = motive::handle_request_text(request.dump());
  json response = json::parse(text);
  EXPECT_EQ(response, motive::handle_request(request));
  EXPECT_NEAR(response["result"]["policies"][0]["expected_utility"].get<double>(), 0.1, 1e-12);
}

TEST(ApiTest, ModelNameChoosesAModel) {
  json request = Request(kTwoModels, "expected_utility");
  EXPECT_EQ(motive::handle_request(request)["model_name"], "subjective") << "the default is the first";
  request["model_name"] = "objective";
  json response = motive::handle_request(request);
  ASSERT_TRUE(response.value("ok", false)) << Show(response);
  EXPECT_EQ(response["model_name"], "objective");
  request["model_name"] = nullptr;
  EXPECT_EQ(motive::handle_request(request)["model_name"], "subjective") << "null is no choice";
}

// ---- malformed requests -------------------------------------------------------------------------

TEST(ApiRequestTest, NotJson) {
  json response = json::parse(motive::handle_request_text("{\"model\": "));
  json d = OnlyDiagnostic(response);
  EXPECT_EQ(d["id"], "request.malformed");
  EXPECT_EQ(d["line"], 0);
  EXPECT_EQ(Message(d).rfind("the request is not valid JSON: ", 0), 0u) << Message(d);
}

TEST(ApiRequestTest, EmptyText) {
  json d = OnlyDiagnostic(json::parse(motive::handle_request_text("")));
  EXPECT_EQ(d["id"], "request.malformed");
}

TEST(ApiRequestTest, NotAnObject) {
  json d = RequestProblem(json::array({1, 2}), "request.malformed");
  EXPECT_EQ(Message(d), "a request is a JSON object");
}

TEST(ApiRequestTest, MissingModel) {
  json d = RequestProblem({{"analysis", "describe"}}, "request.malformed");
  EXPECT_EQ(Message(d), "the request has no \"model\" text");
}

TEST(ApiRequestTest, ModelIsNotText) {
  json d = RequestProblem({{"model", json::parse("{\"kind\": \"scim\"}")}, {"analysis", "describe"}},
                          "request.malformed");
  EXPECT_EQ(Message(d), "the request has no \"model\" text");
}

// Every analysis name of the registry, each once, in the order of the kinds' tables: what the API's
// hints list (read from the registry, so that adding a kind changes no test here).
std::string EveryAnalysis() {
  std::vector<std::string> names;
  for (const motive::KindSpec& kind : motive::model_kinds())
    for (const motive::AnalysisSpec& a : kind.analyses)
      if (std::find(names.begin(), names.end(), a.name) == names.end()) names.push_back(a.name);
  std::string list;
  for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
  return list;
}

TEST(ApiRequestTest, EveryAnalysisListsTheSCIMAnalysesFirst) {
  EXPECT_EQ(
      EveryAnalysis().rfind("describe, expected_utility, optimal_policies, settings, policies, graph, ", 0),
      0u);
}

TEST(ApiRequestTest, MissingAnalysis) {
  json d = RequestProblem({{"model", kSurgeon}}, "request.malformed");
  EXPECT_EQ(Message(d), "the request has no \"analysis\"");
  EXPECT_EQ(Hint(d), "one of " + EveryAnalysis() + " (or catalogue, import)");
}

TEST(ApiRequestTest, UnknownAnalysisSuggestsTheRightOne) {
  json d = RequestProblem(Request(kSurgeon, "expected_utilty"), "request.unknown_analysis");
  EXPECT_EQ(Message(d), "\"expected_utilty\" is not an analysis");
  EXPECT_EQ(Hint(d), "did you mean \"expected_utility\"?");
}

TEST(ApiRequestTest, UnknownAnalysisWithoutCloseMatchListsThem) {
  json d = RequestProblem(Request(kSurgeon, "why"), "request.unknown_analysis");
  EXPECT_EQ(Hint(d), "the analyses are " + EveryAnalysis());
}

TEST(ApiRequestTest, ParamsNotAnObject) {
  json request = Request(kSurgeon, "describe");
  request["params"] = json::array();
  json d = RequestProblem(request, "request.malformed");
  EXPECT_EQ(Message(d), "\"params\" must be an object");
}

TEST(ApiRequestTest, RequestProblemsComeBeforeModelProblems) {
  json d = RequestProblem(Request("not a model", "expected_utilty"), "request.unknown_analysis");
  EXPECT_EQ(Hint(d), "did you mean \"expected_utility\"?");
}

TEST(ApiRequestTest, UnknownModelNameSuggestsTheRightOne) {
  json request = Request(kTwoModels, "describe");
  request["model_name"] = "objectiv";
  json d = RequestProblem(request, "request.unknown_model");
  EXPECT_EQ(Message(d), "the file has no model named \"objectiv\"");
  EXPECT_EQ(Hint(d), "did you mean \"objective\"?");
}

TEST(ApiRequestTest, ModelNameOfASingleModelFile) {
  json request = Request(kSurgeon, "describe");
  request["model_name"] = "main";
  EXPECT_TRUE(motive::handle_request(request).value("ok", false));
  request["model_name"] = "subjective";
  json d = RequestProblem(request, "request.unknown_model");
  EXPECT_EQ(Message(d), "the file has no model named \"subjective\"");
}

// ---- bad models: the reader's diagnostics, with positions ----------------------------------------

TEST(ApiModelTest, ModelProblemsArePositioned) {
  std::string model = kSurgeon;
  model.replace(model.find("[\"S\"]"), 5, "[\"SS\"]");
  json response = motive::handle_request(Request(model, "describe"));
  json d = OnlyDiagnostic(response);
  EXPECT_EQ(d["id"], "model.unknown_parent");
  EXPECT_EQ(d["line"], 13);
  EXPECT_EQ(d["column"], 43);
  EXPECT_EQ(d["end_line"], 13);
  EXPECT_EQ(d["end_column"], 47);
  EXPECT_EQ(d["message"], "variable \"U\" lists parent \"SS\", which is not defined");
  EXPECT_EQ(d["hint"], "did you mean \"S\"?");
}

TEST(ApiModelTest, DiagnosticFields) {
  json d = OnlyDiagnostic(motive::handle_request(Request("{\"kind\": \"cid\"}", "describe")));
  std::vector<std::string> keys;
  for (const auto& item : d.items()) keys.push_back(item.key());
  std::sort(keys.begin(), keys.end());
  EXPECT_EQ(keys,
            (std::vector<std::string>{"column", "end_column", "end_line", "hint", "id", "line", "message"}));
  json no_hint =
      OnlyDiagnostic(motive::handle_request(Request("{\"kind\": \"scim\", \"variables\": []}", "describe")));
  EXPECT_FALSE(no_hint.contains("hint")) << "an empty hint is left out";
}

TEST(ApiModelTest, AllProblemsAreReported) {
  std::string model = kSurgeon;
  model.replace(model.find("\"chance\""), 8, "\"chanse\"");
  model.replace(model.find("[\"S\"]"), 5, "[\"SS\"]");
  json response = motive::handle_request(Request(model, "describe"));
  ASSERT_EQ(response["diagnostics"].size(), 2u) << Show(response);
  EXPECT_EQ(response["diagnostics"][0]["id"], "model.unknown_type");
  EXPECT_EQ(response["diagnostics"][1]["id"], "model.unknown_parent");
}

// Engine bug: see ReaderAllProblemsTest.DuplicateKeyMakesTheFileInvalid. The response is
// "ok": true and the diagnostic is lost.
TEST(ApiModelTest, DuplicateKeyIsReported) {
  std::string model = kSurgeon;
  model.replace(model.find("\"title\""), 7, "\"kind\": \"scim\",\n  \"title\"");
  json response = motive::handle_request(Request(model, "describe"));
  json d = OnlyDiagnostic(response);
  EXPECT_EQ(d.value("id", ""), "json.duplicate_key");
  EXPECT_EQ(d.value("line", 0), 3);
  EXPECT_EQ(d.value("column", 0), 3);
}

TEST(ApiModelTest, ModelProblemsOutrankUnknownModelName) {
  json request = Request("{", "describe");
  request["model_name"] = "nope";
  json d = OnlyDiagnostic(motive::handle_request(request));
  EXPECT_EQ(d["id"], "json.syntax");
  EXPECT_EQ(d["line"], 1);
}

TEST(ApiModelTest, AValidModelAfterABadOneIsReadAfresh) {
  EXPECT_FALSE(motive::handle_request(Request("{", "describe")).value("ok", true));
  EXPECT_TRUE(motive::handle_request(Request(kSurgeon, "describe")).value("ok", false));
  EXPECT_FALSE(motive::handle_request(Request("{", "describe")).value("ok", true));
}

// ---- bad parameters ------------------------------------------------------------------------------

TEST(ApiParamsTest, UnknownPolicySuggestsTheRightOne) {
  json d =
      RequestProblem(Request(kSurgeon, "expected_utility", {{"policy", "operat"}}), "request.unknown_policy");
  EXPECT_EQ(Message(d), "\"operat\" is not a policy of this model");
  EXPECT_EQ(Hint(d), "did you mean \"operate\"?");
}

TEST(ApiParamsTest, UnknownPolicyWithoutCloseMatchListsThem) {
  json d =
      RequestProblem(Request(kSurgeon, "expected_utility", {{"policy", "wait"}}), "request.unknown_policy");
  EXPECT_EQ(Hint(d), "the policies are: operate, refrain");
}

TEST(ApiParamsTest, UnknownPolicyInAModelWithoutPolicies) {
  json d =
      RequestProblem(Request(kTwoModels, "expected_utility", {{"policy", "any"}}), "request.unknown_policy");
  EXPECT_EQ(Hint(d), "the model has no policies");
}

TEST(ApiParamsTest, PolicyNotAString) {
  json d = RequestProblem(Request(kSurgeon, "expected_utility", {{"policy", 1}}), "request.bad_parameter");
  EXPECT_EQ(Message(d), "\"policy\" must be a string, not 1");
}

TEST(ApiParamsTest, MissingPolicy) {
  json d = RequestProblem(Request(kSurgeon, "settings"), "request.missing_policy");
  EXPECT_EQ(Message(d), "this analysis needs a \"policy\": the model has decisions");
  EXPECT_EQ(Hint(d), "name one of the model's policies, or fix every decision by an intervention");
}

TEST(ApiParamsTest, UnknownInterventionSuggestsTheRightOne) {
  json d = RequestProblem(
      Request(kSurgeon, "expected_utility", {{"interventions", json::array({"survival_guarantee"})}}),
      "request.unknown_intervention");
  EXPECT_EQ(Message(d), "\"survival_guarantee\" is not an intervention of this model");
  EXPECT_EQ(Hint(d), "did you mean \"survival_guaranteed\"?");
}

TEST(ApiParamsTest, InterventionsNotAList) {
  json d = RequestProblem(Request(kSurgeon, "expected_utility", {{"interventions", "survival_guaranteed"}}),
                          "request.bad_parameter");
  EXPECT_EQ(Message(d), "\"interventions\" must be a list");
}

TEST(ApiParamsTest, InlineInterventionOnAnUnknownVariable) {
  json d =
      RequestProblem(Request(kSurgeon, "expected_utility",
                             {{"interventions", json::array({json{{"variable", "SS"}, {"value", "dies"}}})}}),
                     "request.unknown_variable");
  EXPECT_EQ(Message(d), "\"SS\" is not a variable of this model");
  EXPECT_EQ(Hint(d), "did you mean \"S\"?");
}

TEST(ApiParamsTest, InlineInterventionWithAnUnknownOutcome) {
  json d =
      RequestProblem(Request(kSurgeon, "expected_utility",
                             {{"interventions", json::array({json{{"variable", "S"}, {"value", "dead"}}})}}),
                     "request.unknown_outcome");
  EXPECT_EQ(Message(d), "\"dead\" is not an outcome of S");
}

TEST(ApiParamsTest, InlineInterventionWithoutValue) {
  json d = RequestProblem(
      Request(kSurgeon, "expected_utility", {{"interventions", json::array({json{{"variable", "S"}}})}}),
      "request.bad_parameter");
  EXPECT_EQ(Message(d), "a hard intervention needs a \"value\"");
}

TEST(ApiParamsTest, ContextualInterventionOnASettingThatDoesNotExist) {
  json params = {
      {"policy", "operate"},
      {"interventions", json::array({json{{"variable", "S"}, {"value", "dies"}, {"settings", {0, 2}}}})}};
  json d = RequestProblem(Request(kSurgeon, "expected_utility", params), "request.bad_parameter");
  EXPECT_EQ(Message(d), "setting 2 does not exist: settings are numbered 0 to 1");
}

TEST(ApiParamsTest, NegativeLimit) {
  json d = RequestProblem(Request(kSurgeon, "settings", {{"policy", "operate"}, {"limit", -1}}),
                          "request.bad_parameter");
  EXPECT_EQ(Message(d), "\"limit\" must be a whole number from 0 to 10000, not -1");
}

TEST(ApiParamsTest, GraphQueryMissing) {
  json d = RequestProblem(Request(kSurgeon, "graph"), "request.missing_parameter");
  EXPECT_EQ(Message(d), "this analysis needs the parameter \"query\"");
  EXPECT_EQ(Hint(d),
            "the question: parents, children, ancestors, descendants, paths, d_separated or connection");
}

TEST(ApiParamsTest, GraphQueryUnknownSuggestsTheRightOne) {
  json d = RequestProblem(Request(kSurgeon, "graph", {{"query", "parent"}, {"variable", "S"}}),
                          "request.bad_parameter");
  EXPECT_EQ(Message(d),
            "\"query\" must be \"parents\", \"children\", \"ancestors\", \"descendants\", \"paths\", "
            "\"d_separated\" or \"connection\", not \"parent\"");
  EXPECT_EQ(Hint(d), "did you mean \"parents\"?");
}

TEST(ApiParamsTest, GraphVariableUnknown) {
  json d = RequestProblem(Request(kSurgeon, "graph", {{"query", "children"}, {"variable", "Dd"}}),
                          "request.unknown_variable");
  EXPECT_EQ(Hint(d), "did you mean \"D\"?");
}

// ---- budgets -------------------------------------------------------------------------------------

TEST(ApiBudgetTest, TooManyPoliciesToList) {
  // D observes X with 17 outcomes: 2^17 = 131072 deterministic policies, more than 65536.
  std::string domain, cpd;
  for (int i = 0; i < 17; ++i) {
    domain += std::string(i ? ", " : "") + std::to_string(i);
    cpd += std::string(i ? ", " : "") + "\"" + std::to_string(i) + "\": \"1/17\"";
  }
  std::string model = "{\"kind\": \"scim\", \"variables\": {\"X\": {\"type\": \"chance\", \"domain\": [" +
                      domain + "], \"cpd\": {" + cpd +
                      "}}, \"D\": {\"type\": \"decision\", \"parents\": [\"X\"], \"domain\": [0, 1]}, "
                      "\"U\": {\"type\": \"utility\", \"parents\": [\"D\"], \"function\": \"D\"}}}";
  json d = RequestProblem(Request(model, "policies"), "analysis.budget_exceeded");
  EXPECT_EQ(Message(d), "the model has 131072 deterministic policies; this analysis evaluates at most 65536");
  EXPECT_EQ(Hint(d), "use \"optimal_policies\", which does not enumerate them");
  // optimal_policies solves it by backward induction instead.
  json response = motive::handle_request(Request(model, "optimal_policies"));
  ASSERT_TRUE(response.value("ok", false)) << Show(response);
  EXPECT_EQ(response["result"]["search"], "backward_induction");
  EXPECT_DOUBLE_EQ(response["result"]["expected_utility"].get<double>(), 1.0);
}

TEST(ApiBudgetTest, TooManyPoliciesToEnumerateWithoutPerfectRecall) {
  // Two decisions that each observe X (11 outcomes) but not each other: no perfect recall, and
  // 2^11 * 2^11 = 2^22 deterministic policies, more than 2^20.
  std::string domain, cpd;
  for (int i = 0; i < 11; ++i) {
    domain += std::string(i ? ", " : "") + std::to_string(i);
    cpd += std::string(i ? ", " : "") + "\"" + std::to_string(i) + "\": \"1/11\"";
  }
  std::string model =
      "{\"kind\": \"scim\", \"variables\": {\"X\": {\"type\": \"chance\", \"domain\": [" + domain +
      "], \"cpd\": {" + cpd +
      "}}, \"D1\": {\"type\": \"decision\", \"parents\": [\"X\"], \"domain\": [0, 1]}, "
      "\"D2\": {\"type\": \"decision\", \"parents\": [\"X\"], \"domain\": [0, 1]}, "
      "\"U\": {\"type\": \"utility\", \"parents\": [\"D1\", \"D2\"], \"function\": \"D1 * D2\"}}}";
  json d = RequestProblem(Request(model, "optimal_policies"), "analysis.budget_exceeded");
  EXPECT_TRUE(Message(d).find("4194304 deterministic policies, more than the budget of 2^20") !=
              std::string::npos)
      << Message(d);
  EXPECT_EQ(Hint(d), "give later decisions the earlier decisions and their observations as parents");
}

// ---- progress and cancellation -------------------------------------------------------------------

TEST(ApiProgressTest, CancelledByTheProgressCallback) {
  std::string model = TwentyCoins();
  int calls = 0;
  double first = -1;
  // Enumeration reports every 2^14 settings (elimination, per variable summed out: inference_test.cc).
  json response = motive::handle_request(Request(model, "expected_utility", {{"method", "enumerate"}}),
                                         [&](double fraction) {
                                           if (calls++ == 0) first = fraction;
                                           return false;
                                         });
  json d = OnlyDiagnostic(response);
  EXPECT_EQ(d["id"], "analysis.cancelled");
  EXPECT_EQ(d["line"], 0);
  EXPECT_EQ(d["message"], "the analysis was cancelled");
  EXPECT_EQ(calls, 1) << "the run stops at the first refusal";
  EXPECT_GT(first, 0.0);
  EXPECT_LT(first, 0.1) << "well before the end";
}

// The exact enumerations of games listen for a stop too (a fuzz finding: SBUE's exact moments on a Risk
// position, whose nodes take milliseconds each, ran minutes without reporting, deaf to the listener). On a
// tree of 2^15 plays (65,535 decision nodes) every exact enumeration reports at least once per 64 nodes.
TEST(ApiProgressTest, GameExactEnumerationsReportAndCanBeCancelled) {
  json stages = json::array();
  for (int t = 0; t < 15; ++t)
    stages.push_back({{"name", "s" + std::to_string(t)}, {"players", {"a"}}, {"actions", {{"x", {0, 1}}}}});
  const std::string tree = json{{"kind", "game"},
                                {"players", {"a", "b"}},
                                {"stages", stages},
                                {"payoffs", {{"a", "s0_a + s14_a"}, {"b", "s1_a"}}}}
                               .dump();
  for (const char* analysis : {"sbue", "simulate", "convergence"}) {
    json params = {{"depth", 15}, {"max_nodes", 1000000}};
    if (std::string(analysis) != "convergence") params["rollouts"] = 2;
    if (std::string(analysis) == "sbue") params["alternatives"] = 1;
    int calls = 0;
    json response = motive::handle_request(Request(tree, analysis, params), [&](double) {
      ++calls;
      return true;
    });
    ASSERT_TRUE(response.value("ok", false)) << analysis << ": " << response.dump().substr(0, 400);
    EXPECT_GE(calls, 65535 / 64) << analysis;
    calls = 0;
    response = motive::handle_request(Request(tree, analysis, params), [&](double) { return ++calls < 100; });
    EXPECT_EQ(OnlyDiagnostic(response)["id"], "analysis.cancelled") << analysis;
  }
}

TEST(ApiProgressTest, CancelledHalfWay) {
  std::string model = TwentyCoins();
  double last = 0;
  json response = motive::handle_request(Request(model, "settings", {{"limit", 1}}), [&](double fraction) {
    last = fraction;
    return fraction < 0.5;
  });
  EXPECT_EQ(OnlyDiagnostic(response)["id"], "analysis.cancelled");
  EXPECT_GE(last, 0.5);
  EXPECT_LT(last, 0.6);
}

TEST(ApiProgressTest, ProgressRisesToOne) {
  std::string model = TwentyCoins();
  std::vector<double> fractions;
  json response = motive::handle_request(Request(model, "expected_utility"), [&](double fraction) {
    fractions.push_back(fraction);
    return true;
  });
  ASSERT_TRUE(response.value("ok", false)) << Show(response);
  EXPECT_DOUBLE_EQ(response["result"]["policies"][0]["expected_utility"].get<double>(), 1.0);
  ASSERT_GE(fractions.size(), 2u);
  for (std::size_t i = 1; i < fractions.size(); ++i) EXPECT_GE(fractions[i], fractions[i - 1]) << i;
  EXPECT_GT(fractions.front(), 0.0);
  EXPECT_DOUBLE_EQ(fractions.back(), 1.0);
}

TEST(ApiProgressTest, ACancelledModelCanBeAskedAgain) {
  std::string model = TwentyCoins();
  motive::handle_request(Request(model, "expected_utility"), [](double) { return false; });
  json response = motive::handle_request(Request(model, "expected_utility"));
  ASSERT_TRUE(response.value("ok", false)) << Show(response);
  EXPECT_DOUBLE_EQ(response["result"]["policies"][0]["expected_utility"].get<double>(), 1.0);
}

// ---- never throws --------------------------------------------------------------------------------

TEST(ApiRobustnessTest, InvalidUtf8InTheModel) {
  const std::vector<std::string> models = {
      "\xff\xfe",
      "{\"kind\": \"scim\", \"variables\": {\"\xff\": {\"type\": \"chance\", \"domain\": [1], \"function\": "
      "\"1\"}}}",
      "{\"kind\": \"scim\", \"variables\": {\"X\": {\"type\": \"chance\", \"domain\": [1], \"function\": \"1 "
      "\xc3\"}}}",
      "{\"kind\": \"scim\", \"variables\": {\"X\": {\"type\": \"chance\", \"domain\": [\"\xe2\x82\"], "
      "\"function\": \"'\xe2\x82'\"}}}",
  };
  for (const std::string& model : models) {
    json response;
    EXPECT_NO_THROW(response = motive::handle_request(Request(model, "describe")));
    ASSERT_TRUE(response.is_object());
    ASSERT_TRUE(response.contains("ok"));
    if (!response["ok"].get<bool>()) {
      for (const json& d : response["diagnostics"]) EXPECT_GE(d["line"].get<int>(), 1) << Show(response);
    }
    // The same through the text entry point, with the request's own invalid bytes replaced.
    std::string text = Request(model, "describe").dump(-1, ' ', false, json::error_handler_t::replace);
    std::string answer;
    EXPECT_NO_THROW(answer = motive::handle_request_text(text));
    EXPECT_FALSE(json::parse(answer, nullptr, false).is_discarded()) << "the response is valid JSON";
  }
}

// Engine bug: a request text with invalid UTF-8 makes handle_request_text throw
// nlohmann::json::type_error 316 instead of answering request.malformed. json::parse rejects the
// request, its error message quotes the invalid bytes, and failure(...).dump() is called without
// the "replace" error handler. (`printf '{"model": "\xff", "analysis": "describe"}' | motive request`
// prints "motive: [json.exception.type_error.316] invalid UTF-8 byte ...".)
TEST(ApiRobustnessTest, InvalidUtf8InTheRequestText) {
  std::string answer;
  EXPECT_NO_THROW(answer =
                      motive::handle_request_text("{\"model\": \"\xff\xfe\", \"analysis\": \"describe\"}"));
  json response = json::parse(answer, nullptr, false);
  ASSERT_FALSE(response.is_discarded()) << answer;
  EXPECT_EQ(OnlyDiagnostic(response)["id"], "request.malformed");
}

// Engine bug: a decision whose observations number more than 2^31 is read without complaint, and
// describe then gives "deterministic_policy_count": 0.5 (2 actions ^ the overflowed count -1). It
// should be refused as model.too_large, or at least not count fewer than one policy.
TEST(ApiRobustnessTest, DecisionWithTooManyObservations) {
  std::string text = "{\"kind\": \"scim\", \"variables\": {\n";
  std::string parents;
  for (int i = 0; i < 32; ++i) {
    text += "  \"P" + std::to_string(i) +
            "\": {\"type\": \"chance\", \"domain\": [0, 1], \"function\": \"0\"},\n";
    parents += std::string(i ? ", " : "") + "\"P" + std::to_string(i) + "\"";
  }
  text += "  \"D\": {\"type\": \"decision\", \"parents\": [" + parents + "], \"domain\": [\"a\", \"b\"]}\n}}";
  json response = motive::handle_request(Request(text, "describe"));
  if (response.value("ok", false)) {
    const json& count = response["result"]["deterministic_policy_count"];
    EXPECT_FALSE(count.is_number() && count.get<double>() < 1) << count;
  } else {
    EXPECT_EQ(OnlyDiagnostic(response)["id"], "model.too_large");
  }
  // With a policy the same model makes the reader throw: the API answers engine.internal.
  text.erase(text.size() - 1);
  text += ", \"policies\": {\"always_a\": {\"D\": \"'a'\"}}}";
  json with_policy = motive::handle_request(Request(text, "describe"));
  ASSERT_FALSE(with_policy.value("ok", true));
  EXPECT_EQ(with_policy["diagnostics"][0].value("id", ""), "model.too_large") << Show(with_policy);
}

// Engine bug: the same dump() problem as in the reader (reader_test.cc, ReaderRobustnessTest): a
// model_name or an intervention value that is not valid UTF-8 is quoted with dump() and the API
// answers engine.internal ("[json.exception.type_error.316] invalid UTF-8 byte ...") instead of
// request.unknown_model / request.unknown_outcome.
TEST(ApiRobustnessTest, RequestValuesWithInvalidUtf8) {
  json request = Request(kTwoModels, "describe");
  request["model_name"] = "objective\xff";
  json d = OnlyDiagnostic(motive::handle_request(request));
  EXPECT_EQ(d.value("id", ""), "request.unknown_model") << Show(d);

  json params = {{"interventions", json::array({json{{"variable", "S"}, {"value", "dies\xff"}}})}};
  json e = OnlyDiagnostic(motive::handle_request(Request(kSurgeon, "expected_utility", params)));
  EXPECT_EQ(e.value("id", ""), "request.unknown_outcome") << Show(e);
}

// A valid model, mutated 2000 times at random (characters deleted, inserted and replaced): every
// answer is a response, never an exception; problems with the text always have a position.
TEST(ApiRobustnessTest, RandomMutationsOfAValidModel) {
  std::string original;
  {
    std::ifstream in(std::filesystem::path(MOTIVE_SOURCE_DIR) / "examples" / "intention" / "spy.jsonc",
                     std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    original = s.str();
  }
  if (original.empty()) original = kSurgeon;
  ASSERT_TRUE(motive::handle_request(Request(original, "describe")).value("ok", false));

  const std::string alphabet = "{}[]\":,'/*\\ \n-.0123456789eE?=!&|<>()+ abcnoiseXDTU_\xc3\xa9\xff";
  const std::vector<std::string> analyses = {"describe", "expected_utility", "optimal_policies",
                                             "settings", "policies",         "graph"};
  std::mt19937 random(7);
  int ok = 0, failed = 0;
  for (int round = 0; round < 2000; ++round) {
    std::string text = original;
    int edits = 1 + static_cast<int>(random() % 4);
    for (int e = 0; e < edits && !text.empty(); ++e) {
      std::size_t at = random() % text.size();
      char c = alphabet[random() % alphabet.size()];
      switch (random() % 3) {
        case 0:
          text.erase(at, 1 + random() % 3);
          break;
        case 1:
          text.insert(at, 1, c);
          break;
        default:
          text[at] = c;
          break;
      }
    }
    json params = json::object();
    const std::string& analysis = analyses[round % analyses.size()];
    if (analysis == "settings") params = {{"policy", "truthful"}, {"limit", 3}};
    if (analysis == "graph") params = {{"query", "ancestors"}, {"variable", "U"}};
    json response;
    ASSERT_NO_THROW(response = motive::handle_request(Request(text, analysis, params))) << text;
    ASSERT_TRUE(response.is_object() && response.contains("ok") && response["ok"].is_boolean()) << text;
    if (response["ok"].get<bool>()) {
      ++ok;
      EXPECT_TRUE(response.contains("result"));
      continue;
    }
    ++failed;
    ASSERT_FALSE(response["diagnostics"].empty()) << text;
    for (const json& d : response["diagnostics"]) {
      std::string id = d.value("id", "");
      EXPECT_NE(id, "engine.internal") << Show(d) << "\n" << text;
      EXPECT_FALSE(d.value("message", "").empty()) << id;
      bool about_text = id.rfind("json.", 0) == 0 || id.rfind("model.", 0) == 0 || id.rfind("expr.", 0) == 0;
      if (about_text) {
        EXPECT_GE(d.value("line", 0), 1) << Show(d) << "\n" << text;
        EXPECT_GE(d.value("column", 0), 1) << Show(d);
      }
    }
    if (round % 10 == 0) {
      std::string request =
          Request(text, analysis, params).dump(-1, ' ', false, json::error_handler_t::replace);
      std::string answer;
      ASSERT_NO_THROW(answer = motive::handle_request_text(request)) << text;
      EXPECT_FALSE(json::parse(answer, nullptr, false).is_discarded());
    }
  }
  EXPECT_GT(failed, 1000) << "most mutations break the model";
  EXPECT_GT(ok, 10) << "some survive (in comments and descriptions)";
}

}  // namespace
