#include "meg/lbfgs.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <vector>

namespace motive::meg {
namespace {

using Eigen::VectorXd;

// One point on the search line, in minimisation terms: φ(α) = −f(x + α p), φ'(α) = −∇f · p.
struct Trial {
  double alpha = 0;
  double phi = 0;
  double slope = 0;
  VectorXd x;
  VectorXd gradient;  // ∇f (of the maximised function)
};

class LineSearch {
 public:
  LineSearch(const Objective& f, const LbfgsOptions& options, int* evaluations)
      : f_(f), options_(options), evaluations_(evaluations) {}

  // Finds a step along p from `start` (whose slope must be negative) satisfying the strong Wolfe conditions.
  // Returns false when none was found; `best` is then the lowest point seen (possibly `start`).
  bool search(const Trial& start, const VectorXd& p, double initial, Trial* best) {
    start_ = &start;
    p_ = &p;
    *best = start;
    // Near the optimum φ is flat to rounding: there the decrease condition is relaxed to φ ≤ φ(0) + ε and the
    // slopes decide (the approximate Wolfe conditions of Hager & Zhang 2005), so the search still progresses
    // on gradient information until the gradient tolerance is met.
    flat_ = 1e-14 * std::max(1.0, std::abs(start.phi));
    Trial previous = start;
    previous.alpha = 0;
    double alpha = initial;
    for (int i = 0; i < 40; ++i) {
      Trial t = evaluate(alpha);
      if (t.phi < best->phi) *best = t;
      if (!sufficient(t) || (i > 0 && t.phi > previous.phi + flat_)) return zoom(previous, t, best);
      if (std::abs(t.slope) <= -options_.c2 * start.slope) {
        *best = t;
        return true;
      }
      if (t.slope >= 0) return zoom(t, previous, best);
      previous = t;
      alpha *= 4;
    }
    return false;
  }

 private:
  bool sufficient(const Trial& t) const {
    return std::isfinite(t.phi) &&
           (t.phi <= start_->phi + options_.c1 * t.alpha * start_->slope || t.phi <= start_->phi + flat_);
  }

  Trial evaluate(double alpha) {
    ++*evaluations_;
    Trial t;
    t.alpha = alpha;
    t.x = start_->x + alpha * *p_;
    t.gradient.resize(t.x.size());
    t.phi = -f_(t.x, &t.gradient);
    t.slope = -t.gradient.dot(*p_);
    if (std::isnan(t.phi)) t.phi = std::numeric_limits<double>::infinity();
    return t;
  }

  // Algorithm 3.6: lo satisfies sufficient decrease and has the lowest φ so far; the interval between lo and
  // hi contains a step satisfying the strong Wolfe conditions.
  bool zoom(Trial lo, Trial hi, Trial* best) {
    for (int i = 0; i < 60; ++i) {
      double alpha = interpolate(lo, hi);
      if (std::abs(hi.alpha - lo.alpha) <= 1e-16 * std::max(1.0, std::abs(lo.alpha)) || alpha == lo.alpha ||
          alpha == hi.alpha)
        return false;
      Trial t = evaluate(alpha);
      if (t.phi < best->phi) *best = t;
      if (!sufficient(t) || t.phi > lo.phi + flat_) {
        hi = t;
      } else {
        if (std::abs(t.slope) <= -options_.c2 * start_->slope) {
          *best = t;
          return true;
        }
        if (t.slope * (hi.alpha - lo.alpha) >= 0) hi = lo;
        lo = t;
      }
    }
    return false;
  }

  // The minimiser of the cubic through (lo, hi) with their slopes, kept inside the middle 80% of the
  // interval; bisection when the cubic has no usable minimiser.
  static double interpolate(const Trial& lo, const Trial& hi) {
    double a = lo.alpha, b = hi.alpha;
    double left = std::min(a, b), right = std::max(a, b), width = right - left;
    double mid = 0.5 * (a + b);
    if (!std::isfinite(hi.phi)) return mid;
    double d1 = lo.slope + hi.slope - 3 * (lo.phi - hi.phi) / (a - b);
    double disc = d1 * d1 - lo.slope * hi.slope;
    if (disc < 0) return mid;
    double d2 = std::copysign(std::sqrt(disc), b - a);
    double alpha = b - (b - a) * (hi.slope + d2 - d1) / (hi.slope - lo.slope + 2 * d2);
    if (!std::isfinite(alpha) || alpha < left + 0.1 * width || alpha > right - 0.1 * width) return mid;
    return alpha;
  }

  const Objective& f_;
  const LbfgsOptions& options_;
  int* evaluations_;
  const Trial* start_ = nullptr;
  const VectorXd* p_ = nullptr;
  double flat_ = 0;
};

}  // namespace

LbfgsResult maximize_lbfgs(const Objective& f, const VectorXd& x0, const LbfgsOptions& options) {
  LbfgsResult result;
  Trial current;
  current.x = x0;
  current.gradient.resize(x0.size());
  current.phi = -f(current.x, &current.gradient);
  result.evaluations = 1;
  LineSearch line_search(f, options, &result.evaluations);
  std::deque<VectorXd> s_list, y_list;
  std::deque<double> rho_list;
  auto finish = [&](const std::string& stop) {
    result.x = current.x;
    result.value = -current.phi;
    result.gradient = current.gradient;
    result.gradient_norm = current.gradient.size() ? current.gradient.lpNorm<Eigen::Infinity>() : 0.0;
    result.converged = result.gradient_norm <= options.gradient_tolerance || stop == "decrement";
    result.stop = result.gradient_norm <= options.gradient_tolerance ? "gradient" : stop;
    return result;
  };
  for (result.iterations = 0;; ++result.iterations) {
    double norm = current.gradient.size() ? current.gradient.lpNorm<Eigen::Infinity>() : 0.0;
    if (norm <= options.gradient_tolerance) return finish("gradient");
    if (result.iterations > 0 && options.on_iteration && !options.on_iteration(result.iterations, norm))
      return finish("stopped");
    if (result.iterations >= options.max_iterations) return finish("max_iterations");
    // Two-loop recursion: q = H ∇φ with φ = −f, so the ascent direction is p = −q applied to ∇φ = −∇f.
    VectorXd q = -current.gradient;
    std::vector<double> alpha(s_list.size());
    for (std::size_t i = s_list.size(); i-- > 0;) {
      alpha[i] = rho_list[i] * s_list[i].dot(q);
      q -= alpha[i] * y_list[i];
    }
    double initial = 1;
    if (!s_list.empty()) {
      q *= s_list.back().dot(y_list.back()) / y_list.back().squaredNorm();
    } else {
      initial = 1 / std::max(1.0, current.gradient.norm());
    }
    for (std::size_t i = 0; i < s_list.size(); ++i) {
      double beta = rho_list[i] * y_list[i].dot(q);
      q += s_list[i] * (alpha[i] - beta);
    }
    VectorXd p = -q;
    current.slope = -current.gradient.dot(p);
    if (!(current.slope < 0)) {
      // Not a descent direction of φ (rounding in the memory): restart from steepest ascent.
      s_list.clear(), y_list.clear(), rho_list.clear();
      p = current.gradient;
      current.slope = -p.squaredNorm();
      initial = 1 / std::max(1.0, p.norm());
    } else {
      result.decrement = -0.5 * current.slope;
      if (!s_list.empty() && result.decrement <= options.decrement_tolerance) return finish("decrement");
    }
    Trial next;
    bool found = line_search.search(current, p, initial, &next);
    if (!found && !(next.phi < current.phi)) {
      if (s_list.empty()) return finish("line_search");
      // Retry once from steepest ascent with a fresh memory before giving up.
      s_list.clear(), y_list.clear(), rho_list.clear();
      continue;
    }
    VectorXd s = next.x - current.x;
    VectorXd y = current.gradient - next.gradient;  // ∇φ(next) − ∇φ(current)
    double sy = s.dot(y);
    if (sy > 1e-300 && std::isfinite(sy)) {
      s_list.push_back(s), y_list.push_back(y), rho_list.push_back(1 / sy);
      if (static_cast<int>(s_list.size()) > options.memory)
        s_list.pop_front(), y_list.pop_front(), rho_list.pop_front();
    }
    current = std::move(next);
  }
}

}  // namespace motive::meg
