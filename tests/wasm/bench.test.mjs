// The wasm benchmark harness (build/wasm/motive_wasm_bench.js) runs every small workload of
// bench/workloads.cc through the engine and gets ok answers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

import { benchPath, root } from './helpers.mjs';

test('the benchmark workloads run under wasm', { skip: !existsSync(benchPath) && 'motive_wasm_bench.js not built' }, () => {
  const run = spawnSync(process.execPath, [benchPath, '--smoke'], { encoding: 'utf8', timeout: 300_000 });
  assert.equal(run.status, 0, `exit ${run.status}\n${run.stdout}\n${run.stderr}`);
  const rows = run.stdout.split('\n').filter((line) => /^(chain|fan)_k\d+_m\d+\/\w+\s+\d+/.test(line));
  assert.ok(rows.length >= 4, run.stdout);
});

// scripts/bench.sh --paired drives both harnesses through --serve: "list" names the rows the filter
// keeps, a row's name runs it and prints its row, each answer ends with "end", and the end of input
// stops the harness. The wasm side reads its commands through its own EM_JS reader.
const nativeBench = path.join(root, 'build/native/motive_bench_plain');
for (const [side, command, args] of [
  ['wasm', process.execPath, [benchPath]],
  ['native', nativeBench, []],
]) {
  const built = existsSync(command === process.execPath ? benchPath : command);
  test(`the ${side} benchmark harness serves commands`, { skip: !built && `${side} harness not built` }, () => {
    const row = 'relay_k4_m2_c2/intention';
    const run = spawnSync(command, [...args, '--serve', '--smoke', '--filter', 'relay_k4'], {
      encoding: 'utf8',
      input: `list\n${row}\nno_such_row\n`,
      timeout: 120_000,
    });
    assert.equal(run.status, 0, `exit ${run.status}\n${run.stdout}\n${run.stderr}`);
    const lines = run.stdout.split('\n').filter((l) => l && !l.startsWith('#') && !l.startsWith('workload '));
    assert.deepEqual(lines[0], row);
    assert.equal(lines[1], 'end');
    assert.match(lines[2], new RegExp(`^${row.replace('/', '\\/')}\\s+16\\s+\\d+\\s+\\d+\\s+\\d+\\.\\d+\\s+1$`));
    assert.deepEqual(lines.slice(3), ['end', 'end']);
  });
}
