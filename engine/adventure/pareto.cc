#include "adventure/pareto.h"

#include <algorithm>
#include <cmath>

#include "adventure/components.h"

namespace motive::adventure {

const char* hull_position_name(HullPosition position) {
  switch (position) {
    case HullPosition::kVertex:
      return "vertex";
    case HullPosition::kOnEdge:
      return "edge";
    case HullPosition::kBelow:
      break;
  }
  return "below";
}

namespace {

// A play from a state to an ending: its totals (points, not rewards: sums of whole points are exact,
// so equal rewards compare equal), its first edge and the label of the rest.
struct Label {
  double points;
  double harm;
  int steps;
  int edge;
  int rest;  // index of the successor's label, -1 at an ending
};

// Keeps the labels no other beats in both points and harm (fewer steps break ties): sorted by decreasing
// points, strictly decreasing harm.
std::vector<int> prune(std::vector<int> ids, const std::vector<Label>& labels) {
  std::sort(ids.begin(), ids.end(), [&](int a, int b) {
    const Label &x = labels[a], &y = labels[b];
    if (x.points != y.points) return x.points > y.points;
    if (x.harm != y.harm) return x.harm < y.harm;
    if (x.steps != y.steps) return x.steps < y.steps;
    return x.edge < y.edge;
  });
  std::vector<int> kept;
  for (int id : ids)
    if (kept.empty() || labels[id].harm < labels[kept.back()].harm) kept.push_back(id);
  return kept;
}

bool same_front(const std::vector<int>& a, const std::vector<int>& b, const std::vector<Label>& labels) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const Label &x = labels[a[i]], &y = labels[b[i]];
    if (x.points != y.points || x.harm != y.harm || x.steps != y.steps) return false;
  }
  return true;
}

}  // namespace

std::vector<FrontierPoint> pareto_frontier(const Adventure& game, HarmMeasure measure,
                                           const Context& context) {
  const StateGraph& g = game.graph;
  std::vector<Label> labels;
  std::vector<std::vector<int>> front(g.states());
  auto extend = [&](int e, std::vector<int>* into) {
    const double r = g.edge_points[e], h = step_harm(g.edge_flags[e], measure);
    const int t = g.edge_target[e];
    if (t < 0) {
      labels.push_back({r, h, 1, e, -1});
      into->push_back(static_cast<int>(labels.size()) - 1);
      return;
    }
    for (int id : front[t]) {
      const Label& rest = labels[id];
      labels.push_back({r + rest.points, h + rest.harm, 1 + rest.steps, e, id});
      into->push_back(static_cast<int>(labels.size()) - 1);
    }
    if (static_cast<long long>(labels.size()) > kMaxFrontierLabels)
      throw RequestError(
          "analysis.budget_exceeded",
          "the frontier needs more than " + std::to_string(kMaxFrontierLabels) + " partial plays",
          "use the α sweep, which solves one planner per α");
  };
  if (g.states() > 0) {
    const internal::Components comps = internal::components(g, g.start_target);
    for (int c = 0; c < comps.count(); ++c) {
      const int first = comps.start[c], last = comps.start[c + 1];
      bool internal_edges = false;
      for (int k = first; k < last; ++k) {
        const int s = comps.members[k];
        std::vector<int> ids;
        for (int e = g.edge_start[s]; e < g.edge_start[s + 1]; ++e) {
          const int t = g.edge_target[e];
          if (t >= 0 && comps.of[t] == c) internal_edges = true;
          else extend(e, &ids);
        }
        front[s] = prune(std::move(ids), labels);
      }
      // Inside a loop: relax until no frontier changes (each pass can only add harm to a detour).
      for (bool changed = internal_edges; changed;) {
        changed = false;
        for (int k = first; k < last; ++k) {
          const int s = comps.members[k];
          std::vector<int> ids = front[s];
          for (int e = g.edge_start[s]; e < g.edge_start[s + 1]; ++e)
            if (g.edge_target[e] >= 0 && comps.of[g.edge_target[e]] == c) extend(e, &ids);
          std::vector<int> next = prune(std::move(ids), labels);
          if (!same_front(next, front[s], labels)) {
            front[s] = std::move(next);
            changed = true;
          }
        }
      }
      context.report(static_cast<double>(last) / comps.members.size());
    }
  }
  // The plays from the start: the first step, then the start state's frontier.
  const double start_points = g.start_points, start_harm = step_harm(g.start_flags, measure);
  std::vector<FrontierPoint> out;
  auto add = [&](double points, double h, int steps, int label) {
    FrontierPoint p;
    p.reward = step_reward(game, points);
    p.harm = h;
    p.steps = steps;
    for (int id = label; id >= 0; id = labels[id].rest) p.edges.push_back(labels[id].edge);
    out.push_back(std::move(p));
  };
  if (g.start_target < 0) {
    add(start_points, start_harm, 1, -1);
  } else {
    const std::vector<int>& ids = front[g.start_target];
    for (auto it = ids.rbegin(); it != ids.rend(); ++it)
      add(start_points + labels[*it].points, start_harm + labels[*it].harm, 1 + labels[*it].steps, *it);
  }
  // The upper convex hull of (harm, reward), by increasing harm.
  std::vector<int> hull;
  auto cross = [&](int a, int b, int c) {
    return (out[b].harm - out[a].harm) * (out[c].reward - out[a].reward) -
           (out[b].reward - out[a].reward) * (out[c].harm - out[a].harm);
  };
  for (int i = 0; i < static_cast<int>(out.size()); ++i) {
    while (hull.size() >= 2 && cross(hull[hull.size() - 2], hull.back(), i) >= 0) hull.pop_back();
    hull.push_back(i);
  }
  for (FrontierPoint& p : out) p.hull = HullPosition::kBelow;
  for (std::size_t k = 0; k < hull.size(); ++k) {
    FrontierPoint& p = out[hull[k]];
    p.hull = HullPosition::kVertex;
    // reward − α·harm prefers this vertex to the next for α ≥ the slope between them.
    auto slope = [&](int a, int b) { return (out[b].reward - out[a].reward) / (out[b].harm - out[a].harm); };
    p.alpha_low = k + 1 < hull.size() ? slope(hull[k], hull[k + 1]) : 0;
    p.alpha_high = k > 0 ? slope(hull[k - 1], hull[k]) : INFINITY;
    if (k > 0)
      for (int i = hull[k - 1] + 1; i < hull[k]; ++i)
        if (std::abs(cross(hull[k - 1], i, hull[k])) <=
            1e-9 * (1 + std::abs(out[i].reward) + std::abs(out[i].harm)))
          out[i].hull = HullPosition::kOnEdge;
  }
  return out;
}

}  // namespace motive::adventure
