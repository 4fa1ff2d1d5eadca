// The plain benchmark harness: times every workload of bench/workloads.h without Google Benchmark
// (which Emscripten lacks), so that the native build (motive_bench_plain) and the wasm build
// (motive_wasm_bench, run with node) print the same table and scripts/bench.sh can set them side by
// side.
//
//   motive_bench_plain [--quick] [--smoke] [--scaling] [--cpu-time] [--filter TEXT] [--min-time SECONDS]
//                      [--print-model NAME] [--serve]
//
// --cpu-time measures the process's CPU time instead of the wall time (natively
// CLOCK_PROCESS_CPUTIME_ID, under Node process.cpuUsage()): on a loaded machine, the one to compare.
//
// Before any timing, every family of workloads (each Shape) is warmed up on its smallest workload
// until its time per round stops falling (0.5 to 5 s), so that no family's first measurement pays
// for cold caches or, under wasm, for code the JS engine has not yet optimised. Each workload and analysis is
// then run once (to check that the engine answers ok) and repeated until at least --min-time seconds (default
// 0.2) have passed; the table gives the mean time per run. --smoke runs only the small workloads, once each,
// and fails if any answer is not ok. --scaling times the scaling benchmark (random CIDs, enumeration against
// variable elimination: bench/workloads.h, scaling_workloads) instead of the standard set.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "bench/workloads.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

namespace {

// Wall time, or with --cpu-time the CPU time of the process (motive::bench::cpu_seconds): on a shared,
// loaded machine the wall time also counts the other processes' turns on the cores.
struct Clock {
  using duration = std::chrono::duration<double>;
  using rep = double;
  using period = std::ratio<1>;
  using time_point = std::chrono::time_point<Clock>;
  static inline bool cpu = false;
  static time_point now() {
    if (cpu) return time_point(duration(motive::bench::cpu_seconds()));
    return time_point(
        std::chrono::duration_cast<duration>(std::chrono::steady_clock::now().time_since_epoch()));
  }
};

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

#ifdef __EMSCRIPTEN__
constexpr const char* kPlatform = "wasm";
#else
constexpr const char* kPlatform = "native";
#endif

#ifdef __EMSCRIPTEN__
// One line of standard input under Node, read synchronously (Emscripten's own stdin reports the end
// of input at once here); its length, or -1 at the end of input. A line longer than `size` - 1 is cut.
// clang-format off
EM_JS(int, motive_bench_read_line, (char* out, int size), {
  const fs = require('fs');
  const one = Buffer.alloc(1);
  let line = "";
  for (;;) {
    let n;
    try {
      n = fs.readSync(0, one, 0, 1, null);
    } catch (e) {
      if (e.code === 'EAGAIN') continue;
      if (e.code === 'EOF') n = 0;
      else throw e;
    }
    if (n === 0) {
      if (!line.length) return -1;
      break;
    }
    if (one[0] === 10) break;
    line += String.fromCharCode(one[0]);
  }
  stringToUTF8(line, out, size);
  return line.length;
});
// clang-format on
#endif

// A command of --serve, without its newline; false at the end of input.
bool read_command(std::string* line) {
#ifdef __EMSCRIPTEN__
  char buffer[512];
  int n = motive_bench_read_line(buffer, sizeof buffer);
  if (n < 0) return false;
  *line = buffer;
  return true;
#else
  return static_cast<bool>(std::getline(std::cin, *line));
#endif
}

int usage() {
  std::fprintf(stderr,
               "usage: motive_bench_plain [--quick] [--smoke] [--scaling] [--cpu-time] [--filter TEXT] "
               "[--min-time SECONDS] [--print-model NAME] [--serve]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  bool quick = false;
  bool smoke = false;
  bool scaling = false;
  bool serve = false;
  double min_time = 0.2;
  std::string filter;
  std::string print_model;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--quick") {
      quick = true;
    } else if (arg == "--smoke") {
      smoke = true;
      quick = true;
    } else if (arg == "--scaling") {
      scaling = true;
    } else if (arg == "--cpu-time") {
      Clock::cpu = true;
    } else if (arg == "--serve") {
      serve = true;
    } else if (arg == "--filter" && i + 1 < argc) {
      filter = argv[++i];
    } else if (arg == "--min-time" && i + 1 < argc) {
      min_time = std::atof(argv[++i]);
    } else if (arg == "--print-model" && i + 1 < argc) {
      print_model = argv[++i];
    } else {
      return usage();
    }
  }

  try {
    std::vector<motive::bench::Workload> workloads =
        scaling ? motive::bench::scaling_workloads(quick) : motive::bench::standard_workloads(quick);
    if (!print_model.empty()) {
      std::vector<motive::bench::Workload> all = motive::bench::standard_workloads(!quick);
      all.insert(all.end(), workloads.begin(), workloads.end());
      for (const auto& w : all) {
        if (w.name == print_model) {
          std::fputs(w.model.c_str(), stdout);
          return 0;
        }
      }
      std::fprintf(stderr, "no workload %s\n", print_model.c_str());
      return 2;
    }

    std::printf("# motive plain benchmark (%s)%s\n", kPlatform, smoke ? ", smoke run" : "");
    std::printf("%-36s %10s %5s %8s %12s %8s\n", "workload", "settings", "vars", "contexts", "ms/iter",
                "iters");
    std::fflush(stdout);
    int failures = 0;
    if (!smoke) {
      // Warm up every family (the first workload of each shape that the filter keeps) before the
      // first measurement: timing a family's first call measured compilation, not the engine.
      std::vector<motive::bench::Shape> warmed;
      for (const auto& w : workloads) {
        if (std::find(warmed.begin(), warmed.end(), w.shape) != warmed.end()) continue;
        bool kept = filter.empty();
        for (const auto& analysis : w.analyses)
          kept = kept || (w.name + "/" + analysis).find(filter) != std::string::npos;
        if (!kept) continue;
        warmed.push_back(w.shape);
        // Until a round takes as long as the one before (within 5%), at least 0.5 s and at most 5 s:
        // under wasm the optimising tier compiles in the background, later on a loaded machine.
        auto start = Clock::now();
        double previous = 0;
        while (seconds_since(start) < 5.0) {
          auto round = Clock::now();
          for (const auto& analysis : w.analyses) motive::bench::run(w, analysis);
          double took = seconds_since(round);
          if (seconds_since(start) >= 0.5 && previous > 0 && took > 0.95 * previous) break;
          previous = previous > 0 ? std::min(previous, took) : took;
        }
      }
    }
    // Times one workload's analysis and prints its row (and its rate line); false when it failed.
    auto measure = [&](const motive::bench::Workload& w, const std::string& analysis) {
      std::string name = w.name + "/" + analysis;
      auto start = Clock::now();
      nlohmann::json response = motive::bench::run(w, analysis);
      double elapsed = seconds_since(start);
      std::string failed = motive::bench::failure(response);
      if (!failed.empty()) {
        std::printf("%-36s FAILED: %s\n", name.c_str(), failed.c_str());
        std::fflush(stdout);
        return false;
      }
      long iterations = 1;
      // A run that already took long enough is its own measurement; otherwise it was the warm-up.
      if (!smoke && elapsed < 5 * min_time) {
        iterations = 0;
        start = Clock::now();
        do {
          response = motive::bench::run(w, analysis);
          ++iterations;
          elapsed = seconds_since(start);
        } while (elapsed < min_time);
      }
      std::printf("%-36s %10llu %5d %8llu %12.4f %8ld\n", name.c_str(),
                  static_cast<unsigned long long>(w.settings), w.variables,
                  static_cast<unsigned long long>(w.contexts), 1000.0 * elapsed / iterations, iterations);
      if (auto r = motive::bench::rate(name, response, elapsed / iterations); !r.empty())
        std::printf("# %s\n", r.c_str());
      std::fflush(stdout);
      return true;
    };
    if (serve) {
      // Serving (scripts/bench.sh --paired): after the warm-up, a line "list" prints the rows the filter
      // keeps and "end"; a row's name runs it once more and prints its row and "end"; end of input stops.
      std::string line;
      while (read_command(&line)) {
        for (const auto& w : workloads) {
          for (const auto& analysis : w.analyses) {
            std::string name = w.name + "/" + analysis;
            if (!filter.empty() && name.find(filter) == std::string::npos) continue;
            if (line == "list") std::printf("%s\n", name.c_str());
            else if (line == name) measure(w, analysis);
          }
        }
        std::printf("end\n");
        std::fflush(stdout);
      }
      return 0;
    }
    for (const auto& w : workloads) {
      for (const auto& analysis : w.analyses) {
        std::string name = w.name + "/" + analysis;
        if (!filter.empty() && name.find(filter) == std::string::npos) continue;
        if (!measure(w, analysis)) ++failures;
      }
    }
    if (failures) {
      std::printf("# %d workload(s) failed\n", failures);
      return 1;
    }
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "motive_bench_plain: %s\n", e.what());
    return 1;
  }
}
