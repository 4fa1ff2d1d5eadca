#!/usr/bin/env bash
# Builds everything native in Release: the CLI (build/native/motive), the engine tests, the benchmarks.
#   scripts/build-native.sh [target...]
set -euo pipefail
cd "$(dirname "$0")/.."

mkdir -p build
generator=()
if [ ! -f build/native/CMakeCache.txt ] && command -v ninja >/dev/null; then generator=(-G Ninja); fi
cmake -S . -B build/native "${generator[@]}" -DCMAKE_BUILD_TYPE=Release >build/native-configure.log 2>&1 \
  || { cat build/native-configure.log >&2; exit 1; }
if (($#)); then
  cmake --build build/native -j2 --target "$@"
else
  cmake --build build/native -j2
fi
