#include "game/tree.h"

#include <cmath>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/diagnostics.h"
#include "game/methods.h"

namespace motive::game {
namespace {

using nlohmann::json;

std::unique_ptr<State> state_of(const GameModel& model, const Params& params) {
  return model.state(params.get("state").is_string() ? params.string("state") : std::string());
}

json player_names(const Game& game) {
  json out = json::array();
  for (int i = 0; i < game.num_players(); ++i) out.push_back(game.player_name(i));
  return out;
}

// A policy's probability of each of `space`'s actions (by index), or an empty list when the policy
// has too many actions to list exactly.
std::vector<double> policy_probabilities(const Game& game, const State& s, int player,
                                         const ActionSpace& space) {
  const ListedDistribution listed = listed_distribution(game.policy(player), s, player);
  if (!listed.exact) return {};
  std::vector<double> out(static_cast<std::size_t>(space.size()), 0.0);
  for (const auto& [action, p] : listed.actions) out[static_cast<std::size_t>(space.encode(action))] = p;
  return out;
}

[[noreturn]] void too_large(const std::string& what, std::int64_t budget, const char* raise) {
  throw RequestError("analysis.budget_exceeded",
                     what + " has more than " + std::to_string(budget) + " " + raise,
                     "give a later state (\"state\"), or raise max_nodes");
}

// One node waiting to be written: the state, and for a simultaneous move the actions the earlier
// acting players have chosen (its `level`-th acting player chooses next).
struct Pending {
  std::unique_ptr<State> state;
  int parent = -1;
  int depth = 0;
  std::string edge;
  double probability = NAN;  // NaN: not known (a policy too large to list)
  int level = 0;
  std::vector<Action> chosen;
  std::vector<double> paid;
  double discount = 1;
};

}  // namespace

json game_tree_analysis(const GameModel& model, const Params& params, Context& context) {
  const Game& game = *model.game;
  const int players = game.num_players();
  const std::int64_t max_nodes = params.integer("max_nodes");
  std::unique_ptr<State> root = state_of(model, params);
  const std::string root_text = root->serialise();
  json nodes = json::array();
  std::map<std::pair<int, std::string>, int> set_index;  // (player, what it knows) → information set
  json sets = json::array();
  std::vector<Pending> stack;
  stack.push_back({std::move(root), -1, 0, "", NAN, 0, {}, std::vector<double>(players, 0.0), 1.0});
  std::vector<double> reward(players);
  while (!stack.empty()) {
    Pending p = std::move(stack.back());
    stack.pop_back();
    const int id = static_cast<int>(nodes.size());
    if (id >= max_nodes) too_large("the game tree below this state", max_nodes, "nodes (max_nodes)");
    if (id % 64 == 0) context.report(static_cast<double>(id) / static_cast<double>(max_nodes));
    json node = {{"id", id}, {"parent", p.parent}, {"depth", p.depth}};
    if (p.parent >= 0) {
      node["edge"] = p.edge;
      node["probability"] = std::isnan(p.probability) ? json(nullptr) : json(p.probability);
    }
    const State& s = *p.state;
    std::vector<Pending> children;
    if (s.type() == NodeType::kTerminal) {
      node["type"] = "terminal";
      json returns = json::array();
      for (double x : p.paid) returns.push_back(number_json(x));
      node["returns"] = returns;
    } else if (s.type() == NodeType::kChance) {
      node["type"] = "chance";
      const int outcomes = s.num_chance_outcomes();
      if (outcomes > max_nodes - id - 1)
        too_large("the game tree below this state", max_nodes, "nodes (max_nodes)");
      for (int k = 0; k < outcomes; ++k) {
        std::unique_ptr<State> next = s.clone();
        std::fill(reward.begin(), reward.end(), 0.0);
        next->apply_chance(k, reward.data());
        std::vector<double> paid = p.paid;
        for (int i = 0; i < players; ++i) paid[i] += p.discount * reward[i];
        children.push_back({std::move(next),
                            id,
                            p.depth + 1,
                            s.chance_label(k),
                            s.chance_probability(k),
                            0,
                            {},
                            std::move(paid),
                            p.discount});
      }
    } else {
      int acting[kMaxPlayers];
      const int n = s.acting(acting);
      const int player = acting[p.level];
      const ActionSpace space = s.legal_actions(player);
      if (space.size() > max_nodes - id - 1)
        too_large("the game tree below this state", max_nodes, "nodes (max_nodes)");
      node["type"] = "decision";
      node["player"] = game.player_name(player);
      const auto key = std::make_pair(player, s.information(player));
      auto found = set_index.find(key);
      if (found == set_index.end()) {
        found = set_index.emplace(key, static_cast<int>(sets.size())).first;
        sets.push_back(
            {{"id", found->second}, {"player", game.player_name(player)}, {"nodes", json::array()}});
      }
      node["information_set"] = found->second;
      sets[found->second]["nodes"].push_back(id);
      const std::vector<double> probabilities = policy_probabilities(game, s, player, space);
      for (std::int64_t index = 0; index < space.size(); ++index) {
        const Action action = space.decode(index);
        std::vector<Action> chosen = p.chosen;
        chosen.push_back(action);
        const double probability =
            probabilities.empty() ? NAN : probabilities[static_cast<std::size_t>(index)];
        if (p.level + 1 < n) {
          children.push_back({s.clone(), id, p.depth + 1, space.label(action), probability, p.level + 1,
                              std::move(chosen), p.paid, p.discount});
          continue;
        }
        std::unique_ptr<State> next = s.clone();
        std::fill(reward.begin(), reward.end(), 0.0);
        next->apply_actions(chosen.data(), reward.data());
        std::vector<double> paid = p.paid;
        for (int i = 0; i < players; ++i) paid[i] += p.discount * reward[i];
        children.push_back({std::move(next),
                            id,
                            p.depth + 1,
                            space.label(action),
                            probability,
                            0,
                            {},
                            std::move(paid),
                            p.discount * game.discount()});
      }
    }
    nodes.push_back(std::move(node));
    // Depth first, children in order: the list reads as the tree drawn top to bottom.
    for (auto it = children.rbegin(); it != children.rend(); ++it) stack.push_back(std::move(*it));
  }
  return {{"players", player_names(game)},
          {"state", root_text},
          {"discount", game.discount()},
          {"nodes", nodes},
          {"information_sets", sets}};
}

json payoff_table_analysis(const GameModel& model, const Params& params, Context& context) {
  const Game& game = *model.game;
  const std::int64_t max_nodes = params.integer("max_nodes");
  std::unique_ptr<State> s = state_of(model, params);
  if (s->type() != NodeType::kDecision)
    throw RequestError("request.not_a_decision",
                       std::string("a payoff table is of the players acting at a state, but at this state ") +
                           (s->type() == NodeType::kChance ? "chance moves next" : "the game is over"),
                       "give a state where a player acts (\"state\")");
  int acting[kMaxPlayers];
  const int n = s->acting(acting);
  std::vector<ActionSpace> spaces;
  json names = json::array(), labels = json::array(), probabilities = json::array();
  double cells = 1;
  for (int a = 0; a < n; ++a) {
    spaces.push_back(s->legal_actions(acting[a]));
    cells *= static_cast<double>(spaces.back().size());
    names.push_back(game.player_name(acting[a]));
  }
  if (cells > static_cast<double>(kMaxPayoffCells))
    throw RequestError("analysis.budget_exceeded",
                       "the acting players have more than " + std::to_string(kMaxPayoffCells) +
                           " joint actions here: too many for a payoff table",
                       "give a state with fewer joint actions (\"state\")");
  for (int a = 0; a < n; ++a) {
    json row = json::array();
    for (std::int64_t k = 0; k < spaces[a].size(); ++k) row.push_back(spaces[a].label(spaces[a].decode(k)));
    labels.push_back(row);
    const std::vector<double> p = policy_probabilities(game, *s, acting[a], spaces[a]);
    probabilities.push_back(p.empty() ? json(nullptr) : json(p));
  }
  json out_cells = json::array();
  std::int64_t nodes = 0;
  const auto total = static_cast<std::int64_t>(cells);
  std::vector<std::int64_t> index(n, 0);  // the joint action, mixed radix, the last player fastest
  for (std::int64_t c = 0; c < total; ++c) {
    std::vector<Fixed> fixed;
    json which = json::array();
    for (int a = 0; a < n; ++a) {
      fixed.push_back({acting[a], 0, spaces[a].decode(index[a])});
      which.push_back(index[a]);
    }
    const Exact exact = exact_moments(game, *s, 1, fixed, max_nodes, &context);
    if (!exact.complete)
      too_large("the tree below one joint action", max_nodes, "nodes (max_nodes) to enumerate exactly");
    nodes += exact.nodes;
    json expected = json::array();
    for (double x : exact.mean) expected.push_back(number_json(x));
    out_cells.push_back({{"actions", which}, {"expected", expected}});
    for (int a = n - 1; a >= 0; --a) {
      if (++index[a] < spaces[a].size()) break;
      index[a] = 0;
    }
    context.report(static_cast<double>(c + 1) / static_cast<double>(total));
  }
  return {{"players", player_names(game)},  {"state", s->serialise()}, {"acting", names}, {"actions", labels},
          {"probabilities", probabilities}, {"cells", out_cells},      {"nodes", nodes}};
}

}  // namespace motive::game
