// Reading SCIM model files (docs/format.md) into compiled models, reporting every problem with its
// position. Never throws on bad input.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostics.h"
#include "core/registry.h"
#include "scim/model.h"

namespace motive::scim {

// A SCIM file: one model, or several named ones a request picks by "model_name".
struct ScimFile : Model {
  std::string title;
  std::string description;
  std::string source;
  std::vector<Scim> models;  // one, or the file's named models in order

  std::vector<std::string> model_names() const override;
  // The model of that name; the first for an empty name (the API resolves names before analyses run).
  const Scim& model(std::string_view name) const;
};

// Reads a whole file. Returns std::nullopt, with diagnostics, if anything is wrong: a model that is
// partly right is not analysed.
std::optional<ScimFile> read_scim_file(std::string_view text, Diagnostics* diagnostics);

}  // namespace motive::scim
