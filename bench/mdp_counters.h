#pragma once
// Counters shared by the Google Benchmark suites of gridworld solvers (bench_mdp.cc, bench_meg.cc).
#include <benchmark/benchmark.h>

#include "mdp/mdp.h"

namespace motive::bench {

inline void mdp_counters(benchmark::State& state, const motive::mdp::Mdp& mdp) {
  state.counters["states"] = mdp.states;
  state.counters["transitions"] = static_cast<double>(mdp.transition_count());
}

}  // namespace motive::bench
