// The wasm module answers exactly as the native engine, for every analysis of every example: the
// analyses come from the catalogue ({"analysis": "catalogue"}), each asked of every example of its
// kind (every model of a file that has several) with its default parameters, natively through
// `build/native/motive request` and in wasm through the module's request(). Replies are compared
// whole, failures included (numbers to a relative 1e-9), so a kind or an analysis added to the
// engine is compared here on its first day. An analysis with a `policy` parameter is also asked with
// the example's first named policy, since most SCIM analyses refuse to pick one of several.
//
// A required parameter has no default. It is filled from the example when the parameter names
// something the example's `describe` lists (REQUIRED_FROM_EXAMPLE below); otherwise the analysis is
// skipped for that example, and the skip says which parameter and why. Skipped when there are no
// examples or no native build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { ask, cliPath, difference, exampleFiles, root } from './helpers.mjs';

const examples = exampleFiles();
const skip = !existsSync(cliPath)
  ? `${path.relative(root, cliPath)} is not built (scripts/build-native.sh motive)`
  : examples.length === 0
    ? 'no example models in examples/'
    : false;

// How a required parameter is taken from an example, by what it refers to (ParamSpec.refers) and its
// type: a function of the example's describe result giving the value, or undefined when the example
// has nothing to give.
const REQUIRED_FROM_EXAMPLE = {
  // The first deterministic named policy of a SCIM (intention and H&KW intention ask about one).
  'policy string': (described) => firstPolicy(described),
  // The first chance variable: an outcome to ask about (actual causes, H&KW intention).
  'variable strings': (described) => {
    const chance = (described.variables ?? []).find((v) => v.type === 'chance');
    return chance ? [chance.name] : undefined;
  },
};

/** The first deterministic named policy of a SCIM (the first of any kind if none is), or undefined. */
function firstPolicy(described) {
  const policies = described.policies ?? [];
  return (policies.find((p) => p.deterministic) ?? policies[0])?.name;
}

/** The params of a request with defaults, or {reason} when a required one cannot be filled. */
function paramsFor(analysis, described) {
  const params = {};
  for (const spec of analysis.params) {
    if (!spec.required) continue;
    const fill = REQUIRED_FROM_EXAMPLE[`${spec.refers ?? ''} ${spec.type}`];
    const value = fill ? fill(described) : undefined;
    if (value === undefined) {
      const choices = spec.choices ? ` (${spec.choices.join(', ')})` : '';
      const what = spec.refers ? `a ${spec.refers} (${spec.type})` : `a ${spec.type}${choices}`;
      return { reason: `"${spec.name}" is required (${spec.help}): ${what} the example does not provide` };
    }
    params[spec.name] = value;
  }
  return { params };
}

function native(request) {
  const run = spawnSync(cliPath, ['request'], {
    input: JSON.stringify(request), encoding: 'utf8', maxBuffer: 256 << 20, timeout: 300_000,
  });
  if (run.error) throw run.error;
  try {
    return JSON.parse(run.stdout);
  } catch {
    throw new Error(`motive request (exit ${run.status}) printed no JSON:\n${run.stdout.slice(0, 2000)}\n` +
      `${run.stderr.slice(0, 2000)}`);
  }
}

test('wasm and native agree on the catalogue', { skip }, async () => {
  const expected = native({ analysis: 'catalogue' });
  assert.equal(expected.ok, true);
  assert.equal(difference(await ask({ analysis: 'catalogue' }), expected), null);
});

test('wasm and native agree on every analysis of every example', { skip, timeout: 1_800_000 }, async (t) => {
  const catalogue = (await ask({ analysis: 'catalogue' })).result;
  const answered = new Set();  // (kind, analysis) pairs compared on an ok reply
  for (const file of examples) {
    const model = readFileSync(file, 'utf8');
    const name = path.relative(root, file);
    const described = await ask({ model, analysis: 'describe' });
    assert.equal(described.ok, true, `${name} does not load: ${JSON.stringify(described.diagnostics)}`);
    const kind = catalogue.kinds.find((k) => k.name === described.kind);
    assert.ok(kind, `${name}: the catalogue has no kind "${described.kind}"`);
    // Every model of the file (the default one first).
    const models = Array.isArray(described.result.models) && described.result.models.length > 0
      ? described.result.models : [undefined];
    for (const modelName of models) {
      const base = modelName === undefined ? { model } : { model, model_name: modelName };
      const modelDescribed =
        modelName === undefined ? described : await ask({ ...base, analysis: 'describe' });
      for (const analysis of kind.analyses) {
        const label = `${name}${modelName ? ` (${modelName})` : ''} ${analysis.name}`;
        const { params, reason } = paramsFor(analysis, modelDescribed.result);
        if (reason) {
          await t.test(label, { skip: reason }, () => {});
          continue;
        }
        // With its defaults; and where the analysis measures a policy the defaults leave open (most
        // SCIM analyses refuse to guess among several), also with the example's first policy.
        const variants = [params];
        const policy = firstPolicy(modelDescribed.result);
        const takesPolicy = analysis.params.some((p) => p.name === 'policy' && p.refers === 'policy');
        if (policy && takesPolicy && !('policy' in params)) variants.push({ ...params, policy });
        for (const variant of variants) {
          const shown = Object.keys(variant).length ? ` ${JSON.stringify(variant)}` : '';
          await t.test(`${label}${shown}`, async () => {
            const request = { ...base, analysis: analysis.name, params: variant };
            const expected = native(request);
            const actual = await ask(request);
            const d = difference(actual, expected);
            assert.equal(d, null, `wasm differs from native: ${d}`);
            if (expected.ok) answered.add(`${kind.name} ${analysis.name}`);
          });
        }
      }
    }
  }
  // Which analyses were compared only on refusals (or not at all): said, so that a gap is visible.
  const kindsWithExamples = new Set();
  for (const file of examples) {
    const reply = await ask({ model: readFileSync(file, 'utf8'), analysis: 'describe' });
    kindsWithExamples.add(reply.kind);
  }
  const missing = [];
  for (const kind of catalogue.kinds) {
    if (!kindsWithExamples.has(kind.name)) continue;
    for (const analysis of kind.analyses)
      if (!answered.has(`${kind.name} ${analysis.name}`)) missing.push(`${kind.name} ${analysis.name}`);
  }
  t.diagnostic(`compared ${answered.size} (kind, analysis) pairs on ok replies; never on an ok reply: ` +
    `${missing.join(', ') || 'none'}`);
});
