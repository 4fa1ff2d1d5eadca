#!/usr/bin/env bash
# Times the engine natively and as wasm (under Node) on the same generated workloads
# (bench/workloads.cc) and prints them side by side:
#
#   workload                     native ms    wasm ms   wasm/native
#
#   scripts/bench.sh [--repeat N | --paired N] [--browser] [--quick] [--scaling] [--cpu-time]
#                    [--filter TEXT] [--min-time SECONDS]
#
# Both sides are the plain harness wasm/bench_main.cc (motive_bench_plain natively,
# build/wasm/motive_wasm_bench.js as wasm): each run repeats a workload until --min-time seconds
# (default 0.2) have passed and reports the mean time per run. --scaling: the scaling benchmark (random
# CIDs, enumeration against variable elimination) instead of the standard workloads. For Google Benchmark's view of the
# native side (settings/s counters), run build/native/motive_bench. --cpu-time: the process's CPU time
# instead of the wall time (on a shared, loaded machine). The raw game and adventure workloads
# (bench/workloads_games.cc) print their rollouts/s or steps/s on a comment line under their row
# (build/bench-logs/native.txt and wasm.txt). --repeat N: N passes, native and wasm alternating, each
# workload's fastest time kept on each side (noise on a shared machine only ever adds time: single
# passes moved unchanged ratios by ±0.3 here); the per-pass files are build/bench-logs/{native,wasm}.K.txt.
# --paired N: both harnesses start once and serve (scripts/bench-paired.mjs): each workload runs natively
# and as wasm in alternation, N times each, seconds apart, each side keeping its fastest: on a machine
# whose speed drifts over minutes, the fairest comparison (not with --browser).
# --browser: the wasm side runs in headless Chromium (scripts/bench-browser.mjs), the engine the page
# runs on, instead of Node; a page has no process CPU time, so there --cpu-time is the wall time.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh
scripts/build-native.sh motive_bench_plain
scripts/build-wasm.sh motive_wasm_bench

repeat=1
paired=0
browser=0
args=()
while (($#)); do
  case $1 in
    --repeat) repeat=${2:?--repeat needs a number}; shift 2 ;;
    --browser) browser=1; shift ;;
    --paired) paired=${2:?--paired needs a number}; shift 2 ;;
    *) args+=("$1"); shift ;;
  esac
done

out=build/bench-logs
mkdir -p "$out"
rm -f "$out"/native.*.txt "$out"/wasm.*.txt
if ((paired)); then
  ((browser == 0)) || { echo "bench: --paired runs the wasm side under Node, not with --browser" >&2; exit 2; }
  echo "bench: native and wasm (node $(node --version), --no-liftoff) in alternation, $paired rounds each"
  node scripts/bench-paired.mjs "$paired" "$out" "${args[@]}"  # writes native.txt and wasm.txt
  repeat=0
fi
for ((pass = 1; pass <= repeat; pass++)); do
  ((repeat == 1)) || echo "bench: pass $pass of $repeat"
  echo
  echo "bench: native ($(uname -m), $(c++ --version | head -1))"
  build/native/motive_bench_plain "${args[@]}" | tee "$out/native.$pass.txt"
  echo
  # --no-liftoff: V8 compiles the whole module with its optimising tier before running it. By default it
  # starts on its baseline compiler and optimises in background threads, which on a loaded machine took
  # longer than any warm-up (0.8 ms against 0.13 ms per request, seconds after the start): that measures
  # V8's tier-up, not the engine. A page pays it once, in the background, after loading the module.
  if ((browser)); then
    echo "bench: wasm (headless $(chromium --version 2>/dev/null | head -1))"
    node scripts/bench-browser.mjs "${args[@]}" | tee "$out/wasm.$pass.txt"
  else
    echo "bench: wasm (node $(node --version), --no-liftoff)"
    node --no-liftoff build/wasm/motive_wasm_bench.js "${args[@]}" | tee "$out/wasm.$pass.txt"
  fi
done
# The fastest of the passes, per workload, in the harness's format (the first pass's lines, each
# workload's row replaced by its fastest; the comment lines under rows come from the first pass).
fastest() {
  awk 'FNR == NR { lines[++n] = $0 }
       /^#/ || /^workload / || NF < 6 || $2 == "FAILED:" { next }
       !($1 in best) || $5 + 0 < best[$1] + 0 { best[$1] = $5; row[$1] = $0 }
       END {
         for (i = 1; i <= n; i++) {
           split(lines[i], f)
           print (lines[i] !~ /^#/ && f[1] in row) ? row[f[1]] : lines[i]
         }
       }' "$@"
}
if ((repeat)); then
  fastest "$out"/native.*.txt >"$out/native.txt"
  fastest "$out"/wasm.*.txt >"$out/wasm.txt"
fi

echo
awk '
  FNR == 1 { file++ }
  /^#/ || /^workload / || NF < 6 || $2 == "FAILED:" { next }
  file == 1 { native[$1] = $5; order[++n] = $1 }
  file == 2 { wasm[$1] = $5 }
  END {
    printf "%-36s %12s %12s %12s\n", "workload", "native ms", "wasm ms", "wasm/native"
    for (i = 1; i <= n; i++) {
      w = order[i]
      if (!(w in wasm)) { printf "%-36s %12.3f %12s %12s\n", w, native[w], "-", "-"; continue }
      ratio = native[w] > 0 ? sprintf("%.2f", wasm[w] / native[w]) : "-"
      printf "%-36s %12.3f %12.3f %12s\n", w, native[w], wasm[w], ratio
    }
  }' "$out/native.txt" "$out/wasm.txt" | tee "$out/table.txt"
