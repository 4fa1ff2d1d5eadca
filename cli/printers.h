// How `motive analyze` and `motive check` show a reply to a person. The engine answers JSON and
// never formats for display: the printing happens here, chosen by the reply's kind and analysis
// from one table (printers.cc). A (kind, analysis) with no printer of its own, such as every
// analysis of a kind added yesterday, is printed by the generic printer: aligned tables for arrays
// of records, `key: value` lines for plain fields, indented JSON for anything deeper.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace motive::cli {

// Prints an analysis's result. `kind` and `analysis` are the reply envelope's. A printer of the
// table that meets a result of another shape than it expects gives way to the generic printer, so
// this never throws on any JSON.
void print_result(const std::string& kind, const std::string& analysis, const nlohmann::json& result,
                  std::ostream& out);

// The printer of the table for (kind, analysis), if there is one and the result has the shape it
// expects: returns whether it printed (nothing is printed otherwise).
bool print_by_table(const std::string& kind, const std::string& analysis, const nlohmann::json& result,
                    std::ostream& out);

// Whether the table has a printer for (kind, analysis), its own or one for every kind.
bool has_printer(const std::string& kind, const std::string& analysis);

// The one line `motive check` prints for a valid model: "PATH: ok (what the model holds)", from the
// result of `describe`.
void print_check(const std::string& path, const std::string& kind, const nlohmann::json& described,
                 std::ostream& out);

// The generic printer itself (what print_result falls back to).
void print_generic(const nlohmann::json& result, std::ostream& out);

// Rows as columns padded to their widest cell, each line prefixed by `indent` spaces.
void print_table(const std::vector<std::vector<std::string>>& rows, std::ostream& out, int indent = 0);

// A value as a table cell: strings bare, numbers to 6 significant digits, null as "-", lists of
// plain values joined by spaces, anything else as compact JSON.
std::string cell_text(const nlohmann::json& value);

}  // namespace motive::cli
