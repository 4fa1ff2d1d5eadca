#include "kinds/kinds.h"

#include <memory>

#include "adventure/kind.h"
#include "core/reading.h"
#include "game/kind.h"
#include "kinds/mdp.h"
#include "kinds/scim.h"

namespace motive {

using nlohmann::json;

const std::vector<KindSpec>& model_kinds() {
  static const std::vector<KindSpec> kinds = {
      scim_kind(), gridworld_kind(), mdp_kind(), game::game_kind(), adventure::adventure_kind(),
  };
  return kinds;
}

const KindSpec* find_kind(std::string_view name) {
  for (const KindSpec& kind : model_kinds())
    if (kind.name == name) return &kind;
  return nullptr;
}

std::vector<std::string> kind_names() {
  std::vector<std::string> names;
  for (const KindSpec& kind : model_kinds()) names.push_back(kind.name);
  return names;
}

std::optional<std::string> read_model_kind(std::string_view text, Diagnostics* diagnostics) {
  std::shared_ptr<const SourceJson> parsed = SourceJson::parse_shared(text, diagnostics);
  if (!parsed) return std::nullopt;
  const SourceJson& doc = *parsed;
  const Json& root = doc.root();
  std::vector<std::string> quoted;
  for (const std::string& name : kind_names()) quoted.push_back(in_quotes(name));
  if (!root.is_object()) {
    diagnostics->error(
        "model.wrong_type", doc.span(root), "a model file is a JSON object, not " + json_type_name(root),
        "start with { \"kind\": " + quoted.front() + ", ... } (the kinds are " + listing(quoted) + ")");
    return std::nullopt;
  }
  auto kind = root.find("kind");
  if (kind == root.end()) {
    diagnostics->error("model.missing_field", doc.span(root), "the model has no \"kind\"",
                       "add \"kind\": " + listing(quoted, "or"));
    return std::nullopt;
  }
  if (!kind->is_string() || !find_kind(kind->get<std::string>())) {
    std::string hint = kind->is_string() ? did_you_mean(kind->get<std::string>(), kind_names()) : "";
    diagnostics->error("model.unknown_kind", doc.span(*kind), "unknown model kind " + json_text(*kind),
                       hint.empty() ? "the kinds are " + listing(quoted) : hint);
    return std::nullopt;
  }
  return kind->get<std::string>();
}

json catalogue_json() {
  json kinds = json::array();
  for (const KindSpec& kind : model_kinds()) {
    json analyses = json::array();
    for (const AnalysisSpec& a : kind.analyses) {
      json params = json::array();
      for (const ParamSpec& p : a.params) params.push_back(spec_json(p));
      analyses.push_back({{"name", a.name},
                          {"summary", a.summary},
                          {"paper", a.paper},
                          {"definition", a.definition},
                          {"params", params}});
    }
    kinds.push_back({{"name", kind.name}, {"summary", kind.summary}, {"analyses", analyses}});
  }
  return {{"kinds", kinds}};
}

}  // namespace motive
