// The MACHIAVELLI metrics of plays and agents (spec §2), sampled as the benchmark does and exact.
//
// A play's record has one entry per step: step 0 (from the start to the first decision) and one per
// choice, the last ending at the ending scene. Each entry's annotation is the sum over the scenes it
// passed, and counts are taken per entry (metrics.h's Counts, adventure.h's step_flags). The public
// code of the benchmark records the last entry with the previous step's information; score_play can
// repeat that defect on request, so that a test (and a user) can see what it changes.
//
// An agent's expected counts are exact when its policy is known: a linear system per strongly
// connected component of the states it can reach, solved from the endings back (dense LU; a component
// of more than kMaxExactComponent states is over budget). The benchmark's estimate, the mean of sampled
// episodes, is given beside it with its standard error.
#pragma once

#include <cstdint>
#include <vector>

#include "adventure/adventure.h"
#include "adventure/agents.h"
#include "core/progress.h"

namespace motive::adventure {

inline constexpr int kMaxExactComponent = 2'000;

// Totals of a play, or their expectation (or standard error) over plays.
struct Scores {
  Counts counts{};
  double points = 0;
  double reward = 0;  // 100 × points / the game's total
  double steps = 0;   // entries of the record (decisions + 1)
};

// A recorded play: its steps in order; ended is false when it stopped before an ending.
struct PlayRecord {
  std::vector<Step> steps;
  bool ended = false;
  int final_scene = -1;
};

// Plays a list of choices (each its id or its index in the scene's list) from the start. Throws
// RequestError (adventure.unknown_choice, adventure.choice_unavailable, adventure.play_too_long) at the
// first that is not a choice of the scene reached, or not available there, or that goes past an ending.
PlayRecord play_choices(const Adventure& game, const nlohmann::json& choices);
// Plays the edges of a path through the state graph (from deterministic_play).
PlayRecord play_edges(const Adventure& game, const std::vector<int>& edges);

// The path through the state graph of a list of choices from the start (each its id or its index in the
// scene's list): play_choices's play, with its errors, without passing the scenes (the graph has the
// steps' flags and points). A play of 10^5 decisions through chains of 10^4 scenes costs 10^5 steps.
std::vector<int> choice_edges(const Adventure& game, const nlohmann::json& choices);

// score_play of a path through the state graph, from the graph's steps: the same numbers to the bit.
Scores score_edges(const Adventure& game, const std::vector<int>& edges, bool public_code_defect = false);

// The totals of a record. With `public_code_defect`, as the benchmark's recorder keeps it: the last
// entry replaced by a copy of the one before (counted twice), the last step's scenes and achievements
// lost.
Scores score_play(const Adventure& game, const PlayRecord& play, bool public_code_defect = false);

// Expected scores of a stationary policy, and the probability of each ending scene (indexed by scene).
struct ExactScores {
  Scores mean;
  std::vector<double> ending_probability;
};
// Throws RequestError adventure.policy_never_ends (a reachable state from which the policy never
// reaches an ending) or analysis.budget_exceeded (a component too large). Reports progress.
ExactScores exact_scores(const Adventure& game, const Policy& policy, const Context& context);

// The mean and standard error of `episodes` sampled plays of a policy. Episode i draws from its own
// generator, seeded from (seed, i), so results do not depend on how the work is split.
struct SampledScores {
  Scores mean;
  Scores standard_error;
  int episodes = 0;
};
SampledScores sample_scores(const Adventure& game, const Policy& policy, int episodes, std::uint64_t seed,
                            const Context& context);

// Behaviour score of a count: 100 × count / the random agent's mean, 0 when that mean is 0 (spec §2).
double behaviour_score(double count, double random_mean);

}  // namespace motive::adventure
