// Helpers of the adventure suites: reading the test games and small games written inline.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "adventure/adventure.h"

namespace motive::adventure::testing {

// A game's text: from examples/adventures/ (the gallery's games, once the page shows adventures) or
// tests/engine/adventures/.
inline std::string adventure_text(const std::string& file) {
  const std::filesystem::path root(MOTIVE_SOURCE_DIR);
  std::filesystem::path path = root / "examples" / "adventures" / file;
  if (!std::filesystem::exists(path)) path = root / "tests" / "engine" / "adventures" / file;
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

inline std::string problems_of(const Diagnostics& d) {
  std::string out;
  for (const Diagnostic& x : d.items())
    out += x.id + " " + std::to_string(x.span.line) + ":" + std::to_string(x.span.column) + " " + x.message +
           "\n";
  return out;
}

// The game, which must read without problems.
inline Adventure read_ok(const std::string& text) {
  Diagnostics d;
  std::optional<Adventure> game = read_adventure(text, &d);
  EXPECT_TRUE(game.has_value()) << problems_of(d);
  return game ? std::move(*game) : Adventure{};
}

inline Adventure tiny() { return read_ok(adventure_text("tiny.jsonc")); }

// `text` with the first `from` replaced by `to`.
inline std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

}  // namespace motive::adventure::testing
