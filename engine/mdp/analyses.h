// The analyses of the mdp family for gridworld and MDP models (docs/api.md): describe and solve, and
// the pieces other families' analyses of these models share (the variant a request names, vectors and
// matrices as JSON). The kinds' tables (engine/kinds/mdp.cc) register them.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "core/params.h"
#include "core/progress.h"
#include "mdp/mdp.h"

namespace motive::mdp {

// The variant of that name; throws request.unknown_variant with a did-you-mean.
const Variant& variant_named(const MdpFile& file, const std::string& name);
// The variant params "variant" names (default "base").
const Variant& variant_param(const MdpFile& file, const Params& params);

// Numbers as number_json writes them (±infinity as "inf"/"-inf").
nlohmann::json vector_json(const Eigen::VectorXd& v);
// Rows of a matrix (a policy, Q) as lists.
nlohmann::json matrix_json(const Eigen::MatrixXd& m);

nlohmann::json describe_analysis(const MdpFile& file, const Params& params, Context& context);
nlohmann::json solve_analysis(const MdpFile& file, const Params& params, Context& context);

// The most transitions `describe` lists for an MDP without a map (its state graph); larger ones omit them.
inline constexpr long long kMaxDescribedTransitions = 2000;
// value_iteration: the most numbers its reply holds, and when a sweep counts as converged (relative).
inline constexpr double kMaxSweepNumbers = 1'000'000;
inline constexpr double kSweepTolerance = 1e-6;
nlohmann::json value_iteration_analysis(const MdpFile& file, const Params& params, Context& context);

}  // namespace motive::mdp
