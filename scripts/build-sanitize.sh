#!/usr/bin/env bash
# Builds the engine's tests, the CLI and the fuzzers with clang and AddressSanitizer +
# UndefinedBehaviorSanitizer into build/sanitize: one instrumented engine library (also carrying
# libFuzzer's coverage) linked by build/sanitize/motive_tests, the CLI build/sanitize/motive (to reproduce
# a crash report as a user met it: build/sanitize/motive analyze MODEL ANALYSIS ...), the fuzz targets
# build/sanitize/fuzz/<name> and their replay binaries.
#   scripts/build-sanitize.sh [target...]     default: motive_tests, motive, every fuzzer and their replays
# The tests run with `ctest --test-dir build/sanitize`, the fuzzers with scripts/fuzz.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

cxx=$(command -v clang++-14 || command -v clang++ || true)
[ -n "$cxx" ] || { echo "build-sanitize: clang++ not found; run scripts/setup.sh" >&2; exit 1; }

dir=${MOTIVE_SANITIZE_DIR:-build/sanitize}
mkdir -p "$dir"
generator=()
if [ ! -f "$dir/CMakeCache.txt" ] && command -v ninja >/dev/null; then generator=(-G Ninja); fi
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$PWD} CCACHE_NOHASHDIR=1
fi
linker=()
# lld links the instrumented binaries several times faster than ld.bfd.
if command -v ld.lld >/dev/null; then linker=(-DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld); fi
# -O1: the sanitizers' usual level, which compiles far faster than -O3 and keeps stacks readable.
# Warnings are the plain build's business (GCC, -Werror): this build looks for memory errors and
# undefined behaviour only.
cmake -S . -B "$dir" "${generator[@]}" "${launcher[@]}" "${linker[@]}" -DCMAKE_CXX_COMPILER="$cxx" \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE=-O1 -DMOTIVE_SANITIZE=ON -DMOTIVE_WERROR=OFF \
  >"$dir/configure.log" 2>&1 || { cat "$dir/configure.log" >&2; exit 1; }
if (($#)); then
  cmake --build "$dir" -j2 --target "$@"
else
  cmake --build "$dir" -j2 --target motive_tests motive motive_fuzzers motive_fuzz_replays
fi
