// Strongly connected components of the state graph (internal to the adventure analyses). The exact
// evaluations, the planners and the Pareto frontier all sweep the components from the endings back to
// the start: a component's successors are finished before it.
#pragma once

#include <functional>
#include <vector>

#include "adventure/adventure.h"

namespace motive::adventure::internal {

struct Components {
  std::vector<int> of;       // per state: its component, or -1 for a state left out
  std::vector<int> start;    // component c holds members[start[c] .. start[c+1])
  std::vector<int> members;  // components in reverse topological order: successors first
  int count() const { return static_cast<int>(start.size()) - 1; }
};

// The components of the states reachable from `from` through the edges `keep` accepts (all edges
// when empty); other states get -1.
Components components(const StateGraph& graph, int from, const std::function<bool(int edge)>& keep = {});

// The state each edge leaves.
std::vector<int> edge_sources(const StateGraph& graph);

}  // namespace motive::adventure::internal
