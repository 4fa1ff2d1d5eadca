#include "mdp/behaviour.h"

#include <algorithm>
#include <cmath>

namespace motive::mdp {
namespace {

int most_likely(const Eigen::VectorXd& weights) {
  int best = 0;
  for (int i = 1; i < weights.size(); ++i)
    if (weights[i] > weights[best] + 1e-12) best = i;
  return best;
}

// The state of `to` in the same cell as state `s` of `from` (by index when there is no grid), or -1.
int matching_state(const Mdp& from, int s, const Mdp& to) {
  if (!from.has_grid() || !to.has_grid()) return s < to.states ? s : -1;
  const Cell c = from.cell[static_cast<std::size_t>(s)];
  for (int t = 0; t < to.states; ++t)
    if (to.cell[static_cast<std::size_t>(t)].row == c.row && to.cell[static_cast<std::size_t>(t)].col == c.col &&
        (to.time.empty() || to.time[static_cast<std::size_t>(t)] == from.time[static_cast<std::size_t>(s)]))
      return t;
  return -1;
}

}  // namespace

Route likely_route(const Mdp& mdp, const Policy& policy, int max_steps) {
  Route route;
  int s = most_likely(mdp.start);
  std::vector<char> seen(static_cast<std::size_t>(mdp.states), 0);
  for (int step = 0; step <= max_steps; ++step) {
    route.states.push_back(s);
    if (mdp.terminal[static_cast<std::size_t>(s)]) {
      route.ends_terminal = step > 0;
      break;
    }
    if (seen[static_cast<std::size_t>(s)] || step == max_steps) break;
    seen[static_cast<std::size_t>(s)] = 1;
    const int a = most_likely(policy.row(s).transpose());
    const int k = mdp.pair(s, a);
    const int begin = mdp.row_start[static_cast<std::size_t>(k)], end = mdp.row_start[static_cast<std::size_t>(k) + 1];
    if (begin == end) break;
    int e = begin;
    for (int i = begin + 1; i < end; ++i)
      if (mdp.probability[static_cast<std::size_t>(i)] > mdp.probability[static_cast<std::size_t>(e)] + 1e-12) e = i;
    route.actions.push_back(a);
    s = mdp.next_state[static_cast<std::size_t>(e)];
  }
  return route;
}

bool leads_elsewhere(const Mdp& base, const Route& base_route, const Mdp& variant, const Route& variant_route) {
  if (base_route.states.empty() || variant_route.states.empty()) return base_route.states != variant_route.states;
  const int a = base_route.states.back(), b = variant_route.states.back();
  if (base.has_grid() && variant.has_grid()) {
    const Cell x = base.cell[static_cast<std::size_t>(a)], y = variant.cell[static_cast<std::size_t>(b)];
    return x.row != y.row || x.col != y.col;
  }
  return a != b;
}

std::vector<int> adapted_states(const Mdp& base, const Policy& base_policy, const Mdp& variant,
                                const Policy& variant_policy, const Route& route, double tolerance) {
  std::vector<int> out;
  for (int s : route.states) {
    if (base.terminal[static_cast<std::size_t>(s)]) continue;
    const int t = matching_state(base, s, variant);
    if (t < 0 || variant.terminal[static_cast<std::size_t>(t)]) continue;
    const double distance = 0.5 * (base_policy.row(s) - variant_policy.row(t)).cwiseAbs().sum();
    if (distance > tolerance) out.push_back(s);
  }
  return out;
}

}  // namespace motive::mdp
