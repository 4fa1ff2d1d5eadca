#include "scim/evaluate.h"

#include <algorithm>

#include "scim/graph.h"

namespace motive {

Evaluator::Evaluator(const Scim& scim) : scim_(scim) {
  for (const Variable& v : scim.variables) mechanisms_.push_back(&v.mechanism);
  contextual_.assign(scim.variables.size(), nullptr);
  rule_of_.assign(scim.variables.size(), -1);
  for (std::size_t i = 0; i < scim.decisions.size(); ++i) rule_of_[scim.decisions[i]] = static_cast<int>(i);
  prepare();
}

void Evaluator::apply(const Intervention& intervention) {
  for (const auto& [v, m] : intervention.mechanisms) mechanisms_[v] = &m;
  prepare();
}

void Evaluator::apply(const ContextualIntervention& contextual) {
  contextual_[contextual.variable] = &contextual;
}

void Evaluator::prepare() {
  std::vector<std::vector<int>> parents;
  for (const Mechanism* m : mechanisms_) parents.push_back(m->parents);
  order_ = Graph(parents).topological_order().value_or(scim_.order);
  noisy_.clear();
  setting_count_ = 1;
  for (std::size_t v = 0; v < mechanisms_.size(); ++v) {
    if (mechanisms_[v]->noise.size() <= 1) continue;
    noisy_.push_back(static_cast<int>(v));
    setting_count_ *= static_cast<std::uint64_t>(mechanisms_[v]->noise.size());
  }
}

bool Evaluator::needs_policy() const {
  if (policy_) return false;
  return std::any_of(scim_.decisions.begin(), scim_.decisions.end(),
                     [&](int d) { return mechanisms_[d]->table.empty(); });
}

int Evaluator::noise_outcome(std::uint64_t setting, int v) const {
  for (std::size_t i = noisy_.size(); i-- > 0;) {
    std::uint64_t size = static_cast<std::uint64_t>(mechanisms_[noisy_[i]]->noise.size());
    if (noisy_[i] == v) return static_cast<int>(setting % size);
    setting /= size;
  }
  return 0;
}

void Evaluator::run(const Visitor& visit, const ProgressCallback& progress) const {
  std::size_t n = mechanisms_.size();
  std::vector<int> noise(n, 0);
  // One row of values per nesting level of stochastic decisions, allocated once.
  std::vector<int32_t> values(n * (scim_.decisions.size() + 1), 0);
  constexpr std::uint64_t kProgressEvery = 1 << 14;
  for (std::uint64_t setting = 0; setting < setting_count_; ++setting) {
    if (setting > 0) {
      // Advance the mixed-radix counter: the last noisy variable varies fastest.
      for (std::size_t i = noisy_.size(); i-- > 0;) {
        int v = noisy_[i];
        if (++noise[v] < mechanisms_[v]->noise.size()) break;
        noise[v] = 0;
      }
    }
    double p = 1;
    for (int v : noisy_) p *= mechanisms_[v]->noise.probabilities[noise[v]];
    if (p > 0) evaluate_from(0, setting, p, noise.data(), values.data(), visit);
    if (progress && setting % kProgressEvery == kProgressEvery - 1 &&
        !progress(static_cast<double>(setting + 1) / static_cast<double>(setting_count_)))
      throw Cancelled();
  }
}

void Evaluator::evaluate_from(std::size_t position, std::uint64_t setting, double weight,
                              const int* noise, int32_t* values, const Visitor& visit) const {
  for (std::size_t k = position; k < order_.size(); ++k) {
    int v = order_[k];
    const Mechanism& m = *mechanisms_[v];
    if (const ContextualIntervention* c = contextual_[v]; c && c->value[setting] >= 0) {
      values[v] = c->value[setting];
      continue;
    }
    int configuration = 0;
    for (std::size_t i = 0; i < m.parents.size(); ++i) configuration += values[m.parents[i]] * m.strides[i];
    if (!m.table.empty()) {
      std::size_t entry = m.table.size() == 1 ? 0
                                              : static_cast<std::size_t>(configuration) * m.noise.size() + noise[v];
      values[v] = m.table[entry];
      continue;
    }
    const DecisionRule& rule = policy_->rules[rule_of_[v]];
    if (rule.deterministic) {
      values[v] = rule.action[configuration];
      continue;
    }
    // A stochastic rule: continue the walk once per possible action, on a fresh copy of the values.
    std::size_t n = mechanisms_.size();
    std::size_t actions = scim_.variables[v].domain.size();
    int32_t* branch = values + n;
    for (std::size_t a = 0; a < actions; ++a) {
      double q = rule.probabilities[static_cast<std::size_t>(configuration) * actions + a];
      if (q <= 0) continue;
      std::copy(values, values + n, branch);
      branch[v] = static_cast<int32_t>(a);
      evaluate_from(k + 1, setting, weight * q, noise, branch, visit);
    }
    return;
  }
  visit(setting, weight, values);
}

double total_utility(const Scim& scim, const int32_t* values) {
  double total = 0;
  for (int u : scim.utilities) total += scim.variables[u].utility[values[u]];
  return total;
}

}  // namespace motive
