// The registry of model kinds and their analyses: what the engine can read and answer.
//
// A model kind is a name, a reader and a table of analyses. An analysis is a name, a one-line
// summary, the paper and definition it implements, its parameters (core/params.h) and one function
// (const Model&, const Params&, Context&) -> result JSON. Each kind declares its table in its own
// folder; engine/kinds/kinds.h lists the kinds (one line each in kinds.cc). The API (engine/api) parses a
// request once, detects the kind, reads the model (one cache), looks the analysis up and runs it:
// nothing outside a kind's own files chooses code by kind. docs/architecture.md has the picture.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/diagnostics.h"
#include "core/params.h"
#include "core/progress.h"

namespace motive {

// A model read from text; each kind derives its own (a SCIM file, an MDP file, a game, ...).
class Model {
 public:
  virtual ~Model() = default;
  // The models a file holds when a request picks one by "model_name" (a SCIM file's named models),
  // the first being the default; empty for kinds whose files hold one model.
  virtual std::vector<std::string> model_names() const { return {}; }
};

using AnalysisFunction = std::function<nlohmann::json(const Model&, const Params&, Context&)>;

struct AnalysisSpec {
  std::string name;        // as requested: "intention", "meg", ...
  std::string summary;     // one line
  std::string paper;       // "Ward et al. 2024", "MacDermott et al. 2024", ... (empty: a utility)
  std::string definition;  // "Def. 13", "Algorithm 2", ... (empty: a utility)
  std::vector<ParamSpec> params;
  AnalysisFunction run;
};

using ReaderFunction = std::function<std::shared_ptr<const Model>(std::string_view text, Diagnostics*)>;

struct KindSpec {
  std::string name;     // the model file's "kind"
  std::string summary;  // one line
  ReaderFunction read;  // nullptr with diagnostics on bad text; never throws on bad input
  std::vector<AnalysisSpec> analyses;

  const AnalysisSpec* analysis(std::string_view analysis_name) const;
};

// Adapts a function of a kind's own model type to an AnalysisFunction.
template <class M>
AnalysisFunction analysis_of(nlohmann::json (*run)(const M&, const Params&, Context&)) {
  return [run](const Model& model, const Params& params, Context& context) {
    return run(static_cast<const M&>(model), params, context);
  };
}

// Adapts a reader of a kind's own model type (std::optional<M> read(text, diagnostics)).
template <class M>
ReaderFunction reader_of(std::optional<M> (*read)(std::string_view, Diagnostics*)) {
  return [read](std::string_view text, Diagnostics* diagnostics) -> std::shared_ptr<const Model> {
    std::optional<M> model = read(text, diagnostics);
    if (!model) return nullptr;
    return std::make_shared<const M>(std::move(*model));
  };
}

}  // namespace motive
