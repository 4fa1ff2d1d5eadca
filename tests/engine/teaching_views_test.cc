// What the page's teaching views ask of the engine (issue 24), each checked against an independent
// computation: the open trails and d-separation of two variables (DAGitty's question), value iteration
// sweep by sweep, an MDP's transitions for its state graph, a small game's tree and payoff table
// (OpenSpiel's views), and the small fixes: games take "source", a suggestion prefers the name that
// differs less with case counted, a missing adventure start points at "scenes", and `motive check`
// takes several files with a summary line.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "api_support.h"
#include "cli/cli.h"
#include "core/diagnostics.h"
#include "scim/graph.h"

namespace motive {
namespace {

using nlohmann::json;
using test::analyze;
using test::request;
namespace fs = std::filesystem;

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string example(const std::string& path) {
  return read_text(fs::path(MOTIVE_SOURCE_DIR) / "examples" / path);
}

// ---- did you mean ------------------------------------------------------------------------------------

TEST(TeachingFixes, ASuggestionPrefersTheNameThatDiffersLessWithCaseCounted) {
  // "Dx" is one edit from "D" and from "X" with case ignored; with case counted, "D" is one and "X" two.
  EXPECT_EQ(closest_match("Dx", {"X", "D"}), "D");
  EXPECT_EQ(closest_match("Dx", {"D", "X"}), "D");
  EXPECT_EQ(closest_match("dX", {"D", "X"}), "X");
  // Case is still ignored when nothing else separates them.
  EXPECT_EQ(closest_match("esat", {"west", "east"}), "east");
  // Through a model: the unknown parent's hint names D.
  const std::string model = R"({"kind": "scim", "variables": {
    "X": {"type": "chance", "domain": [0, 1], "cpd": {"0": 0.5, "1": 0.5}},
    "D": {"type": "decision", "domain": [0, 1], "parents": ["X"]},
    "U": {"type": "utility", "parents": ["Dx"], "function": "1"}}})";
  json r = request(model, "describe");
  ASSERT_FALSE(r["ok"].get<bool>());
  bool found = false;
  for (const json& d : r["diagnostics"])
    if (d["id"] == "model.unknown_parent") {
      found = true;
      EXPECT_EQ(d["hint"], "did you mean \"D\"?") << d.dump();
    }
  EXPECT_TRUE(found) << r.dump(2);
}

// ---- games take "source" --------------------------------------------------------------------------

TEST(TeachingFixes, GamesTakeASourceAndDescribeGivesItWithTheDescription) {
  const std::string user = R"({"kind": "game", "title": "T", "description": "what it is",
    "source": "a paper, 2024", "players": ["a", "b"],
    "stages": [{"name": "s", "players": ["a"], "actions": {"x": ["l", "r"]}}],
    "payoffs": {"a": "s_a == 'l' ? 1 : 0", "b": "0"}})";
  json d = analyze(user, "describe");
  EXPECT_EQ(d["description"], "what it is");
  EXPECT_EQ(d["source"], "a paper, 2024");
  const std::string cop = R"({"kind": "game", "builtin": "communicate-out-of-prison",
    "source": "Orner et al.", "description": "three agents"})";
  json c = analyze(cop, "describe");
  EXPECT_EQ(c["source"], "Orner et al.");
  EXPECT_EQ(c["description"], "three agents");
  // Every game example now says where it comes from.
  for (const char* name : {"cop.jsonc", "cop-two-politicians.jsonc", "public-goods.jsonc",
                           "stag-hunt-opportunist.jsonc", "hidden-hostility.jsonc"}) {
    json e = analyze(example(std::string("games/") + name), "describe");
    EXPECT_TRUE(e.contains("description")) << name;
  }
}

// ---- a missing adventure start ---------------------------------------------------------------------

TEST(TeachingFixes, AMissingAdventureStartPointsAtTheScenesAndNamesTheFirst) {
  std::string heist = example("adventures/heist.jsonc");
  // Delete the "start" line.
  std::istringstream lines(heist);
  std::string line, without;
  int scenes_line = 0, n = 0;
  while (std::getline(lines, line)) {
    ++n;
    if (line.find("\"start\":") != std::string::npos && line.find("\"start\":") < 6) continue;
    without += line + "\n";
  }
  std::istringstream again(without);
  n = 0;
  while (std::getline(again, line)) {
    ++n;
    if (line.find("\"scenes\":") != std::string::npos && scenes_line == 0) scenes_line = n;
  }
  ASSERT_GT(scenes_line, 0);
  json r = request(without, "describe");
  ASSERT_FALSE(r["ok"].get<bool>()) << "the start line was not removed";
  ASSERT_EQ(r["diagnostics"].size(), 1u) << r.dump(2);
  const json& d = r["diagnostics"][0];
  EXPECT_EQ(d["id"], "model.missing_field");
  EXPECT_EQ(d["line"], scenes_line);
  EXPECT_EQ(d["end_line"], scenes_line);  // the key, not the whole file
  EXPECT_NE(d["hint"].get<std::string>().find("\"start\": \""), std::string::npos) << d.dump();
}

// ---- motive check with several files ----------------------------------------------------------------

struct Ran {
  int status;
  std::string out, err;
};

Ran motive(const std::vector<std::string>& args) {
  std::istringstream in;
  std::ostringstream out, err;
  int status = cli::run(args, in, out, err, [](std::string_view r) { return handle_request_text(r); });
  return {status, out.str(), err.str()};
}

TEST(TeachingFixes, CheckTakesSeveralFilesAndFoldersWithASummaryLine) {
  const fs::path dir = fs::temp_directory_path() / "motive-check-several";
  fs::remove_all(dir);
  fs::create_directories(dir / "sub");
  fs::copy_file(fs::path(MOTIVE_SOURCE_DIR) / "examples/intention/spy.jsonc", dir / "a-spy.jsonc");
  fs::copy_file(fs::path(MOTIVE_SOURCE_DIR) / "examples/meg/cliffworld.jsonc", dir / "sub/b-cliff.jsonc");
  {
    std::ofstream broken(dir / "c-broken.json");
    broken
        << R"({"kind": "scim", "variables": {"U": {"type": "utility", "parents": ["Q"], "function": "1"}}})";
  }
  std::ofstream(dir / "notes.txt") << "not a model";
  // A folder: its models in name order (subfolders too), then the summary; one has errors: status 1.
  Ran r = motive({"check", dir.string()});
  EXPECT_EQ(r.status, 1);
  const std::string a = (dir / "a-spy.jsonc").string(), b = (dir / "sub/b-cliff.jsonc").string();
  EXPECT_EQ(r.out, a + ": ok (4 variables, 6 settings, 1 model)\n" + b +
                       ": ok (gridworld, 40 states, 4 actions, 1 variant)\n3 models: 2 ok, 1 with errors\n");
  EXPECT_NE(r.err.find((dir / "c-broken.json").string() + ":1:"), std::string::npos) << r.err;
  // Files as given, all valid: status 0 and the summary.
  Ran ok = motive({"check", a, b});
  EXPECT_EQ(ok.status, 0);
  EXPECT_NE(ok.out.find("2 models: 2 ok, 0 with errors\n"), std::string::npos) << ok.out;
  // One file: no summary, as before.
  EXPECT_EQ(motive({"check", a}).out, a + ": ok (4 variables, 6 settings, 1 model)\n");
  fs::remove_all(dir);
}

// ---- d-separation and open trails -------------------------------------------------------------------

// An independent reading of "open": a trail (listed in order) is open given z when every collider on
// it is in z or has a descendant in z (found here by a plain search of children), and no other of
// its inner variables is in z; and it is a trail: consecutive variables adjacent, none repeated.
bool trail_is_open(const scim::Graph& g, const std::vector<int>& t, const std::set<int>& z) {
  auto parent_of = [&](int u, int v) {
    const auto& ps = g.parents(v);
    return std::find(ps.begin(), ps.end(), u) != ps.end();
  };
  if (std::set<int>(t.begin(), t.end()).size() != t.size()) return false;
  for (std::size_t i = 0; i + 1 < t.size(); ++i)
    if (!parent_of(t[i], t[i + 1]) && !parent_of(t[i + 1], t[i])) return false;
  for (std::size_t i = 1; i + 1 < t.size(); ++i) {
    const int v = t[i];
    if (parent_of(t[i - 1], v) && parent_of(t[i + 1], v)) {
      bool opened = z.count(v) > 0;
      std::vector<int> todo = {v};
      std::set<int> seen;
      while (!todo.empty() && !opened) {
        int u = todo.back();
        todo.pop_back();
        for (int c : g.children(u))
          if (seen.insert(c).second) {
            if (z.count(c)) opened = true;
            todo.push_back(c);
          }
      }
      if (!opened) return false;
    } else if (z.count(v)) {
      return false;
    }
  }
  return true;
}

// Every simple trail between two variables, by brute force over the undirected adjacency.
void all_trails(const scim::Graph& g, std::vector<int>& trail, int to, std::vector<std::vector<int>>* out) {
  const int v = trail.back();
  if (v == to) {
    out->push_back(trail);
    return;
  }
  std::vector<int> next = g.parents(v);
  next.insert(next.end(), g.children(v).begin(), g.children(v).end());
  for (int w : next) {
    if (std::find(trail.begin(), trail.end(), w) != trail.end()) continue;
    trail.push_back(w);
    all_trails(g, trail, to, out);
    trail.pop_back();
  }
}

TEST(TeachingGraph, OpenTrailsAreExactlyTheOpenOnesAndNoneExactlyWhenDSeparated) {
  std::mt19937 rng(24);
  int separated = 0, connected = 0;
  for (int round = 0; round < 300; ++round) {
    const int n = 3 + static_cast<int>(rng() % 6);
    std::vector<std::vector<int>> parents(n);
    for (int v = 1; v < n; ++v)
      for (int u = 0; u < v; ++u)
        if (rng() % 100 < 35) parents[v].push_back(u);
    scim::Graph g(parents);
    const int x = static_cast<int>(rng() % n);
    int y = static_cast<int>(rng() % n);
    if (y == x) y = (x + 1) % n;
    std::vector<int> z;
    for (int v = 0; v < n; ++v)
      if (v != x && v != y && rng() % 100 < 30) z.push_back(v);
    bool truncated = true;
    const auto trails = g.open_trails(x, y, z, 100000, 1000000, &truncated);
    EXPECT_FALSE(truncated);
    const std::set<int> zs(z.begin(), z.end());
    std::vector<std::vector<int>> every, open;
    std::vector<int> start = {x};
    all_trails(g, start, y, &every);
    for (const auto& t : every)
      if (trail_is_open(g, t, zs)) open.push_back(t);
    std::sort(open.begin(), open.end());
    auto listed = trails;
    std::sort(listed.begin(), listed.end());
    EXPECT_EQ(listed, open) << "round " << round;
    EXPECT_EQ(trails.empty(), g.d_separated({x}, {y}, z)) << "round " << round;
    (trails.empty() ? separated : connected)++;
  }
  EXPECT_GT(separated, 20);
  EXPECT_GT(connected, 20);
}

TEST(TeachingGraph, ConnectionAnswersTheTextbookCases) {
  // X → M → Y (a chain), X ← W → Y (a fork), X → C ← Y (a collider) and C → K (its descendant).
  const std::string model = R"({"kind": "scim", "variables": {
    "W": {"type": "chance", "domain": [0, 1], "cpd": {"0": 0.5, "1": 0.5}},
    "X": {"type": "chance", "domain": [0, 1], "parents": ["W"], "function": "W"},
    "M": {"type": "chance", "domain": [0, 1], "parents": ["X"], "function": "X"},
    "Y": {"type": "chance", "domain": [0, 1], "parents": ["M", "W"], "function": "M"},
    "C": {"type": "chance", "domain": [0, 1], "parents": ["X", "Y"], "function": "X"},
    "K": {"type": "chance", "domain": [0, 1], "parents": ["C"], "function": "C"}}})";
  auto ask = [&](const json& given) {
    return analyze(model, "graph", {{"query", "connection"}, {"from", "X"}, {"to", "Y"}, {"given", given}});
  };
  json none = ask(json::array());
  EXPECT_FALSE(none["d_separated"].get<bool>());
  EXPECT_EQ(none["directed_paths"], json::parse(R"([["X", "M", "Y"]])"));
  EXPECT_EQ(none["open_paths"], json::parse(R"([["X", "W", "Y"], ["X", "M", "Y"]])"));
  EXPECT_FALSE(none["truncated"].get<bool>());
  json mediator = ask({"M"});
  EXPECT_EQ(mediator["open_paths"], json::parse(R"([["X", "W", "Y"]])"));
  json both = ask({"M", "W"});
  EXPECT_TRUE(both["d_separated"].get<bool>());
  EXPECT_EQ(both["open_paths"], json::array());
  // Conditioning on the collider's descendant opens X → C ← Y.
  json opened = ask({"M", "W", "K"});
  EXPECT_FALSE(opened["d_separated"].get<bool>());
  EXPECT_EQ(opened["open_paths"], json::parse(R"([["X", "C", "Y"]])"));
  EXPECT_EQ(opened["given"], json::parse(R"(["M", "W", "K"])"));
}

// ---- value iteration sweep by sweep -------------------------------------------------------------------

// A small MDP: two states, two actions, read back through describe's transitions (checked against
// the file) and swept by hand.
const char* kTwoStates = R"({"kind": "mdp", "states": ["a", "b"], "actions": ["stay", "go"],
  "start": {"a": 1}, "discount": 0.8,
  "transitions": {
    "a": {"stay": {"a": 1}, "go": {"b": 0.9, "a": 0.1}},
    "b": {"stay": {"b": 1}, "go": {"a": 1}}},
  "utilities": {"a": {"stay": 0, "go": -1}, "b": {"stay": 2, "go": 0}}})";

TEST(TeachingMdp, DescribeListsTheTransitionsOfAnMdpWithoutAMap) {
  json d = analyze(kTwoStates, "describe");
  ASSERT_TRUE(d.contains("transitions")) << d.dump();
  // (a, go): to b 0.9 and a 0.1, utility −1.
  bool seen = false;
  for (const json& t : d["transitions"]) {
    double total = 0;
    for (const json& to : t["to"]) total += to["probability"].get<double>();
    EXPECT_NEAR(total, 1, 1e-12);
    if (t["state"] == 0 && t["action"] == 1) {
      seen = true;
      EXPECT_EQ(t["utility"], -1);
      std::map<int, double> p;
      for (const json& to : t["to"]) p[to["state"].get<int>()] = to["probability"].get<double>();
      EXPECT_NEAR(p[1], 0.9, 1e-12);
      EXPECT_NEAR(p[0], 0.1, 1e-12);
    }
  }
  EXPECT_TRUE(seen);
  // A gridworld draws its map instead.
  EXPECT_FALSE(analyze(example("meg/cliffworld.jsonc"), "describe").contains("transitions"));
  // The recycling robot: every (state, action) it allows has a row.
  json robot = analyze(example("meg/recycling-robot.jsonc"), "describe");
  EXPECT_GE(robot["transitions"].size(), 5u);
}

TEST(TeachingMdp, ValueIterationSweepsAreTheSynchronousBellmanBackups) {
  // By hand: Q_k(s, a) = r(s, a) + 0.8 Σ T V_k; V_{k+1} = max_a Q_k (or the soft maximum).
  const double r[2][2] = {{0, -1}, {2, 0}};
  auto backup = [&](const std::vector<double>& v, double beta) {
    std::vector<double> next(2);
    const double q[2][2] = {{r[0][0] + 0.8 * v[0], r[0][1] + 0.8 * (0.9 * v[1] + 0.1 * v[0])},
                            {r[1][0] + 0.8 * v[1], r[1][1] + 0.8 * v[0]}};
    for (int s = 0; s < 2; ++s)
      next[s] = std::isinf(beta) ? std::max(q[s][0], q[s][1])
                                 : std::log(std::exp(beta * q[s][0]) + std::exp(beta * q[s][1])) / beta;
    return next;
  };
  for (double beta : {static_cast<double>(INFINITY), 2.0}) {
    json params = {{"sweeps", 30}};
    if (!std::isinf(beta)) params["beta"] = beta;
    json out = analyze(kTwoStates, "value_iteration", params);
    ASSERT_EQ(out["sweeps"].size(), 31u) << out.dump();  // not converged to 1e-6 in 30 sweeps
    EXPECT_FALSE(out["converged"].get<bool>());
    EXPECT_EQ(out["method"], std::isinf(beta) ? "value_iteration" : "soft_value_iteration");
    std::vector<double> v = {0, 0};
    for (int k = 0; k <= 30; ++k) {
      const json& sweep = out["sweeps"][k];
      EXPECT_EQ(sweep["sweep"], k);
      for (int s = 0; s < 2; ++s) EXPECT_NEAR(sweep["values"][s].get<double>(), v[s], 1e-9) << k;
      const std::vector<double> next = backup(v, beta);
      if (k < 30) {
        const double change = std::max(std::abs(next[0] - v[0]), std::abs(next[1] - v[1]));
        EXPECT_NEAR(out["sweeps"][k + 1]["change"].get<double>(), change, 1e-9);
      }
      v = next;
    }
  }
  // Run to convergence, plain value iteration ends where solve does, with its optimal policy.
  json all = analyze(kTwoStates, "value_iteration", {{"sweeps", 1000}});
  EXPECT_TRUE(all["converged"].get<bool>());
  json solve = analyze(kTwoStates, "solve");
  const json& last = all["sweeps"].back();
  for (int s = 0; s < 2; ++s)
    EXPECT_NEAR(last["values"][s].get<double>(), solve["values"][s].get<double>(), 1e-4);
  EXPECT_EQ(last["policy"], solve["optimal_policy"]);
  EXPECT_LE(last["change"].get<double>(), 1e-6 * 10);
}

TEST(TeachingMdp, ValueIterationOnCliffWorldEndsInTheOptimalPolicyAndRefusesHugeReplies) {
  const std::string cliff = example("meg/cliffworld.jsonc");
  json all = analyze(cliff, "value_iteration", {{"sweeps", 2000}});
  EXPECT_TRUE(all["converged"].get<bool>());
  json solve = analyze(cliff, "solve");
  const json& last = all["sweeps"].back();
  for (std::size_t s = 0; s < solve["values"].size(); ++s)
    EXPECT_NEAR(last["values"][s].get<double>(), solve["values"][s].get<double>(), 1e-3) << s;
  EXPECT_EQ(last["policy"], solve["optimal_policy"]);
  // A 100 × 100 grid: 10,000 states × 5 numbers a sweep; 19 sweeps (and V_0) fit in a million numbers,
  // 20 do not.
  json map = json::array();
  for (int row = 0; row < 100; ++row)
    map.push_back(row == 0 ? "S" + std::string(98, '.') + "G" : std::string(100, '.'));
  const std::string big = json{{"kind", "gridworld"}, {"discount", 0.9}, {"map", map}}.dump();
  EXPECT_TRUE(request(big, "value_iteration", {{"sweeps", 3}})["ok"].get<bool>());
  json refused = request(big, "value_iteration", {{"sweeps", 20}});
  ASSERT_FALSE(refused["ok"].get<bool>());
  EXPECT_EQ(refused["diagnostics"][0]["id"], "request.bad_parameter");
  EXPECT_NE(refused["diagnostics"][0]["hint"].get<std::string>().find("at most 19 sweeps"), std::string::npos)
      << refused.dump();
}

TEST(TeachingMdp, QLearningsCurveIsTheMeanReturnOfEachWindowAndAShortTrainingIsItsStart) {
  const std::string coin = example("meg/coinrun.jsonc");
  auto training = [&](int episodes) {
    return analyze(coin, "solve",
                   {{"agent", {{"kind", "q_learning"}, {"episodes", episodes}}}})["agent"]["training"];
  };
  const json full = training(1000);
  const json& returns = full["returns"];
  ASSERT_EQ(returns.size(), 1000u);
  ASSERT_EQ(full["curve"].size(), 100u);  // windows of 10
  for (std::size_t w = 0; w < 100; ++w) {
    double sum = 0;
    for (std::size_t e = 10 * w; e < 10 * w + 10; ++e) sum += returns[e].get<double>();
    EXPECT_EQ(full["curve"][w]["episodes"], 10 * w + 10);
    EXPECT_NEAR(full["curve"][w]["mean_return"].get<double>(), sum / 10, 1e-9);
  }
  // 250 episodes are the first 250 of 1000 (the page grows the curve this way).
  const json quarter = training(250);
  for (std::size_t e = 0; e < 250; ++e) EXPECT_EQ(quarter["returns"][e], returns[e]) << e;
  EXPECT_EQ(training(7)["curve"].size(), 7u);  // fewer episodes than points: one each
}

// ---- the game tree and the payoff table -----------------------------------------------------------

// The stag hunt's payoffs as the file writes them.
std::vector<double> stag_payoffs(bool good, const std::string& h1, const std::string& h2,
                                 const std::string& o) {
  const bool stag = h1 == "stag" && h2 == "stag" && good;
  auto hunter = [&](const std::string& me, const std::string& other) {
    if (me == "hare") return 1.0;
    return other == "stag" && good ? (o == "steal" ? 3.0 : 4.0) : 0.0;
  };
  return {hunter(h1, h2), hunter(h2, h1), o == "hare" ? 1.0 : (stag ? 2.0 : 0.0)};
}

TEST(TeachingGames, TheStagHuntsTreeHasItsSimultaneousMoveAsOneInformationSet) {
  const std::string stag = example("games/stag-hunt-opportunist.jsonc");
  json t = analyze(stag, "game_tree");
  const json& nodes = t["nodes"];
  // Chance (1), hunter1 after each day (2), hunter2 after each of its choices (4), the opportunist (8),
  // the leaves (16).
  ASSERT_EQ(nodes.size(), 31u);
  std::map<std::string, int> by_type;
  for (const json& n : nodes) by_type[n["type"]]++;
  EXPECT_EQ(by_type["chance"], 1);
  EXPECT_EQ(by_type["decision"], 14);
  EXPECT_EQ(by_type["terminal"], 16);
  // hunter2 cannot see hunter1's choice: its two nodes of each day form one information set.
  std::map<int, std::vector<int>> hunter2_sets;
  for (const json& n : nodes)
    if (n["type"] == "decision" && n["player"] == "hunter2")
      hunter2_sets[n["information_set"]].push_back(n["id"]);
  ASSERT_EQ(hunter2_sets.size(), 2u);
  for (const auto& [id, members] : hunter2_sets) EXPECT_EQ(members.size(), 2u);
  // Every leaf's returns are the payoffs of its path; every edge's probability the policy's.
  int leaves = 0;
  for (const json& n : nodes) {
    if (n["type"] != "terminal") continue;
    std::vector<std::string> path;
    for (int at = n["id"]; nodes[at]["parent"] != -1; at = nodes[at]["parent"])
      path.push_back(nodes[at]["edge"]);
    std::reverse(path.begin(), path.end());
    ASSERT_EQ(path.size(), 4u);
    const std::vector<double> want = stag_payoffs(path[0] == "good", path[1], path[2], path[3]);
    for (int i = 0; i < 3; ++i) EXPECT_EQ(n["returns"][i].get<double>(), want[i]);
    ++leaves;
  }
  EXPECT_EQ(leaves, 16);
  for (const json& n : nodes) {
    if (n["parent"] == -1) continue;
    const json& parent = nodes[n["parent"].get<int>()];
    const double p = n["probability"].get<double>();
    if (parent["type"] == "chance") {
      EXPECT_EQ(p, n["edge"] == "good" ? 0.8 : 0.2);
    } else if (parent["player"] == "hunter1") {
      EXPECT_EQ(p, n["edge"] == "stag" ? 0.7 : 0.3);
    } else if (parent["player"] == "hunter2") {
      EXPECT_EQ(p, n["edge"] == "stag" ? 0.6 : 0.4);
    }
  }
  // Over the budget it says so rather than drawing part of it.
  json small = request(stag, "game_tree", {{"max_nodes", 30}});
  EXPECT_FALSE(small["ok"].get<bool>());
  EXPECT_EQ(small["diagnostics"][0]["id"], "analysis.budget_exceeded");
}

TEST(TeachingGames, ThePayoffTableIsEachJointActionsExpectedUtility) {
  const std::string stag = example("games/stag-hunt-opportunist.jsonc");
  json t = analyze(stag, "payoff_table", {{"state", "a good day"}});
  EXPECT_EQ(t["acting"], json::parse(R"(["hunter1", "hunter2"])"));
  EXPECT_EQ(t["actions"], json::parse(R"([["stag", "hare"], ["stag", "hare"]])"));
  EXPECT_EQ(t["probabilities"], json::parse(R"([[0.7, 0.3], [0.6, 0.4]])"));
  ASSERT_EQ(t["cells"].size(), 4u);
  // The opportunist steals with 0.8 after two stags, else with 0.1 (by hand from the file).
  for (const json& cell : t["cells"]) {
    const std::string h1 = t["actions"][0][cell["actions"][0].get<int>()];
    const std::string h2 = t["actions"][1][cell["actions"][1].get<int>()];
    const double steal = h1 == "stag" && h2 == "stag" ? 0.8 : 0.1;
    const std::vector<double> s = stag_payoffs(true, h1, h2, "steal"), h = stag_payoffs(true, h1, h2, "hare");
    for (int i = 0; i < 3; ++i)
      EXPECT_NEAR(cell["expected"][i].get<double>(), steal * s[i] + (1 - steal) * h[i], 1e-12)
          << h1 << h2 << i;
  }
  // Where chance moves next there is no table.
  json start = request(stag, "payoff_table");
  EXPECT_EQ(start["diagnostics"][0]["id"], "request.not_a_decision");
}

}  // namespace
}  // namespace motive
