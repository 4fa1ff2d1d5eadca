// The paper's evaluations of its methods, and the counterfactual search of appendix B.2:
//   - convergence (section 5.1): how SBUE and SICA estimates settle as k grows, to pick k;
//   - counterfactual actions from partial queries (appendix B.2);
//   - MAP@K of SICA rankings against a user's friend / enemy annotations (section 5.2).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/progress.h"
#include "game/methods.h"

namespace motive::game {

// ---------------------------------------------------------------------------------------------------
// Convergence (section 5.1). For each k, `repeats` independent estimates (repeat r at seed + 1 + r)
// are compared with a reference: the exact value where the tree is small enough (within max_nodes),
// else one estimate with `reference_rollouts` at `seed`.
struct ConvergencePoint {
  std::int64_t rollouts = 0;
  std::vector<double> sbue_rmse;        // per player: RMSE of the SBUE mean against the reference
  std::optional<double> sica_cosine;    // mean cosine similarity of each estimate with the reference
  std::optional<double> sica_pairwise;  // mean cosine similarity over pairs of estimates (the paper's)
};
struct Convergence {
  bool exact_reference = false;
  std::int64_t reference_rollouts = 0;  // 0 when exact
  std::vector<double> sbue_reference;
  std::vector<Maybe> sica_reference;
  std::vector<ConvergencePoint> points;
};
Convergence convergence(const Game& game, const State& state, int player, const Action& action,
                        const std::vector<std::int64_t>& ks, int repeats, int depth, std::uint64_t seed,
                        std::int64_t reference_rollouts, std::int64_t max_nodes,
                        const Context* context = nullptr);

// Cosine similarity of two flattened p × p correlation matrices over the off-diagonal cells defined in
// both (the diagonal is always 1 and would only inflate the similarity); none when no such cell is
// defined in both, or a vector is zero.
std::optional<double> cosine(const std::vector<Maybe>& a, const std::vector<Maybe>& b);

// ---------------------------------------------------------------------------------------------------
// Counterfactual actions from partial queries (appendix B.2). A constraint asks for (do) or against
// (don't) one choice of one slot. K actions are drawn from π_i; the feasible set A′ keeps the drawn
// actions whose frequency among the draws exceeds κ, that satisfy every constraint, that differ from
// the explained action, and whose similarity is at least min_similarity. Each is scored
// α·f_sim(explained, a) + β·u_i(a), f_sim being the share of slots with the same choice and u_i the
// player's SBUE mean (common random numbers); the best is returned with its SBUE beside the
// explained action's.
struct SubActionConstraint {
  int slot = 0;
  int choice = 0;
  bool must = true;  // do (true) or don't (false)
};
struct CounterfactualOptions {
  std::int64_t draws = 1000;  // K
  double kappa = 0;
  double alpha = 1, beta = 1;
  double min_similarity = 0;
  SimulateOptions simulate;  // for the SBUE of each candidate
};
struct Candidate {
  Action action;
  double frequency = 0;               // among the K draws
  std::optional<double> probability;  // π_i(a | s); none where the policy has too many actions to list
  double similarity = 0;
  double utility = 0;  // u_i(a)
  double score = 0;
};
struct Counterfactual {
  std::vector<Candidate> feasible;  // by score, best first
  std::optional<Candidate> best;    // empty: no action satisfies the query
  std::string reason;               // why best is empty
  Sbue original, counterfactual;    // counterfactual: only when best
};
Counterfactual counterfactual(const Game& game, const State& state, int player, const Action& explained,
                              const std::vector<SubActionConstraint>& constraints,
                              const CounterfactualOptions& options, const Context* context = nullptr);
double similarity(const Action& a, const Action& b);

// ---------------------------------------------------------------------------------------------------
// MAP@K (section 5.2). For each annotated (state, player), the others are ranked by their SICA with
// the player, high to low for friends and low to high for enemies (undefined correlations last);
// AP@K = Σ_{k ≤ K} P@k·rel(k) / min(K, |relevant|); MAP@K is its mean over annotations. The random
// baseline is the exact expected AP@K of a uniformly random ranking (every permutation enumerated).
double average_precision_at_k(const std::vector<int>& ranking, const std::vector<int>& relevant, int k);
double random_average_precision_at_k(int items, const std::vector<int>& relevant, int k);
// The others of `player` ranked by SICA, high to low (undefined last, in player order).
std::vector<int> rank_by_sica(const std::vector<Maybe>& correlation, int players, int player,
                              bool descending);

}  // namespace motive::game
