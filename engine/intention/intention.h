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
// fixing Z to its π-values gains in e. The search rests on these facts:
//   - Only settings where π and π̂ decide differently can gain: elsewhere every variable already
//     takes its π-value under π̂. Only chance variables on a directed path D → Y → U can be in a
//     minimal Y (Theorem 17), so only they are candidates.
//   - In a minimal S every Z_e is *efficient*: each proper subset of Z_e gains strictly less (else
//     swapping it in keeps Eq. 2 with a smaller S). Call the least such loss Z_e's slack.
//   - With efficient Z_e, shrinking several settings loses more than shrinking one, so S is minimal
//     iff Eq. 2 holds and its surplus (right side minus left) is below the slack of every Z_e.
//   - Two settings whose gain tables agree (for every alternative) are interchangeable: which of
//     them a witness uses changes neither side of Eq. 2 nor any slack. Settings are grouped into
//     such classes (P(e) is the product of e's noise probabilities in ascending order, so that
//     settings with the same probabilities have the same P(e) to the bit), and a set S is a count
//     per class and option.
// So a question (outcomes O in setting e relative to π̂) asks for an efficient option of e's class
// holding O and counts of the other options with the sum of gains in [need, need + least slack)
// (need = EU(π) − EU(π̂) − the tolerance): a subset sum with a window, searched depth-first over the
// classes (largest gain first; per option the largest count first, each count one step), with
// exact pruning by what the rest can still add, within a step budget it reports when exceeded. Its
// answer holds for every setting of the class, so the summary of every (variable, setting) asks one
// question per class, not per setting, and a witness is a few counts, expanded into settings (the
// lowest-numbered members of each class) only when asked for. Tests check it against a brute force
// over all sets of pairs on random models.
//
// Minimality (condition 3 of Def. 13) has two readings: no proper subset satisfies Eq. 2 for the
// same π̂ (the spec's, the default), or for any alternative of REF(π) (then, as for the rational
// oracle of Theorem 21, a set is kept only when no proper subset makes any alternative as good:
// settings are independent, so the best proper subset for another alternative shrinks one setting).
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/progress.h"
#include "scim/evaluate.h"
#include "scim/model.h"

namespace motive {

// How Def. 13's subset-minimality is read: no proper subset of (Y, W) satisfies Eq. 2 for the same
// alternative π̂, or for any alternative of REF(π).
enum class Minimality { kSameAlternative, kAnyAlternative };

// A witness of intention: the alternative π̂ and Y_{π|W}, with both sides of Eq. 2.
struct IntentionWitness {
  int alternative = -1;  // index into the reference policies
  // Each Y in Y with its w^Y (setting indices, ascending), Y in topological order.
  std::vector<std::pair<int, std::vector<std::uint64_t>>> fixed;
  double lhs = 0;          // EU(π)
  double rhs = 0;          // E_π̂[Σ U under Y_{π|W}]
  std::size_t groups = 0;  // the (class, option) groups it takes beside the question's own setting
};

// A witness as the summary shows it: each Y with the size of w^Y and its first settings.
struct CompactWitness {
  struct Fixed {
    int variable = -1;
    std::uint64_t count = 0;           // |w^Y|
    std::vector<std::uint64_t> first;  // the lowest settings of w^Y, ascending (all of them if few)
  };
  int alternative = -1;
  std::vector<Fixed> fixed;  // Y in topological order
  double lhs = 0;
  double rhs = 0;
};

// What the search concluded about one alternative π̂.
struct AlternativeSummary {
  double expected_utility = 0;  // EU(π̂)
  bool as_good = false;         // EU(π̂) ≥ EU(π): the empty Y satisfies Eq. 2, nothing is intended
  std::uint64_t differing_settings = 0;  // of positive probability, where π̂ decides differently
};

class IntentionSearch {
 public:
  // Prepares the search for policy π (deterministic) against `reference`, in the model configured
  // by `base` (its interventions). Every pointer must outlive the search. `budget` bounds the steps
  // of each question; `progress` hears the preparation (one walk over the settings per alternative).
  // Throws analysis.budget_exceeded when the tables would pass kMaxIntentionBytes.
  IntentionSearch(const scim::Scim& scim, const scim::Evaluator& base, const scim::Policy& policy,
                  const std::vector<const scim::Policy*>& reference,
                  std::uint64_t budget = std::uint64_t{1} << 22,
                  Minimality minimality = Minimality::kSameAlternative,
                  const ProgressCallback& progress = {});

  // Whether O_π(e) is intentionally caused, with a witness for the first alternative (in reference
  // order) that shows it. `outcomes` are variable indices.
  bool intends(const std::vector<int>& outcomes, std::uint64_t setting, IntentionWitness* witness);
  // The same relative to one alternative π̂ (an index into the reference policies).
  bool intends_relative_to(std::size_t alternative, const std::vector<int>& outcomes, std::uint64_t setting,
                           IntentionWitness* witness);

  // Behavioural intention (Def. 20) of the rational oracle Γ of Theorem 21: Γ picks an optimal
  // policy and keeps π only while π is strictly better than every alternative (assumption 2), so
  // Γ(M_{Y_π|W}) ≠ π exactly when some alternative satisfies Eq. 2. Here (Y, W) must be minimal for
  // that union: no proper subset may make *any* alternative as good (the any-alternative reading
  // of Def. 13). With the reference set being every other deterministic policy, this is Γ's
  // behavioural intention. Requires π strictly optimal (else Γ(M) ≠ π already); see
  // rational_oracle_keeps_policy().
  bool behaviourally_intends(const std::vector<int>& outcomes, std::uint64_t setting,
                             IntentionWitness* witness);
  // Whether π is strictly better than every alternative, so that the rational oracle follows it.
  bool rational_oracle_keeps_policy() const;

  // The summary's verdict on candidate `candidate` (an index into candidates()) in `setting`: the
  // alternatives relative to which its outcome is intended, in reference order (`behavioural`: the
  // rational oracle's, the first only), and the compact witness of the first, listing at most
  // `shown` settings per variable. Answers once per class of interchangeable settings.
  void summarize(std::size_t candidate, std::uint64_t setting, bool behavioural, std::size_t shown,
                 std::vector<int>* alternatives, CompactWitness* witness);

  double expected_utility() const { return expected_utility_; }
  double tolerance() const { return tolerance_; }
  Minimality minimality() const { return minimality_; }
  const std::vector<int>& candidates() const { return candidates_; }
  const std::vector<AlternativeSummary>& alternatives() const { return summaries_; }
  // π's value of variable v in setting e.
  int32_t value(int v, std::uint64_t setting) const;
  // The classes of interchangeable settings the search found (settings that can gain for some
  // alternative), for reports and tests.
  std::size_t class_count() const { return classes_.size(); }
  // Whether some question's search stopped at its budget (each question, one outcome set in one
  // class of settings relative to one alternative, gets the whole budget; its "not intended" is then
  // unproven).
  bool budget_exceeded() const { return budget_exceeded_; }

 private:
  // An efficient option of a class for one alternative: a set of candidates with its gain and slack.
  struct Option {
    std::uint32_t mask = 0;  // a set of candidates (bit i: candidates_[i])
    double gain = 0;
    double slack = 0;  // gain minus the best gain of a proper subset
  };
  // A class of interchangeable settings: its members (ascending) and, per alternative, where its
  // gain table (one gain per subset of the candidates) starts in gains_, or kNone where the
  // alternative decides as π does.
  struct Class {
    std::vector<std::uint64_t> members;
    std::vector<std::uint32_t> table;  // [alternative]
  };
  // One alternative's class with efficient options, in the order the search takes them.
  struct Ranked {
    std::uint32_t cls = 0;
    std::uint32_t first = 0, end = 0;                // its options in Alternative::options
    std::uint32_t first_merged = 0, end_merged = 0;  // its types in Alternative::merged
    double max_gain = 0;
  };
  // An option as the search counts it. Without an acceptance test only the sums matter, and the
  // options of a class with the same gain and slack are one type (Alternative::merged); with one,
  // every option is a type (Alternative::unmerged).
  struct Type {
    double gain = 0;
    double slack = 0;
    std::uint32_t option = 0;  // the option it stands for (the first of its kind), in Alternative::options
    std::uint32_t rank = 0;    // its class's position in Alternative::ranked
  };
  struct Alternative {
    bool ready = false;
    double need = 0;              // what the fixings must gain for Eq. 2
    std::vector<Ranked> ranked;   // classes by largest gain (ties: class order)
    std::vector<Option> options;  // each class's by gain (then slack, then mask), in ranked order
    std::vector<Type> merged, unmerged;
    std::vector<double> reach;           // [r]: Σ members × max_gain of ranked r, r + 1, ...
    std::vector<std::uint32_t> rank_of;  // [class]: its position in `ranked`, or kNone
  };
  // How many members of a class take one option.
  struct Pick {
    std::uint32_t rank = 0;    // the class, as its position in Alternative::ranked
    std::uint32_t option = 0;  // in Alternative::options
    std::uint64_t count = 0;
  };
  // A question's answer: the option of the question's own setting and the picks of the others.
  struct Choice {
    std::uint32_t option = 0;  // in Alternative::options
    std::vector<Pick> picks;
    double gain = 0;  // Σ of the gains
  };
  // A query's answer for one class: the first alternative that intends, with its choice.
  struct Asked {
    int alternative = -1;
    Choice choice;
  };
  // The summary's answers for one candidate in one class: the alternatives that intend, the first's
  // choice, and what its compact witness takes from the other classes (per candidate: how many
  // settings, and the lowest of them).
  struct Summary {
    bool known = false;
    std::vector<int> alternatives;
    Choice first;
    std::vector<std::uint64_t> other_count;
    std::vector<std::vector<std::uint64_t>> other_first;
  };
  // A node of extend()'s walk: the type whose count it chooses, with the next count to try (counts go
  // down) and the totals of the set that reached it.
  struct Frame {
    std::uint32_t type = 0;
    std::uint64_t used = 0;  // members of the type's class taken by earlier types of that class
    std::int64_t next = 0;
    double sum = 0;
    double slack = 0;  // the least slack so far
  };

  void prepare_classes(const scim::Policy& policy, std::uint64_t bytes, const ProgressCallback& progress);
  void prepare(std::size_t a);
  std::uint32_t class_of(std::uint64_t setting) const { return class_of_[setting]; }
  // The candidate mask of `outcomes`, or 0 if one of them is not a candidate.
  std::uint32_t mask_of(const std::vector<int>& outcomes) const;
  // Under the any-alternative reading (or for the rational oracle) a set must pass
  // minimal_for_every_alternative too.
  bool accepting(bool behavioural) const { return behavioural || minimality_ == Minimality::kAnyAlternative; }
  bool first_intending(std::uint32_t mask, std::uint64_t setting, bool accept, IntentionWitness* witness);
  // Searches a minimal set for alternative a holding `outcome_mask` in a setting of class `cls`;
  // with `accept`, the set must also be minimal for every other alternative.
  bool search(std::size_t a, std::uint32_t outcome_mask, std::uint32_t cls, bool accept, Choice* choice);
  bool extend(std::size_t a, const std::vector<Type>& types, std::uint32_t own_rank, std::uint32_t own_option,
              bool accept, Choice* choice, bool* exhausted);
  // Whether no proper subset of the set in trial_ with the own option (made for alternative a in a
  // setting of class `cls`) satisfies Eq. 2 for another alternative.
  bool minimal_for_every_alternative(std::size_t a, std::uint32_t cls, std::uint32_t own_option) const;
  // The best gain of any subset of `mask`, and of any proper subset, in a gain table.
  static void best_of_subsets(const double* gains, std::uint32_t mask, double* best, double* best_proper);
  // Calls block(mask, members, from, count, own) for each pick of a choice: members[from, from +
  // count) of its class take the option's mask (for the question's own class `cls`, members
  // counted without the question's setting).
  template <class Block>
  void for_each_block(const Alternative& alt, std::uint32_t cls, const Choice& choice, Block&& block) const;
  void expand(std::size_t a, std::uint64_t setting, const Choice& choice, IntentionWitness* witness) const;
  void settle_compact(std::size_t a, std::uint32_t cls, Summary* s) const;
  void compact(std::uint64_t setting, const Summary& s, std::size_t shown, CompactWitness* witness) const;

  const scim::Scim& scim_;
  const scim::Evaluator& base_;
  std::vector<const scim::Policy*> reference_;
  Minimality minimality_;
  std::vector<int> candidates_;
  std::size_t subsets_ = 1;              // 2^|candidates|
  std::vector<int32_t> policy_values_;   // [setting * n + v]
  std::vector<std::uint32_t> class_of_;  // [setting], kNone where no alternative can gain
  std::vector<Class> classes_;
  std::vector<double> gains_;  // the classes' gain tables
  double expected_utility_ = 0;
  double tolerance_ = 0;
  std::vector<Alternative> prepared_;
  std::vector<AlternativeSummary> summaries_;
  std::unordered_map<std::uint64_t, Asked> asked_;  // by (class, mask, accept)
  std::vector<Summary> summary_;                    // [class], for one candidate at a time
  std::size_t summary_candidate_ = SIZE_MAX;
  bool summary_behavioural_ = false;
  std::size_t summary_shown_ = 0;
  std::vector<Frame> frames_;  // extend()'s stack, kept between questions
  std::vector<Pick> trial_;    // the set extend() tests
  std::uint64_t budget_;       // search steps per question
  std::uint64_t nodes_ = 0;    // of the current question
  bool budget_exceeded_ = false;
};

// The candidates of intention in the model `base` configures: the chance variables on a directed path from
// a decision to a utility (Theorem 17), in topological order.
std::vector<int> intention_candidates(const scim::Scim& scim, const scim::Evaluator& base);

// The maximum number of candidate variables (each setting tabulates every subset of them).
inline constexpr std::size_t kMaxIntentionCandidates = 16;
// The most memory the search's tables may take (π's values in every setting, and the gain table of
// every class of settings for every alternative that decides differently there): 256 MiB. A growing
// table may briefly take three times its size (a vector's reallocation), and the wasm module's memory
// is at most 2 GiB: at 1 GiB the module ran out of memory where the native build refused.
inline constexpr std::uint64_t kMaxIntentionBytes = std::uint64_t{1} << 28;

}  // namespace motive
