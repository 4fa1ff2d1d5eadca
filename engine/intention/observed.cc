#include "intention/observed.h"

#include <algorithm>

namespace motive {

using scim::Observation;
using scim::ObservedBehaviour;
namespace {

// Whether every (variable, value) of `part` is in `whole` (both sorted).
bool includes(const Assignment& whole, const Assignment& part) {
  return std::includes(whole.begin(), whole.end(), part.begin(), part.end());
}

int find_exact(const ObservedBehaviour& behaviour, const Assignment& fix) {
  for (std::size_t i = 0; i < behaviour.observations.size(); ++i)
    if (behaviour.observations[i].fix == fix) return static_cast<int>(i);
  return -1;
}

// The nonempty proper subsets of `fix` that no observation fixes: listed up to kMaxListedMissing,
// all counted (the count saturates for very large fixes, which no one observes by hand).
void unobserved_subsets(const ObservedBehaviour& behaviour, const Assignment& fix, ObservedVerdict* verdict) {
  verdict->missing.clear();
  verdict->missing_count = 0;
  const std::size_t n = fix.size();
  if (n > 62) {
    verdict->missing_count = UINT64_MAX;
    return;
  }
  const std::uint64_t full = (std::uint64_t{1} << n) - 1;
  std::uint64_t observed = 0;
  // Count the observed proper subsets first, so that huge fixes are not enumerated.
  const auto& obs = behaviour.observations;
  for (std::size_t i = 0; i < obs.size(); ++i)
    if (obs[i].fix.size() < n && !obs[i].fix.empty() && includes(fix, obs[i].fix) &&
        find_exact(behaviour, obs[i].fix) == static_cast<int>(i))  // the same fix seen twice counts once
      ++observed;
  verdict->missing_count = full - 1 - observed;
  if (n > 20) return;  // count only
  for (std::uint64_t mask = 1; mask < full && verdict->missing.size() < kMaxListedMissing; ++mask) {
    Assignment subset;
    for (std::size_t i = 0; i < n; ++i)
      if (mask >> i & 1) subset.push_back(fix[i]);
    if (find_exact(behaviour, subset) < 0) verdict->missing.push_back(std::move(subset));
  }
}

}  // namespace

std::vector<Assignment> observed_outcomes(const ObservedBehaviour& behaviour) {
  std::vector<Assignment> out;
  for (const Observation& o : behaviour.observations)
    for (const auto& pair : o.fix) {
      Assignment single = {pair};
      if (std::find(out.begin(), out.end(), single) == out.end()) out.push_back(single);
    }
  return out;
}

ObservedVerdict observed_intention(const ObservedBehaviour& behaviour, const Assignment& outcome) {
  ObservedVerdict verdict;
  verdict.outcome = outcome;
  const auto& obs = behaviour.observations;
  ObservedVerdict best;
  bool found = false;
  for (std::size_t c = 0; c < obs.size(); ++c) {
    if (!includes(obs[c].fix, outcome)) continue;
    verdict.covering.push_back(static_cast<int>(c));
    if (!obs[c].adapts) continue;
    // A witness must be minimal: no observed proper subset of its fix may adapt.
    std::vector<int> confirming;
    int spoiler = -1;
    for (std::size_t z = 0; z < obs.size(); ++z) {
      const Assignment& sub = obs[z].fix;
      if (sub.size() >= obs[c].fix.size() || !includes(obs[c].fix, sub)) continue;
      if (obs[z].adapts) {
        spoiler = static_cast<int>(z);
        break;
      }
      confirming.push_back(static_cast<int>(z));
    }
    if (spoiler >= 0) {
      verdict.not_minimal.emplace_back(static_cast<int>(c), spoiler);
      continue;
    }
    ObservedVerdict candidate;
    candidate.witness = static_cast<int>(c);
    candidate.confirming = std::move(confirming);
    unobserved_subsets(behaviour, obs[c].fix, &candidate);
    // Prefer the witness that leaves the fewest interventions unobserved, then the smallest.
    if (!found || candidate.missing_count < best.missing_count ||
        (candidate.missing_count == best.missing_count &&
         obs[c].fix.size() < obs[static_cast<std::size_t>(best.witness)].fix.size())) {
      best = std::move(candidate);
      found = true;
    }
  }
  if (found) {
    verdict.witness = best.witness;
    verdict.confirming = std::move(best.confirming);
    verdict.missing = std::move(best.missing);
    verdict.missing_count = best.missing_count;
    verdict.kind = verdict.missing_count == 0 ? ObservedVerdictKind::kIntended
                                              : ObservedVerdictKind::kMinimalityUnobserved;
    return verdict;
  }
  verdict.kind = verdict.covering.empty() ? ObservedVerdictKind::kUnobserved : ObservedVerdictKind::kNotShown;
  if (find_exact(behaviour, outcome) < 0) {
    verdict.missing.push_back(outcome);
    verdict.missing_count = 1;
  }
  return verdict;
}

}  // namespace motive
