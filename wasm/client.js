// Motive's engine client for the page: runs requests in a Web Worker (wasm/worker.js), one at a time.
//
//   import { createMotiveClient } from './client.js';
//   const motive = createMotiveClient(workerSource);  // motive_wasm.js + '\n' + worker.js
//   const response = await motive.request({ model, analysis: 'describe' });
//   const { result: catalogue } = await motive.request({ analysis: 'catalogue' });
//   const eu = await motive.request({ model, analysis: 'expected_utility' }, { onProgress: (f) => ... });
//   motive.cancel();   // stops the running analysis; its promise resolves with "analysis.cancelled"
//
// Requests and responses are those of docs/api.md. Promises never reject: every failure, including a
// worker that cannot start, resolves with a response whose "ok" is false.

/**
 * An API request (docs/api.md): `{ model, analysis, model_name?, params? }` (the model's text, the
 * analysis's name, the model chosen in a file with several, the analysis's parameters), or
 * `{ analysis: 'catalogue' }` (no model) for the list of kinds and analyses.
 * @typedef {Object} MotiveRequest
 */

/**
 * An API response (docs/api.md), in one envelope for every kind of model and every analysis:
 *
 *   `{ ok: true, analysis, kind, model_name?, result }`
 *
 * `analysis` is the analysis answered, `kind` the model's kind ("scim", "gridworld", "mdp", ...),
 * `model_name` the model chosen in a file with several models, and `result` the analysis's own JSON
 * (docs/api.md gives each one's). A failure is
 *
 *   `{ ok: false, diagnostics: [{ id, line, column, end_line?, end_column?, message, hint? }] }`
 *
 * (ids in docs/errors.md; `line` 0 for a problem with the request rather than the model text); a
 * cancelled request also has `cancelled: true` and the diagnostic "analysis.cancelled".
 *
 * The catalogue request's result lists what the engine answers:
 *
 *   `{ kinds: [{ name, summary, analyses: [{ name, summary, paper, definition, params }] }] }`
 *
 * where `params` lists ParamSpecs `{ name, type, default, help, min?, max?, choices?, infinite?,
 * required?, refers? }`: `type` is one of integer, number, boolean, string, choice, strings, numbers, json;
 * `infinite` allows "inf" / "-inf" for numbers; `refers` says what a string names in the model
 * ("variable", "decision", "policy", "variant", "outcome", ...). The page makes its parameter forms
 * from these.
 * @typedef {Object} MotiveResponse
 */

/**
 * @typedef {Object} MotiveRequestOptions
 * @property {(fraction: number) => void} [onProgress] Called with the fraction done, in [0, 1], while
 *   the request runs (at most once per 1%); not called while it waits in the queue.
 */

/**
 * @typedef {Object} MotiveClient
 * @property {(request: MotiveRequest, options?: MotiveRequestOptions) => Promise<MotiveResponse>} request
 *   Queues an API request and resolves with its response. Requests run one at a time, in the
 *   order they were made.
 * @property {() => boolean} cancel Stops the running request, if any: terminates the worker (the
 *   engine runs synchronously inside it) and resolves that request's promise with
 *   `{ ok: false, cancelled: true, diagnostics: [{ id: 'analysis.cancelled', ... }] }`. Requests
 *   still waiting in the queue are not cancelled: they run next, in a fresh worker. Returns whether a
 *   request was cancelled.
 * @property {() => void} dispose Terminates the worker and frees its Blob URL; the running and the
 *   queued requests resolve as cancelled, and later requests resolve with "engine.internal".
 */

const CANCELLED_MESSAGE = 'Cancelled.';

function cancelledResponse() {
  return {
    ok: false,
    cancelled: true,
    diagnostics: [{ id: 'analysis.cancelled', line: 0, column: 0, message: CANCELLED_MESSAGE }],
  };
}

function internalErrorResponse(message) {
  return {
    ok: false,
    diagnostics: [{ id: 'engine.internal', line: 0, column: 0, message }],
  };
}

/**
 * Creates a client that runs the engine in a classic Web Worker made from `workerSource` (through
 * a Blob URL, so that it also works from file://). The worker is started at once, so that the wasm
 * module compiles while the page loads, and again after a cancel when the next request comes.
 *
 * @param {string} workerSource The worker script: the text of build/wasm/motive_wasm.js followed by
 *   that of wasm/worker.js.
 * @returns {MotiveClient}
 */
export function createMotiveClient(workerSource) {
  const url = URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' }));
  /** @type {Worker | null} */
  let worker = null;
  /** @type {{id: number, request: Object, onProgress?: Function, resolve: Function} | null} */
  let current = null;
  const queue = [];
  let nextId = 1;
  let disposed = false;

  function finish(job, response) {
    if (current === job) current = null;
    job.resolve(response);
  }

  function stopWorker() {
    if (worker) {
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
      worker = null;
    }
  }

  function startWorker() {
    const w = new Worker(url);
    w.onmessage = (event) => {
      if (w !== worker) return;
      const message = event.data || {};
      const job = current;
      if (!job || message.id !== job.id) return;
      if (message.type === 'progress') {
        if (job.onProgress) {
          try {
            job.onProgress(message.fraction);
          } catch (error) {
            console.error('motive: onProgress threw', error);
          }
        }
      } else if (message.type === 'result') {
        finish(job, message.response);
        pump();
      }
    };
    w.onerror = (event) => {
      // The worker script itself failed (it did not load, or threw outside a request).
      if (event && event.preventDefault) event.preventDefault();
      if (w !== worker) return;
      stopWorker();
      const job = current;
      const message = (event && event.message) || 'the engine worker failed';
      if (job) finish(job, internalErrorResponse('Internal error: ' + message));
      pump();
    };
    worker = w;
    return w;
  }

  function pump() {
    if (current || disposed || queue.length === 0) return;
    current = queue.shift();
    const w = worker || startWorker();
    try {
      w.postMessage({ id: current.id, request: current.request });
    } catch (error) {
      // The request could not be cloned (e.g. it holds a function).
      finish(current, internalErrorResponse('Internal error: ' + (error && error.message ? error.message : error)));
      pump();
    }
  }

  startWorker();

  return {
    request(request, { onProgress } = {}) {
      if (disposed) return Promise.resolve(internalErrorResponse('The engine client was disposed.'));
      return new Promise((resolve) => {
        queue.push({ id: nextId++, request, onProgress, resolve });
        pump();
      });
    },

    cancel() {
      const job = current;
      if (!job) return false;
      stopWorker();
      finish(job, cancelledResponse());
      pump();
      return true;
    },

    dispose() {
      if (disposed) return;
      disposed = true;
      stopWorker();
      URL.revokeObjectURL(url);
      const jobs = current ? [current, ...queue] : [...queue];
      current = null;
      queue.length = 0;
      for (const job of jobs) job.resolve(cancelledResponse());
    },
  };
}
