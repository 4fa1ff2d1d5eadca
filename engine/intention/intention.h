// Subjective intention (Ward et al. 2024, Def. 13).
//
// The agent follows deterministic π. It intentionally causes O_π(e) if, for some alternative π̂ in
// REF(π), fixing a set of variables Y ⊇ O, each in a set of settings w^Y (with e ∈ w^O), to the
// values they take under π makes π̂ as good as π:
//
//     EU(π) ≤ E_π̂[Σ_U U under Y_{π|W}]                                        (Eq. 2)
//
// and no smaller (Y', W') does so. Write a choice of (Y, W) as a set S of pairs (Y, e). A contextual
// intervention acts setting by setting, so the right side of Eq. 2 is EU(π̂) + Σ_e g_e(Z_e), where
// Z_e is the set of variables S fixes in setting e and g_e(Z) = P(e) (u_e(Z) - u_e(∅)) is what
// fixing Z to its π-values gains in e. The search rests on three facts:
//   - Only settings where π and π̂ decide differently can gain: elsewhere every variable already
//     takes its π-value under π̂. Only chance variables on a directed path D → Y → U can be in a
//     minimal Y (Theorem 17), so only they are candidates.
//   - In a minimal S every Z_e is *efficient*: each proper subset of Z_e gains strictly less (else
//     swapping it in keeps Eq. 2 with a smaller S).
//   - With efficient Z_e, shrinking several settings loses more than shrinking one, so S is minimal
//     iff Eq. 2 holds and, for every e in S, replacing Z_e by its best proper subset breaks it.
// For each setting the engine tabulates g_e over all subsets of the candidates, keeps the efficient
// ones, and then searches combinations across settings depth-first with exact pruning, within a
// node budget it reports when exceeded. Tests check it against a brute force over all sets of
// pairs on random models.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "scim/evaluate.h"
#include "scim/model.h"

namespace motive {

// A witness of intention: the alternative π̂ and Y_{π|W}, with both sides of Eq. 2.
struct IntentionWitness {
  int alternative = -1;  // index into the reference policies
  // Each Y in Y with its w^Y (setting indices, ascending), Y in topological order.
  std::vector<std::pair<int, std::vector<std::uint64_t>>> fixed;
  double lhs = 0;  // EU(π)
  double rhs = 0;  // E_π̂[Σ U under Y_{π|W}]
};

// What the search concluded about one alternative π̂.
struct AlternativeSummary {
  double expected_utility = 0;  // EU(π̂)
  bool as_good = false;         // EU(π̂) ≥ EU(π): the empty Y satisfies Eq. 2, nothing is intended
  std::vector<std::uint64_t> differing_settings;  // positive probability, π̂ decides differently
};

class IntentionSearch {
 public:
  // Prepares the search for policy π (deterministic) against `reference`, in the model configured
  // by `base` (its interventions). Every pointer must outlive the search.
  IntentionSearch(const scim::Scim& scim, const scim::Evaluator& base, const scim::Policy& policy,
                  const std::vector<const scim::Policy*>& reference,
                  std::uint64_t budget = std::uint64_t{1} << 22);

  // Whether O_π(e) is intentionally caused, with a witness for the first alternative (in reference
  // order) that shows it. `outcomes` are variable indices.
  bool intends(const std::vector<int>& outcomes, std::uint64_t setting, IntentionWitness* witness);
  // The same relative to one alternative π̂ (an index into the reference policies).
  bool intends_relative_to(std::size_t alternative, const std::vector<int>& outcomes, std::uint64_t setting,
                           IntentionWitness* witness);

  // Behavioural intention (Def. 20) of the rational oracle Γ of Theorem 21: Γ picks an optimal
  // policy and keeps π only while π is strictly better than every alternative (assumption 2), so
  // Γ(M_{Y_π|W}) ≠ π exactly when some alternative satisfies Eq. 2. Here (Y, W) must be minimal for
  // that union: no proper subset may make *any* alternative as good. With the reference set being
  // every other deterministic policy, this is Γ's behavioural intention. Requires π strictly
  // optimal (else Γ(M) ≠ π already); see rational_oracle_keeps_policy().
  bool behaviourally_intends(const std::vector<int>& outcomes, std::uint64_t setting,
                             IntentionWitness* witness);
  // Whether π is strictly better than every alternative, so that the rational oracle follows it.
  bool rational_oracle_keeps_policy() const;

  double expected_utility() const { return expected_utility_; }
  double tolerance() const { return tolerance_; }
  const std::vector<int>& candidates() const { return candidates_; }
  const std::vector<AlternativeSummary>& alternatives() const { return summaries_; }
  // π's value of variable v in setting e.
  int32_t value(int v, std::uint64_t setting) const;
  // Whether some question's search stopped at its budget (each question, one outcome set in one
  // setting relative to one alternative, gets the whole budget; its "not intended" is then unproven).
  bool budget_exceeded() const { return budget_exceeded_; }

 private:
  struct Option {
    std::uint32_t mask = 0;  // a set of candidates (bit i: candidates_[i])
    double gain = 0;
    double slack = 0;  // gain minus the best gain of a proper subset
  };
  struct SettingTable {
    std::uint64_t setting = 0;
    double max_gain = 0;        // of its options (Alternative::options_of)
    std::vector<double> gains;  // the gain of every subset of the candidates
  };
  struct Alternative {
    double need = 0;                     // what the fixings must gain for Eq. 2
    std::vector<SettingTable> settings;  // by max_gain descending
    std::vector<double> reachable;       // [s]: Σ max_gain of settings s, s+1, ... (bounds the search)
    std::vector<std::pair<std::uint64_t, std::size_t>> index;  // (setting, position in `settings`), sorted
    // Every setting's efficient options (gain > 0, by gain descending) in one array, in the order the
    // search tries them (settings in order), with each option's setting, where each setting's options
    // start ([size]: the end), and how many options right after each one have the same gain and
    // slack (so the same fate as a leaf).
    std::vector<Option> options;
    std::vector<std::uint32_t> setting_of;
    std::vector<std::size_t> first_option;
    std::vector<std::uint32_t> same_after;
    const Option* options_begin(std::size_t s) const { return options.data() + first_option[s]; }
    const Option* options_end(std::size_t s) const { return options.data() + first_option[s + 1]; }
  };

  void prepare(std::size_t a);
  bool search(std::size_t a, std::uint32_t outcome_mask, std::uint64_t setting, IntentionWitness* witness);
  // The candidate mask of `outcomes`, or 0 if one of them is not a candidate.
  std::uint32_t mask_of(const std::vector<int>& outcomes) const;
  using Choice = std::vector<std::pair<std::size_t, std::uint32_t>>;  // (setting table, subset)
  // Searches minimal sets for alternative a; `accept` may reject one to continue the search.
  bool search(std::size_t a, std::uint32_t outcome_mask, std::uint64_t setting, IntentionWitness* witness,
              const std::function<bool(std::size_t, const Choice&)>& accept);
  bool extend(const Alternative& alt, std::size_t next, std::size_t skip, double sum, double min_slack,
              Choice* chosen, const std::function<bool(const Choice&)>& accept);
  // Whether no proper subset of `chosen` (made for alternative a) satisfies Eq. 2 for any alternative.
  bool minimal_for_every_alternative(std::size_t a, const Choice& chosen) const;

  const scim::Scim& scim_;
  const scim::Evaluator& base_;
  std::vector<const scim::Policy*> reference_;
  std::vector<int> candidates_;
  std::vector<int32_t> policy_values_;  // [setting * n + v]
  std::vector<double> probability_;     // P(e)
  double expected_utility_ = 0;
  double tolerance_ = 0;
  std::vector<Alternative> prepared_;
  std::vector<AlternativeSummary> summaries_;
  // A node of extend()'s walk: the next option it tries (an index into Alternative::options) and
  // the totals of the set that reached it.
  struct Frame {
    std::size_t at = 0;
    double sum = 0;
    double min_slack = 0;
  };
  std::vector<Frame> frames_;  // extend()'s stack, kept between questions
  Choice chosen_;              // the search's current set, kept between questions
  std::vector<std::pair<std::uint64_t, std::uint32_t>> by_setting_;  // a witness's (setting, subset)
  std::vector<std::uint32_t> chosen_mask_;  // a witness's subset of each setting table (0: none)
  std::uint64_t budget_;                    // search nodes per question (per call of search)
  std::uint64_t nodes_ = 0;                 // of the current question
  bool exhausted_ = false;                  // the current question ran out of budget
  bool budget_exceeded_ = false;            // some question did
};

// The maximum number of candidate variables (each setting tabulates every subset of them).
inline constexpr std::size_t kMaxIntentionCandidates = 16;

}  // namespace motive
