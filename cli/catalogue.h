// Reading the engine's catalogue (the reply to {"analysis": "catalogue"}, docs/api.md) for people:
// the usage's list of analyses, `motive help [ANALYSIS | KIND]`, `motive kinds`, and the parameter
// tables of docs/analyses.md (a test checks that those show what these functions show).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace motive::cli {

// One analysis as some kinds define it: kinds whose definitions are identical (the same summary,
// paper and parameters, as gridworld and mdp share) are listed together.
struct AnalysisDefinition {
  std::vector<std::string> kinds;
  nlohmann::json analysis;  // {name, summary, paper, definition, params}
};

// Every definition of `analysis` in the catalogue's result, in the order of the kinds.
std::vector<AnalysisDefinition> definitions_of(const nlohmann::json& catalogue, const std::string& analysis);

// Every analysis name of the catalogue, each once, in order of first appearance.
std::vector<std::string> analysis_names(const nlohmann::json& catalogue);

// A parameter spec (spec_json) in words, as `motive help` and docs/analyses.md show it.
std::string type_text(const nlohmann::json& spec);     // "integer", "choice", "list of strings", ...
std::string default_text(const nlohmann::json& spec);  // "64", "\"known\"", "required" or "none"
std::string range_text(const nlohmann::json& spec);    // "0 to 10000", "known | unknown", "a policy", ...

// The parameter tables of docs/analyses.md, one per definition of each analysis, in the order of
// the catalogue (`motive help --markdown`): a heading "#### `ANALYSIS` (KIND, ...)" and a table
// | parameter | type | default | range | meaning |, or "No parameters.".
void print_markdown_tables(const nlohmann::json& catalogue, std::ostream& out);
// One definition's heading and table, as print_markdown_tables writes it.
std::string markdown_table(const AnalysisDefinition& definition);

// `motive help ANALYSIS`: its definitions with their summaries, papers and parameter tables.
void print_analysis_help(const std::vector<AnalysisDefinition>& definitions, std::ostream& out);
// `motive help KIND`: the kind's summary and its analyses.
void print_kind_help(const nlohmann::json& kind, std::ostream& out);
// `motive kinds` and the usage's list: each kind with its summary and the names of its analyses.
void print_kinds(const nlohmann::json& catalogue, std::ostream& out);

}  // namespace motive::cli
