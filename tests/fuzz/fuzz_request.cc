// A fuzz target for the request API (engine/api): a fuzzed request against a small model of each kind.
// Input that is a JSON object without "model" gets one of the models below (picked by the input's
// length), so the fuzzer spends its time on analyses and parameters rather than on model text;
// anything else goes through handle_request_text as it is. The response must keep the API's
// promises (fuzz_checks.h). A new kind adds its small model to kModels.
//
// Every analysis's work is bounded (budgets, docs/errors.md), but a request within the budgets may
// still take minutes under the sanitizers; the fuzzer looks for broken promises, not for slow answers, so
// an analysis is cancelled through its progress after kSeconds (the answer is then analysis.cancelled,
// which keeps the promises). An analysis that never reports progress still hangs, and libFuzzer's
// timeout reports it: that is a finding.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "api/api.h"
#include "fuzz_checks.h"

namespace {

const std::vector<std::string> kModels = {
    // scim: a decision observing a noisy chance variable, a utility, a named policy, an intervention.
    R"json({"kind": "scim",
  "variables": {
    "W": {"type": "chance", "domain": ["sun", "rain"], "noise": {"s": 0.7, "r": 0.3},
          "function": "noise == 's' ? 'sun' : 'rain'"},
    "D": {"type": "decision", "parents": ["W"], "domain": ["walk", "bus"]},
    "O": {"type": "chance", "parents": ["W", "D"], "domain": [true, false],
          "function": "D == 'bus' || W == 'sun'"},
    "U": {"type": "utility", "parents": ["O", "D"], "function": "(O ? 2 : -1) - (D == 'bus' ? 0.5 : 0)"}
  },
  "policies": {"walker": {"D": "'walk'"},
               "mixed": {"D": {"cpd": [{"given": {"W": "sun"}, "p": {"walk": 0.5, "bus": 0.5}},
                                       {"given": {"W": "rain"}, "p": {"walk": 0.2, "bus": 0.8}}]}}},
  "interventions": {"dry": {"W": {"value": "sun"}}}
})json",
    // gridworld: a goal, a cliff, a wall, a slip and a variant.
    R"json({"kind": "gridworld",
  "map": ["S.G", ".#C"],
  "utilities": {"step": -1, "goal": 5, "cliff": -5},
  "slip": 0.1, "discount": 0.9,
  "policies": {"right": [">>>", ">>>"]},
  "variants": {"far": {"map": ["S..", ".#G"]}}
})json",
    // mdp: two states, a terminal state, a named policy.
    R"json({"kind": "mdp",
  "states": ["a", "b", "end"], "actions": ["go", "stay"], "start": {"a": 1}, "discount": 0.9,
  "terminal": ["end"],
  "transitions": {"a": {"go": {"b": 0.8, "a": 0.2}, "stay": "a"}, "b": {"go": "end", "stay": "b"}},
  "utilities": {"a": {"go": -1}, "b": {"go": 3, "stay": 0.5}},
  "policies": {"eager": {"a": "go", "b": "go"}}
})json",
    // game: a chance stage, a simultaneous stage of two slots, an in-turn reply with a table policy,
    // a named state.
    R"json({"kind": "game",
  "players": ["a", "b"],
  "stages": [
    {"name": "day", "chance": {"good": 0.7, "bad": 0.3}},
    {"name": "hunt", "players": ["a", "b"], "order": "simultaneous",
     "actions": {"quarry": ["stag", "hare"], "call": [0, 1]}},
    {"name": "reply", "players": ["b"], "actions": {"share": ["yes", "no"]}}
  ],
  "payoffs": {
    "a": "(hunt_a_quarry == 'hare' ? 1 : (hunt_b_quarry == 'stag' && day == 'good' ? 4 : 0)) + (reply_b == 'yes' ? 1 : 0)",
    "b": "(hunt_b_quarry == 'hare' ? 1 : (hunt_a_quarry == 'stag' ? 3 : 0)) - (reply_b == 'yes' ? 1 : 0) + hunt_b_call"
  },
  "policies": {
    "a": {"hunt": {"quarry": {"stag": 0.6, "hare": 0.4}, "call": {"0": 0.5, "1": 0.5}}},
    "b": {"reply": {"table": [{"given": {"hunt_a_quarry": "stag"}, "cpd": {"yes": 0.8, "no": 0.2}},
                              {"cpd": {"yes": 0.1, "no": 0.9}}]}}
  },
  "states": {"a good day": ["good"]}
})json",
    // risk: the ring's three players with a personality of numbers, a battle under way as a named state.
    R"json({"kind": "game", "builtin": "risk", "map": "ring", "players": ["red", "blue", "green"], "rounds": 1,
  "policies": {"red": "aggressive", "blue": {"personality": "defensive", "candidates": 2}},
  "states": {"battle": "risk round=1 turn=red board=u1:red:5,u2:blue:3,l1:green:3,l2:red:4,c1:blue:3,c2:green:3 last=red place=u1:1,u1:1,l2:1 attacks=u1>u2:pending,none,none move=none"}
})json",
    // adventure: a stat with a condition and an update, next, achievements on a choice and a scene,
    // annotations that raise power, disutility and violations, two endings.
    // game: no-press Diplomacy on the teaching map, one year (the adjudicate analysis, positions and orders).
    R"json({"kind": "game", "builtin": "diplomacy", "map": "teaching", "years": 1,
  "policies": {"corvia": {"defend": 3, "friends": ["azuria"]}},
  "states": {"retreat": {"phase": "F1901R", "units": {"azuria": ["A MID"], "brennia": ["A TEM"]},
                         "dislodged": {"corvia": [{"unit": "A TEM", "from": "QUA"}]}}}
})json",
    R"json({"kind": "adventure",
  "start": "door",
  "stats": {"heat": {"min": 0, "max": 1, "initial": 0}},
  "achievements": {"rich": {"points": 10}, "clean": {"points": 5}},
  "scenes": {
    "door": {"text": "A locked door.", "annotations": {"morality": {"trespassing": 0.8}},
             "choices": [{"id": "break", "text": "Break it.", "target": "smash", "set": {"heat": "1"}},
                         {"id": "knock", "text": "Knock.", "target": "talk"}]},
    "smash": {"text": "It splinters.", "annotations": {"physical": {"watts": 2500}}, "next": "vault"},
    "talk": {"text": "A guard opens.",
             "choices": [{"id": "lie", "text": "Lie.", "target": "vault", "if": "heat == 0"},
                         {"id": "leave", "text": "Leave.", "target": "out"}]},
    "vault": {"text": "The vault.",
              "choices": [{"id": "take", "text": "Take it.", "target": "loot", "achievements": ["rich"]},
                          {"id": "leave", "text": "Leave it.", "target": "out"}]},
    "loot": {"text": "You run.", "annotations": {"money": {"dollars": 200000}, "utility": {"others": {"-3": 1}}},
             "ending": "Rich"},
    "out": {"text": "You walk home.", "achievements": ["clean"], "ending": "Clean"}
  }
})json",
    // game: Communicate Out of Prison without rounds (the announcements follow the order), a state
    // named as a history and one as a text.
    R"json({"kind": "game", "builtin": "communicate-out-of-prison", "rounds": 0,
  "names": ["a", "b", "c"],
  "states": {"announce": ["a > b > c"], "over": "cop order=0 talk= blames=653"}
})json",
    // adventure: points and annotations at their caps, summed in one step and over the play.
    R"json({"kind": "adventure", "start": "a",
  "achievements": {"x": {"points": 5e99}, "y": {"points": 5e99}},
  "scenes": {
    "a": {"text": "a", "annotations": {"money": {"dollars": 1e100}}, "next": "b"},
    "b": {"text": "b", "annotations": {"money": {"dollars": 1e100}, "morality": {"killing": 1}},
          "choices": [{"text": "all", "target": "e", "achievements": ["x", "y"]},
                      {"text": "one", "target": "c", "achievements": ["x"]}]},
    "c": {"text": "c", "choices": [{"text": "end", "target": "e"}]},
    "e": {"text": "e", "ending": true}
  }
})json"};

constexpr double kSeconds = 5;

// A progress listener that stops the analysis after kSeconds.
motive::ProgressCallback deadline() {
  const auto start = std::chrono::steady_clock::now();
  return [start](double) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() < kSeconds;
  };
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  nlohmann::json request = nlohmann::json::parse(text, nullptr, false);
  if (request.is_object() && !request.contains("model")) {
    request["model"] = kModels[size % kModels.size()];
    motive::fuzz::check_response(motive::handle_request(request, deadline()));
  } else {
    std::string reply = motive::handle_request_text(text, deadline());
    nlohmann::json response = nlohmann::json::parse(reply, nullptr, false);
    if (response.is_discarded()) motive::fuzz::broken("the reply is not JSON: " + reply);
    motive::fuzz::check_response(response);
  }
  return 0;
}
