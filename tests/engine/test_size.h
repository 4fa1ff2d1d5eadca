// The size of the slowest property tests. The sanitizer build (scripts/build-sanitize.sh, which
// defines MOTIVE_SANITIZE) runs the engine 10 to 30 times slower; there these tests check fewer random
// models, so that the whole test command stays within CI's budget. The plain build keeps the full size.
#pragma once

namespace motive::test {

constexpr int test_size(int full, [[maybe_unused]] int sanitized) {
#ifdef MOTIVE_SANITIZE
  return sanitized;
#else
  return full;
#endif
}

}  // namespace motive::test
