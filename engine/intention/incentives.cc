#include "intention/incentives.h"

#include <algorithm>
#include <deque>
#include <utility>

namespace motive {

using scim::Graph;
using scim::Scim;
using scim::Variable;
namespace {

std::vector<std::vector<int>> parent_lists(const Graph& graph) {
  std::vector<std::vector<int>> parents;
  parents.reserve(graph.size());
  for (int v = 0; v < graph.size(); ++v) parents.push_back(graph.parents(v));
  return parents;
}

std::vector<char> membership(int n, const std::vector<int>& members) {
  std::vector<char> in(n, 0);
  for (int v : members) in[v] = 1;
  return in;
}

bool is_decision(const std::vector<int>& decisions, int v) {
  return std::find(decisions.begin(), decisions.end(), v) != decisions.end();
}

// A shortest directed path from `from` to a variable in `targets` (breadth first, children in
// ascending order, so the answer depends only on the graph), or an empty list.
std::vector<int> shortest_directed_path(const Graph& graph, int from, const std::vector<int>& targets) {
  const std::vector<char> is_target = membership(graph.size(), targets);
  std::vector<int> previous(graph.size(), -2);  // -2: not reached
  std::deque<int> queue = {from};
  previous[from] = -1;
  while (!queue.empty()) {
    const int v = queue.front();
    queue.pop_front();
    if (is_target[v]) {
      std::vector<int> path;
      for (int w = v; w >= 0; w = previous[w]) path.push_back(w);
      std::reverse(path.begin(), path.end());
      return path;
    }
    for (int c : graph.children(v)) {
      if (previous[c] != -2) continue;
      previous[c] = v;
      queue.push_back(c);
    }
  }
  return {};
}

// Drops the loops from a trail: wherever a variable comes back, the part between its two visits is
// cut out. An active trail stays active: the only junction that changes is the repeated variable's,
// and it can only become a collider (entered from a parent, left to a parent) when the trail passed
// through a collider downstream of it, or through it as a collider, so it has an observed descendant.
std::vector<int> without_loops(const std::vector<int>& trail) {
  std::vector<int> simple;
  for (int v : trail) {
    auto seen = std::find(simple.begin(), simple.end(), v);
    if (seen != simple.end()) {
      simple.erase(seen + 1, simple.end());
    } else {
      simple.push_back(v);
    }
  }
  return simple;
}

// An active trail from `x` to a variable in `targets` given `given` (empty if there is none): the
// reachability search of Koller and Friedman's Algorithm 3.1 (as in Graph::d_separated), breadth first
// over (variable, direction) pairs and remembering how each pair was reached.
std::vector<int> active_trail(const Graph& graph, int x, const std::vector<int>& targets,
                              const std::vector<int>& given) {
  const int n = graph.size();
  const std::vector<char> in_given = membership(n, given);
  const std::vector<char> is_target = membership(n, targets);
  // A collider passes the trail on when it or one of its descendants is observed.
  std::vector<char> opens_collider(n, 0);
  for (int z : given) {
    opens_collider[z] = 1;
    for (int a : graph.ancestors(z)) opens_collider[a] = 1;
  }
  // State 2v: v reached going up (from a child, or the start); 2v + 1: going down (from a parent).
  std::vector<int> previous(2 * n, -2);
  std::deque<int> queue = {2 * x};
  previous[2 * x] = -1;
  auto visit = [&](int state, int from) {
    if (previous[state] != -2) return;
    previous[state] = from;
    queue.push_back(state);
  };
  while (!queue.empty()) {
    const int state = queue.front();
    queue.pop_front();
    const int v = state / 2;
    const bool up = state % 2 == 0;
    if (is_target[v] && !in_given[v]) {
      std::vector<int> trail;
      for (int s = state; s >= 0; s = previous[s]) trail.push_back(s / 2);
      std::reverse(trail.begin(), trail.end());
      return without_loops(trail);
    }
    if (up) {
      if (in_given[v]) continue;
      for (int p : graph.parents(v)) visit(2 * p, state);
      for (int c : graph.children(v)) visit(2 * c + 1, state);
    } else {
      if (!in_given[v]) {
        for (int c : graph.children(v)) visit(2 * c + 1, state);
      }
      if (opens_collider[v]) {
        for (int p : graph.parents(v)) visit(2 * p, state);
      }
    }
  }
  return {};
}

// {D} ∪ Pa_D \ {x}, sorted.
std::vector<int> family_without(const Graph& graph, int decision, int x) {
  std::vector<int> family = {decision};
  for (int p : graph.parents(decision)) {
    if (p != x) family.push_back(p);
  }
  std::sort(family.begin(), family.end());
  return family;
}

std::vector<int> utilities_below(const Graph& graph, int decision, const std::vector<int>& utilities) {
  const std::vector<char> below = membership(graph.size(), graph.descendants(decision));
  std::vector<int> out;
  for (int u : utilities) {
    if (below[u]) out.push_back(u);
  }
  return out;
}

}  // namespace

Graph scim_graph(const Scim& scim) {
  std::vector<std::vector<int>> parents;
  parents.reserve(scim.variables.size());
  for (const Variable& v : scim.variables) parents.push_back(v.mechanism.parents);
  return Graph(std::move(parents));
}

std::vector<int> requisite_trail(const Graph& graph, int decision, int x, const std::vector<int>& utilities) {
  const std::vector<int> targets = utilities_below(graph, decision, utilities);
  if (targets.empty()) return {};
  return active_trail(graph, x, targets, family_without(graph, decision, x));
}

Graph minimal_reduction(const Graph& graph, const std::vector<int>& decisions,
                        const std::vector<int>& utilities) {
  // Decisions in topological order of this graph, which the caller's list need not follow.
  std::vector<int> ordered;
  if (auto order = graph.topological_order()) {
    for (int v : *order) {
      if (is_decision(decisions, v)) ordered.push_back(v);
    }
  } else {
    ordered = decisions;
  }
  std::vector<std::vector<int>> parents = parent_lists(graph);
  for (bool changed = true; changed;) {
    changed = false;
    for (auto d = ordered.rbegin(); d != ordered.rend(); ++d) {
      const Graph current(parents);
      std::vector<int> kept;
      for (int p : current.parents(*d)) {
        if (!requisite_trail(current, *d, p, utilities).empty()) kept.push_back(p);
      }
      if (kept.size() != current.parents(*d).size()) {
        parents[*d] = std::move(kept);
        changed = true;
      }
    }
  }
  return Graph(std::move(parents));
}

Graph minimal_reduction(const Scim& scim) {
  return minimal_reduction(scim_graph(scim), scim.decisions, scim.utilities);
}

std::vector<int> requisite_observations(const Scim& scim, int decision) {
  return minimal_reduction(scim).parents(decision);
}

bool sufficient_recall(const Scim& scim) {
  const Graph graph = scim_graph(scim);
  const int n = graph.size();
  const int k = static_cast<int>(scim.decisions.size());
  // relies[i][j]: decision i relies on decision j (j is s-reachable from i).
  std::vector<std::vector<char>> relies(k, std::vector<char>(k, 0));
  for (int j = 0; j < k; ++j) {
    // The graph with a new variable n whose only child is decision j.
    std::vector<std::vector<int>> parents = parent_lists(graph);
    parents.emplace_back();
    parents[scim.decisions[j]].push_back(n);
    const Graph augmented(std::move(parents));
    for (int i = 0; i < k; ++i) {
      if (i == j) continue;
      const int d = scim.decisions[i];
      const std::vector<int> targets = utilities_below(augmented, d, scim.utilities);
      if (targets.empty()) continue;
      std::vector<int> family = augmented.parents(d);
      family.push_back(d);
      relies[i][j] = !augmented.d_separated({n}, targets, family);
    }
  }
  // The relevance graph is acyclic when repeatedly removing decisions that rely on no remaining one
  // removes them all.
  std::vector<char> removed(k, 0);
  for (int round = 0; round < k; ++round) {
    bool progress = false;
    for (int i = 0; i < k; ++i) {
      if (removed[i]) continue;
      bool relies_on_remaining = false;
      for (int j = 0; j < k; ++j) relies_on_remaining |= !removed[j] && relies[i][j];
      if (!relies_on_remaining) {
        removed[i] = 1;
        progress = true;
      }
    }
    if (!progress) break;
  }
  return std::all_of(removed.begin(), removed.end(), [](char r) { return r != 0; });
}

IncentiveWitness ici_witness(const Graph& graph, const std::vector<int>& utilities, int decision, int x) {
  IncentiveWitness witness;
  std::vector<int> to_x = shortest_directed_path(graph, decision, {x});
  if (to_x.empty()) return witness;
  std::vector<int> to_utility = shortest_directed_path(graph, x, utilities);
  if (to_utility.empty()) return witness;
  witness.admits = true;
  witness.path = std::move(to_x);
  witness.path.insert(witness.path.end(), to_utility.begin() + 1, to_utility.end());
  return witness;
}

IncentiveWitness ici_witness(const Scim& scim, int decision, int x) {
  return ici_witness(scim_graph(scim), scim.utilities, decision, x);
}

bool admits_ici(const Scim& scim, int decision, int x) { return ici_witness(scim, decision, x).admits; }

IncentiveWitness voi_witness(const Graph& graph, const std::vector<int>& decisions,
                             const std::vector<int>& utilities, int decision, int x) {
  IncentiveWitness witness;
  if (x == decision || graph.has_directed_path(decision, x)) return witness;
  std::vector<std::vector<int>> parents = parent_lists(graph);
  parents[decision].push_back(x);  // Graph drops the repeat if X already is an observation
  const Graph reduced = minimal_reduction(Graph(std::move(parents)), decisions, utilities);
  const std::vector<int>& kept = reduced.parents(decision);
  if (std::find(kept.begin(), kept.end(), x) == kept.end()) return witness;
  witness.path = requisite_trail(reduced, decision, x, utilities);
  witness.given = family_without(reduced, decision, x);
  witness.admits = !witness.path.empty();  // always, since the reduction kept the link
  return witness;
}

IncentiveWitness voi_witness(const Scim& scim, int decision, int x) {
  return voi_witness(scim_graph(scim), scim.decisions, scim.utilities, decision, x);
}

bool admits_voi(const Scim& scim, int decision, int x) { return voi_witness(scim, decision, x).admits; }

IncentiveWitness ri_witness(const Graph& reduction, int decision, int x) {
  IncentiveWitness witness;
  if (x == decision) return witness;
  witness.path = shortest_directed_path(reduction, x, {decision});
  witness.admits = !witness.path.empty();
  return witness;
}

IncentiveWitness ri_witness(const Scim& scim, int decision, int x) {
  return ri_witness(minimal_reduction(scim), decision, x);
}

bool admits_ri(const Scim& scim, int decision, int x) { return ri_witness(scim, decision, x).admits; }

IncentiveWitness voc_witness(const Graph& reduction, const std::vector<int>& decisions,
                             const std::vector<int>& utilities, int decision, int x) {
  IncentiveWitness witness;
  if (x == decision || is_decision(decisions, x)) return witness;
  witness.path = shortest_directed_path(reduction, x, utilities);
  witness.admits = !witness.path.empty();
  return witness;
}

IncentiveWitness voc_witness(const Scim& scim, int decision, int x) {
  return voc_witness(minimal_reduction(scim), scim.decisions, scim.utilities, decision, x);
}

bool admits_voc(const Scim& scim, int decision, int x) { return voc_witness(scim, decision, x).admits; }

}  // namespace motive
