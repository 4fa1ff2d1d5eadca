#include "game/risk/dice.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <utility>

namespace motive::game::risk {

namespace {

// Sorts a few dice from the highest (insertion: GCC 12 warns falsely about std::sort on 2 or 3 ints).
void sort_down(int* dice, int n) {
  for (int i = 1; i < n; ++i) {
    for (int j = i; j > 0 && dice[j] > dice[j - 1]; --j) std::swap(dice[j], dice[j - 1]);
  }
}

// Every roll, by enumerating the 6^(a+d) faces: each side's dice sorted from the highest, the first
// min(a, d) pairs compared, the defender winning ties.
std::array<std::array<Roll, kMaxDefenderDice + 1>, kMaxAttackerDice + 1> enumerate_rolls() {
  std::array<std::array<Roll, kMaxDefenderDice + 1>, kMaxAttackerDice + 1> rolls{};
  for (int a = 1; a <= kMaxAttackerDice; ++a) {
    for (int d = 1; d <= kMaxDefenderDice; ++d) {
      Roll& r = rolls[a][d];
      r.attacker_dice = a;
      r.defender_dice = d;
      r.compared = std::min(a, d);
      r.total = 1;
      for (int k = 0; k < a + d; ++k) r.total *= 6;
      for (std::int64_t face = 0; face < r.total; ++face) {
        int attack[kMaxAttackerDice] = {}, defend[kMaxDefenderDice] = {};
        std::int64_t rest = face;
        for (int k = 0; k < a; ++k, rest /= 6) attack[k] = static_cast<int>(rest % 6) + 1;
        for (int k = 0; k < d; ++k, rest /= 6) defend[k] = static_cast<int>(rest % 6) + 1;
        sort_down(attack, a);
        sort_down(defend, d);
        int attacker_losses = 0;
        for (int k = 0; k < r.compared; ++k) attacker_losses += attack[k] <= defend[k];
        ++r.count[attacker_losses];
      }
    }
  }
  return rolls;
}

// The table of every battle up to kBattleTableSize a side, by the backward recursion
//   end(a, d) = Σ_l P(the attacker loses l) · end(a − l, d − (c − l)),
// each smaller battle's end states re-indexed into (a, d)'s; built in increasing a, then d, so that
// every battle it reads is already there.
class BattleTable {
 public:
  BattleTable() {
    constexpr int n = kBattleTableSize;
    std::size_t size = 0;
    for (int a = 1; a <= n; ++a) {
      for (int d = 1; d <= n; ++d) {
        offset_[a][d] = size;
        size += static_cast<std::size_t>(a + d);
      }
    }
    values_.assign(size, 0.0);
    for (int a = 1; a <= n; ++a) {
      for (int d = 1; d <= n; ++d) {
        double* end = &values_[offset_[a][d]];
        const Roll& r = roll(attacker_dice(a), defender_dice(d));
        for (int l = 0; l <= r.compared; ++l) {
          const double p = r.probability(l);
          const int a2 = a - l, d2 = d - (r.compared - l);
          if (d2 == 0) {
            end[a2 - 1] += p;  // conquered with a2 left
          } else if (a2 == 0) {
            end[a + d2 - 1] += p;  // held with d2 left
          } else {
            const double* next = &values_[offset_[a2][d2]];
            for (int k = 0; k < a2; ++k) end[k] += p * next[k];
            for (int k = a2; k < a2 + d2; ++k) end[a + k - a2] += p * next[k];
          }
        }
        for (int k = 0; k < a; ++k) conquest_[a][d] += end[k];
      }
    }
  }
  const double* row(int a, int d) const { return &values_[offset_[a][d]]; }
  double conquest(int a, int d) const { return conquest_[a][d]; }

 private:
  std::size_t offset_[kBattleTableSize + 1][kBattleTableSize + 1] = {};
  double conquest_[kBattleTableSize + 1][kBattleTableSize + 1] = {};
  std::vector<double> values_;
};

const BattleTable& table() {
  static const BattleTable t;
  return t;
}

// Battles beyond the table, computed on demand. The last ones are kept (up to about 4 MB), so a
// chance node asked for each of its outcomes' probabilities computes its battle once.
class LargeBattles {
 public:
  double probability(int a, int d, int k) {
    std::lock_guard<std::mutex> lock(mutex_);
    return find(a, d)[static_cast<std::size_t>(k)];
  }
  double conquest(int a, int d) {
    std::lock_guard<std::mutex> lock(mutex_);
    const std::vector<double>& end = find(a, d);
    double sum = 0;
    for (int k = 0; k < a; ++k) sum += end[static_cast<std::size_t>(k)];
    return sum;
  }

 private:
  static constexpr std::size_t kKept = std::size_t{1} << 19;  // doubles

  const std::vector<double>& find(int a, int d) {
    auto it = kept_.find({a, d});
    if (it != kept_.end()) return it->second;
    std::vector<double> end(static_cast<std::size_t>(a + d));
    battle_distribution(a, d, end.data());
    if (size_ + end.size() > kKept) {
      kept_.clear();
      size_ = 0;
    }
    size_ += end.size();
    return kept_.emplace(std::make_pair(a, d), std::move(end)).first->second;
  }

  std::mutex mutex_;
  std::map<std::pair<int, int>, std::vector<double>> kept_;
  std::size_t size_ = 0;
};

LargeBattles& large_battles() {
  static LargeBattles kept;
  return kept;
}

}  // namespace

const Roll& roll(int attacker_dice, int defender_dice) {
  static const auto rolls = enumerate_rolls();
  return rolls[attacker_dice][defender_dice];
}

// The forward programme: the probability mass of every (a, d) still fighting, pushed down roll by roll
// from (A, D). A roll lowers a by l ≤ 2 and d by c − l, so row a of the grid is final once rows
// a + 1, a + 2 are done, and within row a, once the larger d are: three rows of D + 1 are enough.
void battle_distribution(int attackers, int defenders, double* out, const Context* context) {
  const int A = attackers, D = defenders;
  std::fill(out, out + A + D, 0.0);
  std::vector<double> rows[3];
  for (auto& r : rows) r.assign(static_cast<std::size_t>(D) + 1, 0.0);
  rows[A % 3][static_cast<std::size_t>(D)] = 1.0;
  for (int a = A; a >= 1; --a) {
    if (context && (A - a) % 64 == 0) context->report(static_cast<double>(A - a) / A);
    std::vector<double>& row = rows[a % 3];
    for (int d = D; d >= 1; --d) {
      const double m = row[static_cast<std::size_t>(d)];
      if (m == 0) continue;
      const Roll& r = roll(attacker_dice(a), defender_dice(d));
      for (int l = 0; l <= r.compared; ++l) {
        const double p = m * r.probability(l);
        const int a2 = a - l, d2 = d - (r.compared - l);
        if (d2 == 0) {
          out[a2 - 1] += p;
        } else if (a2 == 0) {
          out[A + d2 - 1] += p;
        } else {
          rows[a2 % 3][static_cast<std::size_t>(d2)] += p;
        }
      }
    }
    std::fill(row.begin(), row.end(), 0.0);  // becomes row a − 3
  }
}

const double* battle_table_row(int attackers, int defenders) {
  if (attackers > kBattleTableSize || defenders > kBattleTableSize) return nullptr;
  return table().row(attackers, defenders);
}

double battle_probability(int attackers, int defenders, int k) {
  if (const double* row = battle_table_row(attackers, defenders)) return row[k];
  return large_battles().probability(attackers, defenders, k);
}

double conquest_probability(int attackers, int defenders) {
  if (attackers <= kBattleTableSize && defenders <= kBattleTableSize)
    return table().conquest(attackers, defenders);
  return large_battles().conquest(attackers, defenders);
}

}  // namespace motive::game::risk
