#include "intention/intention.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/diagnostics.h"
#include "scim/graph.h"

namespace motive {

using scim::Evaluator;
using scim::Graph;
using scim::Policy;
using scim::Scim;
using scim::total_utility;

IntentionSearch::IntentionSearch(const Scim& scim, const Evaluator& base, const Policy& policy,
                                 const std::vector<const Policy*>& reference, std::uint64_t budget)
    : scim_(scim), base_(base), reference_(reference), budget_(budget) {
  // Candidates: chance variables on a directed path from a decision to a utility (Theorem 17).
  std::vector<std::vector<int>> parents;
  for (std::size_t v = 0; v < scim.variables.size(); ++v)
    parents.push_back(base.mechanism(static_cast<int>(v)).parents);
  Graph graph(parents);
  std::vector<char> on_path(scim.variables.size(), 0);
  for (int d : scim.decisions)
    for (int v : graph.on_directed_paths(d, scim.utilities)) on_path[v] = 1;
  for (int v : scim.order)
    if (on_path[v] && scim.variables[v].type == scim::VariableType::kChance) candidates_.push_back(v);
  if (candidates_.size() > kMaxIntentionCandidates)
    throw RequestError(
        "analysis.budget_exceeded",
        std::to_string(candidates_.size()) +
            " chance variables lie on paths from the decision to a utility; the intention search "
            "handles at most 16",
        "intention is exact on models of the size of the paper's examples");
  std::size_t n = scim.variables.size();
  Evaluator evaluator = base;
  evaluator.set_policy(&policy);
  evaluator.require_enumerable();
  policy_values_.assign(evaluator.setting_count() * n, 0);
  probability_.assign(evaluator.setting_count(), 0.0);
  evaluator.run([&](std::uint64_t e, double w, const int32_t* values) {
    std::copy(values, values + n, policy_values_.begin() + static_cast<std::ptrdiff_t>(e * n));
    probability_[e] = w;
    expected_utility_ += w * total_utility(scim, values);
  });
  tolerance_ = 1e-9 * std::max(1.0, std::abs(expected_utility_));
  prepared_.resize(reference_.size());
  summaries_.resize(reference_.size());
  for (std::size_t a = 0; a < reference_.size(); ++a) prepare(a);
}

int32_t IntentionSearch::value(int v, std::uint64_t setting) const {
  return policy_values_[setting * scim_.variables.size() + static_cast<std::size_t>(v)];
}

// Tabulates, for every setting where π̂ decides differently, what fixing each subset of the
// candidates to its π-values gains, and keeps the efficient subsets.
void IntentionSearch::prepare(std::size_t a) {
  Alternative& alt = prepared_[a];
  AlternativeSummary& summary = summaries_[a];
  std::size_t n = scim_.variables.size();
  Evaluator evaluator = base_;
  evaluator.set_policy(reference_[a]);
  std::vector<int> noise(n, 0);
  std::vector<int32_t> values(n, 0), fixed(n, -1);
  std::size_t c = candidates_.size();
  std::uint32_t subsets = std::uint32_t{1} << c;
  std::vector<double> gain(subsets), best_below(subsets);
  // Each kept setting's table and efficient options, until they are ordered.
  std::vector<std::pair<SettingTable, std::vector<Option>>> kept;
  const Evaluator::Plan plan = evaluator.plan();
  evaluator.noise_outcomes(0, noise.data());
  for (std::uint64_t e = 0; e < evaluator.setting_count(); e += 1, evaluator.advance_noise(noise.data())) {
    if (probability_[e] <= 0) continue;
    evaluator.evaluate_setting(plan, e, noise.data(), nullptr, values.data());
    summary.expected_utility += probability_[e] * total_utility(scim_, values.data());
    const int32_t* mine = &policy_values_[e * n];
    bool differs = std::any_of(scim_.decisions.begin(), scim_.decisions.end(),
                               [&](int d) { return values[d] != mine[d]; });
    if (!differs) continue;
    summary.differing_settings.push_back(e);
    double base_utility = total_utility(scim_, values.data());
    for (std::uint32_t mask = 0; mask < subsets; ++mask) {
      for (std::size_t i = 0; i < c; ++i) fixed[candidates_[i]] = (mask >> i & 1) ? mine[candidates_[i]] : -1;
      evaluator.evaluate_setting(plan, e, noise.data(), fixed.data(), values.data());
      gain[mask] = probability_[e] * (total_utility(scim_, values.data()) - base_utility);
    }
    // best_below[Z]: the most a proper subset of Z gains (the empty set gains 0).
    SettingTable table;
    std::vector<Option> options;
    table.setting = e;
    best_below[0] = 0;
    for (std::uint32_t mask = 1; mask < subsets; ++mask) {
      double best = 0;
      for (std::size_t i = 0; i < c; ++i)
        if (mask >> i & 1) best = std::max({best, gain[mask & ~(1u << i)], best_below[mask & ~(1u << i)]});
      best_below[mask] = best;
      double slack = gain[mask] - best;
      if (gain[mask] > tolerance_ && slack > tolerance_) options.push_back({mask, gain[mask], slack});
    }
    if (options.empty()) continue;
    std::sort(options.begin(), options.end(),
              [](const Option& x, const Option& y) { return x.gain > y.gain; });
    table.max_gain = options.front().gain;
    table.gains = gain;
    kept.emplace_back(std::move(table), std::move(options));
  }
  std::stable_sort(kept.begin(), kept.end(),
                   [](const auto& x, const auto& y) { return x.first.max_gain > y.first.max_gain; });
  for (auto& [table, options] : kept) {
    alt.first_option.push_back(alt.options.size());
    for (const Option& o : options) {
      alt.options.push_back(o);
      alt.setting_of.push_back(static_cast<std::uint32_t>(alt.settings.size()));
    }
    alt.settings.push_back(std::move(table));
  }
  alt.first_option.push_back(alt.options.size());
  alt.same_after.assign(alt.options.size(), 0);
  for (std::size_t i = alt.options.size(); i-- > 1;)
    if (alt.options[i].gain == alt.options[i - 1].gain && alt.options[i].slack == alt.options[i - 1].slack)
      alt.same_after[i - 1] = alt.same_after[i] + 1;
  alt.reachable.assign(alt.settings.size() + 1, 0.0);
  for (std::size_t s = alt.settings.size(); s-- > 0;)
    alt.reachable[s] = alt.reachable[s + 1] + alt.settings[s].max_gain;
  alt.index.clear();
  for (std::size_t s = 0; s < alt.settings.size(); ++s) alt.index.emplace_back(alt.settings[s].setting, s);
  std::sort(alt.index.begin(), alt.index.end());
  alt.need = expected_utility_ - summary.expected_utility - tolerance_;
  summary.as_good = alt.need <= 0;
}

std::uint32_t IntentionSearch::mask_of(const std::vector<int>& outcomes) const {
  std::uint32_t mask = 0;
  for (int o : outcomes) {
    auto it = std::find(candidates_.begin(), candidates_.end(), o);
    // Not a chance variable on a path D → O → U: never in a minimal Y (Theorem 17).
    if (it == candidates_.end()) return 0;
    mask |= 1u << (it - candidates_.begin());
  }
  return mask;
}

bool IntentionSearch::intends(const std::vector<int>& outcomes, std::uint64_t setting,
                              IntentionWitness* witness) {
  for (std::size_t a = 0; a < reference_.size(); ++a)
    if (intends_relative_to(a, outcomes, setting, witness)) return true;
  return false;
}

bool IntentionSearch::intends_relative_to(std::size_t alternative, const std::vector<int>& outcomes,
                                          std::uint64_t setting, IntentionWitness* witness) {
  std::uint32_t mask = mask_of(outcomes);
  return mask != 0 && search(alternative, mask, setting, witness);
}

bool IntentionSearch::rational_oracle_keeps_policy() const {
  return std::none_of(summaries_.begin(), summaries_.end(),
                      [](const AlternativeSummary& s) { return s.as_good; });
}

bool IntentionSearch::behaviourally_intends(const std::vector<int>& outcomes, std::uint64_t setting,
                                            IntentionWitness* witness) {
  std::uint32_t mask = mask_of(outcomes);
  if (mask == 0 || !rational_oracle_keeps_policy()) return false;
  auto accept = [this](std::size_t a, const Choice& chosen) {
    return minimal_for_every_alternative(a, chosen);
  };
  for (std::size_t a = 0; a < reference_.size(); ++a)
    if (search(a, mask, setting, witness, accept)) return true;
  return false;
}

bool IntentionSearch::minimal_for_every_alternative(std::size_t a, const Choice& chosen) const {
  const Alternative& mine = prepared_[a];
  for (std::size_t b = 0; b < prepared_.size(); ++b) {
    if (b == a) continue;  // minimal for its own alternative by construction
    const Alternative& other = prepared_[b];
    // Per setting of the choice: the most alternative b gains from any subset of that setting's
    // fixing, and from any proper subset. Settings are independent, so the best proper subset of
    // the whole choice is the best of all subsets except in one setting, where it is proper.
    double total = 0, best_shrink = -std::numeric_limits<double>::infinity();
    for (const auto& [s, z] : chosen) {
      std::uint64_t e = mine.settings[s].setting;
      auto found =
          std::lower_bound(other.index.begin(), other.index.end(), std::make_pair(e, std::size_t{0}));
      const SettingTable* it =
          found != other.index.end() && found->first == e ? &other.settings[found->second] : nullptr;
      double best = 0, best_proper = 0;
      if (it)
        for (std::uint32_t sub = z;; sub = (sub - 1) & z) {
          best = std::max(best, it->gains[sub]);
          if (sub != z) best_proper = std::max(best_proper, it->gains[sub]);
          if (sub == 0) break;
        }
      total += best;
      best_shrink = std::max(best_shrink, best_proper - best);
    }
    if (total + best_shrink >= other.need) return false;
  }
  return true;
}

bool IntentionSearch::search(std::size_t a, std::uint32_t outcome_mask, std::uint64_t setting,
                             IntentionWitness* witness) {
  return search(a, outcome_mask, setting, witness, [](std::size_t, const Choice&) { return true; });
}

bool IntentionSearch::search(std::size_t a, std::uint32_t outcome_mask, std::uint64_t setting,
                             IntentionWitness* witness,
                             const std::function<bool(std::size_t, const Choice&)>& accept) {
  const Alternative& alt = prepared_[a];
  if (alt.need <= 0) return false;  // π̂ is as good already: the empty Y satisfies Eq. 2
  // Each question gets the whole budget.
  nodes_ = 0;
  exhausted_ = false;
  auto found = std::lower_bound(alt.index.begin(), alt.index.end(), std::make_pair(setting, std::size_t{0}));
  if (found == alt.index.end() || found->first != setting) return false;
  std::size_t index = found->second;
  const std::function<bool(const Choice&)> accept_here = [&](const Choice& c) { return accept(a, c); };
  Choice& chosen = chosen_;  // reused: a question allocates nothing once it has grown
  for (const Option* o = alt.options_begin(index); o != alt.options_end(index); ++o) {
    const Option& option = *o;
    if ((option.mask & outcome_mask) != outcome_mask) continue;
    chosen.assign(1, {index, option.mask});
    if (!extend(alt, 0, index, option.gain, option.slack, &chosen, accept_here)) {
      if (exhausted_) return false;
      continue;
    }
    if (witness) {
      witness->alternative = static_cast<int>(a);
      witness->lhs = expected_utility_;
      witness->rhs = summaries_[a].expected_utility;
      witness->fixed.clear();
      // The chosen settings in increasing order once (each is chosen at most once), so that every
      // candidate's list comes out sorted: a handful by insertion, more by walking the alternative's
      // index of its settings in order (sorting them took a third of a witness's time in WebAssembly).
      by_setting_.clear();
      if (chosen.size() <= 16) {
        for (const auto& [s, m] : chosen) by_setting_.emplace_back(alt.settings[s].setting, m);
        for (std::size_t i = 1; i < by_setting_.size(); ++i)
          for (std::size_t j = i; j > 0 && by_setting_[j] < by_setting_[j - 1]; --j)
            std::swap(by_setting_[j], by_setting_[j - 1]);
      } else {
        chosen_mask_.assign(alt.settings.size(), 0);
        for (const auto& [s, m] : chosen) chosen_mask_[s] = m;
        for (const auto& [e, s] : alt.index)
          if (chosen_mask_[s]) by_setting_.emplace_back(e, chosen_mask_[s]);
      }
      for (std::size_t i = 0; i < candidates_.size(); ++i) {
        std::vector<std::uint64_t> settings;
        for (const auto& [e, m] : by_setting_)
          if (m >> i & 1) settings.push_back(e);
        if (!settings.empty()) witness->fixed.emplace_back(candidates_[i], std::move(settings));
      }
      for (const auto& [s, m] : chosen) witness->rhs += alt.settings[s].gains[m];  // each option's gain
    }
    return true;
  }
  return false;
}

// Depth-first over the settings from `next` on (skipping the one already chosen): each takes one of
// its efficient options or nothing. Succeeds when Eq. 2 holds and every chosen setting's slack
// exceeds the surplus (so no single shrink keeps Eq. 2: minimality). The walk keeps its own stack of
// frames rather than recursing, in one loop (a call per search node cost natively a fifth of the
// time); it visits the nodes of the recursive formulation in the same order and counts them against
// the budget alike.
bool IntentionSearch::extend(const Alternative& alt, std::size_t next, std::size_t skip, double sum,
                             double min_slack, Choice* chosen,
                             const std::function<bool(const Choice&)>& accept) {
  const std::size_t count = alt.settings.size();
  const std::size_t base = chosen->size();
  // The question's own setting is already chosen: its options are passed over.
  const std::size_t skip_begin = alt.first_option[skip], skip_end = alt.first_option[skip + 1];
  const std::size_t last = alt.options.size();
  frames_.clear();
  // The node to enter: it extends `chosen` from setting `from` on, with these totals.
  std::size_t from = next;
  double total = sum, slack = min_slack;
  for (;;) {
    bool leaf = true, found = false, overshot = false;
    if (++nodes_ > budget_) {
      exhausted_ = true;
      budget_exceeded_ = true;
    } else if (total >= alt.need) {
      // Adding more only raises the surplus: here the set is minimal, or nothing above it is.
      overshot = !(slack > total - alt.need);
      found = !overshot && accept(*chosen);
    } else if (!(total + alt.reachable[from] -
                     (skip >= from && skip < count ? alt.settings[skip].max_gain : 0) <
                 alt.need)) {
      // Eq. 2 is still within reach: walk this node's children.
      frames_.push_back({alt.first_option[from], total, slack});
      leaf = false;
    }
    if (leaf) {
      if (found) return true;
      if (exhausted_ || frames_.empty()) break;
      chosen->pop_back();  // the option that led to this leaf
      if (overshot) {
        // The options right after it with the same gain and slack overshoot alike (the leaf's fate
        // depends on nothing else, and `accept` was not asked): count them as visited and pass on.
        Frame& f = frames_.back();
        std::size_t same = alt.same_after[f.at - 1];
        if (f.at <= skip_begin) same = std::min(same, skip_begin - f.at);
        if (same > budget_ - nodes_) {
          exhausted_ = true;
          budget_exceeded_ = true;
          break;
        }
        nodes_ += same;
        f.at += same;
      }
    }
    // The next option to try, from the deepest node that has one left; a node with none has failed,
    // and its parent goes on with its own next option.
    bool more = false;
    while (!frames_.empty()) {
      Frame& f = frames_.back();
      if (f.at == skip_begin) f.at = skip_end;
      if (f.at == last) {
        frames_.pop_back();
        if (!frames_.empty()) chosen->pop_back();
        continue;
      }
      const std::size_t at = f.at++;
      const Option& option = alt.options[at];
      const std::size_t setting = alt.setting_of[at];
      chosen->emplace_back(setting, option.mask);
      from = setting + 1;
      total = f.sum + option.gain;
      slack = std::min(f.min_slack, option.slack);
      more = true;
      break;
    }
    if (!more) break;
  }
  chosen->resize(base);
  return false;
}

}  // namespace motive
