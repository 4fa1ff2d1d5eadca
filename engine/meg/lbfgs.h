// A limited-memory quasi-Newton maximiser (L-BFGS, Nocedal & Wright 2006, Algorithms 7.4 and 7.5) with a line
// search that satisfies the strong Wolfe conditions (Algorithms 3.5 and 3.6, cubic interpolation).
//
// Unknown-utility MEG maximises concave objectives whose supremum may lie at infinity (a utility scaled up
// without bound when the agent is deterministic); there the gradient tends to 0 and the search stops at the
// stated gradient tolerance with the objective within rounding of the supremum. The result always says
// whether that tolerance was met.
#pragma once

#include <functional>
#include <string>

#include <Eigen/Dense>

namespace motive::meg {

// f(x); when `gradient` is not null, also writes ∇f(x) there (already sized like x).
using Objective = std::function<double(const Eigen::VectorXd& x, Eigen::VectorXd* gradient)>;

struct LbfgsOptions {
  int memory = 30;  // correction pairs kept
  int max_iterations = 5000;
  double gradient_tolerance = 1e-9;  // converged when ‖∇f‖_∞ ≤ this
  // Also converged when the quasi-Newton model predicts at most this much further increase, ½ ∇f·p for the
  // search direction p (the decrement; 0 disables): for objectives whose supremum lies at infinity along
  // directions that barely move them, where the gradient shrinks only slowly.
  double decrement_tolerance = 0;
  double c1 = 1e-4;  // sufficient increase
  double c2 = 0.9;   // curvature (strong Wolfe)
  // Called after every iteration with the iteration count and ‖∇f‖_∞; returning false stops the search
  // (stop = "stopped").
  std::function<bool(int iteration, double gradient_norm)> on_iteration;
};

struct LbfgsResult {
  Eigen::VectorXd x;
  double value = 0;
  Eigen::VectorXd gradient;
  double gradient_norm = 0;  // ‖∇f(x)‖_∞
  int iterations = 0;
  int evaluations = 0;
  bool converged = false;  // ‖∇f‖_∞ ≤ gradient_tolerance, or the decrement ≤ decrement_tolerance
  double decrement = 0;    // ½ ∇f·p at the last iterate: the model's predicted further increase
  // "gradient" or "decrement" (converged), "max_iterations", "line_search" (no step increased f: the
  // objective is flat to rounding along the search direction), "stopped".
  std::string stop;
};

// Maximises f from x0.
LbfgsResult maximize_lbfgs(const Objective& f, const Eigen::VectorXd& x0, const LbfgsOptions& options = {});

// Writes how `search` ended into a MEG result fitted by it (CidMeg, MdpMeg: they report it alike):
// converged, stop, decrement, iterations, gradient_norm, and the gradient tolerance asked.
template <typename Result>
void report_search(const LbfgsResult& search, const LbfgsOptions& options, Result* out) {
  out->converged = search.converged;
  out->stop = search.stop;
  out->decrement = search.decrement;
  out->iterations = search.iterations;
  out->gradient_norm = search.gradient_norm;
  out->tolerance = options.gradient_tolerance;
}

}  // namespace motive::meg
