// The wasm module (build/wasm/motive_wasm.js) through its one function, request().
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';

import { ask, assertDiagnostics, chainModel, loadModule, modulePath, roboSurgeon } from './helpers.mjs';

test('version() names the engine', async () => {
  const motive = await loadModule();
  assert.match(motive.version(), /^motive \S+/);
});

test('describe: the structure of a small model', async () => {
  const response = await ask({ model: roboSurgeon, analysis: 'describe' });
  assert.equal(response.ok, true, JSON.stringify(response.diagnostics));
  assert.equal(response.analysis, 'describe');
  const result = response.result;
  assert.equal(result.title, 'Robo-surgeon');
  assert.deepEqual(result.variables.map((v) => v.name), ['D', 'S', 'U']);
  assert.deepEqual(result.variables.map((v) => v.type), ['decision', 'chance', 'utility']);
  assert.deepEqual(result.decisions, ['D']);
  assert.deepEqual(result.utilities, ['U']);
  assert.equal(result.settings, 2);
  assert.deepEqual(result.policies.map((p) => p.name).sort(), ['operate', 'refrain']);
});

test('expected_utility of every named policy', async () => {
  const response = await ask({ model: roboSurgeon, analysis: 'expected_utility' });
  assert.equal(response.ok, true, JSON.stringify(response.diagnostics));
  const eu = Object.fromEntries(response.result.policies.map((p) => [p.name, p.expected_utility]));
  assert.ok(Math.abs(eu.operate - 0.1) < 1e-12, `operate: ${eu.operate}`);
  assert.ok(Math.abs(eu.refrain - 0) < 1e-12, `refrain: ${eu.refrain}`);
  const operate = response.result.policies.find((p) => p.name === 'operate');
  assert.ok(Math.abs(operate.utilities.U - 0.1) < 1e-12);
});

test('expected_utility of one policy (params)', async () => {
  const response = await ask({ model: roboSurgeon, analysis: 'expected_utility', params: { policy: 'refrain' } });
  assert.equal(response.ok, true, JSON.stringify(response.diagnostics));
  assert.deepEqual(response.result.policies.map((p) => p.name), ['refrain']);
});

test('optimal_policies finds operate', async () => {
  const response = await ask({ model: roboSurgeon, analysis: 'optimal_policies' });
  assert.equal(response.ok, true, JSON.stringify(response.diagnostics));
  assert.ok(Math.abs(response.result.expected_utility - 0.1) < 1e-12);
  assert.deepEqual(response.result.optimal_named_policies, ['operate']);
});

test('a request that is not JSON: diagnostics with a position', async () => {
  const response = await ask('{"model": "{}", "analysis": ');
  assertDiagnostics(assert, response);
});

test('a model that is not JSON: diagnostics pointing into the model text', async () => {
  const model = '{\n  "kind": "scim",\n  "variables": {\n    "D": { "type": "decision" "domain": ["a"] }\n  }\n}\n';
  const response = await ask({ model, analysis: 'describe' });
  assertDiagnostics(assert, response);
  const d = response.diagnostics[0];
  assert.equal(d.line, 4, JSON.stringify(d));
  assert.ok(d.column >= 20 && d.column <= 40, JSON.stringify(d));
});

test('an unknown analysis is a request diagnostic (line 0)', async () => {
  const response = await ask({ model: roboSurgeon, analysis: 'no_such_analysis' });
  assertDiagnostics(assert, response);
  assert.equal(response.diagnostics[0].line, 0);
  assert.match(response.diagnostics[0].message, /no_such_analysis/);
});

test('progress: the callback sees fractions in [0, 1], in order', async () => {
  const fractions = [];
  const response = await ask({ model: chainModel(12), analysis: 'expected_utility' }, (f) => fractions.push(f));
  assert.equal(response.ok, true, JSON.stringify(response.diagnostics));
  assert.ok(fractions.length >= 1, 'progress was never reported');
  assert.ok(fractions.length <= 102, `throttled to 1% steps, got ${fractions.length} calls`);
  for (let i = 0; i < fractions.length; i++) {
    assert.ok(fractions[i] >= 0 && fractions[i] <= 1, `fraction ${fractions[i]}`);
    if (i) assert.ok(fractions[i] >= fractions[i - 1], 'fractions go forward');
  }
});

test('a progress callback that throws does not break the request', async () => {
  const response = await ask({ model: chainModel(8), analysis: 'expected_utility' }, () => {
    throw new Error('callback failed');
  });
  assert.equal(response.ok, true, JSON.stringify(response.diagnostics));
});

test('progress may be omitted, undefined or not a function', async () => {
  const request = { model: roboSurgeon, analysis: 'expected_utility' };
  for (const progress of [undefined, null, 42]) {
    const motive = await loadModule();
    const text = JSON.stringify(request);
    const response = JSON.parse(progress === undefined ? motive.request(text) : motive.request(text, progress));
    assert.equal(response.ok, true);
  }
});

// Each of these is thrown inside the engine (RequestError) and caught at its API: with
// native wasm exceptions (-fwasm-exceptions, wasm/wasm.cmake) as with Emscripten's JS ones.
test('errors thrown inside the engine come back as diagnostics', async () => {
  const cases = [
    [{ model: roboSurgeon, analysis: 'expected_utility', params: { method: 'sideways' } }, 'request.bad_parameter'],
    [{ model: roboSurgeon, analysis: 'expected_utility', params: { policy: 'operat' } }, 'request.unknown_policy'],
    [{ model: roboSurgeon, analysis: 'intention', params: {} }, 'request.missing_parameter'],
  ];
  for (const [request, id] of cases) {
    const response = await ask(request);
    assertDiagnostics(assert, response);
    assert.equal(response.diagnostics[0].id, id, JSON.stringify(response.diagnostics));
  }
  // 2^26 settings: elimination answers, the settings table refuses.
  const big = manyCoins(26);
  assert.equal((await ask({ model: big, analysis: 'expected_utility' })).result.method, 'eliminate');
  const refused = await ask({ model: big, analysis: 'settings' });
  assertDiagnostics(assert, refused);
  assert.equal(refused.diagnostics[0].id, 'model.too_large');
  assert.match(refused.diagnostics[0].hint, /expected_utility and optimal_policies/);
  const forced = await ask({ model: big, analysis: 'optimal_policies', params: { method: 'enumerate' } });
  assert.equal(forced.diagnostics[0].id, 'model.too_large');
  assert.equal((await ask({ model: roboSurgeon, analysis: 'describe' })).ok, true, 'still answering');
});

function manyCoins(n) {
  const variables = {};
  for (let i = 0; i < n; i++) {
    variables[`N${i}`] = { type: 'chance', domain: [0, 1], noise: { a: 0.5, b: 0.5 }, function: "noise == 'a' ? 0 : 1" };
  }
  variables.U = { type: 'utility', parents: ['N0'], function: 'N0' };
  return JSON.stringify({ kind: 'scim', variables });
}

test('the module keeps answering after failures', async () => {
  for (let i = 0; i < 3; i++) {
    assertDiagnostics(assert, await ask('not json'));
    assert.equal((await ask({ model: roboSurgeon, analysis: 'describe' })).ok, true);
  }
});

test('the module runs where eval and new Function are forbidden (the page\'s CSP)', async () => {
  // The page's Content Security Policy allows 'wasm-unsafe-eval' but not 'unsafe-eval', and its
  // workers inherit it; node's --disallow-code-generation-from-strings is the same restriction.
  const script = `
    const create = require(${JSON.stringify(modulePath)});
    create().then((m) => {
      let calls = 0;
      const out = m.request(${JSON.stringify(JSON.stringify({ model: roboSurgeon, analysis: 'expected_utility' }))},
                            () => { calls++; });
      process.stdout.write(JSON.stringify({ calls, response: JSON.parse(out) }));
    }, (e) => { process.stdout.write('load failed: ' + e); process.exit(1); });`;
  const run = spawnSync(process.execPath, ['--disallow-code-generation-from-strings', '-e', script], {
    encoding: 'utf8', timeout: 60_000,
  });
  assert.equal(run.status, 0, `exit ${run.status}: ${run.stdout.slice(0, 500)} ${run.stderr.slice(0, 500)}`);
  const { calls, response } = JSON.parse(run.stdout);
  assert.equal(response.ok, true);
  assert.ok(calls >= 1);
});
