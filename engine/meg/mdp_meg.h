// Maximum entropy goal-directedness (MEG, MacDermott et al. 2024) of a policy in an MDP (engine/mdp/mdp.h):
// MEG = Σ_{s,a} d_π(s) π(a|s) [log π'(a|s) + log |A|] for the best maximum-entropy predictor π', in the
// discounted sum (the bound is log|A| · Σ_s d_π(s), log|A| / (1−γ) without a horizon).
//
//  - Known utility: π' = π_β, β fitted by the root find of beta_fit.h on E_{π_β}[𝒰] = E_π[𝒰]. SoftFamily
//  solves
//    π_β and E_{π_β}[𝒰] together in the same Gauss–Seidel sweeps, warm-started from the previous β; β = ±∞ is
//    the exact limit of π_β (soft.h, extreme_row).
//  - Unknown utility over tabular state utilities u (the utility for entering each state): the objective
//    L(u) = E_π[Σ_t γ^t log π_u(A_t|S_t)] is concave with gradient ν_π − ν_{π_u}, where ν_π(s') is the
//    discounted rate of entering s' from a non-terminal state; maximised by L-BFGS, then β is refitted along
//    the best direction so that the ±∞ ends are exact.
//  - Unknown utility over a one-hidden-layer MLP of state features: the same objective through the chain rule
//    (not concave: a local optimum from a seeded start).
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "mdp/agents.h"
#include "mdp/mdp.h"
#include "meg/lbfgs.h"
#include "meg/soft.h"

namespace motive::meg {

// The default decrement tolerance of unknown-utility searches, relative to max(1, bound): tabular (concave),
// and MLP (a local optimum, whose flat directions L-BFGS creeps along for thousands of iterations otherwise).
inline constexpr double kDecrementTolerance = 1e-12;
inline constexpr double kMlpDecrementTolerance = 1e-8;

// The soft-optimal policies π_β of one utility r (S×A) on one MDP.
class SoftFamily {
 public:
  // `tolerance`: values are solved to |Q'_β − Q'*| ≤ tolerance (Q' = βQ, so log π_β is accurate to about
  // twice that) and E_{π_β}[𝒰] to tolerance relative to the utility scale.
  SoftFamily(const mdp::Mdp& mdp, const Eigen::MatrixXd& r, double tolerance = 1e-10,
             Ends ends = Ends::kMaxEntropy);

  struct Point {
    double expected_utility = 0;  // E_{π_β}[𝒰]
    int sweeps = 0;
    bool converged = false;
  };
  // Replaces the utility, keeping the last values as the next solve's starting point.
  void set_utility(const Eigen::MatrixXd& r);
  // Solves for β (finite or ±infinity); policy() is then π_β. Without `evaluate`, E_{π_β}[𝒰] is not computed
  // (expected_utility is NaN).
  Point solve(double beta, bool evaluate = true);
  const mdp::Policy& policy() const { return policy_; }
  // log π_β, accurate where π_β underflows to 0 (−infinity only where β = ±∞ excludes the action).
  const Eigen::MatrixXd& log_policy() const { return log_policy_; }
  // max |r| / (1 − γ) (times the horizon's length with a horizon): the scale of utilities and of ties.
  double scale() const { return scale_; }
  // d_{π_β}, the discounted occupancy of the last policy solved (warm-started from the previous one).
  Eigen::VectorXd occupancy();
  // After a solve at β = ±∞: whether every action ties with the best in every state.
  bool all_tied() const { return all_tied_; }

 private:
  Point solve_finite(double beta);
  Point solve_extreme(bool best);
  void evaluate_policy(Point* point);

  const mdp::Mdp& mdp_;
  std::vector<double> reward_;   // row-major r
  std::vector<char> absorbing_;  // every action stays put with probability 1
  // The state orders Gauss–Seidel sweeps cycle through, so that values travel fast in every direction: last
  // to first and back (and, in gridworlds, rows down with columns leftwards and back: the four diagonal
  // directions of the fast sweeping method); with a horizon only last to first, which is exact at once.
  std::vector<std::vector<int>> orders_;
  double tolerance_;
  Ends ends_;
  double scale_ = 0;
  std::vector<double> value_;         // V_β in utility units (log-mean-exp), warm start for the next β
  std::vector<double> policy_value_;  // W = V_{π_β}: E_{π_β}[𝒰 | S_0 = s]
  bool all_tied_ = false;
  std::vector<int> in_start_, in_pair_;  // the transitions into each state (built on first use)
  std::vector<double> in_probability_;
  std::vector<double> occupancy_;
  double solved_beta_ = std::numeric_limits<double>::quiet_NaN();  // the β policy_ is for (NaN: none)
  Point solved_;                                                   // and its point
  bool fresh_ = true;  // no solve yet: start from the values of repeating each state's utility
  mdp::Policy policy_;
  Eigen::MatrixXd log_policy_;
};

// MEG and its witnesses.
struct MdpMeg {
  double meg = 0;
  double bound = 0;             // log|A| · Σ_s d_π(s)
  double beta = 0;              // β* (±infinity at the ends); for unknown utility along inferred_utility
  double expected_utility = 0;  // E_π[𝒰] (discounted; unknown utility: of the inferred utility)
  double maxent_expected_utility = 0;  // E_{π_β*}[𝒰]
  double utility_range = 0;  // E_{π_+∞}[𝒰] − E_{π_−∞}[𝒰]; NaN when the fit did not need β = −∞
  mdp::Policy maxent_policy;
  Eigen::VectorXd contributions;     // per state: d_π(s) Σ_a π(a|s) [log π_β*(a|s) + log|A|]
  Eigen::VectorXd occupancy;         // d_π
  Eigen::VectorXd inferred_utility;  // unknown utility: per state, scaled to max |u| = 1 (β* is along it)
  Eigen::VectorXd raw_utility;       // unknown utility: the optimiser's own (unscaled) parameters' utility
  Eigen::VectorXd parameters;        // unknown utility: the optimiser's parameters (a warm start for a sweep)
  bool converged = false;
  int iterations = 0;        // β evaluations (known) or L-BFGS iterations (unknown)
  double gradient_norm = 0;  // |dL/dβ| at β* (known), ‖∇L‖_∞ (unknown)
  double tolerance = 0;      // the gradient's tolerance
  // Unknown utility: how the search stopped (LbfgsResult::stop): "gradient" or "decrement" when converged.
  std::string stop;
  double decrement = 0;  // unknown utility: the predicted further increase of L at the end
};

// Per state: d(s) Σ_a π(a|s) [log π'(a|s) + log|A|] (−infinity where π takes an action π' never takes), from
// the predictor's log-probabilities.
Eigen::VectorXd meg_contributions(const mdp::Mdp& mdp, const Eigen::VectorXd& occupancy,
                                  const mdp::Policy& agent, const Eigen::MatrixXd& log_predictor);

// Known-utility MEG of `agent` for utility r. `occupancy` is d_π (computed when empty).
MdpMeg known_utility_meg(const mdp::Mdp& mdp, const Eigen::MatrixXd& r, const mdp::Policy& agent,
                         Eigen::VectorXd occupancy = {}, Ends ends = Ends::kMaxEntropy);

// The rewards of state utilities: r(s,a) = Σ_s' T(s'|s,a) u(s') from non-terminal s, 0 from terminal states.
Eigen::MatrixXd entering_rewards(const mdp::Mdp& mdp, const Eigen::VectorXd& u);

// Unknown-utility MEG over tabular state utilities, from `start` (the previous point's parameters in a sweep;
// empty: 0). Without a decrement tolerance in `options`, the search also stops when L-BFGS predicts at most
// 1e-12 · max(1, bound) more (kDecrementTolerance).
MdpMeg state_utility_meg(const mdp::Mdp& mdp, const mdp::Policy& agent, const Eigen::VectorXd& occupancy,
                         const LbfgsOptions& options = {}, const Eigen::VectorXd& start = {},
                         Ends ends = Ends::kMaxEntropy);

// A one-hidden-layer MLP u(s) = w2 · tanh(W1 φ(s) + b1) + b2 over state features φ (rows of `features`).
struct MlpOptions {
  int hidden = 16;
  std::uint64_t seed = 1;  // initial weights: uniform in ±1/√fan_in, from this seed
};
// Unknown-utility MEG over that class (a local optimum; `start`: parameters to start from instead of the
// seed).
MdpMeg mlp_meg(const mdp::Mdp& mdp, const mdp::Policy& agent, const Eigen::VectorXd& occupancy,
               const Eigen::MatrixXd& features, const MlpOptions& mlp = {}, const LbfgsOptions& options = {},
               const Eigen::VectorXd& start = {}, Ends ends = Ends::kMaxEntropy);

// L(β) + bound (the MEG objective at β) for utility r, at each β.
std::vector<double> mdp_likelihood_curve(const mdp::Mdp& mdp, const Eigen::MatrixXd& r,
                                         const mdp::Policy& agent, const Eigen::VectorXd& occupancy,
                                         const std::vector<double>& betas, Ends ends = Ends::kMaxEntropy);

// Known-utility MEG estimated from behaviour alone: β fitted to the trajectories' mean discounted return,
// then the mean over trajectories of Σ_t γ^t [log π_β(a_t|s_t) + log|A|] with its standard error.
struct SampledMeg {
  double meg = 0;
  double standard_error = 0;
  int count = 0;
  double beta = 0;
  double mean_return = 0;
};
SampledMeg sampled_known_meg(const mdp::Mdp& mdp, const Eigen::MatrixXd& r,
                             const std::vector<std::vector<mdp::Step>>& trajectories,
                             Ends ends = Ends::kMaxEntropy);

}  // namespace motive::meg
