// The page's access to the engine: the wasm module runs in Web Workers through wasm/client.js and
// answers the JSON requests of docs/api.md. Two workers: one checks the text while the user types,
// the other runs analyses, so checking stays quick during a long run and a cancel only stops the run.
//
// The engine's source (the module and its worker glue) is not in the page's script: it is a data
// block at the end of the page (web/vite.config.js), read once the page has been parsed, so that the
// page shows before the engine has arrived. Requests made before then wait for it.
import { createMotiveClient } from 'motive-wasm/client.js';

const ENGINE_BLOCK_ID = 'motive-engine-source';

let engineSource = null;
// The engine's source, once the page holding it has been parsed.
function loadEngineSource() {
  engineSource ??= new Promise((resolve) => {
    const read = () => document.getElementById(ENGINE_BLOCK_ID)?.textContent || '';
    if (document.readyState !== 'loading') resolve(read());
    else document.addEventListener('DOMContentLoaded', () => resolve(read()), { once: true });
  });
  return engineSource;
}

// A response for failures of the page's own plumbing (the worker could not start, ...), in the
// engine's response shape so the views show it like any other diagnostic.
function failure(id, message) {
  return { ok: false, diagnostics: [{ id, line: 0, column: 0, message, hint: '' }] };
}

// One worker answering one request at a time, in order. The worker starts as soon as the engine's
// source has arrived, so the wasm module compiles while the page finishes loading.
class Lane {
  constructor() {
    this.client = null;
    this.ready = loadEngineSource().then((source) => {
      this.client = source ? createMotiveClient(source) : null;
      return this.client;
    });
  }

  async request(req, { onProgress } = {}) {
    try {
      const client = await this.ready;
      if (!client) return failure('page.engine_failed', 'The engine is missing from the page.');
      const response = await client.request(req, { onProgress });
      return response ?? failure('page.engine_failed', 'The engine gave no answer.');
    } catch (error) {
      // The client promises never to reject; should it, the page still shows an answer.
      return failure('page.engine_failed', `The engine failed: ${error?.message || error}`);
    }
  }

  cancel() {
    this.client?.cancel();
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
