// Motive's Web Worker: runs the engine off the page's main thread.
//
// A classic worker script with no imports or exports. The page makes the worker's source by
// concatenating build/wasm/motive_wasm.js (which defines createMotiveModule) and then this file, and
// hands it to createMotiveClient (wasm/client.js), which starts it from a Blob URL; so it also loads
// when the page is opened from file://.
//
// Protocol (one request at a time; the engine is synchronous inside the worker):
//   main -> worker  { id, request }                      request: the API request object (docs/api.md)
//   worker -> main  { id, type: 'progress', fraction }   fraction in [0, 1], at most once per 1%
//   worker -> main  { id, type: 'result', response }     response: the parsed API response
// Any JS error (the module failing to load, a bad request object) becomes a result with the
// diagnostic "engine.internal".

/* global createMotiveModule */
let motiveReady = createMotiveModule();

function motiveInternalError(error) {
  const message = error && error.message ? error.message : String(error);
  return {
    ok: false,
    diagnostics: [{ id: 'engine.internal', line: 0, column: 0, message: 'Internal error: ' + message }],
  };
}

self.onmessage = async (e) => {
  const { id, request } = e.data || {};
  let response;
  try {
    const motive = await motiveReady;
    const text = typeof request === 'string' ? request : JSON.stringify(request);
    const onProgress = (fraction) => self.postMessage({ id, type: 'progress', fraction });
    response = JSON.parse(motive.request(text, onProgress));
  } catch (error) {
    response = motiveInternalError(error);
    // The module may have aborted (e.g. out of memory): start a fresh one for the next request.
    motiveReady = createMotiveModule();
  }
  self.postMessage({ id, type: 'result', response });
};
