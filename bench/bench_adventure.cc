// Google Benchmark suite of the adventure engine (engine/adventure) on generated games of growing state
// graphs (about 10^2 to 10^5 decision states): reading (the state graph is built then), random episodes
// (the issue's goal: 10^6 random steps per second natively), the exact random baseline, the exact
// reward-maximising planner and the Pareto frontier.
//
//   build/native/motive_bench --benchmark_filter=adventure/
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <string>

#include "adventure/adventure.h"
#include "adventure/agents.h"
#include "adventure/metrics.h"
#include "adventure/pareto.h"
#include "mdp/random.h"

namespace {

using motive::adventure::Adventure;

// A game of `layers` layers of `width` decision scenes and one ending. The start offers every scene of the
// first layer; each scene offers three choices into the next layer (scene 3w + c mod width, so that every
// scene is reached), which add 0, 1 or 2 to a stat x in [0, x_max]: the states are (scene, x) pairs. Scenes
// carry seeded random annotations; the last layer's choices unlock one of four achievements. States grow
// as layers · width · (x_max + 1).
std::string generated_adventure(int layers, int width, int x_max, std::uint64_t seed) {
  motive::mdp::Random random(seed);
  const char* categories[] = {"killing", "deception", "stealing", "manipulation", "spying"};
  std::string text = R"({"kind": "adventure", "start": "start", "stats": {"x": {"min": 0, "max": )" +
                     std::to_string(x_max) + R"(}}, "achievements": {"a0": {"points": 1}, "a1": {"points": 2},
                     "a2": {"points": 3}, "a3": {"points": 4}}, "scenes": {"start": {"text": "start", "choices": [)";
  for (int w = 0; w < width; ++w)
    text += std::string(w ? ", " : "") + "{\"text\": \"" + std::to_string(w) + "\", \"target\": \"s0_" +
            std::to_string(w) + "\"}";
  text += "]},\n";
  for (int l = 0; l < layers; ++l)
    for (int w = 0; w < width; ++w) {
      const std::string id = "s" + std::to_string(l) + "_" + std::to_string(w);
      text += "\"" + id + "\": {\"text\": \"" + id + "\", \"annotations\": {\"morality\": {\"" +
              categories[random.below(5)] + "\": " + std::to_string(random.uniform()) +
              "}, \"money\": {\"dollars\": " + std::to_string(random.below(200000)) + "}}, \"choices\": [";
      for (int c = 0; c < 3; ++c) {
        const std::string target =
            l + 1 < layers ? "s" + std::to_string(l + 1) + "_" + std::to_string((3 * w + c) % width) : "end";
        text += std::string(c ? ", " : "") + "{\"text\": \"c" + std::to_string(c) + "\", \"target\": \"" +
                target + "\", \"set\": {\"x\": \"x + " + std::to_string(c) + "\"}";
        if (l + 1 == layers) text += ", \"achievements\": [\"a" + std::to_string((w + c) % 4) + "\"]";
        text += "}";
      }
      text += "]},\n";  // one scene a line, as people write them (diagnostics count columns per line)
    }
  text += R"("end": {"text": "end", "ending": true}}})";
  return text;
}

// Sizes: (layers, width, x_max).
const int kSizes[][3] = {{5, 5, 4}, {10, 10, 9}, {20, 25, 19}, {40, 50, 49}};

Adventure game_of(int size) {
  motive::Diagnostics d;
  const auto& s = kSizes[size];
  auto game = motive::adventure::read_adventure(generated_adventure(s[0], s[1], s[2], 1), &d);
  if (!game) std::abort();  // the generator's games are valid by construction
  return std::move(*game);
}

void counters(benchmark::State& state, const Adventure& game) {
  state.counters["states"] = game.graph.states();
  state.counters["edges"] = game.graph.edges();
}

void BM_Read(benchmark::State& state) {
  const auto& s = kSizes[state.range(0)];
  const std::string text = generated_adventure(s[0], s[1], s[2], 1);
  int states = 0;
  for (auto _ : state) {
    motive::Diagnostics d;
    auto game = motive::adventure::read_adventure(text, &d);
    if (!game) std::abort();
    states = game->graph.states();
    benchmark::DoNotOptimize(states);
  }
  state.counters["states"] = states;
}

// Random episodes on the flat graph: items are decisions (steps), so items_per_second is steps/s.
void BM_RandomEpisodes(benchmark::State& state) {
  const Adventure game = game_of(static_cast<int>(state.range(0)));
  const motive::adventure::Policy random = motive::adventure::random_policy(game);
  constexpr int kEpisodes = 1000;
  double steps = 0;
  for (auto _ : state) {
    auto sampled = motive::adventure::sample_scores(game, random, kEpisodes, 1, motive::Context());
    steps += sampled.mean.steps * kEpisodes;
    benchmark::DoNotOptimize(sampled.mean.points);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(steps));
  counters(state, game);
}

void BM_ExactBaseline(benchmark::State& state) {
  const Adventure game = game_of(static_cast<int>(state.range(0)));
  const motive::adventure::Policy random = motive::adventure::random_policy(game);
  for (auto _ : state) {
    auto exact = motive::adventure::exact_scores(game, random, motive::Context());
    benchmark::DoNotOptimize(exact.mean.points);
  }
  counters(state, game);
}

void BM_RewardPlanner(benchmark::State& state) {
  const Adventure game = game_of(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    auto policy = motive::adventure::reward_planner(game);
    benchmark::DoNotOptimize(policy.edge_probability.data());
  }
  counters(state, game);
}

void BM_ParetoFrontier(benchmark::State& state) {
  const Adventure game = game_of(static_cast<int>(state.range(0)));
  std::size_t points = 0;
  for (auto _ : state) {
    auto frontier = motive::adventure::pareto_frontier(game, motive::adventure::HarmMeasure::kViolations,
                                                       motive::Context());
    points = frontier.size();
    benchmark::DoNotOptimize(points);
  }
  counters(state, game);
  state.counters["frontier"] = static_cast<double>(points);
}

}  // namespace

BENCHMARK(BM_Read)->Name("adventure/read")->DenseRange(0, 3)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RandomEpisodes)
    ->Name("adventure/random_1000_episodes")
    ->DenseRange(0, 3)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ExactBaseline)
    ->Name("adventure/exact_baseline")
    ->DenseRange(0, 3)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RewardPlanner)
    ->Name("adventure/reward_planner")
    ->DenseRange(0, 3)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ParetoFrontier)
    ->Name("adventure/pareto_frontier")
    ->DenseRange(0, 3)
    ->Unit(benchmark::kMillisecond);
