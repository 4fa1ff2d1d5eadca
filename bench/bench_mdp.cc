// Google Benchmark suite of the MDP solvers (engine/mdp/solve.h) on n × n gridworlds, n = 10 to 200:
// building the MDP, value iteration, soft value iteration (cold and warm started), policy evaluation
// and the occupancy measure. The world is CliffWorld-like: start top left, goal bottom right, slip
// 0.1, discount 0.9, and rows of cliff with a gap at alternating ends, so that the optimal path winds.
// Registered statically; bench_scim.cc's main runs them too.
//
//   build/native/motive_bench --benchmark_filter=mdp/
#include <benchmark/benchmark.h>

#include "mdp/mdp.h"
#include "mdp/solve.h"

namespace {

using motive::mdp::CellType;
using motive::mdp::GridWorld;
using motive::mdp::Mdp;
using motive::mdp::Move;
using motive::mdp::Policy;

GridWorld winding_world(int n) {
  GridWorld world;
  world.rows = world.cols = n;
  world.slip = 0.1;
  world.discount = 0.9;
  world.actions = {Move::kUp, Move::kDown, Move::kLeft, Move::kRight};
  world.cells.assign(static_cast<std::size_t>(n) * n, {'.', CellType::kFloor, -1, false});
  for (int r = 2; r + 1 < n; r += 4)
    for (int c = 0; c + 2 < n; ++c)
      world.cells[r * n + (r % 8 == 2 ? c + 2 : c)] = {'C', CellType::kCliff, -10, true};
  world.cells[0] = {'S', CellType::kStart, -1, false};
  world.cells[static_cast<std::size_t>(n) * n - 1] = {'G', CellType::kGoal, 10, true};
  return world;
}

void set_counters(benchmark::State& state, const Mdp& mdp) {
  state.counters["states"] = mdp.states;
  state.counters["transitions"] = static_cast<double>(mdp.transition_count());
}

void BM_Build(benchmark::State& state) {
  const GridWorld world = winding_world(static_cast<int>(state.range(0)));
  Mdp mdp;
  for (auto _ : state) {
    mdp = motive::mdp::build_gridworld_mdp(world);
    benchmark::DoNotOptimize(mdp.reward.data());
  }
  set_counters(state, mdp);
}

void BM_ValueIteration(benchmark::State& state) {
  const Mdp mdp = motive::mdp::build_gridworld_mdp(winding_world(static_cast<int>(state.range(0))));
  int sweeps = 0;
  for (auto _ : state) {
    motive::mdp::Values values = motive::mdp::value_iteration(mdp, mdp.reward);
    sweeps = values.iterations;
    benchmark::DoNotOptimize(values.v.data());
  }
  set_counters(state, mdp);
  state.counters["sweeps"] = sweeps;
}

void BM_SoftValueIteration(benchmark::State& state) {
  const Mdp mdp = motive::mdp::build_gridworld_mdp(winding_world(static_cast<int>(state.range(0))));
  int sweeps = 0;
  for (auto _ : state) {
    motive::mdp::SoftSolution soft = motive::mdp::soft_value_iteration(mdp, mdp.reward, 1.0);
    sweeps = soft.iterations;
    benchmark::DoNotOptimize(soft.policy.data());
  }
  set_counters(state, mdp);
  state.counters["sweeps"] = sweeps;
}

// Soft value iteration at β = 1.1 started from the solution at β = 1, as a search over β does.
void BM_SoftValueIterationWarm(benchmark::State& state) {
  const Mdp mdp = motive::mdp::build_gridworld_mdp(winding_world(static_cast<int>(state.range(0))));
  const Eigen::VectorXd start = motive::mdp::soft_q(mdp, mdp.reward, 1.0).v;
  int sweeps = 0;
  for (auto _ : state) {
    motive::mdp::SoftQ soft = motive::mdp::soft_q(mdp, mdp.reward, 1.1, start);
    sweeps = soft.iterations;
    benchmark::DoNotOptimize(soft.q_prime.data());
  }
  set_counters(state, mdp);
  state.counters["sweeps"] = sweeps;
}

// The ε-greedy (ε = 0.1) agent's values and occupancy.
Policy epsilon_greedy(const Mdp& mdp) {
  const Policy best = motive::mdp::first_greedy_policy(motive::mdp::value_iteration(mdp, mdp.reward).q);
  return 0.9 * best + Policy::Constant(mdp.states, mdp.actions, 0.1 / mdp.actions);
}

void BM_PolicyValues(benchmark::State& state) {
  const Mdp mdp = motive::mdp::build_gridworld_mdp(winding_world(static_cast<int>(state.range(0))));
  const Policy policy = epsilon_greedy(mdp);
  for (auto _ : state) {
    Eigen::VectorXd v = motive::mdp::policy_values(mdp, mdp.reward, policy);
    benchmark::DoNotOptimize(v.data());
  }
  set_counters(state, mdp);
}

void BM_Occupancy(benchmark::State& state) {
  const Mdp mdp = motive::mdp::build_gridworld_mdp(winding_world(static_cast<int>(state.range(0))));
  const Policy policy = epsilon_greedy(mdp);
  for (auto _ : state) {
    Eigen::VectorXd d = motive::mdp::occupancy(mdp, policy);
    benchmark::DoNotOptimize(d.data());
  }
  set_counters(state, mdp);
}

void grid_sizes(benchmark::internal::Benchmark* b) {
  for (int n : {10, 50, 100, 200}) b->Arg(n);
  b->Unit(benchmark::kMillisecond);
}

BENCHMARK(BM_Build)->Name("mdp/build")->Apply(grid_sizes);
BENCHMARK(BM_ValueIteration)->Name("mdp/value_iteration")->Apply(grid_sizes);
BENCHMARK(BM_SoftValueIteration)->Name("mdp/soft_value_iteration")->Apply(grid_sizes);
BENCHMARK(BM_SoftValueIterationWarm)->Name("mdp/soft_value_iteration_warm")->Apply(grid_sizes);
BENCHMARK(BM_PolicyValues)->Name("mdp/policy_values")->Apply(grid_sizes);
BENCHMARK(BM_Occupancy)->Name("mdp/occupancy")->Apply(grid_sizes);

}  // namespace
