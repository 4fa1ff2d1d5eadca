// The list of model kinds (core/registry.h), and what the API asks of it.
//
// The layering rule of engine/ (checked by tests/engine/layering_test.cc): no folder includes one
// above it.
//   core                       below everything: diagnostics, reading JSON, params, progress, registry
//   scim, mdp                  the models and their own analyses; each uses only core
//   intention                  uses core, scim, mdp (intention for SCIMs and for gridworlds/MDPs)
//   meg                        uses core, scim, mdp (goal-directedness for CIDs and for MDPs)
//   game, adventure            kinds that own their family: may use core, scim (expressions), mdp, meg
//   kinds                      the kinds' tables and the list of kinds: above every family
//   formats                    importers (BIF, XMLBIF, Gambit, ChoiceScript): may use core, scim, mdp,
//                              meg and the kinds' own folders (game, adventure), whose models they write
//                              and read back
//   api                        on top: parse, detect the kind, read, look up, run; reaches formats for
//                              {"analysis": "import"}
// Where "analysis family F for kind K" goes: in F's folder, which sits above K's (gridworld
// intention is in intention/, MEG of SCIMs in meg/). The tables of the kinds whose analyses come from
// several families (scim: scim/, intention/, meg/; gridworld and mdp: mdp/, intention/, meg/) live in
// this folder; a kind that owns its family declares `KindSpec x_kind();` in its own folder, and one
// line in kinds.cc adds it to the list.
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
