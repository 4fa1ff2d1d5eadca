#include "game_conformance.h"

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "game/rollout.h"

namespace motive::game::testing {

namespace {

// One play: at decision nodes, each acting player draws from its policy on even steps and a
// uniformly random legal action on odd ones (so actions the policy rarely takes are exercised).
// Returns the serialised states visited and the final returns.
std::vector<std::string> play(const Game& game, std::uint64_t seed, std::vector<double>* returns) {
  const int p = game.num_players();
  Rng rng(seed, 0);
  std::unique_ptr<State> s = game.initial_state();
  std::vector<std::string> visited;
  returns->assign(p, 0.0);
  std::vector<std::pair<Action, double>> dist;
  for (int step = 0; s->type() != NodeType::kTerminal; ++step) {
    EXPECT_LE(step, game.max_length()) << "play longer than max_length at " << s->serialise();
    if (step > game.max_length()) break;
    visited.push_back(s->serialise());
    EXPECT_EQ(s->move_number(), step) << s->serialise();

    // Serialise round trip, clone and copy equivalence.
    std::string error;
    std::unique_ptr<State> back = game.deserialise(s->serialise(), &error);
    EXPECT_TRUE(back) << "deserialise failed: " << error << " for " << s->serialise();
    if (back) {
      EXPECT_EQ(back->serialise(), s->serialise());
      EXPECT_EQ(back->type(), s->type());
      EXPECT_EQ(back->describe(), s->describe());
    }
    std::unique_ptr<State> twin = s->clone();
    std::unique_ptr<State> copy = game.initial_state();
    copy->copy_from(*s);
    EXPECT_EQ(copy->serialise(), s->serialise());

    double reward[kMaxPlayers] = {}, twin_reward[kMaxPlayers] = {};
    if (s->type() == NodeType::kChance) {
      int n = s->num_chance_outcomes();
      EXPECT_GT(n, 0);
      std::vector<double> probs(n);
      double total = 0;
      for (int k = 0; k < n; ++k) {
        probs[k] = s->chance_probability(k);
        EXPECT_GE(probs[k], 0.0);
        total += probs[k];
      }
      EXPECT_NEAR(total, 1.0, 1e-9) << "chance probabilities at " << s->serialise();
      int k = rng.pick(probs.data(), n);
      s->apply_chance(k, reward);
      twin->apply_chance(k, twin_reward);
    } else {
      int acting[kMaxPlayers];
      int n = s->acting(acting);
      EXPECT_GT(n, 0) << s->serialise();
      Action joint[kMaxPlayers];
      for (int a = 0; a < n; ++a) {
        int i = acting[a];
        ActionSpace space = s->legal_actions(i);
        EXPECT_GT(space.size(), 0) << game.player_name(i) << " has no legal action at " << s->serialise();
        const Policy& policy = game.policy(i);
        // Distributions are listed only within the bound callers respect (a Diplomacy power's orders
        // on the standard map are too many to list).
        dist.clear();
        if (policy.support_bound(*s, i) <= static_cast<double>(kMaxListedActions)) {
          policy.distribution(*s, i, &dist);
        } else {
          dist.emplace_back(policy.sample(*s, i, rng), 1.0);
        }
        double total = 0;
        for (const auto& [x, q] : dist) {
          EXPECT_TRUE(space.contains(x)) << game.player_name(i) << "'s policy puts mass on an illegal action";
          EXPECT_GE(q, 0.0);
          total += q;
        }
        EXPECT_NEAR(total, 1.0, 1e-9) << game.player_name(i) << "'s policy at " << s->serialise();
        if (step % 2 == 0) {
          joint[a] = policy.sample(*s, i, rng);
        } else {
          joint[a] =
              space.decode(static_cast<std::int64_t>(rng.uniform() * static_cast<double>(space.size())));
        }
        EXPECT_TRUE(space.contains(joint[a]));
        EXPECT_EQ(space.encode(space.decode(space.encode(joint[a]))), space.encode(joint[a]));
      }
      s->apply_actions(joint, reward);
      twin->apply_actions(joint, twin_reward);
    }
    EXPECT_EQ(twin->serialise(), s->serialise()) << "a clone diverged";
    for (int i = 0; i < p; ++i) {
      EXPECT_EQ(reward[i], twin_reward[i]);
      (*returns)[i] += reward[i];
    }
  }
  visited.push_back(s->serialise());
  return visited;
}

}  // namespace

void check_conformance(const Game& game, int plays, std::uint64_t seed) {
  ASSERT_GT(game.num_players(), 0);
  ASSERT_LE(game.num_players(), kMaxPlayers);
  for (int k = 0; k < plays; ++k) {
    std::vector<double> r1, r2;
    std::vector<std::string> a = play(game, seed + k, &r1);
    std::vector<std::string> b = play(game, seed + k, &r2);
    EXPECT_EQ(a, b) << "the same seed gave two different plays";
    EXPECT_EQ(r1, r2);
    // At a terminal state V is exactly 0 (everything has been paid as rewards).
    std::string error;
    std::unique_ptr<State> end = game.deserialise(a.back(), &error);
    ASSERT_TRUE(end) << error;
    EXPECT_EQ(end->type(), NodeType::kTerminal);
    std::vector<double> v(game.num_players(), 1.0);
    game.value(*end, v.data());
    for (double x : v) EXPECT_EQ(x, 0.0);
  }

  // The game's own rollout loop (Game::rollouts, perhaps compiled against its classes) gives the rows
  // and first actions of the generic one, to the bit, from every state of a play, with an action fixed
  // at the first step where one acts.
  {
    std::vector<double> unused;
    std::vector<std::string> visited = play(game, seed, &unused);
    const int p = game.num_players(), depth = 3, rollouts = 64;
    for (const std::string& text : visited) {
      std::string error;
      std::unique_ptr<State> from = game.deserialise(text, &error);
      ASSERT_TRUE(from) << error;
      std::vector<Fixed> fixed;
      if (from->type() == NodeType::kDecision) {
        int acting[kMaxPlayers];
        from->acting(acting);
        ActionSpace space = from->legal_actions(acting[0]);
        fixed.push_back({acting[0], 0, space.decode(space.size() - 1)});
      }
      std::unique_ptr<Rollouts> own = game.rollouts(*from, depth, fixed);
      std::unique_ptr<Rollouts> generic = make_rollouts<State, Policy>(game, *from, depth, fixed);
      for (int j = 0; j < rollouts; ++j) {
        std::vector<double> a(depth * p), b(depth * p);
        std::vector<Action> first_a(p), first_b(p);
        own->run(seed, j, a.data(), first_a.data());
        generic->run(seed, j, b.data(), first_b.data());
        ASSERT_EQ(a, b) << "rollout " << j << " from " << text;
        ASSERT_EQ(first_a, first_b) << "rollout " << j << " from " << text;
      }
    }
  }

  // Samples follow the distribution at the first decision node reached by chance (within 5 standard
  // errors of 20,000 draws per action).
  std::unique_ptr<State> s = game.initial_state();
  Rng rng(seed, 99);
  double reward[kMaxPlayers] = {};
  while (s->type() == NodeType::kChance) {
    std::vector<double> probs(s->num_chance_outcomes());
    for (int k = 0; k < static_cast<int>(probs.size()); ++k) probs[k] = s->chance_probability(k);
    s->apply_chance(rng.pick(probs.data(), static_cast<int>(probs.size())), reward);
  }
  if (s->type() != NodeType::kDecision) return;
  int acting[kMaxPlayers];
  int n = s->acting(acting);
  for (int a = 0; a < n; ++a) {
    const Policy& policy = game.policy(acting[a]);
    if (policy.support_bound(*s, acting[a]) > static_cast<double>(kMaxListedActions)) continue;
    std::vector<std::pair<Action, double>> dist;
    policy.distribution(*s, acting[a], &dist);
    std::map<Action, int> counts;
    const int draws = 20000;
    for (int d = 0; d < draws; ++d) ++counts[policy.sample(*s, acting[a], rng)];
    // Actions expected fewer than 10 times are pooled: a count that small is not near normal, and
    // with thousands of them (a Diplomacy power's orders) a 5-standard-error band fails by chance.
    double pooled_q = 0, pooled_f = 0;
    for (const auto& [x, q] : dist) {
      double f = static_cast<double>(counts[x]) / draws;
      if (q * draws < 10) {
        pooled_q += q;
        pooled_f += f;
        continue;
      }
      EXPECT_NEAR(f, q, 5 * std::sqrt(q * (1 - q) / draws) + 1e-9)
          << "sampling does not follow the distribution";
    }
    EXPECT_NEAR(pooled_f, pooled_q, 5 * std::sqrt(pooled_q * (1 - pooled_q) / draws) + 1e-9)
        << "sampling does not follow the distribution (the rare actions together)";
  }
}

}  // namespace motive::game::testing
