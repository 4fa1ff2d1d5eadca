// Gambit's normal-form game files (.nfg, version 1: what Gambit writes and OpenSpiel's nfg_game reads)
// into a game (docs/formats.md, "Gambit .nfg").
//
//   NFG 1 R "Prisoner's dilemma" { "Row" "Column" } { 2 2 }            strategies by count, or
//   NFG 1 R "Prisoner's dilemma" { "Row" "Column" } { { "C" "D" } { "C" "D" } }   by name
//   "an optional comment"
//   3 3  0 5  5 0  1 1                     the payoffs of every profile, or outcomes and their indices:
//   { { "both cooperate" 3, 3 } { "" 0 5 } ... }  1 2 3 4
//
// Profiles are listed with the first player's strategy varying fastest; an outcome index of 0 is the
// null outcome (every payoff 0). The game has one simultaneous stage when every player has the same
// strategies; otherwise (today's game format gives one set of actions per stage) one stage per player,
// in the players' order, and since the import writes no policies the players still choose without
// seeing each other. The lexer walks the text once and nothing nests beyond the fixed grammar.
#include <algorithm>
#include <cmath>
#include <set>

#include "core/text.h"
#include "formats/formats.h"
#include "formats/gambit.h"
#include "formats/readers.h"
#include "formats/source.h"
#include "game/game.h"

namespace motive::formats {
namespace {

// Bounds (import.too_large beyond): the game format's players, and profiles few enough that the game's
// reader matches its payoff table quickly (each profile is one row).
constexpr std::size_t kMaxStrategies = 1000;
constexpr std::size_t kMaxProfiles = 4096;

using gambit::Lexer;
using gambit::payoff_json;
using gambit::SyntaxError;
using gambit::Tok;
using gambit::Token;

struct Player {
  std::string name;  // as the file writes it
  SourceSpan span;
  std::vector<std::string> strategies;
};

class NfgReader : gambit::Parser {
 public:
  using Parser::Parser;

  std::optional<Imported> read() {
    if (!parse([&] {
          header();
          payoffs();
          if (token_.kind != Tok::kEnd) fail("expected the end of the file after the payoffs");
        }))
      return std::nullopt;
    return model();
  }

 private:
  // A whole number in [1, max] (a count or an outcome index from 0 when `zero` is allowed).
  std::size_t whole(const std::string& what, std::size_t max, bool zero = false) {
    if (token_.kind != Tok::kWord) fail("expected " + what);
    std::optional<double> x = parse_decimal(token_.text);
    // Whole before any cast (1e308 is a whole double no integer type holds).
    if (!x || !std::isfinite(*x) || *x != std::floor(*x) || *x < (zero ? 0 : 1))
      stop("import.bad_number", token_,
           what + " is a whole number" + (zero ? "" : " from 1") + ", not " + describe(token_));
    if (*x > static_cast<double>(max))
      stop("import.too_large", token_, what + " is over " + std::to_string(max));
    const auto n = static_cast<std::size_t>(*x);
    advance();
    return n;
  }

  double payoff() {
    if (token_.kind != Tok::kWord) fail("expected a payoff (a number such as 3, -1.5 or 2/3)");
    std::optional<double> x = parse_rational(token_.text);
    if (!x)
      stop("import.bad_number", token_, describe(token_) + " is not a number", "write 3, -1.5, 1e-3 or 2/3");
    advance();
    return *x;
  }

  void header() {
    if (token_.kind != Tok::kWord || token_.text != "NFG")
      fail("a Gambit normal-form file starts with NFG",
           "NFG 1 R \"title\" { \"Player 1\" \"Player 2\" } { 2 2 }");
    advance();
    if (token_.kind != Tok::kWord || token_.text != "1") {
      if (token_.kind == Tok::kWord && parse_decimal(token_.text))
        stop("import.unsupported", token_, "NFG version " + token_.text + " is not read", "version 1 is");
      fail("expected the version, 1");
    }
    advance();
    if (token_.kind != Tok::kWord || (token_.text != "R" && token_.text != "D"))
      fail("expected R (rational payoffs) or D (decimal)");
    advance();
    if (token_.kind != Tok::kString) fail("expected the game's title in quotes");
    title_ = token_.text;
    advance();
    expect(Tok::kOpen, "{ and the players' names");
    while (token_.kind == Tok::kString) {
      if (players_.size() >= static_cast<std::size_t>(game::kMaxPlayers))
        stop("import.too_large", token_,
             "a game has at most " + std::to_string(game::kMaxPlayers) + " players (Motive's game format)");
      players_.push_back({token_.text, span(token_), {}});
      advance();
    }
    if (players_.empty()) fail("expected the players' names in quotes");
    expect(Tok::kClose, "} after the players' names");
    expect(Tok::kOpen, "{ and the players' strategies (counts, or lists of names)");
    for (Player& p : players_) {
      const Token at = token_;
      if (token_.kind == Tok::kOpen) {
        advance();
        while (token_.kind == Tok::kString) {
          if (p.strategies.size() >= kMaxStrategies)
            stop("import.too_large", token_,
                 "a player has at most " + std::to_string(kMaxStrategies) + " strategies");
          p.strategies.push_back(token_.text);
          advance();
        }
        if (p.strategies.empty()) fail("expected the strategies of " + in_quotes(p.name) + " in quotes");
        expect(Tok::kClose, "} after the strategies of " + in_quotes(p.name));
      } else {
        const std::size_t n = whole("the number of strategies of " + in_quotes(p.name), kMaxStrategies);
        for (std::size_t k = 1; k <= n; ++k) p.strategies.push_back(std::to_string(k));
      }
      if (profiles_ > kMaxProfiles / p.strategies.size())
        stop("import.too_large", at,
             "the game has more than " + std::to_string(kMaxProfiles) + " strategy profiles",
             "Motive imports normal forms of at most " + std::to_string(kMaxProfiles) + " profiles");
      profiles_ *= p.strategies.size();
    }
    expect(Tok::kClose, "} after the strategies");
    if (token_.kind == Tok::kString) {
      comment_ = token_.text;
      advance();
    }
  }

  void payoffs() {
    const std::size_t n = players_.size();
    values_.assign(profiles_ * n, 0.0);
    if (token_.kind != Tok::kOpen) {
      // The payoffs of every profile, each player's in turn.
      for (std::size_t i = 0; i < profiles_ * n; ++i) {
        if (token_.kind != Tok::kWord)
          fail("expected " + std::to_string(profiles_ * n) + " payoffs (" + std::to_string(profiles_) +
               " profiles of " + std::to_string(n) + " players); this is payoff " + std::to_string(i + 1));
        values_[i] = payoff();
      }
      return;
    }
    // Outcomes, then each profile's outcome index.
    advance();
    std::vector<std::vector<double>> outcomes;
    while (token_.kind == Tok::kOpen) {
      if (outcomes.size() >= kMaxProfiles)
        stop("import.too_large", token_, "a game has at most " + std::to_string(kMaxProfiles) + " outcomes");
      advance();
      if (token_.kind != Tok::kString) fail("expected the outcome's name in quotes (it may be \"\")");
      advance();
      std::vector<double> pay;
      while (token_.kind == Tok::kWord && pay.size() < n) pay.push_back(payoff());
      if (pay.size() != n)
        fail("expected " + std::to_string(n) + " payoffs in outcome " + std::to_string(outcomes.size() + 1));
      expect(Tok::kClose, "} after the outcome's " + std::to_string(n) + " payoffs");
      outcomes.push_back(std::move(pay));
    }
    expect(Tok::kClose, "} after the outcomes");
    for (std::size_t i = 0; i < profiles_; ++i) {
      if (token_.kind != Tok::kWord)
        fail("expected " + std::to_string(profiles_) + " outcome indices, one per profile; this is index " +
             std::to_string(i + 1));
      const Token at = token_;
      const std::size_t k = whole("an outcome index", kMaxProfiles, true);
      if (k > outcomes.size())
        stop("import.undefined", at, "outcome " + std::to_string(k) + " is not defined",
             "the file defines " + std::to_string(outcomes.size()) + " outcomes (0 is the null outcome)");
      if (k > 0) std::copy(outcomes[k - 1].begin(), outcomes[k - 1].end(), values_.begin() + i * n);
    }
  }

  // Strategy names as choices: distinct, non-empty labels (a change noted).
  std::vector<std::string> labels(const Player& p, const std::string& id) {
    std::vector<std::string> out;
    std::set<std::string> seen;
    for (std::size_t k = 0; k < p.strategies.size(); ++k) {
      std::string label = p.strategies[k].empty() ? std::to_string(k + 1) : p.strategies[k];
      if (seen.count(label)) label += "_" + std::to_string(k + 1);
      if (label != p.strategies[k])
        notes_.push_back("strategy " + std::to_string(k + 1) + " of " + in_quotes(id) + " is named " +
                         in_quotes(label) +
                         (p.strategies[k].empty() ? " (it had no name)" : " (its name was taken)"));
      seen.insert(label);
      out.push_back(label);
    }
    return out;
  }

  std::optional<Imported> model() {
    const std::size_t n = players_.size();
    Identifiers ids("player");
    std::vector<std::string> names;
    for (const Player& p : players_) names.push_back(ids.make(p.name, &notes_));
    std::vector<std::vector<std::string>> choices;
    for (std::size_t i = 0; i < n; ++i) choices.push_back(labels(players_[i], names[i]));
    const bool shared =
        std::all_of(choices.begin(), choices.end(), [&](const auto& c) { return c == choices[0]; });
    OrderedJson stages = OrderedJson::array();
    std::vector<std::string> variables;  // each player's choice, as the game's expressions name it
    if (shared) {
      stages.push_back({{"name", "play"},
                        {"players", names},
                        {"order", "simultaneous"},
                        {"actions", {{"strategy", choices[0]}}}});
      for (const std::string& id : names) variables.push_back("play_" + id);
    } else {
      for (std::size_t i = 0; i < n; ++i) {
        stages.push_back(
            {{"name", "play_" + names[i]}, {"players", {names[i]}}, {"actions", {{"strategy", choices[i]}}}});
        variables.push_back("play_" + names[i] + "_" + names[i]);
      }
      notes_.push_back(
          "the players' strategies differ, and a stage of Motive's game format gives every player the same "
          "actions: each player chooses in a stage of its own, in order; the players do not see each other's "
          "choices as long as no policy reads an earlier stage");
    }
    OrderedJson table = OrderedJson::array();
    std::vector<std::size_t> profile(n, 0);
    for (std::size_t index = 0; index < profiles_; ++index) {
      OrderedJson given = OrderedJson::object(), pay = OrderedJson::object();
      for (std::size_t i = 0; i < n; ++i) {
        given[variables[i]] = choices[i][profile[i]];
        pay[names[i]] = payoff_json(values_[index * n + i]);
      }
      table.push_back({{"given", given}, {"payoffs", pay}});
      for (std::size_t i = 0; i < n && ++profile[i] == choices[i].size(); ++i) profile[i] = 0;
    }
    OrderedJson model = OrderedJson::object();
    model["kind"] = "game";
    model["title"] = title_.empty() ? "Imported game" : title_;
    // (A game file has no "source" field: the origin is the comment line model_text writes.)
    if (!comment_.empty()) model["description"] = comment_;
    model["players"] = names;
    model["stages"] = std::move(stages);
    model["payoff_table"] = std::move(table);
    Imported out;
    out.kind = "game";
    out.format = "nfg";
    out.model = model_text(model, "Imported from Gambit .nfg by motive import (docs/formats.md).");
    out.notes = std::move(notes_);
    return out;
  }

  std::string title_, comment_;
  std::vector<Player> players_;
  std::size_t profiles_ = 1;
  std::vector<double> values_;
  std::vector<std::string> notes_;
};

}  // namespace

std::optional<Imported> read_nfg(std::string_view text, Diagnostics* diagnostics) {
  SourceText source(text);
  if (!check_source(source, diagnostics)) return std::nullopt;
  return NfgReader(source, diagnostics).read();
}

}  // namespace motive::formats
