// The rollout loop of Simulate (Algorithm 1; methods.h), as a template over a game's state and policy
// types, so that a game can have it compiled against its own concrete classes.
//
// simulate() asks the game for its Rollouts (Game::rollouts). The default (methods.cc) is
// Roller<State, Policy>: every step goes through State's and Policy's virtual methods. A game whose
// state and policy classes are `final` instantiates Roller<ItsState, ItsPolicy> in its own source file
// (make_rollouts below), where their methods are visible: the calls are then direct and the small ones
// (the state's type, who acts, a policy's draw) inlined. Both give the same rows: the same code, the
// same random numbers in the same order. Measured on COP's SBUE: under WebAssembly the loop through
// virtual calls ran 2.4x slower than natively, where the indirect calls cost far less.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <new>
#include <vector>

#include "game/game.h"
#include "game/methods.h"

namespace motive::game {

// Plays chance outcomes to the first decision node (or terminal); methods.h's resolve_chance for a
// concrete state type.
template <class S>
NodeType resolve_chance_of(S& state, Rng& rng, double* reward) {
  double p[64];
  NodeType type;
  while ((type = state.type()) == NodeType::kChance) {
    int n = state.num_chance_outcomes();
    int outcome;
    if (n <= 64) {
      for (int k = 0; k < n; ++k) p[k] = state.chance_probability(k);
      outcome = rng.pick(p, n);
    } else {
      // Many outcomes: walk the cumulative sum without a buffer.
      double u = rng.uniform(), sum = 0;
      outcome = n - 1;
      for (int k = 0; k < n; ++k) {
        double pk = state.chance_probability(k);
        if (pk <= 0) continue;
        sum += pk;
        outcome = k;
        if (u < sum) break;
      }
    }
    state.apply_chance(outcome, reward);
  }
  return type;
}

// Runs rollouts of Algorithm 1 into preallocated rows, reusing two scratch states: nothing is
// allocated per rollout. S: the game's state class (State or a final subclass); P: its policy class.
template <class S, class P>
class Roller final : public Rollouts {
 public:
  Roller(const Game& game, const State& start, int depth, const std::vector<Fixed>& fixed)
      : game_(game),
        start_(static_cast<const S&>(start)),
        depth_(depth),
        fixed_(fixed),
        players_(game.num_players()),
        gamma_(game.discount()),
        rollout_value_(!game.has_heuristic_value()),
        continuations_(game.value_rollouts()),
        max_length_(game.max_length()),
        scratch_(static_cast<S*>(start.clone().release())),
        tail_(static_cast<S*>(start.clone().release())) {
    for (int i = 0; i < players_; ++i) policy_[i] = static_cast<const P*>(&game.policy(i));
  }

  void run(std::uint64_t seed, std::int64_t j, double* rows, Action* first) override {
    Rng rng(seed, static_cast<std::uint64_t>(j));
    S& s = *scratch_;
    s.copy_from(start_);
    double cumulative[kMaxPlayers] = {};
    NodeType type = resolve_chance_of(s, rng, cumulative);
    double discount = 1;
    for (int t = 0; t < depth_; ++t) {
      double* row = rows + static_cast<std::ptrdiff_t>(t) * players_;
      if (type == NodeType::kTerminal) {
        std::copy(cumulative, cumulative + players_, row);
        continue;
      }
      int acting[kMaxPlayers];
      int n = s.acting(acting);
      draw(s, acting, n, rng);
      for (const Fixed& f : fixed_) {
        if (f.step != t) continue;
        for (int a = 0; a < n; ++a) {
          if (acting[a] == f.player) joint_[a] = f.action;
        }
      }
      if (first && t == 0) {
        for (int a = 0; a < n; ++a) first[acting[a]] = joint_[a];
      }
      double reward[kMaxPlayers] = {};
      s.apply_actions(joint_, reward);
      type = resolve_chance_of(s, rng, reward);
      for (int i = 0; i < players_; ++i) cumulative[i] += discount * reward[i];
      discount *= gamma_;
      double v[kMaxPlayers] = {};
      value(s, type, rng, v);
      for (int i = 0; i < players_; ++i) row[i] = cumulative[i] + discount * v[i];
    }
  }

 private:
  // The acting players' actions into joint_. Each is constructed in place from the policy's
  // returned value (guaranteed copy elision): an assignment from a temporary copied the whole
  // Action (kMaxSlots entries), through memcpy in WebAssembly, at every draw.
  void draw(const S& s, const int* acting, int n, Rng& rng) {
    for (int a = 0; a < n; ++a) new (&joint_[a]) Action(policy_[acting[a]]->sample(s, acting[a], rng));
  }

  // V(s) of a state of type `type`: the heuristic, or the mean discounted return of the game's number
  // of plays to the end with the policies (one by default), drawn one after the other from `rng`.
  void value(const S& s, NodeType type, Rng& rng, double* v) {
    if (!rollout_value_) {
      game_.value(s, v);
      return;
    }
    if (type == NodeType::kTerminal) return;
    S& tail = *tail_;
    for (int c = 0; c < continuations_; ++c) {
      tail.copy_from(s);
      NodeType at = type;
      double discount = 1, play[kMaxPlayers] = {};
      for (int steps = 0; at != NodeType::kTerminal && steps <= max_length_; ++steps) {
        int acting[kMaxPlayers];
        int n = tail.acting(acting);
        draw(tail, acting, n, rng);
        double reward[kMaxPlayers] = {};
        tail.apply_actions(joint_, reward);
        at = resolve_chance_of(tail, rng, reward);
        for (int i = 0; i < players_; ++i) play[i] += discount * reward[i];
        discount *= gamma_;
      }
      for (int i = 0; i < players_; ++i) v[i] += play[i];
    }
    // One play: its return as it is (0 + x is x, and so is x / 1).
    if (continuations_ > 1) {
      for (int i = 0; i < players_; ++i) v[i] /= continuations_;
    }
  }

  const Game& game_;
  const S& start_;
  int depth_;
  const std::vector<Fixed>& fixed_;
  int players_;
  double gamma_;
  bool rollout_value_;
  int continuations_;
  int max_length_;
  // The policies, looked up once (a virtual call per draw less: they matter most under wasm).
  const P* policy_[kMaxPlayers] = {};
  std::unique_ptr<S> scratch_, tail_;
  // The joint action of a step, shared by run() and value() (each done with it before the other
  // starts): an Action array on the stack is zeroed at every step, which took a third of a COP rollout.
  Action joint_[kMaxPlayers];
};

// The rollouts of `game` from `start` (a state of class S, whose policies are all of class P).
template <class S, class P>
std::unique_ptr<Rollouts> make_rollouts(const Game& game, const State& start, int depth,
                                        const std::vector<Fixed>& fixed) {
  return std::make_unique<Roller<S, P>>(game, start, depth, fixed);
}

}  // namespace motive::game
