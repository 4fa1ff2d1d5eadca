// The intention search's node budget (engine/intention/intention.h): each question gets the whole
// budget, and a search cut short answers "not intended" and says so. On the paper's examples, every
// question the search answers "intended" has a threshold: below it the answer is "not intended" with
// budget_exceeded() set, from it on the answer and the witness are those of the unbounded search. A
// witness of k settings needs at least k nodes (one per setting the walk adds), so the threshold is
// at least k.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "api_support.h"
#include "core/diagnostics.h"
#include "intention/intention.h"
#include "scim/evaluate.h"
#include "scim/reader.h"

namespace {

using motive::IntentionSearch;
using motive::IntentionWitness;
using motive::scim::Evaluator;
using motive::scim::Policy;
using motive::scim::Scim;

// The settings a witness fixes something in.
std::set<std::uint64_t> witness_settings(const IntentionWitness& w) {
  std::set<std::uint64_t> settings;
  for (const auto& [v, list] : w.fixed) settings.insert(list.begin(), list.end());
  return settings;
}

TEST(IntentionBudget, EveryIntendedAnswerHasAThresholdBelowWhichTheSearchSaysItWasCut) {
  int questions = 0, multi_setting = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::string(MOTIVE_SOURCE_DIR) + "/examples/intention")) {
    motive::Diagnostics diagnostics;
    auto file = motive::scim::read_scim_file(
        motive::test::read_source_file("examples/intention/" + entry.path().filename().string()),
        &diagnostics);
    ASSERT_TRUE(file) << entry.path();
    for (const Scim& scim : file->models) {
      std::vector<const Policy*> deterministic;
      for (const Policy& p : scim.policies)
        if (p.deterministic()) deterministic.push_back(&p);
      if (deterministic.size() < 2) continue;
      Evaluator base(scim);
      if (!base.enumerable()) continue;
      const Policy& policy = *deterministic.front();
      std::vector<const Policy*> reference(deterministic.begin() + 1, deterministic.end());
      IntentionSearch unbounded(scim, base, policy, reference);
      ASSERT_FALSE(unbounded.budget_exceeded());
      for (int v : unbounded.candidates())
        for (std::uint64_t e = 0; e < base.setting_count(); ++e)
          for (std::size_t a = 0; a < reference.size(); ++a) {
            IntentionWitness full;
            if (!unbounded.intends_relative_to(a, {v}, e, &full)) continue;
            ++questions;
            const std::size_t settings = witness_settings(full).size();
            multi_setting += settings > 1;
            std::uint64_t budget = 1;
            for (;; ++budget) {
              ASSERT_LE(budget, 100000u) << entry.path() << ": no threshold";
              IntentionSearch cut(scim, base, policy, reference, budget);
              IntentionWitness w;
              if (cut.intends_relative_to(a, {v}, e, &w)) {
                EXPECT_FALSE(cut.budget_exceeded());
                EXPECT_EQ(w.fixed, full.fixed) << entry.path() << " setting " << e;
                EXPECT_EQ(w.rhs, full.rhs);
                break;
              }
              EXPECT_TRUE(cut.budget_exceeded()) << entry.path() << " setting " << e << " budget " << budget;
            }
            EXPECT_GE(budget, settings) << entry.path() << " setting " << e;
            // From the threshold on, more budget changes nothing.
            IntentionSearch more(scim, base, policy, reference, budget + 7);
            IntentionWitness w;
            EXPECT_TRUE(more.intends_relative_to(a, {v}, e, &w));
            EXPECT_EQ(w.fixed, full.fixed);
          }
    }
  }
  // The examples hold intended outcomes, some of them witnessed across several settings.
  EXPECT_GT(questions, 20);
  EXPECT_GT(multi_setting, 0);
}

}  // namespace
