#include "scim/expression.h"

#include <gtest/gtest.h>

#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace motive::scim::expr {
namespace {

Domain labels(std::initializer_list<const char*> names) {
  Domain domain;
  for (const char* name : names) domain.push_back(std::string(name));
  return domain;
}

// The symbols most tests read: a label, a number, a boolean and the variable's own noise.
std::vector<Symbol> symbols() {
  return {{"X", labels({"east", "west"})},
          {"N", {0.0, 1.0, 2.5}},
          {"B", {false, true}},
          {"noise", labels({"lucky", "unlucky"})}};
}

// X = 'east', N = 2.5, B = true, noise = 'lucky'.
const std::vector<int> kDefaultInputs = {0, 2, 1, 0};

std::string repeat(std::string_view s, int times) {
  std::string out;
  for (int i = 0; i < times; ++i) out += s;
  return out;
}

std::string show(const std::vector<Error>& errors) {
  std::string s;
  for (const Error& e : errors)
    s += "\n  " + e.id + " [" + std::to_string(e.begin) + ", " + std::to_string(e.end) + "): " + e.message +
         (e.hint.empty() ? "" : " (hint: " + e.hint + ")");
  return s;
}

Expression compiled(std::string_view text, const std::vector<Symbol>& with = symbols()) {
  std::vector<Error> errors;
  Expression e = Expression::compile(text, with, &errors);
  EXPECT_TRUE(e.ok()) << text << show(errors);
  EXPECT_TRUE(errors.empty()) << text << show(errors);
  return e;
}

// The value of `text` at the default inputs.
Outcome value(std::string_view text) {
  Expression e = compiled(text);
  return e.ok() ? e.evaluate(kDefaultInputs.data()) : Outcome();
}

double number(std::string_view text) {
  Outcome v = value(text);
  EXPECT_TRUE(std::holds_alternative<double>(v)) << text;
  return std::holds_alternative<double>(v) ? std::get<double>(v) : 0;
}

std::vector<Error> errors_of(std::string_view text, const std::vector<std::string>& others = {},
                             const std::vector<Symbol>& with = symbols()) {
  std::vector<Error> errors;
  Expression e = Expression::compile(text, with, &errors, others);
  EXPECT_FALSE(e.ok()) << text;
  EXPECT_FALSE(errors.empty()) << text;
  return errors;
}

// The one error `text` has; fails the test if it has several.
Error error_of(std::string_view text, const std::vector<std::string>& others = {},
               const std::vector<Symbol>& with = symbols()) {
  std::vector<Error> errors = errors_of(text, others, with);
  EXPECT_EQ(errors.size(), 1u) << text << show(errors);
  return errors.empty() ? Error{} : errors.front();
}

void expect_error(const Error& e, std::string_view id, std::size_t begin, std::size_t end,
                  std::string_view message, std::string_view hint = "") {
  EXPECT_EQ(e.id, id);
  EXPECT_EQ(e.begin, begin) << e.message;
  EXPECT_EQ(e.end, end) << e.message;
  EXPECT_EQ(e.message, message);
  EXPECT_EQ(e.hint, hint);
}

// ---------------------------------------------------------------------------------------------
// Literals

TEST(ExpressionLiteral, NumbersInEveryWrittenForm) {
  EXPECT_EQ(value("3"), Outcome(3.0));
  EXPECT_EQ(value("0.5"), Outcome(0.5));
  EXPECT_EQ(value("-0.5"), Outcome(-0.5));
  EXPECT_EQ(value(".25"), Outcome(0.25));
  EXPECT_EQ(value("1e-3"), Outcome(0.001));
  EXPECT_EQ(value("2.5E+2"), Outcome(250.0));
}

TEST(ExpressionLiteral, BooleansAndLabelsInEitherQuotes) {
  EXPECT_EQ(value("true"), Outcome(true));
  EXPECT_EQ(value("false"), Outcome(false));
  EXPECT_EQ(value("'east'"), Outcome(std::string("east")));
  EXPECT_EQ(value("\"east\""), Outcome(std::string("east")));
  EXPECT_EQ(value("''"), Outcome(std::string()));
}

TEST(ExpressionLiteral, BackslashEscapesInLabels) {
  EXPECT_EQ(value(R"('it\'s')"), Outcome(std::string("it's")));
  EXPECT_EQ(value(R"("say \"hi\"")"), Outcome(std::string("say \"hi\"")));
  EXPECT_EQ(value(R"('a\\b')"), Outcome(std::string("a\\b")));
  EXPECT_EQ(value(R"('one\ttwo\nthree')"), Outcome(std::string("one\ttwo\nthree")));
  EXPECT_EQ(value(R"("it's")"), Outcome(std::string("it's")));
}

TEST(ExpressionLiteral, UnicodeLabelsAreKeptByteForByte) {
  EXPECT_EQ(value("'Zürich'"), Outcome(std::string("Zürich")));
  EXPECT_EQ(value("'東京' == '東京'"), Outcome(true));
  EXPECT_EQ(value("'東京' == '京都'"), Outcome(false));

  std::vector<Symbol> cities = {{"C", labels({"Zürich", "東京"})}};
  Expression e = compiled("C == '東京' ? '🚄' : 'ä'", cities);
  int tokyo = 1, zurich = 0;
  EXPECT_EQ(e.evaluate(&tokyo), Outcome(std::string("🚄")));
  EXPECT_EQ(e.evaluate(&zurich), Outcome(std::string("ä")));
}

TEST(ExpressionLiteral, TypeOfTheResult) {
  EXPECT_EQ(compiled("1").type(), ValueType::kNumber);
  EXPECT_EQ(compiled("N * 2").type(), ValueType::kNumber);
  EXPECT_EQ(compiled("true").type(), ValueType::kBoolean);
  EXPECT_EQ(compiled("N > 1").type(), ValueType::kBoolean);
  EXPECT_EQ(compiled("X in ['east']").type(), ValueType::kBoolean);
  EXPECT_EQ(compiled("'east'").type(), ValueType::kLabel);
  EXPECT_EQ(compiled("B ? X : 'north'").type(), ValueType::kLabel);
  EXPECT_EQ(compiled("B").type(), ValueType::kBoolean);
}

// ---------------------------------------------------------------------------------------------
// Precedence and associativity (docs/format.md, loosest first: ?:, ||, &&, == != in,
// < <= > >=, + -, * /, unary ! -)

TEST(ExpressionPrecedence, MultiplicationBindsTighterThanAddition) {
  EXPECT_EQ(number("1 + 2 * 3"), 7);
  EXPECT_EQ(number("(1 + 2) * 3"), 9);
  EXPECT_EQ(number("2 * 3 + 4 * 5"), 26);
  EXPECT_EQ(number("7 - 6 / 2"), 4);
}

TEST(ExpressionPrecedence, ArithmeticIsLeftAssociative) {
  EXPECT_EQ(number("10 - 4 - 3"), 3);
  EXPECT_EQ(number("10 - (4 - 3)"), 9);
  EXPECT_EQ(number("24 / 4 / 2"), 3);
  EXPECT_EQ(number("24 / (4 / 2)"), 12);
  EXPECT_EQ(number("1 - 2 + 3"), 2);
  EXPECT_EQ(number("2 * 6 / 4"), 3);
  EXPECT_EQ(number("12 / 3 * 2"), 8);
  EXPECT_EQ(number("(10 - 4) - 3"), 3);
}

TEST(ExpressionPrecedence, UnaryMinusBindsTightest) {
  EXPECT_EQ(number("-2 * 3"), -6);
  EXPECT_EQ(number("-N * 2"), -5);
  EXPECT_EQ(number("-(2 + 3)"), -5);
  EXPECT_EQ(number("- 2 - 3"), -5);
  EXPECT_EQ(number("2 - -3"), 5);
  EXPECT_EQ(number("--2"), 2);
}

TEST(ExpressionPrecedence, AndBindsTighterThanOr) {
  // Read as true || (false && false); (true || false) && false would be false.
  EXPECT_EQ(value("true || false && false"), Outcome(true));
  EXPECT_EQ(value("false && false || true"), Outcome(true));
  EXPECT_EQ(value("true or false and false"), Outcome(true));
}

TEST(ExpressionPrecedence, NotBindsTighterThanAnd) {
  // Read as (!false) && false; !(false && false) would be true.
  EXPECT_EQ(value("!false && false"), Outcome(false));
  EXPECT_EQ(value("not false and false"), Outcome(false));
  EXPECT_EQ(value("!(false && false)"), Outcome(true));
}

TEST(ExpressionPrecedence, ComparisonsBindLooserThanArithmetic) {
  EXPECT_EQ(value("1 + 1 == 2"), Outcome(true));
  EXPECT_EQ(value("1 + 2 < 4"), Outcome(true));
  EXPECT_EQ(value("2 * 3 > 5"), Outcome(true));
  EXPECT_EQ(value("N + 1 in [3.5]"), Outcome(true));
}

TEST(ExpressionPrecedence, OrderingBindsTighterThanEquality) {
  // Read as (1 < 2) == (2 < 3); 1 < (2 == 2) < 3 would not type-check.
  EXPECT_EQ(value("1 < 2 == 2 < 3"), Outcome(true));
  EXPECT_EQ(value("1 > 2 != 2 > 3"), Outcome(false));
}

TEST(ExpressionPrecedence, InSharesTheLevelOfEquality) {
  EXPECT_EQ(value("X in ['east'] == true"), Outcome(true));
  EXPECT_EQ(value("X in ['west'] == false"), Outcome(true));
  EXPECT_EQ(value("X == 'east' && N in [2.5]"), Outcome(true));
}

TEST(ExpressionPrecedence, ConditionalBindsLoosest) {
  EXPECT_EQ(number("true ? 1 : 0 + 5"), 1);
  EXPECT_EQ(number("false ? 1 : 0 + 5"), 5);
  EXPECT_EQ(number("false ? 1 : 2 * 3"), 6);
  // Read as (true || false) ? 1 : 2; true || (false ? 1 : 2) would not type-check.
  EXPECT_EQ(number("true || false ? 1 : 2"), 1);
  EXPECT_EQ(number("N > 2 && B ? 10 : 20"), 10);
}

TEST(ExpressionPrecedence, ConditionalIsRightAssociative) {
  // Read as false ? 'a' : (true ? 'b' : 'c'); grouped from the left it would not type-check.
  EXPECT_EQ(value("false ? 'a' : true ? 'b' : 'c'"), Outcome(std::string("b")));
  EXPECT_EQ(value("false ? 'a' : false ? 'b' : 'c'"), Outcome(std::string("c")));
  EXPECT_EQ(value("true ? 'a' : false ? 'b' : 'c'"), Outcome(std::string("a")));
  EXPECT_EQ(number("N == 0 ? 0 : N == 1 ? 10 : N == 2.5 ? 25 : -1"), 25);
}

TEST(ExpressionPrecedence, ConditionalNestsInItsMiddle) {
  EXPECT_EQ(number("true ? false ? 1 : 2 : 3"), 2);
  EXPECT_EQ(number("true ? true ? 1 : 2 : 3"), 1);
  EXPECT_EQ(number("false ? true ? 1 : 2 : 3"), 3);
  EXPECT_EQ(number("(false ? 1 : 2) * 10"), 20);
}

// ---------------------------------------------------------------------------------------------
// Operators

TEST(ExpressionOperator, Arithmetic) {
  EXPECT_EQ(number("7 + 2"), 9);
  EXPECT_EQ(number("7 - 2"), 5);
  EXPECT_EQ(number("7 * 2"), 14);
  EXPECT_EQ(number("7 / 2"), 3.5);
  EXPECT_EQ(number("-N"), -2.5);
  EXPECT_EQ(number("N * N - 1"), 5.25);
}

TEST(ExpressionOperator, NumberComparisons) {
  EXPECT_EQ(value("2 == 2"), Outcome(true));
  EXPECT_EQ(value("2 == 3"), Outcome(false));
  EXPECT_EQ(value("2 != 3"), Outcome(true));
  EXPECT_EQ(value("2 != 2"), Outcome(false));
  EXPECT_EQ(value("2 < 3"), Outcome(true));
  EXPECT_EQ(value("3 < 3"), Outcome(false));
  EXPECT_EQ(value("3 <= 3"), Outcome(true));
  EXPECT_EQ(value("4 <= 3"), Outcome(false));
  EXPECT_EQ(value("3 > 2"), Outcome(true));
  EXPECT_EQ(value("3 > 3"), Outcome(false));
  EXPECT_EQ(value("3 >= 3"), Outcome(true));
  EXPECT_EQ(value("2 >= 3"), Outcome(false));
}

TEST(ExpressionOperator, NumbersCompareWithRelativeTolerance) {
  EXPECT_EQ(value("0.1 + 0.2 == 0.3"), Outcome(true));
  EXPECT_EQ(value("0.1 + 0.2 != 0.3"), Outcome(false));
  EXPECT_EQ(value("0.1 + 0.2 <= 0.3"), Outcome(true));
  EXPECT_EQ(value("0.1 + 0.2 > 0.3"), Outcome(false));
  EXPECT_EQ(value("0.3 >= 0.1 + 0.2"), Outcome(true));
  EXPECT_EQ(value("0.3 < 0.1 + 0.2"), Outcome(false));
  // Relative: at 1e9 the tolerance is 1.
  EXPECT_EQ(value("1e9 == 1e9 + 0.5"), Outcome(true));
  EXPECT_EQ(value("1 == 1.000001"), Outcome(false));
  EXPECT_EQ(value("1 < 1.000001"), Outcome(true));
}

TEST(ExpressionOperator, BooleanConnectives) {
  EXPECT_EQ(value("true && true"), Outcome(true));
  EXPECT_EQ(value("true && false"), Outcome(false));
  EXPECT_EQ(value("false || false"), Outcome(false));
  EXPECT_EQ(value("false || true"), Outcome(true));
  EXPECT_EQ(value("!true"), Outcome(false));
  EXPECT_EQ(value("!!true"), Outcome(true));
  EXPECT_EQ(value("true and false"), Outcome(false));
  EXPECT_EQ(value("false or true"), Outcome(true));
  EXPECT_EQ(value("not B"), Outcome(false));
  EXPECT_EQ(value("B && !false && N > 1"), Outcome(true));
}

TEST(ExpressionOperator, OnlyTheNeededOperandsAreEvaluated) {
  // Each would divide by zero if evaluated.
  EXPECT_EQ(value("false && 1 / 0 == 1"), Outcome(false));
  EXPECT_EQ(value("true || 1 / 0 == 1"), Outcome(true));
  EXPECT_EQ(number("true ? 1 : 1 / 0"), 1);
  EXPECT_EQ(number("if(false, 1 / 0, 2)"), 2);
}

TEST(ExpressionOperator, LabelAndBooleanEquality) {
  EXPECT_EQ(value("X == 'east'"), Outcome(true));
  EXPECT_EQ(value("X != 'east'"), Outcome(false));
  EXPECT_EQ(value("'west' == X"), Outcome(false));
  EXPECT_EQ(value("'a' == 'b'"), Outcome(false));
  EXPECT_EQ(value("B == true"), Outcome(true));
  EXPECT_EQ(value("B != false"), Outcome(true));
  EXPECT_EQ(value("(N > 1) == B"), Outcome(true));
}

TEST(ExpressionOperator, LabelsOfTwoSymbolsCompare) {
  std::vector<Symbol> two = {{"A", labels({"east", "west"})}, {"C", labels({"west", "north"})}};
  Expression e = compiled("A == C", two);
  int west_west[] = {1, 0};
  int east_west[] = {0, 0};
  EXPECT_EQ(e.evaluate(west_west), Outcome(true));
  EXPECT_EQ(e.evaluate(east_west), Outcome(false));
  EXPECT_EQ(compiled("X != noise").evaluate(kDefaultInputs.data()), Outcome(true));
}

TEST(ExpressionOperator, InTestsMembershipOfAList) {
  EXPECT_EQ(value("X in ['east', 'west']"), Outcome(true));
  EXPECT_EQ(value("X in ['west']"), Outcome(false));
  EXPECT_EQ(value("X in [\"east\"]"), Outcome(true));
  EXPECT_EQ(value("N in [1, 2.5]"), Outcome(true));
  EXPECT_EQ(value("N in [-1, 0]"), Outcome(false));
  EXPECT_EQ(value("-1 in [-1]"), Outcome(true));
  EXPECT_EQ(value("N / 2.5 in [1]"), Outcome(true));
  EXPECT_EQ(value("B in [true]"), Outcome(true));
  EXPECT_EQ(value("X in []"), Outcome(false));
  EXPECT_EQ(value("!(X in ['west'])"), Outcome(true));
  EXPECT_EQ(value("'comedy' in ['comedy', 'drama']"), Outcome(true));
}

TEST(ExpressionOperator, Functions) {
  EXPECT_EQ(number("min(3, 1, 2)"), 1);
  EXPECT_EQ(number("max(-1, -5)"), -1);
  EXPECT_EQ(number("max(N, 1)"), 2.5);
  EXPECT_EQ(number("abs(-2.5)"), 2.5);
  EXPECT_EQ(number("abs(N - 3)"), 0.5);
  EXPECT_EQ(number("min(max(1, 2), 3) + 1"), 3);
  EXPECT_EQ(value("if(B, 'yes', 'no')"), Outcome(std::string("yes")));
  EXPECT_EQ(number("if(N > 3, 1, 0)"), 0);
  EXPECT_EQ(value("if(true, B, false)"), Outcome(true));
}

TEST(ExpressionOperator, WhitespaceIsFree) {
  EXPECT_EQ(number("\t( 1+2 )\n*\r\n3 "), 9);
  EXPECT_EQ(value("X=='east'&&N>=2.5"), Outcome(true));
}

// ---------------------------------------------------------------------------------------------
// Evaluation

TEST(ExpressionEvaluate, EveryCombinationOfTwoInputs) {
  std::vector<Symbol> surgeon = {{"D", labels({"operate", "refrain"})},
                                 {"noise", labels({"lucky", "unlucky"})}};
  Expression e = compiled("D == 'operate' && noise == 'lucky' ? 'survives' : 'dies'", surgeon);
  ASSERT_EQ(e.type(), ValueType::kLabel);
  const char* expected[2][2] = {{"survives", "dies"}, {"dies", "dies"}};
  for (int d = 0; d < 2; ++d) {
    for (int n = 0; n < 2; ++n) {
      int inputs[] = {d, n};
      EXPECT_EQ(e.evaluate(inputs), Outcome(std::string(expected[d][n]))) << d << ", " << n;
    }
  }
}

TEST(ExpressionEvaluate, NumbersOverEveryCombination) {
  std::vector<Symbol> grid = {{"A", {1.0, 2.0, 3.0}}, {"C", {10.0, 20.0}}};
  Expression e = compiled("A * C - (A > 2 ? 5 : 0)", grid);
  for (int a = 0; a < 3; ++a) {
    for (int c = 0; c < 2; ++c) {
      int inputs[] = {a, c};
      double expected = (a + 1) * (c + 1) * 10.0 - (a == 2 ? 5 : 0);
      EXPECT_EQ(e.evaluate(inputs), Outcome(expected)) << a << ", " << c;
    }
  }
}

TEST(ExpressionEvaluate, DivisionByZeroThrowsDomainError) {
  Expression e = compiled("1 / N");
  int zero[] = {0, 0, 0, 0};
  int two_and_a_half[] = {0, 2, 0, 0};
  EXPECT_EQ(e.evaluate(two_and_a_half), Outcome(0.4));
  try {
    e.evaluate(zero);
    ADD_FAILURE() << "expected std::domain_error";
  } catch (const std::domain_error& error) {
    EXPECT_STREQ(error.what(), "division by zero");
  }
  EXPECT_THROW(compiled("1 / (N - N)").evaluate(two_and_a_half), std::domain_error);
  EXPECT_EQ(number("0 / 1"), 0);
}

TEST(ExpressionEvaluate, SurvivesBeingMoved) {
  Expression e = compiled("X == 'east' ? N : 0");
  Expression moved = std::move(e);
  Expression assigned;
  assigned = std::move(moved);
  ASSERT_TRUE(assigned.ok());
  EXPECT_EQ(assigned.evaluate(kDefaultInputs.data()), Outcome(2.5));
}

TEST(ExpressionEvaluate, AFailedCompileCannotBeEvaluated) {
  std::vector<Error> errors;
  Expression e = Expression::compile("1 +", symbols(), &errors);
  EXPECT_FALSE(e.ok());
  EXPECT_THROW(e.evaluate(kDefaultInputs.data()), std::logic_error);
}

TEST(ExpressionUsedSymbols, SortedAndUnique) {
  EXPECT_EQ(compiled("noise == 'lucky' ? N : N + 1").used_symbols(), (std::vector<int>{1, 3}));
  EXPECT_EQ(compiled("B && X == 'east' && B").used_symbols(), (std::vector<int>{0, 2}));
  EXPECT_EQ(compiled("noise != X").used_symbols(), (std::vector<int>{0, 3}));
  EXPECT_TRUE(compiled("1 + 2").used_symbols().empty());
}

// ---------------------------------------------------------------------------------------------
// Syntax errors: the first one is reported, located by byte offsets

TEST(ExpressionSyntaxError, MissingOperand) {
  expect_error(error_of("1 +"), "expr.syntax", 3, 3, "unexpected end of expression",
               "something is missing after '+'");
  expect_error(error_of("X =="), "expr.syntax", 4, 4, "unexpected end of expression",
               "something is missing after '=='");
  expect_error(error_of("N * / 2"), "expr.syntax", 4, 5, "unexpected '/'");
  expect_error(error_of("()"), "expr.syntax", 1, 2, "unexpected ')'");
  expect_error(error_of("and B"), "expr.syntax", 0, 3, "unexpected 'and'");
}

TEST(ExpressionSyntaxError, EmptyExpression) {
  expect_error(error_of(""), "expr.syntax", 0, 0, "the expression is empty",
               "write a value such as 'east', 3 or true");
  expect_error(error_of("  \n"), "expr.syntax", 3, 3, "the expression is empty",
               "write a value such as 'east', 3 or true");
}

TEST(ExpressionSyntaxError, UnclosedParenthesisNamesWhereItOpened) {
  expect_error(error_of("(1 + 2"), "expr.syntax", 6, 6, "expected ')' to close the '(' at character 1");
  expect_error(error_of("2 * (1 + (2) 3"), "expr.syntax", 13, 14,
               "expected ')' to close the '(' at character 5");
  // Characters, not bytes: 'é' takes two bytes.
  expect_error(error_of("'é' == (X"), "expr.syntax", 10, 10, "expected ')' to close the '(' at character 8");
}

TEST(ExpressionSyntaxError, LeftoverTokens) {
  expect_error(error_of("3 x"), "expr.syntax", 2, 3, "unexpected 'x'", "is an operator missing before it?");
  expect_error(error_of("1 2"), "expr.syntax", 2, 3, "unexpected number 2",
               "is an operator missing before it?");
  expect_error(error_of("X 'east'"), "expr.syntax", 2, 8, "unexpected label 'east'",
               "is an operator missing before it?");
  expect_error(error_of("(1))"), "expr.syntax", 3, 4, "unexpected ')'", "there is no '(' for it to close");
  expect_error(error_of("B : 1"), "expr.syntax", 2, 3, "unexpected ':'",
               "':' belongs to a conditional: c ? a : b");
}

TEST(ExpressionSyntaxError, StrayCharactersWithHints) {
  expect_error(error_of("N = 1"), "expr.syntax", 2, 3, "unexpected '='", "write == to compare");
  expect_error(error_of("B & B"), "expr.syntax", 2, 3, "unexpected '&'", "write && (or `and`)");
  expect_error(error_of("N # 1"), "expr.syntax", 2, 3, "unexpected '#'");
  // '≠' is three bytes and is reported whole.
  expect_error(error_of("N ≠ 1"), "expr.syntax", 2, 5, "unexpected '≠'", "write != instead of ≠");
  expect_error(error_of("X == ‘east’"), "expr.syntax", 5, 8, "unexpected '‘'",
               "write labels in straight quotes: 'east'");
  expect_error(error_of("N \x01"), "expr.syntax", 2, 3, "unexpected control character (code 1)");
  expect_error(error_of("N \xff"), "expr.syntax", 2, 3, "unexpected byte 255, which is not valid UTF-8");
}

TEST(ExpressionSyntaxError, BrokenLabels) {
  expect_error(error_of("X == 'east"), "expr.syntax", 5, 10, "this label has no closing quote",
               "end it with '");
  expect_error(error_of("X == \"east\\"), "expr.syntax", 5, 11, "this label has no closing quote",
               "end it with \"");
  expect_error(error_of(R"('a\q')"), "expr.syntax", 2, 4, "unknown escape '\\q' in a label",
               R"(the escapes are \\, \', \", \n and \t)");
}

TEST(ExpressionSyntaxError, NumberOutOfRange) {
  expect_error(error_of("N < 1e999"), "expr.syntax", 4, 9, "the number 1e999 is out of range");
}

TEST(ExpressionSyntaxError, IncompleteConditional) {
  expect_error(error_of("N > 1 ? 1"), "expr.syntax", 9, 9, "expected ':' to go with the '?' at character 7",
               "a conditional reads c ? a : b");
  expect_error(error_of("B ? 1 ,"), "expr.syntax", 6, 7, "expected ':' to go with the '?' at character 3",
               "a conditional reads c ? a : b");
}

TEST(ExpressionSyntaxError, BadCalls) {
  expect_error(error_of("min"), "expr.syntax", 0, 3, "`min` is a function", "call it like min(...)");
  expect_error(error_of("min(1)"), "expr.syntax", 0, 6, "`min` needs at least 2 arguments, not 1");
  expect_error(error_of("max()"), "expr.syntax", 0, 5, "`max` needs at least 2 arguments, not 0");
  expect_error(error_of("abs(1, 2)"), "expr.syntax", 0, 9, "`abs` needs 1 argument, not 2");
  expect_error(error_of("if(B, 1)"), "expr.syntax", 0, 8, "`if` needs 3 arguments, not 2",
               "write if(condition, value if true, value if false)");
  expect_error(error_of("min(1, 2"), "expr.syntax", 8, 8,
               "expected ',' or ')' to close the '(' at character 4");
  expect_error(error_of("min(1, )"), "expr.syntax", 7, 8, "unexpected ')'");
}

TEST(ExpressionSyntaxError, BadInLists) {
  expect_error(error_of("X in 'east'"), "expr.syntax", 5, 11,
               "expected a list such as ['a', 'b'] after 'in'");
  expect_error(error_of("X in [noise]"), "expr.syntax", 6, 11,
               "the list after 'in' may hold only values such as 'a', 3 or true, not noise");
  expect_error(error_of("X in ['east'"), "expr.syntax", 12, 12,
               "expected ',' or ']' to close the '[' at character 6");
  expect_error(error_of("X in ['east',"), "expr.syntax", 13, 13, "unexpected end of expression",
               "something is missing after ','");
}

TEST(ExpressionSyntaxError, OnlyTheFirstIsReported) {
  std::vector<Error> errors = errors_of("(1 + ) * (2 + ) = 3");
  ASSERT_EQ(errors.size(), 1u) << show(errors);
  expect_error(errors[0], "expr.syntax", 5, 6, "unexpected ')'");
}

TEST(ExpressionSyntaxError, NestingIsLimited) {
  const std::string kTooDeep = "expression nested too deeply (more than 100 levels)";
  for (std::string text : {std::string(100000, '('), std::string(100000, '!') + "true",
                           std::string(100000, '-') + "1", repeat("abs(", 50000)}) {
    Error e = error_of(text);
    EXPECT_EQ(e.id, "expr.syntax");
    EXPECT_EQ(e.message, kTooDeep);
    EXPECT_LE(e.end, text.size());
  }
  // Long chains of one left-associative operator deepen the tree without nesting parentheses.
  std::string chain = "true";
  for (int i = 0; i < 1000; ++i) chain += " == true";
  EXPECT_EQ(error_of(chain).message, kTooDeep);

  EXPECT_EQ(number(std::string(90, '(') + "1" + std::string(90, ')')), 1);
}

TEST(ExpressionSyntaxError, LongFlatExpressionsAreNotNested) {
  std::string sum = "0";
  for (int i = 0; i < 20000; ++i) sum += " + 1";
  EXPECT_EQ(number(sum), 20000);

  std::string both = "B";
  for (int i = 0; i < 20000; ++i) both += " && B";
  EXPECT_EQ(value(both), Outcome(true));

  // A lookup written as a chain of conditionals.
  std::string lookup;
  for (int i = 0; i < 5000; ++i) lookup += "N == " + std::to_string(i) + " ? " + std::to_string(i) + " : ";
  lookup += "-1";
  int one[] = {0, 1, 0, 0};
  EXPECT_EQ(compiled(lookup).evaluate(one), Outcome(1.0));
}

// ---------------------------------------------------------------------------------------------
// Unknown names

TEST(ExpressionUnknownName, AVariableThatIsNotAParent) {
  expect_error(error_of("Y == 'a'", {"Y", "Z"}), "expr.unknown_name", 0, 1, "unknown name \"Y\"",
               "\"Y\" is a variable but not a parent here: add it to \"parents\"");
}

TEST(ExpressionUnknownName, ATypo) {
  expect_error(error_of("noize == 'lucky'"), "expr.unknown_name", 0, 5, "unknown name \"noize\"",
               "did you mean \"noise\"?");
  expect_error(error_of("B || True"), "expr.unknown_name", 5, 9, "unknown name \"True\"",
               "did you mean \"true\"?");
}

TEST(ExpressionUnknownName, ALabelWithoutQuotes) {
  expect_error(error_of("X == east"), "expr.unknown_name", 5, 9, "unknown name \"east\"",
               "labels are written in quotes: 'east'");
  expect_error(error_of("east", {}, {}), "expr.unknown_name", 0, 4, "unknown name \"east\"",
               "nothing can be read here; labels are written in quotes: 'east'");
}

TEST(ExpressionUnknownName, NothingCloseListsTheNames) {
  expect_error(error_of("zzz > 1"), "expr.unknown_name", 0, 3, "unknown name \"zzz\"",
               "the names here are X, N, B, noise");
}

TEST(ExpressionUnknownName, UnknownFunction) {
  expect_error(error_of("foo(1)"), "expr.unknown_name", 0, 3, "unknown function \"foo\"",
               "the functions are if, min, max and abs");
  expect_error(error_of("mim(1, 2)"), "expr.unknown_name", 0, 3, "unknown function \"mim\"",
               "did you mean \"min\"?");
}

TEST(ExpressionUnknownName, OffsetsCountBytes) {
  // '東京' takes eight bytes with its quotes.
  expect_error(error_of("'東京' == Zz"), "expr.unknown_name", 12, 14, "unknown name \"Zz\"",
               "the names here are X, N, B, noise");
}

// ---------------------------------------------------------------------------------------------
// Unknown outcomes

TEST(ExpressionUnknownOutcome, LabelComparedWithASymbol) {
  Error esat = error_of("X == 'esat'");
  EXPECT_EQ(esat.id, "expr.unknown_outcome");
  EXPECT_EQ(esat.begin, 5u);
  EXPECT_EQ(esat.end, 11u);
  EXPECT_EQ(esat.message, "'esat' is not an outcome of X (its outcomes are 'east', 'west')");
  expect_error(error_of("X == 'eas'"), "expr.unknown_outcome", 5, 10,
               "'eas' is not an outcome of X (its outcomes are 'east', 'west')", "did you mean \"east\"?");
  expect_error(error_of("'West' != X"), "expr.unknown_outcome", 0, 6,
               "'West' is not an outcome of X (its outcomes are 'east', 'west')", "did you mean \"west\"?");
  expect_error(error_of("noise == 'north'"), "expr.unknown_outcome", 9, 16,
               "'north' is not an outcome of noise (its outcomes are 'lucky', 'unlucky')");
}

TEST(ExpressionUnknownOutcome, LabelInAnInList) {
  expect_error(error_of("X in ['east', 'nroth']"), "expr.unknown_outcome", 14, 21,
               "'nroth' is not an outcome of X (its outcomes are 'east', 'west')");
}

TEST(ExpressionUnknownOutcome, UnicodeLabel) {
  expect_error(error_of("X == '東京'"), "expr.unknown_outcome", 5, 13,
               "'東京' is not an outcome of X (its outcomes are 'east', 'west')");
}

TEST(ExpressionUnknownOutcome, ManyOutcomesAreAbbreviated) {
  Domain many;
  for (int i = 0; i < 20; ++i) many.push_back("o" + std::to_string(i));
  Error e = error_of("M == 'p'", {}, {{"M", many}});
  EXPECT_EQ(e.id, "expr.unknown_outcome");
  EXPECT_EQ(e.message,
            "'p' is not an outcome of M (its outcomes are 'o0', 'o1', 'o2', 'o3', 'o4', 'o5', "
            "'o6', 'o7', 'o8', 'o9', 'o10', 'o11' and 8 more)");
}

TEST(ExpressionUnknownOutcome, OnlyLabelsComparedWithSymbolsAreChecked) {
  // A number outside N's domain is merely never equal; labels of no symbol are free.
  EXPECT_EQ(value("N == 7"), Outcome(false));
  EXPECT_EQ(value("(B ? X : 'north') == 'south'"), Outcome(false));
}

// ---------------------------------------------------------------------------------------------
// Type mismatches

TEST(ExpressionTypeMismatch, ArithmeticNeedsNumbers) {
  expect_error(error_of("'east' + 1"), "expr.type_mismatch", 0, 6,
               "`+` needs numbers, but 'east' is a label");
  expect_error(error_of("N - B"), "expr.type_mismatch", 4, 5, "`-` needs numbers, but B is a boolean");
  expect_error(error_of("N * 2 / X"), "expr.type_mismatch", 8, 9, "`/` needs numbers, but X is a label");
  expect_error(error_of("-X"), "expr.type_mismatch", 1, 2, "`-` needs a number, but X is a label");
  expect_error(error_of("(N > 1) * 2"), "expr.type_mismatch", 0, 7,
               "`*` needs numbers, but `(N > 1)` is a boolean");
}

TEST(ExpressionTypeMismatch, OrderingNeedsNumbers) {
  expect_error(error_of("X < 'west'"), "expr.type_mismatch", 0, 10,
               "`<` needs numbers, but X is a label and 'west' is a label",
               "labels compare only with == and !=");
  expect_error(error_of("N >= B"), "expr.type_mismatch", 5, 6, "`>=` needs numbers, but B is a boolean");
}

TEST(ExpressionTypeMismatch, EqualityNeedsOneType) {
  expect_error(error_of("N == X"), "expr.type_mismatch", 0, 6,
               "`==` needs both sides of one type, but N is a number and X is a label");
  expect_error(error_of("B != 1"), "expr.type_mismatch", 0, 6,
               "`!=` needs both sides of one type, but B is a boolean and 1 is a number");
}

TEST(ExpressionTypeMismatch, ConnectivesNeedBooleans) {
  expect_error(error_of("B && N"), "expr.type_mismatch", 5, 6, "`&&` needs booleans, but N is a number");
  expect_error(error_of("N > 1 or X"), "expr.type_mismatch", 9, 10, "`or` needs booleans, but X is a label");
  expect_error(error_of("!N"), "expr.type_mismatch", 1, 2, "`!` needs a boolean, but N is a number",
               "`!` applies to what directly follows it: write ! (a == b)");
}

TEST(ExpressionTypeMismatch, NotBindsTighterThanEquality) {
  expect_error(error_of("not X == 'east'"), "expr.type_mismatch", 4, 5,
               "`not` needs a boolean, but X is a label",
               "`not` applies to what directly follows it: write not (a == b)");
}

TEST(ExpressionTypeMismatch, Conditionals) {
  expect_error(error_of("X ? 1 : 2"), "expr.type_mismatch", 0, 1,
               "the condition of `?:` must be a boolean, but X is a label",
               "compare it with an outcome, e.g. X == 'east'");
  expect_error(error_of("B ? 1 : 'east'"), "expr.type_mismatch", 8, 14,
               "the branches of `?:` must have one type, but 1 is a number and 'east' is a label");
  expect_error(error_of("B ? 1 : N > 1 ? 2 : X"), "expr.type_mismatch", 20, 21,
               "the branches of `?:` must have one type, but 1 is a number and X is a label");
  expect_error(error_of("if(N, 1, 2)"), "expr.type_mismatch", 3, 4,
               "the condition of `if` must be a boolean, but N is a number",
               "compare it with an outcome, e.g. N == 0");
  expect_error(error_of("if(B, true, 2)"), "expr.type_mismatch", 12, 13,
               "the branches of `if` must have one type, but true is a boolean and 2 is a number");
}

TEST(ExpressionTypeMismatch, FunctionsNeedNumbers) {
  expect_error(error_of("min(N, X)"), "expr.type_mismatch", 7, 8, "`min` needs numbers, but X is a label");
  expect_error(error_of("abs(B)"), "expr.type_mismatch", 4, 5, "`abs` needs a number, but B is a boolean");
}

TEST(ExpressionTypeMismatch, InListOfAnotherType) {
  expect_error(error_of("N in ['east']"), "expr.type_mismatch", 6, 12,
               "`in` needs list items of the same type as its left side, but 'east' is a label and N "
               "is a number");
}

TEST(ExpressionTypeMismatch, LongSubexpressionsAreShortened) {
  Error e = error_of("(N + N + N + N + N + N + N + N + N + N + N > 1) * 2");
  EXPECT_EQ(e.message, "`*` needs numbers, but `(N + N + N + N + N + N + N + N + N + ...` is a boolean");
}

// ---------------------------------------------------------------------------------------------
// Several errors

TEST(ExpressionErrors, IndependentProblemsAreAllReported) {
  std::vector<Error> errors = errors_of("X == 'esat' || nosie == 'lucky' || N + 'a' > 1");
  ASSERT_EQ(errors.size(), 3u) << show(errors);
  EXPECT_EQ(errors[0].id, "expr.unknown_outcome");
  EXPECT_EQ(errors[0].begin, 5u);
  EXPECT_EQ(errors[1].id, "expr.unknown_name");
  EXPECT_EQ(errors[1].begin, 15u);
  EXPECT_EQ(errors[2].id, "expr.type_mismatch");
  EXPECT_EQ(errors[2].begin, 39u);
}

TEST(ExpressionErrors, ConsequencesOfAnErrorAreNotReported) {
  // Y's type is unknown, so nothing built on it is judged.
  EXPECT_EQ(errors_of("(Y + 1) * 2 == 'a'").size(), 1u);
  EXPECT_EQ(errors_of("min(Y, 1) == 'a'").size(), 1u);
  // The misused `+` makes no type for `==` to compare.
  EXPECT_EQ(errors_of("X + 1 == 'a'").size(), 1u);
}

TEST(ExpressionErrors, CompileNeverThrowsAndLocatesEveryError) {
  const std::string kValid =
      "X == 'east' && !(N in [1, 2.5]) || if(B, min(N, 2) * -3 >= abs(N / 2), "
      "noise != \"lucky\") ? 'a\\'b' : X";
  ASSERT_TRUE(compiled(kValid).ok());
  auto check = [](const std::string& text) {
    std::vector<Error> errors;
    Expression e;
    EXPECT_NO_THROW(e = Expression::compile(text, symbols(), &errors)) << text;
    EXPECT_EQ(e.ok(), errors.empty()) << text;
    for (const Error& error : errors) {
      EXPECT_LE(error.begin, error.end) << text;
      EXPECT_LE(error.end, text.size()) << text;
      EXPECT_FALSE(error.message.empty()) << text;
    }
    if (e.ok()) {
      try {
        e.evaluate(kDefaultInputs.data());
      } catch (const std::domain_error&) {
        // Division by zero is a legitimate outcome of random text.
      }
    }
  };
  for (std::size_t n = 0; n <= kValid.size(); ++n) check(kValid.substr(0, n));
  for (std::size_t n = 0; n <= kValid.size(); ++n) check(kValid.substr(n));

  const std::string kAlphabet = "XNB noise()[]'\"\\,?:+-*/!<>=&|01.e in and true if min abs é";
  std::mt19937 random(12345);
  std::uniform_int_distribution<std::size_t> pick(0, kAlphabet.size() - 1);
  std::uniform_int_distribution<int> length(0, 30);
  for (int i = 0; i < 5000; ++i) {
    std::string text;
    for (int k = length(random); k > 0; --k) text += kAlphabet[pick(random)];
    check(text);
  }
}

}  // namespace
}  // namespace motive::scim::expr
