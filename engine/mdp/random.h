// Seeded randomness that gives the same numbers natively and in WebAssembly: std::mt19937_64's
// output is fixed by the C++ standard, but the standard distributions' are not, so the mapping to
// doubles and choices is written here.
#pragma once

#include <cstdint>
#include <random>

namespace motive::mdp {

class Random {
 public:
  explicit Random(std::uint64_t seed) : engine_(seed) {}

  // Uniform in [0, 1), with 53 random bits.
  double uniform() { return static_cast<double>(engine_() >> 11) * 0x1.0p-53; }

  // Uniform in {0, ..., n−1} (n ≥ 1; n is small here, so the bias of scaling is below 2^-40).
  int below(int n) {
    int k = static_cast<int>(uniform() * n);
    return k < n ? k : n - 1;
  }

  // An index drawn from probabilities p(0..n−1) that sum to 1 (the last index of positive
  // probability absorbs rounding).
  template <class Probability>
  int pick(int n, Probability&& p) {
    double u = uniform(), sum = 0;
    int last = n - 1;
    for (int i = 0; i < n; ++i) {
      double pi = p(i);
      if (pi <= 0) continue;
      last = i;
      sum += pi;
      if (u < sum) return i;
    }
    return last;
  }

 private:
  std::mt19937_64 engine_;
};

}  // namespace motive::mdp
