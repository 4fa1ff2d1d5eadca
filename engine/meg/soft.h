// The soft-optimal choice at one decision point, shared by MEG in CIDs and in MDPs.
//
// Values are kept in utility units and the soft value is the log-*mean*-exp, (1/β) log((1/n) Σ_a exp(β Q_a)):
// it differs from the usual log-sum-exp by log(n)/β, a constant per decision that never changes a
// soft-optimal policy, and unlike it stays finite and accurate as β → 0 (it tends to the mean of Q). Every
// exponent is β (Q_a − m) ≤ 0 with m the best value for the sign of β, so nothing overflows for any β.
#pragma once

#include <cmath>

#include "core/params.h"

namespace motive::meg {

// What π_{±∞} is. kMaxEntropy: the limit of π_β (extreme_row), the maximum-entropy policy of the best (worst)
// expected utility, so that L(β) is continuous at the ends and MEG is the maximum over Def. 3.1's set.
// kUniform: uniform over the best (worst) actions at every decision, meg.md §1's shorthand (the same for one
// decision, and whenever the best actions are unique); with several decisions and ties it is not
// maximum-entropy, and a large finite β can then predict better than it.
enum class Ends { kMaxEntropy, kUniform };

// The request's "at_infinity": "maxent" (the default) or "uniform".
inline Ends ends_param(const Params& params) {
  return params.string("at_infinity") == "uniform" ? Ends::kUniform : Ends::kMaxEntropy;
}

// Writes π_β(·) over one row of n action values q into pi (and log π_β into log_pi, if not null: accurate
// where π_β underflows) and returns the row's soft value, for a finite β (0 gives the uniform policy and the
// mean). For β = ±∞ see extreme_row.
inline double soft_row(const double* q, int n, double beta, double* pi, double* log_pi = nullptr) {
  if (beta == 0) {
    double mean = 0;
    for (int a = 0; a < n; ++a) mean += q[a], pi[a] = 1.0 / n;
    if (log_pi)
      for (int a = 0; a < n; ++a) log_pi[a] = -std::log(static_cast<double>(n));
    return mean / n;
  }
  double m = q[0];
  for (int a = 1; a < n; ++a) m = beta > 0 ? std::fmax(m, q[a]) : std::fmin(m, q[a]);
  double sum = 0, sum_minus_one = 0;
  for (int a = 0; a < n; ++a) {
    double x = beta * (q[a] - m);
    // exp(x) − 1 without cancellation near 0, and exp(x) without underflowing to 1 − 1 far below it, with one
    // transcendental call per action.
    double e_minus_one;
    if (x > -0.5) {
      e_minus_one = std::expm1(x);
      pi[a] = e_minus_one + 1;
    } else {
      pi[a] = std::exp(x);
      e_minus_one = pi[a] - 1;
    }
    sum += pi[a];
    sum_minus_one += e_minus_one;
  }
  for (int a = 0; a < n; ++a) pi[a] /= sum;
  if (log_pi) {
    const double log_sum = std::log(sum);
    for (int a = 0; a < n; ++a) log_pi[a] = beta * (q[a] - m) - log_sum;
  }
  return m + std::log1p(sum_minus_one / n) / beta;
}

// π_{±∞}, the limit of π_β as β → ±∞, over one row: Q'_β(a) = β Q(a) + h(a) + o(1), with Q the optimal
// (worst-case) values and h the entropy to go of the maximum-entropy optimal (worst) continuation, so the
// limit puts all mass on the actions whose Q is within `tie` of the best (worst) one and, among them, π(a) ∝
// exp(h(a)): it prefers the actions that keep more optimal (worst) continuations open, and is the
// maximum-entropy policy of that expected utility (Def. 3.1). Not simply uniform over the best actions once
// several decisions follow one another. Writes pi and returns the row's entropy to go, log Σ_best exp(h(a));
// the row's value is the best (worst) q. With Ends::kUniform, h is ignored (uniform over the best actions).
inline double extreme_row(const double* q, const double* h, int n, bool best, double tie, double* pi,
                          double* log_pi = nullptr, Ends ends = Ends::kMaxEntropy) {
  double m = q[0];
  for (int a = 1; a < n; ++a) m = best ? std::fmax(m, q[a]) : std::fmin(m, q[a]);
  const bool uniform = ends == Ends::kUniform;
  double top = uniform ? 0.0 : -HUGE_VAL;
  for (int a = 0; a < n && !uniform; ++a)
    if (std::abs(q[a] - m) <= tie) top = std::fmax(top, h[a]);
  double sum = 0;
  for (int a = 0; a < n; ++a)
    sum += pi[a] = std::abs(q[a] - m) <= tie ? (uniform ? 1.0 : std::exp(h[a] - top)) : 0.0;
  for (int a = 0; a < n; ++a) pi[a] /= sum;
  if (log_pi)
    for (int a = 0; a < n; ++a)
      log_pi[a] = std::abs(q[a] - m) > tie ? -HUGE_VAL : (uniform ? 0.0 : h[a] - top) - std::log(sum);
  return top + std::log(sum);
}

}  // namespace motive::meg
