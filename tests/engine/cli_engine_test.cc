// The `motive` command against the real engine: what docs/cli.md shows, the catalogue's kinds in the
// usage, typed parameters, and the printers of the table meeting the results the engine gives.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "api/api.h"
#include "cli/cli.h"
#include "cli/printers.h"

namespace motive::cli {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

struct Ran {
  int status;
  std::string out, err;
};

Ran motive(const std::vector<std::string>& args) {
  std::istringstream in;
  std::ostringstream out, err;
  int status = run(args, in, out, err, [](std::string_view request) { return handle_request_text(request); });
  return {status, out.str(), err.str()};
}

std::string example(const std::string& path) {
  return (fs::path(MOTIVE_SOURCE_DIR) / "examples" / path).string();
}

std::vector<fs::path> example_files() {
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(fs::path(MOTIVE_SOURCE_DIR) / "examples"))
    if (entry.path().extension() == ".jsonc" || entry.path().extension() == ".json")
      files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(CliEngine, CheckSummarisesEveryExampleByItsKind) {
  for (const fs::path& file : example_files()) {
    Ran r = motive({"check", file.string()});
    EXPECT_EQ(r.status, 0) << file << r.err;
    json kind = handle_request({{"model", read_text(file)}, {"analysis", "describe"}})["kind"];
    const std::string expected_start = file.string() + ": ok (";
    EXPECT_EQ(r.out.rfind(expected_start, 0), 0u) << r.out;
    // A kind with a summary of its own says what the model holds, not just its kind.
    if (kind == "scim") {
      EXPECT_NE(r.out.find(" variables, "), std::string::npos) << r.out;
    } else if (kind == "gridworld" || kind == "mdp") {
      EXPECT_NE(r.out.find(kind.get<std::string>() + ", "), std::string::npos) << r.out;
    }
  }
  EXPECT_EQ(motive({"check", example("intention/spy.jsonc")}).out,
            example("intention/spy.jsonc") + ": ok (4 variables, 6 settings, 1 model)\n");
  EXPECT_EQ(motive({"check", example("meg/cliffworld.jsonc")}).out,
            example("meg/cliffworld.jsonc") + ": ok (gridworld, 40 states, 4 actions, 1 variant)\n");
}

TEST(CliEngine, UsageListsEveryKindWithEveryAnalysisIncludingGridworldIntention) {
  Ran r = motive({"help"});
  EXPECT_EQ(r.status, 0);
  json catalogue = handle_request({{"analysis", "catalogue"}})["result"];
  for (const json& kind : catalogue["kinds"]) {
    const std::string name = kind["name"];
    const std::size_t at = r.out.find("\n  " + name + " ");
    ASSERT_NE(at, std::string::npos) << name << " is missing from the usage:\n" << r.out;
    // Up to the next kind's line (the analyses' lines are indented further).
    std::size_t end = at;
    do end = r.out.find("\n  ", end + 1);
    while (end != std::string::npos && r.out[end + 3] == ' ');
    const std::string listed = r.out.substr(at, end == std::string::npos ? std::string::npos : end - at);
    for (const json& a : kind["analyses"])
      EXPECT_NE(listed.find(a["name"].get<std::string>()), std::string::npos) << name << " " << a["name"];
  }
}

TEST(CliEngine, OptimalPoliciesPrintAsDocsCliMdShows) {
  Ran r = motive({"analyze", example("intention/spy.jsonc"), "optimal_policies"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(
      r.out.substr(0, r.out.find("\n\n", r.out.find("decision D"))),
      "search: backward_induction (enumerate)   expected utility: 0.9   optimal deterministic policies: 1\n"
      "\n"
      "decision D\n"
      "observation  P    expected utility by action  optimal\n"
      "X=east       0.5  east: 0.9  west: 0.1        east\n"
      "X=west       0.5  east: 0.1  west: 0.9        west");
}

TEST(CliEngine, AMisspelledParameterIsAnErrorWithADidYouMean) {
  Ran r = motive({"analyze", example("intention/spy.jsonc"), "settings", "polcy=truthful"});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("[request.unknown_parameter]"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("did you mean \"policy\"?"), std::string::npos) << r.err;
}

TEST(CliEngine, ListsMayBeWrittenWithCommas) {
  // The CoinRun agent trained on one level does not adapt when the coin moves (Ward et al. 2024,
  // Section 7): interventions=coin_moved is the list ["coin_moved"].
  Ran r = motive(
      {"analyze", example("meg/coinrun.jsonc"), "intention", "interventions=coin_moved",
       R"(agent={"kind": "q_learning", "episodes": 3000, "seed": 1, "observation": "goal_direction", "train_variants": ["base"]})"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("  coin_moved: does not adapt"), std::string::npos) << r.out;
  Ran sweep = motive({"analyze", example("meg/cliffworld.jsonc"), "meg_sweep", "parameter=epsilon",
                      "values=0,0.5", "utility=known"});
  EXPECT_EQ(sweep.status, 0) << sweep.err;
  EXPECT_EQ(sweep.out.substr(0, sweep.out.find('\n')), "epsilon  known MEG  unknown MEG  beta*");
}

TEST(CliEngine, JsonPrintsTheEnginesReply) {
  Ran r =
      motive({"analyze", example("intention/spy.jsonc"), "expected_utility", "policy=truthful", "--json"});
  EXPECT_EQ(r.status, 0);
  json expected = handle_request({{"model", read_text(example("intention/spy.jsonc"))},
                                  {"analysis", "expected_utility"},
                                  {"params", {{"policy", "truthful"}}}});
  EXPECT_EQ(json::parse(r.out), expected);
}

// Each printer of the table reads the results the engine gives (and does not fall back to the
// generic printer) on every example of its kind, with default parameters or the model's first
// policy.
TEST(CliEngine, ThePrintersOfTheTableReadTheEnginesResults) {
  json catalogue = handle_request({{"analysis", "catalogue"}})["result"];
  int printed = 0;
  for (const fs::path& file : example_files()) {
    const std::string text = read_text(file);
    json described = handle_request({{"model", text}, {"analysis", "describe"}});
    ASSERT_TRUE(described["ok"].get<bool>()) << file;
    const std::string kind = described["kind"];
    std::string policy;
    for (const json& p : described["result"].value("policies", json::array()))
      if (p.is_object() && p.value("deterministic", false) && policy.empty()) policy = p["name"];
    for (const json& k : catalogue["kinds"]) {
      if (k["name"] != kind) continue;
      for (const json& a : k["analyses"]) {
        const std::string analysis = a["name"];
        if (!has_printer(kind, analysis)) continue;
        json params = json::object();
        if (analysis == "meg_sweep")
          params = {{"parameter", "epsilon"}, {"values", {0, 0.1}}, {"utility", {"known"}}};
        if (analysis == "intention" && kind == "scim") {
          if (policy.empty()) continue;
          params["policy"] = policy;
        }
        json reply = handle_request({{"model", text}, {"analysis", analysis}, {"params", params}});
        if (!reply["ok"].get<bool>()) continue;  // a documented refusal (the conformance test's concern)
        std::ostringstream out;
        EXPECT_TRUE(print_by_table(kind, analysis, reply["result"], out)) << file << " " << analysis;
        ++printed;
      }
    }
  }
  EXPECT_GT(printed, 40);
}

}  // namespace
}  // namespace motive::cli
