// The expression language of structural functions and decision rules (docs/format.md, "Expressions").
//
// An expression is compiled once against the symbols it may read (a variable's parents and its own
// exogenous noise, called `noise`), type-checked, and then evaluated for any assignment of outcome
// indices to those symbols. The engine evaluates each expression for every combination of its inputs
// when a model is built and keeps only the resulting table, so evaluation speed here matters little;
// precise, friendly errors matter a lot.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "scim/outcome.h"

namespace motive::scim::expr {

// A name the expression may read, with the outcomes it can take.
struct Symbol {
  std::string name;
  Domain domain;
};

// A compile error, located by byte offsets into the expression text ([begin, end)).
struct Error {
  std::string id;  // "expr.syntax", "expr.unknown_name", "expr.unknown_outcome", "expr.type_mismatch"
  std::size_t begin = 0;
  std::size_t end = 0;
  std::string message;
  std::string hint;
};

struct Node;

class Expression {
 public:
  // Compiles `text` against `symbols`. On failure returns an Expression with ok() == false and
  // appends at least one error to `errors`. `other_variables` are names of model variables that are
  // not symbols here; referring to one gives a hint to add it to the parents.
  static Expression compile(std::string_view text, const std::vector<Symbol>& symbols,
                            std::vector<Error>* errors, const std::vector<std::string>& other_variables = {});

  bool ok() const { return root_ != nullptr; }
  ValueType type() const { return type_; }

  // Evaluates with symbol i taking outcome symbols[i].domain[indices[i]]. Throws std::domain_error
  // (message in plain words) on a runtime error such as division by zero.
  Outcome evaluate(const int* indices) const;

  // Indices of the symbols the expression reads.
  const std::vector<int>& used_symbols() const { return used_; }

  Expression();
  ~Expression();
  Expression(Expression&&) noexcept;
  Expression& operator=(Expression&&) noexcept;

 private:
  std::unique_ptr<Node> root_;
  ValueType type_ = ValueType::kNumber;
  std::vector<Symbol> symbols_;
  std::vector<int> used_;
};

// Whether `name` can be written in an expression: a letter or _, then letters, digits and _.
bool is_identifier(const std::string& name);
// Whether `name` is one of the expression language's own words (true, and, min, ...), which cannot
// name what an expression refers to.
bool is_reserved_word(const std::string& name);

}  // namespace motive::scim::expr
