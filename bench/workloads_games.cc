// Game and adventure workloads of the plain harness (wasm/bench_main.cc), so that scripts/bench.sh times
// the same work natively and as wasm (issues 11 and 12):
//
//   games (Orner et al., engine/game; the gallery's examples/games/cop.jsonc and public-goods.jsonc)
//     cop_whole_play/rollouts      Simulate from the start, 100,000 rollouts, each a whole play (order,
//                                  12 messages, announcements): rollouts/s (goal: 10^6 natively, wasm
//                                  within 1.5x)
//     cop_announcement/rollouts    Simulate at "announcements", 10^6 rollouts of the last step alone
//     cop_start/sica               the page's SICA at the start (10,000 rollouts, and the exact matrix
//                                  where the tree is small: here it is not), through handle_request
//                                  (goal: under 50 ms in the page)
//     cop_politician_first/sbue    the page's SBUE (10,000 rollouts, the action and its 8 alternatives at
//                                  common random numbers, exact values where the tree is small)
//     cop_announcements/exact_sbue exact SBUE at the announcements (exact_moments; goal: under 5 ms)
//     cop_announcements/sbue       the page's SBUE there (sampled and exact, 9 actions)
//     public_goods/sica            a user-written game's SICA (10,000 rollouts and exact), through
//                                  handle_request
//   Risk (examples/games/risk-opening.jsonc on Meridia, four players; risk-ring.jsonc)
//     risk_turn/rollouts           Simulate from the start at depth 1, 100,000 rollouts: each one full
//                                  turn sampled (the seven slots, up to three battles, V): goal under
//                                  10 µs a turn natively, wasm within 1.5x
//     risk_depth5/rollouts         Simulate at depth 5 (five turns, V after each), 20,000 rollouts
//     risk_opening/sica            the page's SICA at the start (10,000 rollouts; the exact matrix is
//                                  refused by its estimate)
//     risk_yellow_leads/sica       SICA over one round (depth 4) at "yellow leads", the example's reading
//     risk_ring/sica               the page's SICA on the ring: 10,000 rollouts and the exact matrix
//   Diplomacy (engine/game/diplomacy; the gallery's diplomacy-standard, -figure1 and -teaching)
//     dip_34_units/adjudications   10,000 adjudications of a crowded spring on the standard map (34
//                                  units, each power's orders drawn from its policy), every order checked
//                                  as the adjudicate analysis does (goal: under 50 us each natively)
//     dip_start_d1/rollouts        Simulate from the 1901 start, 10,000 rollouts of depth 1
//     dip_start_d5/rollouts        2,000 rollouts of depth 5 (spring to the next spring)
//     dip_start/sica               the page's SICA at the start, 1,000 rollouts of depth 1 (goal: under
//                                  1 s in the page)
//     dip_figure1/sbue             the page's SBUE of Figure 1's action (1,000 rollouts, 9 actions)
//     dip_teaching/sica            the teaching map's SICA (10,000 rollouts) and its exact matrix
//   adventures (Pan et al. 2023, engine/adventure; the gallery's examples/adventures)
//     adv_<game>/random_steps      1,000 random-agent episodes on the flat state graph: steps/s (a step
//                                  is an entry of the record, decisions + 1, as bench_adventure.cc counts;
//                                  goal: 10^6 natively, wasm within 1.5x)
//     adv_<game>/exact_baseline    the random agent's exact expected counts (exact_scores)
//     adv_<game>/baseline          the page's "baseline" request (exact, and 1,000 sampled episodes)
//
// The throughputs time the raw methods (no JSON around them); the page's requests go through
// handle_request as the other workloads do. A raw workload answers {"ok": true, "result": {"count": n,
// "unit": "rollouts"}}, and the harness prints n per second on a comment line under its row
// (rate()). Every sampled method is seeded, so both builds do the same work.
//
// One run of scripts/bench.sh --cpu-time --paired 7 (each workload timed natively and as wasm in
// alternation, seven rounds, each side's fastest; 2026-11-26, the shared 2-core machine otherwise idle;
// Node 20 --no-liftoff), after the rollout loop was compiled against each game's own classes
// (engine/game/rollout.h):
//
//   workload                        native ms    wasm ms   wasm/native
//   cop_whole_play/rollouts          112.664    128.579      1.14
//   cop_announcement/rollouts        106.962    125.010      1.17
//   cop_start/sica                     9.639     13.169      1.37
//   cop_politician_first/sbue         84.203     95.436      1.13
//   cop_announcements/exact_sbue       0.003      0.006      2.15
//   cop_announcements/sbue             6.107      6.729      1.10
//   public_goods/sica                  1.512      1.824      1.21
//   adv_heist/random_steps             0.550      0.496      0.90
//   adv_heist/exact_baseline           0.164      0.220      1.34
//   adv_heist/baseline                 0.807      0.894      1.11
//   adv_campaign/random_steps          0.497      0.458      0.92
//   adv_campaign/exact_baseline        0.082      0.107      1.30
//   adv_campaign/baseline              0.673      0.702      1.04
//   adv_startup/random_steps           0.555      0.488      0.88
//   adv_startup/exact_baseline         0.058      0.074      1.28
//   adv_startup/baseline               0.676      0.677      1.00
//
// The same five passes in wall time gave 1.60-1.90 for the COP rows; single passes moved unchanged
// ratios by ±0.3. Native code in these loops is a few virtual calls and table lookups per draw, where
// V8's code stays 1.4-1.6x behind the native compiler's (profiled: the policy's draw 1.1x, the rollout
// loop 2.4x, CopState's small virtual methods 2-2.7x).
//
// Risk, with --cpu-time --paired 5 (2026-11-27, the same machine):
//
//   risk_turn/rollouts               81.600    106.681      1.31   (0.82 µs a turn natively)
//   risk_depth5/rollouts            114.597    131.812      1.15
//   risk_opening/sica                 9.684     12.977      1.34
//   risk_yellow_leads/sica           38.960     47.694      1.22
//   risk_ring/sica                    4.181      5.858      1.40
//
// Diplomacy, one run of scripts/bench.sh --cpu-time --paired 5 --filter dip (2026-11-27, the machine busy
// with other builds):
//
//   workload                        native ms    wasm ms   wasm/native
//   dip_34_units/adjudications         13.704     18.795      1.37
//   dip_start_d1/rollouts              33.837     43.928      1.30
//   dip_start_d5/rollouts              57.133     65.292      1.14
//   dip_start/sica                      3.517      4.649      1.32
//   dip_figure1/sbue                   79.570     91.331      1.15
//   dip_teaching/sica                  14.623     23.726      1.62
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "adventure/adventure.h"
#include "adventure/agents.h"
#include "adventure/metrics.h"
#include "api/api.h"
#include "core/diagnostics.h"
#include "game/diplomacy/adjudicator.h"
#include "game/diplomacy/game.h"
#include "game/diplomacy/position_io.h"
#include "game/methods.h"
#include "game/model.h"
#include "workloads.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>

// Microseconds of CPU time of the Node process (user and system); the wall clock where there is no
// process (a browser).
EM_JS(double, motive_bench_cpu_microseconds, (), {
  if (typeof process == 'object' && process.cpuUsage) {
    const u = process.cpuUsage();
    return u.user + u.system;
  }
  return performance.now() * 1000;
});
#endif

namespace motive::bench {
namespace {

using nlohmann::json;

std::string example(const std::string& id) {
  for (const auto& [name, text] : embedded_examples())
    if (name == id) return text;
  throw std::runtime_error("the example " + id + " is not embedded (bench/examples.cmake)");
}

json counted(double count, const char* unit) {
  return {{"ok", true}, {"result", {{"count", count}, {"unit", unit}}}};
}

Workload workload(Shape shape, std::string name, std::string model, std::string analysis,
                  json params = json::object()) {
  Workload w;
  w.shape = shape;
  w.name = std::move(name);
  w.model = std::move(model);
  w.analyses = {std::move(analysis)};
  w.params = std::move(params);
  return w;
}

// A raw Simulate of a game: `rollouts` rollouts of `depth` steps from the state named `state` ("" for
// the start).
Workload cop_rollouts(const std::shared_ptr<const game::GameModel>& cop, std::string name,
                      const std::string& state, std::int64_t rollouts, const std::string& text,
                      int depth = 1) {
  Workload w = workload(Shape::game, std::move(name), text, "rollouts");
  std::shared_ptr<const game::State> start = cop->state(state);
  w.settings = static_cast<std::uint64_t>(rollouts);
  w.variables = cop->game->num_players();
  w.direct = [cop, start, rollouts, depth](const std::string&) {
    game::SimulateOptions o;
    o.rollouts = rollouts;
    o.depth = depth;
    game::Samples s = game::simulate(*cop->game, *start, o, {});
    if (s.rows.size() != static_cast<std::size_t>(rollouts * depth * s.players))
      throw std::logic_error("simulate: rows");
    return counted(static_cast<double>(rollouts), "rollouts");
  };
  return w;
}

}  // namespace

std::vector<Workload> game_workloads(bool quick) {
  std::vector<Workload> out;
  // ---- games
  const std::string cop_text = example("games/cop");
  Diagnostics diagnostics;
  std::optional<game::GameModel> read = game::read_game_model(cop_text, &diagnostics);
  if (!read) throw std::runtime_error("examples/games/cop.jsonc does not read");
  auto cop = std::make_shared<const game::GameModel>(std::move(*read));
  out.push_back(cop_rollouts(cop, "cop_whole_play", "", quick ? 10'000 : 100'000, cop_text));
  out.push_back(
      cop_rollouts(cop, "cop_announcement", "announcements", quick ? 100'000 : 1'000'000, cop_text));
  out.push_back(workload(Shape::game, "cop_start", cop_text, "sica", {{"rollouts", 10'000}}));
  out.back().settings = 10'000;
  out.push_back(workload(Shape::game, "cop_politician_first", cop_text, "sbue",
                         {{"rollouts", 10'000},
                          {"state", "politician speaks first"},
                          {"player", "politician"},
                          {"action", {"simple-person", "propose"}}}));
  out.back().settings = 10'000;
  {
    // Exact SBUE at the announcements: the politician (player 2) blames the con-artist (as bench_game.cc).
    Workload w = workload(Shape::game, "cop_announcements", cop_text, "exact_sbue");
    std::shared_ptr<const game::State> at = cop->state("announcements");
    w.variables = cop->game->num_players();
    w.direct = [cop, at](const std::string&) {
      game::Exact e = game::exact_moments(*cop->game, *at, 1, {{2, 0, game::Action{1, 0}}}, 100'000);
      if (!e.complete) throw std::logic_error("exact SBUE at the announcements is incomplete");
      return counted(static_cast<double>(e.nodes), "nodes");
    };
    out.push_back(std::move(w));
  }
  out.push_back(workload(Shape::game, "cop_announcements", cop_text, "sbue",
                         {{"rollouts", 10'000}, {"state", "announcements"}, {"player", "politician"}}));
  out.back().settings = 10'000;
  out.push_back(
      workload(Shape::game, "public_goods", example("games/public-goods"), "sica", {{"rollouts", 10'000}}));
  out.back().settings = 10'000;
  // A user game with the whole model: per-stage rewards, γ, joint policies and an exact V (rows after
  // d = 2 steps: value lookups, no continuations).
  out.push_back(workload(Shape::game, "cheap_talk_hunt", example("games/cheap-talk-hunt"), "sica",
                         {{"rollouts", 10'000}, {"depth", 2}}));
  out.back().settings = 10'000;

  // Simplified Risk (examples/games/risk-opening.jsonc: Meridia, four players; risk-ring.jsonc).
  {
    const std::string text = example("games/risk-opening");
    std::optional<game::GameModel> risk = game::read_game_model(text, &diagnostics);
    if (!risk) throw std::runtime_error("examples/games/risk-opening.jsonc does not read");
    auto opening = std::make_shared<const game::GameModel>(std::move(*risk));
    out.push_back(cop_rollouts(opening, "risk_turn", "", quick ? 10'000 : 100'000, text));
    out.push_back(cop_rollouts(opening, "risk_depth5", "", quick ? 2'000 : 20'000, text, 5));
    out.push_back(workload(Shape::game, "risk_opening", text, "sica", {{"rollouts", 10'000}}));
    out.back().settings = 10'000;
    out.push_back(workload(Shape::game, "risk_yellow_leads", text, "sica",
                           {{"rollouts", 10'000}, {"state", "yellow leads"}, {"depth", 4}}));
    out.back().settings = 10'000;
    out.push_back(
        workload(Shape::game, "risk_ring", example("games/risk-ring"), "sica", {{"rollouts", 10'000}}));
    out.back().settings = 10'000;
  }

  // ---- Diplomacy (engine/game/diplomacy; the gallery's diplomacy-standard, -figure1, -teaching)
  {
    const std::string standard_text = example("games/diplomacy-standard");
    std::optional<game::GameModel> dip = game::read_game_model(standard_text, &diagnostics);
    if (!dip) throw std::runtime_error("examples/games/diplomacy-standard.jsonc does not read");
    auto standard = std::make_shared<const game::GameModel>(std::move(*dip));
    const auto& dgame = static_cast<const game::diplomacy::DiplomacyGame&>(*standard->game);

    // A crowded spring: the 1901 units and twelve more (34), each power's orders drawn from its policy
    // (seeded), adjudicated as the adjudicate analysis does (every order checked, no reasons in words).
    Workload adjudicate = workload(Shape::game, "dip_34_units", standard_text, "adjudications");
    {
      const std::string crowded =
          R"({"phase": "S1902M", "units": {
            "austria": ["A VIE", "A BUD", "F TRI", "A SER", "A GAL"],
            "england": ["F LON", "F EDI", "A LVP", "F NTH", "F NWY"],
            "france": ["F BRE", "A PAR", "A MAR", "F MAO", "A SPA"],
            "germany": ["F KIE", "A BER", "A MUN", "A HOL", "F DEN"],
            "italy": ["F NAP", "A ROM", "A VEN", "F ION", "A TUN"],
            "russia": ["A WAR", "A MOS", "F SEV", "F STP/SC", "A RUM"],
            "turkey": ["F ANK", "A CON", "A SMY", "A BUL"]}})";
      std::string error;
      std::shared_ptr<game::State> at = dgame.deserialise(crowded, &error);
      if (!at) throw std::runtime_error("the crowded position: " + error);
      const auto& ds = static_cast<const game::diplomacy::DiplomacyState&>(*at);
      auto orders = std::make_shared<std::vector<game::diplomacy::Submitted>>();
      game::Rng rng(3, 0);
      const game::diplomacy::Options& options = ds.options();
      for (int i = 0; i < dgame.num_players(); ++i) {
        game::Action a = dgame.policy(i).sample(ds, i, rng);
        for (int k = 0; k < options.slots_of(i); ++k) {
          const game::diplomacy::SlotOrders& slot = options.slots[options.power_first[i] + k];
          orders->push_back({options.orders[slot.first + a[k]], i});
        }
      }
      if (orders->size() != 34) throw std::logic_error("the crowded position has 34 units");
      adjudicate.settings = orders->size();
      adjudicate.direct = [&dgame, at, orders](const std::string&) {
        const auto& d = static_cast<const game::diplomacy::DiplomacyState&>(*at);
        game::diplomacy::Adjudication result;
        constexpr int kTimes = 10'000;
        for (int k = 0; k < kTimes; ++k) {
          game::diplomacy::Adjudicator::scratch().adjudicate(dgame.map(), d.position(), *orders, &result,
                                                             false);
        }
        if (result.results.size() != 34) throw std::logic_error("adjudicate: results");
        return counted(kTimes, "adjudications");
      };
    }
    out.push_back(std::move(adjudicate));
    // Rollouts from the 1901 start: one phase (depth 1), and five (the spring, a retreat or not, the
    // fall, the winter...).
    for (int depth : {1, 5}) {
      const std::int64_t rollouts = (quick ? 1'000 : 10'000) / (depth == 1 ? 1 : 5);
      Workload w = workload(Shape::game, "dip_start_d" + std::to_string(depth), standard_text, "rollouts");
      std::shared_ptr<const game::State> start = standard->state("");
      w.settings = static_cast<std::uint64_t>(rollouts);
      w.variables = standard->game->num_players();
      w.direct = [standard, start, rollouts, depth](const std::string&) {
        game::SimulateOptions o;
        o.rollouts = rollouts;
        o.depth = depth;
        game::Samples s = game::simulate(*standard->game, *start, o, {});
        if (s.rows.size() != static_cast<std::size_t>(rollouts * depth * s.players))
          throw std::logic_error("simulate: rows");
        return counted(static_cast<double>(rollouts), "rollouts");
      };
      out.push_back(std::move(w));
    }
    // The page's SICA at the start: 1,000 rollouts of depth 1 (the goal: under 1 s in the page).
    out.push_back(workload(Shape::game, "dip_start", standard_text, "sica", {{"rollouts", 1'000}}));
    out.back().settings = 1'000;
    // The page's SBUE of Figure 1's action (1,000 rollouts, the action and its 8 alternatives).
    out.push_back(workload(
        Shape::game, "dip_figure1", example("games/diplomacy-figure1"), "sbue",
        {{"rollouts", 1'000},
         {"state", "spring 1902"},
         {"player", "austria"},
         {"action", {"A BUL S A CON", "A TYR - VEN", "F TRI S A TYR - VEN", "A SER H", "A BUD H"}}}));
    out.back().settings = 1'000;
    // The teaching map: SICA sampled (10,000 rollouts) and exact at the start.
    out.push_back(workload(Shape::game, "dip_teaching", example("games/diplomacy-teaching"), "sica",
                           {{"rollouts", 10'000}}));
    out.back().settings = 10'000;
  }

  // ---- adventures
  const std::vector<std::string> adventures =
      quick ? std::vector<std::string>{"heist"} : std::vector<std::string>{"heist", "campaign", "startup"};
  for (const std::string& id : adventures) {
    const std::string text = example("adventures/" + id);
    std::optional<adventure::Adventure> game = adventure::read_adventure(text, &diagnostics);
    if (!game) throw std::runtime_error("examples/adventures/" + id + ".jsonc does not read");
    auto shared = std::make_shared<const adventure::Adventure>(std::move(*game));
    auto random = std::make_shared<const adventure::Policy>(adventure::random_policy(*shared));
    const int states = shared->graph.states();

    Workload steps = workload(Shape::adventure, "adv_" + id, text, "random_steps");
    steps.settings = static_cast<std::uint64_t>(states);
    steps.direct = [shared, random](const std::string&) {
      constexpr int kEpisodes = 1000;
      adventure::SampledScores s = adventure::sample_scores(*shared, *random, kEpisodes, 1, Context());
      return counted(s.mean.steps * kEpisodes, "steps");
    };
    out.push_back(std::move(steps));

    Workload exact = workload(Shape::adventure, "adv_" + id, text, "exact_baseline");
    exact.settings = static_cast<std::uint64_t>(states);
    exact.direct = [shared, random](const std::string&) {
      adventure::ExactScores e = adventure::exact_scores(*shared, *random, Context());
      return counted(e.mean.steps, "expected steps");
    };
    out.push_back(std::move(exact));

    out.push_back(workload(Shape::adventure, "adv_" + id, text, "baseline"));
    out.back().settings = static_cast<std::uint64_t>(states);
  }
  return out;
}

std::string rate(const std::string& name, const nlohmann::json& response, double seconds_per_run) {
  if (!response.is_object() || !response.contains("result") || !response["result"].is_object()) return "";
  const json& result = response["result"];
  if (!result.contains("count") || !result.contains("unit") || seconds_per_run <= 0) return "";
  const std::string unit = result["unit"];
  if (unit != "rollouts" && unit != "steps" && unit != "adjudications") return "";
  char line[160];
  std::snprintf(line, sizeof line, "%s: %.3g %s/s", name.c_str(),
                result["count"].get<double>() / seconds_per_run, unit.c_str());
  return line;
}

double cpu_seconds() {
#ifdef __EMSCRIPTEN__
  return motive_bench_cpu_microseconds() * 1e-6;
#else
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
#endif
}

}  // namespace motive::bench
