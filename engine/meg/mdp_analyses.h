// The MEG analyses of gridworld and MDP models reachable through the API (docs/api.md: "meg", "meg_likelihood",
// "meg_sweep"), in the form of engine/mdp/analyses.h's table.
#pragma once

#include <nlohmann/json.hpp>

#include "mdp/mdp.h"
#include "scim/evaluate.h"  // ProgressCallback, Cancelled

namespace motive::meg {

nlohmann::json meg_mdp_analysis(const mdp::MdpFile& file, const nlohmann::json& params,
                                const ProgressCallback& progress);
nlohmann::json meg_likelihood_mdp_analysis(const mdp::MdpFile& file, const nlohmann::json& params,
                                           const ProgressCallback& progress);
nlohmann::json meg_sweep_analysis(const mdp::MdpFile& file, const nlohmann::json& params,
                                  const ProgressCallback& progress);

// The state features the MLP utility class reads: for gridworld states the row and column scaled to [0, 1], a
// one-hot of the cell's type (floor, start, goal, cliff, custom), whether it is terminal, and with a horizon the
// step scaled to [0, 1]; for the states of an "mdp" model a one-hot of the state.
Eigen::MatrixXd state_features(const mdp::Variant& variant);

}  // namespace motive::meg
