#include "game/game.h"

#include <algorithm>
#include <limits>
#include <map>

#include "core/diagnostics.h"
#include "core/text.h"

namespace motive::game {

namespace {

std::uint64_t splitmix64(std::uint64_t* x) {
  std::uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace

Rng::Rng(std::uint64_t seed, std::uint64_t stream) {
  // Mix the stream into the seed through one splitmix step, so that neighbouring (seed, stream)
  // pairs give unrelated states.
  std::uint64_t x = seed;
  std::uint64_t mixed = splitmix64(&x) ^ (stream * 0xd1b54a32d192ed03ULL);
  for (auto& word : s_) word = splitmix64(&mixed);
}

bool Action::operator==(const Action& other) const {
  return size_ == other.size_ && std::equal(choice_.begin(), choice_.begin() + size_, other.choice_.begin());
}

bool Action::operator<(const Action& other) const {
  return std::lexicographical_compare(choice_.begin(), choice_.begin() + size_, other.choice_.begin(),
                                      other.choice_.begin() + other.size_);
}

std::uint64_t Action::hash() const {
  std::uint64_t h = 1469598103934665603ULL ^ size_;
  for (int i = 0; i < size_; ++i) h = (h ^ static_cast<std::uint16_t>(choice_[i])) * 1099511628211ULL;
  return h;
}

std::int64_t ActionSpace::size() const {
  std::int64_t n = 1;
  for (const Slot& slot : slots) {
    auto k = static_cast<std::int64_t>(slot.choices.size());
    if (k == 0) return 0;
    if (n > std::numeric_limits<std::int64_t>::max() / k) return std::numeric_limits<std::int64_t>::max();
    n *= k;
  }
  return n;
}

Action ActionSpace::decode(std::int64_t index) const {
  Action action;
  action.resize(static_cast<int>(slots.size()));
  for (int s = static_cast<int>(slots.size()) - 1; s >= 0; --s) {
    auto k = static_cast<std::int64_t>(slots[s].choices.size());
    action.set(s, static_cast<int>(index % k));
    index /= k;
  }
  return action;
}

std::int64_t ActionSpace::encode(const Action& action) const {
  std::int64_t index = 0;
  for (std::size_t s = 0; s < slots.size(); ++s) {
    index = index * static_cast<std::int64_t>(slots[s].choices.size()) + action[static_cast<int>(s)];
  }
  return index;
}

bool ActionSpace::contains(const Action& action) const {
  if (action.size() != static_cast<int>(slots.size())) return false;
  for (std::size_t s = 0; s < slots.size(); ++s) {
    int c = action[static_cast<int>(s)];
    if (c < 0 || c >= static_cast<int>(slots[s].choices.size())) return false;
  }
  return true;
}

std::string ActionSpace::label(const Action& action, bool named) const {
  std::string out;
  for (std::size_t s = 0; s < slots.size() && static_cast<int>(s) < action.size(); ++s) {
    if (s) out += ", ";
    if (named) out += slots[s].name + ": ";
    int c = action[static_cast<int>(s)];
    out += c >= 0 && c < static_cast<int>(slots[s].choices.size()) ? slots[s].choices[c] : "?";
  }
  return out;
}

bool ActionSpace::parse(const std::vector<std::string>& labels, Action* action) const {
  if (labels.size() != slots.size()) return false;
  action->resize(static_cast<int>(slots.size()));
  for (std::size_t s = 0; s < slots.size(); ++s) {
    const auto& choices = slots[s].choices;
    auto it = std::find(choices.begin(), choices.end(), labels[s]);
    if (it == choices.end()) return false;
    action->set(static_cast<int>(s), static_cast<int>(it - choices.begin()));
  }
  return true;
}

double Policy::support_bound(const State& state, int player) const {
  return static_cast<double>(state.legal_actions(player).size());
}

void checked_distribution(const Policy& policy, const State& state, int player,
                          std::vector<std::pair<Action, double>>* out) {
  policy.distribution(state, player, out);
  if (out->empty())
    throw RequestError("engine.internal",
                       "the policy of player " + std::to_string(player) + " gives no action at the state \"" +
                           abbreviated(state.serialise()) + "\"",
                       "this is a bug in Motive if the model was accepted: please report it with the model");
}

ListedDistribution listed_distribution(const Policy& policy, const State& state, int player,
                                       std::int64_t draws, std::uint64_t seed) {
  ListedDistribution out;
  if (policy.support_bound(state, player) <= static_cast<double>(kMaxListedActions)) {
    checked_distribution(policy, state, player, &out.actions);
  } else {
    out.exact = false;
    out.draws = draws;
    std::map<Action, std::int64_t> counts;  // ordered: the same list natively and in WebAssembly
    for (std::int64_t k = 0; k < draws; ++k) {
      Rng rng(seed, static_cast<std::uint64_t>(k));
      ++counts[policy.sample(state, player, rng)];
    }
    for (const auto& [action, n] : counts) {
      out.actions.emplace_back(action, static_cast<double>(n) / static_cast<double>(draws));
    }
  }
  // Ties keep the policy's (or the actions') order: "the first" of equally probable actions.
  std::stable_sort(out.actions.begin(), out.actions.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  return out;
}

std::vector<std::vector<double>> marginals(const Policy& policy, const State& state, int player) {
  ActionSpace space = state.legal_actions(player);
  std::vector<std::vector<double>> out;
  for (const Slot& slot : space.slots) out.emplace_back(slot.choices.size(), 0.0);
  for (const auto& [action, p] : listed_distribution(policy, state, player).actions) {
    for (std::size_t s = 0; s < out.size(); ++s) out[s][action[static_cast<int>(s)]] += p;
  }
  return out;
}

void Game::value(const State& state, double* v) const { std::fill(v, v + num_players(), 0.0); }

ValueInfo Game::value_info() const {
  if (has_heuristic_value()) return {"heuristic", "the game's heuristic value of the reached state"};
  if (value_rollouts() > 1) {
    return {"rollouts", "the mean return of " + std::to_string(value_rollouts()) +
                            " plays from the reached state to the end with the policies (a Monte Carlo "
                            "estimate, unbiased)"};
  }
  return {"rollout",
          "the return of one play from the reached state to the end with the policies (a Monte Carlo "
          "estimate, unbiased)"};
}

int find_player(const Game& game, std::string_view name) {
  for (int i = 0; i < game.num_players(); ++i) {
    if (game.player_name(i) == name) return i;
  }
  return -1;
}

}  // namespace motive::game
