// Gambit's extensive-form game files (.efg, version 2: what Gambit writes and OpenSpiel's efg_game
// reads) into a game (docs/formats.md, "Gambit .efg"), for the trees today's game format can hold.
//
//   EFG 2 R "Matching pennies, in turn" { "Player 1" "Player 2" }
//   "an optional comment"
//   p "" 1 1 "" { "H" "T" } 0                       a player's node: player, information set, actions
//   c "" 1 "" { "h" 1/2 "t" 1/2 } 0                 a chance node: its actions with probabilities
//   t "" 1 "Player 1 wins" { 1, -1 }                a terminal node: its outcome and payoffs
//
// Nodes come in prefix order (a node, then the subtrees of its actions in turn); a node's last number
// is its outcome (0: none), whose payoffs follow the first time it is named, and payoffs met along a
// play add up. The game format plays the same stages in every history: a tree is imported when, depth
// by depth, every node is of one kind (the same chance distribution, or the same player with the same
// actions) and every play has the same length; any other tree is import.unsupported at the first node
// that differs. Information sets are not kept (the import writes no policies, so every player chooses
// uniformly; a policy added later may read every earlier stage), and that is noted. The reader keeps
// an explicit stack of the open nodes: nothing recurses on the tree's depth.
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "core/text.h"
#include "formats/formats.h"
#include "formats/gambit.h"
#include "formats/readers.h"
#include "formats/source.h"
#include "game/game.h"

namespace motive::formats {
namespace {

// Bounds (import.too_large beyond): plays few enough for the game reader's payoff table (one row a
// play), the game format's steps, and actions at a node.
constexpr std::size_t kMaxPlays = 4096;
constexpr std::size_t kMaxNodes = 4 * kMaxPlays;
constexpr std::size_t kMaxDepth = 64;
constexpr std::size_t kMaxActions = 1000;

using gambit::Lexer;
using gambit::payoff_json;
using gambit::SyntaxError;
using gambit::Tok;
using gambit::Token;

// A node as the file writes it.
struct Node {
  char type = 't';  // 'c', 'p' or 't'
  int player = 0;   // 1-based, for 'p'
  std::vector<std::string> actions;
  std::vector<double> probabilities;  // for 'c'
  std::size_t depth = 0;
  std::vector<double> payoff;     // the payoffs of the play so far, this node's outcome included
  std::vector<std::string> path;  // the action labels that lead here
  Token at;                       // its first token, for diagnostics
};

class EfgReader {
 public:
  EfgReader(const SourceText& source, Diagnostics* d) : source_(source), lexer_(source.text()), d_(d) {}

  std::optional<Imported> read() {
    try {
      advance();
      header();
      tree();
      if (token_.kind != Tok::kEnd) fail("expected the end of the file after the tree");
    } catch (const SyntaxError& e) {
      d_->error("import.syntax", source_.span(e.begin, std::max(e.end, e.begin + 1)), e.message, e.hint);
      return std::nullopt;
    } catch (const Stop&) {
      return std::nullopt;
    }
    return model();
  }

 private:
  struct Stop {};

  void advance() { token_ = lexer_.next(); }
  SourceSpan span(const Token& t) const { return source_.span(t.begin, std::max(t.end, t.begin + 1)); }
  static std::string describe(const Token& t) {
    if (t.kind == Tok::kEnd) return "the end of the file";
    if (t.kind == Tok::kString) return "\"" + t.text + "\"";
    return in_quotes(t.text);
  }
  [[noreturn]] void fail(const std::string& message, const std::string& hint = {}) const {
    throw SyntaxError{token_.begin, token_.end, message + ", not " + describe(token_), hint};
  }
  [[noreturn]] void stop(const std::string& id, const Token& t, const std::string& message,
                         const std::string& hint = {}) {
    d_->error(id, span(t), message, hint);
    throw Stop{};
  }
  void expect(Tok kind, const std::string& what) {
    if (token_.kind != kind) fail("expected " + what);
    advance();
  }
  void string(const std::string& what) {
    if (token_.kind != Tok::kString) fail("expected " + what + " in quotes (it may be \"\")");
    advance();
  }

  // A whole number from `min` to `max`.
  std::size_t whole(const std::string& what, std::size_t min, std::size_t max) {
    if (token_.kind != Tok::kWord) fail("expected " + what);
    std::optional<double> x = parse_decimal(token_.text);
    if (!x || *x != std::floor(*x) || *x < static_cast<double>(min) || *x > 1e15)
      stop("import.bad_number", token_,
           what + " is a whole number from " + std::to_string(min) + ", not " + describe(token_));
    if (*x > static_cast<double>(max))
      stop("import.too_large", token_, what + " is over " + std::to_string(max));
    const auto n = static_cast<std::size_t>(*x);
    advance();
    return n;
  }

  double number(const std::string& what) {
    if (token_.kind != Tok::kWord) fail("expected " + what);
    std::optional<double> x = parse_rational(token_.text);
    if (!x)
      stop("import.bad_number", token_, describe(token_) + " is not a number", "write 3, -1.5, 1e-3 or 2/3");
    advance();
    return *x;
  }

  void header() {
    if (token_.kind != Tok::kWord || token_.text != "EFG")
      fail("a Gambit extensive-form file starts with EFG", "EFG 2 R \"title\" { \"Player 1\" \"Player 2\" }");
    advance();
    if (token_.kind != Tok::kWord || token_.text != "2") {
      if (token_.kind == Tok::kWord && parse_decimal(token_.text))
        stop("import.unsupported", token_, "EFG version " + token_.text + " is not read", "version 2 is");
      fail("expected the version, 2");
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
      players_.push_back(token_.text);
      advance();
    }
    if (players_.empty()) fail("expected the players' names in quotes");
    expect(Tok::kClose, "} after the players' names");
    if (token_.kind == Tok::kString) {
      comment_ = token_.text;
      advance();
    }
  }

  // The payoffs of an outcome: "name" { p1 p2 ... } the first time it is named, or nothing after.
  std::vector<double> outcome(bool terminal) {
    const Token at = token_;
    const std::size_t k = whole("the node's outcome", 0, kMaxNodes);
    if (k == 0) {
      if (token_.kind == Tok::kString && terminal) fail("outcome 0 is no outcome: it has no name or payoffs");
      return std::vector<double>(players_.size(), 0.0);
    }
    if (token_.kind == Tok::kString) {
      advance();
      expect(Tok::kOpen, "{ and the outcome's payoffs");
      std::vector<double> pay;
      while (token_.kind == Tok::kWord && pay.size() < players_.size()) pay.push_back(number("a payoff"));
      if (pay.size() != players_.size())
        fail("expected " + std::to_string(players_.size()) + " payoffs in outcome " + std::to_string(k));
      expect(Tok::kClose, "} after the outcome's payoffs");
      if (outcomes_.count(k) && outcomes_[k] != pay)
        stop("import.duplicate", at, "outcome " + std::to_string(k) + " is given other payoffs than before");
      outcomes_[k] = pay;
    }
    auto it = outcomes_.find(k);
    if (it == outcomes_.end())
      stop("import.undefined", at, "outcome " + std::to_string(k) + " has no payoffs yet",
           "give its name and payoffs the first time a node names it");
    return it->second;
  }

  // The nodes in prefix order, with an explicit stack of how many children each open node still awaits.
  void tree() {
    struct Open {
      std::size_t node;  // index into nodes_
      std::size_t next;  // the next action's index
    };
    std::vector<Open> open;
    do {
      if (nodes_.size() >= kMaxNodes)
        stop("import.too_large", token_, "the tree has more than " + std::to_string(kMaxNodes) + " nodes");
      Node n;
      n.at = token_;
      if (!open.empty()) {
        const Node& parent = nodes_[open.back().node];
        n.depth = parent.depth + 1;
        n.path = parent.path;
        n.path.push_back(parent.actions[open.back().next]);
        n.payoff = parent.payoff;
        ++open.back().next;
      } else {
        n.payoff.assign(players_.size(), 0.0);
      }
      if (n.depth >= kMaxDepth)
        stop("import.too_large", token_,
             "the tree is more than " + std::to_string(kMaxDepth) + " moves deep");
      if (token_.kind != Tok::kWord || (token_.text != "c" && token_.text != "p" && token_.text != "t"))
        fail("expected a node: c (chance), p (player) or t (terminal)");
      n.type = token_.text[0];
      players_move_ = players_move_ || n.type == 'p';
      advance();
      string("the node's name");
      if (n.type == 'p') {
        const Token who = token_;
        n.player = static_cast<int>(whole("the node's player", 0, players_.size()));
        if (n.player == 0)
          stop("import.unsupported", who, "player 0 is chance: write a chance node (c) instead");
      }
      if (n.type != 't') {
        const std::size_t infoset = whole("the node's information set", 1, kMaxNodes);
        const std::pair<int, std::size_t> key{n.type == 'c' ? 0 : n.player, infoset};
        if (token_.kind == Tok::kString) {
          advance();
          expect(Tok::kOpen, "{ and the node's actions");
          while (token_.kind == Tok::kString) {
            if (n.actions.size() >= kMaxActions)
              stop("import.too_large", token_,
                   "a node has at most " + std::to_string(kMaxActions) + " actions");
            const Token label = token_;
            std::string name = token_.text.empty() ? std::to_string(n.actions.size() + 1) : token_.text;
            if (std::find(n.actions.begin(), n.actions.end(), name) != n.actions.end())
              stop("import.duplicate", label, "action " + in_quotes(name) + " is listed twice at this node");
            n.actions.push_back(std::move(name));
            advance();
            if (n.type == 'c') {
              const Token p = token_;
              n.probabilities.push_back(number("the action's probability"));
              if (n.probabilities.back() < 0 || n.probabilities.back() > 1)
                stop("import.bad_probability", p, "a probability lies between 0 and 1");
            }
          }
          if (n.actions.empty()) fail("expected the node's actions in quotes");
          expect(Tok::kClose, "} after the node's actions");
          infosets_[key] = {n.actions, n.probabilities};
        } else {
          // An information set named before may leave out its name and actions.
          auto it = infosets_.find(key);
          if (it == infosets_.end())
            fail("expected the information set's name and the node's actions (its first node gives them)");
          n.actions = it->second.first;
          n.probabilities = it->second.second;
        }
        if (n.type == 'c') {
          double sum = 0;
          for (double p : n.probabilities) sum += p;
          if (std::abs(sum - 1) > 1e-9)
            stop("import.bad_probability", n.at,
                 "the chance node's probabilities add up to " + json_text(OrderedJson(sum)) + ", not 1");
        }
      }
      const std::vector<double> own = outcome(n.type == 't');
      for (std::size_t i = 0; i < own.size(); ++i) n.payoff[i] += own[i];
      nodes_.push_back(std::move(n));
      if (nodes_.back().type != 't') open.push_back({nodes_.size() - 1, 0});
      while (!open.empty() && open.back().next == nodes_[open.back().node].actions.size()) open.pop_back();
    } while (!open.empty());
  }

  // Whether two nodes at one depth can be one stage.
  static bool same_stage(const Node& a, const Node& b) {
    if (a.type != b.type || a.actions != b.actions) return false;
    if (a.type == 'p') return a.player == b.player;
    if (a.type == 'c') return a.probabilities == b.probabilities;
    return true;
  }

  std::optional<Imported> model() {
    // Depth by depth, one kind of node; every play the same length.
    std::vector<const Node*> levels;
    std::size_t plays = 0, length = 0;
    for (const Node& n : nodes_) {
      if (n.type == 't') {
        if (plays == 0) length = n.depth;
        if (n.depth != length) {
          d_->error("import.unsupported", span(n.at),
                    "this play ends after " + std::to_string(n.depth) + " moves, the first after " +
                        std::to_string(length) +
                        ": Motive's game format plays the same stages in every history",
                    "docs/formats.md, \"Gambit .efg\", says which trees import");
          return std::nullopt;
        }
        if (++plays > kMaxPlays) {
          d_->error("import.too_large", span(n.at),
                    "the tree has more than " + std::to_string(kMaxPlays) + " plays");
          return std::nullopt;
        }
        continue;
      }
      if (levels.size() <= n.depth) levels.resize(n.depth + 1, nullptr);
      if (!levels[n.depth]) {
        levels[n.depth] = &n;
      } else if (!same_stage(*levels[n.depth], n)) {
        const Node& first = *levels[n.depth];
        d_->error("import.unsupported", span(n.at),
                  "this node differs from the first at its depth (line " +
                      std::to_string(span(first.at).line) +
                      "): Motive's game format plays the same stages, with the same actions and chances, in "
                      "every history",
                  "docs/formats.md, \"Gambit .efg\", says which trees import");
        return std::nullopt;
      }
    }
    Identifiers ids("player");
    std::vector<std::string> names;
    for (const std::string& p : players_) names.push_back(ids.make(p, &notes_));
    OrderedJson stages = OrderedJson::array();
    std::vector<std::string> variables;
    for (std::size_t d = 0; d < levels.size(); ++d) {
      const Node& n = *levels[d];
      if (n.type == 'c') {
        const std::string name = "chance_" + std::to_string(d + 1);
        OrderedJson chance = OrderedJson::object();
        for (std::size_t k = 0; k < n.actions.size(); ++k) chance[n.actions[k]] = n.probabilities[k];
        stages.push_back({{"name", name}, {"chance", chance}});
        variables.push_back(name);
      } else {
        const std::string& who = names[static_cast<std::size_t>(n.player - 1)];
        const std::string name = "move_" + std::to_string(d + 1);
        stages.push_back({{"name", name}, {"players", {who}}, {"actions", {{"action", n.actions}}}});
        variables.push_back(name + "_" + who);
      }
    }
    if (players_move_ && levels.size() > 1)
      notes_.push_back(
          "information sets are not kept: the import writes no policies, so every player chooses uniformly; "
          "a "
          "policy added to the model may read every earlier stage");
    OrderedJson table = OrderedJson::array();
    for (const Node& n : nodes_) {
      if (n.type != 't') continue;
      OrderedJson given = OrderedJson::object(), pay = OrderedJson::object();
      for (std::size_t d = 0; d < n.path.size(); ++d) given[variables[d]] = n.path[d];
      for (std::size_t i = 0; i < names.size(); ++i) pay[names[i]] = payoff_json(n.payoff[i]);
      table.push_back({{"given", given}, {"payoffs", pay}});
    }
    if (levels.empty()) {
      d_->error("import.unsupported", span(nodes_.front().at),
                "the tree is one terminal node: there is no move to play");
      return std::nullopt;
    }
    OrderedJson model = OrderedJson::object();
    model["kind"] = "game";
    model["title"] = title_.empty() ? "Imported game" : title_;
    if (!comment_.empty()) model["description"] = comment_;
    model["players"] = names;
    model["stages"] = std::move(stages);
    model["payoff_table"] = std::move(table);
    Imported out;
    out.kind = "game";
    out.format = "efg";
    out.model = model_text(model, "Imported from Gambit .efg by motive import (docs/formats.md).");
    out.notes = std::move(notes_);
    return out;
  }

  const SourceText& source_;
  Lexer lexer_;
  Diagnostics* d_;
  Token token_;
  std::string title_, comment_;
  std::vector<std::string> players_;
  std::vector<Node> nodes_;
  std::map<std::size_t, std::vector<double>> outcomes_;
  // Each information set's actions (and a chance node's probabilities), by (player or 0, number).
  std::map<std::pair<int, std::size_t>, std::pair<std::vector<std::string>, std::vector<double>>> infosets_;
  bool players_move_ = false;
  std::vector<std::string> notes_;
};

}  // namespace

std::optional<Imported> read_efg(std::string_view text, Diagnostics* diagnostics) {
  SourceText source(text);
  if (!check_source(source, diagnostics)) return std::nullopt;
  return EfgReader(source, diagnostics).read();
}

}  // namespace motive::formats
