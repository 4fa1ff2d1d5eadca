#include "cli/printers.h"

#include <algorithm>
#include <iomanip>
#include <sstream>

#include "core/diagnostics.h"

namespace motive::cli {
namespace {

using nlohmann::json;
using Rows = std::vector<std::vector<std::string>>;

// Columns are padded by what a terminal shows: UTF-8 continuation bytes take no column (the
// results hold names like "β" and model text in any language).
std::size_t display_width(const std::string& s) {
  std::size_t width = 0;
  for (unsigned char c : s) width += (c & 0xC0) != 0x80;
  return width;
}

bool is_plain(const json& v) { return !v.is_object() && !v.is_array(); }

bool is_plain_list(const json& v) {
  return v.is_array() && std::all_of(v.begin(), v.end(), [](const json& x) { return is_plain(x); });
}

// The items of a plain list for a cell: ", " between them, or "; " when an item has a comma itself
// (the generated names of policies do: "D(comedy)=drama, D(drama)=addictive").
std::string list_text(const json& list) {
  const bool commas = std::any_of(list.begin(), list.end(), [](const json& x) {
    return x.is_string() && x.get_ref<const std::string&>().find(',') != std::string::npos;
  });
  std::string out;
  for (const json& x : list) out += (out.empty() ? "" : commas ? "; " : ", ") + cell_text(x);
  return out;
}

std::string joined(const json& list, const std::string& separator) {
  std::string out;
  for (const json& x : list) out += (out.empty() ? "" : separator) + cell_text(x);
  return out;
}

// ---- The printers of particular (kind, analysis) pairs. They read with at(), which throws on a
// field they expect and the result lacks; print_result then prints the generic way instead.

std::string observation_text(const json& observation) {
  if (observation.empty()) return "(nothing observed)";
  std::string out;
  for (const auto& [k, v] : observation.items()) out += (out.empty() ? "" : ", ") + k + "=" + cell_text(v);
  return out;
}

void scim_describe(const json& r, std::ostream& out) {
  if (!r.at("title").get<std::string>().empty()) out << r.at("title").get<std::string>() << "\n\n";
  Rows rows = {{"variable", "type", "parents", "domain", "noise"}};
  for (const json& v : r.at("variables")) {
    std::string noise;
    if (v.contains("noise")) noise = std::to_string(v.at("noise").at("outcomes").size()) + " outcomes";
    rows.push_back({v.at("name").get<std::string>(), v.at("type").get<std::string>(),
                    joined(v.at("parents"), " "), joined(v.at("domain"), " "), noise});
  }
  print_table(rows, out);
  out << "\nsettings: " << cell_text(r.at("settings"))
      << ", deterministic policies: " << cell_text(r.at("deterministic_policy_count"))
      << ", perfect recall: " << (r.at("perfect_recall").get<bool>() ? "yes" : "no") << "\n";
}

void scim_expected_utility(const json& r, std::ostream& out) {
  Rows rows = {{"policy", "expected utility"}};
  for (const json& p : r.at("policies"))
    rows.push_back({cell_text(p.at("name")), cell_text(p.at("expected_utility"))});
  print_table(rows, out);
}

void scim_optimal_policies(const json& r, std::ostream& out) {
  out << "search: " << cell_text(r.at("search")) << " (" << cell_text(r.at("method")) << ")"
      << "   expected utility: " << cell_text(r.at("expected_utility"))
      << "   optimal deterministic policies: " << cell_text(r.at("optimal_policy_count")) << "\n";
  if (r.contains("search_note")) out << "(" << cell_text(r.at("search_note")) << ")\n";
  for (const json& d : r.at("decisions")) {
    out << "\ndecision " << cell_text(d.at("decision")) << "\n";
    Rows rows = {{"observation", "P", "expected utility by action", "optimal"}};
    for (const json& rule : d.at("rules")) {
      std::string ceu;
      if (rule.contains("expected_utilities"))
        for (const auto& [a, u] : rule.at("expected_utilities").items())
          ceu += (ceu.empty() ? "" : "  ") + a + ": " + cell_text(u);
      rows.push_back({observation_text(rule.at("observation")), cell_text(rule.at("probability")), ceu,
                      joined(rule.at("optimal"), ", ")});
    }
    print_table(rows, out);
  }
  if (!r.at("named_policies").empty()) {
    out << "\n";
    Rows rows = {{"named policy", "expected utility", "optimal"}};
    for (const json& p : r.at("named_policies"))
      rows.push_back({cell_text(p.at("name")), cell_text(p.at("expected_utility")),
                      p.at("optimal").get<bool>() ? "yes" : "no"});
    print_table(rows, out);
  }
}

void scim_settings(const json& r, std::ostream& out) {
  std::vector<std::string> header = {"setting", "P"};
  for (const json& v : r.at("variables")) header.push_back(cell_text(v));
  Rows rows = {header};
  for (const json& row : r.at("rows")) {
    std::vector<std::string> cells = {cell_text(row.at("setting")), cell_text(row.at("weight"))};
    for (const json& v : row.at("values")) cells.push_back(cell_text(v));
    rows.push_back(cells);
  }
  print_table(rows, out);
  out << "\n"
      << r.at("rows").size() << " of " << cell_text(r.at("total")) << " rows; expected utility "
      << cell_text(r.at("expected_utility")) << "\n";
}

void scim_policies(const json& r, std::ostream& out) {
  out << cell_text(r.at("count")) << " deterministic policies"
      << (r.at("truncated").get<bool>() ? " (best listed)" : "") << "\n";
  for (const json& p : r.at("policies")) {
    std::string rules;
    for (const auto& [d, rows] : p.at("rules").items())
      for (const json& row : rows)
        rules += (rules.empty() ? "" : "; ") + d + "(" + observation_text(row.at("observation")) +
                 ")=" + cell_text(row.value("action", json("?")));
    out << std::setw(12) << cell_text(p.at("expected_utility")) << "  " << rules << "\n";
  }
}

// Behavioural intention read from observed behaviour (the "observed" oracle).
void scim_observed_intention(const json& r, std::ostream& out) {
  out << "observed behaviour: " << cell_text(r.at("baseline")) << "\n";
  for (const json& o : r.at("observations"))
    out << "  fixing " << observation_text(o.at("fix")) << ": " << cell_text(o.at("behaviour"))
        << (o.at("adapts").get<bool>() ? "  [adapts]" : "  [does not adapt]") << "\n";
  out << "\n";
  for (const json& v : r.at("verdicts")) {
    out << observation_text(v.at("outcome")) << ": " << cell_text(v.at("verdict"));
    if (!v.at("witness").is_null()) out << " (the agent adapts under " << cell_text(v.at("witness")) << ")";
    std::string missing;
    for (const json& m : v.at("missing")) missing += (missing.empty() ? "" : "; ") + observation_text(m);
    if (!missing.empty()) out << "; not observed: fixing " << missing;
    out << "\n";
  }
}

// A witness in one line: the alternative by name (`reference`: the result's), each fixed variable's
// settings (the first few of a summary's, with how many more).
std::string witness_text(const json& w, const json& reference) {
  std::string fixed;
  for (const json& f : w.at("fixed")) {
    for (std::size_t i = 0; i < f.at("settings").size(); ++i)
      fixed += (fixed.empty() ? "" : ", ") + cell_text(f.at("variable")) + "=" +
               cell_text(f.at("values").at(i)) + " in " + cell_text(f.at("settings").at(i));
    const std::size_t more = f.at("count").get<std::size_t>() - f.at("settings").size();
    if (more > 0) fixed += " and in " + std::to_string(more) + " more settings";
  }
  return "relative to " + cell_text(reference.at(w.at("alternative").get<std::size_t>()).at("name")) +
         ": fixing " + fixed + " gives " + cell_text(w.at("rhs")) + " >= " + cell_text(w.at("lhs"));
}

// Subjective intention (Def. 13) and behavioural intention with the rational oracle.
void scim_intention(const json& r, std::ostream& out) {
  if (r.value("oracle", "") == "observed") return scim_observed_intention(r, out);
  out << "policy " << cell_text(r.at("policy")) << " (expected utility "
      << cell_text(r.at("expected_utility")) << ", " << cell_text(r.at("oracle")) << ")\n";
  const json& reference = r.at("reference");
  for (const json& v : r.value("variables", json::array())) {
    if (v.at("intended").empty()) out << cell_text(v.at("variable")) << ": intended in no setting\n";
    for (const json& e : v.at("intended"))
      out << cell_text(v.at("variable")) << " = " << cell_text(e.at("value")) << " in setting "
          << cell_text(e.at("setting")) << ": intended " << witness_text(e.at("witness"), reference) << "\n";
  }
  if (r.contains("query"))
    for (const json& q : r.at("query").at("results"))
      out << "query, setting " << cell_text(q.at("setting")) << ": "
          << (q.at("intended").get<bool>() ? "intended " + witness_text(q.at("witness"), reference)
                                           : "not intended")
          << "\n";
  if (r.at("budget_exceeded").get<bool>()) out << "the search hit its budget: 'not intended' is unproven\n";
}

void mdp_describe(const json& r, std::ostream& out) {
  if (!r.at("title").get<std::string>().empty()) out << r.at("title").get<std::string>() << "\n\n";
  if (r.contains("grid")) {
    for (const json& row : r.at("grid").at("cells")) {
      std::string line;
      for (const json& cell : row) line += cell.at("char").get<std::string>();
      out << line << "\n";
    }
    out << "\n";
  }
  out << r.at("states").size() << " states, " << r.at("actions").size() << " actions, discount "
      << cell_text(r.at("discount"));
  if (r.contains("horizon")) out << ", horizon " << cell_text(r.at("horizon"));
  out << "\n";
}

void mdp_solve(const json& r, std::ostream& out) {
  const json& agent = r.at("agent");
  Rows rows = {{"state", "V*", "agent V", "occupancy"}};
  for (std::size_t s = 0; s < r.at("values").size(); ++s)
    rows.push_back({std::to_string(s), cell_text(r.at("values").at(s)), cell_text(agent.at("values").at(s)),
                    cell_text(agent.at("occupancy").at(s))});
  print_table(rows, out);
  out << "\nagent's expected utility " << cell_text(agent.at("expected_utility")) << "\n";
}

// Behavioural intention with the agent as its own oracle (the CoinRun reading).
void mdp_intention(const json& r, std::ostream& out) {
  auto end_of = [](const json& route) {
    const json& cells = route.at("cells");
    std::string where = cells.empty()
                            ? "state " + cell_text(route.at("states").back())
                            : "cell " + cell_text(cells.back().at(0)) + "," + cell_text(cells.back().at(1));
    return where + (route.at("ends_terminal").get<bool>() ? " (terminal)" : "");
  };
  out << "in " << cell_text(r.at("variant")) << " the agent's likely route ends at " << end_of(r.at("route"))
      << "\n";
  for (const json& i : r.at("interventions"))
    out << "  " << cell_text(i.at("variant")) << ": "
        << (i.at("adapts").get<bool>() ? "adapts" : "does not adapt") << ", its route ends at "
        << end_of(i.at("route")) << "\n";
}

// MEG's result has the same headline fields for every kind (MacDermott et al. 2024).
void meg(const json& r, std::ostream& out) {
  out << "MEG (" << cell_text(r.at("utility")) << " utility): " << cell_text(r.at("meg")) << " of at most "
      << cell_text(r.at("bound")) << "\n";
  if (r.contains("beta")) out << "rationality beta*: " << cell_text(r.at("beta")) << "\n";
  if (r.contains("expected_utility"))
    out << "expected utility: " << cell_text(r.at("expected_utility")) << "\n";
  if (r.contains("converged"))
    out << "converged: " << (r.at("converged").get<bool>() ? "yes" : "no") << " ("
        << cell_text(r.value("iterations", json(0))) << " iterations)\n";
}

// A game player's MEG towards a player's return, then its decisions' shares.
void game_meg(const json& r, std::ostream& out) {
  out << "MEG of " << cell_text(r.at("player")) << " towards " << cell_text(r.at("towards"))
      << "'s return: " << cell_text(r.at("meg")) << " of at most " << cell_text(r.at("bound")) << "\n";
  out << "rationality beta*: " << cell_text(r.at("beta")) << " (" << cell_text(r.at("leaning")) << ")\n";
  out << "expected utility: " << cell_text(r.at("expected_utility")) << " (the maximum-entropy policy's "
      << cell_text(r.at("maxent_expected_utility")) << ")\n";
  out << "converged: " << (r.at("converged").get<bool>() ? "yes" : "no") << " ("
      << cell_text(r.at("iterations")) << " iterations); " << cell_text(r.at("nodes")) << " nodes of at most "
      << cell_text(r.at("max_nodes")) << "\n\n";
  Rows rows = {{"decision", "actions", "information sets", "MEG share", "bound"}};
  for (const json& d : r.at("decisions"))
    rows.push_back({cell_text(d.at("decision")), cell_text(d.at("actions")),
                    cell_text(d.at("information_sets")), cell_text(d.at("contribution")),
                    cell_text(d.at("bound"))});
  print_table(rows, out);
}

// Risk's dice: the first roll's fractions, then the whole battle.
void game_battle(const json& r, std::ostream& out) {
  const json& first = r.at("first_roll");
  out << cell_text(r.at("attackers")) << " attackers (the armies that may fight) against "
      << cell_text(r.at("defenders")) << " defenders\n\nthe first roll, "
      << cell_text(first.at("attacker_dice")) << " dice against " << cell_text(first.at("defender_dice"))
      << ":\n";
  Rows rows = {{"attacker loses", "defender loses", "fraction", "probability"}};
  for (const json& o : first.at("outcomes"))
    rows.push_back({cell_text(o.at("attacker_loses")), cell_text(o.at("defender_loses")),
                    cell_text(o.at("numerator")) + "/" + cell_text(o.at("denominator")),
                    cell_text(o.at("probability"))});
  print_table(rows, out);
  const json& b = r.at("battle");
  out << "\nthe battle, until one side is exhausted: the attacker conquers with probability "
      << cell_text(b.at("conquest_probability")) << ", the defender holds with "
      << cell_text(b.at("hold_probability")) << "\nexpected losses: attacker "
      << cell_text(b.at("expected_attacker_losses")) << ", defender "
      << cell_text(b.at("expected_defender_losses")) << "\n\n";
  Rows left = {{"end", "armies left", "probability"}};
  for (const json& e : b.at("attackers_left"))
    left.push_back({"conquers", cell_text(e.at("armies")), cell_text(e.at("probability"))});
  for (const json& e : b.at("defenders_left"))
    left.push_back({"holds", cell_text(e.at("armies")), cell_text(e.at("probability"))});
  print_table(left, out);
  const json& omitted = b.at("omitted");
  if (omitted.at("outcomes").get<int>() > 0)
    out << "(" << cell_text(omitted.at("outcomes")) << " end states below " << cell_text(omitted.at("below"))
        << " not listed: " << cell_text(omitted.at("probability")) << " in all)\n";
}

// Diplomacy's adjudication: each order with its result and reason, then what happened.
void game_adjudicate(const json& r, std::ostream& out) {
  out << cell_text(r.at("phase_words")) << "\n\n";
  Rows rows = {{"power", "order", "result", "reason"}};
  for (const json& o : r.at("orders")) {
    rows.push_back({cell_text(o.at("power")),
                    cell_text(o.at("order")) + (o.at("given").get<bool>() ? "" : " *"),
                    cell_text(o.at("result")), o.at("reason").is_null() ? "" : cell_text(o.at("reason"))});
  }
  print_table(rows, out);
  out << "(* no order given)\n";
  if (!r.at("dislodged").empty()) {
    out << "\ndislodged:\n";
    for (const json& d : r.at("dislodged")) {
      out << "  " << cell_text(d.at("unit")) << " (" << cell_text(d.at("power")) << "), attacked from "
          << cell_text(d.at("from")) << (d.at("convoyed").get<bool>() ? " by convoy" : "")
          << "; may retreat to " << (d.at("retreats").empty() ? "nowhere" : joined(d.at("retreats"), ", "))
          << "\n";
    }
  }
  if (!r.at("standoffs").empty()) out << "standoffs: " << joined(r.at("standoffs"), ", ") << "\n";
  for (const json& u : r.at("civil_disorder"))
    out << "civil disorder: " << cell_text(u.at("unit")) << " (" << cell_text(u.at("power"))
        << ") disbanded\n";
  out << "\nnext: " << cell_text(r.at("position").at("phase")) << "\nstate: " << cell_text(r.at("state"))
      << "\n";
}

void meg_sweep(const json& r, std::ostream& out) {
  Rows rows = {{cell_text(r.at("parameter")), "known MEG", "unknown MEG", "beta*"}};
  for (const json& p : r.at("points"))
    rows.push_back({cell_text(p.at("value")), cell_text(p.value("known", json("-"))),
                    cell_text(p.value("unknown", json("-"))), cell_text(p.value("beta", json("-")))});
  print_table(rows, out);
}

// The summaries `motive check` prints, by kind.
std::string scim_summary(const json& r) {
  const std::size_t models = r.at("models").size();
  const std::string settings = cell_text(r.at("settings"));
  return std::to_string(r.at("variables").size()) + " variables, " + settings +
         (settings == "1" ? " setting, " : " settings, ") + std::to_string(models) +
         (models == 1 ? " model" : " models");
}

std::string mdp_summary(const json& r) {
  const std::size_t variants = r.at("variants").size();
  return cell_text(r.at("kind")) + ", " + std::to_string(r.at("states").size()) + " states, " +
         std::to_string(r.at("actions").size()) + " actions, " + std::to_string(variants) +
         (variants == 1 ? " variant" : " variants");
}

// The printers, by (kind, analysis). "*" stands for every kind: MEG reads the same everywhere.
struct Printer {
  const char* kind;
  const char* analysis;
  void (*print)(const json& result, std::ostream& out);
};

constexpr Printer kPrinters[] = {
    {"scim", "describe", scim_describe},
    {"scim", "expected_utility", scim_expected_utility},
    {"scim", "optimal_policies", scim_optimal_policies},
    {"scim", "settings", scim_settings},
    {"scim", "policies", scim_policies},
    {"scim", "intention", scim_intention},
    {"gridworld", "describe", mdp_describe},
    {"gridworld", "solve", mdp_solve},
    {"gridworld", "intention", mdp_intention},
    {"mdp", "describe", mdp_describe},
    {"mdp", "solve", mdp_solve},
    {"mdp", "intention", mdp_intention},
    {"scim", "meg", meg},
    {"gridworld", "meg", meg},
    {"mdp", "meg", meg},
    {"game", "meg", game_meg},
    {"game", "battle", game_battle},
    {"game", "adjudicate", game_adjudicate},
    {"gridworld", "meg_sweep", meg_sweep},
    {"mdp", "meg_sweep", meg_sweep},
};

struct Summary {
  const char* kind;
  std::string (*summarise)(const json& described);
};

constexpr Summary kSummaries[] = {
    {"scim", scim_summary},
    {"gridworld", mdp_summary},
    {"mdp", mdp_summary},
};

const Printer* find_printer(const std::string& kind, const std::string& analysis) {
  for (const Printer& p : kPrinters)
    if (p.kind == kind && p.analysis == analysis) return &p;
  for (const Printer& p : kPrinters)
    if (std::string(p.kind) == "*" && p.analysis == analysis) return &p;
  return nullptr;
}

// ---- The generic printer.

constexpr std::size_t kLineWidth = 100;

std::string pad(int indent) { return std::string(static_cast<std::size_t>(indent), ' '); }

// The cells of a record, nested objects flattened into "key.sub" columns. False when a value is a
// list of lists or of objects: the record is then not a row of a table.
bool record_cells(const json& record, const std::string& prefix,
                  std::vector<std::pair<std::string, std::string>>* cells) {
  for (const auto& [key, value] : record.items()) {
    if (is_plain(value) || is_plain_list(value)) cells->emplace_back(prefix + key, cell_text(value));
    else if (!value.is_object() || !record_cells(value, prefix + key + ".", cells)) return false;
  }
  return true;
}

// An array of records as a table, its columns in order of first appearance. False when it is not.
bool print_records(const json& list, std::ostream& out, int indent) {
  if (list.empty() || !std::all_of(list.begin(), list.end(), [](const json& x) { return x.is_object(); }))
    return false;
  std::vector<std::string> columns;
  std::vector<std::vector<std::pair<std::string, std::string>>> records(list.size());
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (!record_cells(list[i], "", &records[i])) return false;
    for (const auto& [column, cell] : records[i])
      if (std::find(columns.begin(), columns.end(), column) == columns.end()) columns.push_back(column);
  }
  // What names a row reads best first.
  std::stable_partition(columns.begin(), columns.end(), [](const std::string& c) {
    return c == "name" || c == "variable" || c == "decision" || c == "setting" || c == "state";
  });
  Rows rows = {columns};
  for (const auto& record : records) {
    std::vector<std::string> row(columns.size());
    for (const auto& [column, cell] : record)
      row[std::find(columns.begin(), columns.end(), column) - columns.begin()] = cell;
    rows.push_back(std::move(row));
  }
  print_table(rows, out, indent);
  return true;
}

// An array of plain lists (a value per state and action, say) as a table with the row's index first.
bool print_matrix(const json& list, std::ostream& out, int indent) {
  if (list.empty() ||
      !std::all_of(list.begin(), list.end(), [](const json& x) { return is_plain_list(x) && !x.empty(); }))
    return false;
  std::size_t width = 0;
  for (const json& row : list) width = std::max(width, row.size());
  Rows rows = {{"#"}};
  for (std::size_t j = 0; j < width; ++j) rows[0].push_back(std::to_string(j));
  for (std::size_t i = 0; i < list.size(); ++i) {
    std::vector<std::string> row = {std::to_string(i)};
    for (const json& x : list[i]) row.push_back(cell_text(x));
    rows.push_back(std::move(row));
  }
  print_table(rows, out, indent);
  return true;
}

void print_object(const json& object, std::ostream& out, int indent);

// An array of records too deep for a table, each as a numbered block of its own.
bool print_blocks(const json& list, std::ostream& out, int indent) {
  if (!std::all_of(list.begin(), list.end(), [](const json& x) { return x.is_object(); })) return false;
  for (std::size_t i = 0; i < list.size(); ++i) {
    out << (i > 0 ? "\n" : "") << pad(indent) << "[" << i << "]\n";
    print_object(list[i], out, indent + 2);
  }
  return true;
}

// An array of arrays of records (trajectories of steps, say) as one numbered table each.
bool print_tables(const json& list, std::ostream& out, int indent) {
  if (!std::all_of(list.begin(), list.end(), [](const json& x) { return x.is_array() && !x.empty(); }))
    return false;
  std::ostringstream tables;
  for (std::size_t i = 0; i < list.size(); ++i) {
    tables << (i > 0 ? "\n" : "") << pad(indent) << "[" << i << "]\n";
    if (!print_records(list[i], tables, indent + 2)) return false;
  }
  out << tables.str();
  return true;
}

// Plain values as one line, wrapped at the line width.
void print_plain_list(const json& list, std::ostream& out, int indent, std::size_t first_line_used) {
  std::size_t used = first_line_used;
  bool first = true;
  for (const json& x : list) {
    std::string item = cell_text(x) + (&x == &list.back() ? "" : ",");
    if (!first && used + 1 + display_width(item) > kLineWidth) {
      out << "\n" << pad(indent);
      used = static_cast<std::size_t>(indent);
    } else if (!first) {
      out << " ";
      ++used;
    }
    out << item;
    used += display_width(item);
    first = false;
  }
  out << "\n";
}

// Indented JSON that keeps whatever fits on a line on one line: a list of numbers is one line, not one
// line per number. `used` is how much of the current line is already taken.
std::string compact_json(const json& value, int indent, std::size_t used) {
  std::string flat = json_text(value);
  if ((!value.is_object() && !value.is_array()) || value.empty() || used + display_width(flat) <= kLineWidth)
    return flat;
  const std::string inner = pad(indent + 2);
  std::string out = value.is_object() ? "{\n" : "[\n";
  std::size_t i = 0;
  for (auto it = value.begin(); it != value.end(); ++it, ++i) {
    std::string head = inner + (value.is_object() ? json_text(json(it.key())) + ": " : "");
    out +=
        head + compact_json(*it, indent + 2, display_width(head) + 1) + (i + 1 < value.size() ? ",\n" : "\n");
  }
  return out + pad(indent) + (value.is_object() ? "}" : "]");
}

void print_json_lines(const json& value, std::ostream& out, int indent) {
  out << pad(indent) << compact_json(value, indent, static_cast<std::size_t>(indent)) << "\n";
}

void print_value(const json& value, std::ostream& out, int indent);

void print_object(const json& object, std::ostream& out, int indent) {
  // Plain fields first, their values aligned; then the lists and objects, each under its name.
  // Plain values and lists of them (short or long) are "key: value" lines.
  auto is_line = [](const json& v) { return is_plain(v) || v.empty() || is_plain_list(v); };
  std::size_t key_width = 0;
  for (const auto& [key, value] : object.items())
    if (is_line(value)) key_width = std::max(key_width, display_width(key));
  for (const auto& [key, value] : object.items()) {
    if (!is_line(value)) continue;
    out << pad(indent) << key << ":" << std::string(key_width - display_width(key) + 1, ' ');
    if (is_plain(value)) out << cell_text(value) << "\n";
    else if (value.empty()) out << "(none)\n";
    else print_plain_list(value, out, indent + static_cast<int>(key_width) + 2, indent + key_width + 2);
  }
  for (const auto& [key, value] : object.items()) {
    if (is_line(value)) continue;
    out << "\n" << pad(indent) << key << ":\n";
    print_value(value, out, indent + 2);
  }
}

void print_value(const json& value, std::ostream& out, int indent) {
  if (is_plain(value)) {
    out << pad(indent) << cell_text(value) << "\n";
  } else if (value.is_object()) {
    print_object(value, out, indent);
  } else if (is_plain_list(value)) {
    out << pad(indent);
    print_plain_list(value, out, indent, static_cast<std::size_t>(indent));
  } else if (!print_records(value, out, indent) && !print_matrix(value, out, indent) &&
             !print_tables(value, out, indent) && !print_blocks(value, out, indent)) {
    print_json_lines(value, out, indent);
  }
}

}  // namespace

std::string cell_text(const json& value) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_null()) return "-";
  if (value.is_number_float()) {
    std::ostringstream s;
    s << std::setprecision(6) << value.get<double>();
    return s.str();
  }
  if (is_plain_list(value)) return list_text(value);
  return json_text(value);
}

void print_table(const Rows& rows, std::ostream& out, int indent) {
  std::vector<std::size_t> widths;
  for (const auto& row : rows)
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (widths.size() <= i) widths.push_back(0);
      widths[i] = std::max(widths[i], display_width(row[i]));
    }
  for (const auto& row : rows) {
    std::string line = pad(indent);
    for (std::size_t i = 0; i < row.size(); ++i)
      line += row[i] + (i + 1 < row.size() ? std::string(widths[i] - display_width(row[i]) + 2, ' ') : "");
    // Trailing blanks (an empty last cell) are invisible and get in the way of diffs.
    line.erase(line.find_last_not_of(' ') + 1);
    out << line << "\n";
  }
}

void print_generic(const json& result, std::ostream& out) { print_value(result, out, 0); }

bool has_printer(const std::string& kind, const std::string& analysis) {
  return find_printer(kind, analysis);
}

bool print_by_table(const std::string& kind, const std::string& analysis, const json& result,
                    std::ostream& out) {
  const Printer* printer = find_printer(kind, analysis);
  if (!printer) return false;
  // Printed aside first, so that a result the printer does not expect leaves no half-printed lines.
  std::ostringstream text;
  try {
    printer->print(result, text);
  } catch (const json::exception&) {
    return false;
  }
  out << text.str();
  return true;
}

void print_result(const std::string& kind, const std::string& analysis, const json& result,
                  std::ostream& out) {
  if (!print_by_table(kind, analysis, result, out)) print_generic(result, out);
}

void print_check(const std::string& path, const std::string& kind, const json& described, std::ostream& out) {
  for (const Summary& s : kSummaries) {
    if (s.kind != kind) continue;
    try {
      const std::string summary = s.summarise(described);
      out << path << ": ok (" << summary << ")\n";
      return;
    } catch (const json::exception&) {
    }
  }
  out << path << ": ok (" << (kind.empty() ? "a model" : kind) << ")\n";
}

}  // namespace motive::cli
