// Behavioural intention (Ward et al. 2024, Def. 20) for gridworld and MDP models, with the agent as
// its own oracle, as the paper reads the CoinRun agents (its Section 7; docs/api.md, "intention
// (gridworlds and MDPs)"). The route and adaptation primitives are in mdp/behaviour.h.
#pragma once

#include <nlohmann/json.hpp>

#include "core/params.h"
#include "core/progress.h"
#include "mdp/mdp.h"

namespace motive {

// Params: "variant" (the world as it is), "agent", "interventions" (variants to try; default every
// other variant). Each intervention is a variant of the world; the agent adapts if its route there
// leads somewhere else.
nlohmann::json mdp_intention_analysis(const mdp::MdpFile& file, const Params& params, Context& context);

}  // namespace motive
