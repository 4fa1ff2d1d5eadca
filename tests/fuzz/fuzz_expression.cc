// A fuzz target for the expression language (engine/scim/expression.h): any text is compiled against
// symbols of every outcome type; an expression that compiles is evaluated for every assignment of
// its inputs. Compiling never throws and fails only with located errors; evaluating throws nothing
// but std::domain_error (a runtime error such as a division by zero, which the reader reports).
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_checks.h"
#include "scim/expression.h"

namespace {

using motive::scim::expr::Symbol;

const std::vector<Symbol>& symbols() {
  static const std::vector<Symbol> list = {
      {"x", {0.0, 1.0, 2.5}},
      {"neg", {-1e308, -0.0, 1e308}},
      {"flag", {true, false}},
      {"colour", {std::string("red"), std::string("green"), std::string("p")}},
      {"noise", {std::string("n0"), std::string("n1")}}};
  return list;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<motive::scim::expr::Error> errors;
  motive::scim::expr::Expression e =
      motive::scim::expr::Expression::compile(text, symbols(), &errors, {"Other", "Elsewhere"});
  if (!e.ok()) {
    if (errors.empty()) motive::fuzz::broken("an expression failed to compile without an error");
    for (const motive::scim::expr::Error& err : errors)
      if (err.id.empty() || err.begin > err.end || err.end > size + 1)
        motive::fuzz::broken("a compile error without an id or outside the text: " + err.id);
    return 0;
  }
  std::vector<int> indices(symbols().size(), 0);
  while (true) {
    try {
      e.evaluate(indices.data());
    } catch (const std::domain_error&) {
      // A runtime error in words, which the reader turns into expr.runtime_error.
    }
    std::size_t i = 0;
    while (i < indices.size() && ++indices[i] == static_cast<int>(symbols()[i].domain.size()))
      indices[i++] = 0;
    if (i == indices.size()) break;
  }
  return 0;
}
