// Google Benchmark suite of the game methods (engine/game/methods.h) on Communicate Out of Prison:
// rollouts per second of a whole play (order, 12 messages, announcements) and of the announcement
// step alone, SBUE and SICA as the page asks them (10,000 rollouts), and exact SBUE at the
// announcements. The goals: 10^6 COP rollouts/s natively; SICA with 10,000 rollouts under
// 50 ms in the page; exact SBUE on COP under 5 ms.
//
//   build/native/motive_bench --benchmark_filter=game/
#include <benchmark/benchmark.h>

#include "game/cop.h"
#include "game/methods.h"

namespace {

using namespace motive::game;

const CopGame& cop() {
  static const CopGame game({Personality::kConArtist, Personality::kSimplePerson, Personality::kPolitician},
                            {"con-artist", "simple-person", "politician"}, 4);
  return game;
}

std::unique_ptr<State> at(const char* text) {
  std::string error;
  return cop().deserialise(text, &error);
}

constexpr const char* kAnnouncements = "cop order=4 talk=21p,02t,12r,21m,01p,10m,21r,02x,12r,21p,01p,12m";

// Rollouts of whole plays from the start (d = 1 with the Monte Carlo V: every rollout plays to the end).
void BM_CopRolloutsWholePlay(benchmark::State& state) {
  auto s = cop().initial_state();
  SimulateOptions o;
  o.rollouts = state.range(0);
  for (auto _ : state) benchmark::DoNotOptimize(simulate(cop(), *s, o, {}).rows.data());
  state.counters["rollouts/s"] =
      benchmark::Counter(static_cast<double>(o.rollouts), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_CopRolloutsWholePlay)
    ->Name("game/cop_rollouts_whole_play")
    ->Arg(100000)
    ->Unit(benchmark::kMillisecond);

// Rollouts of the announcement step alone (the state after the talk).
void BM_CopRolloutsAnnouncement(benchmark::State& state) {
  auto s = at(kAnnouncements);
  SimulateOptions o;
  o.rollouts = state.range(0);
  for (auto _ : state) benchmark::DoNotOptimize(simulate(cop(), *s, o, {}).rows.data());
  state.counters["rollouts/s"] =
      benchmark::Counter(static_cast<double>(o.rollouts), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_CopRolloutsAnnouncement)
    ->Name("game/cop_rollouts_announcement")
    ->Arg(1000000)
    ->Unit(benchmark::kMillisecond);

void BM_CopSica(benchmark::State& state) {
  auto s = cop().initial_state();
  SimulateOptions o;
  o.rollouts = 10000;
  for (auto _ : state) benchmark::DoNotOptimize(sica(cop(), *s, o).mean.data());
}
BENCHMARK(BM_CopSica)->Name("game/cop_sica_10000")->Unit(benchmark::kMillisecond);

void BM_CopSbue(benchmark::State& state) {
  auto s = at("cop order=4 talk=");
  SimulateOptions o;
  o.rollouts = 10000;
  for (auto _ : state) benchmark::DoNotOptimize(sbue(cop(), *s, 2, Action{1, 0}, o).mean.data());
}
BENCHMARK(BM_CopSbue)->Name("game/cop_sbue_10000")->Unit(benchmark::kMillisecond);

void BM_CopExactSbue(benchmark::State& state) {
  auto s = at(kAnnouncements);
  for (auto _ : state)
    benchmark::DoNotOptimize(exact_moments(cop(), *s, 1, {{2, 0, Action{1, 0}}}, 100000).mean.data());
}
BENCHMARK(BM_CopExactSbue)->Name("game/cop_exact_sbue_announcement")->Unit(benchmark::kMicrosecond);

}  // namespace
