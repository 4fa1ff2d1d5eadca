#include "adventure/meg.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "adventure/components.h"
#include "meg/beta_fit.h"

namespace motive::adventure {

AdventureMeg adventure_meg(const Adventure& game, const Policy& agent, const std::vector<double>& utility) {
  const StateGraph& g = game.graph;
  AdventureMeg out;
  if (g.states() == 0) {
    out.converged = true;
    return out;
  }
  const internal::Components comps = internal::components(g, g.start_target);
  for (int c = 0; c < comps.count(); ++c) {
    const int s = comps.members[comps.start[c]];
    bool self_loop = false;
    for (int e = g.edge_start[s]; e < g.edge_start[s + 1]; ++e) self_loop |= g.edge_target[e] == s;
    if (comps.start[c + 1] - comps.start[c] > 1 || self_loop)
      throw RequestError("analysis.not_supported",
                         "MEG needs a game without loops: scene \"" + game.scenes[g.scene[s]].id +
                             "\" can be returned to with the same stats and achievements",
                         "in a loop the soft-optimal policy could go round for ever");
  }
  // comps.members lists successors first; the forward passes read it backwards.
  const std::vector<int>& order = comps.members;
  auto forward = [&](const std::vector<double>& probability, std::vector<double>* occupancy) {
    occupancy->assign(g.states(), 0);
    (*occupancy)[g.start_target] = 1;
    double expected = 0;
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
      const int s = *it;
      for (int e = g.edge_start[s]; e < g.edge_start[s + 1]; ++e) {
        const double mass = (*occupancy)[s] * probability[e];
        if (mass <= 0) continue;
        expected += mass * utility[e];
        if (g.edge_target[e] >= 0) (*occupancy)[g.edge_target[e]] += mass;
      }
    }
    return expected;
  };
  std::vector<double> occupancy;
  out.expected_utility = forward(agent.edge_probability, &occupancy);
  double scale = 0;
  for (double u : utility) scale = std::max(scale, std::abs(u));
  scale *= std::max(1, static_cast<int>(order.size()));  // a bound on any play's total
  for (int s = 0; s < g.states(); ++s)
    if (occupancy[s] > 0) out.bound += occupancy[s] * std::log(static_cast<double>(g.edge_start[s + 1] - g.edge_start[s]));

  std::vector<double> value(g.states()), log_policy(g.edges()), probability(g.edges()), maxent_occupancy;
  auto q_of = [&](int e) { return utility[e] + (g.edge_target[e] >= 0 ? value[g.edge_target[e]] : 0.0); };
  const double tie = 1e-12 * std::max(1.0, scale);
  bool all_tied = true;
  // The soft-optimal policy π_β from the endings back.
  auto solve = [&](double beta) {
    all_tied = true;
    for (int s : order) {
      const int first = g.edge_start[s], last = g.edge_start[s + 1], n = last - first;
      if (beta == 0) {
        double v = 0;
        for (int e = first; e < last; ++e) v += q_of(e) / n;
        value[s] = v;
        for (int e = first; e < last; ++e) log_policy[e] = -std::log(static_cast<double>(n));
        continue;
      }
      double best = beta > 0 ? -INFINITY : INFINITY;
      for (int e = first; e < last; ++e) best = beta > 0 ? std::max(best, q_of(e)) : std::min(best, q_of(e));
      if (std::isinf(beta)) {
        int ties = 0;
        for (int e = first; e < last; ++e) ties += std::abs(q_of(e) - best) <= tie;
        all_tied &= ties == n;
        for (int e = first; e < last; ++e)
          log_policy[e] = std::abs(q_of(e) - best) <= tie ? -std::log(static_cast<double>(ties)) : -INFINITY;
        value[s] = best;
        continue;
      }
      double sum = 0;
      for (int e = first; e < last; ++e) sum += std::exp(beta * (q_of(e) - best));
      const double log_sum = std::log(sum);
      for (int e = first; e < last; ++e) log_policy[e] = beta * (q_of(e) - best) - log_sum;
      value[s] = best + log_sum / beta;
    }
    for (int e = 0; e < g.edges(); ++e) probability[e] = std::exp(log_policy[e]);
  };
  auto likelihood = [&] {
    double l = 0;
    for (int s = 0; s < g.states(); ++s)
      for (int e = g.edge_start[s]; e < g.edge_start[s + 1]; ++e)
        if (occupancy[s] > 0 && agent.edge_probability[e] > 0)
          l += occupancy[s] * agent.edge_probability[e] * log_policy[e];
    return l;
  };
  auto evaluate = [&](double beta) {
    solve(beta);
    meg::BetaPoint point;
    point.expected_utility = forward(probability, &maxent_occupancy);
    point.likelihood = likelihood();
    point.all_tied = std::isinf(beta) && all_tied;
    return point;
  };
  meg::BetaFitOptions options;
  options.utility_scale = scale;
  const meg::BetaFit fit = meg::fit_beta(evaluate, out.expected_utility, options);
  const meg::BetaPoint at = evaluate(fit.beta);
  out.beta = fit.beta;
  out.maxent_expected_utility = at.expected_utility;
  out.meg = at.likelihood + out.bound;
  out.converged = fit.converged;
  return out;
}

}  // namespace motive::adventure
