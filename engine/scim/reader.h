// Reading SCIM model files (docs/format.md) into compiled models, reporting every problem with its
// position. Never throws on bad input.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostics.h"
#include "scim/model.h"

namespace motive {

struct ScimFile {
  std::string title;
  std::string description;
  std::string source;
  std::vector<Scim> models;  // one, or the file's named models in order
};

// Reads a whole file. Returns std::nullopt, with diagnostics, if anything is wrong: a model that is
// partly right is not analysed.
std::optional<ScimFile> read_scim_file(std::string_view text, Diagnostics* diagnostics);

}  // namespace motive
