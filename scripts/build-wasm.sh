#!/usr/bin/env bash
# Builds the wasm module with Debian's Emscripten: build/wasm/motive_wasm.js (the engine for the page
# and Node: one file, the wasm inlined) and build/wasm/motive_wasm_bench.js (the benchmark harness).
#   scripts/build-wasm.sh [target...]     e.g. scripts/build-wasm.sh motive_wasm
set -euo pipefail
cd "$(dirname "$0")/.."

command -v emcmake >/dev/null || { echo "build-wasm: emcmake not found; run scripts/setup.sh" >&2; exit 1; }

# Debian's Emscripten runs its JS optimiser with the system's node packages (acorn, terser).
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}

# Emscripten's sysroot cannot see /usr/include: give it a folder holding only the header-only
# libraries the engine uses.
inc=build/wasm-include
mkdir -p "$inc"
link() {
  local target=$1 name=$2
  [ -e "$target" ] || { echo "build-wasm: $target is missing; run scripts/setup.sh" >&2; exit 1; }
  [ "$(readlink "$inc/$name" 2>/dev/null)" = "$target" ] || ln -sfn "$target" "$inc/$name"
}
link /usr/include/nlohmann nlohmann
link /usr/include/eigen3/Eigen Eigen
link /usr/include/eigen3/unsupported unsupported

mkdir -p build
generator=()
if [ ! -f build/wasm/CMakeCache.txt ] && command -v ninja >/dev/null; then generator=(-G Ninja); fi
emcmake cmake -S . -B build/wasm "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
  -DMOTIVE_WASM_INCLUDE="$PWD/$inc" >build/wasm-configure.log 2>&1 \
  || { cat build/wasm-configure.log >&2; exit 1; }

targets=("$@")
((${#targets[@]})) || targets=(motive_wasm motive_wasm_bench)
cmake --build build/wasm -j2 --target "${targets[@]}"
for target in "${targets[@]}"; do
  if [ -f "build/wasm/$target.js" ]; then
    echo "build-wasm: build/wasm/$target.js ($(stat -c %s "build/wasm/$target.js") bytes)"
  fi
done
