#include "adventure/meg.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "adventure/components.h"
#include "meg/beta_fit.h"

namespace motive::adventure {
namespace {

// The soft-optimal policies π_β of one utility on an acyclic state graph, solved from the endings back.
class SoftSolver {
 public:
  SoftSolver(const Adventure& game, const std::vector<double>& utility) : g_(game.graph), utility_(utility) {
    if (g_.states() == 0) return;
    const internal::Components comps = internal::components(g_, g_.start_target);
    for (int c = 0; c < comps.count(); ++c) {
      const int s = comps.members[comps.start[c]];
      bool self_loop = false;
      for (int e = g_.edge_start[s]; e < g_.edge_start[s + 1]; ++e) self_loop |= g_.edge_target[e] == s;
      if (comps.start[c + 1] - comps.start[c] > 1 || self_loop)
        throw RequestError("analysis.not_supported",
                           "soft-optimal policies and MEG need a game without loops: scene \"" +
                               game.scenes[g_.scene[s]].id +
                               "\" can be returned to with the same stats and achievements",
                           "in a loop the soft-optimal policy could go round for ever");
    }
    order_ = comps.members;  // successors first
    for (double u : utility) scale_ = std::max(scale_, std::abs(u));
    scale_ *= std::max(1, static_cast<int>(order_.size()));  // a bound on any play's total
    value_.assign(g_.states(), 0);
    scaled_.assign(g_.states(), 0);
    log_policy_.assign(g_.edges(), 0);
    probability_.assign(g_.edges(), 0);
  }

  // Solves π_β (β finite, or ±infinity: uniform over the best, or the worst, choices).
  void solve(double beta) {
    all_tied_ = true;
    const double tie = 1e-12 * std::max(1.0, scale_);
    for (int s : order_) {
      const int first = g_.edge_start[s], last = g_.edge_start[s + 1], n = last - first;
      if (beta == 0) {
        double v = 0;
        for (int e = first; e < last; ++e) v += q(e) / n;
        value_[s] = v;
        for (int e = first; e < last; ++e) log_policy_[e] = -std::log(static_cast<double>(n));
        continue;
      }
      if (std::isinf(beta)) {
        double best = beta > 0 ? -INFINITY : INFINITY;
        for (int e = first; e < last; ++e) best = beta > 0 ? std::max(best, q(e)) : std::min(best, q(e));
        int ties = 0;
        for (int e = first; e < last; ++e) ties += std::abs(q(e) - best) <= tie;
        all_tied_ &= ties == n;
        for (int e = first; e < last; ++e)
          log_policy_[e] = std::abs(q(e) - best) <= tie ? -std::log(static_cast<double>(ties)) : -INFINITY;
        value_[s] = best;
        continue;
      }
      if (std::abs(beta) >= 1) {
        // V(s) = best + log Σ exp(β (q − best)) / β: within log(n) of the best, whatever β (up to 1e300).
        double best = beta > 0 ? -INFINITY : INFINITY;
        for (int e = first; e < last; ++e) best = beta > 0 ? std::max(best, q(e)) : std::min(best, q(e));
        double sum = 0;
        for (int e = first; e < last; ++e) sum += std::exp(beta * (q(e) - best));
        const double log_sum = std::log(sum);
        for (int e = first; e < last; ++e) log_policy_[e] = beta * (q(e) - best) - log_sum;
        value_[s] = best + log_sum / beta;
        continue;
      }
      // |β| < 1: the same in the scaled values W = β·V, W(s) = log Σ_e exp(β·u(e) + W(t(e))), within
      // β·V's own range plus log(n) a step. V itself grows like log(n) / β as β → 0: it overflowed for a
      // denormal β, and the policy became NaN.
      double top = -INFINITY;
      for (int e = first; e < last; ++e) top = std::max(top, scaled_q(e, beta));
      double sum = 0;
      for (int e = first; e < last; ++e) sum += std::exp(scaled_q(e, beta) - top);
      const double log_sum = std::log(sum);
      for (int e = first; e < last; ++e) log_policy_[e] = scaled_q(e, beta) - top - log_sum;
      scaled_[s] = top + log_sum;
    }
    for (int e = 0; e < g_.edges(); ++e) probability_[e] = std::exp(log_policy_[e]);
  }

  // The occupancy of each state under a policy, and its expected utility.
  double forward(const std::vector<double>& probability, std::vector<double>* occupancy) const {
    occupancy->assign(g_.states(), 0);
    if (g_.states() == 0) return 0;
    (*occupancy)[g_.start_target] = 1;
    double expected = 0;
    for (auto it = order_.rbegin(); it != order_.rend(); ++it) {
      const int s = *it;
      for (int e = g_.edge_start[s]; e < g_.edge_start[s + 1]; ++e) {
        const double mass = (*occupancy)[s] * probability[e];
        if (mass <= 0) continue;
        expected += mass * utility_[e];
        if (g_.edge_target[e] >= 0) (*occupancy)[g_.edge_target[e]] += mass;
      }
    }
    return expected;
  }

  const std::vector<double>& log_policy() const { return log_policy_; }
  const std::vector<double>& probability() const { return probability_; }
  bool all_tied() const { return all_tied_; }
  double scale() const { return scale_; }

 private:
  double q(int e) const { return utility_[e] + (g_.edge_target[e] >= 0 ? value_[g_.edge_target[e]] : 0.0); }
  // β·q(e) for a finite β, through the scaled values.
  double scaled_q(int e, double beta) const {
    return beta * utility_[e] + (g_.edge_target[e] >= 0 ? scaled_[g_.edge_target[e]] : 0.0);
  }

  const StateGraph& g_;
  const std::vector<double>& utility_;
  std::vector<int> order_;
  double scale_ = 0;
  // V for β = 0, ±∞ and |β| ≥ 1; β·V for 0 < |β| < 1.
  std::vector<double> value_, scaled_, log_policy_, probability_;
  bool all_tied_ = true;
};

}  // namespace

Policy soft_policy(const Adventure& game, const std::vector<double>& utility, double beta) {
  SoftSolver solver(game, utility);
  Policy policy;
  policy.edge_probability.assign(game.graph.edges(), 0);
  if (game.graph.states() == 0) return policy;
  solver.solve(beta);
  policy.edge_probability = solver.probability();
  return policy;
}

AdventureMeg adventure_meg(const Adventure& game, const Policy& agent, const std::vector<double>& utility,
                           const Context* context) {
  const StateGraph& g = game.graph;
  AdventureMeg out;
  SoftSolver solver(game, utility);
  if (g.states() == 0) {
    out.converged = true;
    return out;
  }
  std::vector<double> occupancy, maxent_occupancy;
  out.expected_utility = solver.forward(agent.edge_probability, &occupancy);
  for (int s = 0; s < g.states(); ++s)
    if (occupancy[s] > 0)
      out.bound += occupancy[s] * std::log(static_cast<double>(g.edge_start[s + 1] - g.edge_start[s]));
  auto likelihood = [&] {
    double l = 0;
    for (int s = 0; s < g.states(); ++s)
      for (int e = g.edge_start[s]; e < g.edge_start[s + 1]; ++e)
        if (occupancy[s] > 0 && agent.edge_probability[e] > 0)
          l += occupancy[s] * agent.edge_probability[e] * solver.log_policy()[e];
    return l;
  };
  meg::BetaFitOptions options;
  int evaluations = 0;
  auto evaluate = [&](double beta) {
    if (context)
      context->report(std::min(0.99, static_cast<double>(++evaluations) / options.max_evaluations));
    solver.solve(beta);
    meg::BetaPoint point;
    point.expected_utility = solver.forward(solver.probability(), &maxent_occupancy);
    point.likelihood = likelihood();
    point.all_tied = std::isinf(beta) && solver.all_tied();
    return point;
  };
  options.utility_scale = solver.scale();
  const meg::BetaFit fit = meg::fit_beta(evaluate, out.expected_utility, options);
  const meg::BetaPoint at = evaluate(fit.beta);
  out.beta = fit.beta;
  out.maxent_expected_utility = at.expected_utility;
  out.meg = at.likelihood + out.bound;
  out.converged = fit.converged;
  return out;
}

}  // namespace motive::adventure
