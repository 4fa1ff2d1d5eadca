// Risk's dice (engine/game/risk/dice.h): every roll against an enumeration written here, the spec's and
// the published fractions, every battle's end states summing to 1, small battles against an exact
// rational recursion written here, larger ones against a seeded Monte Carlo of real dice.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "game/risk/dice.h"

namespace motive::game::risk {
namespace {

// ---- An independent enumeration of one roll: every list of faces, sorted with std::sort, the pairs
// compared. counts[l] of the 6^(a+d) lists where the attacker loses l.
std::vector<std::int64_t> enumerate(int a, int d) {
  std::vector<std::int64_t> counts(3, 0);
  std::vector<int> faces(static_cast<std::size_t>(a + d), 1);
  for (;;) {
    std::vector<int> attack(faces.begin(), faces.begin() + a), defend(faces.begin() + a, faces.end());
    std::sort(attack.begin(), attack.end(), std::greater<int>());
    std::sort(defend.begin(), defend.end(), std::greater<int>());
    int losses = 0;
    for (int k = 0; k < std::min(a, d); ++k) losses += defend[k] >= attack[k];
    ++counts[losses];
    std::size_t i = 0;
    while (i < faces.size() && faces[i] == 6) faces[i++] = 1;
    if (i == faces.size()) break;
    ++faces[i];
  }
  return counts;
}

TEST(RiskDice, EveryRollMatchesAnIndependentEnumerationOfItsFaces) {
  for (int a = 1; a <= 3; ++a) {
    for (int d = 1; d <= 2; ++d) {
      const Roll& r = roll(a, d);
      std::vector<std::int64_t> expected = enumerate(a, d);
      std::int64_t total = 0;
      for (std::int64_t c : expected) total += c;
      EXPECT_EQ(r.total, total) << a << "v" << d;
      EXPECT_EQ(r.total, static_cast<std::int64_t>(std::pow(6, a + d)));
      EXPECT_EQ(r.compared, std::min(a, d));
      for (int l = 0; l < 3; ++l)
        EXPECT_EQ(r.count[l], expected[l]) << a << "v" << d << " attacker loses " << l;
    }
  }
}

TEST(RiskDice, ThreeAgainstTwoGivesTheSpecsFractions) {
  // The spec (appendix C restated): attacker loses 2 with 2275/7776, each loses 1 with 2611/7776,
  // defender loses 2 with 2890/7776.
  const Roll& r = roll(3, 2);
  EXPECT_EQ(r.total, 7776);
  EXPECT_EQ(r.count[2], 2275);
  EXPECT_EQ(r.count[1], 2611);
  EXPECT_EQ(r.count[0], 2890);
}

TEST(RiskDice, SmallRollsGiveThePublishedOdds) {
  // The classical one-roll odds (e.g. Osborne, "Markov chains for the RISK board game revisited",
  // Mathematics Magazine 2003, table 1): attacker wins 1v1 15/36, 2v1 125/216, 3v1 855/1296, 1v2 55/216;
  // 2v2: the defender loses 2 with 295/1296, each 1 with 420/1296, the attacker 2 with 581/1296.
  EXPECT_EQ(roll(1, 1).count[0], 15);
  EXPECT_EQ(roll(2, 1).count[0], 125);
  EXPECT_EQ(roll(3, 1).count[0], 855);
  EXPECT_EQ(roll(1, 2).count[0], 55);
  EXPECT_EQ(roll(2, 2).count[0], 295);
  EXPECT_EQ(roll(2, 2).count[1], 420);
  EXPECT_EQ(roll(2, 2).count[2], 581);
}

TEST(RiskDice, EveryBattleOfTheTableSumsToOneAndAgreesWithTheProgramme) {
  std::vector<double> end;
  for (int a = 1; a <= kBattleTableSize; ++a) {
    for (int d = 1; d <= kBattleTableSize; ++d) {
      const double* row = battle_table_row(a, d);
      ASSERT_NE(row, nullptr);
      end.assign(static_cast<std::size_t>(a + d), 0.0);
      battle_distribution(a, d, end.data());
      double sum = 0, conquest = 0;
      for (int k = 0; k < a + d; ++k) {
        EXPECT_GE(row[k], 0.0);
        EXPECT_NEAR(row[k], end[static_cast<std::size_t>(k)], 1e-13) << a << "v" << d << " end " << k;
        sum += row[k];
        if (k < a) conquest += row[k];
      }
      EXPECT_NEAR(sum, 1.0, 1e-12) << a << "v" << d;
      EXPECT_NEAR(conquest_probability(a, d), conquest, 1e-13);
    }
  }
  EXPECT_EQ(battle_table_row(kBattleTableSize + 1, 3), nullptr);
}

TEST(RiskDice, LargeBattlesSumToOne) {
  for (auto [a, d] :
       std::vector<std::pair<int, int>>{{65, 3}, {200, 150}, {1000, 1000}, {1, 1000}, {1000, 1}}) {
    std::vector<double> end(static_cast<std::size_t>(a + d));
    battle_distribution(a, d, end.data());
    double sum = 0;
    for (double p : end) {
      EXPECT_GE(p, 0.0);
      sum += p;
    }
    EXPECT_NEAR(sum, 1.0, 1e-9) << a << "v" << d;
    // The kept copy answers the same.
    EXPECT_EQ(battle_probability(a, d, 0), end[0]);
    EXPECT_EQ(battle_probability(a, d, a + d - 1), end.back());
  }
}

// ---- An exact recursion with rationals over powers of 6: every probability of a battle of at most 4
// a side is n / 6^e with e ≤ 35, which fits an unsigned 128-bit integer.
__extension__ typedef unsigned __int128 u128;

struct Fraction {
  u128 numerator = 0;
  int exponent = 0;  // the denominator is 6^exponent
};

u128 power6(int e) {
  u128 x = 1;
  for (int k = 0; k < e; ++k) x *= 6;
  return x;
}

Fraction add(Fraction x, Fraction y) {
  if (x.exponent < y.exponent) std::swap(x, y);
  return {x.numerator + y.numerator * power6(x.exponent - y.exponent), x.exponent};
}

double value(const Fraction& f) {
  return static_cast<double>(static_cast<long double>(f.numerator) /
                             static_cast<long double>(power6(f.exponent)));
}

// end[(left, conquered)] of a battle from (a, d): the probability of each end state, by recursion over
// the rolls with the counts of this file's enumeration.
std::map<std::pair<int, bool>, Fraction> exact_battle(int a, int d) {
  std::map<std::pair<int, bool>, Fraction> out;
  std::function<void(int, int, Fraction)> go = [&](int x, int y, Fraction p) {
    if (y == 0) {
      out[{x, true}] = add(out[{x, true}], p);
      return;
    }
    if (x == 0) {
      out[{y, false}] = add(out[{y, false}], p);
      return;
    }
    const int ad = std::min(3, x), dd = std::min(2, y), c = std::min(ad, dd);
    std::vector<std::int64_t> counts = enumerate(ad, dd);
    for (int l = 0; l <= c; ++l) {
      if (counts[l] == 0) continue;
      go(x - l, y - (c - l), {p.numerator * static_cast<u128>(counts[l]), p.exponent + ad + dd});
    }
  };
  go(a, d, {1, 0});
  return out;
}

TEST(RiskDice, SmallBattlesMatchAnExactRationalRecursion) {
  for (int a = 1; a <= 4; ++a) {
    for (int d = 1; d <= 4; ++d) {
      std::map<std::pair<int, bool>, Fraction> exact = exact_battle(a, d);
      Fraction total;
      for (const auto& [key, f] : exact) total = add(total, f);
      EXPECT_EQ(total.numerator, power6(total.exponent)) << "the exact end states of " << a << "v" << d;
      const double* row = battle_table_row(a, d);
      for (int k = 0; k < a + d; ++k) {
        const bool conquered = k < a;
        const int left = conquered ? k + 1 : k - a + 1;
        auto it = exact.find({left, conquered});
        const double expected = it == exact.end() ? 0.0 : value(it->second);
        EXPECT_NEAR(row[k], expected, 1e-15)
            << a << "v" << d << (conquered ? " conquered with " : " held with ") << left;
      }
    }
  }
  // One by hand: 1 against 1 is one roll, the attacker winning 15 of 36.
  EXPECT_NEAR(conquest_probability(1, 1), 15.0 / 36.0, 1e-16);
}

// ---- A seeded Monte Carlo of real dice: the probability of conquering and the armies left.
TEST(RiskDice, LargerBattlesMatchASeededMonteCarloWithinFourStandardErrors) {
  std::mt19937_64 rng(20261127);
  std::uniform_int_distribution<int> die(1, 6);
  for (auto [a0, d0] : std::vector<std::pair<int, int>>{{10, 10}, {15, 12}, {12, 18}, {20, 20}}) {
    constexpr int kBattles = 100000;
    int conquests = 0;
    double left_sum = 0, left_squares = 0;
    for (int b = 0; b < kBattles; ++b) {
      int a = a0, d = d0;
      while (a > 0 && d > 0) {
        std::vector<int> attack(static_cast<std::size_t>(std::min(3, a))),
            defend(static_cast<std::size_t>(std::min(2, d)));
        for (int& x : attack) x = die(rng);
        for (int& x : defend) x = die(rng);
        std::sort(attack.begin(), attack.end(), std::greater<int>());
        std::sort(defend.begin(), defend.end(), std::greater<int>());
        for (std::size_t k = 0; k < std::min(attack.size(), defend.size()); ++k)
          (defend[k] >= attack[k] ? a : d) -= 1;
      }
      if (d == 0) {
        ++conquests;
        left_sum += a;
        left_squares += static_cast<double>(a) * a;
      }
    }
    const double p = conquest_probability(a0, d0);
    const double f = static_cast<double>(conquests) / kBattles;
    EXPECT_NEAR(f, p, 4 * std::sqrt(p * (1 - p) / kBattles)) << a0 << "v" << d0;
    // The mean armies left when the attacker conquers.
    const double* row = battle_table_row(a0, d0);
    double mean = 0;
    for (int k = 0; k < a0; ++k) mean += row[k] * (k + 1) / p;
    const double sample_mean = left_sum / conquests;
    const double sd = std::sqrt(left_squares / conquests - sample_mean * sample_mean);
    EXPECT_NEAR(sample_mean, mean, 4 * sd / std::sqrt(conquests)) << a0 << "v" << d0;
  }
}

}  // namespace
}  // namespace motive::game::risk
