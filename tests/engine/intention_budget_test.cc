// The intention search's step budget (engine/intention/intention.h): each question gets the whole
// budget, and a search cut short answers "not intended" and says so. On the paper's examples, every
// question the search answers "intended" has a threshold: below it the answer is "not intended" with
// budget_exceeded() set, from it on the answer and the witness are those of the unbounded search. A
// witness that picks k groups of settings (a count of one option in one class of interchangeable
// settings) needs at least k steps (one per group the walk adds), so the threshold is at least k.
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <utility>
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

// A relay: coins X1..Xk (P(heads) from 0.4 up), a decision D observing X1 and X2, and for j = 1..c a
// chance Yj = [D == Xj] that utility Uj pays. Copying X1 is the policy; the alternatives copy X2, or
// always choose 1 or 0. Many settings gain the same from a fixing, so the search meets runs of equal
// options (which it passes over in one step while counting each).
std::string relay_model(int k, int c) {
  std::string v;
  for (int i = 1; i <= k; ++i) {
    std::string x = "X" + std::to_string(i);
    double h = 0.4 + 0.1 * (i - 1) / std::max(1, k - 1) * 3;
    v += "\"" + x + "\": {\"type\": \"chance\", \"domain\": [0, 1], \"noise\": {\"h\": " + std::to_string(h) +
         ", \"t\": " + std::to_string(1 - h) + "}, \"function\": \"noise == 'h' ? 1 : 0\"},\n";
  }
  v += "\"D\": {\"type\": \"decision\", \"parents\": [\"X1\", \"X2\"], \"domain\": [0, 1]}";
  for (int j = 1; j <= c; ++j) {
    std::string y = "Y" + std::to_string(j), x = "X" + std::to_string(j);
    v += ",\n\"" + y + "\": {\"type\": \"chance\", \"parents\": [\"D\", \"" + x +
         "\"], \"domain\": [0, 1], \"function\": \"D == " + x + " ? 1 : 0\"}";
    v += ",\n\"U" + std::to_string(j) + "\": {\"type\": \"utility\", \"parents\": [\"" + y +
         "\"], \"function\": \"" + y + "\"}";
  }
  return "{\"kind\": \"scim\", \"variables\": {\n" + v +
         "},\n\"policies\": {\"copy_first\": {\"D\": \"X1\"}, \"copy_second\": {\"D\": \"X2\"}, "
         "\"always_one\": {\"D\": \"1\"}, \"always_zero\": {\"D\": \"0\"}}}";
}

struct Counts {
  int questions = 0, multi_setting = 0, multi_group = 0;
};

// Checks every intended question of the model's first deterministic policy against the others.
void check_thresholds(const Scim& scim, const std::string& where, Counts* counts) {
  std::vector<const Policy*> deterministic;
  for (const Policy& p : scim.policies)
    if (p.deterministic()) deterministic.push_back(&p);
  if (deterministic.size() < 2) return;
  Evaluator base(scim);
  if (!base.enumerable()) return;
  const Policy& policy = *deterministic.front();
  std::vector<const Policy*> reference(deterministic.begin() + 1, deterministic.end());
  IntentionSearch unbounded(scim, base, policy, reference);
  ASSERT_FALSE(unbounded.budget_exceeded());
  auto ask = [&](std::uint64_t budget, std::size_t a, int v, std::uint64_t e, IntentionWitness* w,
                 bool* exceeded) {
    IntentionSearch cut(scim, base, policy, reference, budget);
    bool yes = cut.intends_relative_to(a, {v}, e, w);
    *exceeded = cut.budget_exceeded();
    return yes;
  };
  for (int v : unbounded.candidates())
    for (std::uint64_t e = 0; e < base.setting_count(); ++e)
      for (std::size_t a = 0; a < reference.size(); ++a) {
        IntentionWitness full;
        if (!unbounded.intends_relative_to(a, {v}, e, &full)) continue;
        ++counts->questions;
        const std::size_t settings = witness_settings(full).size();
        counts->multi_setting += settings > 1;
        // The least budget that answers, by bisection (answers are monotone in the budget).
        std::uint64_t low = 0, high = 1;  // low fails (or is 0), high answers
        IntentionWitness w;
        bool exceeded = false;
        while (!ask(high, a, v, e, &w, &exceeded)) {
          ASSERT_TRUE(exceeded) << where << " setting " << e << " budget " << high;
          low = high;
          high *= 2;
          ASSERT_LE(high, std::uint64_t{1} << 22) << where << ": no threshold";
        }
        while (high - low > 1) {
          std::uint64_t mid = low + (high - low) / 2;
          (ask(mid, a, v, e, &w, &exceeded) ? high : low) = mid;
        }
        ASSERT_TRUE(ask(high, a, v, e, &w, &exceeded));
        EXPECT_FALSE(exceeded);
        EXPECT_EQ(w.fixed, full.fixed) << where << " setting " << e;
        EXPECT_EQ(w.rhs, full.rhs);
        // A witness of k groups takes at least k steps, and the first step is counted.
        EXPECT_GE(high, std::max<std::size_t>(full.groups, 1)) << where << " setting " << e;
        counts->multi_group += full.groups > 1;
        for (std::uint64_t below : {high - 1, high / 2})
          if (below > 0) {
            EXPECT_FALSE(ask(below, a, v, e, &w, &exceeded))
                << where << " setting " << e << " budget " << below;
            EXPECT_TRUE(exceeded) << where << " setting " << e << " budget " << below;
          }
        EXPECT_TRUE(ask(high + 7, a, v, e, &w, &exceeded));
        EXPECT_EQ(w.fixed, full.fixed);
      }
}

Scim read_model(const std::string& text, std::size_t model = 0) {
  motive::Diagnostics diagnostics;
  auto file = motive::scim::read_scim_file(text, &diagnostics);
  EXPECT_TRUE(file) << (diagnostics.items().empty() ? "" : diagnostics.items().front().message);
  return file ? file->models.at(model) : Scim{};
}

TEST(IntentionBudget, EveryIntendedAnswerHasAThresholdBelowWhichTheSearchSaysItWasCut) {
  Counts counts;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::string(MOTIVE_SOURCE_DIR) + "/examples/intention")) {
    std::string name = entry.path().filename().string();
    motive::Diagnostics diagnostics;
    auto file = motive::scim::read_scim_file(motive::test::read_source_file("examples/intention/" + name),
                                             &diagnostics);
    ASSERT_TRUE(file) << name;
    for (const Scim& scim : file->models) check_thresholds(scim, name, &counts);
  }
  // The examples hold intended outcomes, some of them witnessed across several settings.
  EXPECT_GT(counts.questions, 20);
  EXPECT_GT(counts.multi_setting, 0);
}

TEST(IntentionBudget, RelaysWithRunsOfEqualOptionsHaveThresholdsToo) {
  Counts counts;
  for (auto [k, c] : {std::pair{4, 2}, std::pair{5, 3}, std::pair{6, 4}}) {
    std::string where = "relay k = " + std::to_string(k) + ", c = " + std::to_string(c);
    check_thresholds(read_model(relay_model(k, c)), where, &counts);
  }
  EXPECT_GT(counts.questions, 50);
  EXPECT_GT(counts.multi_setting, 20);
  EXPECT_GT(counts.multi_group, 10);
}

}  // namespace
