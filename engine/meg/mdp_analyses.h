// The MEG analyses of gridworld and MDP models (docs/api.md: "meg", "meg_likelihood", "meg_sweep", and
// "trajectories", whose runs come with a MEG estimate). The kinds' tables (engine/kinds/mdp.cc) register
// them.
#pragma once

#include <nlohmann/json.hpp>

#include "core/params.h"
#include "core/progress.h"
#include "mdp/mdp.h"

namespace motive::meg {

nlohmann::json trajectories_analysis(const mdp::MdpFile& file, const Params& params, Context& context);

nlohmann::json meg_mdp_analysis(const mdp::MdpFile& file, const Params& params, Context& context);
nlohmann::json meg_likelihood_mdp_analysis(const mdp::MdpFile& file, const Params& params, Context& context);
nlohmann::json meg_sweep_analysis(const mdp::MdpFile& file, const Params& params, Context& context);

// The state features the MLP utility class reads: for gridworld states the row and column scaled to [0, 1], a
// one-hot of the cell's type (floor, start, goal, cliff, custom), whether it is terminal, and with a horizon
// the step scaled to [0, 1]; for the states of an "mdp" model a one-hot of the state.
Eigen::MatrixXd state_features(const mdp::Variant& variant);

}  // namespace motive::meg
