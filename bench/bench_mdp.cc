// Google Benchmark suite of the MDP solvers (engine/mdp/solve.h) on n × n gridworlds, n = 10 to 200:
// building the MDP, value iteration, soft value iteration (cold and warm started), policy evaluation
// and the occupancy measure. The world is bench/workloads.h's gridworld_model(n): CliffWorld-like, with
// rows of cliff that make the optimal path wind.
// Registered statically; bench_scim.cc's main runs them too.
//
//   build/native/motive_bench --benchmark_filter=mdp/
#include <benchmark/benchmark.h>

#include "mdp/mdp.h"
#include "mdp/solve.h"
#include "mdp_counters.h"
#include "workloads.h"

namespace {

using motive::mdp::GridWorld;
using motive::mdp::Mdp;
using motive::mdp::Policy;

void BM_Build(benchmark::State& state) {
  const GridWorld world =
      *motive::bench::gridworld_file(static_cast<int>(state.range(0))).variants.front().grid;
  Mdp mdp;
  for (auto _ : state) {
    mdp = motive::mdp::build_gridworld_mdp(world);
    benchmark::DoNotOptimize(mdp.reward.data());
  }
  motive::bench::mdp_counters(state, mdp);
}

void BM_ValueIteration(benchmark::State& state) {
  const motive::mdp::MdpFile file = motive::bench::gridworld_file(static_cast<int>(state.range(0)));
  const Mdp& mdp = file.variants.front().mdp;
  int sweeps = 0;
  for (auto _ : state) {
    motive::mdp::Values values = motive::mdp::value_iteration(mdp, mdp.reward);
    sweeps = values.iterations;
    benchmark::DoNotOptimize(values.v.data());
  }
  motive::bench::mdp_counters(state, mdp);
  state.counters["sweeps"] = sweeps;
}

void BM_SoftValueIteration(benchmark::State& state) {
  const motive::mdp::MdpFile file = motive::bench::gridworld_file(static_cast<int>(state.range(0)));
  const Mdp& mdp = file.variants.front().mdp;
  int sweeps = 0;
  for (auto _ : state) {
    motive::mdp::SoftSolution soft = motive::mdp::soft_value_iteration(mdp, mdp.reward, 1.0);
    sweeps = soft.iterations;
    benchmark::DoNotOptimize(soft.policy.data());
  }
  motive::bench::mdp_counters(state, mdp);
  state.counters["sweeps"] = sweeps;
}

// Soft value iteration at β = 1.1 started from the solution at β = 1, as a search over β does.
void BM_SoftValueIterationWarm(benchmark::State& state) {
  const motive::mdp::MdpFile file = motive::bench::gridworld_file(static_cast<int>(state.range(0)));
  const Mdp& mdp = file.variants.front().mdp;
  const Eigen::VectorXd start = motive::mdp::soft_q(mdp, mdp.reward, 1.0).v;
  int sweeps = 0;
  for (auto _ : state) {
    motive::mdp::SoftQ soft = motive::mdp::soft_q(mdp, mdp.reward, 1.1, start);
    sweeps = soft.iterations;
    benchmark::DoNotOptimize(soft.q_prime.data());
  }
  motive::bench::mdp_counters(state, mdp);
  state.counters["sweeps"] = sweeps;
}

void BM_PolicyValues(benchmark::State& state) {
  const motive::mdp::MdpFile file = motive::bench::gridworld_file(static_cast<int>(state.range(0)));
  const Mdp& mdp = file.variants.front().mdp;
  const Policy policy = motive::bench::epsilon_greedy_policy(file, 0.1);
  for (auto _ : state) {
    Eigen::VectorXd v = motive::mdp::policy_values(mdp, mdp.reward, policy);
    benchmark::DoNotOptimize(v.data());
  }
  motive::bench::mdp_counters(state, mdp);
}

void BM_Occupancy(benchmark::State& state) {
  const motive::mdp::MdpFile file = motive::bench::gridworld_file(static_cast<int>(state.range(0)));
  const Mdp& mdp = file.variants.front().mdp;
  const Policy policy = motive::bench::epsilon_greedy_policy(file, 0.1);
  for (auto _ : state) {
    Eigen::VectorXd d = motive::mdp::occupancy(mdp, policy);
    benchmark::DoNotOptimize(d.data());
  }
  motive::bench::mdp_counters(state, mdp);
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
