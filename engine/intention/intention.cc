#include "intention/intention.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "core/diagnostics.h"
#include "scim/graph.h"

namespace motive {

using scim::Evaluator;
using scim::Graph;
using scim::Policy;
using scim::Scim;
using scim::total_utility;

namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

// FNV-1a over raw bytes: the class of a setting is looked up by the hash of its gain tables.
std::uint64_t hash_bytes(const void* data, std::size_t size, std::uint64_t h) {
  const auto* p = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < size; ++i) h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

[[noreturn]] void too_large(std::uint64_t bytes) {
  throw RequestError("analysis.budget_exceeded",
                     "the intention search's tables would take about " + std::to_string(bytes >> 20) +
                         " MiB, more than the " + std::to_string(kMaxIntentionBytes >> 20) +
                         " MiB it may use",
                     "use fewer settings, candidates or alternatives (\"reference\")");
}

}  // namespace

IntentionSearch::IntentionSearch(const Scim& scim, const Evaluator& base, const Policy& policy,
                                 const std::vector<const Policy*>& reference, std::uint64_t budget,
                                 Minimality minimality, const ProgressCallback& progress)
    : scim_(scim),
      base_(base),
      reference_(reference),
      minimality_(minimality),
      candidates_(intention_candidates(scim, base)),
      budget_(budget) {
  if (candidates_.size() > kMaxIntentionCandidates)
    throw RequestError(
        "analysis.budget_exceeded",
        std::to_string(candidates_.size()) +
            " chance variables lie on paths from the decision to a utility; the intention search "
            "handles at most 16",
        "intention is exact on models of the size of the paper's examples");
  subsets_ = std::size_t{1} << candidates_.size();
  base.require_enumerable();
  const std::uint64_t settings = base.setting_count();
  const std::uint64_t n = scim.variables.size();
  // π's values, P(e) and the class of every setting.
  const std::uint64_t fixed_bytes = settings * (n * sizeof(int32_t) + sizeof(std::uint32_t) + 8);
  if (fixed_bytes > kMaxIntentionBytes) too_large(fixed_bytes);
  prepared_.resize(reference_.size());
  summaries_.resize(reference_.size());
  prepare_classes(policy, fixed_bytes, progress);
}

std::vector<int> intention_candidates(const Scim& scim, const Evaluator& base) {
  std::vector<std::vector<int>> parents;
  for (std::size_t v = 0; v < scim.variables.size(); ++v)
    parents.push_back(base.mechanism(static_cast<int>(v)).parents);
  Graph graph(parents);
  std::vector<char> on_path(scim.variables.size(), 0);
  for (int d : scim.decisions)
    for (int v : graph.on_directed_paths(d, scim.utilities)) on_path[v] = 1;
  std::vector<int> candidates;
  for (int v : scim.order)
    if (on_path[v] && scim.variables[v].type == scim::VariableType::kChance) candidates.push_back(v);
  return candidates;
}

int32_t IntentionSearch::value(int v, std::uint64_t setting) const {
  return policy_values_[setting * scim_.variables.size() + static_cast<std::size_t>(v)];
}

// One walk over the settings: π's values, EU(π) and every EU(π̂); and in every setting where some π̂
// decides differently, the gain of fixing each subset of the candidates to its π-values, for each
// such π̂. Settings with the same tables form a class.
void IntentionSearch::prepare_classes(const Policy& policy, std::uint64_t bytes,
                                      const ProgressCallback& progress) {
  const std::size_t n = scim_.variables.size(), c = candidates_.size(), alternatives = reference_.size();
  const std::uint64_t settings = base_.setting_count();
  Evaluator mine = base_;
  mine.set_policy(&policy);
  const Evaluator::Plan my_plan = mine.plan();
  std::vector<Evaluator> theirs(alternatives, base_);
  std::vector<Evaluator::Plan> plans;
  for (std::size_t a = 0; a < alternatives; ++a) {
    theirs[a].set_policy(reference_[a]);
    plans.push_back(theirs[a].plan());
  }
  // Where each candidate is evaluated: fixing a subset re-evaluates from its first candidate on.
  std::vector<std::size_t> position(c, 0);
  const std::vector<int>& order = base_.order();
  for (std::size_t i = 0; i < c; ++i)
    position[i] =
        static_cast<std::size_t>(std::find(order.begin(), order.end(), candidates_[i]) - order.begin());
  std::vector<std::size_t> start(subsets_, order.size());
  for (std::size_t mask = 1; mask < subsets_; ++mask)
    for (std::size_t i = 0; i < c; ++i)
      if (mask >> i & 1) start[mask] = std::min(start[mask], position[i]);
  // The noise digits and their probabilities, for P(e) as the product of e's noise probabilities
  // in ascending order: settings whose noise has the same probabilities get the same P(e) to the
  // bit, and so the same gains (in file order, 0.3 × 0.7 × 0.5 and 0.7 × 0.5 × 0.3 may differ in the
  // last bit).
  const std::vector<int>& noisy = base_.noisy();
  std::vector<const double*> digit_probability;
  for (int v : noisy) digit_probability.push_back(base_.mechanism(v).noise.probabilities.data());
  std::vector<double> factors(noisy.size());

  policy_values_.assign(settings * n, 0);
  class_of_.assign(settings, kNone);
  std::vector<double> eu(alternatives, 0.0);
  std::vector<int> noise(n, 0);
  std::vector<int32_t> base_values(n), values(n), fixed(n, -1);
  // The setting's tables: for each alternative that decides differently, its gain per subset.
  std::vector<std::uint32_t> differing;
  std::vector<double> tables;
  // Classes by the hash of their tables (a chain through `next_same` for collisions).
  std::unordered_map<std::uint64_t, std::uint32_t> by_hash;
  std::vector<std::uint32_t> next_same;
  const std::uint64_t table_bytes = subsets_ * sizeof(double);
  const std::uint64_t class_bytes = alternatives * sizeof(std::uint32_t) + sizeof(Class);
  base_.noise_outcomes(0, noise.data());
  for (std::uint64_t e = 0; e < settings; ++e) {
    if (e > 0) base_.advance_noise(noise.data());
    if (progress && e % 4096 == 4095 && !progress(static_cast<double>(e) / static_cast<double>(settings)))
      throw Cancelled();
    int32_t* mine_values = &policy_values_[e * n];
    mine.evaluate_setting(my_plan, e, noise.data(), nullptr, mine_values);
    for (std::size_t i = 0; i < noisy.size(); ++i) factors[i] = digit_probability[i][noise[noisy[i]]];
    std::sort(factors.begin(), factors.end());
    double p = 1;
    for (double f : factors) p *= f;
    if (p <= 0) continue;
    expected_utility_ += p * total_utility(scim_, mine_values);
    differing.clear();
    tables.clear();
    for (std::size_t a = 0; a < alternatives; ++a) {
      theirs[a].evaluate_setting(plans[a], e, noise.data(), nullptr, base_values.data());
      const double base_utility = total_utility(scim_, base_values.data());
      eu[a] += p * base_utility;
      bool differs = std::any_of(scim_.decisions.begin(), scim_.decisions.end(),
                                 [&](int d) { return base_values[d] != mine_values[d]; });
      if (!differs) continue;
      ++summaries_[a].differing_settings;
      differing.push_back(static_cast<std::uint32_t>(a));
      tables.push_back(0.0);
      for (std::size_t mask = 1; mask < subsets_; ++mask) {
        for (std::size_t i = 0; i < c; ++i)
          fixed[candidates_[i]] = (mask >> i & 1) ? mine_values[candidates_[i]] : -1;
        std::copy(base_values.begin(), base_values.end(), values.begin());
        theirs[a].evaluate_setting(plans[a], e, noise.data(), fixed.data(), values.data(), start[mask]);
        tables.push_back(p * (total_utility(scim_, values.data()) - base_utility));
      }
    }
    if (differing.empty()) continue;
    std::uint64_t h =
        hash_bytes(differing.data(), differing.size() * sizeof(std::uint32_t), 14695981039346656037ull);
    h = hash_bytes(tables.data(), tables.size() * sizeof(double), h);
    auto [slot, inserted] = by_hash.try_emplace(h, kNone);
    std::uint32_t found = kNone;
    for (std::uint32_t k = slot->second; k != kNone && found == kNone; k = next_same[k]) {
      const Class& candidate = classes_[k];
      bool same = true;
      std::size_t at = 0;
      for (std::size_t a = 0, d = 0; a < alternatives && same; ++a) {
        const bool differs_here = d < differing.size() && differing[d] == a;
        if ((candidate.table[a] != kNone) != differs_here) same = false;
        else if (differs_here)
          same = std::memcmp(&gains_[candidate.table[a]], &tables[at], table_bytes) == 0, at += subsets_, ++d;
      }
      if (same) found = k;
    }
    if (found == kNone) {
      bytes += class_bytes + differing.size() * table_bytes;
      if (bytes > kMaxIntentionBytes) too_large(bytes);
      found = static_cast<std::uint32_t>(classes_.size());
      Class added;
      added.table.assign(alternatives, kNone);
      for (std::size_t d = 0; d < differing.size(); ++d) {
        added.table[differing[d]] = static_cast<std::uint32_t>(gains_.size());
        gains_.insert(gains_.end(), tables.begin() + static_cast<std::ptrdiff_t>(d * subsets_),
                      tables.begin() + static_cast<std::ptrdiff_t>((d + 1) * subsets_));
      }
      classes_.push_back(std::move(added));
      next_same.push_back(slot->second);
      slot->second = found;
    }
    classes_[found].members.push_back(e);
    class_of_[e] = found;
  }
  tolerance_ = 1e-9 * std::max(1.0, std::abs(expected_utility_));
  for (std::size_t a = 0; a < alternatives; ++a) {
    summaries_[a].expected_utility = eu[a];
    summaries_[a].as_good = expected_utility_ - eu[a] - tolerance_ <= 0;
  }
}

// The efficient options of every class where π̂ decides differently, and the order the search takes
// the classes in.
void IntentionSearch::prepare(std::size_t a) {
  Alternative& alt = prepared_[a];
  if (alt.ready) return;
  alt.ready = true;
  alt.need = expected_utility_ - summaries_[a].expected_utility - tolerance_;
  const std::size_t c = candidates_.size();
  std::vector<double> best_below(subsets_);
  std::vector<std::vector<Option>> options_of;
  std::vector<Ranked> ranked;
  for (std::uint32_t k = 0; k < classes_.size(); ++k) {
    if (classes_[k].table[a] == kNone) continue;
    const double* gain = &gains_[classes_[k].table[a]];
    std::vector<Option> options;
    // best_below[Z]: the most a proper subset of Z gains (the empty set gains 0).
    best_below[0] = 0;
    for (std::size_t mask = 1; mask < subsets_; ++mask) {
      double best = 0;
      for (std::size_t i = 0; i < c; ++i)
        if (mask >> i & 1)
          best = std::max(
              {best, gain[mask & ~(std::size_t{1} << i)], best_below[mask & ~(std::size_t{1} << i)]});
      best_below[mask] = best;
      double slack = gain[mask] - best;
      if (gain[mask] > tolerance_ && slack > tolerance_)
        options.push_back({static_cast<std::uint32_t>(mask), gain[mask], slack});
    }
    if (options.empty()) continue;
    std::sort(options.begin(), options.end(), [](const Option& x, const Option& y) {
      if (x.gain != y.gain) return x.gain > y.gain;
      if (x.slack != y.slack) return x.slack > y.slack;
      return x.mask < y.mask;
    });
    Ranked r;
    r.cls = k;
    r.max_gain = options.front().gain;
    ranked.push_back(r);
    options_of.push_back(std::move(options));
  }
  // Largest gain first (ties: class order, so the lowest settings first).
  std::vector<std::size_t> by_gain(ranked.size());
  for (std::size_t i = 0; i < by_gain.size(); ++i) by_gain[i] = i;
  std::stable_sort(by_gain.begin(), by_gain.end(),
                   [&](std::size_t x, std::size_t y) { return ranked[x].max_gain > ranked[y].max_gain; });
  alt.rank_of.assign(classes_.size(), kNone);
  for (std::size_t i : by_gain) {
    Ranked r = ranked[i];
    alt.rank_of[r.cls] = static_cast<std::uint32_t>(alt.ranked.size());
    r.first = static_cast<std::uint32_t>(alt.options.size());
    r.first_merged = static_cast<std::uint32_t>(alt.merged.size());
    for (const Option& o : options_of[i]) {
      const auto index = static_cast<std::uint32_t>(alt.options.size());
      const auto rank = static_cast<std::uint32_t>(alt.ranked.size());
      alt.options.push_back(o);
      alt.unmerged.push_back({o.gain, o.slack, index, rank});
      if (alt.merged.size() == r.first_merged || alt.merged.back().gain != o.gain ||
          alt.merged.back().slack != o.slack)
        alt.merged.push_back({o.gain, o.slack, index, rank});
    }
    r.end = static_cast<std::uint32_t>(alt.options.size());
    r.end_merged = static_cast<std::uint32_t>(alt.merged.size());
    alt.ranked.push_back(r);
  }
  alt.reach.assign(alt.ranked.size() + 1, 0.0);
  for (std::size_t r = alt.ranked.size(); r-- > 0;)
    alt.reach[r] = alt.reach[r + 1] +
                   static_cast<double>(classes_[alt.ranked[r].cls].members.size()) * alt.ranked[r].max_gain;
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

bool IntentionSearch::rational_oracle_keeps_policy() const {
  return std::none_of(summaries_.begin(), summaries_.end(),
                      [](const AlternativeSummary& s) { return s.as_good; });
}

bool IntentionSearch::intends(const std::vector<int>& outcomes, std::uint64_t setting,
                              IntentionWitness* witness) {
  return first_intending(mask_of(outcomes), setting, accepting(false), witness);
}

bool IntentionSearch::behaviourally_intends(const std::vector<int>& outcomes, std::uint64_t setting,
                                            IntentionWitness* witness) {
  return first_intending(mask_of(outcomes), setting, true, witness);
}

bool IntentionSearch::intends_relative_to(std::size_t alternative, const std::vector<int>& outcomes,
                                          std::uint64_t setting, IntentionWitness* witness) {
  const std::uint32_t mask = mask_of(outcomes);
  Choice choice;
  if (mask == 0 || !search(alternative, mask, class_of(setting), accepting(false), &choice)) return false;
  if (witness) expand(alternative, setting, choice, witness);
  return true;
}

// The first alternative relative to which the outcomes are intended in the setting, remembered per
// class of settings (a query about every setting asks each class many times).
bool IntentionSearch::first_intending(std::uint32_t mask, std::uint64_t setting, bool accept,
                                      IntentionWitness* witness) {
  const std::uint32_t cls = class_of(setting);
  if (mask == 0 || cls == kNone) return false;
  const std::uint64_t key = (std::uint64_t{cls} << 17) | (std::uint64_t{mask} << 1) | (accept ? 1 : 0);
  auto [it, inserted] = asked_.try_emplace(key);
  Asked& asked = it->second;
  if (inserted)
    for (std::size_t a = 0; a < reference_.size(); ++a)
      if (search(a, mask, cls, accept, &asked.choice)) {
        asked.alternative = static_cast<int>(a);
        break;
      }
  if (asked.alternative < 0) return false;
  if (witness) expand(static_cast<std::size_t>(asked.alternative), setting, asked.choice, witness);
  return true;
}

void IntentionSearch::summarize(std::size_t candidate, std::uint64_t setting, bool behavioural,
                                std::size_t shown, std::vector<int>* alternatives, CompactWitness* witness) {
  alternatives->clear();
  const std::uint32_t cls = class_of(setting);
  if (cls == kNone) return;
  if (candidate != summary_candidate_ || behavioural != summary_behavioural_ || shown != summary_shown_) {
    summary_.assign(classes_.size(), Summary{});
    summary_candidate_ = candidate;
    summary_behavioural_ = behavioural;
    summary_shown_ = shown;
  }
  Summary& s = summary_[cls];
  if (!s.known) {
    s.known = true;
    const std::uint32_t mask = std::uint32_t{1} << candidate;
    const bool accept = accepting(behavioural);
    Choice choice;
    for (std::size_t a = 0; a < reference_.size(); ++a) {
      if (!search(a, mask, cls, accept, &choice)) continue;
      s.alternatives.push_back(static_cast<int>(a));
      if (s.alternatives.size() == 1) {
        s.first = choice;
        settle_compact(a, cls, &s);
      }
      if (behavioural) break;
    }
  }
  *alternatives = s.alternatives;
  if (s.alternatives.empty()) return;
  compact(setting, s, shown, witness);
}

template <class Block>
void IntentionSearch::for_each_block(const Alternative& alt, std::uint32_t cls, const Choice& choice,
                                     Block&& block) const {
  std::uint32_t rank = kNone;
  std::uint64_t from = 0;
  for (const Pick& p : choice.picks) {
    if (p.rank != rank) rank = p.rank, from = 0;
    const std::uint32_t k = alt.ranked[p.rank].cls;
    block(alt.options[p.option].mask, classes_[k].members, from, p.count, k == cls);
    from += p.count;
  }
}

// The part of a summary's compact witness that does not depend on which setting of the class asks:
// per candidate, the settings the other classes' picks fix and the lowest of them.
void IntentionSearch::settle_compact(std::size_t a, std::uint32_t cls, Summary* s) const {
  const Alternative& alt = prepared_[a];
  const std::size_t c = candidates_.size();
  s->other_count.assign(c, 0);
  s->other_first.assign(c, {});
  for_each_block(alt, cls, s->first,
                 [&](std::uint32_t mask, const std::vector<std::uint64_t>& members, std::uint64_t from,
                     std::uint64_t count, bool own) {
                   if (own) return;
                   for (std::size_t i = 0; i < c; ++i) {
                     if (!(mask >> i & 1)) continue;
                     s->other_count[i] += count;
                     std::vector<std::uint64_t>& first = s->other_first[i];
                     for (std::uint64_t k = from; k < from + std::min<std::uint64_t>(count, summary_shown_);
                          ++k)
                       first.push_back(members[k]);
                     std::sort(first.begin(), first.end());
                     if (first.size() > summary_shown_) first.resize(summary_shown_);
                   }
                 });
}

void IntentionSearch::compact(std::uint64_t setting, const Summary& s, std::size_t shown,
                              CompactWitness* witness) const {
  const std::size_t a = static_cast<std::size_t>(s.alternatives.front());
  const Alternative& alt = prepared_[a];
  const std::size_t c = candidates_.size();
  const std::uint32_t cls = class_of(setting);
  std::vector<std::uint64_t> count = s.other_count;
  std::vector<std::vector<std::uint64_t>> first = s.other_first;
  const std::uint32_t own_mask = alt.options[s.first.option].mask;
  for (std::size_t i = 0; i < c; ++i)
    if (own_mask >> i & 1) count[i] += 1, first[i].push_back(setting);
  for_each_block(alt, cls, s.first,
                 [&](std::uint32_t mask, const std::vector<std::uint64_t>& members, std::uint64_t from,
                     std::uint64_t n, bool own) {
                   if (!own) return;
                   for (std::size_t i = 0; i < c; ++i) {
                     if (!(mask >> i & 1)) continue;
                     count[i] += n;
                     for (std::uint64_t k = from; k < from + std::min<std::uint64_t>(n, shown); ++k)
                       first[i].push_back(members[k + (members[k] >= setting ? 1 : 0)]);
                   }
                 });
  witness->alternative = static_cast<int>(a);
  witness->lhs = expected_utility_;
  witness->rhs = summaries_[a].expected_utility + s.first.gain;
  witness->fixed.clear();
  for (std::size_t i = 0; i < c; ++i) {
    if (count[i] == 0) continue;
    std::sort(first[i].begin(), first[i].end());
    if (first[i].size() > shown) first[i].resize(shown);
    witness->fixed.push_back({candidates_[i], count[i], std::move(first[i])});
  }
}

bool IntentionSearch::search(std::size_t a, std::uint32_t outcome_mask, std::uint32_t cls, bool accept,
                             Choice* choice) {
  if (outcome_mask == 0 || cls == kNone) return false;
  // Under the any-alternative reading an alternative as good as π makes the empty set satisfy Eq. 2,
  // so no non-empty set is minimal.
  if (accept && !rational_oracle_keeps_policy()) return false;
  prepare(a);
  const Alternative& alt = prepared_[a];
  if (alt.need <= 0) return false;  // π̂ is as good already: the empty Y satisfies Eq. 2
  const std::uint32_t rank = alt.rank_of[cls];
  if (rank == kNone) return false;
  // Each question gets the whole budget.
  nodes_ = 0;
  const Ranked& own = alt.ranked[rank];
  const std::vector<Type>& types = accept ? alt.unmerged : alt.merged;
  for (std::uint32_t o = own.first; o < own.end; ++o) {
    const Option& option = alt.options[o];
    if ((option.mask & outcome_mask) != outcome_mask) continue;
    // Without an acceptance test only the sums matter: an option like one tried already fails alike.
    if (!accept && o > own.first) {
      bool tried = false;
      for (std::uint32_t p = own.first; p < o && !tried; ++p)
        tried = (alt.options[p].mask & outcome_mask) == outcome_mask && alt.options[p].gain == option.gain &&
                alt.options[p].slack == option.slack;
      if (tried) continue;
    }
    bool exhausted = false;
    if (extend(a, types, rank, o, accept, choice, &exhausted)) return true;
    if (exhausted) return false;
  }
  return false;
}

// Depth-first over the counts of the search types, in order (classes by largest gain, within a
// class its options by gain): each node chooses how many members of its type's class take the type,
// the largest count first. A set is complete when the gains reach `need` (adding more only raises
// the surplus), and minimal when its surplus is below every chosen slack. The walk keeps its own
// stack (a deep search would overflow WebAssembly's small stack) and counts each node against the
// budget.
bool IntentionSearch::extend(std::size_t a, const std::vector<Type>& types, std::uint32_t own_rank,
                             std::uint32_t own_option, bool accept, Choice* choice, bool* exhausted) {
  const Alternative& alt = prepared_[a];
  const Option& own = alt.options[own_option];
  const double need = alt.need;
  const auto members = [&](std::uint32_t rank) {
    return static_cast<std::uint64_t>(classes_[alt.ranked[rank].cls].members.size()) -
           (rank == own_rank ? 1 : 0);
  };
  // What the classes ranked from r on can still add.
  const auto reach = [&](std::uint32_t r) {
    return alt.reach[r] - (own_rank >= r ? alt.ranked[own_rank].max_gain : 0.0);
  };
  // A complete set: record it and test it.
  const auto complete = [&](std::uint32_t type, std::uint64_t count, double sum) {
    trial_.clear();
    for (const Frame& f : frames_)
      if (f.next + 1 > 0)
        trial_.push_back({types[f.type].rank, types[f.type].option, static_cast<std::uint64_t>(f.next + 1)});
    if (count > 0) trial_.push_back({types[type].rank, types[type].option, count});
    if (accept && !minimal_for_every_alternative(a, alt.ranked[own_rank].cls, own_option)) return false;
    choice->option = own_option;
    choice->picks = trial_;
    choice->gain = sum;
    return true;
  };
  frames_.clear();
  if (own.gain >= need) return own.gain - need < own.slack && complete(0, 0, own.gain);
  const auto last = static_cast<std::uint32_t>(types.size());
  // Enters the node that chooses the count of `type` with `used` members of its class taken and
  // these totals: true when it completes a minimal set; otherwise it pushes its frame if it has
  // counts to try.
  const auto enter = [&](std::uint32_t type, std::uint64_t used, double sum, double slack) {
    if (++nodes_ > budget_) {
      *exhausted = true;
      budget_exceeded_ = true;
      return false;
    }
    if (type == last) return false;
    const Type& t = types[type];
    const std::uint64_t available = members(t.rank) - used;
    if (sum + static_cast<double>(available) * t.gain + reach(t.rank + 1) < need) return false;
    // The least count that reaches `need`, if this class has that many left.
    std::uint64_t cross = available + 1;
    const double estimate = std::ceil((need - sum) / t.gain);
    if (estimate < static_cast<double>(available) + 1) {
      cross = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(estimate));
      while (cross > 1 && sum + static_cast<double>(cross - 1) * t.gain >= need) --cross;
      while (cross <= available && sum + static_cast<double>(cross) * t.gain < need) ++cross;
    }
    if (cross <= available) {
      const double total = sum + static_cast<double>(cross) * t.gain;
      if (total - need < std::min(slack, t.slack) && complete(type, cross, total)) return true;
    }
    frames_.push_back({type, used, static_cast<std::int64_t>(std::min(available, cross - 1)), sum, slack});
    return false;
  };
  if (enter(0, 0, own.gain, own.slack)) return true;
  while (!frames_.empty() && !*exhausted) {
    Frame& f = frames_.back();
    if (f.next < 0) {
      frames_.pop_back();
      continue;
    }
    const Type& t = types[f.type];
    const auto count = static_cast<std::uint64_t>(f.next--);
    const double sum = f.sum + static_cast<double>(count) * t.gain;
    const double slack = count > 0 ? std::min(f.slack, t.slack) : f.slack;
    const std::uint32_t next = f.type + 1;
    const bool same_class = next < last && types[next].rank == t.rank;
    const std::uint64_t used = same_class ? f.used + count : 0;
    // Fewer of this type leave no more within reach: a count that cannot reach `need` ends the node.
    const double rest = (same_class ? static_cast<double>(members(t.rank) - used) * types[next].gain : 0.0) +
                        reach(t.rank + 1);
    if (sum + rest < need) {
      frames_.pop_back();
      continue;
    }
    if (enter(next, used, sum, slack)) return true;
  }
  return false;
}

void IntentionSearch::best_of_subsets(const double* gains, std::uint32_t mask, double* best,
                                      double* best_proper) {
  *best = 0;
  *best_proper = 0;
  for (std::uint32_t sub = mask;; sub = (sub - 1) & mask) {
    *best = std::max(*best, gains[sub]);
    if (sub != mask) *best_proper = std::max(*best_proper, gains[sub]);
    if (sub == 0) break;
  }
}

// The choice in trial_ plus the question's own option: for each other alternative b, per chosen
// setting the most b gains from any subset of that setting's fixing, and from any proper subset.
// Settings are independent, so the best proper subset of the whole choice is the best of all
// subsets except in one setting, where it is proper; members of a class count alike.
bool IntentionSearch::minimal_for_every_alternative(std::size_t a, std::uint32_t cls,
                                                    std::uint32_t own_option) const {
  const Alternative& mine = prepared_[a];
  for (std::size_t b = 0; b < prepared_.size(); ++b) {
    if (b == a) continue;  // minimal for its own alternative by construction
    const double need = expected_utility_ - summaries_[b].expected_utility - tolerance_;
    double total = 0, best_shrink = -std::numeric_limits<double>::infinity();
    const auto add = [&](std::uint32_t k, std::uint32_t mask, std::uint64_t count) {
      double best = 0, best_proper = 0;
      if (classes_[k].table[b] != kNone)
        best_of_subsets(&gains_[classes_[k].table[b]], mask, &best, &best_proper);
      total += static_cast<double>(count) * best;
      best_shrink = std::max(best_shrink, best_proper - best);
    };
    add(cls, mine.options[own_option].mask, 1);
    for (const Pick& p : trial_) add(mine.ranked[p.rank].cls, mine.options[p.option].mask, p.count);
    if (total + best_shrink >= need) return false;
  }
  return true;
}

// The settings of a choice for `setting`: the question's own option there, and for each pick the
// lowest members of its class not taken by an earlier pick (nor the setting itself).
void IntentionSearch::expand(std::size_t a, std::uint64_t setting, const Choice& choice,
                             IntentionWitness* witness) const {
  const Alternative& alt = prepared_[a];
  const std::size_t c = candidates_.size();
  const std::uint32_t cls = class_of(setting);
  std::vector<std::vector<std::uint64_t>> fixed(c);
  const std::uint32_t own_mask = alt.options[choice.option].mask;
  for (std::size_t i = 0; i < c; ++i)
    if (own_mask >> i & 1) fixed[i].push_back(setting);
  for_each_block(alt, cls, choice,
                 [&](std::uint32_t mask, const std::vector<std::uint64_t>& members, std::uint64_t from,
                     std::uint64_t count, bool own) {
                   for (std::uint64_t k = from; k < from + count; ++k) {
                     const std::uint64_t e = own ? members[k + (members[k] >= setting ? 1 : 0)] : members[k];
                     for (std::size_t i = 0; i < c; ++i)
                       if (mask >> i & 1) fixed[i].push_back(e);
                   }
                 });
  witness->alternative = static_cast<int>(a);
  witness->lhs = expected_utility_;
  witness->rhs = summaries_[a].expected_utility + choice.gain;
  witness->groups = choice.picks.size();
  witness->fixed.clear();
  for (std::size_t i = 0; i < c; ++i) {
    if (fixed[i].empty()) continue;
    std::sort(fixed[i].begin(), fixed[i].end());
    witness->fixed.emplace_back(candidates_[i], std::move(fixed[i]));
  }
}

}  // namespace motive
