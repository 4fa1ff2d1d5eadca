// Fitting the rationality β of known-utility MEG (MacDermott et al. 2024, Def. 3.2 in its soft-optimal form).
//
// For a fixed utility the maximum-entropy policies are the soft-optimal policies π_β, β ∈ [−∞, +∞], and
// MEG maximises L(β) = E_π[Σ log π_β] over β. L is concave with derivative E_π[𝒰] − E_{π_β}[𝒰], so the
// maximiser is the β whose soft-optimal policy has the agent's expected utility: a one-dimensional monotone
// root find. This file does that root find for any model (CID or MDP) through a callback, and handles the
// ends exactly: β* = +∞ when π puts all its mass on optimal actions (its expected utility is then the
// optimum), β* = −∞ likewise for the worst actions.
#pragma once

#include <functional>
#include <vector>

namespace motive::meg {

// The maximum-entropy family at one rationality, as the fit needs it.
struct BetaPoint {
  double expected_utility = 0;  // E_{π_β}[𝒰], nondecreasing in β
  double likelihood = 0;        // L(β) = E_π[Σ log π_β]: concave in β, −∞ allowed at the ends
  // At β = ±∞: every action ties with the best everywhere, so the utility does not depend on the decisions
  // and every π_β is uniform.
  bool all_tied = false;
};

// Evaluates the family at β (finite, or ±infinity).
using BetaEvaluator = std::function<BetaPoint(double beta)>;

struct BetaFitOptions {
  // The scale of the utilities (e.g. the largest |𝒰|), so that tolerances follow the model's units even when
  // every expected utility is near 0.
  double utility_scale = 0;
  // Expected utilities closer than this (relative to max(1, |𝒰| range)) count as equal: the agent's
  // expected utility matches an end, or the family is constant (the decisions do not matter).
  double utility_tolerance = 1e-9;
  // The root is located to this relative width in β ...
  double beta_tolerance = 1e-13;
  // ... or until |E_{π_β}[𝒰] − E_π[𝒰]| is at most this, relative to max(1, |𝒰| range) ...
  double residual_tolerance = 1e-13;
  // ... or (when positive) until L at the current β is provably within this of the maximum (relative to
  // max(1, |L|)): L is concave with L' = −(E_{π_β}[𝒰] − E_π[𝒰]), so the maximum exceeds L(b) by at most
  // |L'(b)| times the width of the bracket around the root. For costly evaluators that need L, not β, to full
  // accuracy.
  double likelihood_tolerance = 0;
  int max_evaluations = 400;
};

struct BetaFit {
  double beta = 0;         // β*, possibly ±infinity
  BetaPoint at;            // the family at β*
  double residual = 0;     // E_{π_β*}[𝒰] − E_π[𝒰]: the derivative of L at β* (0 at ±∞ ends)
  int evaluations = 0;     // calls of the evaluator
  bool converged = false;  // whether the tolerances were met within max_evaluations
  BetaPoint plus, minus;   // the family at β = +∞ and, if minus_evaluated, at β = −∞
  bool minus_evaluated = false;  // β = −∞ is evaluated only when the +∞ end does not settle the fit
};

// Finds β* = argmax L(β) for an agent whose expected utility is `target`. The evaluator's likelihood is used
// to decide the ends (L(±∞) must be finite for β* = ±∞) and as a safeguard when rounding hides the root. +∞
// is evaluated first: an agent that takes only best actions needs nothing else.
BetaFit fit_beta(const BetaEvaluator& evaluate, double target, const BetaFitOptions& options = {});

// The rationalities at which to draw L(β) when the caller names none: 81 evenly spaced points over [−B, B],
// with B three times |β*| (and at least 4 / range, range = E_{π_+∞}[𝒰] − E_{π_−∞}[𝒰], the scale on which β
// matters), plus β* itself when finite and the two ends −∞ and +∞.
std::vector<double> default_likelihood_betas(double beta_star, double utility_range);

}  // namespace motive::meg
