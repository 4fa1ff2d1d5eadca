#include "scim/evaluate.h"

#include <algorithm>

#include "core/diagnostics.h"
#include "scim/graph.h"

namespace motive::scim {

Evaluator::Evaluator(const Scim& scim) : scim_(scim) {
  for (const Variable& v : scim.variables) mechanisms_.push_back(&v.mechanism);
  contextual_.assign(scim.variables.size(), nullptr);
  rule_of_.assign(scim.variables.size(), -1);
  for (std::size_t i = 0; i < scim.decisions.size(); ++i) rule_of_[scim.decisions[i]] = static_cast<int>(i);
  // The model's own mechanisms: its own topological order holds (a request evaluates small models many
  // times over, and the graph's sort was a fifth of building an evaluator).
  order_ = scim.order;
  prepare();
}

void Evaluator::apply(const Intervention& intervention) {
  for (const auto& [v, m] : intervention.mechanisms) mechanisms_[v] = &m;
  // A soft intervention may give a variable other parents: sort again.
  std::vector<std::vector<int>> parents;
  for (const Mechanism* m : mechanisms_) parents.push_back(m->parents);
  order_ = Graph(parents).topological_order().value_or(scim_.order);
  prepare();
}

void Evaluator::apply(const ContextualIntervention& contextual) {
  contextual_[contextual.variable] = &contextual;
  index_recompute();
}

void Evaluator::prepare() {
  noisy_.clear();
  radix_.clear();
  setting_count_ = 1;
  for (std::size_t v = 0; v < mechanisms_.size(); ++v) {
    if (mechanisms_[v]->noise.size() <= 1) continue;
    noisy_.push_back(static_cast<int>(v));
    radix_.push_back(mechanisms_[v]->noise.size());
    auto size = static_cast<std::uint64_t>(mechanisms_[v]->noise.size());
    setting_count_ = setting_count_ > UINT64_MAX / size ? UINT64_MAX : setting_count_ * size;
  }
  index_recompute();
}

void Evaluator::require_enumerable() const {
  if (enumerable()) return;
  throw RequestError(
      "model.too_large",
      "the model has " +
          (setting_count_ == UINT64_MAX ? std::string("over 2^64") : std::to_string(setting_count_)) +
          " settings, more than the 2^24 the engine enumerates one by one",
      "expected_utility and optimal_policies answer it by variable elimination (so do meg and "
      "meg_likelihood), "
      "and describe and graph do not need settings; otherwise use fewer or smaller noise variables");
}

bool Evaluator::has_contextual() const {
  return std::any_of(contextual_.begin(), contextual_.end(),
                     [](const ContextualIntervention* c) { return c; });
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

void Evaluator::noise_outcomes(std::uint64_t setting, int* noise) const {
  std::fill(noise, noise + mechanisms_.size(), 0);
  for (std::size_t i = noisy_.size(); i-- > 0;) {
    std::uint64_t size = static_cast<std::uint64_t>(mechanisms_[noisy_[i]]->noise.size());
    noise[noisy_[i]] = static_cast<int>(setting % size);
    setting /= size;
  }
}

void Evaluator::evaluate_setting(std::uint64_t setting, const int* noise, const int32_t* fixed,
                                 int32_t* values) const {
  for (int v : order_) values[v] = fixed && fixed[v] >= 0 ? fixed[v] : compute(v, setting, noise, values);
}

bool Evaluator::branches() const {
  if (!policy_) return false;
  for (int d : scim_.decisions)
    if (mechanisms_[d]->table.empty() && !policy_->rules[rule_of_[d]].deterministic) return true;
  return false;
}

void Evaluator::index_recompute() {
  // depth[v]: the last noise digit v depends on (through its ancestors or its own noise), -1 if
  // none; a contextual intervention depends on the whole setting, so on the last digit.
  std::size_t digits = noisy_.size();
  std::vector<int> digit_of(mechanisms_.size(), -1), depth(mechanisms_.size(), -1);
  for (std::size_t i = 0; i < digits; ++i) digit_of[noisy_[i]] = static_cast<int>(i);
  for (int v : order_) {
    int d = digit_of[v];
    for (int p : mechanisms_[v]->parents) d = std::max(d, depth[p]);
    if (contextual_[v]) d = static_cast<int>(digits);
    depth[v] = d;
  }
  // List 0: everything (the first setting); list j + 1: what changes when digit j changes.
  recompute_.assign(order_.begin(), order_.end());
  recompute_start_.assign(1, 0);
  recompute_start_.push_back(recompute_.size());
  for (std::size_t j = 0; j < digits; ++j) {
    for (int v : order_)
      if (depth[v] >= static_cast<int>(j)) recompute_.push_back(v);
    recompute_start_.push_back(recompute_.size());
  }
}

}  // namespace motive::scim
