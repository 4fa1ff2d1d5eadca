// What a SCIM analysis's params name in the model: the interventions, policies, variables and
// outcomes (the params' types and ranges are checked before, by their specs: core/params.h); and
// writing policies and observations back as JSON. Shared by every SCIM analysis, so that every one
// reads them the same way (docs/api.md, "Common parameters"). Problems throw RequestError with an id
// from docs/errors.md.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "scim/evaluate.h"
#include "scim/inference.h"
#include "scim/model.h"

namespace motive::scim {

// The model and evaluator a request describes: the model under its `interventions` (named, inline
// hard, and contextual), owning what it builds from the request.
struct Setup {
  // The model to analyse: the request's, or a copy whose utilities can take values that inline
  // interventions give them.
  const Scim* scim = nullptr;
  std::unique_ptr<Scim> extended;
  std::unique_ptr<Evaluator> evaluator;
  std::vector<std::unique_ptr<Intervention>> inline_interventions;
  std::vector<std::unique_ptr<ContextualIntervention>> contextual;
};

// Builds the Setup of a request's "interventions" (a list; none if null).
Setup configure(const Scim& scim, const nlohmann::json& interventions);

// Throws request.bad_parameter.
[[noreturn]] void bad_parameter(const std::string& message, const std::string& hint = {});

std::vector<std::string> names_of(const std::vector<Variable>& variables);
// The index of the variable of that name; throws request.unknown_variable with a did-you-mean.
int variable_named(const Scim& scim, const std::string& name);
std::vector<int> variables_named(const Scim& scim, const std::vector<std::string>& names);
// The model's policy of that name; throws request.unknown_policy with a hint.
const Policy& policy_param(const Scim& scim, const std::string& name);
// The index of the outcome of `var` written as `value`; throws request.unknown_outcome.
int outcome_param(const Variable& var, const nlohmann::json& value);
// Throws request.missing_policy when some decision has neither a rule nor a fixed value.
void require_policy(const Evaluator& evaluator);

// The parents' outcomes in one configuration of a mechanism, as {parent: outcome}.
nlohmann::json observation_json(const Scim& scim, const Mechanism& m, int configuration);
// A decision rule as a list of {observation, action} (or {observation, probabilities}).
nlohmann::json rule_json(const Scim& scim, int decision, const DecisionRule& rule);
// The rules of a policy for the given decisions, as {decision: rule_json}.
nlohmann::json policy_rules_json(const Scim& scim, const Policy& policy, const std::vector<int>& decisions);

}  // namespace motive::scim
