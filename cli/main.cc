// motive: the command-line shell over the engine API (docs/cli.md).
//
//   motive check MODEL
//   motive analyze MODEL ANALYSIS [name=value ...] [--json]
//   motive request < request.json
//
// Exit status: 0 on success, 1 when the model or the request has problems (they are printed as
// FILE:LINE:COL: error: ...), 2 on wrong usage.

#include <cstdio>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "api/api.h"
#include "core/diagnostics.h"

namespace {

using nlohmann::json;

constexpr const char* kUsage =
    "usage: motive check MODEL\n"
    "       motive analyze MODEL ANALYSIS [name=value ...] [--json]\n"
    "       motive request < REQUEST.json\n"
    "\n"
    "analyses: describe, expected_utility, optimal_policies, settings, policies, graph,\n"
    "          intention, actual_cause, hkw_intention, incentives, control_incentive\n"
    "          meg, meg_likelihood (also gridworld and mdp models)\n"
    "          (gridworld and mdp models: describe, solve, trajectories, meg_sweep)\n"
    "parameters are name=value; a value that reads as JSON is JSON, otherwise text:\n"
    "  motive analyze spy.jsonc settings policy=truthful limit=10\n"
    "  motive analyze spy.jsonc expected_utility 'interventions=[\"signal_lost\"]'\n"
    "  motive analyze louis.jsonc describe model=objective\n"
    "  motive analyze spy.jsonc intention policy=truthful 'outcomes=[\"T\"]' setting=0\n";

bool read_file(const std::string& path, std::string* out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream buffer;
  buffer << in.rdbuf();
  *out = buffer.str();
  return true;
}

void print_diagnostics(const std::string& file, const json& response) {
  for (const json& d : response["diagnostics"]) {
    int line = d.value("line", 0);
    std::cerr << file;
    if (line > 0) std::cerr << ":" << line << ":" << d.value("column", 0);
    std::cerr << ": error: [" << d.value("id", "") << "] " << d.value("message", "") << "\n";
    if (d.contains("hint")) std::cerr << "  hint: " << d["hint"].get<std::string>() << "\n";
  }
}

std::string text(const json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_number_float()) {
    std::ostringstream s;
    s << std::setprecision(6) << v.get<double>();
    return s.str();
  }
  return motive::json_text(v);
}

// Prints rows as columns padded to their widest cell.
void print_table(const std::vector<std::vector<std::string>>& rows) {
  std::vector<std::size_t> widths;
  for (const auto& row : rows)
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (widths.size() <= i) widths.push_back(0);
      widths[i] = std::max(widths[i], row[i].size());
    }
  for (const auto& row : rows) {
    std::string line;
    for (std::size_t i = 0; i < row.size(); ++i)
      line += row[i] + (i + 1 < row.size() ? std::string(widths[i] - row[i].size() + 2, ' ') : "");
    std::cout << line << "\n";
  }
}

std::string observation_text(const json& observation) {
  if (observation.empty()) return "(nothing observed)";
  std::string out;
  for (const auto& [k, v] : observation.items()) out += (out.empty() ? "" : ", ") + k + "=" + text(v);
  return out;
}

void print_human(const std::string& analysis, const json& r) {
  if (analysis == "describe") {
    if (!r["title"].get<std::string>().empty()) std::cout << r["title"].get<std::string>() << "\n\n";
    std::vector<std::vector<std::string>> rows = {{"variable", "type", "parents", "domain", "noise"}};
    for (const json& v : r["variables"]) {
      std::string parents, domain, noise;
      for (const json& p : v["parents"]) parents += (parents.empty() ? "" : " ") + p.get<std::string>();
      for (const json& o : v["domain"]) domain += (domain.empty() ? "" : " ") + text(o);
      if (v.contains("noise")) noise = std::to_string(v["noise"]["outcomes"].size()) + " outcomes";
      rows.push_back({v["name"], v["type"], parents, domain, noise});
    }
    print_table(rows);
    std::cout << "\nsettings: " << r["settings"] << ", deterministic policies: " << text(r["deterministic_policy_count"])
              << ", perfect recall: " << (r["perfect_recall"].get<bool>() ? "yes" : "no") << "\n";
  } else if (analysis == "expected_utility") {
    std::vector<std::vector<std::string>> rows = {{"policy", "expected utility"}};
    for (const json& p : r["policies"]) rows.push_back({p["name"].is_null() ? "-" : text(p["name"]), text(p["expected_utility"])});
    print_table(rows);
  } else if (analysis == "optimal_policies") {
    std::cout << "search: " << text(r["search"]) << " (" << text(r["method"]) << ")"
              << "   expected utility: " << text(r["expected_utility"])
              << "   optimal deterministic policies: " << text(r["optimal_policy_count"]) << "\n";
    for (const json& d : r["decisions"]) {
      std::cout << "\ndecision " << text(d["decision"]) << "\n";
      std::vector<std::vector<std::string>> rows = {{"observation", "P", "expected utility by action", "optimal"}};
      for (const json& rule : d["rules"]) {
        std::string ceu, best;
        if (rule.contains("expected_utilities"))
          for (const auto& [a, u] : rule["expected_utilities"].items()) ceu += (ceu.empty() ? "" : "  ") + a + ": " + text(u);
        for (const json& a : rule["optimal"]) best += (best.empty() ? "" : ", ") + text(a);
        rows.push_back({observation_text(rule["observation"]), text(rule["probability"]), ceu, best});
      }
      print_table(rows);
    }
    if (!r["named_policies"].empty()) {
      std::cout << "\n";
      std::vector<std::vector<std::string>> rows = {{"named policy", "expected utility", "optimal"}};
      for (const json& p : r["named_policies"])
        rows.push_back({text(p["name"]), text(p["expected_utility"]), p["optimal"].get<bool>() ? "yes" : "no"});
      print_table(rows);
    }
  } else if (analysis == "settings") {
    std::vector<std::string> header = {"setting", "P"};
    for (const json& v : r["variables"]) header.push_back(v);
    std::vector<std::vector<std::string>> rows = {header};
    for (const json& row : r["rows"]) {
      std::vector<std::string> cells = {text(row["setting"]), text(row["weight"])};
      for (const json& v : row["values"]) cells.push_back(text(v));
      rows.push_back(cells);
    }
    print_table(rows);
    std::cout << "\n" << r["rows"].size() << " of " << r["total"] << " rows; expected utility "
              << text(r["expected_utility"]) << "\n";
  } else if (analysis == "policies") {
    std::cout << r["count"] << " deterministic policies" << (r["truncated"].get<bool>() ? " (best listed)" : "") << "\n";
    for (const json& p : r["policies"]) {
      std::string rules;
      for (const auto& [d, rows] : p["rules"].items())
        for (const json& row : rows)
          rules += (rules.empty() ? "" : "; ") + d + "(" + observation_text(row["observation"]) + ")=" +
                   text(row.value("action", json("?")));
      std::cout << std::setw(12) << text(p["expected_utility"]) << "  " << rules << "\n";
    }
  } else if (analysis == "meg") {
    std::cout << "MEG (" << text(r["utility"]) << " utility): " << text(r["meg"]) << " of at most " << text(r["bound"])
              << "\n";
    if (r.contains("beta")) std::cout << "rationality beta*: " << text(r["beta"]) << "\n";
    if (r.contains("expected_utility")) std::cout << "expected utility: " << text(r["expected_utility"]) << "\n";
    if (r.contains("converged"))
      std::cout << "converged: " << (r["converged"].get<bool>() ? "yes" : "no") << " (" << text(r.value("iterations", json(0)))
                << " iterations)\n";
  } else if (analysis == "meg_sweep") {
    std::vector<std::vector<std::string>> rows = {{text(r["parameter"]), "known MEG", "unknown MEG", "beta*"}};
    for (const json& p : r["points"])
      rows.push_back({text(p["value"]), text(p.value("known", json("-"))), text(p.value("unknown", json("-"))),
                      text(p.value("beta", json("-")))});
    print_table(rows);
  } else if (analysis == "intention" && r["oracle"] == "observed") {
    std::cout << "observed behaviour: " << text(r["baseline"]) << "\n";
    for (const json& o : r["observations"])
      std::cout << "  fixing " << observation_text(o["fix"]) << ": " << text(o["behaviour"])
                << (o["adapts"].get<bool>() ? "  [adapts]" : "  [does not adapt]") << "\n";
    std::cout << "\n";
    for (const json& v : r["verdicts"]) {
      std::cout << observation_text(v["outcome"]) << ": " << text(v["verdict"]);
      if (!v["witness"].is_null()) std::cout << " (the agent adapts under " << text(v["witness"]) << ")";
      std::string missing;
      for (const json& m : v["missing"]) missing += (missing.empty() ? "" : "; ") + observation_text(m);
      if (!missing.empty()) std::cout << "; not observed: fixing " << missing;
      std::cout << "\n";
    }
  } else if (analysis == "intention") {
    std::cout << "policy " << text(r["policy"]) << " (expected utility " << text(r["expected_utility"]) << ", "
              << text(r["oracle"]) << ")\n";
    auto witness_text = [](const json& w) {
      std::string fixed;
      for (const json& f : w["fixed"])
        for (std::size_t i = 0; i < f["settings"].size(); ++i)
          fixed += (fixed.empty() ? "" : ", ") + text(f["variable"]) + "=" + text(f["values"][i]) + " in " +
                   text(f["settings"][i]);
      return "relative to " + text(w["alternative"]) + ": fixing " + fixed + " gives " + text(w["rhs"]) +
             " >= " + text(w["lhs"]);
    };
    for (const json& v : r["variables"]) {
      if (v["intended"].empty()) std::cout << text(v["variable"]) << ": intended in no setting\n";
      for (const json& e : v["intended"])
        std::cout << text(v["variable"]) << " = " << text(e["value"]) << " in setting " << text(e["setting"])
                  << ": intended " << witness_text(e["witness"]) << "\n";
    }
    if (r.contains("query"))
      for (const json& q : r["query"]["results"])
        std::cout << "query, setting " << text(q["setting"]) << ": "
                  << (q["intended"].get<bool>() ? "intended " + witness_text(q["witness"]) : std::string("not intended"))
                  << "\n";
    if (r["budget_exceeded"].get<bool>()) std::cout << "the search hit its budget: 'not intended' is unproven\n";
  } else {
    std::cout << motive::json_text(r, 2) << "\n";
  }
}

// Gridworld and MDP results (kind "gridworld" or "mdp"): describe and solve readably, the others as
// print_human prints them.
void print_mdp_human(const std::string& analysis, const json& r) {
  if (analysis == "describe") {
    if (!r["title"].get<std::string>().empty()) std::cout << r["title"].get<std::string>() << "\n\n";
    if (r.contains("grid"))
      for (const json& row : r["grid"]["cells"]) {
        std::string line;
        for (const json& cell : row) line += cell["char"].get<std::string>();
        std::cout << line << "\n";
      }
    std::cout << "\n" << r["states"].size() << " states, " << r["actions"].size() << " actions, discount "
              << text(r["discount"]);
    if (r.contains("horizon")) std::cout << ", horizon " << r["horizon"];
    std::cout << "\n";
  } else if (analysis == "solve") {
    const json& states = r["values"];
    std::vector<std::vector<std::string>> rows = {{"state", "V*", "agent V", "occupancy"}};
    for (std::size_t s = 0; s < states.size(); ++s)
      rows.push_back({std::to_string(s), text(r["values"][s]), text(r["agent"]["values"][s]),
                      text(r["agent"]["occupancy"][s])});
    print_table(rows);
    std::cout << "\nagent's expected utility " << text(r["agent"]["expected_utility"]) << "\n";
  } else if (analysis == "intention") {
    auto end_of = [](const json& route) {
      const json& cells = route["cells"];
      std::string where = cells.empty() ? "state " + text(route["states"].back())
                                        : "cell " + text(cells.back()[0]) + "," + text(cells.back()[1]);
      return where + (route["ends_terminal"].get<bool>() ? " (terminal)" : "");
    };
    std::cout << "in " << text(r["variant"]) << " the agent's likely route ends at " << end_of(r["route"]) << "\n";
    for (const json& i : r["interventions"])
      std::cout << "  " << text(i["variant"]) << ": " << (i["adapts"].get<bool>() ? "adapts" : "does not adapt")
                << ", its route ends at " << end_of(i["route"]) << "\n";
  } else {
    print_human(analysis, r);  // meg and meg_sweep read the same for every kind; the rest as JSON
  }
}

json parse_value(const std::string& value) {
  json parsed = json::parse(value, nullptr, false);
  return parsed.is_discarded() ? json(value) : parsed;
}

int run(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    std::cout << kUsage;
    return args.empty() ? 2 : 0;
  }
  const std::string command = args[0];
  if (command == "request") {
    std::ostringstream buffer;
    buffer << std::cin.rdbuf();
    std::string response = motive::handle_request_text(buffer.str());
    std::cout << response << "\n";
    return json::parse(response).value("ok", false) ? 0 : 1;
  }
  if ((command != "check" && command != "analyze") || args.size() < (command == "check" ? 2u : 3u)) {
    std::cerr << kUsage;
    return 2;
  }
  const std::string path = args[1];
  std::string model;
  if (!read_file(path, &model)) {
    std::cerr << path << ": error: cannot read the file\n";
    return 1;
  }
  json request = {{"model", model}, {"analysis", command == "check" ? "describe" : args[2]}, {"params", json::object()}};
  bool as_json = false;
  for (std::size_t i = command == "check" ? 2 : 3; i < args.size(); ++i) {
    if (args[i] == "--json") {
      as_json = true;
      continue;
    }
    std::size_t eq = args[i].find('=');
    if (eq == std::string::npos || eq == 0) {
      std::cerr << "motive: expected name=value, got \"" << args[i] << "\"\n" << kUsage;
      return 2;
    }
    std::string name = args[i].substr(0, eq), value = args[i].substr(eq + 1);
    if (name == "model" || name == "model_name") request["model_name"] = value;
    else request["params"][name] = parse_value(value);
  }
  json response = motive::handle_request(request);
  if (!response["ok"].get<bool>()) {
    print_diagnostics(path, response);
    if (as_json) std::cout << motive::json_text(response, 2) << "\n";
    return 1;
  }
  if (as_json) {
    std::cout << motive::json_text(response, 2) << "\n";
  } else if (command == "check" && response.contains("kind")) {
    const json& r = response["result"];
    std::cout << path << ": ok (" << r["kind"].get<std::string>() << ", " << r["states"].size() << " states, "
              << r["actions"].size() << " actions, " << r["variants"].size()
              << (r["variants"].size() == 1 ? " variant" : " variants") << ")\n";
  } else if (response.contains("kind")) {
    print_mdp_human(response["analysis"], response["result"]);
  } else if (command == "check") {
    const json& r = response["result"];
    std::cout << path << ": ok (" << r["variables"].size() << " variables, " << r["settings"] << " settings, "
              << r["models"].size() << (r["models"].size() == 1 ? " model" : " models") << ")\n";
  } else {
    print_human(response["analysis"], response["result"]);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "motive: " << e.what() << "\n";
    return 1;
  }
}
