#include "workloads.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>

#include "api/api.h"
#include "core/diagnostics.h"
#include "mdp/agents.h"
#include "mdp/reader.h"

namespace motive::bench {
namespace {

using ordered = nlohmann::ordered_json;

// prefix + number. (Not `"X" + std::to_string(i)`: GCC 12 warns falsely about it, -Wrestrict.)
std::string numbered(const char* prefix, int i) {
  std::string out(prefix);
  out += std::to_string(i);
  return out;
}

std::string x(int i) { return numbered("X", i); }

// Probabilities with two decimals, so that the noise tables sum to exactly 1 within 1e-9.
ordered binary_noise(const char* a, const char* b, int percent_a) {
  ordered noise = ordered::object();
  noise[a] = percent_a / 100.0;
  noise[b] = (100 - percent_a) / 100.0;
  return noise;
}

ordered coin(int i) {
  // P(X_i = 1) varies with i (0.3 ... 0.7), so that no two variables are exchangeable.
  return {{"type", "chance"},
          {"domain", {0, 1}},
          {"noise", binary_noise("h", "t", 30 + 10 * (i % 5))},
          {"function", "noise == 'h' ? 1 : 0"}};
}

void check(int k, int m) {
  if (k < 1 || k > 24 || m < 1 || m > k) throw std::invalid_argument("workload: need 1 <= m <= k <= 24");
}

std::string document(const std::string& title, ordered variables, ordered policies) {
  ordered doc = ordered::object();
  doc["kind"] = "scim";
  doc["title"] = title;
  doc["description"] = "A generated benchmark workload (bench/workloads.cc).";
  doc["variables"] = std::move(variables);
  doc["policies"] = std::move(policies);
  return doc.dump(2) + "\n";
}

}  // namespace

std::string chain_model(int k, int m) {
  check(k, m);
  ordered variables = ordered::object();
  variables[x(1)] = coin(1);
  for (int i = 2; i <= k; ++i) {
    std::string parent = x(i - 1);
    variables[x(i)] = {{"type", "chance"},
                       {"parents", {parent}},
                       {"domain", {0, 1}},
                       {"noise", binary_noise("keep", "flip", 90 - 10 * (i % 4))},
                       {"function", "noise == 'keep' ? " + parent + " : 1 - " + parent}};
  }
  ordered observed = ordered::array();
  for (int i = k - m + 1; i <= k; ++i) observed.push_back(x(i));
  variables["D"] = {{"type", "decision"}, {"parents", observed}, {"domain", {0, 1}}};
  variables["U"] = {{"type", "utility"}, {"parents", {"D", x(1)}}, {"function", "D == X1 ? 1 : 0"}};
  ordered policies = ordered::object();
  policies["copy_last"] = {{"D", x(k)}};
  policies["always_one"] = {{"D", "1"}};
  return document(numbered("Benchmark chain, k = ", k) + numbered(", m = ", m), variables, policies);
}

std::string fan_model(int k, int m) {
  check(k, m);
  ordered variables = ordered::object();
  for (int i = 1; i <= k; ++i) variables[x(i)] = coin(i);
  ordered observed = ordered::array();
  for (int i = 1; i <= m; ++i) observed.push_back(x(i));
  variables["D"] = {{"type", "decision"}, {"parents", observed}, {"domain", {0, 1}}};
  for (int i = 1; i <= k; ++i) {
    variables[numbered("U", i)] = {
        {"type", "utility"}, {"parents", {"D", x(i)}}, {"function", numbered("D == X", i) + " ? 1 : 0"}};
  }
  ordered policies = ordered::object();
  policies["copy_first"] = {{"D", x(1)}};
  policies["always_one"] = {{"D", "1"}};
  return document(numbered("Benchmark fan, k = ", k) + numbered(", m = ", m), variables, policies);
}

std::string relay_model(int k, int m, int c) {
  check(k, m);
  if (c < 1 || c > k) throw std::invalid_argument("workload: need 1 <= c <= k");
  ordered variables = ordered::object();
  for (int i = 1; i <= k; ++i) variables[x(i)] = coin(i);
  ordered observed = ordered::array();
  for (int i = 1; i <= m; ++i) observed.push_back(x(i));
  variables["D"] = {{"type", "decision"}, {"parents", observed}, {"domain", {0, 1}}};
  for (int j = 1; j <= c; ++j) {
    variables[numbered("Y", j)] = {{"type", "chance"},
                                   {"parents", {"D", x(j)}},
                                   {"domain", {0, 1}},
                                   {"function", numbered("D == X", j) + " ? 1 : 0"}};
    variables[numbered("U", j)] = {
        {"type", "utility"}, {"parents", {numbered("Y", j)}}, {"function", numbered("Y", j)}};
  }
  ordered policies = ordered::object();
  policies["copy_first"] = {{"D", x(1)}};
  policies["always_one"] = {{"D", "1"}};
  return document(numbered("Benchmark relay, k = ", k) + numbered(", m = ", m) + numbered(", c = ", c),
                  variables, policies);
}

Workload make_workload(Shape shape, int k, int m, int c) {
  Workload w;
  w.shape = shape;
  w.k = k;
  w.m = m;
  w.settings = std::uint64_t{1} << k;
  w.contexts = std::uint64_t{1} << m;
  if (shape == Shape::relay) {
    w.name = numbered("relay_k", k) + numbered("_m", m) + numbered("_c", c);
    w.model = relay_model(k, m, c);
    w.variables = k + 1 + 2 * c;
    w.analyses = {"intention"};
    w.params = {{"policy", "copy_first"}};
    return w;
  }
  w.name = numbered(shape == Shape::chain ? "chain_k" : "fan_k", k) + numbered("_m", m);
  w.model = shape == Shape::chain ? chain_model(k, m) : fan_model(k, m);
  w.variables = shape == Shape::chain ? k + 2 : 2 * k + 1;
  w.analyses = {"expected_utility", "optimal_policies"};
  return w;
}

std::vector<Workload> example_workloads() {
  std::vector<Workload> out;
  for (const auto& [id, text] : embedded_examples()) {
    if (id.rfind("intention/", 0) != 0) continue;
    nlohmann::json file = motive::handle_request({{"analysis", "describe"}, {"model", text}});
    if (!file.value("ok", false))
      throw std::runtime_error("example " + id + " does not read: " + failure(file));
    for (const auto& model : file["result"]["models"]) {
      nlohmann::json d =
          motive::handle_request({{"analysis", "describe"}, {"model", text}, {"model_name", model}});
      std::string policy;
      for (const auto& p : d["result"]["policies"])
        if (p["deterministic"].get<bool>()) {
          policy = p["name"];
          break;
        }
      if (policy.empty()) continue;
      Workload w;
      w.shape = Shape::example;
      w.name = id.substr(std::string("intention/").size());
      if (file["result"]["models"].size() > 1) w.name += "." + model.get<std::string>();
      w.model = text;
      w.model_name = model;
      w.settings = d["result"]["settings"];
      w.variables = static_cast<int>(d["result"]["variables"].size());
      w.analyses = {"intention"};
      w.params = {{"policy", policy}};
      out.push_back(std::move(w));
    }
  }
  return out;
}

std::vector<Workload> paper_workloads() {
  std::vector<Workload> out;
  for (Workload& w : example_workloads()) {
    // The example's first deterministic policy, evaluated; and its optimal policies.
    Workload eu = w;
    eu.name = "paper_" + w.name + "/eu";
    eu.analyses = {"expected_utility"};
    out.push_back(std::move(eu));
    Workload optimal = std::move(w);
    optimal.name = "paper_" + optimal.name + "/optimal";
    optimal.analyses = {"optimal_policies"};
    optimal.params = nlohmann::json::object();
    out.push_back(std::move(optimal));
  }
  return out;
}

std::vector<Workload> standard_workloads(bool quick) {
  std::vector<Workload> out;
  const std::vector<int> sizes = quick ? std::vector<int>{4, 8, 12} : std::vector<int>{8, 12, 16, 20};
  for (int k : sizes) out.push_back(make_workload(Shape::chain, k, std::min(k, 4)));
  for (int k : sizes) out.push_back(make_workload(Shape::fan, k, std::min(k, 4)));
  if (!quick) {
    // More decision contexts at a fixed number of settings.
    out.push_back(make_workload(Shape::chain, 16, 8));
    out.push_back(make_workload(Shape::chain, 16, 12));
  }
  // The paper's examples one request at a time (issue 26: the fixed cost of a small request, against
  // pycid's 5 ms on the smallest of them).
  for (Workload& w : paper_workloads()) out.push_back(std::move(w));
  // The intention search: the paper's examples, then growing settings (2^k) and candidates (c).
  for (Workload& w : example_workloads()) out.push_back(std::move(w));
  // Up to 2^16 settings: the summary answers once per class of interchangeable settings (issue 26's goals:
  // 2^12 under 0.5 s, 2^16 under 5 s).
  const std::vector<int> relay_sizes =
      quick ? std::vector<int>{4, 8} : std::vector<int>{4, 6, 8, 10, 12, 14, 16};
  for (int k : relay_sizes) out.push_back(make_workload(Shape::relay, k, 2, 2));
  if (!quick)
    for (int c : {1, 4, 6, 8}) out.push_back(make_workload(Shape::relay, 8, 2, c));
  for (Workload& w : meg_workloads(quick)) out.push_back(std::move(w));
  for (Workload& w : game_workloads(quick)) out.push_back(std::move(w));
  return out;
}

std::string gridworld_model(int n) {
  ordered map = ordered::array();
  for (int r = 0; r < n; ++r) {
    std::string row(static_cast<std::size_t>(n), '.');
    if (r >= 2 && r + 1 < n && (r - 2) % 4 == 0)
      for (int c = 0; c + 2 < n; ++c) row[(r % 8 == 2 ? c + 2 : c)] = 'C';
    if (r == 0) row[0] = 'S';
    if (r == n - 1) row[n - 1] = 'G';
    map.push_back(row);
  }
  ordered model = {{"kind", "gridworld"}, {"title", numbered("Winding CliffWorld ", n)},
                   {"map", map},          {"utilities", {{"step", -1}, {"goal", 10}, {"cliff", -20}}},
                   {"slip", 0.1},         {"discount", 0.9}};
  return model.dump();
}

motive::mdp::MdpFile gridworld_file(int n) {
  Diagnostics diagnostics;
  std::optional<motive::mdp::MdpFile> file = motive::mdp::read_mdp_file(gridworld_model(n), &diagnostics);
  if (!file) throw std::runtime_error("the benchmark gridworld does not read");
  return std::move(*file);
}

motive::mdp::Policy epsilon_greedy_policy(const motive::mdp::MdpFile& file, double epsilon) {
  const motive::mdp::Agent agent =
      motive::mdp::agent_param({{"agent", {{"kind", "epsilon_greedy"}, {"epsilon", epsilon}}}});
  return motive::mdp::agent_policy(file, file.variants.front(), agent).policy;
}

std::vector<Workload> meg_workloads(bool quick) {
  std::vector<Workload> out;
  std::string cliffworld, mouse;
  for (const auto& [id, text] : embedded_examples()) {
    if (id == "meg/cliffworld") cliffworld = text;
    if (id == "meg/mouse") mouse = text;
  }
  auto add = [&](const std::string& name, const std::string& model, const std::string& analysis,
                 nlohmann::json params, int states) {
    Workload w;
    w.shape = Shape::gridworld;
    w.name = name;
    w.model = model;
    w.variables = states;
    w.analyses = {analysis};
    w.params = std::move(params);
    out.push_back(std::move(w));
  };
  const nlohmann::json epsilon = {{"kind", "epsilon_greedy"}, {"epsilon", 0.1}};
  if (!cliffworld.empty()) {
    add("meg_cliffworld_known", cliffworld, "meg", {{"agent", epsilon}}, 40);
    add("meg_cliffworld_unknown", cliffworld, "meg", {{"agent", epsilon}, {"utility", "unknown"}}, 40);
    if (!quick) {
      nlohmann::json values = nlohmann::json::array();
      for (int i = 0; i <= 20; ++i) values.push_back(i / 20.0);
      add("meg_cliffworld_sweep21", cliffworld, "meg_sweep", {{"parameter", "epsilon"}, {"values", values}},
          40);
    }
  }
  if (!mouse.empty()) add("meg_mouse", mouse, "meg", {{"policy", "p80"}}, 3);
  const std::vector<int> sides = quick ? std::vector<int>{10} : std::vector<int>{10, 25, 50, 100, 200};
  for (int n : sides) {
    // The recomputation after an edit of the map: the optimal agent and its known-utility MEG.
    add(numbered("meg_grid_n", n), gridworld_model(n), "meg", {{"agent", {{"kind", "optimal"}}}}, n * n);
    if (n <= 50) add(numbered("meg_grid_eps_n", n), gridworld_model(n), "meg", {{"agent", epsilon}}, n * n);
  }
  // Unknown-utility MEG (tabular state utilities) on the 60 × 60 and 200 × 200 winding maps, for every kind
  // of agent (issue 26's goals: 60 × 60 under 0.5 s natively for every agent, 200 × 200 under 10 s, wasm
  // within 1.5x).
  const std::vector<std::pair<const char*, nlohmann::json>> agents = {
      {"optimal", {{"kind", "optimal"}}},
      {"eps", epsilon},
      {"soft", {{"kind", "soft"}, {"beta", 1}}},
      {"uniform", {{"kind", "uniform"}}},
      {"qlearning", {{"kind", "q_learning"}, {"max_steps", 10000}}}};
  for (int n : quick ? std::vector<int>{} : std::vector<int>{60, 200})
    for (const auto& [name, agent] : agents)
      add(numbered("meg_unknown_n", n) + "_" + name, gridworld_model(n), "meg",
          {{"agent", agent}, {"utility", "unknown"}}, n * n);
  return out;
}

std::string cid_model(int k, int m, bool real_valued, std::uint32_t seed) {
  if (k < 4 || m < 1 || m > 3) throw std::invalid_argument("cid workload: need k >= 4 and 1 <= m <= 3");
  std::mt19937 rng(seed);
  auto uniform = [&](int lo, int hi) {
    return lo + static_cast<int>(rng() % static_cast<unsigned>(hi - lo + 1));
  };
  auto probability = [&]() {
    if (real_valued) return 0.05 + 0.9 * static_cast<double>(rng() % 1000000) / 1e6;
    const double levels[] = {0.2, 0.5, 0.8};
    return levels[uniform(0, 2)];
  };
  ordered variables = ordered::object();
  // Decision j comes after chance variable position[j] (the first after at least two chance variables).
  std::vector<int> position;
  for (int j = 1; j <= m; ++j) position.push_back(std::max(2, j * k / (m + 1)));
  std::vector<std::string> observed_so_far;  // every earlier decision and its observations
  int decision = 0;
  std::string last_decision;
  for (int i = 1; i <= k; ++i) {
    std::vector<std::string> parents;
    int count = std::min(i - 1, uniform(0, 2));
    while (static_cast<int>(parents.size()) < count) {
      std::string p = x(uniform(1, i - 1));
      if (std::find(parents.begin(), parents.end(), p) == parents.end()) parents.push_back(p);
    }
    // The variable right after a decision depends on it, so that decisions change what follows.
    if (!last_decision.empty()) {
      if (parents.size() == 2) parents.pop_back();
      parents.push_back(last_decision);
      last_decision.clear();
    }
    ordered def = {{"type", "chance"}, {"domain", {0, 1}}};
    if (parents.empty()) {
      double p = probability();
      def["cpd"] = {{"0", p}, {"1", 1 - p}};
    } else {
      def["parents"] = parents;
      ordered rows = ordered::array();
      for (int c = 0; c < (1 << parents.size()); ++c) {
        ordered given = ordered::object();
        for (std::size_t j = 0; j < parents.size(); ++j) {
          int bit = (c >> (parents.size() - 1 - j)) & 1;
          given[parents[j]] = parents[j][0] == 'D' ? ordered(bit ? "b" : "a") : ordered(bit);
        }
        double p = probability();
        rows.push_back({{"given", given}, {"p", {{"0", p}, {"1", 1 - p}}}});
      }
      def["cpd"] = rows;
    }
    variables[x(i)] = def;
    while (decision < m && position[decision] == i) {
      std::string name = numbered("D", decision + 1);
      std::vector<std::string> sees = observed_so_far;
      int observe = uniform(2, 3);
      for (int tries = 0;
           tries < 20 && static_cast<int>(sees.size()) < static_cast<int>(observed_so_far.size()) + observe;
           ++tries) {
        std::string o = x(uniform(1, i));
        if (std::find(sees.begin(), sees.end(), o) == sees.end()) sees.push_back(o);
      }
      variables[name] = {{"type", "decision"}, {"parents", sees}, {"domain", {"a", "b"}}};
      observed_so_far = sees;
      observed_so_far.push_back(name);
      last_decision = name;
      ++decision;
    }
  }
  // Utilities with real values: U_j(D_j, X_r) for a random chance variable, and V(X_k).
  auto value = [&]() { return static_cast<double>(uniform(-1000, 1000)) / 100.0; };
  for (int j = 1; j <= m; ++j) {
    std::string d = numbered("D", j), r = x(uniform(1, k));
    ordered rows = ordered::array();
    for (const char* a : {"a", "b"})
      for (int v : {0, 1}) rows.push_back({{"given", {{d, a}, {r, v}}}, {"value", value()}});
    variables[numbered("U", j)] = {{"type", "utility"}, {"parents", {d, r}}, {"table", rows}};
  }
  variables["V"] = {
      {"type", "utility"},
      {"parents", {x(k)}},
      {"table",
       {{{"given", {{x(k), 0}}}, {"value", value()}}, {{"given", {{x(k), 1}}}, {"value", value()}}}}};
  ordered policies = ordered::object();
  ordered always = ordered::object();
  for (int j = 1; j <= m; ++j) always[numbered("D", j)] = "'a'";
  policies["always_a"] = always;
  return document(
      numbered("Random CID, k = ", k) + numbered(", m = ", m) + (real_valued ? ", real-valued" : ""),
      variables, policies);
}

std::vector<Workload> scaling_workloads(bool quick) {
  std::vector<Workload> out;
  const std::vector<int> sizes =
      quick ? std::vector<int>{8, 12} : std::vector<int>{8, 12, 16, 20, 24, 32, 40};
  struct Family {
    int m;
    bool real;
  };
  for (Family family : {Family{1, false}, Family{3, false}, Family{2, true}}) {
    for (int k : sizes) {
      std::string model =
          cid_model(k, family.m, family.real, static_cast<std::uint32_t>(1000 * k + family.m));
      nlohmann::json d = motive::handle_request({{"analysis", "describe"}, {"model", model}});
      if (!d.value("ok", false)) throw std::runtime_error("cid workload does not read: " + failure(d));
      double settings = d["result"]["settings"].get<double>();
      for (const char* method : {"eliminate", "enumerate"}) {
        if (std::string(method) == "enumerate" && settings > static_cast<double>(1 << 22)) continue;
        Workload w;
        w.shape = Shape::cid;
        w.k = k;
        w.m = family.m;
        w.name =
            numbered("cid_k", k) + numbered("_m", family.m) + (family.real ? "_real" : "") + "/" + method;
        w.model = model;
        w.settings = settings > 1.8e19 ? UINT64_MAX : static_cast<std::uint64_t>(settings);
        w.variables = static_cast<int>(d["result"]["variables"].size());
        w.analyses = {"expected_utility", "optimal_policies"};
        w.params = {{"method", method}};
        out.push_back(std::move(w));
      }
    }
  }
  return out;
}

nlohmann::json make_request(const Workload& workload, const std::string& analysis) {
  nlohmann::json request = {{"model", workload.model}, {"analysis", analysis}, {"params", workload.params}};
  if (!workload.model_name.empty()) request["model_name"] = workload.model_name;
  return request;
}

nlohmann::json run(const Workload& workload, const std::string& analysis) {
  if (workload.direct) return workload.direct(analysis);
  for (const auto& [name, request] : workload.requests)
    if (name == analysis) return motive::handle_request(request);
  workload.requests.emplace_back(analysis, make_request(workload, analysis));
  return motive::handle_request(workload.requests.back().second);
}

std::string failure(const nlohmann::json& response) {
  if (response.is_object() && response.value("ok", false)) return "";
  std::string out;
  if (response.is_object() && response.contains("diagnostics") && response["diagnostics"].is_array()) {
    for (const auto& d : response["diagnostics"]) {
      if (!out.empty()) out += "; ";
      out += d.value("id", std::string("?"));
      out += numbered(" (line ", d.value("line", 0));
      out += "): ";
      out += d.value("message", std::string());
    }
  }
  if (out.empty()) {
    out = "not ok: ";
    out += response.dump();
  }
  return out;
}

}  // namespace motive::bench
