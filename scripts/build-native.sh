#!/usr/bin/env bash
# Builds everything native in Release: the CLI (build/native/motive), the engine tests, the benchmarks.
#   scripts/build-native.sh [target...]
set -euo pipefail
cd "$(dirname "$0")/.."

# MOTIVE_BUILD_DIR names another build directory (so that several builds can run side by side).
dir=${MOTIVE_BUILD_DIR:-build/native}
mkdir -p build
generator=()
if [ ! -f "$dir/CMakeCache.txt" ] && command -v ninja >/dev/null; then generator=(-G Ninja); fi
launcher=()
# ccache (installed by setup.sh) makes rebuilds and side-by-side build directories cheap.
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$PWD} CCACHE_NOHASHDIR=1
fi
mkdir -p "$dir"
cmake -S . -B "$dir" "${generator[@]}" "${launcher[@]}" -DCMAKE_BUILD_TYPE=Release >"$dir/configure.log" 2>&1 \
  || { cat "$dir/configure.log" >&2; exit 1; }
if (($#)); then
  cmake --build "$dir" -j2 --target "$@"
else
  cmake --build "$dir" -j2
fi
