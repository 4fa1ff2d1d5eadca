#include "api/api.h"

#include <algorithm>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "core/diagnostics.h"
#include "core/json_limits.h"
#include "intention/incentives_analysis.h"
#include "intention/intention_analysis.h"
#include "mdp/analyses.h"
#include "meg/scim_analyses.h"
#include "mdp/reader.h"
#include "scim/analyses.h"
#include "scim/reader.h"

namespace motive {
namespace {

using nlohmann::json;

json failure(const std::vector<Diagnostic>& diagnostics) {
  json list = json::array();
  for (const Diagnostic& d : diagnostics) list.push_back(d);
  return {{"ok", false}, {"diagnostics", list}};
}

json failure(const std::string& id, const std::string& message, const std::string& hint = {}) {
  return failure({Diagnostic{id, {}, message, hint}});
}

const std::vector<std::string> kAnalyses = {"describe",     "expected_utility", "optimal_policies",
                                            "settings",     "policies",         "graph",
                                            "intention",    "actual_cause",     "hkw_intention",
                                            "incentives",   "control_incentive", "meg",
                                            "meg_likelihood"};

// The analyses of every model kind: the SCIM ones, then those only gridworlds and MDPs answer.
std::vector<std::string> all_analyses() {
  std::vector<std::string> names = kAnalyses;
  for (const mdp::Analysis& a : mdp::analyses())
    if (std::find(names.begin(), names.end(), a.name) == names.end()) names.push_back(a.name);
  return names;
}

std::string analysis_list() {
  std::string list;
  for (const std::string& a : all_analyses()) list += (list.empty() ? "" : ", ") + a;
  return list;
}

// The "kind" of a model text. The page sends the same text many times: keep the last answer.
std::optional<std::string> model_kind(const std::string& text, Diagnostics* diagnostics) {
  static std::mutex mutex;
  static std::string last_text, last_kind;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (!last_kind.empty() && last_text == text) return last_kind;
  }
  // Problems that do not hide the kind (a duplicate key) are left for the model's reader to report.
  Diagnostics found;
  std::optional<std::string> kind = mdp::read_model_kind(text, &found);
  if (!kind)
    diagnostics->append(found);
  if (kind) {
    std::lock_guard<std::mutex> lock(mutex);
    last_text = text;
    last_kind = *kind;
  }
  return kind;
}

// The page asks many questions of the same text in a row: keep the last model read.
struct ReadCache {
  std::mutex mutex;
  std::string text;
  std::shared_ptr<const ScimFile> file;
};

std::shared_ptr<const ScimFile> read_cached(const std::string& text, Diagnostics* diagnostics) {
  static ReadCache cache;
  {
    std::lock_guard<std::mutex> lock(cache.mutex);
    if (cache.file && cache.text == text) return cache.file;
  }
  auto file = read_scim_file(text, diagnostics);
  if (!file) return nullptr;
  auto shared = std::make_shared<const ScimFile>(std::move(*file));
  std::lock_guard<std::mutex> lock(cache.mutex);
  cache.text = text;
  cache.file = shared;
  return shared;
}

json answer(const json& request, const ProgressFn& progress) {
  if (!request.is_object()) return failure("request.malformed", "a request is a JSON object");
  auto model = request.find("model");
  if (model == request.end() || !model->is_string())
    return failure("request.malformed", "the request has no \"model\" text");
  auto analysis = request.find("analysis");
  if (analysis == request.end() || !analysis->is_string())
    return failure("request.malformed", "the request has no \"analysis\"",
                   "one of " + analysis_list());
  const std::string& name = analysis->get_ref<const std::string&>();
  const std::vector<std::string> every_analysis = all_analyses();
  if (std::find(every_analysis.begin(), every_analysis.end(), name) == every_analysis.end()) {
    std::string hint = did_you_mean(name, every_analysis);
    return failure("request.unknown_analysis", "\"" + name + "\" is not an analysis",
                   hint.empty() ? "the analyses are " + analysis_list()
                                : hint);
  }
  json params = request.value("params", json::object());
  if (!params.is_object()) return failure("request.malformed", "\"params\" must be an object");

  Diagnostics diagnostics;
  std::optional<std::string> kind = model_kind(model->get<std::string>(), &diagnostics);
  if (!kind) return failure(diagnostics.items());
  if (*kind != "scim") {
    ProgressCallback report = progress ? ProgressCallback(progress) : ProgressCallback();
    json result = mdp::answer(name, model->get<std::string>(), params, report, &diagnostics);
    if (!diagnostics.empty()) return failure(diagnostics.items());
    check_result_numbers(result);
    if (progress) progress(1.0);
    return {{"ok", true}, {"analysis", name}, {"kind", *kind}, {"result", result}};
  }
  if (std::find(kAnalyses.begin(), kAnalyses.end(), name) == kAnalyses.end()) {
    const mdp::Analysis* other = mdp::find_analysis(name);
    std::string kinds;
    for (const std::string& k : other->kinds) kinds += (kinds.empty() ? "" : ", ") + k;
    return failure("analysis.not_supported", "\"" + name + "\" is not defined for scim models",
                   "it is defined for " + kinds + " models");
  }
  std::shared_ptr<const ScimFile> file = read_cached(model->get<std::string>(), &diagnostics);
  if (!file) return failure(diagnostics.items());
  const Scim* scim = &file->models.front();
  if (auto which = request.find("model_name"); which != request.end() && !which->is_null()) {
    scim = nullptr;
    std::vector<std::string> names;
    for (const Scim& m : file->models) {
      names.push_back(m.name);
      if (which->is_string() && m.name == which->get<std::string>()) scim = &m;
    }
    if (!scim)
      return failure("request.unknown_model", "the file has no model named " + json_text(*which),
                     did_you_mean(which->is_string() ? which->get<std::string>() : "", names));
  }
  ProgressCallback report = progress ? ProgressCallback(progress) : ProgressCallback();
  json result;
  if (name == "describe") result = describe_scim(*file, *scim);
  else if (name == "expected_utility") result = expected_utility_analysis(*scim, params, report);
  else if (name == "optimal_policies") result = optimal_policies_analysis(*scim, params, report);
  else if (name == "settings") result = settings_analysis(*scim, params, report);
  else if (name == "policies") result = policies_analysis(*scim, params, report);
  else if (name == "intention") result = intention_analysis(*scim, params, report);
  else if (name == "actual_cause") result = actual_cause_analysis(*scim, params);
  else if (name == "hkw_intention") result = hkw_intention_analysis(*scim, params);
  else if (name == "incentives") result = incentives_analysis(*scim, params);
  else if (name == "control_incentive") result = control_incentive_analysis(*scim, params);
  else if (name == "meg") result = meg_scim_analysis(*scim, params, report);
  else if (name == "meg_likelihood") result = meg_likelihood_scim_analysis(*scim, params, report);
  else result = graph_analysis(*scim, params);
  check_result_numbers(result);
  if (progress) progress(1.0);
  return {{"ok", true}, {"analysis", name}, {"model_name", scim->name}, {"result", result}};
}

}  // namespace

json handle_request(const json& request, const ProgressFn& progress) {
  try {
    check_request_nesting(request);
    return answer(request, progress);
  } catch (const RequestError& e) {
    return failure(e.id, e.what(), e.hint);
  } catch (const Cancelled&) {
    return failure("analysis.cancelled", "the analysis was cancelled");
  } catch (const std::bad_alloc&) {
    return failure("analysis.out_of_memory", "the analysis ran out of memory",
                   "try a smaller model or fewer settings");
  } catch (const std::exception& e) {
    return failure("engine.internal", std::string("internal error: ") + e.what(),
                   "this is a bug in Motive: please report it with the model");
  }
}

std::string handle_request_text(std::string_view request, const ProgressFn& progress) {
  json parsed;
  try {
    parsed = json::parse(request);
  } catch (const json::exception& e) {
    return json_text(failure("request.malformed", std::string("the request is not valid JSON: ") + e.what()));
  }
  return json_text(handle_request(parsed, progress));
}

}  // namespace motive
