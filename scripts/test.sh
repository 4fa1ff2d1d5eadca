#!/usr/bin/env bash
# Runs every test suite: installs what is missing (scripts/setup.sh), builds natively and runs the
# engine's tests (ctest), builds the engine's tests and the fuzzers with ASan and UBSan and runs them
# (ctest in build/sanitize, then each fuzz target for 15 s: scripts/fuzz.sh), builds the wasm module
# and runs its tests (node --test tests/wasm), builds the page and runs the browser tests
# (npm --prefix web test), runs the Python package's suite and notebooks (pytest tests/python, on
# .venv), and checks the code style (scripts/format.sh --check). Goes on past a
# failing suite, then closes with one line `all: N passed, M failed`; exits non-zero if anything failed.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1

logs=build/test-logs
passed=0
failed=0
summary=()

step() { printf '\n==== %s\n' "$*"; }
# record NAME PASSED FAILED
record() {
  passed=$((passed + $2))
  failed=$((failed + $3))
  summary+=("$(printf '  %-22s %5d passed %5d failed' "$1" "$2" "$3")")
}
finish() {
  printf '\n==== summary\n'
  printf '%s\n' "${summary[@]}"
  echo "all: $passed passed, $failed failed"
  exit $((failed > 0 ? 1 : 0))
}
# run_ctest NAME DIR: runs the ctest suite of a build directory, records its counts.
run_ctest() {
  local name=$1 dir=$2 log=$logs/$(basename "$2")-ctest.log
  ctest --test-dir "$dir" --output-on-failure -j2 --timeout 900 2>&1 | tee "$log"
  local rc=${PIPESTATUS[0]}
  local line total bad
  line=$(grep -aE 'tests passed, [0-9]+ tests? failed out of [0-9]+' "$log" | tail -1)
  if [ -n "$line" ]; then
    total=$(sed -E 's/.*out of ([0-9]+).*/\1/' <<<"$line")
    bad=$(sed -E 's/.*passed, ([0-9]+) tests? failed.*/\1/' <<<"$line")
    if [ "$rc" -ne 0 ] && [ "$bad" -eq 0 ]; then bad=1; fi
    record "$name" $((total - bad)) "$bad"
  else
    echo "test: ctest ran no test in $dir" >&2
    record "$name" 0 1
  fi
}
# Counts from node's test runner (spec "ℹ pass 3" or TAP "# pass 3"); cancelled tests count as failed.
node_count() { # LOG WHAT
  grep -aE "^(ℹ|#) $2 [0-9]+\$" "$1" | tail -1 | awk '{print $3}'
}
# run_node_suite NAME LOG COMMAND...: runs a suite of node's test runner, records its counts.
run_node_suite() {
  local name=$1 log=$2
  shift 2
  "$@" 2>&1 | tee "$log"
  local rc=${PIPESTATUS[0]}
  local p f c
  p=$(node_count "$log" pass)
  f=$(node_count "$log" fail)
  c=$(node_count "$log" cancelled)
  if [ -z "$p" ] || [ -z "$f" ]; then
    # No counts: judge by the exit code alone.
    if [ "$rc" -eq 0 ]; then record "$name" 1 0; else record "$name" 0 1; fi
  else
    f=$((f + ${c:-0}))
    # A runner that failed outside any test still fails the suite.
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
    record "$name" "$p" "$f"
  fi
}

step "setup"
if ! scripts/setup.sh; then
  echo "test: scripts/setup.sh failed" >&2
  record setup 0 1
  finish
fi
mkdir -p "$logs"

step "native build"
SECONDS=0
if scripts/build-native.sh; then
  echo "native build: ${SECONDS}s"
  step "native tests (ctest)"
  run_ctest "native (ctest)" build/native
  # The Python package (built with the rest, into build/native/python) and its notebooks, on the
  # set-up's environment (.venv: Debian's python with its site packages).
  step "python tests (pytest tests/python)"
  SECONDS=0
  .venv/bin/python -m pytest tests/python -q -p no:cacheprovider 2>&1 | tee "$logs/python.log"
  rc=${PIPESTATUS[0]}
  line=$(grep -aE '^=*.*[0-9]+ (passed|failed|error)' "$logs/python.log" | tail -1)
  p=$(grep -oE '[0-9]+ passed' <<<"$line" | awk '{print $1}')
  f=$(($(grep -oE '[0-9]+ failed' <<<"$line" | awk '{print $1}' || true) + 0))
  e=$(($(grep -oE '[0-9]+ errors?' <<<"$line" | awk '{print $1}' || true) + 0))
  f=$((f + e))
  if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
  record "python (pytest)" "${p:-0}" "$f"
  echo "python tests: ${SECONDS}s"
else
  record "native build" 0 1
fi

# The engine's tests and the fuzzers under AddressSanitizer and UndefinedBehaviorSanitizer (clang):
# one instrumented engine library for both; the slowest property tests run at a smaller size.
step "sanitizer build (ASan + UBSan)"
SECONDS=0
if scripts/build-sanitize.sh; then
  echo "sanitizer build: ${SECONDS}s"
  step "sanitizer tests (ctest in build/sanitize)"
  SECONDS=0
  run_ctest "sanitize (ctest)" build/sanitize
  echo "sanitizer tests: ${SECONDS}s"
  step "fuzzers (15 s each)"
  scripts/fuzz.sh --seconds 15 --no-build 2>&1 | tee "$logs/fuzz.log"
  line=$(grep -aE '^fuzz: [0-9]+ passed, [0-9]+ failed$' "$logs/fuzz.log" | tail -1)
  if [ -n "$line" ]; then
    record "fuzz (15 s each)" "$(awk '{print $2}' <<<"$line")" "$(awk '{print $4}' <<<"$line")"
  else
    record "fuzz (15 s each)" 0 1
  fi
else
  record "sanitizer build" 0 1
fi

step "wasm build"
SECONDS=0
if scripts/build-wasm.sh; then
  echo "wasm build: ${SECONDS}s"
  step "wasm tests (node --test tests/wasm)"
  run_node_suite "wasm (node)" "$logs/wasm.log" \
    node --test --test-reporter=spec tests/wasm/*.test.mjs
else
  record "wasm build" 0 1
fi

step "page"
if [ -f web/package.json ]; then
  if npm --prefix web run build; then
    step "page tests (npm --prefix web test)"
    run_node_suite "page (browser)" "$logs/web.log" npm --prefix web test
  else
    record "page build" 0 1
  fi
else
  echo "test: web/package.json does not exist yet: skipping the page's build and tests"
fi

# The code style: clang-format (engine, cli, wasm, tests, bench) and Prettier (the page and its tests).
step "code style (scripts/format.sh --check)"
if scripts/format.sh --check; then record "format" 1 0; else record "format" 0 1; fi

finish
