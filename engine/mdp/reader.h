// Reading gridworld and MDP model files (docs/format.md, "Gridworlds" and "MDPs") into MdpFiles,
// reporting every problem with its position. Never throws on bad input.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/diagnostics.h"
#include "mdp/mdp.h"

namespace motive::mdp {

// The model kinds the engine reads, as written in a file's "kind".
inline const std::vector<std::string> kModelKinds = {"scim", "gridworld", "mdp"};

// The "kind" of a model text: one of kModelKinds. Returns std::nullopt with diagnostics when the
// text is not JSON with comments, is not an object, or has no known kind (model.missing_field,
// model.unknown_kind).
std::optional<std::string> read_model_kind(std::string_view text, Diagnostics* diagnostics);

// Reads a whole gridworld or MDP file, with its variants. Returns std::nullopt, with diagnostics,
// if anything is wrong.
std::optional<MdpFile> read_mdp_file(std::string_view text, Diagnostics* diagnostics);

}  // namespace motive::mdp
