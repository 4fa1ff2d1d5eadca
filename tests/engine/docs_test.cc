// The docs against the catalogue: docs/analyses.md has, for every analysis of every kind, a table
// listing exactly the analysis's parameters in the catalogue's order, with the catalogue's types,
// defaults and ranges (as `motive help ANALYSIS` shows them, cli/catalogue.h), and no table for an
// analysis the catalogue does not have; docs/api.md has a section for every analysis and documents
// the catalogue request. A failure prints the table the catalogue asks for (also printed, for every
// analysis, by `motive help --markdown`).
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "api/api.h"
#include "cli/catalogue.h"

namespace motive {
namespace {

using nlohmann::json;

std::string read_doc(const std::string& name) {
  std::ifstream in(std::filesystem::path(MOTIVE_SOURCE_DIR) / "docs" / name);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

json catalogue() {
  json reply = handle_request({{"analysis", "catalogue"}});
  EXPECT_TRUE(reply.value("ok", false)) << reply.dump();
  return reply["result"];
}

// The cells of a table row "| a | b \| c |", "\|" standing for "|" inside a cell.
std::vector<std::string> cells(const std::string& row) {
  std::vector<std::string> out;
  std::string cell;
  for (std::size_t i = 1; i < row.size(); ++i) {
    if (row[i] == '\\' && i + 1 < row.size() && row[i + 1] == '|') {
      cell += '|';
      ++i;
    } else if (row[i] == '|') {
      const std::size_t first = cell.find_first_not_of(' '), last = cell.find_last_not_of(' ');
      out.push_back(first == std::string::npos ? "" : cell.substr(first, last - first + 1));
      cell.clear();
    } else {
      cell += row[i];
    }
  }
  return out;
}

std::string unquoted(const std::string& cell) {
  return cell.size() >= 2 && cell.front() == '`' && cell.back() == '`' ? cell.substr(1, cell.size() - 2)
                                                                       : cell;
}

// A parameter table of docs/analyses.md: its heading's analysis and kinds, its rows' cells.
struct DocTable {
  std::string analysis;
  std::vector<std::string> kinds;
  std::vector<std::vector<std::string>> rows;  // parameter, type, default, range, meaning
  int line = 0;
};

std::vector<DocTable> parameter_tables(const std::string& doc) {
  static const std::regex heading(R"(^#### `([a-z_]+)` \(([a-z_, ]+)\)$)");
  std::vector<DocTable> tables;
  std::istringstream lines(doc);
  int number = 0;
  bool inside = false;
  for (std::string line; std::getline(lines, line);) {
    ++number;
    std::smatch m;
    if (std::regex_match(line, m, heading)) {
      DocTable table{m[1], {}, {}, number};
      std::istringstream kinds(m[2].str());
      for (std::string kind; std::getline(kinds, kind, ',');)
        table.kinds.push_back(kind.substr(kind.find_first_not_of(' ')));
      tables.push_back(table);
      inside = true;
    } else if (line.rfind("#", 0) == 0) {
      inside = false;
    } else if (inside && line.rfind("| ", 0) == 0 && line.rfind("| parameter ", 0) != 0 &&
               line.rfind("| ---", 0) != 0) {
      tables.back().rows.push_back(cells(line));
    }
  }
  return tables;
}

TEST(DocsCatalogue, AnalysesMdHasEveryAnalysisParameterTableAsTheCatalogueDescribesIt) {
  const json cat = catalogue();
  const std::vector<DocTable> tables = parameter_tables(read_doc("analyses.md"));
  ASSERT_FALSE(tables.empty()) << "docs/analyses.md has no parameter tables (#### `ANALYSIS` (KIND))";
  std::map<std::string, int> found;  // "kind analysis" -> tables listing it
  for (const DocTable& t : tables)
    for (const std::string& kind : t.kinds) ++found[kind + " " + t.analysis];

  for (const std::string& name : cli::analysis_names(cat))
    for (const cli::AnalysisDefinition& d : cli::definitions_of(cat, name))
      for (const std::string& kind : d.kinds) {
        const std::string expected = cli::markdown_table(d);
        SCOPED_TRACE("analysis " + name + " of kind " + kind + "; the catalogue's table:\n" + expected);
        ASSERT_EQ(found[kind + " " + name], 1) << "docs/analyses.md needs one table for it";
        const DocTable& t = *std::find_if(tables.begin(), tables.end(), [&](const DocTable& x) {
          return x.analysis == name && std::find(x.kinds.begin(), x.kinds.end(), kind) != x.kinds.end();
        });
        const json params = d.analysis["params"];
        ASSERT_EQ(t.rows.size(), params.size()) << "docs/analyses.md line " << t.line;
        for (std::size_t i = 0; i < params.size(); ++i) {
          const json& p = params[i];
          const std::vector<std::string>& row = t.rows[i];
          ASSERT_EQ(row.size(), 5u) << "docs/analyses.md line " << t.line << ": a row needs 5 cells";
          EXPECT_EQ(unquoted(row[0]), p["name"].get<std::string>());
          EXPECT_EQ(row[1], cli::type_text(p)) << p["name"];
          EXPECT_EQ(unquoted(row[2]), cli::default_text(p)) << p["name"];
          EXPECT_EQ(row[3], cli::range_text(p)) << p["name"];
          EXPECT_FALSE(row[4].empty()) << p["name"] << " needs a meaning";
        }
      }

  // No table for an analysis (or a kind of it) the catalogue does not have.
  for (const auto& [key, count] : found) {
    const std::string kind = key.substr(0, key.find(' ')), name = key.substr(key.find(' ') + 1);
    bool known = false;
    for (const cli::AnalysisDefinition& d : cli::definitions_of(cat, name))
      known = known || std::find(d.kinds.begin(), d.kinds.end(), kind) != d.kinds.end();
    EXPECT_TRUE(known) << "docs/analyses.md has a table for " << name << " of kind " << kind
                       << ", which the catalogue does not list";
  }
}

TEST(DocsCatalogue, ApiMdHasASectionForEveryAnalysisAndTheCatalogue) {
  const std::string doc = read_doc("api.md");
  for (const std::string& name : cli::analysis_names(catalogue()))
    EXPECT_NE(doc.find("### `" + name + "`"), std::string::npos)
        << "docs/api.md has no section ### `" << name << "`";
  EXPECT_NE(doc.find(R"({"analysis": "catalogue"})"), std::string::npos)
      << "docs/api.md does not show the catalogue request";
}

TEST(DocsCatalogue, ATableThatDriftsFromTheCatalogueIsCaught) {
  // The checks above on a table made wrong on purpose: the parser must see each cell.
  const std::vector<DocTable> tables = parameter_tables(
      "#### `settings` (scim)\n\n"
      "| parameter | type | default | range | meaning |\n| --- | --- | --- | --- | --- |\n"
      "| `limit` | integer | `100` | 0 to 10000 | how many \\| at most |\n");
  ASSERT_EQ(tables.size(), 1u);
  EXPECT_EQ(tables[0].analysis, "settings");
  EXPECT_EQ(tables[0].kinds, std::vector<std::string>{"scim"});
  ASSERT_EQ(tables[0].rows.size(), 1u);
  EXPECT_EQ(tables[0].rows[0],
            (std::vector<std::string>{"`limit`", "integer", "`100`", "0 to 10000", "how many | at most"}));
  const json spec = {
      {"name", "limit"}, {"type", "integer"}, {"default", 200}, {"min", 0.0}, {"max", 10000.0}};
  EXPECT_NE(unquoted(tables[0].rows[0][2]), cli::default_text(spec));  // 100 in the doc, 200 in the spec
  EXPECT_EQ(tables[0].rows[0][3], cli::range_text(spec));
}

}  // namespace
}  // namespace motive
