// Shared by the wasm tests: where things are, loading the module, small models, and comparing
// responses.
import { createRequire } from 'node:module';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// MOTIVE_ROOT: test the builds and examples of another checkout (default: this one).
export const root = path.resolve(
  process.env.MOTIVE_ROOT || path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..'));
export const wasmBuild = path.join(root, 'build', 'wasm');
export const modulePath = path.join(wasmBuild, 'motive_wasm.js');
export const benchPath = path.join(wasmBuild, 'motive_wasm_bench.js');
export const cliPath = path.join(root, 'build', 'native', 'motive');

const require = createRequire(import.meta.url);

/** The emscripten module factory (build/wasm/motive_wasm.js is CommonJS). */
export function loadFactory() {
  if (!existsSync(modulePath)) {
    throw new Error(`${path.relative(root, modulePath)} is missing: build it with scripts/build-wasm.sh`);
  }
  return require(modulePath);
}

let modulePromise = null;
/** One instance of the module, shared by the tests of a file. */
export function loadModule() {
  modulePromise ??= loadFactory()();
  return modulePromise;
}

/** Sends a request object through the module and parses the response. */
export async function ask(request, onProgress) {
  const motive = await loadModule();
  const text = typeof request === 'string' ? request : JSON.stringify(request);
  return JSON.parse(onProgress === undefined ? motive.request(text) : motive.request(text, onProgress));
}

// Ward et al. 2024, Example 3 (docs/format.md).
export const roboSurgeon = `{
  "kind": "scim",
  "title": "Robo-surgeon",
  "description": "Operating gives a small chance of survival; not operating gives none.",
  "variables": {
    "D": { "type": "decision", "domain": ["operate", "refrain"] },
    "S": {
      "type": "chance",
      "parents": ["D"],
      "domain": ["survives", "dies"],
      "noise": { "lucky": 0.1, "unlucky": 0.9 },
      "function": "D == 'operate' && noise == 'lucky' ? 'survives' : 'dies'"
    },
    "U": { "type": "utility", "parents": ["S"], "function": "S == 'survives' ? 1 : 0" }
  },
  "policies": {
    "operate": { "D": "'operate'" },
    "refrain": { "D": "'refrain'" }
  }
}
`;

/**
 * A chain of k binary chance variables with noise, a decision observing the last m and a utility:
 * the "chain" workload of bench/workloads.cc, 2^k settings.
 */
export function chainModel(k, m = Math.min(k, 4)) {
  const variables = {
    X1: { type: 'chance', domain: [0, 1], noise: { h: 0.4, t: 0.6 }, function: "noise == 'h' ? 1 : 0" },
  };
  for (let i = 2; i <= k; i++) {
    const p = `X${i - 1}`;
    variables[`X${i}`] = {
      type: 'chance', parents: [p], domain: [0, 1], noise: { keep: 0.8, flip: 0.2 },
      function: `noise == 'keep' ? ${p} : 1 - ${p}`,
    };
  }
  const observed = [];
  for (let i = k - m + 1; i <= k; i++) observed.push(`X${i}`);
  variables.D = { type: 'decision', parents: observed, domain: [0, 1] };
  variables.U = { type: 'utility', parents: ['D', 'X1'], function: 'D == X1 ? 1 : 0' };
  return JSON.stringify({
    kind: 'scim', title: `chain ${k}`, variables,
    policies: { copy_last: { D: `X${k}` }, always_one: { D: '1' } },
  }, null, 2);
}

/** Every example model file: examples/**\/*.json and *.jsonc, sorted. */
export function exampleFiles() {
  const out = [];
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.jsonc?$/.test(name)) out.push(full);
    }
  };
  walk(path.join(root, 'examples'));
  return out;
}

/** Structural equality with numbers compared to a relative tolerance; returns the first difference. */
export function difference(a, b, tolerance = 1e-9, where = '$') {
  if (typeof a === 'number' && typeof b === 'number') {
    if (a === b || Math.abs(a - b) <= tolerance * Math.max(1, Math.abs(a), Math.abs(b))) return null;
    return `${where}: ${a} != ${b}`;
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b)) return `${where}: array vs non-array`;
    if (a.length !== b.length) return `${where}: length ${a.length} != ${b.length}`;
    for (let i = 0; i < a.length; i++) {
      const d = difference(a[i], b[i], tolerance, `${where}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of [...keys].sort()) {
      if (!(key in a) || !(key in b)) return `${where}.${key}: missing on one side`;
      const d = difference(a[key], b[key], tolerance, `${where}.${key}`);
      if (d) return d;
    }
    return null;
  }
  return a === b ? null : `${where}: ${JSON.stringify(a)} != ${JSON.stringify(b)}`;
}

/** Checks the shape of an ok:false response (docs/api.md). */
export function assertDiagnostics(assert, response) {
  assert.equal(response.ok, false, 'expected ok: false');
  assert.ok(Array.isArray(response.diagnostics) && response.diagnostics.length > 0, 'expected diagnostics');
  for (const d of response.diagnostics) {
    assert.equal(typeof d.id, 'string');
    assert.match(d.id, /^[a-z_]+(\.[a-z_]+)+$/);
    assert.equal(typeof d.message, 'string');
    assert.ok(d.message.length > 0);
    assert.ok(Number.isInteger(d.line) && d.line >= 0, `line ${d.line}`);
    assert.ok(Number.isInteger(d.column) && d.column >= 0, `column ${d.column}`);
  }
}
