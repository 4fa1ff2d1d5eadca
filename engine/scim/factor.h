// Factors for exact inference on a SCIM's factor graph (scim/inference.h).
//
// Contract:
//   - A factor is a function of a few variables with small integer domains, stored as a flat array in
//     row-major order over its variables in ascending id order (the last variable varies fastest).
//   - Entries are pairs (p, e) of the expectation semiring: p is a probability (or a 0/1 indicator),
//     e is the part of an expected utility carried by that entry. Products combine
//     (p1, e1)·(p2, e2) = (p1 p2, p1 e2 + e1 p2); sums add both parts. A utility's factor holds
//     (P(u | pa), P(u | pa)·u), so that eliminating every variable from the product of all factors
//     leaves (total probability, expected utility). A factor with no utility keeps `e` empty (all zero),
//     which halves the work where utilities are absent.
//   - `child` names the variable the factor is a conditional distribution of (its p sums to one over
//     that variable for every configuration of the others), or -1. It lets the eliminator drop
//     barren variables without computing anything.
//   - Nothing here throws except std::bad_alloc; sizes are bounded by the caller (kMaxFactorSize).
#pragma once

#include <cstdint>
#include <vector>

namespace motive::scim {

// The largest factor the eliminator builds: 2^24 entries, like the enumeration's bound on settings.
inline constexpr double kMaxFactorSize = static_cast<double>(std::uint64_t{1} << 24);

struct Factor {
  std::vector<int> variables;  // ascending
  std::vector<int> sizes;      // the domain size of each variable
  std::vector<double> p;       // probability part, one entry per joint configuration
  std::vector<double> e;       // expected-utility part; empty means zero everywhere
  int child = -1;

  std::size_t size() const { return p.size(); }
  // The stride of variable v in the flat arrays, 0 if the factor does not depend on v.
  std::size_t stride_of(int v) const;
};

// The number of joint configurations of a scope, as a double (it may not fit an integer).
double scope_size(const std::vector<int>& variables, const std::vector<int>& domain_sizes);

// Π factors, then Σ over `eliminated` (-1: nothing), in one pass over the union of their scopes.
// `domain_sizes` gives every variable's domain size by id.
Factor multiply_and_sum(const std::vector<const Factor*>& factors, int eliminated,
                        const std::vector<int>& domain_sizes);

// The entries of `factor` rearranged into the order of `variables` (which must be its scope, in any
// order; the last varies fastest), part `p` or `e` (zero where `e` is empty).
std::vector<double> arrange(const Factor& factor, const std::vector<int>& variables, bool expectation);

}  // namespace motive::scim
