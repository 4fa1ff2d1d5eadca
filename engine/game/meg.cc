#include "game/meg.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <unordered_map>

#include "core/diagnostics.h"

namespace motive::game {
namespace {

// Two histories of one information set may compute the player's policy in a different order of
// floating-point operations (COP multiplies trust factors as messages arrive): equal within this.
constexpr double kPolicyTolerance = 1e-9;

std::string budget_message(const Game& game, int player, double count, std::int64_t max_nodes,
                           bool estimated) {
  char number[32];
  std::snprintf(number, sizeof number, "%.3g", count);
  return "MEG enumerates the game below this state for every action of " + game.player_name(player) + ": " +
         (estimated ? "about " : "more than ") + number +
         (estimated ? " plays (estimated along one play)" : " nodes") +
         ", more than max_nodes = " + std::to_string(max_nodes);
}

class Builder {
 public:
  Builder(const Game& game, int player, std::int64_t max_nodes, const Context* context)
      : game_(game),
        player_(player),
        players_(game.num_players()),
        max_nodes_(max_nodes),
        context_(context) {}

  DecisionProblem build(const State& root) {
    const int depth = 2 * (game_.max_length() + 2);
    for (int d = 0; d <= depth; ++d) scratch_.push_back(root.clone());
    scales_.assign(players_, 0.0);
    const double zero[kMaxPlayers] = {};
    visit(root, 0, 1.0, 0, -1, zero, 1.0);
    return finish();
  }

 private:
  struct Info {
    int parent = -1;  // (observation · actions + action) at the previous stage; −1 at the first
    double mass = 0;  // Σ over its histories of their probability under chance and the others
    std::vector<double> policy;
    std::string text;
  };

  void count() {
    if (++nodes_ > max_nodes_)
      throw RequestError("analysis.budget_exceeded",
                         budget_message(game_, player_, static_cast<double>(max_nodes_), max_nodes_, false),
                         "give a later state, or raise max_nodes");
    if (context_ && nodes_ % 64 == 0)  // often: a node of a built-in game can cost milliseconds
      context_->report(std::min(0.99, static_cast<double>(nodes_) / max_nodes_));
  }

  // `s` reached with probability w under chance and the others, after `stage` decisions of the player
  // (the last one at `row` of stage − 1), having paid `paid` (discounted by `discount` from now on).
  void visit(const State& s, int level, double w, int stage, int row, const double* paid, double discount) {
    count();
    State& child = *scratch_.at(static_cast<std::size_t>(level) + 1);
    double reward[kMaxPlayers], next[kMaxPlayers];
    if (s.type() == NodeType::kTerminal) {
      leaf(stage, row, w, paid);
      return;
    }
    if (s.type() == NodeType::kChance) {
      for (int k = 0; k < s.num_chance_outcomes(); ++k) {
        const double p = s.chance_probability(k);
        if (p <= 0) continue;
        child.copy_from(s);
        std::fill(reward, reward + players_, 0.0);
        child.apply_chance(k, reward);
        for (int i = 0; i < players_; ++i) next[i] = paid[i] + discount * reward[i];
        visit(child, level + 1, w * p, stage, row, next, discount);
      }
      return;
    }
    int acting[kMaxPlayers];
    const int n = s.acting(acting);
    // Every acting player's choices: the measured player's every action (its policy's probabilities
    // aside), the others' actions of positive probability with their probabilities.
    std::vector<std::vector<std::pair<Action, double>>> choices(n);
    int own = -1, observation = -1, actions = 0;
    for (int a = 0; a < n; ++a) {
      if (acting[a] != player_) {
        const double bound = game_.policy(acting[a]).support_bound(s, acting[a]);
        if (bound > static_cast<double>(kMaxListedActions))
          throw RequestError("analysis.budget_exceeded",
                             budget_message(game_, player_, bound, max_nodes_, false),
                             "give a later state, where the others have fewer actions");
        checked_distribution(game_.policy(acting[a]), s, acting[a], &choices[a]);
        continue;
      }
      own = a;
      const ActionSpace space = s.legal_actions(player_);
      const std::int64_t size = space.size();
      if (size > max_nodes_)
        throw RequestError("analysis.budget_exceeded",
                           budget_message(game_, player_, static_cast<double>(size), max_nodes_, false),
                           "give a later state, or raise max_nodes");
      actions = static_cast<int>(size);
      for (int k = 0; k < actions; ++k) choices[a].emplace_back(space.decode(k), 1.0);
      observation = observe(s, stage, row, w, space);
    }
    std::vector<int> index(n, 0);
    Action joint[kMaxPlayers];
    for (;;) {
      double q = w;
      for (int a = 0; a < n; ++a) {
        joint[a] = choices[a][index[a]].first;
        q *= choices[a][index[a]].second;
      }
      if (q > 0) {
        child.copy_from(s);
        std::fill(reward, reward + players_, 0.0);
        child.apply_actions(joint, reward);
        for (int i = 0; i < players_; ++i) next[i] = paid[i] + discount * reward[i];
        if (own >= 0) {
          visit(child, level + 1, q, stage + 1, observation * actions + index[own], next,
                discount * game_.discount());
        } else {
          visit(child, level + 1, q, stage, row, next, discount * game_.discount());
        }
      }
      int a = n - 1;
      while (a >= 0 && ++index[a] == static_cast<int>(choices[a].size())) index[a--] = 0;
      if (a < 0) break;
    }
  }

  // A play's end after `stage` decisions (the last at `row`), reached with probability w, paying `paid`.
  void leaf(int stage, int row, double w, const double* paid) {
    if (static_cast<int>(leaf_sums_.size()) <= stage) leaf_sums_.resize(static_cast<std::size_t>(stage) + 1);
    std::vector<double>& sums = leaf_sums_[stage];
    const std::size_t at = static_cast<std::size_t>(std::max(row, 0)) * players_;
    if (sums.size() < at + players_) sums.resize(at + players_, 0.0);
    for (int j = 0; j < players_; ++j) {
      sums[at + j] += w * paid[j];
      scales_[j] = std::max(scales_[j], std::abs(paid[j]));
    }
    ended_after_.resize(std::max(ended_after_.size(), static_cast<std::size_t>(stage) + 1), false);
    ended_after_[stage] = true;
  }

  // The information set of the player's decision at `s` (its stage-th), created or checked.
  int observe(const State& s, int stage, int row, double w, const ActionSpace& space) {
    const int actions = static_cast<int>(space.size());
    if (static_cast<int>(infos_.size()) <= stage) {
      infos_.resize(static_cast<std::size_t>(stage) + 1);
      index_.resize(static_cast<std::size_t>(stage) + 1);
      spaces_.resize(static_cast<std::size_t>(stage) + 1);
    }
    if (spaces_[stage].slots.empty()) {
      spaces_[stage] = space;
    } else if (spaces_[stage].size() != actions) {
      throw RequestError("analysis.not_supported",
                         game_.player_name(player_) + "'s decision " + std::to_string(stage + 1) + " has " +
                             std::to_string(spaces_[stage].size()) + " actions in one play and " +
                             std::to_string(actions) + " in another",
                         "MEG here needs the player's decisions to be the same in every play (a CID's)");
    }
    std::string text = s.information(player_);
    auto [it, added] = index_[stage].emplace(text, static_cast<int>(infos_[stage].size()));
    std::vector<std::pair<Action, double>> dist;
    checked_distribution(game_.policy(player_), s, player_, &dist);
    std::vector<double> policy(static_cast<std::size_t>(actions), 0.0);
    for (const auto& [a, p] : dist) policy[static_cast<std::size_t>(space.encode(a))] += p;
    if (added) {
      infos_[stage].push_back({row, 0.0, std::move(policy), std::move(text)});
    } else {
      Info& info = infos_[stage][it->second];
      if (info.parent != row)
        throw RequestError("analysis.not_supported",
                           game_.player_name(player_) + "'s information \"" + it->first +
                               "\" is reached after different earlier choices or information: the player "
                               "forgets (no perfect recall)",
                           "MEG over information sets needs a player that remembers what it saw and did");
      for (int k = 0; k < actions; ++k)
        if (std::abs(info.policy[k] - policy[k]) > kPolicyTolerance)
          throw RequestError("analysis.not_supported",
                             game_.player_name(player_) +
                                 "'s policy differs between two states of its information \"" + it->first +
                                 "\": it reads more than the player can see",
                             "MEG compares the policy with policies of the player's information");
    }
    infos_[stage][it->second].mass += w;
    return it->second;
  }

  DecisionProblem finish() {
    const int stages = static_cast<int>(infos_.size());
    if (stages == 0)
      throw RequestError(
          "analysis.not_supported",
          game_.player_name(player_) + " makes no decision below this state: MEG measures decisions",
          "give an earlier state, or another player");
    DecisionProblem out;
    out.player = player_;
    out.nodes = nodes_;
    out.spaces = spaces_;
    meg::CidProcess& process = out.process;
    process.stages.resize(stages);
    out.information.resize(stages);
    out.agent.resize(stages);
    for (int k = 0; k < stages; ++k) {
      meg::Stage& st = process.stages[k];
      st.decision = k;
      st.observations = static_cast<int>(infos_[k].size());
      st.actions = static_cast<int>(spaces_[k].size());
      out.agent[k].assign(static_cast<std::size_t>(st.observations) * st.actions, 0.0);
      for (int o = 0; o < st.observations; ++o) {
        const Info& info = infos_[k][o];
        out.information[k].push_back(info.text);
        std::copy(info.policy.begin(), info.policy.end(),
                  out.agent[k].begin() + static_cast<std::ptrdiff_t>(o) * st.actions);
      }
    }
    // The next information set's distribution from each (information set, action): its mass over the
    // parent's (the player's own choices excluded from both).
    process.initial.assign(infos_[0].size(), 0.0);
    for (int o = 0; o < static_cast<int>(infos_[0].size()); ++o) process.initial[o] = infos_[0][o].mass;
    for (int k = 0; k + 1 < stages; ++k) {
      process.stages[k].next.assign(
          static_cast<std::size_t>(process.stages[k].observations) * process.stages[k].actions, {});
      for (int o = 0; o < static_cast<int>(infos_[k + 1].size()); ++o) {
        const Info& info = infos_[k + 1][o];
        const int parent = info.parent / process.stages[k].actions;
        process.stages[k].next[info.parent].emplace_back(o, info.mass / infos_[k][parent].mass);
      }
    }
    // Every play meets all the stages: a leaf after fewer decisions, or an information set's action
    // with no continuation, means the number of decisions depends on the play.
    const meg::Stage& last = process.stages.back();
    for (int k = 0; k < static_cast<int>(ended_after_.size()); ++k) {
      if (ended_after_[k] && k != stages)
        throw RequestError("analysis.not_supported",
                           "some plays meet " + std::to_string(k) + " decisions of " +
                               game_.player_name(player_) + " and others " + std::to_string(stages) +
                               ": MEG here needs the same decisions in every play (a CID's)",
                           "give a state from which every play has the same decisions of the player");
    }
    out.utilities.assign(
        players_, std::vector<double>(static_cast<std::size_t>(last.observations) * last.actions, 0.0));
    out.scales = scales_;
    const std::vector<double>& sums = leaf_sums_.at(static_cast<std::size_t>(stages));
    for (std::size_t r = 0; r < out.utilities[0].size(); ++r) {
      const double mass = infos_[stages - 1][r / last.actions].mass;
      for (int j = 0; j < players_; ++j)
        out.utilities[j][r] = r * players_ + j < sums.size() ? sums[r * players_ + j] / mass : 0.0;
    }
    for (int k = 0; k + 1 < stages; ++k) {
      for (std::size_t r = 0; r < process.stages[k].next.size(); ++r) {
        if (process.stages[k].next[r].empty())
          throw RequestError("analysis.not_supported",
                             "some plays end after " + std::to_string(k + 1) + " decisions of " +
                                 game_.player_name(player_) +
                                 ", others go on: MEG here needs the same decisions "
                                 "in every play (a CID's)",
                             "give a state from which every play has the same decisions of the player");
        std::sort(process.stages[k].next[r].begin(), process.stages[k].next[r].end());
      }
    }
    return out;
  }

  const Game& game_;
  int player_, players_;
  std::int64_t max_nodes_;
  const Context* context_;
  std::int64_t nodes_ = 0;
  std::vector<std::unique_ptr<State>> scratch_;
  std::vector<std::vector<Info>> infos_;
  std::vector<std::unordered_map<std::string, int>> index_;
  std::vector<ActionSpace> spaces_;
  std::vector<std::vector<double>> leaf_sums_;  // per number of decisions: per row, per player, Σ w · return
  std::vector<double> scales_ = std::vector<double>(kMaxPlayers, 0.0);
  std::vector<bool> ended_after_;  // per number of decisions: whether a play ended after it
};

}  // namespace

double estimated_problem_leaves(const Game& game, const State& state, int player) {
  std::unique_ptr<State> s = state.clone();
  double leaves = 1;
  std::vector<double> reward(game.num_players(), 0.0);
  std::vector<std::pair<Action, double>> dist;
  for (int guard = 0; guard <= 2 * (game.max_length() + 2) && s->type() != NodeType::kTerminal; ++guard) {
    if (s->type() == NodeType::kChance) {
      leaves *= s->num_chance_outcomes();
      s->apply_chance(0, reward.data());
      continue;
    }
    int acting[kMaxPlayers];
    Action joint[kMaxPlayers];
    const int n = s->acting(acting);
    for (int a = 0; a < n; ++a) {
      const double bound = game.policy(acting[a]).support_bound(*s, acting[a]);
      if (bound > static_cast<double>(kMaxListedActions)) return bound * leaves;
      checked_distribution(game.policy(acting[a]), *s, acting[a], &dist);
      if (acting[a] == player) leaves *= static_cast<double>(s->legal_actions(player).size());
      else leaves *= static_cast<double>(dist.size());
      joint[a] = dist.front().first;
    }
    s->apply_actions(joint, reward.data());
  }
  return leaves;
}

DecisionProblem decision_problem(const Game& game, const State& state, int player, std::int64_t max_nodes,
                                 const Context* context) {
  const double estimate = estimated_problem_leaves(game, state, player);
  if (estimate > static_cast<double>(max_nodes))
    throw RequestError("analysis.budget_exceeded", budget_message(game, player, estimate, max_nodes, true),
                       "give a later state, or raise max_nodes");
  Builder builder(game, player, max_nodes, context);
  DecisionProblem out = builder.build(state);
  if (context) context->report(1.0);
  return out;
}

meg::CidProcess towards_process(const DecisionProblem& problem, int towards) {
  meg::CidProcess process = problem.process;
  process.utility = problem.utilities.at(static_cast<std::size_t>(towards));
  process.utility_scale = problem.scales[towards];
  return process;
}

meg::CidMeg game_meg(const DecisionProblem& problem, int towards, meg::Ends ends) {
  return meg::known_utility_meg(towards_process(problem, towards), problem.agent, ends);
}

}  // namespace motive::game
