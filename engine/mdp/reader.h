// Reading gridworld and MDP model files (docs/format.md, "Gridworlds" and "MDPs") into MdpFiles,
// reporting every problem with its position. Never throws on bad input.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/diagnostics.h"
#include "mdp/mdp.h"

namespace motive::mdp {

// Reads a whole gridworld or MDP file (its "kind" says which), with its variants. Returns
// std::nullopt, with diagnostics, if anything is wrong. Which kind a text is, among every kind the
// engine reads, is for engine/kinds (read_model_kind).
std::optional<MdpFile> read_mdp_file(std::string_view text, Diagnostics* diagnostics);

}  // namespace motive::mdp
