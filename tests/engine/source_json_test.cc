// The model text reader (engine/core/source_json.h): JSON with comments and trailing commas, with the
// line and column of every value and key, and one positioned diagnostic for the first syntax error.
//
// Positions are written "LINE:COLUMN-END_LINE:END_COLUMN": 1-based, columns in Unicode code points,
// the end one past the last character (docs/errors.md, "Positions").

#include "core/source_json.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace motive {
namespace {

std::string Where(const SourceSpan& s) {
  return std::to_string(s.line) + ":" + std::to_string(s.column) + "-" + std::to_string(s.end_line) + ":" +
         std::to_string(s.end_column);
}

std::string Show(const Diagnostics& diagnostics) {
  std::string out;
  for (const Diagnostic& d : diagnostics.items())
    out += "\n  " + Where(d.span) + " [" + d.id + "] " + d.message + (d.hint.empty() ? "" : " / " + d.hint);
  return out;
}

// A document parsed in place (SourceJson locates values by address, so it is not moved).
class Parsed {
 public:
  explicit Parsed(std::string_view text) { ok_ = doc_.parse(text, &diagnostics_); }

  bool ok() const { return ok_; }
  const Json& root() const { return doc_.root(); }
  const SourceJson& doc() const { return doc_; }
  const Diagnostics& diagnostics() const { return diagnostics_; }
  std::string span(const Json& v) const { return Where(doc_.span(v)); }
  std::string key_span(const Json& v) const { return Where(doc_.key_span(v)); }

 private:
  SourceJson doc_;
  Diagnostics diagnostics_;
  bool ok_ = false;
};

// Parses text that must be rejected with exactly one diagnostic, and returns it.
Diagnostic SyntaxErrorIn(std::string_view text) {
  Parsed p(text);
  EXPECT_FALSE(p.ok()) << text;
  EXPECT_EQ(p.diagnostics().items().size(), 1u) << text << Show(p.diagnostics());
  EXPECT_TRUE(p.root().is_null()) << "a failed parse leaves no tree behind";
  if (p.diagnostics().items().empty()) return {};
  return p.diagnostics().items().back();
}

// ---- what is accepted --------------------------------------------------------------------------

TEST(SourceJsonTest, ReadsPlainJsonWithMembersInFileOrder) {
  Parsed p(R"({"zeta": 1, "alpha": [true, false, null], "mid": {"x": "y"}})");
  ASSERT_TRUE(p.ok()) << Show(p.diagnostics());
  EXPECT_TRUE(p.diagnostics().empty());
  std::vector<std::string> keys;
  for (const auto& member : p.root().items()) keys.push_back(member.key());
  EXPECT_EQ(keys, (std::vector<std::string>{"zeta", "alpha", "mid"}));
  EXPECT_EQ(p.root()["alpha"], Json::parse("[true, false, null]"));
  EXPECT_EQ(p.root()["mid"]["x"], "y");
}

TEST(SourceJsonTest, SkipsLineAndBlockComments) {
  Parsed p(R"(// a model
/* a block
   comment over lines */ {
  "a": 1, // after a member
  /* before a key */ "b": /* between */ "http://not/a/comment", // the string keeps its slashes
  "c": [1 /* inside a list */, 2] /* at the end */
} // after the document)");
  ASSERT_TRUE(p.ok()) << Show(p.diagnostics());
  EXPECT_EQ(p.root(), Json::parse(R"({"a": 1, "b": "http://not/a/comment", "c": [1, 2]})"));
}

TEST(SourceJsonTest, AcceptsTrailingCommas) {
  Parsed p("{\"list\": [1, 2, 3,], \"object\": {\"a\": 1,},}");
  ASSERT_TRUE(p.ok()) << Show(p.diagnostics());
  EXPECT_EQ(p.root(), Json::parse(R"({"list": [1, 2, 3], "object": {"a": 1}})"));
}

TEST(SourceJsonTest, AcceptsEmptyContainersAndAnyTopLevelValue) {
  EXPECT_TRUE(Parsed("{}").ok());
  EXPECT_TRUE(Parsed("[]").ok());
  EXPECT_EQ(Parsed("  42  ").root(), 42);
  EXPECT_TRUE(Parsed("null").root().is_null());
  EXPECT_EQ(Parsed("\"text\"").root(), "text");
}

TEST(SourceJsonTest, DecodesEveryEscape) {
  Parsed p(R"(["\" \\ \/ \b \f \n \r \t", "\u0041\u00e9\u20ac", "\uD83D\uDE00"])");
  ASSERT_TRUE(p.ok()) << Show(p.diagnostics());
  EXPECT_EQ(p.root()[0], "\" \\ / \b \f \n \r \t");
  EXPECT_EQ(p.root()[1], "A\xC3\xA9\xE2\x82\xAC");  // A, é, €
  EXPECT_EQ(p.root()[2], "\xF0\x9F\x98\x80");       // a surrogate pair: U+1F600
}

TEST(SourceJsonTest, SkipsAByteOrderMark) {
  Parsed p("\xEF\xBB\xBF{\"a\": 1}");
  ASSERT_TRUE(p.ok()) << Show(p.diagnostics());
  EXPECT_EQ(p.root()["a"], 1);
}

TEST(SourceJsonTest, ReadsNumbers) {
  Parsed p("[0, -0, 12, -7, 3.25, -0.5, 1e3, 2E-2, 1.5e+2, 123456789012345678901]");
  ASSERT_TRUE(p.ok()) << Show(p.diagnostics());
  const Json& n = p.root();
  EXPECT_TRUE(n[0].is_number_integer());
  EXPECT_EQ(n[0], 0);
  EXPECT_EQ(n[2], 12);
  EXPECT_TRUE(n[3].is_number_integer());
  EXPECT_EQ(n[3], -7);
  EXPECT_DOUBLE_EQ(n[4].get<double>(), 3.25);
  EXPECT_DOUBLE_EQ(n[5].get<double>(), -0.5);
  EXPECT_DOUBLE_EQ(n[6].get<double>(), 1000.0);
  EXPECT_DOUBLE_EQ(n[7].get<double>(), 0.02);
  EXPECT_DOUBLE_EQ(n[8].get<double>(), 150.0);
  // Too long for a 64-bit integer: read as the nearest double rather than rejected or wrapped.
  EXPECT_DOUBLE_EQ(n[9].get<double>(), 1.2345678901234568e20);
}

// ---- positions ---------------------------------------------------------------------------------

TEST(SourceJsonTest, SpansOfValuesAndKeys) {
  Parsed p(
      "{\n"
      "  \"name\": \"Robo\",\n"
      "  \"list\": [1, 22, {\"x\": true}],\n"
      "  \"empty\": {}\n"
      "}");
  ASSERT_TRUE(p.ok()) << Show(p.diagnostics());
  const Json& root = p.root();
  EXPECT_EQ(p.span(root), "1:1-5:2");
  EXPECT_EQ(p.key_span(root), "1:1-5:2") << "the root has no key: its key span is its span";
  EXPECT_EQ(p.span(root["name"]), "2:11-2:17");
  EXPECT_EQ(p.key_span(root["name"]), "2:3-2:9");
  EXPECT_EQ(p.span(root["list"]), "3:11-3:31");
  EXPECT_EQ(p.span(root["list"][0]), "3:12-3:13");
  EXPECT_EQ(p.span(root["list"][1]), "3:15-3:17");
  EXPECT_EQ(p.key_span(root["list"][1]), "3:15-3:17") << "a list item has no key";
  EXPECT_EQ(p.span(root["list"][2]), "3:19-3:30");
  EXPECT_EQ(p.key_span(root["list"][2]["x"]), "3:20-3:23");
  EXPECT_EQ(p.span(root["list"][2]["x"]), "3:25-3:29");
  EXPECT_EQ(p.span(root["empty"]), "4:12-4:14");
}

TEST(SourceJsonTest, ColumnsCountCodePointsNotBytes) {
  // é and ü are two bytes each, 😀 four, € three: each is one column.
  Parsed p("{\"é\": \"ü\", \"😀\": \"€€\", \"x\": 1}");
  ASSERT_TRUE(p.ok()) << Show(p.diagnostics());
  EXPECT_EQ(p.key_span(p.root()["é"]), "1:2-1:5");
  EXPECT_EQ(p.span(p.root()["é"]), "1:7-1:10");
  EXPECT_EQ(p.key_span(p.root()["😀"]), "1:12-1:15");
  EXPECT_EQ(p.span(p.root()["😀"]), "1:17-1:21");
  EXPECT_EQ(p.key_span(p.root()["x"]), "1:23-1:26");
  EXPECT_EQ(p.span(p.root()["x"]), "1:28-1:29");
}

TEST(SourceJsonTest, TabsAndCarriageReturnsAreOneColumnEach) {
  Parsed p("{\r\n\t\"a\": 1,\r\n  \"b\": 2\r\n}");
  ASSERT_TRUE(p.ok()) << Show(p.diagnostics());
  EXPECT_EQ(p.key_span(p.root()["a"]), "2:2-2:5");
  EXPECT_EQ(p.span(p.root()["a"]), "2:7-2:8");
  EXPECT_EQ(p.span(p.root()["b"]), "3:8-3:9");
  EXPECT_EQ(p.span(p.root()), "1:1-4:2");
}

TEST(SourceJsonTest, PositionsAfterCommentsCountTheComments) {
  Parsed p("/* é */ {\"a\": // note\n 5}");
  ASSERT_TRUE(p.ok()) << Show(p.diagnostics());
  EXPECT_EQ(p.span(p.root()), "1:9-2:4");
  EXPECT_EQ(p.key_span(p.root()["a"]), "1:10-1:13");
  EXPECT_EQ(p.span(p.root()["a"]), "2:2-2:3");
}

TEST(SourceJsonTest, AValueFromElsewhereHasNoPosition) {
  Parsed p("{\"a\": 1}");
  Json other = 1;
  EXPECT_EQ(Where(p.doc().span(other)), "0:0-0:0");
  EXPECT_EQ(Where(p.doc().key_span(other)), "0:0-0:0");
}

// Engine bug: the byte-order mark is invisible in editors, which put the first `{` at column 1.
// The BOM is counted as a character of line 1, so every column on line 1 is one too large.
TEST(SourceJsonTest, AByteOrderMarkTakesNoColumn) {
  Parsed p("\xEF\xBB\xBF{\"a\": 1}");
  ASSERT_TRUE(p.ok()) << Show(p.diagnostics());
  EXPECT_EQ(p.span(p.root()), "1:1-1:9");
  EXPECT_EQ(p.key_span(p.root()["a"]), "1:2-1:5");
}

// ---- span_in_string: positions inside expressions ---------------------------------------------

TEST(SourceJsonTest, SpanInStringMapsDecodedOffsetsToColumns) {
  Parsed p(R"({"f": "X == 'esat'"})");
  ASSERT_TRUE(p.ok());
  const Json& f = p.root()["f"];
  // Decoded text: X == 'esat' ; the label is bytes [5, 11).
  EXPECT_EQ(Where(p.doc().span_in_string(f, 5, 11)), "1:13-1:19");
  EXPECT_EQ(Where(p.doc().span_in_string(f, 0, 1)), "1:8-1:9");
}

TEST(SourceJsonTest, SpanInStringSkipsTwoCharacterEscapes) {
  Parsed p(R"({"f": "X == \"esat\""})");
  ASSERT_TRUE(p.ok());
  // Decoded: X == "esat" ; the label with its quotes is [5, 11), written \"esat\" in the file.
  EXPECT_EQ(Where(p.doc().span_in_string(p.root()["f"], 5, 11)), "1:13-1:21");
}

TEST(SourceJsonTest, SpanInStringCountsMultiByteCharactersOnce) {
  Parsed p(R"({"f": "'é' == X"})");
  ASSERT_TRUE(p.ok());
  // Decoded bytes: ' é(2 bytes) ' space = = space X : X is byte 8.
  EXPECT_EQ(Where(p.doc().span_in_string(p.root()["f"], 8, 9)), "1:15-1:16");
  EXPECT_EQ(Where(p.doc().span_in_string(p.root()["f"], 0, 4)), "1:8-1:11");
}

TEST(SourceJsonTest, SpanInStringAtTheEndPointsAtTheClosingQuote) {
  Parsed p(R"({"f": "1 +"})");
  ASSERT_TRUE(p.ok());
  // "unexpected end of expression" is reported at [3, 3).
  EXPECT_EQ(Where(p.doc().span_in_string(p.root()["f"], 3, 3)), "1:11-1:12");
}

TEST(SourceJsonTest, SpanInStringOfANonStringIsTheValueSpan) {
  Parsed p(R"({"f": 12345})");
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(Where(p.doc().span_in_string(p.root()["f"], 1, 2)), "1:7-1:12");
}

TEST(SourceJsonTest, SpanInStringOnASecondLine) {
  Parsed p("{\n  \"f\":\n    \"a + b\"\n}");
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(Where(p.doc().span_in_string(p.root()["f"], 4, 5)), "3:10-3:11");
}

// Engine bug: span_in_string assumes every \uXXXX escape decodes to 3 bytes. \u0041 decodes to 1
// byte and \u00e9 to 2, so everything after them is located too far left.
TEST(SourceJsonTest, SpanInStringAfterAOneByteUnicodeEscape) {
  Parsed p(R"({"f": "'\u0041' == X"})");
  ASSERT_TRUE(p.ok());
  // Decoded: 'A' == X ; X is byte 7. In the file: '\u0041' == X, X at column 20.
  EXPECT_EQ(Where(p.doc().span_in_string(p.root()["f"], 7, 8)), "1:20-1:21");
}

TEST(SourceJsonTest, SpanInStringAfterATwoByteUnicodeEscape) {
  Parsed p(R"({"f": "'\u00e9' == X"})");
  ASSERT_TRUE(p.ok());
  // Decoded: 'é' == X ; X is byte 8. In the file X is at column 20.
  EXPECT_EQ(Where(p.doc().span_in_string(p.root()["f"], 8, 9)), "1:20-1:21");
}

TEST(SourceJsonTest, SpanInStringAfterASurrogatePair) {
  Parsed p(R"({"f": "'\uD83D\uDE00' == X"})");
  ASSERT_TRUE(p.ok());
  // Decoded: '😀' == X ; the emoji is 4 bytes, X is byte 10. In the file X is at column 26.
  EXPECT_EQ(Where(p.doc().span_in_string(p.root()["f"], 10, 11)), "1:26-1:27");
}

// ---- syntax errors: one diagnostic, at the first problem -----------------------------------------

TEST(SourceJsonErrorTest, EmptyText) {
  Diagnostic d = SyntaxErrorIn("");
  EXPECT_EQ(d.id, "json.syntax");
  EXPECT_EQ(Where(d.span), "1:1-1:1");
  EXPECT_EQ(d.message, "the model is empty");
  EXPECT_NE(d.hint.find("\"kind\": \"scim\""), std::string::npos) << d.hint;
}

TEST(SourceJsonErrorTest, OnlyCommentsIsEmpty) {
  Diagnostic d = SyntaxErrorIn("// nothing here\n");
  EXPECT_EQ(d.id, "json.syntax");
  EXPECT_EQ(Where(d.span), "2:1-2:1");
  EXPECT_EQ(d.message, "the model is empty");
}

TEST(SourceJsonErrorTest, TextAfterTheValue) {
  Diagnostic d = SyntaxErrorIn("{\"kind\": \"scim\"} x");
  EXPECT_EQ(d.id, "json.syntax");
  EXPECT_EQ(Where(d.span), "1:18-1:19");
  EXPECT_EQ(d.message, "unexpected 'x' after the end of the top-level value");
  EXPECT_EQ(d.hint, "a model file holds one JSON object; remove what follows it");
}

TEST(SourceJsonErrorTest, SecondTopLevelObject) {
  Diagnostic d = SyntaxErrorIn("{}\n{}");
  EXPECT_EQ(d.id, "json.syntax");
  EXPECT_EQ(Where(d.span), "2:1-2:2");
  EXPECT_EQ(d.message, "unexpected '{' after the end of the top-level value");
}

TEST(SourceJsonErrorTest, BareWordWhereAValueShouldBe) {
  Diagnostic d = SyntaxErrorIn("{\"a\": tru}");
  EXPECT_EQ(d.id, "json.syntax");
  EXPECT_EQ(Where(d.span), "1:7-1:10") << "the whole word is marked";
  EXPECT_EQ(d.message, "unexpected 'tru' where a value should be");
  EXPECT_EQ(d.hint, "put text in double quotes: \"...\"");
}

TEST(SourceJsonErrorTest, SingleQuotedValue) {
  Diagnostic d = SyntaxErrorIn("{\"a\": 'east'}");
  EXPECT_EQ(d.id, "json.syntax");
  EXPECT_EQ(Where(d.span), "1:7-1:8");
  EXPECT_EQ(d.message, "JSON strings use double quotes, not single quotes");
  EXPECT_NE(d.hint.find("single quotes are for labels inside expressions"), std::string::npos);
}

TEST(SourceJsonErrorTest, SingleQuotedKey) {
  Diagnostic d = SyntaxErrorIn("{'kind': 'scim'}");
  EXPECT_EQ(d.id, "json.syntax");
  EXPECT_EQ(Where(d.span), "1:2-1:3");
  EXPECT_NE(d.message.find("expected a member name in double quotes"), std::string::npos) << d.message;
}

TEST(SourceJsonErrorTest, UnquotedKey) {
  Diagnostic d = SyntaxErrorIn("{\n  kind: \"scim\"\n}");
  EXPECT_EQ(d.id, "json.syntax");
  EXPECT_EQ(Where(d.span), "2:3-2:4");
  EXPECT_EQ(d.message, "expected a member name in double quotes, found 'kind'");
  EXPECT_EQ(d.hint, "names are written \"name\": value");
}

TEST(SourceJsonErrorTest, MissingColon) {
  Diagnostic d = SyntaxErrorIn("{\"a\" 1}");
  EXPECT_EQ(d.id, "json.syntax");
  EXPECT_EQ(Where(d.span), "1:6-1:7");
  EXPECT_EQ(d.message, "expected ':' after \"a\", found '1'");
}

TEST(SourceJsonErrorTest, MissingCommaBetweenMembers) {
  Diagnostic d = SyntaxErrorIn("{\n  \"a\": 1\n  \"b\": 2\n}");
  EXPECT_EQ(d.id, "json.syntax");
  EXPECT_EQ(Where(d.span), "3:3-3:4") << "reported where the next member starts";
  EXPECT_EQ(d.message, "expected ',' or '}' after the value of \"a\", found '\"'");
  EXPECT_EQ(d.hint, "separate members with commas");
}

TEST(SourceJsonErrorTest, MissingCommaInAList) {
  Diagnostic d = SyntaxErrorIn("[1 2]");
  EXPECT_EQ(d.id, "json.syntax");
  EXPECT_EQ(Where(d.span), "1:4-1:5");
  EXPECT_EQ(d.message, "expected ',' or ']' in this list, found '2'");
  EXPECT_EQ(d.hint, "separate list items with commas");
}

TEST(SourceJsonErrorTest, DoubleCommaInAList) {
  Diagnostic d = SyntaxErrorIn("[1,,2]");
  EXPECT_EQ(d.id, "json.syntax");
  EXPECT_EQ(Where(d.span), "1:4-1:5");
  EXPECT_EQ(d.message, "unexpected ',' where a value should be");
  EXPECT_EQ(d.hint, "remove the extra comma");
}

TEST(SourceJsonErrorTest, DoubleCommaInAnObject) {
  Diagnostic d = SyntaxErrorIn("{\"a\": 1,,}");
  EXPECT_EQ(d.id, "json.syntax");
  EXPECT_EQ(Where(d.span), "1:9-1:10");
  EXPECT_EQ(d.message, "expected a member name in double quotes, found ','");
  EXPECT_EQ(d.hint, "remove the extra comma");
}

TEST(SourceJsonErrorTest, MismatchedBracket) {
  Diagnostic d = SyntaxErrorIn("{\"a\": [1, 2}");
  EXPECT_EQ(d.id, "json.syntax");
  EXPECT_EQ(Where(d.span), "1:12-1:13");
  EXPECT_EQ(d.message, "expected ',' or ']' in this list, found '}'");
}

TEST(SourceJsonErrorTest, UnclosedObjectIsReportedAtItsBrace) {
  Diagnostic d = SyntaxErrorIn("{\n  \"a\": 1,\n");
  EXPECT_EQ(d.id, "json.syntax");
  EXPECT_EQ(Where(d.span), "1:1-1:2");
  EXPECT_EQ(d.message, "this { is never closed");
  EXPECT_EQ(d.hint, "add a matching }");
}

TEST(SourceJsonErrorTest, UnclosedListIsReportedAtItsBracket) {
  Diagnostic d = SyntaxErrorIn("{\n  \"a\": [1, 2\n");
  EXPECT_EQ(d.id, "json.syntax");
  EXPECT_EQ(Where(d.span), "2:8-2:9");
  EXPECT_EQ(d.message, "this [ is never closed");
  EXPECT_EQ(d.hint, "add a matching ]");
}

TEST(SourceJsonErrorTest, ValueMissingAtTheEnd) {
  Diagnostic d = SyntaxErrorIn("{\"a\": ");
  EXPECT_EQ(d.id, "json.syntax");
  EXPECT_EQ(Where(d.span), "1:7-1:7");
  EXPECT_EQ(d.message, "unexpected end of text: a value is missing");
}

TEST(SourceJsonErrorTest, ControlCharacterInAString) {
  Diagnostic d = SyntaxErrorIn("{\"a\": \"x\ty\"}");
  EXPECT_EQ(d.id, "json.syntax");
  EXPECT_EQ(Where(d.span), "1:9-1:10");
  EXPECT_EQ(d.message, "a control character cannot appear inside a string");
  EXPECT_EQ(d.hint, "write it as an escape such as \\t");
}

TEST(SourceJsonErrorTest, NumbersWithoutDigits) {
  Diagnostic minus = SyntaxErrorIn("{\"a\": -}");
  EXPECT_EQ(minus.id, "json.syntax");
  EXPECT_EQ(minus.span.line, 1);
  EXPECT_EQ(minus.span.column, 7);
  EXPECT_EQ(minus.message, "a number needs digits");

  Diagnostic point = SyntaxErrorIn("{\"a\": 1.}");
  EXPECT_EQ(point.span.column, 7);
  EXPECT_EQ(point.message, "a number needs digits after '.'");

  Diagnostic exponent = SyntaxErrorIn("{\"a\": 1e}");
  EXPECT_EQ(exponent.span.column, 7);
  EXPECT_EQ(exponent.message, "a number needs digits in its exponent");
}

TEST(SourceJsonErrorTest, NumbersThatAreNotJson) {
  EXPECT_EQ(SyntaxErrorIn("[+1]").message, "unexpected '+1' where a value should be");
  EXPECT_EQ(SyntaxErrorIn("[.5]").message, "unexpected '.5' where a value should be");
}

TEST(SourceJsonErrorTest, NumberTooLarge) {
  Diagnostic d = SyntaxErrorIn("{\"a\": 1e999}");
  EXPECT_EQ(d.id, "json.syntax");
  EXPECT_EQ(Where(d.span), "1:7-1:12");
  EXPECT_EQ(d.message, "this number is too large");
}

TEST(SourceJsonErrorTest, StringBrokenByANewline) {
  Diagnostic d = SyntaxErrorIn("{\"a\": \"ab\ncd\"}");
  EXPECT_EQ(d.id, "json.unterminated_string");
  EXPECT_EQ(Where(d.span), "1:7-1:10") << "from the opening quote to the end of the line";
  EXPECT_EQ(d.message, "this string is never closed");
  EXPECT_EQ(d.hint, "end it with \" on the same line");
}

TEST(SourceJsonErrorTest, StringNeverClosed) {
  Diagnostic d = SyntaxErrorIn("{\"a\": \"abc");
  EXPECT_EQ(d.id, "json.unterminated_string");
  EXPECT_EQ(Where(d.span), "1:7-1:11");
}

TEST(SourceJsonErrorTest, StringEndingInABackslash) {
  Diagnostic d = SyntaxErrorIn("{\"a\": \"abc\\");
  EXPECT_EQ(d.id, "json.unterminated_string");
  EXPECT_EQ(d.span.line, 1);
  EXPECT_EQ(d.span.column, 7);
}

TEST(SourceJsonErrorTest, CommentNeverClosed) {
  Diagnostic d = SyntaxErrorIn("{\n  /* the rest\n  \"a\": 1 }");
  EXPECT_EQ(d.id, "json.unterminated_comment");
  EXPECT_EQ(Where(d.span), "2:3-2:5");
  EXPECT_EQ(d.message, "this /* comment is never closed");
  EXPECT_EQ(d.hint, "end it with */");
}

TEST(SourceJsonErrorTest, UnknownEscape) {
  Diagnostic d = SyntaxErrorIn("{\"a\": \"x\\qy\"}");
  EXPECT_EQ(d.id, "json.invalid_escape");
  EXPECT_EQ(Where(d.span), "1:9-1:11") << "the backslash and the letter";
  EXPECT_EQ(d.message, "unknown escape \\q in a string");
  EXPECT_NE(d.hint.find("\\uXXXX"), std::string::npos) << d.hint;
}

TEST(SourceJsonErrorTest, UnicodeEscapeWithBadHexDigits) {
  Diagnostic d = SyntaxErrorIn("{\"a\": \"\\u12g4\"}");
  EXPECT_EQ(d.id, "json.invalid_escape");
  EXPECT_EQ(Where(d.span), "1:8-1:14") << "the whole \\u12g4";
  EXPECT_EQ(d.message, "\\u must be followed by four hex digits");
}

TEST(SourceJsonErrorTest, UnicodeEscapeCutShort) {
  Diagnostic d = SyntaxErrorIn("{\"a\": \"\\u12");
  EXPECT_EQ(d.id, "json.invalid_escape");
  EXPECT_EQ(Where(d.span), "1:8-1:12");
  EXPECT_EQ(d.message, "incomplete \\u escape");
}

TEST(SourceJsonErrorTest, ErrorColumnsCountCodePoints) {
  Diagnostic d = SyntaxErrorIn("{\"ééé\": 1 \"b\": 2}");
  EXPECT_EQ(Where(d.span), "1:11-1:12");
}

TEST(SourceJsonErrorTest, NestingDeeperThan256Levels) {
  // 257 nested lists (depths 0 to 256) are fine; the 258th opening bracket is one too deep.
  std::string fine = std::string(257, '[') + std::string(257, ']');
  EXPECT_TRUE(Parsed(fine).ok());
  Diagnostic d = SyntaxErrorIn(std::string(258, '[') + std::string(258, ']'));
  EXPECT_EQ(d.id, "json.too_deep");
  EXPECT_EQ(Where(d.span), "1:258-1:259");
  EXPECT_EQ(d.message, "the JSON is nested more than 256 levels deep");
}

TEST(SourceJsonErrorTest, HundredThousandOpenBracketsDoNotCrash) {
  Diagnostic d = SyntaxErrorIn(std::string(100000, '['));
  EXPECT_EQ(d.id, "json.too_deep");
  EXPECT_EQ(d.span.column, 258);
}

TEST(SourceJsonErrorTest, HundredThousandNestedObjectsDoNotCrash) {
  std::string text;
  for (int i = 0; i < 100000; ++i) text += "{\"a\":";
  Diagnostic d = SyntaxErrorIn(text);
  EXPECT_EQ(d.id, "json.too_deep");
  EXPECT_EQ(d.span.line, 1);
}

// ---- duplicate keys ----------------------------------------------------------------------------

TEST(SourceJsonTest, DuplicateKeyIsReportedButTheParseGoesOn) {
  Parsed p("{\n  \"a\": 1,\n  \"b\": 2,\n  \"a\": 3\n}");
  EXPECT_TRUE(p.ok()) << "a duplicate key is not a syntax error";
  ASSERT_EQ(p.diagnostics().items().size(), 1u) << Show(p.diagnostics());
  const Diagnostic& d = p.diagnostics().items()[0];
  EXPECT_EQ(d.id, "json.duplicate_key");
  EXPECT_EQ(Where(d.span), "4:3-4:6") << "the later key is marked";
  EXPECT_EQ(d.message, "\"a\" is given twice in this object (first at line 2)");
  EXPECT_EQ(d.hint, "names in an object must be unique: rename or remove one");
  // The later value wins, and keeps the first key's place in the member order.
  EXPECT_EQ(p.root()["a"], 3);
  EXPECT_EQ(p.root().size(), 2u);
  EXPECT_EQ(p.root().begin().key(), "a");
  // Positions stay right for the winning value.
  EXPECT_EQ(p.span(p.root()["a"]), "4:8-4:9");
  EXPECT_EQ(p.key_span(p.root()["a"]), "4:3-4:6");
  EXPECT_EQ(p.span(p.root()["b"]), "3:8-3:9");
}

TEST(SourceJsonTest, EveryDuplicateKeyIsReported) {
  Parsed p(R"({"x": {"k": 1, "k": 2}, "y": [{"k": 1, "k": 2, "k": 3}]})");
  EXPECT_TRUE(p.ok());
  ASSERT_EQ(p.diagnostics().items().size(), 3u) << Show(p.diagnostics());
  for (const Diagnostic& d : p.diagnostics().items()) EXPECT_EQ(d.id, "json.duplicate_key");
  EXPECT_EQ(p.diagnostics().items()[0].span.column, 16);
  EXPECT_EQ(p.diagnostics().items()[1].span.column, 40);
  EXPECT_EQ(p.diagnostics().items()[2].span.column, 48);
  EXPECT_EQ(p.root()["y"][0]["k"], 3);
}

TEST(SourceJsonTest, DuplicateKeyThenSyntaxErrorReportsBoth) {
  Parsed p("{\"a\": 1, \"a\": 2, }}");
  EXPECT_FALSE(p.ok());
  ASSERT_EQ(p.diagnostics().items().size(), 2u) << Show(p.diagnostics());
  EXPECT_EQ(p.diagnostics().items()[0].id, "json.duplicate_key");
  EXPECT_EQ(p.diagnostics().items()[1].id, "json.syntax");
  EXPECT_EQ(Where(p.diagnostics().items()[1].span), "1:19-1:20");
}

TEST(SourceJsonTest, AnObjectOfManyKeysKeepsItsOrderValuesAndDuplicates) {
  // 10^5 members named in descending order (so that a sorted map would reverse them), one per line,
  // then a repeat of the first: the order, every value and every key's line as written, and the repeat
  // reported at its own line, naming the first's.
  constexpr int kKeys = 100000;
  std::string text = "{\n";
  for (int i = 0; i < kKeys; ++i)
    text += "\"k" + std::to_string(kKeys - 1 - i) + "\": " + std::to_string(i) + ",\n";
  text += "\"k" + std::to_string(kKeys - 1) + "\": -1\n}";
  Parsed p(text);
  EXPECT_TRUE(p.ok());
  ASSERT_EQ(p.diagnostics().items().size(), 1u) << Show(p.diagnostics());
  const Diagnostic& d = p.diagnostics().items()[0];
  EXPECT_EQ(d.id, "json.duplicate_key");
  EXPECT_EQ(d.span.line, kKeys + 2);
  EXPECT_EQ(d.message,
            "\"k" + std::to_string(kKeys - 1) + "\" is given twice in this object (first at line 2)");
  ASSERT_EQ(p.root().size(), static_cast<std::size_t>(kKeys));
  int i = 0;
  for (const auto& member : p.root().items()) {
    const int expected = i == 0 ? -1 : i;  // the repeat's value, in the first's place
    ASSERT_EQ(member.key(), "k" + std::to_string(kKeys - 1 - i));
    ASSERT_EQ(member.value(), expected) << member.key();
    const std::string line = std::to_string(i == 0 ? kKeys + 2 : i + 2);
    ASSERT_EQ(p.key_span(member.value()),
              line + ":1-" + line + ":" + std::to_string(member.key().size() + 3));
    ++i;
  }
  EXPECT_EQ(p.root()["k0"], kKeys - 1);
}

// ---- robustness --------------------------------------------------------------------------------

TEST(SourceJsonRobustnessTest, EveryPrefixOfAValidDocumentIsOneError) {
  const std::string text =
      "{\n  \"kind\": \"scim\", // c\n  /* b */ \"v\": [1.5e2, -3, true, null, \"\\u00e9\\n\"],\n"
      "  \"o\": {\"k\": {}}\n}";
  ASSERT_TRUE(Parsed(text).ok());
  for (std::size_t n = 0; n < text.size(); ++n) {
    Parsed p(std::string_view(text).substr(0, n));
    EXPECT_FALSE(p.ok()) << "prefix of " << n << " bytes";
    ASSERT_EQ(p.diagnostics().items().size(), 1u) << n << Show(p.diagnostics());
    const Diagnostic& d = p.diagnostics().items()[0];
    EXPECT_EQ(d.id.rfind("json.", 0), 0u) << d.id;
    EXPECT_GE(d.span.line, 1);
    EXPECT_GE(d.span.column, 1);
    EXPECT_FALSE(d.message.empty());
  }
}

TEST(SourceJsonRobustnessTest, RandomBytesNeverCrash) {
  std::mt19937 random(20240607);
  using namespace std::string_literals;
  const std::string alphabet = "{}[]\":,/*\\ \n\t-+.0123456789eEtrufalsn'u\xC3\xA9\xFF\x00"s;
  for (int round = 0; round < 3000; ++round) {
    std::string text(random() % 64, ' ');
    for (char& c : text)
      c = round % 2 ? static_cast<char>(random() % 256) : alphabet[random() % alphabet.size()];
    Parsed p(text);
    if (p.ok()) {
      for (const Diagnostic& d : p.diagnostics().items()) EXPECT_EQ(d.id, "json.duplicate_key");
    } else {
      ASSERT_FALSE(p.diagnostics().empty());
      const Diagnostic& d = p.diagnostics().items().back();
      EXPECT_EQ(d.id.rfind("json.", 0), 0u) << d.id;
      EXPECT_GE(d.span.line, 1);
      EXPECT_GE(d.span.column, 1);
      EXPECT_TRUE(d.span.end_line > d.span.line ||
                  (d.span.end_line == d.span.line && d.span.end_column >= d.span.column));
    }
  }
}

// Text that is not UTF-8 is refused at its first bad byte (docs/errors.md, json.invalid_utf8).
TEST(SourceJsonRobustnessTest, InvalidUtf8InsideStringsIsRefusedWhereItBreaks) {
  Diagnostic d = SyntaxErrorIn("{\"a\": \"\xFF\xFE\", \"b\": 1}");
  EXPECT_EQ(d.id, "json.invalid_utf8");
  EXPECT_EQ(Where(d.span), "1:8-1:9");
}

TEST(SourceJsonRobustnessTest, ParsingTwiceStartsAfresh) {
  SourceJson doc;
  Diagnostics first, second;
  EXPECT_FALSE(doc.parse("{", &first));
  EXPECT_TRUE(doc.parse("{\"a\":\n 1}", &second));
  EXPECT_TRUE(second.empty());
  EXPECT_EQ(Where(doc.span(doc.root()["a"])), "2:2-2:3");
}

}  // namespace
}  // namespace motive
