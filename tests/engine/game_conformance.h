// The conformance test every game passes (in the spirit of OpenSpiel's random-simulation test):
// seeded random play to the end, clone and copy equivalence, serialise round trip, chance and policy
// probabilities summing to one, legal actions only, samples that follow the policy's distribution,
// determinism from a seed, and the game's own rollout loop (Game::rollouts) giving the generic loop's
// rows.
#pragma once

#include <cstdint>

#include "game/game.h"

namespace motive::game::testing {

// Runs `plays` seeded plays of `game` and checks every property with gtest assertions.
void check_conformance(const Game& game, int plays = 50, std::uint64_t seed = 7);

}  // namespace motive::game::testing
