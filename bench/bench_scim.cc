// Google Benchmark suite over the generated workloads of bench/workloads.h: every workload, every
// analysis, through motive::handle_request, and the scaling benchmark (scaling_workloads). Counters:
// settings/s (the throughput over the 2^k settings), and the workload's size (settings, variables, decision
// contexts).
//
//   build/native/motive_bench [--benchmark_filter=chain_k16] [--benchmark_min_time=0.2]
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "workloads.h"

namespace {

void run_workload(benchmark::State& state, const motive::bench::Workload& workload,
                  const std::string& analysis) {
  const std::string failed = motive::bench::failure(motive::bench::run(workload, analysis));
  if (!failed.empty()) {
    state.SkipWithError(failed.c_str());
    return;
  }
  for (auto _ : state) {
    nlohmann::json response = motive::bench::run(workload, analysis);
    benchmark::DoNotOptimize(response);
  }
  const double settings = static_cast<double>(workload.settings);
  state.counters["settings/s"] = benchmark::Counter(settings, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["settings"] = settings;
  state.counters["variables"] = workload.variables;
  state.counters["contexts"] = static_cast<double>(workload.contexts);
}

}  // namespace

int main(int argc, char** argv) {
  static std::vector<motive::bench::Workload> workloads = motive::bench::standard_workloads();
  // The scaling benchmark (random CIDs by both methods): --benchmark_filter=cid_ for it alone.
  for (motive::bench::Workload& w : motive::bench::scaling_workloads()) workloads.push_back(std::move(w));
  for (const auto& workload : workloads) {
    for (const auto& analysis : workload.analyses) {
      const motive::bench::Workload* w = &workload;
      benchmark::RegisterBenchmark((workload.name + "/" + analysis).c_str(), [w, analysis](
                                                                                 benchmark::State& state) {
        run_workload(state, *w, analysis);
      })->Unit(benchmark::kMillisecond);
    }
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
