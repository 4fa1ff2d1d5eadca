// Seeded randomness that gives the same numbers natively and in WebAssembly: std::mt19937_64's
// output is fixed by the C++ standard, but the standard distributions' are not, so the mapping to
// doubles and choices is written here.
#pragma once

#include <algorithm>
#include <cstdint>

namespace motive::mdp {

// The 64-bit Mersenne Twister: exactly std::mt19937_64's numbers (the standard fixes them; a test
// compares the two), computed lazily. The adventures seed one generator per episode and draw a handful
// of numbers from it; libstdc++ twists all 312 words of the state on the first draw and the seeding
// fills all 312, which took two thirds of a random episode natively (libc++, under Emscripten, twists
// one word per draw). Here a draw twists one word, and the seeding runs only as far ahead as the
// twist needs (156 words ahead of it).
class Mt19937_64 {
 public:
  explicit Mt19937_64(std::uint64_t seed) : seeded_(1) { x_[0] = seed; }

  std::uint64_t operator()() {
    const int j = i_ + 1 == kN ? 0 : i_ + 1;
    const int k = i_ + kM >= kN ? i_ + kM - kN : i_ + kM;
    if (seeded_ < kN) seed_to(std::max(j, k) + 1);
    const std::uint64_t y = (x_[i_] & kUpper) | (x_[j] & kLower);
    std::uint64_t z = x_[i_] = x_[k] ^ (y >> 1) ^ ((y & 1) ? kMatrix : 0);
    i_ = j;
    z ^= (z >> 29) & 0x5555555555555555ULL;
    z ^= (z << 17) & 0x71D67FFFEDA60000ULL;
    z ^= (z << 37) & 0xFFF7EEE000000000ULL;
    return z ^ (z >> 43);
  }

 private:
  static constexpr int kN = 312, kM = 156;
  static constexpr std::uint64_t kMatrix = 0xB5026F5AA96619E9ULL;
  static constexpr std::uint64_t kUpper = 0xFFFFFFFF80000000ULL, kLower = 0x7FFFFFFFULL;

  // The seeding's words x_[seeded_ .. end − 1]. Each follows from the one before, which the twist has
  // not reached yet (it runs at least 156 words behind).
  void seed_to(int end) {
    for (; seeded_ < end; ++seeded_)
      x_[seeded_] = 6364136223846793005ULL * (x_[seeded_ - 1] ^ (x_[seeded_ - 1] >> 62)) +
                    static_cast<std::uint64_t>(seeded_);
  }

  std::uint64_t x_[kN];
  int i_ = 0;
  int seeded_;
};

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
  Mt19937_64 engine_;
};

}  // namespace motive::mdp
