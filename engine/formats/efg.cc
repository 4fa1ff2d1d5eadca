// Gambit's extensive-form game files (.efg, version 2: what Gambit writes and OpenSpiel's efg_game
// reads) into a game (docs/formats.md, "Gambit .efg"): any finite tree, its information sets kept.
//
//   EFG 2 R "Matching pennies, in turn" { "Player 1" "Player 2" }
//   "an optional comment"
//   p "" 1 1 "" { "H" "T" } 0                       a player's node: player, information set, actions
//   c "" 1 "" { "h" 1/2 "t" 1/2 } 0                 a chance node: its actions with probabilities
//   t "" 1 "Player 1 wins" { 1, -1 }                a terminal node: its outcome and payoffs
//
// Nodes come in prefix order (a node, then the subtrees of its actions in turn); a node's last number
// is its outcome (0: none), whose payoffs follow the first time it is named, and payoffs met along a
// play add up. Any finite tree imports: every node gets a level (above its parent's; the nodes of one
// information set share the greatest their parents call for), and the nodes of one level with one
// signature (chance with the same outcomes, one player with the same actions) become one stage, played
// "when" a history reaches one of its nodes (absent where every play does); chance whose odds differ
// by node becomes a chance table, a player's information sets the stage's "information" table, each
// play's payoffs a payoff_table row. No policies are written: every player chooses uniformly, the same
// on every node of an information set. The reader keeps an explicit stack of the open nodes: nothing
// recurses on the tree's depth.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <set>

#include "core/text.h"
#include "formats/formats.h"
#include "formats/gambit.h"
#include "formats/readers.h"
#include "formats/source.h"
#include "game/game.h"
#include "game/user_game.h"

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
  std::vector<double> payoff;  // the payoffs of the play so far, this node's outcome included
  std::ptrdiff_t parent = -1;  // index into the nodes, −1 at the root
  std::size_t edge = 0;        // the parent's action that leads here
  std::size_t infoset = 0;     // its information set's number (the player's; chance nodes: their own)
  std::string infoset_name;    // as the file names it where the set's actions are given
  Token at;                    // its first token, for diagnostics
};

class EfgReader : gambit::Parser {
 public:
  using Parser::Parser;

  std::optional<Imported> read() {
    if (!parse([&] {
          header();
          tree();
          if (token_.kind != Tok::kEnd) fail("expected the end of the file after the tree");
        }))
      return std::nullopt;
    return model();
  }

 private:
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
        n.parent = static_cast<std::ptrdiff_t>(open.back().node);
        n.edge = open.back().next;
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
        n.infoset = infoset;
        const std::pair<int, std::size_t> key{n.type == 'c' ? 0 : n.player, infoset};
        if (token_.kind == Tok::kString) {
          n.infoset_name = token_.text;
          if (auto named = infoset_names_.find(key); named != infoset_names_.end() && n.infoset_name.empty())
            n.infoset_name = named->second;
          infoset_names_[key] = n.infoset_name;
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
          n.infoset_name = infoset_names_[key];
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

  // The histories (of the model's variables) that reach node k: each ancestor's stage variable set to
  // the action taken there.
  OrderedJson reached(std::size_t k) const {
    OrderedJson given = OrderedJson::object();
    std::vector<std::size_t> line;
    for (std::ptrdiff_t n = nodes_[k].parent, child = static_cast<std::ptrdiff_t>(k); n >= 0;
         child = n, n = nodes_[static_cast<std::size_t>(n)].parent)
      line.push_back(static_cast<std::size_t>(child));
    for (auto it = line.rbegin(); it != line.rend(); ++it) {
      const Node& child = nodes_[*it];
      const Node& parent = nodes_[static_cast<std::size_t>(child.parent)];
      given[variable_[static_cast<std::size_t>(child.parent)]] = parent.actions[child.edge];
    }
    return given;
  }

  // Levels: a node's is above its parent's, and the nodes of one player's information set share one
  // (the greatest their parents' call for), found by passes until nothing moves (at most kMaxDepth
  // levels, so at most kMaxDepth + 1 passes change anything). False after import.unsupported.
  bool place(std::vector<std::size_t>* level) {
    std::map<std::pair<int, std::size_t>, std::size_t> set_level;
    level->assign(nodes_.size(), 0);
    for (std::size_t pass = 0;; ++pass) {
      bool moved = false;
      for (std::size_t k = 0; k < nodes_.size(); ++k) {
        const Node& n = nodes_[k];
        if (n.type == 't') continue;  // a play's end is no stage
        std::size_t l = n.parent < 0 ? 0 : (*level)[static_cast<std::size_t>(n.parent)] + 1;
        if (n.type == 'p') {
          std::size_t& shared = set_level[{n.player, n.infoset}];
          shared = std::max(shared, l);
          l = shared;
        }
        if (l > (*level)[k]) moved = true;
        (*level)[k] = std::max((*level)[k], l);
        if ((*level)[k] >= kMaxDepth) {
          d_->error("import.unsupported", span(n.at),
                    "this node's information set cannot be placed at one level of at most " +
                        std::to_string(kMaxDepth) + " stages (a set that holds a node and its descendant?)",
                    "docs/formats.md, \"Gambit .efg\", says which trees import");
          return false;
        }
      }
      if (!moved || pass > kMaxDepth + 1) return true;
    }
  }

  std::optional<Imported> model() {
    std::size_t plays = 0;
    for (const Node& n : nodes_) {
      if (n.type == 't' && ++plays > kMaxPlays) {
        d_->error("import.too_large", span(n.at),
                  "the tree has more than " + std::to_string(kMaxPlays) + " plays");
        return std::nullopt;
      }
    }
    if (nodes_.front().type == 't') {
      d_->error("import.unsupported", span(nodes_.front().at),
                "the tree is one terminal node: there is no move to play");
      return std::nullopt;
    }
    std::vector<std::size_t> level;
    if (!place(&level)) return std::nullopt;
    // The plays below each node, to tell the stages every play meets (they need no "when").
    std::vector<std::size_t> below(nodes_.size(), 0);
    for (std::size_t k = nodes_.size(); k-- > 0;) {
      if (nodes_[k].type == 't') below[k] = 1;
      if (nodes_[k].parent >= 0) below[static_cast<std::size_t>(nodes_[k].parent)] += below[k];
    }
    // Stages, level by level: the nodes of one level with one signature (chance with the same outcomes,
    // or one player with the same actions), in the order they first appear.
    struct Stage {
      std::size_t level;
      const Node* first;
      std::vector<std::size_t> nodes;
    };
    std::vector<Stage> stages;
    std::map<std::tuple<std::size_t, int, std::vector<std::string>>, std::size_t> by_signature;
    for (std::size_t k = 0; k < nodes_.size(); ++k) {
      const Node& n = nodes_[k];
      if (n.type == 't') continue;
      const auto key = std::make_tuple(level[k], n.type == 'c' ? 0 : n.player, n.actions);
      auto [it, added] = by_signature.emplace(key, stages.size());
      if (added) stages.push_back({level[k], &n, {}});
      stages[it->second].nodes.push_back(k);
    }
    std::stable_sort(stages.begin(), stages.end(),
                     [](const Stage& a, const Stage& b) { return a.level < b.level; });
    if (stages.size() > kMaxDepth) {
      d_->error("import.too_large", span(nodes_.front().at),
                "the tree maps onto " + std::to_string(stages.size()) + " stages, more than " +
                    std::to_string(kMaxDepth));
      return std::nullopt;
    }
    Identifiers ids("player");
    std::vector<std::string> names;
    for (const std::string& p : players_) names.push_back(ids.make(p, &notes_));
    // Names: move_<level> or chance_<level>, with a letter where a level holds several stages.
    std::map<std::size_t, std::size_t> at_level, seen_at_level;
    for (const Stage& st : stages) ++at_level[st.level];
    variable_.assign(nodes_.size(), std::string());
    std::vector<std::string> stage_names;
    double histories = 1;
    for (Stage& st : stages) {
      const std::size_t nth = seen_at_level[st.level]++;
      std::string name = (st.first->type == 'c' ? "chance_" : "move_") + std::to_string(st.level + 1);
      if (at_level[st.level] > 1) name += static_cast<char>('a' + std::min<std::size_t>(nth, 25));
      if (at_level[st.level] > 26) name += std::to_string(nth);
      stage_names.push_back(name);
      const std::string variable =
          st.first->type == 'c' ? name : name + "_" + names[static_cast<std::size_t>(st.first->player - 1)];
      for (std::size_t k : st.nodes) variable_[k] = variable;
      std::size_t reaching = 0;
      for (std::size_t k : st.nodes) reaching += below[k];
      histories *= static_cast<double>(st.first->actions.size() + (reaching < plays ? 1 : 0));
    }
    if (histories > static_cast<double>(game::kMaxGameHistories)) {
      d_->error("import.too_large", span(nodes_.front().at),
                "the tree maps onto " + std::to_string(stages.size()) +
                    " stages whose histories (every stage's actions, and unset where it is skipped) number " +
                    (histories < 1e18 ? std::to_string(static_cast<long long>(histories))
                                      : std::string("over 10^18")) +
                    ", more than the game format's " + std::to_string(game::kMaxGameHistories),
                "docs/formats.md, \"Gambit .efg\", says which trees import");
      return std::nullopt;
    }
    OrderedJson out_stages = OrderedJson::array();
    bool hidden = false;
    for (std::size_t si = 0; si < stages.size(); ++si) {
      const Stage& st = stages[si];
      const Node& first = *st.first;
      OrderedJson stage = OrderedJson::object();
      stage["name"] = stage_names[si];
      std::size_t reaching = 0;
      for (std::size_t k : st.nodes) reaching += below[k];
      if (reaching < plays) {
        OrderedJson rows = OrderedJson::array();
        for (std::size_t k : st.nodes) rows.push_back({{"given", reached(k)}});
        stage["when"] = {{"table", rows}};
      }
      if (first.type == 'c') {
        bool same = true;
        for (std::size_t k : st.nodes) same = same && nodes_[k].probabilities == first.probabilities;
        auto cpd = [&](const Node& n) {
          OrderedJson c = OrderedJson::object();
          for (std::size_t a = 0; a < n.actions.size(); ++a) c[n.actions[a]] = n.probabilities[a];
          return c;
        };
        if (same) {
          stage["chance"] = cpd(first);
        } else {
          OrderedJson rows = OrderedJson::array();
          for (std::size_t k : st.nodes) rows.push_back({{"given", reached(k)}, {"cpd", cpd(nodes_[k])}});
          stage["chance"] = {{"table", rows}};
        }
      } else {
        const std::string& who = names[static_cast<std::size_t>(first.player - 1)];
        stage["players"] = {who};
        stage["actions"] = {{"action", first.actions}};
        // The player's information sets: the default (the whole history) where each is one node.
        std::map<std::size_t, std::size_t> members;
        for (std::size_t k : st.nodes) ++members[nodes_[k].infoset];
        bool singletons = true;
        for (const auto& [set, count] : members) singletons = singletons && count == 1;
        if (!singletons) {
          hidden = true;
          // A set's label: its name in the file, or its number; a name two sets share gets the number.
          std::map<std::string, std::size_t> named;
          for (const auto& [set, count] : members) {
            for (std::size_t k : st.nodes) {
              if (nodes_[k].infoset == set) {
                ++named[nodes_[k].infoset_name];
                break;
              }
            }
          }
          OrderedJson rows = OrderedJson::array();
          for (std::size_t k : st.nodes) {
            const Node& n = nodes_[k];
            std::string label = n.infoset_name.empty() || named[n.infoset_name] > 1
                                    ? "set " + std::to_string(n.infoset) +
                                          (n.infoset_name.empty() ? "" : " (" + n.infoset_name + ")")
                                    : n.infoset_name;
            rows.push_back({{"given", reached(k)}, {"set", label}});
          }
          stage["information"] = {{who, {{"table", rows}}}};
        }
      }
      out_stages.push_back(std::move(stage));
    }
    if (hidden)
      notes_.push_back(
          "information sets are kept as the stages' \"information\"; the import writes no policies, so every "
          "player chooses uniformly, which is the same on every node of a set");
    OrderedJson table = OrderedJson::array();
    for (std::size_t k = 0; k < nodes_.size(); ++k) {
      const Node& n = nodes_[k];
      if (n.type != 't') continue;
      OrderedJson pay = OrderedJson::object();
      for (std::size_t i = 0; i < names.size(); ++i) pay[names[i]] = payoff_json(n.payoff[i]);
      table.push_back({{"given", reached(k)}, {"payoffs", pay}});
    }
    OrderedJson model = OrderedJson::object();
    model["kind"] = "game";
    model["title"] = title_.empty() ? "Imported game" : title_;
    if (!comment_.empty()) model["description"] = comment_;
    model["players"] = names;
    model["stages"] = std::move(out_stages);
    model["payoff_table"] = std::move(table);
    Imported out;
    out.kind = "game";
    out.format = "efg";
    out.model = model_text(model, "Imported from Gambit .efg by motive import (docs/formats.md).");
    out.notes = std::move(notes_);
    return out;
  }

  std::string title_, comment_;
  std::vector<std::string> players_;
  std::vector<Node> nodes_;
  std::vector<std::string> variable_;  // per node: the variable its stage sets
  std::map<std::size_t, std::vector<double>> outcomes_;
  // Each information set's actions (and a chance node's probabilities), by (player or 0, number).
  std::map<std::pair<int, std::size_t>, std::pair<std::vector<std::string>, std::vector<double>>> infosets_;
  std::map<std::pair<int, std::size_t>, std::string> infoset_names_;
  std::vector<std::string> notes_;
};

}  // namespace

std::optional<Imported> read_efg(std::string_view text, Diagnostics* diagnostics) {
  SourceText source(text);
  if (!check_source(source, diagnostics)) return std::nullopt;
  return EfgReader(source, diagnostics).read();
}

}  // namespace motive::formats
