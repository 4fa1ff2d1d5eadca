#!/usr/bin/env bash
# Runs every libFuzzer target of tests/fuzz/ (built by scripts/build-sanitize.sh, with ASan and UBSan)
# for a while, one after another, and prints each target's executions and speed:
#
#   scripts/fuzz.sh [--minutes N | --seconds N] [--target NAME] [--no-build]
#
# N is per target (default: 10 minutes each). The corpus grows in build/fuzz-corpus/<target>/ from the
# seeds (build/sanitize/fuzz-seeds/, gathered at build time) and the regressions
# (tests/fuzz/regressions/<target>/). A crash, a sanitizer report, a broken promise (tests/fuzz/fuzz_checks.h),
# a hang over 30 s or memory over 2.5 GB fails the target: the input is saved in
# build/fuzz-artifacts/<target>/, and belongs in tests/fuzz/regressions/<target>/ once fixed
# (tests/fuzz/README.md). Ends with `fuzz: N passed, M failed`; exits non-zero if a target failed.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1

seconds=600
only=""
build=1
while (($#)); do
  case $1 in
    --minutes) seconds=$((${2:?--minutes needs a number} * 60)); shift 2 ;;
    --seconds) seconds=${2:?--seconds needs a number}; shift 2 ;;
    --target) only=${2:?--target needs a name}; shift 2 ;;
    --no-build) build=0; shift ;;
    -h | --help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "fuzz: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done

dir=${MOTIVE_SANITIZE_DIR:-build/sanitize}
if ((build)); then
  scripts/build-sanitize.sh motive_fuzzers || { echo "fuzz: the fuzzers did not build" >&2; exit 1; }
fi
[ -f "$dir/fuzz/targets.txt" ] || { echo "fuzz: $dir/fuzz/targets.txt is missing: build first" >&2; exit 1; }

# Leaks, and single allocations beyond the memory limit, are reported as crashes; ASan's and UBSan's
# reports end the run with the stack.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

passed=0
failed=0
table=()
while IFS=: read -r name corpus; do
  [ -n "$name" ] || continue
  [ -z "$only" ] || [ "$name" = "$only" ] || continue
  work=build/fuzz-corpus/$name
  artifacts=build/fuzz-artifacts/$name
  log=build/fuzz-logs/$name.log
  mkdir -p "$work" "$artifacts" build/fuzz-logs
  printf '\n==== fuzz %s (%s s)\n' "$name" "$seconds"
  corpora=("$work" "$dir/fuzz-seeds/$corpus")
  [ -d "tests/fuzz/regressions/$name" ] && corpora+=("tests/fuzz/regressions/$name")
  "$dir/fuzz/$name" -max_len=1048576 -dict="tests/fuzz/dict/$corpus.dict" -max_total_time="$seconds" \
    -timeout=30 -rss_limit_mb=2560 -print_final_stats=1 -artifact_prefix="$artifacts/" "${corpora[@]}" \
    >"$log" 2>&1
  rc=$?
  grep -aE '^(#[0-9]+[[:space:]]+(INITED|DONE)|==[0-9]+==ERROR|SUMMARY|fuzz: broken)' "$log" | tail -4
  runs=$(grep -aoE 'stat::number_of_executed_units: [0-9]+' "$log" | awk '{print $2}' | tail -1)
  speed=$(grep -aoE 'stat::average_exec_per_sec: +[0-9]+' "$log" | awk '{print $2}' | tail -1)
  if [ "$rc" -eq 0 ]; then
    passed=$((passed + 1))
    verdict=clean
  else
    failed=$((failed + 1))
    verdict="FAILED (exit $rc; $log; input in $artifacts/)"
  fi
  table+=("$(printf '  %-22s %12s executions %8s exec/s  %s' "$name" "${runs:-?}" "${speed:-?}" "$verdict")")
done <"$dir/fuzz/targets.txt"

printf '\n==== fuzz summary\n'
printf '%s\n' "${table[@]}"
echo "fuzz: $passed passed, $failed failed"
exit $((failed > 0 ? 1 : 0))
