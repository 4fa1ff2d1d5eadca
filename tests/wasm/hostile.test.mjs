// The hostile-input suite (tests/hostile/*.json, README there) in WebAssembly: every case gets the
// answer it must get (its expected id, or ok), and exactly the native engine's answer
// (`build/native/motive request`, compared whole, numbers to a relative 1e-9). The module must never
// trap or throw on any of them: a request is answered, whatever it asks. The native runner is
// tests/engine/hostile_test.cc; the expansion of a case below is its model_of and request_of.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { ask, cliPath, difference, modulePath, root } from './helpers.mjs';

const hostile = path.join(root, 'tests', 'hostile');
const skip = !existsSync(cliPath)
  ? `${path.relative(root, cliPath)} is not built (scripts/build-native.sh motive)`
  : !existsSync(modulePath)
    ? `${path.relative(root, modulePath)} is not built (scripts/build-wasm.sh)`
    : false;

const read = (file) => readFileSync(path.join(root, file), 'utf8');
const replacedAll = (text, from, to) => text.split(from).join(to);

/** The case's model text: "model" or "model_file", with its repeats expanded (copies numbered from 0). */
function modelOf(c) {
  let model = c.model ?? read(c.model_file);
  const repeats = c.repeat === undefined ? [] : Array.isArray(c.repeat) ? c.repeat : [c.repeat];
  for (const r of repeats) {
    const copies = [];
    for (let i = 0; i < r.count; i++)
      copies.push(replacedAll(replacedAll(r.item, '@I@', String(i)), '@NEXT@', String(i + 1)));
    model = replacedAll(model, r.placeholder ?? '@REPEAT@', copies.join(r.separator ?? ''));
  }
  return model;
}

/** The case's request as text. */
function requestOf(c) {
  if (c.request_text !== undefined) {
    let text = c.request_text;
    if (c.model_file !== undefined) text = replacedAll(text, '@MODEL@', JSON.stringify(read(c.model_file)));
    if (c.adventure_file !== undefined)
      text = replacedAll(text, '@ADVENTURE@', JSON.stringify(read(c.adventure_file)));
    return text;
  }
  const request = { model: modelOf(c), analysis: c.analysis };
  if (c.params !== undefined) request.params = c.params;
  return JSON.stringify(request);
}

function native(text) {
  const run = spawnSync(cliPath, ['request'], {
    input: text,
    encoding: 'utf8',
    maxBuffer: 256 << 20,
    timeout: 300_000,
  });
  if (run.error) throw run.error;
  return JSON.parse(run.stdout);
}

const files = existsSync(hostile)
  ? readdirSync(hostile)
      .filter((f) => f.endsWith('.json'))
      .sort()
  : [];

test('the hostile-input suite has its cases', () => {
  const total = files.reduce(
    (n, f) => n + JSON.parse(readFileSync(path.join(hostile, f), 'utf8')).cases.length,
    0,
  );
  assert.ok(total >= 150, `only ${total} cases`);
});

for (const file of files) {
  test(`hostile inputs: ${file}`, { skip, timeout: 1_800_000 }, async (t) => {
    const { cases } = JSON.parse(readFileSync(path.join(hostile, file), 'utf8'));
    for (const c of cases) {
      await t.test(c.name, async () => {
        const text = requestOf(c);
        const expected = native(text);
        let actual;
        try {
          actual = await ask(text);
        } catch (error) {
          assert.fail(`the module threw or trapped: ${error}`);
        }
        const got = actual.ok ? 'ok' : actual.diagnostics?.[0]?.id;
        assert.equal(got, c.expect, `expected ${c.expect}: ${JSON.stringify(actual).slice(0, 400)}`);
        const d = difference(actual, expected);
        assert.equal(d, null, `wasm differs from native: ${d}`);
      });
    }
  });
}
