// The explanation methods of Orner et al. (section 4, appendix B) for any Game (game.h).
//
// Every sampled method is seeded and reproducible: rollout j draws from Rng(seed, j) alone, so a run
// split over workers (simulate_range) gives the same rows as one run, and two actions compared at the
// same seed see the same random numbers in rollout j (common random numbers). Where the tree below a
// state is small enough, the same quantities are computed EXACTLY by enumerating the other agents'
// joint actions and the chance outcomes (exact_moments), so a sampled value can be shown beside its
// exact one.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/progress.h"
#include "game/game.h"

namespace motive::game {

// One (a_e^i, d_e) of Algorithm 1's C: player `player` plays `action` at step `step` (0-based).
struct Fixed {
  int player = 0;
  int step = 0;
  Action action;
};

struct SimulateOptions {
  std::int64_t rollouts = 1000;  // k
  int depth = 1;                 // d: decision steps per rollout
  std::uint64_t seed = 1;
  // Record every acting player's action at step 0 of each rollout (for probable actions).
  bool record_first_actions = false;
};

// Simulate's output: the (k·d) × p matrix X of Algorithm 1 (row j·d + t: the utility vector
// γ^{t+1}·V(s_{t+1}) + Σ_{u≤t} γ^u R_{u+1} after step t of rollout j), row-major.
struct Samples {
  int players = 0;
  int depth = 0;
  std::int64_t rollouts = 0;
  std::vector<double> rows;
  // With record_first_actions: first_actions[j·p + i] is player i's step-0 action in rollout j
  // (size 0 when i did not act).
  std::vector<Action> first_actions;
  double at(std::int64_t row, int player) const { return rows[row * players + player]; }
};

// The budgets of the sampled methods (docs/games.md, "Budgets"). A simulation keeps its rows (rollouts ×
// depth × players numbers) and, for probable actions, each rollout's first actions: at most
// kMaxSimulationBytes, refused before allocating (analysis.budget_exceeded), so that a huge request gets the
// same answer natively and in WebAssembly (where it was a length_error, natively a late bad_alloc). An
// analysis runs at most kMaxRolloutSteps rollout steps (Σ rollouts × depth over its simulations).
inline constexpr std::int64_t kMaxSimulationBytes = std::int64_t{256} << 20;
inline constexpr std::int64_t kMaxRolloutSteps = 100'000'000;

// The memory one simulation keeps, in bytes (saturating far above kMaxSimulationBytes).
double simulation_bytes(const SimulateOptions& options, int players);

// Algorithm 1, Simulate(s, k, d, C). A step is one decision node: the acting players' joint action
// (drawn from the policies, then each fixed pair replacing its player's action, as in the paper), and
// the chance nodes that follow it (part of the stochastic transition T). Chance nodes pending at `s`
// are resolved first. A rollout that ends before depth d repeats its final utility in the rows left.
// V(s') is the game's heuristic, or, for games without one, a Monte Carlo estimate: the play is
// finished with the policies and its discounted rewards used (one rollout per row: unbiased).
// `context` (may be null) receives progress and may cancel (throws Cancelled). Throws RequestError
// analysis.budget_exceeded when the rows would take more than kMaxSimulationBytes.
Samples simulate(const Game& game, const State& state, const SimulateOptions& options,
                 const std::vector<Fixed>& fixed, const Context* context = nullptr);
// Rollouts [first, last) only, exactly as simulate() computes them: for splitting work.
Samples simulate_range(const Game& game, const State& state, const SimulateOptions& options,
                       const std::vector<Fixed>& fixed, std::int64_t first, std::int64_t last,
                       const Context* context = nullptr);

// A number that may be undefined, with the reason ("agent c's utility does not vary ...").
struct Maybe {
  std::optional<double> value;
  std::string reason;  // why value is empty
};

// ---------------------------------------------------------------------------------------------------
// SBUE (Algorithm 2): the mean utility vector of depth-d simulations in which `player` plays `action`
// at step 0, with standard errors (of the per-rollout mean of its d rows). The z-score variant
// (section 4.2) standardises each column by the mean and deviation of the unconstrained simulation
// at the same seed (common random numbers).
struct Sbue {
  std::vector<double> mean;
  std::vector<double> standard_error;
  std::vector<Maybe> z;  // (mean − μ) / σ; undefined when σ = 0
  std::vector<Maybe> z_standard_error;
  std::vector<double> baseline_mean;       // μ: the unconstrained simulation's mean
  std::vector<double> baseline_deviation;  // σ
};
Sbue sbue(const Game& game, const State& state, int player, const Action& action,
          const SimulateOptions& options, const Context* context = nullptr);
// The same with the unconstrained simulation given (simulate(game, state, options, {})): it does not
// depend on the action, so SBUE of several actions at one seed (the page's alternatives) runs it once.
Sbue sbue(const Game& game, const State& state, int player, const Action& action,
          const SimulateOptions& options, const Samples& baseline, const Context* context = nullptr);
// SBUE of a joint explained action: several players' actions fixed together at step 0 (`fixed`, steps
// 0), every other player drawing from its policy.
Sbue sbue(const Game& game, const State& state, const std::vector<Fixed>& fixed,
          const SimulateOptions& options, const Samples& baseline, const Context* context = nullptr);

// SICA (Algorithm 3): the p × p Pearson correlation matrix of the columns of Simulate(s, k, d, ∅).
// A pair with a constant column has no correlation: the cell is undefined with the reason, never 0.
// Standard errors by the delta method with the rollout as the unit (correlation_standard_errors).
struct Sica {
  std::vector<Maybe> correlation;     // p × p, row-major
  std::vector<Maybe> standard_error;  // p × p
  std::vector<double> mean;           // per player, for reference
};
Sica sica(const Game& game, const State& state, const SimulateOptions& options,
          const Context* context = nullptr);
// SICA of given samples (the correlation of their columns).
std::vector<Maybe> correlation_matrix(const Samples& samples, std::int64_t first_row, std::int64_t last_row,
                                      const Game& game);
// The standard error of each correlation of correlation_matrix(samples, 0, all rows) by the delta method.
// The rollouts are independent but a rollout's d rows are not, so the unit is the rollout: with
// u_j, x_j, y_j rollout j's sums of centred cross products and squares of two columns and U, X, Y their
// means, r = U / √(XY) and its linearisation gives r̂ − r ≈ mean_j ψ_j with
//   ψ_j = (u_j − U) / √(XY) − (r/2)·((x_j − X)/X + (y_j − Y)/Y),
// so SE² = Σ_j ψ_j² / (k (k − 1)). (Batch means over 20 batches, used before, were themselves noisy by
// about 16% and missed the exact value more often than their nominal 5%; this one is tested for
// coverage: GameSica.StandardErrorsCoverTheExactValue.)
std::vector<Maybe> correlation_standard_errors(const Samples& samples, const std::vector<Maybe>& correlation);

// ---------------------------------------------------------------------------------------------------
// Probable actions (section 4.3): with `player` playing `action` at step 0, each other acting
// agent's most frequent action over the simulations and its frequency, with per-slot marginals;
// then, greedily for `turns` − 1 more steps, every acting agent's most probable action under its
// policy (ties: the first), the most probable chance outcome between steps.
struct ProbableAction {
  int step = 0;
  int player = 0;
  Action action;
  double frequency = 0;                        // among the simulations (step 0) or π's probability
  bool sampled = false;                        // step 0: from the simulations
  std::vector<std::vector<double>> marginals;  // [slot][choice]
  ActionSpace space;                           // the player's slots at that step, for labels
  // Step 0, where the policy can list its distribution: its most probable action, that action's
  // probability and the exact marginals (what the frequencies above estimate: the others' step-0
  // draws do not depend on the fixed actions, which are simultaneous with them).
  bool exact = false;
  Action exact_action;
  double probability = 0;
  std::vector<std::vector<double>> exact_marginals;
};
struct Probable {
  std::vector<ProbableAction> actions;
  std::vector<std::string> chance;  // chance outcome labels taken between steps, in order
  std::string final_state;          // serialised state after the greedy trajectory
};
Probable probable_actions(const Game& game, const State& state, int player, const Action& action, int turns,
                          const SimulateOptions& options, const Context* context = nullptr);
// The same for a joint explained action (several players' actions fixed at step 0): the players
// without a fixed action are the others.
Probable probable_actions(const Game& game, const State& state, const std::vector<Fixed>& fixed, int turns,
                          const SimulateOptions& options, const Context* context = nullptr);

// ---------------------------------------------------------------------------------------------------
// Exact moments of Simulate's rows: the mean utility vector and the mean of its outer product over
// all (rollout, step) rows, by enumerating every joint action of the policies (with `fixed`) and
// every chance outcome, to depth d. For games without a heuristic value, Simulate's V(s') is the
// mean return of n plays to the end (Game::value_rollouts), so the enumeration goes on to every
// terminal leaf: with n = 1 each row is a realised return, and its leaves are the rows; with n > 1,
// given s' the row is c + γ'·(the mean of n independent returns G), whose second moment is
// (c + γ'μ)(c + γ'μ)ᵀ + γ'²·Cov(G | s') / n, from the conditional moments of G enumerated below s'.
// Stops after `max_nodes` nodes, or before starting when the tree's size estimated along one path
// exceeds it: complete == false then, with nothing else meaningful.
struct Exact {
  bool complete = false;
  std::int64_t nodes = 0;
  std::vector<double> mean;    // p
  std::vector<double> second;  // p × p: E[X_i X_j]
};
Exact exact_moments(const Game& game, const State& state, int depth, const std::vector<Fixed>& fixed,
                    std::int64_t max_nodes, const Context* context = nullptr);
// The correlation matrix of exact moments (undefined cells with reasons, as SICA).
std::vector<Maybe> exact_correlation(const Exact& exact, const Game& game);
// The exact mean and deviation of every column of Simulate's rows (all steps pooled, as SBUE's
// z-scores standardise): the deviation from the second moment.
std::vector<double> exact_deviation(const Exact& exact);

// The exact distribution of Simulate's rows: for each step t < d, the distinct utility vectors row t
// can take with their probabilities (equal rows merged), most probable first. Available where the
// tree fits `max_nodes` and V is a function of the state or the return of one play (with the mean of
// n > 1 plays only the moments are exact); a step with more than `max_support` distinct rows makes it
// unavailable too. `reason` says why when not complete.
struct RowDistribution {
  bool complete = false;
  std::string reason;
  std::int64_t nodes = 0;
  std::vector<std::vector<std::pair<std::vector<double>, double>>> steps;
};
RowDistribution exact_rows(const Game& game, const State& state, int depth, const std::vector<Fixed>& fixed,
                           std::int64_t max_nodes, std::int64_t max_support,
                           const Context* context = nullptr);

// ---------------------------------------------------------------------------------------------------
// Helpers for analyses and tests.

// Plays chance outcomes to the first decision node (or terminal), drawing from `rng`; adds rewards.
// Returns the type of the node it stops at (a decision node or a terminal).
NodeType resolve_chance(State& state, Rng& rng, double* reward);

}  // namespace motive::game
