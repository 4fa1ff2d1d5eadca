// The page's access to the engine: the wasm module runs in Web Workers through wasm/client.js and
// answers the JSON requests of docs/api.md. Two workers: one checks the text while the user types,
// the other runs analyses, so checking stays quick during a long run and a cancel only stops the run.
import moduleSource from 'motive-wasm-module?raw';
import workerGlue from 'motive-wasm/worker.js?raw';
import { createMotiveClient } from 'motive-wasm/client.js';

const workerSource = `${moduleSource}\n${workerGlue}`;

// A response for failures of the page's own plumbing (the worker could not start, ...), in the
// engine's response shape so the views show it like any other diagnostic.
function failure(id, message) {
  return { ok: false, diagnostics: [{ id, line: 0, column: 0, message, hint: '' }] };
}

// One worker answering one request at a time, in order. The worker starts at once, so the wasm
// module compiles while the page loads.
class Lane {
  constructor() {
    this.client = createMotiveClient(workerSource);
  }

  async request(req, { onProgress } = {}) {
    try {
      const response = await this.client.request(req, { onProgress });
      return response ?? failure('page.engine_failed', 'The engine gave no answer.');
    } catch (error) {
      // The client promises never to reject; should it, the page still shows an answer.
      return failure('page.engine_failed', `The engine failed: ${error?.message || error}`);
    }
  }

  cancel() {
    this.client.cancel();
  }
}

export function createEngine() {
  const checkLane = new Lane();
  const runLane = new Lane();
  return {
    // Quick requests while the user types (analysis "describe").
    check: (req) => checkLane.request(req),
    // Analyses; onProgress(fraction) reports progress, cancel() stops the current one.
    run: (req, options) => runLane.request(req, options),
    cancel: () => runLane.cancel(),
  };
}
