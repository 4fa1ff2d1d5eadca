// Games: the architecture of engine/game in one header (in the spirit of OpenSpiel's spiel.h).
//
// A Game is an immutable description (players, rules, the agents' policies, a value function); a
// State is one position of it, clonable and copyable into a preallocated scratch state, so that the
// explanation methods (methods.h: Simulate, SBUE, probable actions, SICA, their exact forms) run
// millions of rollouts without allocating. Every node of the game tree is one of:
//   - a chance node: outcomes k = 0..n−1 with explicit probabilities (dice, a random speaking order);
//   - a decision node: one or more players act at once (one: in turn; several: simultaneously), each
//     choosing an Action from its ActionSpace;
//   - a terminal node.
// Actions are STRUCTURED: an action is one choice per slot of the player's ActionSpace (one order per
// unit in Diplomacy, one announcement per other player in Communicate Out of Prison, recipient and
// signal of a message), so counterfactual queries can constrain sub-actions ("do / don't move this
// unit there"). The legal actions are the product of the slots' choices; rules that couple slots
// (a support order without the supported move) are resolved by the transition, as an adjudicator does.
//
// Rewards: every transition pays a reward vector R(s, s') (one entry per player); the return is their
// sum. A ValueFunction V(s) estimates each player's return still to come (the paper's V, section 4.1):
// exactly 0 at a terminal state (everything has been paid as rewards), a heuristic elsewhere, or, for
// games without one, a Monte Carlo estimate (methods.h rolls out with the policies to the end).
//
// Policies are stochastic (the paper's π_i(a | s)): they sample, and give their distribution over
// actions and its per-slot marginals, which the exact methods and probable actions use.
//
// Randomness: Rng is seeded per rollout from (seed, rollout index), so results never depend on how
// rollouts are split over workers, and rollout j of two compared actions draws the same numbers
// (common random numbers).
//
// Speed: the methods' rollout loop (rollout.h) is a template over the state and policy classes; a game
// with `final` classes returns it instantiated with them from Game::rollouts, so that a rollout makes
// direct, inlinable calls (the default goes through the virtual methods, with the same results).
//
// Games implemented here: Communicate Out of Prison (cop.h) and user-written games (user_game.h);
// simplified Risk and Diplomacy plug in the same way (structured actions, chance, simultaneous moves).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace motive::game {

inline constexpr int kMaxPlayers = 8;
inline constexpr int kMaxSlots = 24;  // sub-actions per action (units of one power, announcements, ...)

// ---------------------------------------------------------------------------------------------------
// Randomness: xoshiro256** seeded through splitmix64, the same numbers natively and in WebAssembly.

class Rng {
 public:
  // The stream of rollout `stream` under `seed`: independent streams for every (seed, stream).
  Rng(std::uint64_t seed, std::uint64_t stream);
  std::uint64_t next() {
    std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  // Uniform in [0, 1) with 53 random bits.
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  // An index drawn from p[0..n−1] (summing to 1; the last index of positive probability absorbs
  // rounding). Draws exactly one number, so streams stay aligned across compared actions.
  int pick(const double* p, int n) {
    double u = uniform(), sum = 0;
    int last = n - 1;
    for (int i = 0; i < n; ++i) {
      if (p[i] <= 0) continue;
      last = i;
      sum += p[i];
      if (u < sum) return i;
    }
    return last;
  }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

  std::uint64_t s_[4];
};

// The generator, the action constructor and the small accessors of the rollout loop are defined in
// the headers: a rollout draws a few dozen numbers, and calls between files are never inlined (with
// in-place actions in methods.cc, this took 25-35% off a COP rollout in WebAssembly, 5-15% natively).

// ---------------------------------------------------------------------------------------------------
// Actions.

// One choice per slot, stored inline (no allocation); slot order is the ActionSpace's.
class Action {
 public:
  Action() = default;
  Action(std::initializer_list<int> choices) {
    for (int c : choices) choice_[size_++] = static_cast<std::int16_t>(c);
  }
  int size() const { return size_; }
  int operator[](int slot) const { return choice_[slot]; }
  void set(int slot, int choice) { choice_[slot] = static_cast<std::int16_t>(choice); }
  void resize(int n) { size_ = static_cast<std::uint8_t>(n); }
  bool operator==(const Action& other) const;
  bool operator!=(const Action& other) const { return !(*this == other); }
  bool operator<(const Action& other) const;  // lexicographic, for ordered containers
  std::uint64_t hash() const;

 private:
  std::array<std::int16_t, kMaxSlots> choice_{};
  std::uint8_t size_ = 0;
};

struct ActionHash {
  std::size_t operator()(const Action& a) const { return static_cast<std::size_t>(a.hash()); }
};

// A sub-action slot: its name ("about c", "A Paris", "to") and the labels of its choices.
struct Slot {
  std::string name;
  std::vector<std::string> choices;
};

// What one player may do at a decision node: the product of its slots' choices.
struct ActionSpace {
  std::vector<Slot> slots;

  // The number of actions (saturates at INT64_MAX for huge products).
  std::int64_t size() const;
  // The index-th action in mixed radix, the last slot fastest (index < size()).
  Action decode(std::int64_t index) const;
  std::int64_t encode(const Action& action) const;
  bool contains(const Action& action) const;
  // "guilty, innocent"-style: the chosen labels joined; slot names with `named`.
  std::string label(const Action& action, bool named = false) const;
  // The action whose labels are `labels` (one per slot); false when one is unknown.
  bool parse(const std::vector<std::string>& labels, Action* action) const;
};

// ---------------------------------------------------------------------------------------------------
// States.

enum class NodeType { kChance, kDecision, kTerminal };

class State {
 public:
  virtual ~State() = default;

  virtual NodeType type() const = 0;

  // Decision nodes: the players acting now, in increasing order (one when in turn, several when
  // simultaneous); written to `players`, returning how many.
  virtual int acting(int* players) const = 0;
  // A player's legal actions at this decision node (empty slots when it does not act).
  virtual ActionSpace legal_actions(int player) const = 0;
  // Applies one action per acting player (in the order of acting()), adding the step's reward vector
  // to `reward` (num_players entries). Actions must be legal.
  virtual void apply_actions(const Action* joint, double* reward) = 0;

  // Chance nodes: the outcomes and their probabilities (summing to 1).
  virtual int num_chance_outcomes() const = 0;
  virtual double chance_probability(int outcome) const = 0;
  virtual std::string chance_label(int outcome) const = 0;
  virtual void apply_chance(int outcome, double* reward) = 0;

  // Copies: clone() allocates; copy_from() assigns into an existing state of the same game (the
  // rollout loop's scratch state), without allocating once the scratch state has grown.
  virtual std::unique_ptr<State> clone() const = 0;
  virtual void copy_from(const State& other) = 0;

  // Text: serialise() round-trips through Game::deserialise(); describe() is for people (the page's
  // state view), a JSON object.
  virtual std::string serialise() const = 0;
  virtual std::string describe() const = 0;
  // How many decision and chance nodes lie behind this state.
  virtual int move_number() const = 0;

  // What `player` knows at this decision node, as a text: two nodes with the same text are one
  // information set of the player (it cannot tell them apart). It must determine the player's policy
  // and legal actions there, and remember the player's own earlier moves and information (perfect
  // recall). The default, the whole state, suits games whose only hidden moves are simultaneous ones
  // (the state at a simultaneous node is the one before any of them): user-written games.
  virtual std::string information(int player) const {
    (void)player;
    return serialise();
  }
};

// ---------------------------------------------------------------------------------------------------
// Policies and values.

// A stochastic policy for one player, π_i(a | s).
class Policy {
 public:
  virtual ~Policy() = default;
  // Draws an action for `player` at `state` (a decision node where it acts), with exactly as many
  // rng draws as the policy's documented scheme (so compared rollouts stay aligned).
  virtual Action sample(const State& state, int player, Rng& rng) const = 0;
  // The distribution over actions with positive probability (summing to 1), for exact methods. Only
  // asked where support_bound() is at most kMaxListedActions.
  virtual void distribution(const State& state, int player,
                            std::vector<std::pair<Action, double>>* out) const = 0;
  // An upper bound on the number of actions with positive probability at this state. A Diplomacy
  // power's orders are a product over its units, far too many to list: callers ask this first and,
  // above kMaxListedActions, work from samples instead (listed_distribution). Default: the number of
  // legal actions.
  virtual double support_bound(const State& state, int player) const;
};

// policy.distribution(state, player, out), checked: at a node where the player acts its policy gives at
// least one action of positive probability. Readers refuse policies that could not (weights that are all
// 0 or sum beyond the largest double), so an empty list is a bug: it throws RequestError engine.internal
// naming the player and the state, where indexing the list would crash.
void checked_distribution(const Policy& policy, const State& state, int player,
                          std::vector<std::pair<Action, double>>* out);

// The most actions a policy's distribution is listed with; beyond, it is estimated from draws.
inline constexpr std::int64_t kMaxListedActions = std::int64_t{1} << 16;

// A policy's distribution at a state, most probable first (ties in the policy's order): exact where its
// support is at most kMaxListedActions, else the frequencies of `draws` seeded draws.
struct ListedDistribution {
  std::vector<std::pair<Action, double>> actions;
  bool exact = true;
  std::int64_t draws = 0;  // when not exact
};
ListedDistribution listed_distribution(const Policy& policy, const State& state, int player,
                                       std::int64_t draws = 4096, std::uint64_t seed = 0);

// Per-slot marginals of a policy at a state: marginal[slot][choice] (from listed_distribution: exact,
// or estimated from draws where the support is too large to list).
std::vector<std::vector<double>> marginals(const Policy& policy, const State& state, int player);

// ---------------------------------------------------------------------------------------------------
// Games.

struct Fixed;  // methods.h: an action fixed at a step of Simulate

// What a game's V(s) is: `kind` names it ("rollout": the return of one play to the end with the
// policies; "rollouts": the mean return of n such plays; "heuristic": a function of the state the game
// computes; "expression": the file's expressions; "exact": the expected return, by enumeration),
// `description` says it in a sentence.
struct ValueInfo {
  std::string kind;
  std::string description;
};

// The rollout loop of Simulate (methods.h) from one state, made by Game::rollouts (rollout.h).
class Rollouts {
 public:
  virtual ~Rollouts() = default;
  // Rollout j under `seed`: writes depth × players utilities to `rows`, and the step-0 actions to
  // `first` (players entries; untouched for players who do not act) when not null.
  virtual void run(std::uint64_t seed, std::int64_t j, double* rows, Action* first) = 0;
};

class Game {
 public:
  virtual ~Game() = default;

  virtual int num_players() const = 0;
  virtual std::string player_name(int player) const = 0;
  // The game's starting position.
  virtual std::unique_ptr<State> initial_state() const = 0;
  // A state from serialise()'s text; nullptr with `error` set when the text is not one.
  virtual std::unique_ptr<State> deserialise(std::string_view text, std::string* error) const = 0;
  // The discount γ of the paper's utility γ·V(s') + R.
  virtual double discount() const { return 1.0; }
  // The agents' policies (the "policies we assume they employ").
  virtual const Policy& policy(int player) const = 0;
  // Whether value() is a heuristic for non-terminal states. When false, V is a Monte Carlo estimate:
  // the methods roll out with the policies to the end and use the return.
  virtual bool has_heuristic_value() const { return false; }
  // How many plays to the end the Monte Carlo V averages (when has_heuristic_value() is false): each
  // row of Simulate then draws that many continuations, one after the other from the rollout's stream.
  virtual int value_rollouts() const { return 1; }
  // Which V the methods use, said in every reply that depends on it (docs/games.md, "Value functions").
  virtual ValueInfo value_info() const;
  // V(s) per player (num_players entries): 0 at terminal states; the heuristic elsewhere.
  virtual void value(const State& state, double* v) const;
  // The board a game is played on, for the page to draw (a JSON object: Risk's territories, Diplomacy's
  // provinces with their coordinates), or empty for games without one. `describe` returns it.
  virtual std::string board() const { return {}; }
  // An upper bound on the number of steps of any play (decision and chance nodes), for rollouts.
  virtual int max_length() const = 0;
  // Simulate's rollouts from `start` (a state of this game), `depth` steps, with the `fixed` actions
  // (both must outlive the result). The default works through the virtual methods of State and
  // Policy; a game with final state and policy classes returns make_rollouts<ItsState, ItsPolicy>
  // (rollout.h), the same loop compiled against them: the same rows, fewer indirect calls.
  virtual std::unique_ptr<Rollouts> rollouts(const State& start, int depth,
                                             const std::vector<Fixed>& fixed) const;
};

// Index of the player named `name`, or −1.
int find_player(const Game& game, std::string_view name);

}  // namespace motive::game
