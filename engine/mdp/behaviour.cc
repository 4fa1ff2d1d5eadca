#include "mdp/behaviour.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace motive::mdp {
namespace {

int most_likely(const Eigen::VectorXd& weights) {
  int best = 0;
  for (int i = 1; i < weights.size(); ++i)
    if (weights[i] > weights[best] + 1e-12) best = i;
  return best;
}

// Matches the states of one world to those of another: by cell (and step, with a horizon) in
// gridworlds, by index otherwise. Built once, so that matching a route costs one lookup per state.
class StateMatch {
 public:
  explicit StateMatch(const Mdp& to) : to_(to) {
    if (!to.has_grid()) return;
    for (int t = 0; t < to.states; ++t) index_.emplace(key(to, t), t);
  }
  // The state of `to` matching state s of `from`, or -1.
  int operator()(const Mdp& from, int s) const {
    if (!from.has_grid() || !to_.has_grid()) return s < to_.states ? s : -1;
    auto it = index_.find(key(from, s));
    return it == index_.end() ? -1 : it->second;
  }

 private:
  static std::tuple<int, int, int> key(const Mdp& mdp, int s) {
    const Cell c = mdp.cell[static_cast<std::size_t>(s)];
    return {c.row, c.col, mdp.time.empty() ? 0 : mdp.time[static_cast<std::size_t>(s)]};
  }
  const Mdp& to_;
  std::map<std::tuple<int, int, int>, int> index_;
};

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
    const int begin = mdp.row_start[static_cast<std::size_t>(k)],
              end = mdp.row_start[static_cast<std::size_t>(k) + 1];
    if (begin == end) break;
    int e = begin;
    for (int i = begin + 1; i < end; ++i)
      if (mdp.probability[static_cast<std::size_t>(i)] > mdp.probability[static_cast<std::size_t>(e)] + 1e-12)
        e = i;
    route.actions.push_back(a);
    s = mdp.next_state[static_cast<std::size_t>(e)];
  }
  return route;
}

bool leads_elsewhere(const Mdp& base, const Route& base_route, const Mdp& variant,
                     const Route& variant_route) {
  if (base_route.states.empty() || variant_route.states.empty())
    return base_route.states != variant_route.states;
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
  const StateMatch match(variant);
  for (int s : route.states) {
    if (base.terminal[static_cast<std::size_t>(s)]) continue;
    const int t = match(base, s);
    if (t < 0 || variant.terminal[static_cast<std::size_t>(t)]) continue;
    const double distance = 0.5 * (base_policy.row(s) - variant_policy.row(t)).cwiseAbs().sum();
    if (distance > tolerance) out.push_back(s);
  }
  return out;
}

}  // namespace motive::mdp
