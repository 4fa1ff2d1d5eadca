// Behavioural intention (Ward et al. 2024, Def. 20) read from observed behaviour: the oracle Γ is
// the agent itself, seen under a few hard interventions (as the paper reads GPT-4's intentions in its
// Table 1). Def. 20 asks for a subset-minimal intervention Y ⊇ O under which Γ adapts; here only
// the observed interventions are known, so a verdict says how much of that the observations prove
// and which interventions would settle the rest.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "scim/model.h"

namespace motive {

// An assignment of outcomes to variables, (variable, outcome index), sorted by variable.
using Assignment = std::vector<std::pair<int, int32_t>>;

enum class ObservedVerdictKind {
  kIntended,              // an observed intervention on Y ⊇ O adapts, and every smaller one was seen not to
  kMinimalityUnobserved,  // one on Y ⊇ O adapts, no smaller observed one does, some smaller ones are unseen
  kNotShown,              // interventions fixing O were seen, but none is a minimal one that adapts
  kUnobserved,            // no observed intervention fixes O
};

struct ObservedVerdict {
  Assignment outcome;
  ObservedVerdictKind kind = ObservedVerdictKind::kUnobserved;
  int witness = -1;             // the observation Y (an index into the observations), if any
  std::vector<int> covering;    // every observation whose fix includes O
  std::vector<int> confirming;  // observations of proper subsets of the witness: none adapts
  // Observations that adapt although a proper subset of their fix adapts too (so they are not
  // minimal), each with such a subset: (spoiled, spoiler).
  std::vector<std::pair<int, int>> not_minimal;
  // Nonempty proper subsets of the witness's fix that were never observed (when kMinimalityUnobserved),
  // or O itself when no observation fixes exactly O (kNotShown, kUnobserved).
  std::vector<Assignment> missing;
  std::uint64_t missing_count = 0;  // all of them; `missing` lists at most kMaxListedMissing
};

inline constexpr std::size_t kMaxListedMissing = 64;

// The outcomes worth asking about: each variable = value fixed by some observation, in order of
// first appearance.
std::vector<Assignment> observed_outcomes(const scim::ObservedBehaviour& behaviour);

// Def. 20 against the observations: is O = o behaviourally intended, as far as they show?
ObservedVerdict observed_intention(const scim::ObservedBehaviour& behaviour, const Assignment& outcome);

}  // namespace motive
