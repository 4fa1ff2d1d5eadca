// The wasm module answers exactly as the native CLI (build/native/motive analyze MODEL ANALYSIS
// model=NAME --json) on every example file, for each of its models. Skipped when there are no
// examples or no native build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { ask, cliPath, difference, exampleFiles, root } from './helpers.mjs';

const analyses = ['describe', 'expected_utility', 'optimal_policies', 'policies'];
const examples = exampleFiles();
const skip = !existsSync(cliPath)
  ? `${path.relative(root, cliPath)} is not built (scripts/build-native.sh)`
  : examples.length === 0
    ? 'no example models in examples/'
    : false;

function native(file, analysis, modelName) {
  const args = ['analyze', file, analysis, '--json'];
  if (modelName) args.push(`model=${modelName}`);
  const run = spawnSync(cliPath, args, {
    encoding: 'utf8', maxBuffer: 256 << 20, timeout: 120_000,
  });
  if (run.error) throw run.error;
  try {
    return JSON.parse(run.stdout);
  } catch {
    throw new Error(`motive analyze ${path.relative(root, file)} ${analysis} --json (exit ${run.status}) ` +
      `printed no JSON:\n${run.stdout.slice(0, 2000)}\n${run.stderr.slice(0, 2000)}`);
  }
}

test('wasm and native CLI agree on the examples', { skip }, async (t) => {
  for (const file of examples) {
    const model = readFileSync(file, 'utf8');
    const described = await ask({ model, analysis: 'describe' });
    // Every model of the file (the default one first); a file that does not load is compared as is.
    const names = described.ok && Array.isArray(described.result.models) ? described.result.models : [undefined];
    for (const modelName of names) {
      for (const analysis of analyses) {
        const label = `${path.relative(root, file)}${modelName ? ` (${modelName})` : ''} ${analysis}`;
        await t.test(label, async () => {
          const expected = native(file, analysis, modelName);
          const request = { model, analysis };
          if (modelName) request.model_name = modelName;
          const actual = await ask(request);
          const d = difference(actual, expected);
          assert.equal(d, null, `wasm differs from native: ${d}`);
        });
      }
    }
  }
});
