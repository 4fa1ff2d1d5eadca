// The page's side of the engine: wasm/worker.js (run as a real worker thread, with `self` emulated)
// and wasm/client.js (with a Worker class built on node:worker_threads standing in for the
// browser's). The worker source is made exactly as the page makes it: the module's text, then
// worker.js.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolveObjectURL } from 'node:buffer';
import path from 'node:path';
import { Worker as NodeWorker } from 'node:worker_threads';

import { chainModel, loadFactory, modulePath, root, roboSurgeon } from './helpers.mjs';

loadFactory(); // fails clearly when the module is not built
const workerSource = readFileSync(modulePath, 'utf8') + '\n' + readFileSync(path.join(root, 'wasm', 'worker.js'), 'utf8');

// What a browser gives a classic worker script: a global `self` with postMessage and onmessage.
const prelude = `
const { parentPort: __motiveParentPort } = require('node:worker_threads');
globalThis.self = globalThis;
self.postMessage = (message) => __motiveParentPort.postMessage(message);
__motiveParentPort.on('message', (data) => { if (typeof self.onmessage === 'function') self.onmessage({ data }); });
`;

/** A browser-like Worker over node:worker_threads, for a Blob URL. */
class FakeWorker {
  static instances = [];

  constructor(url) {
    FakeWorker.instances.push(this);
    this.onmessage = null;
    this.onerror = null;
    this.terminated = false;
    const blob = resolveObjectURL(url);
    if (!blob) throw new Error(`no Blob behind ${url}`);
    this.thread = blob.text().then((source) => {
      if (this.terminated) return null;
      const thread = new NodeWorker(prelude + source, { eval: true });
      thread.on('message', (data) => this.onmessage && this.onmessage({ data }));
      thread.on('error', (error) => this.onerror && this.onerror({ message: error.message, preventDefault() {} }));
      return thread;
    });
  }

  postMessage(message) {
    if (this.terminated) return;
    const copy = structuredClone(message); // what the browser does: fails on functions, as it would
    this.thread.then((thread) => thread && thread.postMessage(copy));
  }

  terminate() {
    this.terminated = true;
    return this.thread.then((thread) => thread && thread.terminate());
  }
}

function startRawWorker() {
  const messages = [];
  const thread = new NodeWorker(prelude + workerSource, { eval: true });
  const waiters = [];
  thread.on('message', (m) => {
    messages.push(m);
    for (const w of waiters.splice(0)) w();
  });
  return {
    messages,
    post: (m) => thread.postMessage(m),
    async until(predicate) {
      while (!messages.some(predicate)) await new Promise((resolve) => waiters.push(resolve));
      return messages.find(predicate);
    },
    stop: () => thread.terminate(),
  };
}

test('worker.js: progress messages, then the parsed result', async () => {
  const worker = startRawWorker();
  try {
    worker.post({ id: 7, request: { model: chainModel(12), analysis: 'expected_utility' } });
    const result = await worker.until((m) => m.id === 7 && m.type === 'result');
    assert.equal(result.response.ok, true, JSON.stringify(result.response));
    assert.ok(Array.isArray(result.response.result.policies));
    const progress = worker.messages.filter((m) => m.type === 'progress');
    assert.ok(progress.length >= 1, 'no progress message');
    for (const m of progress) {
      assert.equal(m.id, 7);
      assert.ok(m.fraction >= 0 && m.fraction <= 1);
    }
    assert.equal(worker.messages.at(-1), result, 'the result comes last');

    worker.post({ id: 8, request: { model: roboSurgeon, analysis: 'describe' } });
    const second = await worker.until((m) => m.id === 8 && m.type === 'result');
    assert.equal(second.response.ok, true);
    assert.equal(second.response.result.title, 'Robo-surgeon');
  } finally {
    await worker.stop();
  }
});

test('worker.js: a JS error becomes an engine.internal result', async () => {
  const worker = startRawWorker();
  try {
    worker.post({ id: 1 }); // no request at all
    const result = await worker.until((m) => m.id === 1 && m.type === 'result');
    assert.equal(result.response.ok, false);
    assert.equal(result.response.diagnostics[0].id, 'engine.internal');
    assert.equal(result.response.diagnostics[0].line, 0);
    assert.equal(typeof result.response.diagnostics[0].message, 'string');

    worker.post({ id: 2, request: { model: roboSurgeon, analysis: 'describe' } });
    const next = await worker.until((m) => m.id === 2 && m.type === 'result');
    assert.equal(next.response.ok, true, 'the worker keeps working');
  } finally {
    await worker.stop();
  }
});

test('client.js: requests, progress, queueing, cancel, dispose', async () => {
  globalThis.Worker = FakeWorker;
  const { createMotiveClient } = await import(path.join(root, 'wasm', 'client.js'));
  const client = createMotiveClient(workerSource);
  after(() => client.dispose());

  // One request with progress.
  const fractions = [];
  const eu = await client.request({ model: chainModel(12), analysis: 'expected_utility' }, {
    onProgress: (f) => fractions.push(f),
  });
  assert.equal(eu.ok, true, JSON.stringify(eu));
  assert.ok(fractions.length >= 1, 'onProgress was never called');
  assert.equal(FakeWorker.instances.length, 1);

  // Queued requests run in order, one at a time.
  const order = [];
  const [a, b, c] = await Promise.all([
    client.request({ model: roboSurgeon, analysis: 'describe' }).then((r) => (order.push('a'), r)),
    client.request({ model: roboSurgeon, analysis: 'expected_utility' }).then((r) => (order.push('b'), r)),
    client.request({ model: roboSurgeon, analysis: 'nonsense' }).then((r) => (order.push('c'), r)),
  ]);
  assert.deepEqual(order, ['a', 'b', 'c']);
  assert.equal(a.analysis, 'describe');
  assert.equal(b.analysis, 'expected_utility');
  assert.equal(c.ok, false);

  // Cancel while the engine runs (from inside the first progress report, so that the result cannot
  // have arrived yet): the request resolves as cancelled, the worker is terminated, and a request
  // queued behind it runs in a fresh worker.
  assert.equal(client.cancel(), false, 'nothing to cancel');
  let cancelled = false;
  const running = client.request({ model: chainModel(16), analysis: 'optimal_policies' }, {
    onProgress: () => {
      if (!cancelled) cancelled = client.cancel();
    },
  });
  const queued = client.request({ model: roboSurgeon, analysis: 'describe' });
  const stopped = await running;
  assert.equal(cancelled, true);
  assert.deepEqual(stopped, {
    ok: false,
    cancelled: true,
    diagnostics: [{ id: 'analysis.cancelled', line: 0, column: 0, message: 'Cancelled.' }],
  });
  assert.equal(FakeWorker.instances[0].terminated, true, 'the worker was terminated');
  const afterCancel = await queued;
  assert.equal(afterCancel.ok, true, JSON.stringify(afterCancel));
  assert.equal(FakeWorker.instances.length, 2, 'a fresh worker');

  // A request that cannot be sent (not cloneable) resolves with engine.internal and rejects nothing.
  const bad = await client.request({ model: roboSurgeon, analysis: 'describe', params: { f: () => 1 } });
  assert.equal(bad.ok, false);
  assert.equal(bad.diagnostics[0].id, 'engine.internal');

  // dispose: pending work resolves as cancelled; later requests answer engine.internal.
  const pending = client.request({ model: chainModel(16), analysis: 'expected_utility' });
  client.dispose();
  assert.equal((await pending).cancelled, true);
  const late = await client.request({ model: roboSurgeon, analysis: 'describe' });
  assert.equal(late.ok, false);
  assert.equal(late.diagnostics[0].id, 'engine.internal');
  assert.ok(FakeWorker.instances.every((w) => w.terminated), 'every worker terminated');
});
