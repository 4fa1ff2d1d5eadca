// The analyses of gridworld and MDP models reachable through the API (docs/api.md): a table of their
// names, the model kinds each supports and the function that answers it. Each function takes the
// file and the request's params and returns the result as JSON; problems with the params throw
// RequestError, a cancelled run throws Cancelled.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/diagnostics.h"
#include "mdp/mdp.h"
#include "scim/evaluate.h"  // ProgressCallback, Cancelled

namespace motive::mdp {

using AnalysisFunction = nlohmann::json (*)(const MdpFile& file, const nlohmann::json& params,
                                            const ProgressCallback& progress);

struct Analysis {
  std::string name;
  std::vector<std::string> kinds;  // the model kinds it supports ("scim" ones are answered elsewhere)
  AnalysisFunction run;
};

// Every analysis of this table, in the order docs/api.md lists them.
const std::vector<Analysis>& analyses();
const Analysis* find_analysis(const std::string& name);

// Reads a gridworld or MDP text, keeping the last one read: the page asks many questions of the
// same text in a row. Returns nullptr with diagnostics if the text has problems.
std::shared_ptr<const MdpFile> read_cached(const std::string& text, Diagnostics* diagnostics);

// Answers `analysis` for a gridworld or MDP text: the response's "result", or throws RequestError
// (analysis.not_supported for an analysis of other kinds). Model problems fill `diagnostics` and
// return null.
nlohmann::json answer(const std::string& analysis, const std::string& text, const nlohmann::json& params,
                      const ProgressCallback& progress, Diagnostics* diagnostics);

// ---- shared by the analyses (the MEG ones too) --------------------------------------------------

// params["variant"] (default "base"); throws request.unknown_variant.
const Variant& variant_param(const MdpFile& file, const nlohmann::json& params);

// A number as JSON: ±infinity as "inf"/"-inf", NaN as null.
nlohmann::json number_json(double x);
nlohmann::json vector_json(const Eigen::VectorXd& v);
// Rows of a matrix (a policy, Q) as lists.
nlohmann::json matrix_json(const Eigen::MatrixXd& m);

nlohmann::json describe_analysis(const MdpFile& file, const nlohmann::json& params,
                                 const ProgressCallback& progress);
nlohmann::json solve_analysis(const MdpFile& file, const nlohmann::json& params,
                              const ProgressCallback& progress);
nlohmann::json trajectories_analysis(const MdpFile& file, const nlohmann::json& params,
                                     const ProgressCallback& progress);

}  // namespace motive::mdp
