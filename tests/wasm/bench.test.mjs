// The wasm benchmark harness (build/wasm/motive_wasm_bench.js) runs every small workload of
// bench/workloads.cc through the engine and gets ok answers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

import { benchPath } from './helpers.mjs';

test('the benchmark workloads run under wasm', { skip: !existsSync(benchPath) && 'motive_wasm_bench.js not built' }, () => {
  const run = spawnSync(process.execPath, [benchPath, '--smoke'], { encoding: 'utf8', timeout: 300_000 });
  assert.equal(run.status, 0, `exit ${run.status}\n${run.stdout}\n${run.stderr}`);
  const rows = run.stdout.split('\n').filter((line) => /^(chain|fan)_k\d+_m\d+\/\w+\s+\d+/.test(line));
  assert.ok(rows.length >= 4, run.stdout);
});
