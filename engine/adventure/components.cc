#include "adventure/components.h"

#include <algorithm>

namespace motive::adventure::internal {

// Tarjan's algorithm without recursion (games can be deep): it emits each component once all the
// components it reaches are emitted, which is the order every sweep here needs.
Components components(const StateGraph& graph, int from, const std::function<bool(int edge)>& keep) {
  Components out;
  const int n = graph.states();
  out.of.assign(n, -1);
  out.start.push_back(0);
  if (from < 0) return out;
  std::vector<int> index(n, -1), low(n, 0), stack;
  std::vector<char> on_stack(n, 0);
  struct Frame {
    int state;
    int edge;
  };
  std::vector<Frame> frames;
  int counter = 0;
  auto open = [&](int v) {
    index[v] = low[v] = counter++;
    stack.push_back(v);
    on_stack[v] = 1;
    frames.push_back({v, graph.edge_start[v]});
  };
  open(from);
  while (!frames.empty()) {
    const int v = frames.back().state;
    if (frames.back().edge < graph.edge_start[v + 1]) {
      const int e = frames.back().edge++;
      const int t = graph.edge_target[e];
      if (StateGraph::is_ending(t) || (keep && !keep(e))) continue;
      if (index[t] < 0) open(t);
      else if (on_stack[t]) low[v] = std::min(low[v], index[t]);
      continue;
    }
    if (low[v] == index[v]) {
      const int c = out.count();
      int w;
      do {
        w = stack.back();
        stack.pop_back();
        on_stack[w] = 0;
        out.of[w] = c;
        out.members.push_back(w);
      } while (w != v);
      out.start.push_back(static_cast<int>(out.members.size()));
    }
    frames.pop_back();
    if (!frames.empty()) low[frames.back().state] = std::min(low[frames.back().state], low[v]);
  }
  return out;
}

std::vector<int> edge_sources(const StateGraph& graph) {
  std::vector<int> source(graph.edges());
  for (int s = 0; s < graph.states(); ++s)
    for (int e = graph.edge_start[s]; e < graph.edge_start[s + 1]; ++e) source[e] = s;
  return source;
}

}  // namespace motive::adventure::internal
