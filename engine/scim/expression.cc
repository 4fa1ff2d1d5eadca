#include "scim/expression.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <utility>

#include "core/diagnostics.h"

namespace motive::scim::expr {

// One node of the syntax tree. Chains of one left-associative operator (`a + b - c`, `a && b && c`)
// and of conditionals (`a ? x : b ? y : z`) are kept flat, so that long but shallow expressions do
// not make the tree, and with it every recursive walk over it, deep.
struct Node {
  enum class Kind : unsigned char {
    kLiteral,
    kName,
    kNot,
    kNegate,
    kAnd,
    kOr,
    kSum,      // children joined by `ops`: '+' or '-'
    kProduct,  // children joined by `ops`: '*' or '/'
    kCompare,
    kIn,           // children[0] in [children[1], ...], the items being literals
    kConditional,  // c1, x1, c2, x2, ..., otherwise
    kMin,
    kMax,
    kAbs,
  };
  enum class Comparison : unsigned char { kEq, kNe, kLt, kLe, kGt, kGe };

  Kind kind;
  std::size_t begin = 0;
  std::size_t end = 0;
  std::string op;   // the operator or function as written, for messages
  std::string ops;  // kSum, kProduct: the operator before children[i + 1] is ops[i]
  Comparison comparison = Comparison::kEq;
  Outcome literal;
  std::string name;
  int symbol = -1;  // kName, once resolved
  ValueType type = ValueType::kNumber;
  int height = 1;
  std::vector<std::unique_ptr<Node>> children;
};

namespace {

using NodePtr = std::unique_ptr<Node>;
using Kind = Node::Kind;
using Comparison = Node::Comparison;

// Parsing, checking and evaluating all recurse along the nesting, at a few hundred bytes of stack a
// level, so the nesting is bounded to stay well within WebAssembly's default stack of 64 KiB.
// Hand-written expressions nest a few levels.
constexpr int kMaxDepth = 100;

constexpr const char* kIdSyntax = "expr.syntax";
constexpr const char* kIdUnknownName = "expr.unknown_name";
constexpr const char* kIdUnknownOutcome = "expr.unknown_outcome";
constexpr const char* kIdTypeMismatch = "expr.type_mismatch";

// ---------------------------------------------------------------------------------------------
// Text helpers

bool is_continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// 1-based position in code points, as people count characters.
std::size_t character_at(std::string_view text, std::size_t offset) {
  std::size_t n = 1;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i)
    if (!is_continuation(text[i])) ++n;
  return n;
}

std::string at_character(std::string_view text, std::size_t offset) {
  return "at character " + std::to_string(character_at(text, offset));
}

// Length of the UTF-8 sequence starting at `i`, so that a stray character is shown whole.
std::size_t char_length(std::string_view text, std::size_t i) {
  auto lead = static_cast<unsigned char>(text[i]);
  std::size_t n = lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : lead < 0xF8 ? 4 : 1;
  std::size_t length = 1;
  while (length < n && i + length < text.size() && is_continuation(text[i + length])) ++length;
  return length;
}

std::string shorten(std::string_view s) {
  constexpr std::size_t kLimit = 40;
  if (s.size() <= kLimit) return std::string(s);
  std::size_t cut = kLimit - 3;
  while (cut > 0 && is_continuation(s[cut])) --cut;
  return std::string(s.substr(0, cut)) + "...";
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_name_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_name_char(char c) { return is_name_start(c) || is_digit(c); }

// ---------------------------------------------------------------------------------------------
// Tokens

enum class Tok : unsigned char {
  kEnd,
  kInvalid,  // where the text stops being readable; always the last token
  kNumber,
  kString,
  kName,
  kTrue,
  kFalse,
  kLParen,
  kRParen,
  kLBracket,
  kRBracket,
  kComma,
  kQuestion,
  kColon,
  kPlus,
  kMinus,
  kStar,
  kSlash,
  kNot,
  kAnd,
  kOr,
  kIn,
  kEq,
  kNe,
  kLt,
  kLe,
  kGt,
  kGe
};

struct Token {
  Tok kind = Tok::kEnd;
  std::size_t begin = 0;
  std::size_t end = 0;
  double number = 0;
  std::string text;  // a name, or a string's contents with escapes resolved
};

struct Spelling {
  std::string_view text;
  Tok kind;
};

// Longest first, so that "<=" is not read as "<" followed by "=".
constexpr Spelling kOperators[] = {
    {"==", Tok::kEq},      {"!=", Tok::kNe},      {"<=", Tok::kLe},    {">=", Tok::kGe},
    {"&&", Tok::kAnd},     {"||", Tok::kOr},      {"(", Tok::kLParen}, {")", Tok::kRParen},
    {"[", Tok::kLBracket}, {"]", Tok::kRBracket}, {",", Tok::kComma},  {"?", Tok::kQuestion},
    {":", Tok::kColon},    {"+", Tok::kPlus},     {"-", Tok::kMinus},  {"*", Tok::kStar},
    {"/", Tok::kSlash},    {"!", Tok::kNot},      {"<", Tok::kLt},     {">", Tok::kGt},
};

constexpr Spelling kKeywords[] = {
    {"true", Tok::kTrue}, {"false", Tok::kFalse}, {"and", Tok::kAnd},
    {"or", Tok::kOr},     {"not", Tok::kNot},     {"in", Tok::kIn},
};

// Characters people paste from papers or word processors, with what to write instead.
struct Lookalike {
  std::string_view character;
  std::string_view hint;
};
constexpr Lookalike kLookalikes[] = {
    {"=", "write == to compare"},
    {"&", "write && (or `and`)"},
    {"|", "write || (or `or`)"},
    {"\u2260", "write != instead of \u2260"},
    {"\u2264", "write <= instead of \u2264"},
    {"\u2265", "write >= instead of \u2265"},
    {"\u2227", "write && (or `and`) instead of \u2227"},
    {"\u2228", "write || (or `or`) instead of \u2228"},
    {"\u00ac", "write ! (or `not`) instead of \u00ac"},
    {"\u00d7", "write * instead of \u00d7"},
    {"\u00f7", "write / instead of \u00f7"},
    {"\u2212", "write - instead of \u2212"},
    {"\u2018", "write labels in straight quotes: 'east'"},
    {"\u2019", "write labels in straight quotes: 'east'"},
    {"\u201c", "write labels in straight quotes: \"east\""},
    {"\u201d", "write labels in straight quotes: \"east\""},
};

// Stops at the first unreadable token, since what follows it cannot be read reliably, and ends the
// tokens with a kInvalid one there. The error is kept rather than reported: the parser reports it
// only if it gets that far, so that an earlier syntax error comes first.
class Lexer {
 public:
  explicit Lexer(std::string_view text) : text_(text) {}

  std::vector<Token> run() {
    std::vector<Token> tokens;
    while (true) {
      while (i_ < text_.size() && is_space(text_[i_])) ++i_;
      Token t;
      t.begin = i_;
      if (i_ == text_.size()) {
        t.end = i_;
        tokens.push_back(std::move(t));
        return tokens;
      }
      char c = text_[i_];
      bool ok;
      if (is_digit(c) || (c == '.' && i_ + 1 < text_.size() && is_digit(text_[i_ + 1]))) {
        ok = number(&t);
      } else if (is_name_start(c)) {
        name(&t);
        ok = true;
      } else if (c == '\'' || c == '"') {
        ok = string(&t);
      } else {
        ok = symbol(&t);
      }
      if (!ok) {
        t.kind = Tok::kInvalid;
        t.begin = error_->begin;
        t.end = error_->end;
        tokens.push_back(std::move(t));
        return tokens;
      }
      t.end = i_;
      tokens.push_back(std::move(t));
    }
  }

  const std::optional<Error>& error() const { return error_; }

 private:
  static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

  bool number(Token* t) {
    std::size_t start = i_;
    while (i_ < text_.size() && is_digit(text_[i_])) ++i_;
    if (i_ < text_.size() && text_[i_] == '.') {
      ++i_;
      while (i_ < text_.size() && is_digit(text_[i_])) ++i_;
    }
    // An 'e' not followed by digits belongs to whatever comes next, which the parser rejects.
    if (i_ < text_.size() && (text_[i_] == 'e' || text_[i_] == 'E')) {
      std::size_t j = i_ + 1;
      if (j < text_.size() && (text_[j] == '+' || text_[j] == '-')) ++j;
      if (j < text_.size() && is_digit(text_[j])) {
        i_ = j;
        while (i_ < text_.size() && is_digit(text_[i_])) ++i_;
      }
    }
    t->kind = Tok::kNumber;
    // strtod rather than from_chars: Emscripten 3.1.6's library has no from_chars for double. The
    // literal was scanned above, so strtod reads exactly it (in the "C" locale the engine runs in).
    std::string literal(text_.substr(start, i_ - start));
    char* end = nullptr;
    errno = 0;
    t->number = std::strtod(literal.c_str(), &end);
    if (errno == ERANGE || end != literal.c_str() + literal.size() || !std::isfinite(t->number)) {
      fail(start, i_, "the number " + std::string(text_.substr(start, i_ - start)) + " is out of range");
      return false;
    }
    return true;
  }

  void name(Token* t) {
    std::size_t start = i_;
    while (i_ < text_.size() && is_name_char(text_[i_])) ++i_;
    std::string_view word = text_.substr(start, i_ - start);
    t->kind = Tok::kName;
    for (const Spelling& k : kKeywords)
      if (k.text == word) t->kind = k.kind;
    if (t->kind == Tok::kName) t->text = std::string(word);
  }

  bool string(Token* t) {
    char quote = text_[i_];
    std::size_t start = i_++;
    while (true) {
      if (i_ >= text_.size() || (text_[i_] == '\\' && i_ + 1 == text_.size())) {
        fail(start, text_.size(), "this label has no closing quote", std::string("end it with ") + quote);
        return false;
      }
      char c = text_[i_];
      if (c == quote) {
        ++i_;
        t->kind = Tok::kString;
        return true;
      }
      if (c == '\\') {
        char escaped = text_[i_ + 1];
        switch (escaped) {
          case '\\':
          case '\'':
          case '"':
            t->text += escaped;
            break;
          case 'n':
            t->text += '\n';
            break;
          case 't':
            t->text += '\t';
            break;
          default: {
            std::size_t end = i_ + 1 + char_length(text_, i_ + 1);
            fail(i_, end, "unknown escape '" + std::string(text_.substr(i_, end - i_)) + "' in a label",
                 "the escapes are \\\\, \\', \\\", \\n and \\t");
            return false;
          }
        }
        i_ += 2;
        continue;
      }
      t->text += c;
      ++i_;
    }
  }

  bool symbol(Token* t) {
    for (const Spelling& op : kOperators) {
      if (text_.substr(i_, op.text.size()) == op.text) {
        t->kind = op.kind;
        i_ += op.text.size();
        return true;
      }
    }
    std::size_t length = char_length(text_, i_);
    std::string_view character = text_.substr(i_, length);
    auto byte = static_cast<unsigned char>(text_[i_]);
    std::string message;
    if (byte < 0x20 || byte == 0x7F) {
      message = "unexpected control character (code " + std::to_string(byte) + ")";
    } else if (byte >= 0x80 && (length == 1 || is_continuation(text_[i_]))) {
      message = "unexpected byte " + std::to_string(byte) + ", which is not valid UTF-8";
    } else {
      message = "unexpected '" + std::string(character) + "'";
    }
    std::string hint;
    for (const Lookalike& l : kLookalikes)
      if (l.character == character) hint = l.hint;
    fail(i_, i_ + length, std::move(message), std::move(hint));
    return false;
  }

  void fail(std::size_t begin, std::size_t end, std::string message, std::string hint = {}) {
    error_ = Error{kIdSyntax, begin, end, std::move(message), std::move(hint)};
  }

  std::string_view text_;
  std::size_t i_ = 0;
  std::optional<Error> error_;
};

// ---------------------------------------------------------------------------------------------
// Parser: precedence climbing over the levels of docs/format.md.

constexpr int kConditionalLevel = 1;
constexpr int kOrLevel = 2;
constexpr int kAndLevel = 3;
constexpr int kEqualityLevel = 4;
constexpr int kRelationalLevel = 5;
constexpr int kAdditiveLevel = 6;
constexpr int kMultiplicativeLevel = 7;
constexpr int kUnaryLevel = 8;

// The level of an infix operator, or 0 for a token that is not one.
int infix_level(Tok kind) {
  switch (kind) {
    case Tok::kQuestion:
      return kConditionalLevel;
    case Tok::kOr:
      return kOrLevel;
    case Tok::kAnd:
      return kAndLevel;
    case Tok::kEq:
    case Tok::kNe:
    case Tok::kIn:
      return kEqualityLevel;
    case Tok::kLt:
    case Tok::kLe:
    case Tok::kGt:
    case Tok::kGe:
      return kRelationalLevel;
    case Tok::kPlus:
    case Tok::kMinus:
      return kAdditiveLevel;
    case Tok::kStar:
    case Tok::kSlash:
      return kMultiplicativeLevel;
    default:
      return 0;
  }
}

constexpr std::string_view kFunctions[] = {"if", "min", "max", "abs"};

bool is_function(std::string_view name) {
  return std::find(std::begin(kFunctions), std::end(kFunctions), name) != std::end(kFunctions);
}

class DepthGuard {
 public:
  explicit DepthGuard(int* depth) : depth_(depth) { ++*depth_; }
  ~DepthGuard() { --*depth_; }
  DepthGuard(const DepthGuard&) = delete;
  DepthGuard& operator=(const DepthGuard&) = delete;

 private:
  int* depth_;
};

// What went wrong while parsing. The parser only records it, and the message is written once
// parsing has unwound: the parser recurses once per level of nesting, and building strings in its
// frames would multiply the stack each level costs.
enum class Syntax : unsigned char {
  kEmpty,
  kUnexpected,  // a token where an operand or an operator should be
  kLeftover,    // a token after a complete expression
  kTooDeep,
  kUnclosed,      // `aux` is the offset of the opening bracket, `expected` what closes it
  kMissingColon,  // `aux` is the offset of the '?'
  kNotCalled,     // a function name without arguments
  kUnknownFunction,
  kArity,    // `aux` is the number of arguments
  kNoList,   // `in` without a list
  kBadItem,  // a list item that is not a literal
};

struct SyntaxFailure {
  Syntax kind = Syntax::kEmpty;
  std::size_t token = 0;  // the token at fault
  std::size_t begin = 0;  // the span to report
  std::size_t end = 0;
  std::size_t aux = 0;
  const char* expected = "";
};

// Stops at the first error and returns null: after a syntax error the rest of the text cannot be
// read with any confidence, and guessing would only produce confusing follow-up errors.
class Parser {
 public:
  Parser(std::string_view text, const std::vector<Token>& tokens) : text_(text), tokens_(tokens) {}

  NodePtr parse_all() {
    if (peek().kind == Tok::kEnd) return fail(Syntax::kEmpty);
    NodePtr root = parse(kConditionalLevel);
    if (root && peek().kind != Tok::kEnd) return fail(Syntax::kLeftover);
    return root;
  }

  // Why parse_all() failed. `lexer_error` says why the text became unreadable at its last token.
  Error error(const std::optional<Error>& lexer_error) const {
    const SyntaxFailure& f = failure_;
    const Token& t = tokens_[f.token];
    // Whatever was expected at an unreadable token, the reason it is unreadable is the news.
    if (t.kind == Tok::kInvalid && f.kind != Syntax::kTooDeep) return *lexer_error;
    Error e{kIdSyntax, f.begin, f.end, "", ""};
    switch (f.kind) {
      case Syntax::kEmpty:
        e.message = "the expression is empty";
        e.hint = "write a value such as 'east', 3 or true";
        break;
      case Syntax::kUnexpected:
        e.message = unexpected_message(t);
        if (t.kind == Tok::kEnd && f.token > 0)
          e.hint = "something is missing after '" + shorten(source(tokens_[f.token - 1])) + "'";
        break;
      case Syntax::kLeftover:
        e.message = unexpected_message(t);
        e.hint = leftover_hint(t.kind);
        break;
      case Syntax::kTooDeep:
        e.message = "expression nested too deeply (more than " + std::to_string(kMaxDepth) + " levels)";
        e.hint = "split it up, or write the function as a table";
        break;
      case Syntax::kUnclosed:
        e.message = std::string("expected ") + f.expected + " to close the '" + text_[f.aux] + "' " +
                    at_character(text_, f.aux);
        break;
      case Syntax::kMissingColon:
        e.message = "expected ':' to go with the '?' " + at_character(text_, f.aux);
        e.hint = "a conditional reads c ? a : b";
        break;
      case Syntax::kNotCalled:
        e.message = "`" + t.text + "` is a function";
        e.hint = "call it like " + t.text + "(...)";
        break;
      case Syntax::kUnknownFunction:
        e.id = kIdUnknownName;
        e.message = "unknown function \"" + t.text + "\"";
        e.hint = did_you_mean(t.text, {std::begin(kFunctions), std::end(kFunctions)});
        if (e.hint.empty()) e.hint = "the functions are if, min, max and abs";
        break;
      case Syntax::kArity:
        if (t.text == "if") {
          e.message = "`if` needs 3 arguments, not " + std::to_string(f.aux);
          e.hint = "write if(condition, value if true, value if false)";
        } else if (t.text == "abs") {
          e.message = "`abs` needs 1 argument, not " + std::to_string(f.aux);
        } else {
          e.message = "`" + t.text + "` needs at least 2 arguments, not " + std::to_string(f.aux);
        }
        break;
      case Syntax::kNoList:
        e.message = "expected a list such as ['a', 'b'] after 'in'";
        break;
      case Syntax::kBadItem:
        e.message =
            "the list after 'in' may hold only values such as 'a', 3 or true, not " + shorten(source(t));
        break;
    }
    return e;
  }

 private:
  const Token& peek() const { return tokens_[pos_]; }

  const Token& advance() {
    const Token& t = tokens_[pos_];
    if (t.kind != Tok::kEnd && t.kind != Tok::kInvalid) ++pos_;
    return t;
  }

  std::string_view source(const Token& t) const { return text_.substr(t.begin, t.end - t.begin); }

  std::string unexpected_message(const Token& t) const {
    switch (t.kind) {
      case Tok::kEnd:
        return "unexpected end of expression";
      case Tok::kString:
        return "unexpected label " + shorten(source(t));
      case Tok::kNumber:
        return "unexpected number " + std::string(source(t));
      default:
        return "unexpected '" + shorten(source(t)) + "'";
    }
  }

  static std::string leftover_hint(Tok kind) {
    switch (kind) {
      case Tok::kRParen:
        return "there is no '(' for it to close";
      case Tok::kColon:
        return "':' belongs to a conditional: c ? a : b";
      case Tok::kNumber:
      case Tok::kString:
      case Tok::kName:
      case Tok::kTrue:
      case Tok::kFalse:
      case Tok::kLParen:
        return "is an operator missing before it?";
      default:
        return "";
    }
  }

  NodePtr fail_at(Syntax kind, std::size_t token, std::size_t begin, std::size_t end, std::size_t aux = 0,
                  const char* expected = "") {
    failure_ = {kind, token, begin, end, aux, expected};
    return nullptr;
  }

  // Fails at the next token.
  NodePtr fail(Syntax kind, std::size_t aux = 0, const char* expected = "") {
    return fail_at(kind, pos_, peek().begin, peek().end, aux, expected);
  }

  static NodePtr make(Kind kind, std::size_t begin, std::size_t end) {
    auto n = std::make_unique<Node>();
    n->kind = kind;
    n->begin = begin;
    n->end = end;
    return n;
  }

  static void attach(Node* parent, NodePtr child) {
    parent->height = std::max(parent->height, child->height + 1);
    parent->children.push_back(std::move(child));
  }

  // Bounds the height of the tree, which grows without recursion in the parser along chains such as
  // `a == b == c == ...`.
  NodePtr finish(NodePtr n) {
    if (n->height > kMaxDepth) return fail_at(Syntax::kTooDeep, pos_, n->begin, n->end);
    return n;
  }

  NodePtr parse(int min_level) {
    DepthGuard guard(&depth_);
    if (depth_ > kMaxDepth) return fail(Syntax::kTooDeep);
    NodePtr lhs = parse_prefix();
    while (lhs) {
      const Token& op = peek();
      int level = infix_level(op.kind);
      if (level == 0 || level < min_level) break;
      if (op.kind == Tok::kQuestion) {
        lhs = parse_conditional(std::move(lhs));
      } else if (op.kind == Tok::kIn) {
        advance();
        lhs = parse_in(std::move(lhs));
      } else {
        advance();
        NodePtr rhs = parse(level + 1);
        if (!rhs) return nullptr;
        lhs = combine(std::move(lhs), op, std::move(rhs));
      }
    }
    return lhs;
  }

  NodePtr combine(NodePtr lhs, const Token& op, NodePtr rhs) {
    Kind kind;
    switch (op.kind) {
      case Tok::kOr:
        kind = Kind::kOr;
        break;
      case Tok::kAnd:
        kind = Kind::kAnd;
        break;
      case Tok::kPlus:
      case Tok::kMinus:
        kind = Kind::kSum;
        break;
      case Tok::kStar:
      case Tok::kSlash:
        kind = Kind::kProduct;
        break;
      default: {
        NodePtr n = make(Kind::kCompare, lhs->begin, rhs->end);
        n->op.assign(source(op));
        n->comparison = op.kind == Tok::kEq   ? Comparison::kEq
                        : op.kind == Tok::kNe ? Comparison::kNe
                        : op.kind == Tok::kLt ? Comparison::kLt
                        : op.kind == Tok::kLe ? Comparison::kLe
                        : op.kind == Tok::kGt ? Comparison::kGt
                                              : Comparison::kGe;
        attach(n.get(), std::move(lhs));
        attach(n.get(), std::move(rhs));
        return finish(std::move(n));
      }
    }
    // Joining onto a left operand of the same kind keeps the evaluation order of left
    // associativity, also when that operand was parenthesized.
    NodePtr n = lhs->kind == kind ? std::move(lhs) : nullptr;
    if (!n) {
      n = make(kind, lhs->begin, lhs->end);
      n->op.assign(source(op));
      attach(n.get(), std::move(lhs));
    }
    if (kind == Kind::kSum || kind == Kind::kProduct) n->ops += text_[op.begin];
    n->end = rhs->end;
    attach(n.get(), std::move(rhs));
    return finish(std::move(n));
  }

  // `c1 ? x1 : c2 ? x2 : y` is read as one node, without recursing for each further `?`.
  NodePtr parse_conditional(NodePtr condition) {
    NodePtr n = make(Kind::kConditional, condition->begin, condition->end);
    n->op = "?:";
    attach(n.get(), std::move(condition));
    while (true) {
      std::size_t question = advance().begin;
      NodePtr then = parse(kConditionalLevel);
      if (!then) return nullptr;
      if (peek().kind != Tok::kColon) return fail(Syntax::kMissingColon, question);
      advance();
      NodePtr otherwise = parse(kOrLevel);
      if (!otherwise) return nullptr;
      n->end = otherwise->end;
      attach(n.get(), std::move(then));
      attach(n.get(), std::move(otherwise));
      if (peek().kind != Tok::kQuestion) break;
    }
    return finish(std::move(n));
  }

  NodePtr parse_in(NodePtr lhs) {
    if (peek().kind != Tok::kLBracket) return fail(Syntax::kNoList);
    std::size_t open = advance().begin;
    NodePtr n = make(Kind::kIn, lhs->begin, lhs->end);
    n->op = "in";
    attach(n.get(), std::move(lhs));
    if (peek().kind != Tok::kRBracket) {
      while (true) {
        NodePtr item = parse_item();
        if (!item) return nullptr;
        attach(n.get(), std::move(item));
        if (peek().kind == Tok::kComma) {
          advance();
        } else if (peek().kind == Tok::kRBracket) {
          break;
        } else {
          return fail(Syntax::kUnclosed, open, "',' or ']'");
        }
      }
    }
    n->end = advance().end;
    return finish(std::move(n));
  }

  NodePtr parse_item() {
    switch (peek().kind) {
      case Tok::kNumber:
      case Tok::kString:
      case Tok::kTrue:
      case Tok::kFalse:
        return parse_prefix();
      case Tok::kMinus:
        if (tokens_[pos_ + 1].kind == Tok::kNumber) return parse_prefix();
        return fail(Syntax::kBadItem);
      case Tok::kEnd:
        return fail(Syntax::kUnexpected);
      default:
        return fail(Syntax::kBadItem);
    }
  }

  static NodePtr literal(const Token& t, Outcome value) {
    NodePtr n = make(Kind::kLiteral, t.begin, t.end);
    n->literal = std::move(value);
    return n;
  }

  NodePtr parse_prefix() {
    const Token& t = peek();
    switch (t.kind) {
      case Tok::kNumber:
        advance();
        return literal(t, t.number);
      case Tok::kString:
        advance();
        return literal(t, t.text);
      case Tok::kTrue:
      case Tok::kFalse:
        advance();
        return literal(t, t.kind == Tok::kTrue);
      case Tok::kName: {
        std::size_t name = pos_;
        advance();
        if (peek().kind == Tok::kLParen) return parse_call(name);
        if (is_function(t.text)) return fail_at(Syntax::kNotCalled, name, t.begin, t.end);
        NodePtr n = make(Kind::kName, t.begin, t.end);
        n->name = t.text;
        return n;
      }
      case Tok::kLParen: {
        advance();
        NodePtr inner = parse(kConditionalLevel);
        if (!inner) return nullptr;
        if (peek().kind != Tok::kRParen) return fail(Syntax::kUnclosed, t.begin, "')'");
        // The span takes in the parentheses, so that messages quote balanced text.
        inner->begin = t.begin;
        inner->end = advance().end;
        return inner;
      }
      case Tok::kNot:
      case Tok::kMinus: {
        advance();
        NodePtr operand = parse(kUnaryLevel);
        if (!operand) return nullptr;
        if (t.kind == Tok::kMinus && operand->kind == Kind::kLiteral &&
            std::holds_alternative<double>(operand->literal)) {
          operand->literal = -std::get<double>(operand->literal);
          operand->begin = t.begin;
          return operand;
        }
        NodePtr n = make(t.kind == Tok::kNot ? Kind::kNot : Kind::kNegate, t.begin, operand->end);
        n->op.assign(source(t));
        attach(n.get(), std::move(operand));
        return finish(std::move(n));
      }
      default:
        return fail(Syntax::kUnexpected);
    }
  }

  NodePtr parse_call(std::size_t name_token) {
    const Token& name = tokens_[name_token];
    std::size_t open = advance().begin;
    if (!is_function(name.text)) return fail_at(Syntax::kUnknownFunction, name_token, name.begin, name.end);
    Kind kind = name.text == "if"    ? Kind::kConditional
                : name.text == "min" ? Kind::kMin
                : name.text == "max" ? Kind::kMax
                                     : Kind::kAbs;
    NodePtr n = make(kind, name.begin, name.end);
    n->op = name.text;
    if (peek().kind != Tok::kRParen) {
      while (true) {
        NodePtr argument = parse(kConditionalLevel);
        if (!argument) return nullptr;
        attach(n.get(), std::move(argument));
        if (peek().kind == Tok::kComma) {
          advance();
        } else if (peek().kind == Tok::kRParen) {
          break;
        } else {
          return fail(Syntax::kUnclosed, open, "',' or ')'");
        }
      }
    }
    n->end = advance().end;
    std::size_t count = n->children.size();
    bool arity_ok = kind == Kind::kConditional ? count == 3 : kind == Kind::kAbs ? count == 1 : count >= 2;
    if (!arity_ok) return fail_at(Syntax::kArity, name_token, n->begin, n->end, count);
    return finish(std::move(n));
  }

  std::string_view text_;
  const std::vector<Token>& tokens_;
  std::size_t pos_ = 0;
  int depth_ = 0;
  SyntaxFailure failure_;
};

// ---------------------------------------------------------------------------------------------
// Type checking. Reports every independent problem, such as two misspelled labels in one
// expression, but none that follows from another.

ValueType domain_type(const Domain& domain) {
  return domain.empty() ? ValueType::kLabel : type_of(domain.front());
}

// A problem found by the checker, put into words afterwards for the reason given at Syntax.
struct Problem {
  enum class Kind : unsigned char {
    kUnknownName,
    kUnknownOutcome,  // `at` is the label, `other` the symbol it is compared with
    kOperand,         // `op` wants `wanted` (of all its operands if `plural`)
    kOrdering,        // `at` is not a number, nor is `other` if given
    kEquality,        // `at` compares two types
    kInItem,          // `at` has another type than `other`, the left side
    kCondition,
    kBranch,  // `at` has another type than `other`, the first branch
  };
  Kind kind;
  const Node* at;
  const Node* other = nullptr;
  std::string_view op = {};
  ValueType wanted = ValueType::kNumber;
  bool plural = false;
};

class Checker {
 public:
  Checker(const std::vector<Symbol>& symbols, std::vector<int>* used) : symbols_(symbols), used_(used) {}

  std::optional<ValueType> check(Node& n) {
    std::size_t found = problems_.size();
    std::optional<ValueType> type = check_node(n);
    if (type) n.type = *type;
    // Whatever went wrong inside may be why the type looks wrong from outside (`not X == 'a'`), so
    // parents stay silent about a subexpression with problems of its own.
    if (problems_.size() != found) return std::nullopt;
    return type;
  }

  const std::vector<Problem>& problems() const { return problems_; }

 private:
  std::optional<ValueType> check_node(Node& n) {
    switch (n.kind) {
      case Kind::kLiteral:
        return type_of(n.literal);
      case Kind::kName:
        return check_name(n);
      case Kind::kNot:
        require(*n.children[0], ValueType::kBoolean, n.op, false);
        return ValueType::kBoolean;
      case Kind::kNegate:
        require(*n.children[0], ValueType::kNumber, n.op, false);
        return ValueType::kNumber;
      case Kind::kAnd:
      case Kind::kOr:
        for (const NodePtr& c : n.children) require(*c, ValueType::kBoolean, n.op, true);
        return ValueType::kBoolean;
      case Kind::kSum:
      case Kind::kProduct:
        for (std::size_t i = 0; i < n.children.size(); ++i) {
          std::string_view op(&n.ops[i == 0 ? 0 : i - 1], 1);
          require(*n.children[i], ValueType::kNumber, op, true);
        }
        return ValueType::kNumber;
      case Kind::kCompare:
        return check_compare(n);
      case Kind::kIn:
        return check_in(n);
      case Kind::kConditional:
        return check_conditional(n);
      case Kind::kMin:
      case Kind::kMax:
        for (const NodePtr& c : n.children) require(*c, ValueType::kNumber, n.op, true);
        return ValueType::kNumber;
      case Kind::kAbs:
        require(*n.children[0], ValueType::kNumber, n.op, false);
        return ValueType::kNumber;
    }
    return std::nullopt;
  }

  void require(Node& operand, ValueType wanted, std::string_view op, bool plural) {
    std::optional<ValueType> type = check(operand);
    if (type && *type != wanted)
      problems_.push_back({Problem::Kind::kOperand, &operand, nullptr, op, wanted, plural});
  }

  std::optional<ValueType> check_name(Node& n) {
    for (std::size_t i = 0; i < symbols_.size(); ++i) {
      if (symbols_[i].name == n.name) {
        n.symbol = static_cast<int>(i);
        used_->push_back(n.symbol);
        return domain_type(symbols_[i].domain);
      }
    }
    problems_.push_back({Problem::Kind::kUnknownName, &n});
    return std::nullopt;
  }

  // A label literal compared with a label symbol must be one of the symbol's outcomes: otherwise
  // the comparison is constant, which is always a typo.
  void check_outcome(const Node& symbol, const Node& literal) {
    if (symbol.kind != Kind::kName || literal.kind != Kind::kLiteral) return;
    if (find_outcome(symbols_[symbol.symbol].domain, literal.literal) < 0)
      problems_.push_back({Problem::Kind::kUnknownOutcome, &literal, &symbol});
  }

  std::optional<ValueType> check_compare(Node& n) {
    Node& lhs = *n.children[0];
    Node& rhs = *n.children[1];
    std::optional<ValueType> left = check(lhs);
    std::optional<ValueType> right = check(rhs);
    if (n.comparison != Comparison::kEq && n.comparison != Comparison::kNe) {
      bool bad_left = left && *left != ValueType::kNumber;
      bool bad_right = right && *right != ValueType::kNumber;
      if (bad_left || bad_right) {
        problems_.push_back(
            {Problem::Kind::kOrdering, bad_left ? &lhs : &rhs, bad_left && bad_right ? &rhs : nullptr, n.op});
      }
      return ValueType::kBoolean;
    }
    if (!left || !right) return ValueType::kBoolean;
    if (*left != *right) {
      problems_.push_back({Problem::Kind::kEquality, &n, nullptr, n.op});
    } else if (*left == ValueType::kLabel) {
      check_outcome(lhs, rhs);
      check_outcome(rhs, lhs);
    }
    return ValueType::kBoolean;
  }

  std::optional<ValueType> check_in(Node& n) {
    Node& lhs = *n.children[0];
    std::optional<ValueType> left = check(lhs);
    for (std::size_t i = 1; i < n.children.size(); ++i) {
      Node& item = *n.children[i];
      check(item);
      if (!left) continue;
      if (item.type != *left) {
        problems_.push_back({Problem::Kind::kInItem, &item, &lhs, n.op});
      } else if (*left == ValueType::kLabel) {
        check_outcome(lhs, item);
      }
    }
    return ValueType::kBoolean;
  }

  std::optional<ValueType> check_conditional(Node& n) {
    std::optional<ValueType> result;
    const Node* first = nullptr;
    std::size_t last = n.children.size() - 1;
    for (std::size_t i = 0; i <= last; ++i) {
      Node& c = *n.children[i];
      std::optional<ValueType> type = check(c);
      if (!type) continue;
      bool is_condition = i % 2 == 0 && i != last;
      if (is_condition) {
        if (*type != ValueType::kBoolean) problems_.push_back({Problem::Kind::kCondition, &c, nullptr, n.op});
      } else if (!result) {
        result = type;
        first = &c;
      } else if (*type != *result) {
        problems_.push_back({Problem::Kind::kBranch, &c, first, n.op});
      }
    }
    return result;
  }

  const std::vector<Symbol>& symbols_;
  std::vector<int>* used_;
  std::vector<Problem> problems_;
};

// Puts the checker's problems into words.
class Explainer {
 public:
  Explainer(std::string_view text, const std::vector<Symbol>& symbols,
            const std::vector<std::string>& other_variables)
      : text_(text), symbols_(symbols), other_variables_(other_variables) {}

  Error explain(const Problem& p) const {
    const Node& at = *p.at;
    Error e{kIdTypeMismatch, at.begin, at.end, "", ""};
    std::string op = "`" + std::string(p.op) + "`";
    switch (p.kind) {
      case Problem::Kind::kUnknownName:
        e.id = kIdUnknownName;
        e.message = "unknown name \"" + at.name + "\"";
        e.hint = unknown_name_hint(at.name);
        break;
      case Problem::Kind::kUnknownOutcome:
        e.id = kIdUnknownOutcome;
        e.message = outcome_text(at.literal) + " is not an outcome of " + p.other->name +
                    " (its outcomes are " + outcome_list(symbol(*p.other)) + ")";
        e.hint = did_you_mean(std::get<std::string>(at.literal), labels(symbol(*p.other)));
        break;
      case Problem::Kind::kOperand:
        e.message = op + " needs " + type_wanted(p.wanted, p.plural) + ", but " + is_a(at);
        if (p.op == "!" || p.op == "not")
          e.hint = op + " applies to what directly follows it: write " + std::string(p.op) + " (a == b)";
        break;
      case Problem::Kind::kOrdering:
        e.message = op + " needs numbers, but " + is_a(at);
        if (p.other) {
          e.end = p.other->end;
          e.message += " and " + is_a(*p.other);
        }
        if (at.type == ValueType::kLabel || (p.other && p.other->type == ValueType::kLabel))
          e.hint = "labels compare only with == and !=";
        break;
      case Problem::Kind::kEquality:
        e.message = op + " needs both sides of one type, but " + is_a(*at.children[0]) + " and " +
                    is_a(*at.children[1]);
        break;
      case Problem::Kind::kInItem:
        e.message = op + " needs list items of the same type as its left side, but " + is_a(at) + " and " +
                    is_a(*p.other);
        break;
      case Problem::Kind::kCondition:
        e.message = "the condition of " + op + " must be a boolean, but " + is_a(at);
        if (at.kind == Kind::kName && !symbol(at).domain.empty())
          e.hint = "compare it with an outcome, e.g. " + at.name +
                   " == " + outcome_text(symbol(at).domain.front());
        break;
      case Problem::Kind::kBranch:
        e.message =
            "the branches of " + op + " must have one type, but " + is_a(*p.other) + " and " + is_a(at);
        break;
    }
    return e;
  }

 private:
  const Symbol& symbol(const Node& name) const { return symbols_[name.symbol]; }

  static std::string type_wanted(ValueType t, bool plural) {
    if (t == ValueType::kBoolean) return plural ? "booleans" : "a boolean";
    return plural ? "numbers" : "a number";
  }

  // How a subexpression is quoted: names and literals as written, anything longer in backticks.
  std::string describe(const Node& n) const {
    std::string_view source = text_.substr(n.begin, n.end - n.begin);
    if (n.kind == Kind::kLiteral || n.kind == Kind::kName) return shorten(source);
    return "`" + shorten(source) + "`";
  }

  std::string is_a(const Node& n) const { return describe(n) + " is a " + type_name(n.type); }

  static std::string outcome_list(const Symbol& s) {
    constexpr std::size_t kListed = 12;
    std::string list;
    for (std::size_t i = 0; i < s.domain.size() && i < kListed; ++i)
      list += (i == 0 ? "" : ", ") + outcome_text(s.domain[i]);
    if (s.domain.size() > kListed) list += " and " + std::to_string(s.domain.size() - kListed) + " more";
    return list;
  }

  static std::vector<std::string> labels(const Symbol& s) {
    std::vector<std::string> result;
    for (const Outcome& o : s.domain)
      if (const auto* label = std::get_if<std::string>(&o)) result.push_back(*label);
    return result;
  }

  std::string unknown_name_hint(const std::string& name) const {
    if (std::find(other_variables_.begin(), other_variables_.end(), name) != other_variables_.end())
      return "\"" + name + "\" is a variable but not a parent here: add it to \"parents\"";
    for (const Symbol& s : symbols_)
      if (find_outcome(s.domain, Outcome(name)) >= 0) return "labels are written in quotes: '" + name + "'";
    if (symbols_.empty()) return "nothing can be read here; labels are written in quotes: '" + name + "'";
    std::vector<std::string> candidates = {"true", "false"};
    for (const Symbol& s : symbols_) candidates.push_back(s.name);
    std::string hint = did_you_mean(name, candidates);
    if (!hint.empty()) return hint;
    std::string names;
    for (std::size_t i = 0; i < symbols_.size(); ++i) names += (i == 0 ? "" : ", ") + symbols_[i].name;
    return "the names here are " + names;
  }

  std::string_view text_;
  const std::vector<Symbol>& symbols_;
  const std::vector<std::string>& other_variables_;
};

// ---------------------------------------------------------------------------------------------
// Evaluation. The checker has fixed every node's type, so each node is evaluated by the function
// for its type and no dynamically typed value is built. Labels are views into the symbols' domains
// and the literals, which the Expression owns.

struct Inputs {
  const Symbol* symbols;
  const int* indices;

  // An index past the domain is a value the symbol does not have here (a user game's variable whose
  // stage was not played: docs/games.md, "when"): reading it is an error, not another outcome.
  const Outcome& of(const Node& n) const {
    const Symbol& s = symbols[n.symbol];
    const int i = indices[n.symbol];
    if (i < 0 || static_cast<std::size_t>(i) >= s.domain.size())
      throw std::domain_error("\"" + s.name + "\" is unset here (its stage was not played)");
    return s.domain[i];
  }
};

bool eval_bool(const Node& n, const Inputs& in);
double eval_number(const Node& n, const Inputs& in);
std::string_view eval_label(const Node& n, const Inputs& in);

bool same_number(double a, double b) {
  return same_outcome(Outcome(std::in_place_type<double>, a), Outcome(std::in_place_type<double>, b));
}

const Node& chosen_branch(const Node& n, const Inputs& in) {
  std::size_t last = n.children.size() - 1;
  for (std::size_t i = 0; i < last; i += 2)
    if (eval_bool(*n.children[i], in)) return *n.children[i + 1];
  return *n.children[last];
}

// Ordering is consistent with the tolerant equality: numbers within tolerance are neither less nor
// greater than each other.
bool compare_numbers(Comparison c, double a, double b) {
  bool equal = same_number(a, b);
  switch (c) {
    case Comparison::kEq:
      return equal;
    case Comparison::kNe:
      return !equal;
    case Comparison::kLt:
      return a < b && !equal;
    case Comparison::kLe:
      return a < b || equal;
    case Comparison::kGt:
      return a > b && !equal;
    case Comparison::kGe:
      return a > b || equal;
  }
  return false;
}

bool eval_compare(const Node& n, const Inputs& in) {
  const Node& a = *n.children[0];
  const Node& b = *n.children[1];
  if (a.type == ValueType::kNumber)
    return compare_numbers(n.comparison, eval_number(a, in), eval_number(b, in));
  bool equal = a.type == ValueType::kLabel ? eval_label(a, in) == eval_label(b, in)
                                           : eval_bool(a, in) == eval_bool(b, in);
  return n.comparison == Comparison::kEq ? equal : !equal;
}

bool eval_in(const Node& n, const Inputs& in) {
  const Node& lhs = *n.children[0];
  switch (lhs.type) {
    case ValueType::kNumber: {
      double x = eval_number(lhs, in);
      for (std::size_t i = 1; i < n.children.size(); ++i)
        if (same_number(x, std::get<double>(n.children[i]->literal))) return true;
      return false;
    }
    case ValueType::kLabel: {
      std::string_view x = eval_label(lhs, in);
      for (std::size_t i = 1; i < n.children.size(); ++i)
        if (x == std::get<std::string>(n.children[i]->literal)) return true;
      return false;
    }
    case ValueType::kBoolean: {
      bool x = eval_bool(lhs, in);
      for (std::size_t i = 1; i < n.children.size(); ++i)
        if (x == std::get<bool>(n.children[i]->literal)) return true;
      return false;
    }
  }
  return false;
}

bool eval_bool(const Node& n, const Inputs& in) {
  switch (n.kind) {
    case Kind::kLiteral:
      return std::get<bool>(n.literal);
    case Kind::kName:
      return std::get<bool>(in.of(n));
    case Kind::kNot:
      return !eval_bool(*n.children[0], in);
    case Kind::kAnd:
      for (const NodePtr& c : n.children)
        if (!eval_bool(*c, in)) return false;
      return true;
    case Kind::kOr:
      for (const NodePtr& c : n.children)
        if (eval_bool(*c, in)) return true;
      return false;
    case Kind::kCompare:
      return eval_compare(n, in);
    case Kind::kIn:
      return eval_in(n, in);
    case Kind::kConditional:
      return eval_bool(chosen_branch(n, in), in);
    default:
      throw std::logic_error("expression: a boolean was expected of a non-boolean node");
  }
}

double eval_number(const Node& n, const Inputs& in) {
  switch (n.kind) {
    case Kind::kLiteral:
      return std::get<double>(n.literal);
    case Kind::kName:
      return std::get<double>(in.of(n));
    case Kind::kNegate:
      return -eval_number(*n.children[0], in);
    case Kind::kSum: {
      double sum = eval_number(*n.children[0], in);
      for (std::size_t i = 1; i < n.children.size(); ++i) {
        double x = eval_number(*n.children[i], in);
        sum = n.ops[i - 1] == '+' ? sum + x : sum - x;
      }
      return sum;
    }
    case Kind::kProduct: {
      double product = eval_number(*n.children[0], in);
      for (std::size_t i = 1; i < n.children.size(); ++i) {
        double x = eval_number(*n.children[i], in);
        if (n.ops[i - 1] == '*') {
          product *= x;
        } else {
          if (x == 0) throw std::domain_error("division by zero");
          product /= x;
        }
      }
      return product;
    }
    case Kind::kConditional:
      return eval_number(chosen_branch(n, in), in);
    case Kind::kMin:
    case Kind::kMax: {
      double best = eval_number(*n.children[0], in);
      for (std::size_t i = 1; i < n.children.size(); ++i) {
        double x = eval_number(*n.children[i], in);
        best = n.kind == Kind::kMin ? std::min(best, x) : std::max(best, x);
      }
      return best;
    }
    case Kind::kAbs:
      return std::abs(eval_number(*n.children[0], in));
    default:
      throw std::logic_error("expression: a number was expected of a non-number node");
  }
}

std::string_view eval_label(const Node& n, const Inputs& in) {
  switch (n.kind) {
    case Kind::kLiteral:
      return std::get<std::string>(n.literal);
    case Kind::kName:
      return std::get<std::string>(in.of(n));
    case Kind::kConditional:
      return eval_label(chosen_branch(n, in), in);
    default:
      throw std::logic_error("expression: a label was expected of a non-label node");
  }
}

}  // namespace

Expression::Expression() = default;
Expression::~Expression() = default;
Expression::Expression(Expression&&) noexcept = default;
Expression& Expression::operator=(Expression&&) noexcept = default;

Expression Expression::compile(std::string_view text, const std::vector<Symbol>& symbols,
                               std::vector<Error>* errors, const std::vector<std::string>& other_variables) {
  std::vector<Error> ignored;
  if (errors == nullptr) errors = &ignored;
  Expression result;

  Lexer lexer(text);
  std::vector<Token> tokens = lexer.run();
  Parser parser(text, tokens);
  NodePtr root = parser.parse_all();
  if (!root) {
    errors->push_back(parser.error(lexer.error()));
    return result;
  }

  std::vector<int> used;
  Checker checker(symbols, &used);
  std::optional<ValueType> type = checker.check(*root);
  Explainer explainer(text, symbols, other_variables);
  for (const Problem& p : checker.problems()) errors->push_back(explainer.explain(p));
  if (!type || !checker.problems().empty()) return result;

  std::sort(used.begin(), used.end());
  used.erase(std::unique(used.begin(), used.end()), used.end());
  result.root_ = std::move(root);
  result.type_ = *type;
  result.symbols_ = symbols;
  result.used_ = std::move(used);
  return result;
}

Outcome Expression::evaluate(const int* indices) const {
  if (!root_) throw std::logic_error("evaluating an expression that did not compile");
  Inputs in{symbols_.data(), indices};
  if (type_ == ValueType::kBoolean) return eval_bool(*root_, in);
  if (type_ == ValueType::kNumber) return eval_number(*root_, in);
  return std::string(eval_label(*root_, in));
}

bool is_identifier(const std::string& name) {
  if (name.empty() || !(std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_')) return false;
  return std::all_of(name.begin(), name.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

bool is_reserved_word(const std::string& name) {
  static const std::vector<std::string> kWords = {"true", "false", "and", "or",  "not",
                                                  "in",   "if",    "min", "max", "abs"};
  return std::find(kWords.begin(), kWords.end(), name) != kWords.end();
}

}  // namespace motive::scim::expr
