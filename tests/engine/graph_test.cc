#include "scim/graph.h"

#include <algorithm>
#include <cstddef>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

namespace motive {

using scim::Graph;
namespace {

using Edges = std::vector<std::pair<int, int>>;  // (parent, child)
using Paths = std::vector<std::vector<int>>;

Graph FromEdges(int n, const Edges& edges) {
  std::vector<std::vector<int>> parents(n);
  for (const auto& [p, c] : edges) parents[c].push_back(p);
  return Graph(std::move(parents));
}

// --- Construction ---------------------------------------------------------------------------

TEST(GraphTest, ChildrenAreSortedWhateverTheParentOrder) {
  // 0 and 2 both have parent 1; 3 has parent 1 listed after 2.
  Graph g({{1}, {}, {1}, {2, 1}});
  EXPECT_EQ(g.size(), 4);
  EXPECT_EQ(g.children(1), (std::vector<int>{0, 2, 3}));
  EXPECT_EQ(g.children(2), (std::vector<int>{3}));
  EXPECT_TRUE(g.children(0).empty());
  EXPECT_EQ(g.parents(3), (std::vector<int>{2, 1}));
}

TEST(GraphTest, RepeatedParentsCountOnce) {
  Graph g({{}, {0, 0, 0}});
  EXPECT_EQ(g.parents(1), (std::vector<int>{0}));
  EXPECT_EQ(g.children(0), (std::vector<int>{1}));
  bool truncated = true;
  EXPECT_EQ(g.directed_paths(0, 1, 10, &truncated), (Paths{{0, 1}}));
  EXPECT_FALSE(truncated);
}

TEST(GraphTest, ParentOutOfRangeThrows) {
  EXPECT_THROW(Graph({{}, {2}}), std::out_of_range);
  EXPECT_THROW(Graph({{}, {-1}}), std::out_of_range);
}

TEST(GraphTest, EmptyGraphHasEmptyOrderAndNoCycle) {
  Graph g({});
  EXPECT_EQ(g.size(), 0);
  EXPECT_EQ(g.topological_order(), std::vector<int>{});
  EXPECT_TRUE(g.find_cycle().empty());
}

// --- Topological order ----------------------------------------------------------------------

TEST(GraphTest, TopologicalOrderKeepsDeclarationOrderWhenEdgesAllowIt) {
  // 0 -> 2, 1 -> 2, 2 -> 3: declaration order is already topological.
  Graph g = FromEdges(4, {{0, 2}, {1, 2}, {2, 3}});
  EXPECT_EQ(g.topological_order(), (std::vector<int>{0, 1, 2, 3}));
}

TEST(GraphTest, TopologicalOrderTakesSmallestReadyVariableFirst) {
  // 3 -> 0 and 2 -> 1; 4 is isolated. Ready at the start: {2, 3, 4}. Taking 2 frees 1, which is
  // then the smallest ready variable; taking 3 frees 0.
  Graph g = FromEdges(5, {{3, 0}, {2, 1}});
  EXPECT_EQ(g.topological_order(), (std::vector<int>{2, 1, 3, 0, 4}));
}

TEST(GraphTest, TopologicalOrderIsNulloptWithCycle) {
  Graph g = FromEdges(4, {{0, 1}, {1, 2}, {2, 1}, {2, 3}});
  EXPECT_EQ(g.topological_order(), std::nullopt);
}

// --- Cycles ---------------------------------------------------------------------------------

TEST(GraphTest, FindCycleIsEmptyForDag) {
  Graph g = FromEdges(4, {{0, 1}, {0, 2}, {1, 3}, {2, 3}});
  EXPECT_TRUE(g.find_cycle().empty());
}

TEST(GraphTest, FindCycleReturnsTheCycleInEdgeDirection) {
  // 3 -> 0 -> 1 -> 2 -> 0, with 3 outside the cycle.
  Graph g = FromEdges(4, {{3, 0}, {0, 1}, {1, 2}, {2, 0}});
  EXPECT_EQ(g.find_cycle(), (std::vector<int>{0, 1, 2}));
}

TEST(GraphTest, FindCycleStartsAtSmallestVariableOfTheCycle) {
  // The search enters the cycle 1 -> 2 -> 3 -> 1 at 3 (from 0), yet the report starts at 1.
  Graph g = FromEdges(4, {{0, 3}, {3, 1}, {1, 2}, {2, 3}});
  EXPECT_EQ(g.find_cycle(), (std::vector<int>{1, 2, 3}));
}

TEST(GraphTest, FindCycleReportsSelfLoop) {
  Graph g({{}, {1}});
  EXPECT_EQ(g.find_cycle(), (std::vector<int>{1}));
  EXPECT_EQ(g.topological_order(), std::nullopt);
}

TEST(GraphTest, FindCycleIgnoresCrossEdgesIntoFinishedVariables) {
  // 0 -> 1 -> 2 and 0 -> 2: 2 is reached twice but there is no cycle until 2 -> 3 -> 2.
  Graph acyclic = FromEdges(3, {{0, 1}, {1, 2}, {0, 2}});
  EXPECT_TRUE(acyclic.find_cycle().empty());
  Graph cyclic = FromEdges(4, {{0, 1}, {1, 2}, {0, 2}, {2, 3}, {3, 2}});
  EXPECT_EQ(cyclic.find_cycle(), (std::vector<int>{2, 3}));
}

// --- Ancestors, descendants and directed paths ----------------------------------------------

// Koller & Friedman's student network: Difficulty -> Grade <- Intelligence -> SAT, Grade -> Letter.
enum Student { kDifficulty, kIntelligence, kGrade, kSat, kLetter, kStudentSize };

Graph StudentNetwork() {
  return FromEdges(
      kStudentSize,
      {{kDifficulty, kGrade}, {kIntelligence, kGrade}, {kIntelligence, kSat}, {kGrade, kLetter}});
}

TEST(GraphTest, AncestorsAreStrictAndSorted) {
  Graph g = StudentNetwork();
  EXPECT_EQ(g.ancestors(kLetter), (std::vector<int>{kDifficulty, kIntelligence, kGrade}));
  EXPECT_EQ(g.ancestors(kSat), (std::vector<int>{kIntelligence}));
  EXPECT_TRUE(g.ancestors(kDifficulty).empty());
}

TEST(GraphTest, DescendantsAreStrictAndSorted) {
  Graph g = StudentNetwork();
  EXPECT_EQ(g.descendants(kIntelligence), (std::vector<int>{kGrade, kSat, kLetter}));
  EXPECT_EQ(g.descendants(kDifficulty), (std::vector<int>{kGrade, kLetter}));
  EXPECT_TRUE(g.descendants(kLetter).empty());
}

TEST(GraphTest, AncestorsOnACycleExcludeTheVariableItself) {
  Graph g = FromEdges(3, {{0, 1}, {1, 2}, {2, 0}});
  EXPECT_EQ(g.ancestors(0), (std::vector<int>{1, 2}));
  EXPECT_EQ(g.descendants(0), (std::vector<int>{1, 2}));
}

TEST(GraphTest, HasDirectedPathFollowsEdgeDirection) {
  Graph g = StudentNetwork();
  EXPECT_TRUE(g.has_directed_path(kDifficulty, kLetter));
  EXPECT_FALSE(g.has_directed_path(kLetter, kDifficulty));
  EXPECT_FALSE(g.has_directed_path(kDifficulty, kSat));  // only connected through a collider
  EXPECT_TRUE(g.has_directed_path(kSat, kSat));          // the empty path
}

// Two diamonds in a row: 0 -> {1, 2} -> 3 -> {4, 5} -> 6, plus a dead end 1 -> 7.
Graph DoubleDiamond() {
  return FromEdges(8, {{0, 1}, {0, 2}, {1, 3}, {2, 3}, {3, 4}, {3, 5}, {4, 6}, {5, 6}, {1, 7}});
}

TEST(GraphTest, DirectedPathsListsEveryPathInLexicographicOrder) {
  bool truncated = true;
  EXPECT_EQ(DoubleDiamond().directed_paths(0, 6, 4, &truncated),
            (Paths{{0, 1, 3, 4, 6}, {0, 1, 3, 5, 6}, {0, 2, 3, 4, 6}, {0, 2, 3, 5, 6}}));
  EXPECT_FALSE(truncated);
}

TEST(GraphTest, DirectedPathsStopsAtLimitAndReportsTruncation) {
  bool truncated = false;
  EXPECT_EQ(DoubleDiamond().directed_paths(0, 6, 3, &truncated),
            (Paths{{0, 1, 3, 4, 6}, {0, 1, 3, 5, 6}, {0, 2, 3, 4, 6}}));
  EXPECT_TRUE(truncated);
}

TEST(GraphTest, DirectedPathsWithZeroLimitOnlyTellsWhetherAPathExists) {
  Graph g = DoubleDiamond();
  bool truncated = false;
  EXPECT_TRUE(g.directed_paths(0, 6, 0, &truncated).empty());
  EXPECT_TRUE(truncated);
  EXPECT_TRUE(g.directed_paths(7, 6, 0, &truncated).empty());
  EXPECT_FALSE(truncated);
}

TEST(GraphTest, DirectedPathsIsEmptyWithoutPath) {
  bool truncated = true;
  EXPECT_TRUE(DoubleDiamond().directed_paths(6, 0, 10, &truncated).empty());
  EXPECT_FALSE(truncated);
}

TEST(GraphTest, DirectedPathsFromAVariableToItselfIsTheEmptyPath) {
  bool truncated = true;
  EXPECT_EQ(DoubleDiamond().directed_paths(3, 3, 10, &truncated), (Paths{{3}}));
  EXPECT_FALSE(truncated);
}

TEST(GraphTest, DirectedPathsAcceptsNullTruncationFlag) {
  EXPECT_EQ(DoubleDiamond().directed_paths(3, 6, 1, nullptr), (Paths{{3, 4, 6}}));
}

TEST(GraphTest, DirectedPathsOnACyclicGraphAreSimple) {
  // 0 <-> 1 -> 2: going round the cycle would give infinitely many walks.
  Graph g = FromEdges(3, {{0, 1}, {1, 0}, {1, 2}});
  bool truncated = true;
  EXPECT_EQ(g.directed_paths(0, 2, 10, &truncated), (Paths{{0, 1, 2}}));
  EXPECT_FALSE(truncated);
}

// Decision D -> X -> U, Z -> X, D -> W (W does not reach U), V -> U, and an unrelated 6 -> 7.
enum Incentive { kD, kX, kU, kZ, kW, kV, kOther, kOtherChild, kIncentiveSize };

Graph IncentiveGraph() {
  return FromEdges(kIncentiveSize, {{kD, kX}, {kX, kU}, {kZ, kX}, {kD, kW}, {kV, kU}, {kOther, kOtherChild}});
}

TEST(GraphTest, OnDirectedPathsKeepsOnlyVariablesBetweenSourceAndTargets) {
  EXPECT_EQ(IncentiveGraph().on_directed_paths(kD, {kU}), (std::vector<int>{kD, kX, kU}));
}

TEST(GraphTest, OnDirectedPathsUnitesPathsToSeveralTargets) {
  EXPECT_EQ(IncentiveGraph().on_directed_paths(kD, {kU, kW}), (std::vector<int>{kD, kX, kU, kW}));
}

TEST(GraphTest, OnDirectedPathsIsEmptyWhenNoTargetIsReachable) {
  Graph g = IncentiveGraph();
  EXPECT_TRUE(g.on_directed_paths(kD, {kOtherChild}).empty());
  EXPECT_TRUE(g.on_directed_paths(kU, {kD}).empty());
  EXPECT_TRUE(g.on_directed_paths(kD, {}).empty());
}

TEST(GraphTest, OnDirectedPathsIncludesSourceThatIsATarget) {
  EXPECT_EQ(IncentiveGraph().on_directed_paths(kU, {kU}), (std::vector<int>{kU}));
}

// --- d-separation on hand-checked examples --------------------------------------------------

TEST(GraphTest, ChainIsBlockedOnlyByObservingTheMiddle) {
  Graph g = FromEdges(3, {{0, 1}, {1, 2}});
  EXPECT_FALSE(g.d_separated({0}, {2}, {}));
  EXPECT_TRUE(g.d_separated({0}, {2}, {1}));
  EXPECT_TRUE(g.d_separated({2}, {0}, {1}));
}

TEST(GraphTest, ForkIsBlockedOnlyByObservingTheCommonCause) {
  Graph g = FromEdges(3, {{1, 0}, {1, 2}});
  EXPECT_FALSE(g.d_separated({0}, {2}, {}));
  EXPECT_TRUE(g.d_separated({0}, {2}, {1}));
}

TEST(GraphTest, ColliderIsBlockedUnlessItOrADescendantIsObserved) {
  // 0 -> 2 <- 1, 2 -> 3 -> 4, and 2's unrelated sibling path 0 -> 5.
  Graph g = FromEdges(6, {{0, 2}, {1, 2}, {2, 3}, {3, 4}, {0, 5}});
  EXPECT_TRUE(g.d_separated({0}, {1}, {}));
  EXPECT_FALSE(g.d_separated({0}, {1}, {2}));
  EXPECT_FALSE(g.d_separated({0}, {1}, {3}));
  EXPECT_FALSE(g.d_separated({0}, {1}, {4}));  // a grandchild also opens it
  EXPECT_TRUE(g.d_separated({0}, {1}, {5}));   // a non-descendant does not
  EXPECT_TRUE(g.d_separated({5}, {1}, {}));
  EXPECT_FALSE(g.d_separated({5}, {1}, {4}));  // 5 <- 0 -> 2 <- 1 with 2 opened
  EXPECT_TRUE(g.d_separated({5}, {1}, {0, 4}));
}

TEST(GraphTest, MGraphIsOpenedByObservingTheCollider) {
  // The M-graph: A -> X, A -> M <- B, B -> Y. X and Y are only connected through collider M.
  enum { kA, kB, kXm, kM, kYm };
  Graph g = FromEdges(5, {{kA, kXm}, {kA, kM}, {kB, kM}, {kB, kYm}});
  EXPECT_TRUE(g.d_separated({kXm}, {kYm}, {}));
  EXPECT_FALSE(g.d_separated({kXm}, {kYm}, {kM}));
  EXPECT_TRUE(g.d_separated({kXm}, {kYm}, {kM, kA}));
  EXPECT_TRUE(g.d_separated({kXm}, {kYm}, {kM, kB}));
  EXPECT_FALSE(g.d_separated({kA}, {kB}, {kM}));
}

TEST(GraphTest, StudentNetworkMatchesKollerFriedman) {
  Graph g = StudentNetwork();
  EXPECT_TRUE(g.d_separated({kDifficulty}, {kIntelligence}, {}));
  EXPECT_FALSE(g.d_separated({kDifficulty}, {kIntelligence}, {kGrade}));
  EXPECT_FALSE(g.d_separated({kDifficulty}, {kIntelligence}, {kLetter}));
  EXPECT_TRUE(g.d_separated({kDifficulty}, {kSat}, {}));
  EXPECT_FALSE(g.d_separated({kDifficulty}, {kSat}, {kGrade}));
  EXPECT_FALSE(g.d_separated({kDifficulty}, {kSat}, {kLetter}));
  EXPECT_TRUE(g.d_separated({kDifficulty}, {kSat}, {kGrade, kIntelligence}));
  EXPECT_FALSE(g.d_separated({kLetter}, {kSat}, {}));
  EXPECT_TRUE(g.d_separated({kLetter}, {kSat}, {kGrade}));
  EXPECT_TRUE(g.d_separated({kLetter}, {kIntelligence}, {kGrade}));
  EXPECT_TRUE(g.d_separated({kSat}, {kGrade}, {kIntelligence}));
  EXPECT_FALSE(g.d_separated({kSat}, {kGrade}, {}));
}

TEST(GraphTest, SetsAreSeparatedOnlyIfEveryPairIs) {
  Graph g = StudentNetwork();
  EXPECT_TRUE(g.d_separated({kDifficulty, kLetter}, {kSat}, {kGrade, kIntelligence}));
  EXPECT_FALSE(g.d_separated({kDifficulty, kLetter}, {kSat}, {}));  // Letter <- Grade <- Int -> SAT
  EXPECT_FALSE(g.d_separated({kDifficulty}, {kIntelligence, kSat}, {kGrade}));
}

TEST(GraphTest, EmptySetsAreTriviallySeparated) {
  Graph g = StudentNetwork();
  EXPECT_TRUE(g.d_separated({}, {kSat}, {}));
  EXPECT_TRUE(g.d_separated({kSat}, {}, {}));
}

TEST(GraphTest, ObservedVariablesAreSeparatedFromEverything) {
  Graph g = FromEdges(2, {{0, 1}});
  EXPECT_TRUE(g.d_separated({0}, {1}, {0}));
  EXPECT_TRUE(g.d_separated({0}, {1}, {1}));
  EXPECT_TRUE(g.d_separated({0}, {0}, {0}));  // in x, y and z: z wins
}

TEST(GraphTest, VariableInBothSidesIsNotSeparated) {
  Graph g({{}, {}});
  EXPECT_FALSE(g.d_separated({0}, {0}, {}));
  EXPECT_FALSE(g.d_separated({0, 1}, {1}, {}));
}

// --- d-separation against a brute-force definition ------------------------------------------

// A random DAG on n variables: edges go forward in a random ranking of the variables, so that
// declaration order is not a topological order.
Edges RandomDag(int n, double edge_probability, std::mt19937& rng) {
  std::vector<int> rank(n);
  for (int i = 0; i < n; ++i) rank[i] = i;
  std::shuffle(rank.begin(), rank.end(), rng);
  std::bernoulli_distribution coin(edge_probability);
  Edges edges;
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) {
      if (coin(rng)) edges.emplace_back(rank[i], rank[j]);
    }
  }
  return edges;
}

// d-separation straight from the definition, written independently of Graph: every simple
// undirected path between some x and some y must contain a non-collider in z or a collider
// with neither itself nor any descendant in z.
class BruteForce {
 public:
  BruteForce(int n, const Edges& edges) : n_(n), edge_(n, std::vector<bool>(n, false)) {
    for (const auto& [p, c] : edges) edge_[p][c] = true;
  }

  bool Separated(const std::vector<int>& x, const std::vector<int>& y, const std::vector<int>& z) const {
    std::vector<bool> in_z(n_, false);
    for (int v : z) in_z[v] = true;
    for (int a : x) {
      for (int b : y) {
        if (in_z[a] || in_z[b]) continue;
        if (a == b) return false;
        std::vector<int> path = {a};
        std::vector<bool> on_path(n_, false);
        on_path[a] = true;
        if (ActivePathExists(path, on_path, b, in_z)) return false;
      }
    }
    return true;
  }

 private:
  bool ActivePathExists(std::vector<int>& path, std::vector<bool>& on_path, int target,
                        const std::vector<bool>& in_z) const {
    const int v = path.back();
    if (v == target) return Active(path, in_z);
    for (int w = 0; w < n_; ++w) {
      if (on_path[w] || !(edge_[v][w] || edge_[w][v])) continue;
      path.push_back(w);
      on_path[w] = true;
      const bool found = ActivePathExists(path, on_path, target, in_z);
      path.pop_back();
      on_path[w] = false;
      if (found) return true;
    }
    return false;
  }

  bool Active(const std::vector<int>& path, const std::vector<bool>& in_z) const {
    for (std::size_t i = 1; i + 1 < path.size(); ++i) {
      const int m = path[i];
      const bool collider = edge_[path[i - 1]][m] && edge_[path[i + 1]][m];
      if (collider ? !SelfOrDescendantIn(m, in_z) : in_z[m]) return false;
    }
    return true;
  }

  bool SelfOrDescendantIn(int v, const std::vector<bool>& in_z) const {
    if (in_z[v]) return true;
    for (int w = 0; w < n_; ++w) {
      if (edge_[v][w] && SelfOrDescendantIn(w, in_z)) return true;
    }
    return false;
  }

  int n_;
  std::vector<std::vector<bool>> edge_;
};

TEST(GraphTest, DSeparationMatchesBruteForceOnRandomDags) {
  int separated = 0;
  int connected = 0;
  for (unsigned seed = 1; seed <= 200; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937 rng(seed);
    const int n = std::uniform_int_distribution<int>(2, 7)(rng);
    const double density = std::uniform_real_distribution<double>(0.2, 0.7)(rng);
    const Edges edges = RandomDag(n, density, rng);
    const Graph g = FromEdges(n, edges);
    const BruteForce brute(n, edges);
    for (int query = 0; query < 30; ++query) {
      std::vector<int> x, y, z;
      // Most queries use disjoint sets; every fifth draws them independently to exercise the
      // rules for overlapping sets.
      const bool disjoint = query % 5 != 0;
      std::uniform_int_distribution<int> role(0, 3);
      std::bernoulli_distribution member(0.3);
      for (int v = 0; v < n; ++v) {
        if (disjoint) {
          const int r = role(rng);
          if (r == 0) x.push_back(v);
          if (r == 1) y.push_back(v);
          if (r == 2) z.push_back(v);
        } else {
          if (member(rng)) x.push_back(v);
          if (member(rng)) y.push_back(v);
          if (member(rng)) z.push_back(v);
        }
      }
      const bool expected = brute.Separated(x, y, z);
      ASSERT_EQ(g.d_separated(x, y, z), expected) << "query " << query;
      ++(expected ? separated : connected);
    }
  }
  // Guards against a generator so sparse or dense that one answer dominates and proves little.
  EXPECT_GT(separated, 1000);
  EXPECT_GT(connected, 1000);
}

TEST(GraphTest, RandomDagsHaveValidTopologicalOrderAndNoCycle) {
  for (unsigned seed = 1; seed <= 200; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937 rng(seed);
    const int n = std::uniform_int_distribution<int>(1, 12)(rng);
    const Edges edges = RandomDag(n, 0.4, rng);
    const Graph g = FromEdges(n, edges);
    EXPECT_TRUE(g.find_cycle().empty());
    const std::optional<std::vector<int>> order = g.topological_order();
    ASSERT_TRUE(order.has_value());
    ASSERT_EQ(static_cast<int>(order->size()), n);
    std::vector<int> position(n, -1);
    for (int i = 0; i < n; ++i) position[(*order)[i]] = i;
    for (const auto& [p, c] : edges) EXPECT_LT(position[p], position[c]);
  }
}

TEST(GraphTest, BackEdgeIntoAnAncestorYieldsAValidCycle) {
  for (unsigned seed = 1; seed <= 200; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937 rng(seed);
    const int n = std::uniform_int_distribution<int>(2, 12)(rng);
    Edges edges = RandomDag(n, 0.3, rng);
    Graph dag = FromEdges(n, edges);
    // Close a cycle by adding an edge from some descendant back to its ancestor.
    int from = -1;
    int to = -1;
    for (int v = 0; v < n && from < 0; ++v) {
      const std::vector<int> below = dag.descendants(v);
      if (!below.empty()) {
        from = below.back();
        to = v;
      }
    }
    if (from < 0) continue;  // no edges at all
    edges.emplace_back(from, to);
    const Graph g = FromEdges(n, edges);
    EXPECT_EQ(g.topological_order(), std::nullopt);
    const std::vector<int> cycle = g.find_cycle();
    ASSERT_FALSE(cycle.empty());
    EXPECT_EQ(cycle.front(), *std::min_element(cycle.begin(), cycle.end()));
    std::vector<int> sorted = cycle;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(std::adjacent_find(sorted.begin(), sorted.end()), sorted.end()) << "repeats";
    for (std::size_t i = 0; i < cycle.size(); ++i) {
      const int next = cycle[(i + 1) % cycle.size()];
      const std::vector<int>& cs = g.children(cycle[i]);
      EXPECT_TRUE(std::binary_search(cs.begin(), cs.end(), next))
          << cycle[i] << " -> " << next << " is not an edge";
    }
  }
}

TEST(GraphTest, AncestorsDescendantsAndPathsAgreeOnRandomDags) {
  for (unsigned seed = 1; seed <= 200; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937 rng(seed);
    const int n = std::uniform_int_distribution<int>(1, 9)(rng);
    const Graph g = FromEdges(n, RandomDag(n, 0.4, rng));
    for (int u = 0; u < n; ++u) {
      const std::vector<int> below = g.descendants(u);
      for (int v = 0; v < n; ++v) {
        const bool is_descendant = std::binary_search(below.begin(), below.end(), v);
        const std::vector<int> above = g.ancestors(v);
        EXPECT_EQ(std::binary_search(above.begin(), above.end(), u), is_descendant);
        EXPECT_EQ(g.has_directed_path(u, v), is_descendant || u == v);
        bool truncated = true;
        const Paths paths = g.directed_paths(u, v, 1000, &truncated);
        EXPECT_FALSE(truncated);
        EXPECT_EQ(paths.empty(), !g.has_directed_path(u, v));
        EXPECT_TRUE(std::is_sorted(paths.begin(), paths.end()));
        for (const std::vector<int>& p : paths) {
          ASSERT_EQ(p.front(), u);
          ASSERT_EQ(p.back(), v);
          for (std::size_t i = 0; i + 1 < p.size(); ++i) {
            const std::vector<int>& cs = g.children(p[i]);
            EXPECT_TRUE(std::binary_search(cs.begin(), cs.end(), p[i + 1]));
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace motive
