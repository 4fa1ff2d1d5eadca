// The causal graph of a model: variables are the integers 0..n-1 and each one lists its parents.
// Everything structural the engine says about a model (well-formedness, evaluation order,
// d-separation, incentive criteria) is answered here, independently of what the variables mean.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

namespace motive::scim {

// A directed graph over n variables, built once from each variable's parent list and then only
// queried. The graph may have cycles so that a malformed model can be diagnosed; the queries that
// only make sense for DAGs say how they treat cycles.
class Graph {
 public:
  // Builds the graph; parents[v] lists v's parents, repeats are dropped, and an index outside
  // [0, n) throws std::out_of_range.
  explicit Graph(std::vector<std::vector<int>> parents);

  // The number of variables n.
  int size() const { return static_cast<int>(parents_.size()); }

  // v's parents in declaration order, without repeats.
  const std::vector<int>& parents(int v) const { return parents_[v]; }

  // v's children, sorted ascending.
  const std::vector<int>& children(int v) const { return children_[v]; }

  // A topological order (among ready variables the smallest index comes first, so the order follows
  // declaration order wherever the edges allow), or std::nullopt if the graph has a cycle.
  std::optional<std::vector<int>> topological_order() const;

  // One directed cycle v0 -> v1 -> ... -> v0 (v0 not repeated, v0 its smallest variable), or an
  // empty list if the graph is acyclic.
  std::vector<int> find_cycle() const;

  // The variables with a directed path to v, sorted, never v itself.
  std::vector<int> ancestors(int v) const;

  // The variables with a directed path from v, sorted, never v itself.
  std::vector<int> descendants(int v) const;

  // Whether a directed path leads from `from` to `to`; from == to counts as the empty path.
  bool has_directed_path(int from, int to) const;

  // The first `limit` simple directed paths from `from` to `to` in lexicographic order, each
  // starting with `from` and ending with `to`; *truncated (if non-null) tells whether more exist.
  std::vector<std::vector<int>> directed_paths(int from, int to, std::size_t limit, bool* truncated) const;

  // Whether every x in `x` is d-separated from every y in `y` given `z`; a variable in z is
  // trivially separated from everything, and a variable in both x and y (but not z) is not.
  bool d_separated(const std::vector<int>& x, const std::vector<int>& y, const std::vector<int>& z) const;

  // The first `limit` simple trails (paths ignoring the edges' directions) between `from` and `to`
  // that are open given `z`, as DAGitty lists them: every collider on the trail (both edges point into
  // it) is in z or has a descendant in z, and no other variable of the trail is in z. Each starts with
  // `from` and ends with `to`; none when either is in z or from == to. The search visits at most
  // `budget` trail extensions; *truncated tells whether it stopped at `limit` or at the budget before
  // seeing every trail. `from` and `to` are d-separated given z exactly when no trail is open.
  std::vector<std::vector<int>> open_trails(int from, int to, const std::vector<int>& z, std::size_t limit,
                                            std::size_t budget, bool* truncated) const;

  // The variables, sorted, lying on some directed path from `from` to a variable in `targets`,
  // endpoints included (on a cyclic graph, on some directed walk).
  std::vector<int> on_directed_paths(int from, const std::vector<int>& targets) const;

 private:
  // Marks every variable reachable from `starts` by following parents (up) or children (down),
  // the starts included.
  std::vector<char> reach(const std::vector<int>& starts, bool up) const;

  std::vector<std::vector<int>> parents_;
  std::vector<std::vector<int>> children_;
};

}  // namespace motive::scim
