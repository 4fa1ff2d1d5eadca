#include "scim/graph.h"

#include <algorithm>
#include <functional>
#include <queue>
#include <stdexcept>
#include <string>
#include <utility>

namespace motive::scim {

Graph::Graph(std::vector<std::vector<int>> parents)
    : parents_(std::move(parents)), children_(parents_.size()) {
  const int n = size();
  // last_child[p] == v means p was already seen among v's parents, which finds repeats in
  // O(total parents) without clearing a marker array per variable.
  std::vector<int> last_child(n, -1);
  for (int v = 0; v < n; ++v) {
    std::vector<int>& ps = parents_[v];
    std::size_t kept = 0;
    for (int p : ps) {
      if (p < 0 || p >= n) {
        throw std::out_of_range("Graph: parent " + std::to_string(p) + " of variable " + std::to_string(v) +
                                " is not in [0, " + std::to_string(n) + ")");
      }
      if (last_child[p] == v) continue;
      last_child[p] = v;
      ps[kept++] = p;
      // Visiting v in ascending order leaves every children list sorted without a sort.
      children_[p].push_back(v);
    }
    ps.resize(kept);
  }
}

std::vector<char> Graph::reach(const std::vector<int>& starts, bool up) const {
  std::vector<char> seen(size(), 0);
  std::vector<int> stack;
  for (int s : starts) {
    if (!seen[s]) {
      seen[s] = 1;
      stack.push_back(s);
    }
  }
  while (!stack.empty()) {
    const int v = stack.back();
    stack.pop_back();
    for (int w : up ? parents_[v] : children_[v]) {
      if (!seen[w]) {
        seen[w] = 1;
        stack.push_back(w);
      }
    }
  }
  return seen;
}

std::optional<std::vector<int>> Graph::topological_order() const {
  const int n = size();
  std::vector<std::size_t> waiting(n);  // parents not yet placed
  // A min-heap rather than a FIFO queue makes the order depend only on the graph, and keeps
  // variables in declaration order unless an edge forces otherwise.
  std::priority_queue<int, std::vector<int>, std::greater<int>> ready;
  for (int v = 0; v < n; ++v) {
    waiting[v] = parents_[v].size();
    if (waiting[v] == 0) ready.push(v);
  }
  std::vector<int> order;
  order.reserve(n);
  while (!ready.empty()) {
    const int v = ready.top();
    ready.pop();
    order.push_back(v);
    for (int c : children_[v]) {
      if (--waiting[c] == 0) ready.push(c);
    }
  }
  if (static_cast<int>(order.size()) < n) return std::nullopt;
  return order;
}

std::vector<int> Graph::find_cycle() const {
  const int n = size();
  enum Color : char { kUnvisited, kOnPath, kDone };
  std::vector<char> color(n, kUnvisited);
  // An explicit stack keeps deep graphs from overflowing the call stack; `path` is the current DFS
  // path and next_child[i] the index of the next child of path[i] to try.
  std::vector<int> path;
  std::vector<std::size_t> next_child;
  for (int root = 0; root < n; ++root) {
    if (color[root] != kUnvisited) continue;
    color[root] = kOnPath;
    path.push_back(root);
    next_child.push_back(0);
    while (!path.empty()) {
      const int v = path.back();
      if (next_child.back() == children_[v].size()) {
        color[v] = kDone;
        path.pop_back();
        next_child.pop_back();
        continue;
      }
      const int c = children_[v][next_child.back()++];
      if (color[c] == kOnPath) {
        std::vector<int> cycle(std::find(path.begin(), path.end(), c), path.end());
        // Starting at the smallest variable gives the same report wherever the search entered.
        std::rotate(cycle.begin(), std::min_element(cycle.begin(), cycle.end()), cycle.end());
        return cycle;
      }
      if (color[c] == kUnvisited) {
        color[c] = kOnPath;
        path.push_back(c);
        next_child.push_back(0);
      }
    }
  }
  return {};
}

std::vector<int> Graph::ancestors(int v) const {
  const std::vector<char> seen = reach({v}, /*up=*/true);
  std::vector<int> result;
  for (int u = 0; u < size(); ++u) {
    if (seen[u] && u != v) result.push_back(u);
  }
  return result;
}

std::vector<int> Graph::descendants(int v) const {
  const std::vector<char> seen = reach({v}, /*up=*/false);
  std::vector<int> result;
  for (int u = 0; u < size(); ++u) {
    if (seen[u] && u != v) result.push_back(u);
  }
  return result;
}

bool Graph::has_directed_path(int from, int to) const { return reach({from}, /*up=*/false)[to] != 0; }

std::vector<std::vector<int>> Graph::directed_paths(int from, int to, std::size_t limit,
                                                    bool* truncated) const {
  if (truncated != nullptr) *truncated = false;
  std::vector<std::vector<int>> paths;
  // Only stepping to variables that can still reach `to` means that in a DAG every branch of the
  // search ends in a path, so the cost is proportional to the paths returned, not to the graph's
  // (possibly exponential) number of dead ends.
  const std::vector<char> leads_to = reach({to}, /*up=*/true);
  if (!leads_to[from]) return paths;
  std::vector<char> on_path(size(), 0);
  std::vector<int> path = {from};
  std::vector<std::size_t> next_child = {0};
  on_path[from] = 1;
  while (!path.empty()) {
    const int v = path.back();
    if (v == to) {
      if (paths.size() == limit) {
        if (truncated != nullptr) *truncated = true;
        break;
      }
      paths.push_back(path);
    } else {
      const std::vector<int>& cs = children_[v];
      std::size_t& i = next_child.back();
      while (i < cs.size() && (!leads_to[cs[i]] || on_path[cs[i]])) ++i;
      if (i < cs.size()) {
        const int c = cs[i++];
        on_path[c] = 1;
        path.push_back(c);
        next_child.push_back(0);
        continue;
      }
    }
    on_path[v] = 0;
    path.pop_back();
    next_child.pop_back();
  }
  return paths;
}

bool Graph::d_separated(const std::vector<int>& x, const std::vector<int>& y,
                        const std::vector<int>& z) const {
  // Koller & Friedman, Probabilistic Graphical Models, Algorithm 3.1: a search over (variable,
  // direction) pairs that finds every variable reachable from x by an active trail given z.
  const int n = size();
  std::vector<char> in_z(n, 0);
  std::vector<char> in_y(n, 0);
  for (int v : z) in_z[v] = 1;
  for (int v : y) in_y[v] = 1;
  // A collider passes the ball on exactly when it or one of its descendants is observed.
  const std::vector<char> opens_collider = reach(z, /*up=*/true);
  // Arriving "up" means from a child; arriving "down" means from a parent. Each pair is visited
  // at most once, which bounds the search by O(V + E).
  std::vector<char> seen_up(n, 0);
  std::vector<char> seen_down(n, 0);
  std::vector<std::pair<int, bool>> stack;  // (variable, arrived going up)
  for (int v : x) stack.emplace_back(v, true);
  while (!stack.empty()) {
    const auto [v, up] = stack.back();
    stack.pop_back();
    std::vector<char>& seen = up ? seen_up : seen_down;
    if (seen[v]) continue;
    seen[v] = 1;
    if (!in_z[v] && in_y[v]) return false;
    if (up) {
      if (in_z[v]) continue;
      for (int p : parents_[v]) stack.emplace_back(p, true);
      for (int c : children_[v]) stack.emplace_back(c, false);
    } else {
      if (!in_z[v]) {
        for (int c : children_[v]) stack.emplace_back(c, false);
      }
      if (opens_collider[v]) {
        for (int p : parents_[v]) stack.emplace_back(p, true);
      }
    }
  }
  return true;
}

std::vector<std::vector<int>> Graph::open_trails(int from, int to, const std::vector<int>& z,
                                                 std::size_t limit, std::size_t budget,
                                                 bool* truncated) const {
  *truncated = false;
  std::vector<std::vector<int>> trails;
  std::vector<char> in_z(size(), 0);
  for (int v : z) in_z[v] = 1;
  if (from == to || in_z[from] || in_z[to]) return trails;
  const std::vector<char> opens_collider = reach(z, /*up=*/true);
  // A variable's neighbours: its parents, then its children.
  auto neighbour = [&](int v, std::size_t i) {
    const std::size_t p = parents_[v].size();
    return i < p ? parents_[v][i] : children_[v][i - p];
  };
  auto degree = [&](int v) { return parents_[v].size() + children_[v].size(); };
  auto is_parent = [&](int u, int v) {
    return std::find(parents_[v].begin(), parents_[v].end(), u) != parents_[v].end();
  };
  // Whether the trail may pass through v from u on to w.
  auto passes = [&](int u, int v, int w) {
    const bool collider = is_parent(u, v) && is_parent(w, v);
    return collider ? static_cast<bool>(opens_collider[v]) : !in_z[v];
  };
  std::vector<char> on_trail(size(), 0);
  std::vector<int> trail = {from};
  std::vector<std::size_t> next = {0};
  on_trail[from] = 1;
  std::size_t steps = 0;
  while (!trail.empty()) {
    const int v = trail.back();
    std::size_t& i = next.back();
    bool pushed = false;
    while (i < degree(v)) {
      const int w = neighbour(v, i++);
      if (on_trail[w] || (trail.size() > 1 && !passes(trail[trail.size() - 2], v, w))) continue;
      if (++steps > budget) {
        *truncated = true;
        return trails;
      }
      if (w == to) {
        if (trails.size() == limit) {
          *truncated = true;
          return trails;
        }
        trails.push_back(trail);
        trails.back().push_back(to);
        continue;
      }
      on_trail[w] = 1;
      trail.push_back(w);
      next.push_back(0);
      pushed = true;
      break;
    }
    if (pushed) continue;
    on_trail[v] = 0;
    trail.pop_back();
    next.pop_back();
  }
  return trails;
}

std::vector<int> Graph::on_directed_paths(int from, const std::vector<int>& targets) const {
  // v is on such a path exactly when `from` reaches v and v reaches a target; if `from` reaches no
  // target, no v can satisfy both, so the intersection is empty as it should be.
  const std::vector<char> after_from = reach({from}, /*up=*/false);
  const std::vector<char> before_target = reach(targets, /*up=*/true);
  std::vector<int> result;
  for (int v = 0; v < size(); ++v) {
    if (after_from[v] && before_target[v]) result.push_back(v);
  }
  return result;
}

}  // namespace motive::scim
