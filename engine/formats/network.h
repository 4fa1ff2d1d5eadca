// A Bayesian network or influence diagram as BIF and XMLBIF describe one, and its SCIM/CID model.
//
// Both readers fill a Network (names as the file writes them, with their positions), and one builder
// checks it and writes the model: chance variables with conditional probability tables (`cpd`),
// decisions whose parents are their information links, utilities as tables of values
// (docs/formats.md, "BIF and XMLBIF").
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/diagnostics.h"
#include "formats/formats.h"

namespace motive::formats {

// Bounds on what a network may hold (import.too_large beyond).
inline constexpr std::size_t kMaxNetworkVariables = 10'000;
inline constexpr std::size_t kMaxOutcomes = 1'000;
inline constexpr std::size_t kMaxTableEntries = std::size_t{1} << 22;

enum class NodeType { kChance, kDecision, kUtility };

struct NetVariable {
  std::string name;  // as the file writes it
  SourceSpan span;   // of its name where it is declared
  NodeType type = NodeType::kChance;
  std::vector<std::string> outcomes;
  std::vector<SourceSpan> outcome_spans;

  // Its table (BIF's probability block, XMLBIF's DEFINITION).
  bool defined = false;
  SourceSpan definition_span;  // of the name in the table's header
  std::vector<std::string> parents;
  std::vector<SourceSpan> parent_spans;
  // The numbers in one order whatever the file's: the parents' combinations in row-major order (the
  // last parent fastest) and, for a chance variable, its own outcomes fastest within each; for a
  // utility, one value per combination. A decision's table, if any, is not read.
  std::vector<double> values;
  // Where the numbers of each combination are written (one per combination; the table's span when
  // the file does not write rows).
  std::vector<SourceSpan> row_spans;
  bool has_values = false;
};

struct Network {
  std::string name;  // the network's name ("" when it has none)
  std::vector<NetVariable> variables;
};

// Checks the network (every parent declared, each chance and utility variable given one table of the
// right size, probabilities non-negative and summing to 1 per row, no cycle) and writes its model.
// `format` names the format ("BIF", "XMLBIF") and `file` the file for the model's comment.
std::optional<Imported> network_model(const Network& network, const std::string& format,
                                      Diagnostics* diagnostics);

}  // namespace motive::formats
