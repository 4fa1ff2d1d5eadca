// The list of model kinds (core/registry.h), and what the API asks of it. This folder sits above
// every family of analyses: the tables of the kinds whose analyses come from several families (the
// SCIM kind: scim/, intention/, meg/; gridworlds and MDPs: mdp/, meg/) live here; a kind that owns
// its family (games, adventures) declares its table in its own folder. Only engine/api is above.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/registry.h"

namespace motive {

// Every kind, in the order of kinds.cc.
const std::vector<KindSpec>& model_kinds();
const KindSpec* find_kind(std::string_view name);
std::vector<std::string> kind_names();

// The "kind" of a model text, one of kind_names(). std::nullopt with diagnostics when the text is
// not JSON with comments, is not an object, or names no known kind (model.wrong_type,
// model.missing_field, model.unknown_kind). Other problems are left to the kind's reader.
std::optional<std::string> read_model_kind(std::string_view text, Diagnostics* diagnostics);

// The catalogue: every kind with its analyses and their parameters (docs/api.md, "catalogue").
nlohmann::json catalogue_json();

}  // namespace motive
