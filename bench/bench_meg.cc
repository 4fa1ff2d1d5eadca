// Google Benchmark suite of MEG (engine/meg): CliffWorld through the API (known and unknown utility, the ε
// sweep of issue 4's speed goals), the mouse CID, and n × n gridworlds, n = 10 to 200 (bench/workloads.h's
// gridworld_model: start top left, goal bottom right, slip 0.1, discount 0.9, rows of cliff with alternating
// gaps; the cliff costs −20, so that falling is worse than wandering forever, −1/(1 − γ) = −10). "recompute"
// is what an edit of the map costs before the page can redraw: the optimal agent's policy, its occupancy and
// its known-utility MEG. Registered statically; bench_scim.cc's main runs them too.
//
//   build/native/motive_bench --benchmark_filter=meg/
#include <benchmark/benchmark.h>

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "api/api.h"
#include "mdp/agents.h"
#include "mdp/mdp.h"
#include "mdp/solve.h"
#include "mdp_counters.h"
#include "meg/mdp_meg.h"
#include "workloads.h"

namespace {

using motive::mdp::Mdp;
using motive::mdp::Policy;
using nlohmann::json;

std::string example(const std::string& id) {
  for (const auto& [name, text] : motive::bench::embedded_examples())
    if (name == id) return text;
  return {};
}

void request(benchmark::State& state, const std::string& model, const std::string& analysis,
             const json& params) {
  json r = {{"model", model}, {"analysis", analysis}, {"params", params}};
  json first = motive::handle_request(r);
  if (!first.value("ok", false)) {
    state.SkipWithError(first.dump().c_str());
    return;
  }
  for (auto _ : state) benchmark::DoNotOptimize(motive::handle_request(r));
}

json epsilon(double e) { return {{"kind", "epsilon_greedy"}, {"epsilon", e}}; }

json epsilon_values() {
  json values = json::array();
  for (int i = 0; i <= 20; ++i) values.push_back(i / 20.0);
  return values;
}

void BM_CliffWorldKnown(benchmark::State& state) {
  request(state, example("meg/cliffworld"), "meg", {{"agent", epsilon(state.range(0) / 100.0)}});
}
void BM_CliffWorldUnknown(benchmark::State& state) {
  request(state, example("meg/cliffworld"), "meg",
          {{"agent", epsilon(state.range(0) / 100.0)}, {"utility", "unknown"}});
}
void BM_CliffWorldMlp(benchmark::State& state) {
  request(state, example("meg/cliffworld"), "meg",
          {{"agent", epsilon(0.1)}, {"utility", "unknown"}, {"class", "mlp"}, {"hidden", 16}});
}
void BM_CliffWorldSweep(benchmark::State& state) {
  json utility = state.range(0) == 0   ? json{"known"}
                 : state.range(0) == 1 ? json{"unknown"}
                                       : json{"known", "unknown"};
  request(state, example("meg/cliffworld"), "meg_sweep",
          {{"parameter", "epsilon"}, {"values", epsilon_values()}, {"utility", utility}});
}
void BM_CliffWorldLikelihood(benchmark::State& state) {
  request(state, example("meg/cliffworld"), "meg_likelihood", {{"agent", epsilon(0.1)}});
}
void BM_MouseKnown(benchmark::State& state) {
  request(state, example("meg/mouse"), "meg", {{"policy", "p80"}});
}
void BM_MouseUnknown(benchmark::State& state) {
  request(state, example("meg/mouse"), "meg",
          {{"policy", "p80"}, {"utility", "unknown"}, {"targets", {"C"}}});
}

void BM_GridRecompute(benchmark::State& state) {
  const motive::mdp::MdpFile file = motive::bench::gridworld_file(static_cast<int>(state.range(0)));
  const Mdp& mdp = file.variants.front().mdp;
  for (auto _ : state) {
    Policy agent = motive::mdp::greedy_policy(motive::mdp::value_iteration(mdp, mdp.reward));
    benchmark::DoNotOptimize(
        motive::meg::known_utility_meg(mdp, mdp.reward, agent, motive::mdp::occupancy(mdp, agent)));
  }
  motive::bench::mdp_counters(state, mdp);
}

void BM_GridKnownEpsilon(benchmark::State& state) {
  const motive::mdp::MdpFile file = motive::bench::gridworld_file(static_cast<int>(state.range(0)));
  const Mdp& mdp = file.variants.front().mdp;
  const Policy agent = motive::bench::epsilon_greedy_policy(file, 0.1);
  const Eigen::VectorXd d = motive::mdp::occupancy(mdp, agent);
  int evaluations = 0;
  for (auto _ : state) {
    motive::meg::MdpMeg r = motive::meg::known_utility_meg(mdp, mdp.reward, agent, d);
    evaluations = r.iterations;
    benchmark::DoNotOptimize(r);
  }
  motive::bench::mdp_counters(state, mdp);
  state.counters["beta_evaluations"] = evaluations;
}

void BM_GridSoftSolve(benchmark::State& state) {
  const motive::mdp::MdpFile file = motive::bench::gridworld_file(static_cast<int>(state.range(0)));
  const Mdp& mdp = file.variants.front().mdp;
  int sweeps = 0;
  for (auto _ : state) {
    motive::meg::SoftFamily family(mdp, mdp.reward);
    sweeps = family.solve(1.0).sweeps;
    benchmark::DoNotOptimize(family.policy());
  }
  motive::bench::mdp_counters(state, mdp);
  state.counters["sweeps"] = sweeps;
}

void BM_GridUnknown(benchmark::State& state) {
  const motive::mdp::MdpFile file = motive::bench::gridworld_file(static_cast<int>(state.range(0)));
  const Mdp& mdp = file.variants.front().mdp;
  const Policy agent = motive::bench::epsilon_greedy_policy(file, 0.1);
  const Eigen::VectorXd d = motive::mdp::occupancy(mdp, agent);
  int iterations = 0;
  for (auto _ : state) {
    motive::meg::MdpMeg r = motive::meg::state_utility_meg(mdp, agent, d);
    iterations = r.iterations;
    benchmark::DoNotOptimize(r);
  }
  motive::bench::mdp_counters(state, mdp);
  state.counters["iterations"] = iterations;
}

void grid_sizes(benchmark::internal::Benchmark* b) {
  for (int n : {10, 25, 50, 100, 200}) b->Arg(n);
  b->Unit(benchmark::kMillisecond);
}

}  // namespace

BENCHMARK(BM_CliffWorldKnown)
    ->Name("meg/cliffworld_known")
    ->Arg(0)
    ->Arg(10)
    ->Arg(50)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CliffWorldUnknown)
    ->Name("meg/cliffworld_unknown")
    ->Arg(10)
    ->Arg(50)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CliffWorldMlp)->Name("meg/cliffworld_mlp")->Unit(benchmark::kMillisecond);
// 21 values of ε: 0 known only, 1 unknown only, 2 both (issue 4: under a second in the browser).
BENCHMARK(BM_CliffWorldSweep)
    ->Name("meg/cliffworld_epsilon_sweep")
    ->Arg(0)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CliffWorldLikelihood)->Name("meg/cliffworld_likelihood")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MouseKnown)->Name("meg/mouse_known")->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_MouseUnknown)->Name("meg/mouse_unknown")->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_GridRecompute)->Name("meg/grid_recompute_optimal")->Apply(grid_sizes);
BENCHMARK(BM_GridKnownEpsilon)->Name("meg/grid_known_epsilon_0.1")->Apply(grid_sizes);
BENCHMARK(BM_GridSoftSolve)->Name("meg/grid_soft_solve_beta_1")->Apply(grid_sizes);
BENCHMARK(BM_GridUnknown)
    ->Name("meg/grid_unknown_epsilon_0.1")
    ->Arg(10)
    ->Arg(25)
    ->Unit(benchmark::kMillisecond);
