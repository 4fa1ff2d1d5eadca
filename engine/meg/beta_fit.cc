#include "meg/beta_fit.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace motive::meg {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

BetaFit make_fit(double beta, const BetaPoint& at, double residual, int evaluations, bool converged) {
  BetaFit fit;
  fit.beta = beta;
  fit.at = at;
  fit.residual = residual;
  fit.evaluations = evaluations;
  fit.converged = converged;
  return fit;
}

// Counts evaluations and remembers the best likelihood seen, the fallback when the budget runs out.
class Counter {
 public:
  Counter(const BetaEvaluator& evaluate, int budget) : evaluate_(evaluate), budget_(budget) {}
  BetaPoint operator()(double beta) {
    ++count_;
    BetaPoint p = evaluate_(beta);
    if (!best_seen_ || p.likelihood > best_.likelihood) {
      best_seen_ = true;
      best_ = p;
      best_beta_ = beta;
    }
    return p;
  }
  bool exhausted() const { return count_ >= budget_; }
  int count() const { return count_; }
  BetaFit best(double target) const {
    return make_fit(best_beta_, best_, std::isfinite(best_beta_) ? best_.expected_utility - target : 0,
                    count_, false);
  }

 private:
  const BetaEvaluator& evaluate_;
  int budget_;
  int count_ = 0;
  bool best_seen_ = false;
  BetaPoint best_;
  double best_beta_ = 0;
};

// Maximises the concave L on [a, b] by golden sections: the fallback when the sign of the derivative is lost
// in rounding but the likelihood still brackets the maximum.
BetaFit golden_section(Counter& eval, double a, double b, double target, const BetaFitOptions& options) {
  const double ratio = (std::sqrt(5.0) - 1) / 2;
  double x1 = b - ratio * (b - a), x2 = a + ratio * (b - a);
  BetaPoint p1 = eval(x1), p2 = eval(x2);
  while (std::abs(b - a) > options.beta_tolerance * std::max(std::abs(a), std::abs(b)) && !eval.exhausted()) {
    if (p1.likelihood >= p2.likelihood) {
      b = x2, x2 = x1, p2 = p1;
      x1 = b - ratio * (b - a);
      p1 = eval(x1);
    } else {
      a = x1, x1 = x2, p1 = p2;
      x2 = a + ratio * (b - a);
      p2 = eval(x2);
    }
  }
  BetaFit fit = eval.best(target);
  fit.converged = !eval.exhausted();
  return fit;
}

// The search proper; the ends it evaluates first are written to *plus and *minus.
BetaFit search(const BetaEvaluator& evaluate, double target, const BetaFitOptions& options,
               BetaPoint* plus_end, BetaPoint* minus_end, bool* minus_evaluated) {
  Counter eval(evaluate, options.max_evaluations);
  const BetaPoint plus = *plus_end = eval(kInf);
  // Every action ties everywhere: the decisions do not change the utility, every policy is maximum-entropy
  // for it (the uniform one included) and L is constant.
  if (plus.all_tied) {
    *minus_end = plus;
    *minus_evaluated = true;
    // Evaluated before the count is read: the order of a call's arguments is unspecified (GCC and
    // Clang differ, and the wasm module reported one evaluation more than the native engine).
    const BetaPoint zero = eval(0);
    return make_fit(0, zero, 0, eval.count(), true);
  }
  // π puts all its mass on the best actions wherever it goes: L(+∞) is finite and, L being concave with
  // L' = E_π[𝒰] − E_{π_β}[𝒰] ≥ 0 everywhere, it is the supremum.
  const double plus_scale = std::max(std::abs(plus.expected_utility), options.utility_scale);
  if (std::isfinite(plus.likelihood) &&
      target >= plus.expected_utility - options.utility_tolerance * plus_scale)
    return make_fit(kInf, plus, 0, eval.count(), true);
  auto done = [&](double beta, const BetaPoint& p, double residual) {
    return make_fit(beta, p, residual, eval.count(), true);
  };
  auto g = [&](const BetaPoint& p) { return p.expected_utility - target; };
  const BetaPoint zero = eval(0);
  double magnitude = std::max(std::abs(plus.expected_utility), std::abs(zero.expected_utility));
  double scale = std::max({plus.expected_utility - zero.expected_utility, magnitude, options.utility_scale});
  // The best policy does no better than the uniform one, within rounding: as above, L is constant.
  const double gain = plus.expected_utility - zero.expected_utility;
  if (gain <= options.utility_tolerance * std::max(magnitude, options.utility_scale)) return done(0, zero, 0);
  if (std::abs(g(zero)) <= options.residual_tolerance * scale) return done(0, zero, g(zero));
  // An agent better than uniform has β* > 0 (L'(0) > 0) and −∞ plays no part; otherwise −∞ is the other end.
  double unit = 1 / gain;
  if (g(zero) > 0) {
    const BetaPoint minus = *minus_end = eval(-kInf);
    *minus_evaluated = true;
    magnitude = std::max(magnitude, std::abs(minus.expected_utility));
    scale = std::max({scale, zero.expected_utility - minus.expected_utility, magnitude});
    if (std::isfinite(minus.likelihood) &&
        target <= minus.expected_utility + options.utility_tolerance * scale)
      return done(-kInf, minus, 0);
    unit = 1 / std::max(zero.expected_utility - minus.expected_utility, 1e-300);
  }
  const double residual_tolerance = options.residual_tolerance * scale;

  // Bracket the root by steps growing fourfold away from 0, in the direction L increases.
  const double direction = g(zero) < 0 ? 1.0 : -1.0;
  double lo = 0, previous_lo = 0;
  BetaPoint at_lo = zero;
  double hi = direction * unit;
  BetaPoint at_hi = eval(hi);
  while (g(at_hi) * direction < 0) {
    if (at_hi.likelihood < at_lo.likelihood) return golden_section(eval, previous_lo, hi, target, options);
    if (eval.exhausted() || std::abs(hi) > 1e300) return eval.best(target);
    previous_lo = lo;
    lo = hi, at_lo = at_hi;
    hi *= 4;
    at_hi = eval(hi);
  }
  if (g(at_hi) == 0) return done(hi, at_hi, 0);

  // Brent's method on g(β) = E_{π_β}[𝒰] − E_π[𝒰] over [lo, hi] (Brent 1973, as in Numerical Recipes' zbrent).
  double a = lo, b = hi, c = hi;
  BetaPoint pa = at_lo, pb = at_hi, pc = at_hi;
  double fa = g(pa), fb = g(pb), fc = fb;
  double d = b - a, e = d;
  const double eps = std::numeric_limits<double>::epsilon();
  while (true) {
    if ((fb > 0 && fc > 0) || (fb < 0 && fc < 0)) {
      c = a, pc = pa, fc = fa;
      d = e = b - a;
    }
    if (std::abs(fc) < std::abs(fb)) {
      a = b, pa = pb, fa = fb;
      b = c, pb = pc, fb = fc;
      c = a, pc = pa, fc = fa;
    }
    double tol = 2 * eps * std::abs(b) + 0.5 * options.beta_tolerance * std::abs(b);
    double xm = 0.5 * (c - b);
    // L is concave with L'(β) = −g(β), so max L ≤ L(b) + |g(b)| |c − b|: b is good enough once that gap is.
    const bool likelihood_settled = std::abs(fb) * std::abs(c - b) <=
                                    options.likelihood_tolerance * std::max(1.0, std::abs(pb.likelihood));
    if (std::abs(xm) <= tol || std::abs(fb) <= residual_tolerance || likelihood_settled)
      return done(b, pb, fb);
    if (eval.exhausted()) {
      BetaFit fit = done(b, pb, fb);
      fit.converged = false;
      return fit;
    }
    if (std::abs(e) >= tol && std::abs(fa) > std::abs(fb)) {
      double s = fb / fa, p, q;
      if (a == c) {
        p = 2 * xm * s;
        q = 1 - s;
      } else {
        double qa = fa / fc, r = fb / fc;
        p = s * (2 * xm * qa * (qa - r) - (b - a) * (r - 1));
        q = (qa - 1) * (r - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      p = std::abs(p);
      if (2 * p < std::min(3 * xm * q - std::abs(tol * q), std::abs(e * q))) {
        e = d;
        d = p / q;
      } else {
        d = xm, e = d;
      }
    } else {
      d = xm, e = d;
    }
    a = b, pa = pb, fa = fb;
    b += std::abs(d) > tol ? d : std::copysign(tol, xm);
    pb = eval(b);
    fb = g(pb);
  }
}

}  // namespace

BetaFit fit_beta(const BetaEvaluator& evaluate, double target, const BetaFitOptions& options) {
  BetaPoint plus, minus;
  bool minus_evaluated = false;
  BetaFit fit = search(evaluate, target, options, &plus, &minus, &minus_evaluated);
  fit.plus = plus;
  fit.minus = minus;
  fit.minus_evaluated = minus_evaluated;
  return fit;
}

std::vector<double> default_likelihood_betas(double beta_star, double utility_range) {
  const double unit = utility_range > 0 ? 1 / utility_range : 1;
  const double half_width = std::max(std::isfinite(beta_star) ? 3 * std::abs(beta_star) : 0.0, 4 * unit);
  std::vector<double> betas = {-kInf};
  for (int i = 0; i <= 80; ++i) betas.push_back(half_width * (i - 40) / 40.0);
  if (std::isfinite(beta_star)) betas.push_back(beta_star);
  betas.push_back(kInf);
  std::sort(betas.begin(), betas.end());
  betas.erase(std::unique(betas.begin(), betas.end()), betas.end());
  return betas;
}

}  // namespace motive::meg
