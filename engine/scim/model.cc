#include "scim/model.h"

#include <algorithm>

namespace motive::scim {

const char* variable_type_name(VariableType t) {
  switch (t) {
    case VariableType::kChance:
      return "chance";
    case VariableType::kDecision:
      return "decision";
    case VariableType::kUtility:
      return "utility";
  }
  return "?";
}

const char* definition_name(Definition d) {
  switch (d) {
    case Definition::kFunction:
      return "function";
    case Definition::kTable:
      return "table";
    case Definition::kCpd:
      return "cpd";
    case Definition::kValue:
      return "value";
    case Definition::kDecision:
      return "decision";
  }
  return "?";
}

bool Policy::deterministic() const {
  return std::all_of(rules.begin(), rules.end(), [](const DecisionRule& r) { return r.deterministic; });
}

int Scim::index_of(const std::string& variable_name) const {
  for (std::size_t i = 0; i < variables.size(); ++i)
    if (variables[i].name == variable_name) return static_cast<int>(i);
  return -1;
}

std::uint64_t Scim::setting_count() const {
  std::uint64_t count = 1;
  for (int v : noisy) {
    auto size = static_cast<std::uint64_t>(variables[v].mechanism.noise.size());
    count = count > UINT64_MAX / size ? UINT64_MAX : count * size;
  }
  return count;
}

bool Scim::perfect_recall() const {
  for (std::size_t j = 1; j < decisions.size(); ++j) {
    const std::vector<int>& later = variables[decisions[j]].mechanism.parents;
    auto observes = [&](int v) { return std::find(later.begin(), later.end(), v) != later.end(); };
    for (std::size_t i = 0; i < j; ++i) {
      const Variable& earlier = variables[decisions[i]];
      if (!observes(decisions[i])) return false;
      if (!std::all_of(earlier.mechanism.parents.begin(), earlier.mechanism.parents.end(), observes))
        return false;
    }
  }
  return true;
}

const Policy* Scim::find_policy(const std::string& policy_name) const {
  for (const Policy& p : policies)
    if (p.name == policy_name) return &p;
  return nullptr;
}

const Intervention* Scim::find_intervention(const std::string& intervention_name) const {
  for (const Intervention& i : interventions)
    if (i.name == intervention_name) return &i;
  return nullptr;
}

Intervention hard_intervention(int variable, int32_t outcome) {
  Mechanism m;
  m.definition = Definition::kValue;
  m.table = {outcome};
  Intervention intervention;
  intervention.mechanisms.emplace_back(variable, std::move(m));
  return intervention;
}

void compute_strides(const std::vector<Variable>& variables, Mechanism* mechanism) {
  std::size_t n = mechanism->parents.size();
  mechanism->strides.assign(n, 1);
  std::int64_t configurations = 1;
  for (std::size_t i = n; i-- > 0;) {
    mechanism->strides[i] = static_cast<int>(std::min<std::int64_t>(configurations, INT32_MAX));
    configurations *= static_cast<std::int64_t>(variables[mechanism->parents[i]].domain.size());
    if (configurations > INT32_MAX) configurations = INT32_MAX + std::int64_t{1};
  }
  mechanism->configurations = configurations > INT32_MAX ? -1 : static_cast<int>(configurations);
}

}  // namespace motive::scim
