// The BIF and XMLBIF importers (engine/formats; docs/formats.md): the numbers of hand-written files
// land in the right cells (checked against the files' own tables and against marginals and optimal
// decisions computed here by brute force), and every mistake is reported at its line and column.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "api/api.h"
#include "api_support.h"
#include "core/diagnostics.h"
#include "formats/formats.h"
#include "formats/source.h"
#include "formats/xml.h"

namespace motive::formats {
namespace {

using nlohmann::json;

std::string fixture(const std::string& name) { return test::read_source_file("tests/formats/" + name); }

// The model an import makes, parsed (JSON with a comment line first).
json model_of(const Imported& imported) {
  const std::string& text = imported.model;
  return json::parse(text.substr(text.find('\n') + 1));
}

Diagnostic first_problem(const std::optional<Imported>& imported, const Diagnostics& d) {
  EXPECT_FALSE(imported.has_value());
  EXPECT_FALSE(d.empty());
  return d.items().empty() ? Diagnostic{} : d.items().front();
}

// P(variable = outcome | given) from a model's cpd, as the import wrote it.
double cpd_entry(const json& variable, const std::map<std::string, std::string>& given,
                 const std::string& outcome) {
  const json& cpd = variable["cpd"];
  if (cpd.is_object()) return cpd[outcome].get<double>();
  for (const json& row : cpd) {
    bool match = true;
    for (const auto& [parent, value] : given) match = match && row["given"][parent] == value;
    if (match) return row["p"][outcome].get<double>();
  }
  ADD_FAILURE() << "no row for the combination";
  return -1;
}

TEST(FormatsBif, DogProblemTablesLandInTheirCells) {
  Diagnostics d;
  auto imported = import_bif(fixture("dog-problem.bif"), &d);
  ASSERT_TRUE(imported) << (d.empty() ? "" : d.items()[0].message);
  const json m = model_of(*imported);
  EXPECT_EQ(m["kind"], "scim");
  EXPECT_EQ(m["title"], "Dog-Problem");
  const json& v = m["variables"];
  // Names with hyphens become identifiers, each change noted.
  ASSERT_TRUE(v.contains("dog_out"));
  EXPECT_EQ(imported->notes.size(), 5u);
  EXPECT_EQ(v["dog_out"]["parents"], json({"bowel_problem", "family_out"}));
  // The file's table lists the child's outcome slowest: "table 0.99 0.97 0.9 0.3 0.01 0.03 0.1 0.7"
  // over (bowel-problem, family-out) = (t,t), (t,f), (f,t), (f,f).
  EXPECT_EQ(cpd_entry(v["dog_out"], {{"bowel_problem", "true"}, {"family_out", "true"}}, "true"), 0.99);
  EXPECT_EQ(cpd_entry(v["dog_out"], {{"bowel_problem", "true"}, {"family_out", "false"}}, "true"), 0.97);
  EXPECT_EQ(cpd_entry(v["dog_out"], {{"bowel_problem", "false"}, {"family_out", "true"}}, "true"), 0.9);
  EXPECT_EQ(cpd_entry(v["dog_out"], {{"bowel_problem", "false"}, {"family_out", "false"}}, "false"), 0.7);
  EXPECT_EQ(cpd_entry(v["hear_bark"], {{"dog_out", "false"}}, "true"), 0.01);
  // Rows given by their parents' outcomes: "(false) 0.05 0.95".
  EXPECT_EQ(cpd_entry(v["light_on"], {{"family_out", "false"}}, "false"), 0.95);
  EXPECT_EQ(cpd_entry(v["family_out"], {}, "true"), 0.15);
}

// P(hear-bark = true) by the sum over the 32 joint outcomes of the file's numbers (written out here),
// against the engine's settings of the imported model: the settings' probabilities where hear_bark is
// true add up to the marginal.
TEST(FormatsBif, MarginalOfTheImportedModelIsTheNetworksMarginal) {
  double expected = 0;
  const double p_family[2] = {0.15, 0.85}, p_bowel[2] = {0.01, 0.99};
  const double p_dog[2][2] = {{0.99, 0.97}, {0.9, 0.3}};  // [bowel][family], P(dog = true)
  const double p_bark[2] = {0.7, 0.01};                   // [dog], P(bark = true)
  for (int f = 0; f < 2; ++f)
    for (int b = 0; b < 2; ++b)
      for (int dog = 0; dog < 2; ++dog) {
        const double pd = dog == 0 ? p_dog[b][f] : 1 - p_dog[b][f];
        expected += p_family[f] * p_bowel[b] * pd * p_bark[dog];
      }
  Diagnostics d;
  auto imported = import_bif(fixture("dog-problem.bif"), &d);
  ASSERT_TRUE(imported);
  const json settings = test::analyze(imported->model, "settings", {{"limit", 10000}});
  const json& variables = settings["variables"];
  const auto column = std::find(variables.begin(), variables.end(), "hear_bark") - variables.begin();
  double marginal = 0;
  for (const json& row : settings["rows"])
    if (row["values"][column] == "true") marginal += row["probability"].get<double>();
  EXPECT_NEAR(marginal, expected, 1e-12);
}

TEST(FormatsBif, PgmpyStyleWithSeparatorsRowsAndADefault) {
  Diagnostics d;
  auto imported = import_bif(fixture("cancer.bif"), &d);
  ASSERT_TRUE(imported) << (d.empty() ? "" : d.items()[0].message);
  const json v = model_of(*imported)["variables"];
  EXPECT_TRUE(imported->notes.empty());  // every name is an identifier
  EXPECT_EQ(cpd_entry(v["Cancer"], {{"Pollution", "low"}, {"Smoker", "True"}}, "True"), 0.03);
  EXPECT_EQ(cpd_entry(v["Cancer"], {{"Pollution", "high"}, {"Smoker", "True"}}, "False"), 0.95);
  // (high, False) has no row: the default row gives it.
  EXPECT_EQ(cpd_entry(v["Cancer"], {{"Pollution", "high"}, {"Smoker", "False"}}, "True"), 0.02);
  EXPECT_EQ(cpd_entry(v["Pollution"], {}, "high"), 0.1);
}

// The umbrella influence diagram: the optimal decision rule and its expected utility, by brute force
// over the 2^3 rules (one action per forecast), against the engine's optimal_policies.
TEST(FormatsXmlbif, InfluenceDiagramHasTheOptimalRuleComputedByHand) {
  const double weather[2] = {0.7, 0.3};
  const double forecast[2][3] = {{0.8, 0.15, 0.05}, {0.1, 0.3, 0.6}};
  const double utility[2][2] = {{20, 100}, {70, 0}};  // [weather][take, leave]
  double best = -1;
  int best_rule = -1;
  for (int rule = 0; rule < 8; ++rule) {
    double eu = 0;
    for (int w = 0; w < 2; ++w)
      for (int f = 0; f < 3; ++f) eu += weather[w] * forecast[w][f] * utility[w][(rule >> f) & 1];
    if (eu > best) best = eu, best_rule = rule;
  }
  Diagnostics d;
  auto imported = import_xmlbif(fixture("umbrella.xmlbif"), &d);
  ASSERT_TRUE(imported) << (d.empty() ? "" : d.items()[0].message);
  const json m = model_of(*imported);
  EXPECT_EQ(m["title"], "Umbrella & forecast");  // the entity is decoded
  EXPECT_EQ(m["variables"]["Umbrella"]["type"], "decision");
  EXPECT_EQ(m["variables"]["Umbrella"]["parents"], json({"Forecast"}));
  EXPECT_EQ(m["variables"]["Satisfaction"]["type"], "utility");
  EXPECT_EQ(cpd_entry(m["variables"]["Forecast"], {{"Weather", "rain"}}, "rainy"), 0.6);
  const json optimal = test::analyze(imported->model, "optimal_policies");
  EXPECT_NEAR(optimal["expected_utility"].get<double>(), best, 1e-9);
  const std::vector<std::string> forecasts = {"sunny", "cloudy", "rainy"};
  for (const json& rule : optimal["decisions"][0]["rules"]) {
    const std::string f = rule["observation"]["Forecast"];
    const int index = static_cast<int>(std::find(forecasts.begin(), forecasts.end(), f) - forecasts.begin());
    EXPECT_EQ(rule["optimal"], json({((best_rule >> index) & 1) ? "leave" : "take"})) << f;
  }
}

struct Case {
  std::string name, text, id;
  int line, column;
  std::string in_message;
};

TEST(FormatsBif, EveryMistakeIsReportedAtItsPlace) {
  const std::string declared = "network n {}\nvariable A { type discrete [ 2 ] { a1, a2 }; }\n";
  const std::vector<Case> cases = {
      {"missing semicolon", declared + "probability ( A ) {\n  table 0.5, 0.5\n}\n", "import.syntax", 5, 1,
       "\";\""},
      {"unknown block", "netwrk n {}\n", "import.syntax", 1, 1, "expected a block"},
      {"unknown parent",
       declared + "variable B { type discrete [ 2 ] { b1, b2 }; }\n"
                  "probability ( A ) { table 0.5 0.5; }\nprobability ( B | C ) { default 0.5 0.5; }\n",
       "import.undefined", 5, 19, "\"C\""},
      {"unknown outcome in a row",
       declared + "variable B { type discrete [ 2 ] { b1, b2 }; }\n"
                  "probability ( A ) { table 0.5 0.5; }\nprobability ( B | A ) {\n  (a3) 0.5 0.5;\n  default "
                  "0.1 0.9;\n}\n",
       "import.undefined", 6, 4, "no outcome \"a3\""},
      {"table too short", declared + "probability ( A ) {\n  table 0.5;\n}\n", "import.bad_table", 4, 3,
       "1 numbers"},
      {"row does not add up",
       declared + "variable B { type discrete [ 2 ] { b1, b2 }; }\n"
                  "probability ( A ) { table 0.5 0.5; }\nprobability ( B | A ) {\n  (a1) 0.5 0.3;\n  (a2) "
                  "0.5 0.5;\n}\n",
       "import.bad_probability", 6, 3, "add up to 0.8"},
      {"negative probability", declared + "probability ( A ) { table -0.5 1.5; }\n", "import.bad_probability",
       3, 21, "negative"},
      {"no table", declared, "import.undefined", 2, 10, "has no table"},
      {"second table",
       declared + "probability ( A ) { table 0.5 0.5; }\nprobability ( A ) { table 0.5 0.5; }\n",
       "import.duplicate", 4, 15, "second table"},
      {"cycle",
       "variable A { type discrete [ 2 ] { a1, a2 }; }\nvariable B { type discrete [ 2 ] { b1, b2 }; }\n"
       "probability ( A | B ) { default 0.5 0.5; }\nprobability ( B | A ) { default 0.5 0.5; }\n",
       "import.cycle", 3, 15, "cycle"},
      {"count of outcomes",
       "variable A { type discrete [ 3 ] { a1, a2 }; }\nprobability ( A ) { table 0.5 0.5; }\n",
       "import.bad_table", 1, 30, "says it has 3"},
      {"unterminated comment", declared + "/* no end", "import.syntax", 3, 1, "does not end"},
      {"not UTF-8", "network n {}\n\xff", "import.invalid_utf8", 2, 1, "UTF-8"},
      {"utility as a parent",
       "variable U { property \"type = utility\"; }\nvariable A { type discrete [ 2 ] { a1, a2 }; }\n"
       "probability ( U ) { table 3; }\nprobability ( A | U ) { default 0.5 0.5; }\n",
       "import.unsupported", 4, 19, "utility"},
  };
  for (const Case& c : cases) {
    Diagnostics d;
    auto imported = import_bif(c.text, &d);
    Diagnostic p = first_problem(imported, d);
    EXPECT_EQ(p.id, c.id) << c.name << ": " << p.message;
    EXPECT_EQ(p.span.line, c.line) << c.name << ": " << p.message;
    EXPECT_EQ(p.span.column, c.column) << c.name << ": " << p.message;
    EXPECT_NE(p.message.find(c.in_message), std::string::npos) << c.name << ": " << p.message;
  }
}

TEST(FormatsBif, DidYouMeanForAParentNameWithATypo) {
  Diagnostics d;
  auto imported = import_bif(
      "variable Smoker { type discrete [ 2 ] { yes, no }; }\nvariable Cancer { type discrete [ 2 ] { yes, no "
      "}; }\n"
      "probability ( Smoker ) { table 0.3 0.7; }\nprobability ( Cancer | Smokr ) { default 0.1 0.9; }\n",
      &d);
  Diagnostic p = first_problem(imported, d);
  EXPECT_EQ(p.hint, "did you mean \"Smoker\"?");
}

// Rows off by rounding (within 1%) are normalised, with a note saying where; the probabilities then
// add up to 1 exactly as the SCIM format wants.
TEST(FormatsBif, RowsOffByRoundingAreNormalisedWithANote) {
  Diagnostics d;
  auto imported = import_bif(
      "variable A { type discrete [ 3 ] { x, y, z }; }\nprobability ( A ) {\n  table 0.333, 0.333, "
      "0.333;\n}\n",
      &d);
  ASSERT_TRUE(imported);
  ASSERT_EQ(imported->notes.size(), 1u);
  EXPECT_NE(imported->notes[0].find("from line 3"), std::string::npos) << imported->notes[0];
  const json cpd = model_of(*imported)["variables"]["A"]["cpd"];
  EXPECT_NEAR(cpd["x"].get<double>(), 1.0 / 3, 1e-15);
}

TEST(FormatsXmlbif, MistakesAreReportedAtTheirElement) {
  const std::string head = "<BIF VERSION=\"0.3\"><NETWORK><NAME>n</NAME>\n";
  const std::vector<Case> cases = {
      {"unclosed element", head + "<VARIABLE TYPE=\"nature\"><NAME>A</NAME><OUTCOME>a</OUTCOME>\n",
       "import.syntax", 2, 2, "is not closed"},
      {"mismatched close", head + "<VARIABLE><NAME>A</NAME></OUTCOME>\n</NETWORK></BIF>", "import.syntax", 2,
       25, "closes <VARIABLE>"},
      {"unknown element", head + "<VARIABEL><NAME>A</NAME></VARIABEL>\n</NETWORK></BIF>", "import.syntax", 2,
       2, "not an element"},
      {"not a number",
       head + "<VARIABLE><NAME>A</NAME><OUTCOME>a</OUTCOME><OUTCOME>b</OUTCOME></VARIABLE>\n"
              "<DEFINITION><FOR>A</FOR><TABLE>0.5 half</TABLE></DEFINITION>\n</NETWORK></BIF>",
       "import.bad_number", 3, 36, "not a number"},
      {"definition of nothing",
       head + "<DEFINITION><FOR>B</FOR><TABLE>1</TABLE></DEFINITION>\n</NETWORK></BIF>", "import.undefined",
       2, 18, "not declared"},
      {"bad entity", head + "<VARIABLE><NAME>A&nbsp;</NAME></VARIABLE></NETWORK></BIF>", "import.syntax", 2,
       18, "unknown entity"},
      {"unknown type", head + "<VARIABLE TYPE=\"random\"><NAME>A</NAME></VARIABLE></NETWORK></BIF>",
       "import.unsupported", 2, 2, "TYPE"},
      {"root", "<NETWORK2/>", "import.syntax", 1, 2, "root element"},
  };
  for (const Case& c : cases) {
    Diagnostics d;
    auto imported = import_xmlbif(c.text, &d);
    Diagnostic p = first_problem(imported, d);
    EXPECT_EQ(p.id, c.id) << c.name << ": " << p.message;
    EXPECT_EQ(p.span.line, c.line) << c.name << ": " << p.message;
    EXPECT_EQ(p.span.column, c.column) << c.name << ": " << p.message;
    EXPECT_NE(p.message.find(c.in_message), std::string::npos) << c.name << ": " << p.message;
  }
}

// The XML reader keeps its own stack: nesting past its bound is refused, however deep, without
// recursion; CDATA, character references and comments inside text are read.
TEST(FormatsXml, DeepNestingIsRefusedAndTextIsDecoded) {
  std::string deep;
  for (int i = 0; i < 100000; ++i) deep += "<a>";
  SourceText source(deep);
  Diagnostics d;
  EXPECT_FALSE(read_xml(source, &d));
  ASSERT_FALSE(d.empty());
  EXPECT_EQ(d.items()[0].id, "import.too_large");
  EXPECT_EQ(d.items()[0].span.column, 3 * kMaxXmlDepth + 1);  // the "<" of the element one too deep

  const std::string text = "<r x='1 &lt; 2'>a<!-- c --><![CDATA[<b>]]>&#x41;&#66;</r>";
  SourceText ok(text);
  Diagnostics none;
  auto doc = read_xml(ok, &none);
  ASSERT_TRUE(doc);
  EXPECT_EQ(doc->elements[0].text, "a<b>AB");
  EXPECT_EQ(*doc->elements[0].attribute("x"), "1 < 2");
  EXPECT_FALSE(doc->elements[0].plain);
}

TEST(FormatsApi, ImportRequestAnswersTheModelWithItsKindAndNotes) {
  const json reply = handle_request(
      {{"analysis", "import"}, {"files", {{{"name", "dog.bif"}, {"text", fixture("dog-problem.bif")}}}}});
  ASSERT_TRUE(reply.value("ok", false)) << reply.dump(2);
  EXPECT_EQ(reply["analysis"], "import");
  EXPECT_FALSE(reply.contains("kind"));  // the envelope's kind says how to read a result of a model
  EXPECT_EQ(reply["result"]["format"], "bif");
  EXPECT_EQ(reply["result"]["kind"], "scim");
  EXPECT_EQ(reply["result"]["notes"].size(), 5u);
  // The model answers the scim kind's analyses.
  EXPECT_TRUE(test::request(reply["result"]["model"], "describe").value("ok", false));
}

TEST(FormatsApi, DiagnosticsNameTheirFileAndFormatsAreChosenOrRefused) {
  json reply =
      handle_request({{"analysis", "import"},
                      {"files", {{{"name", "broken.bif"}, {"text", "network n {\n  propertee x;\n}"}}}}});
  ASSERT_FALSE(reply.value("ok", true));
  EXPECT_EQ(reply["diagnostics"][0]["file"], "broken.bif");
  EXPECT_EQ(reply["diagnostics"][0]["line"], 2);

  reply =
      handle_request({{"analysis", "import"}, {"format", "bfi"}, {"files", {{{"name", "a"}, {"text", ""}}}}});
  EXPECT_EQ(reply["diagnostics"][0]["id"], "import.unknown_format");
  EXPECT_EQ(reply["diagnostics"][0]["hint"], "did you mean \"bif\"?");

  // "auto" reads the first word when the extension says nothing.
  reply = handle_request(
      {{"analysis", "import"}, {"files", {{{"name", "model"}, {"text", fixture("umbrella.xmlbif")}}}}});
  EXPECT_EQ(reply["result"]["format"], "xmlbif") << reply.dump(2);

  reply = handle_request({{"analysis", "import"}, {"files", json::array()}});
  EXPECT_EQ(reply["diagnostics"][0]["id"], "request.malformed");

  const json catalogue = handle_request({{"analysis", "catalogue"}})["result"];
  std::vector<std::string> formats;
  for (const json& f : catalogue["formats"]) formats.push_back(f["name"]);
  EXPECT_EQ(formats, std::vector<std::string>({"bif", "xmlbif", "nfg", "efg", "choicescript"}));
}

}  // namespace
}  // namespace motive::formats
