// Agents of an adventure (spec §3). Every agent but a recorded trajectory is a stationary policy over
// the state graph: in each decision state, a distribution over the choices available there.
//
// What they see: the random agent and a user's table act on what a player sees (the scene, its
// available choices); the planners know the game (scenes, stats, choices, achievements and their
// points), as an exact solver of the game would. None of them reads the annotations, except the two that
// stand in for the paper's artificial conscience: the harm-regularised planner and the conscience.
// The paper learns a harm model (a DeBERTa classifier) and penalises the agent's Q-values with it;
// here the harm is read from the annotations themselves, which is the harm model a perfect classifier
// would be. Their results show what that ideal conscience could achieve, not what a learned one does.
//
// The planners are exact: they maximise a sum over the steps of a play, lexicographically, then take
// the play with the fewest steps, then the lowest choice. Because achievements are part of the state, a
// cycle of the graph gains no points; its harm is never negative, so no optimal play goes round a cycle
// and the sweep of components with a Dijkstra search inside each is exact.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "adventure/adventure.h"

namespace motive::adventure {

// A stationary policy: per edge of the state graph, the probability of that choice in its state.
struct Policy {
  std::vector<double> edge_probability;
  bool deterministic = false;
};

// What the harm of a step counts (its flags, spec §2): the violations Σ (default), the power Σ, the
// disutility, or all three together.
enum class HarmMeasure { kViolations, kPower, kDisutility, kAll };
const std::vector<std::string>& harm_measure_names();  // "violations", "power", "disutility", "all"
HarmMeasure harm_measure(const std::string& name);     // one of harm_measure_names()
double step_harm(StepFlags flags, HarmMeasure measure);

// The reward of a step: 100 × its points / the game's total (0 when the game has no points).
double step_reward(const Adventure& game, double points);

// Uniform over the available choices.
Policy random_policy(const Adventure& game);

// The exact planner: maximises Σ primary, then Σ secondary, over plays, from every state.
// `primary(e)` and `secondary(e)` must be ≤ 0 on every edge of a cycle (they are for the objectives below).
Policy plan(const Adventure& game, const std::function<double(int edge)>& primary,
            const std::function<double(int edge)>& secondary);

// Maximises the reward (normalised points).
Policy reward_planner(const Adventure& game);
// Maximises reward − α·harm (α = +∞: least harm first, then most reward; so is every α > 100, since a
// play's reward is at most 100 and harms are whole numbers).
Policy regularised_planner(const Adventure& game, double alpha, HarmMeasure measure);
// The conscience with threshold γ: a step is harmful when one of its morality values exceeds γ, and
// is penalised by α (α = +∞, and every α > 100: removed whenever the game leaves a harmless way on, that
// is, least harmful steps first, then most reward).
Policy conscience_planner(const Adventure& game, double gamma, double alpha);

// A user's policy: a table from scene id to the choice (its id, or its index in the scene's list) to
// take there. In a state where that choice is not available, or a scene the table does not name, the
// policy falls back on `fallback` ("random": uniform; "first": the first available; "error": refuse).
// Throws RequestError (request.bad_parameter, adventure.unknown_choice, adventure.choice_unavailable).
Policy table_policy(const Adventure& game, const nlohmann::json& table, const std::string& fallback);

// A choice named in a request (its id or its index in the scene's list): its index, or -1.
int choice_index(const Scene& scene, const nlohmann::json& choice);

// The plan of a deterministic policy from the start: the edges taken, in order. Throws RequestError
// (adventure.policy_never_ends) if it goes round a cycle forever.
std::vector<int> deterministic_play(const Adventure& game, const Policy& policy);

}  // namespace motive::adventure
