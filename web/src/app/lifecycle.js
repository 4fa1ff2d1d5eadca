// The one run lifecycle of the page: start, progress, cancel, finish, errors. Every request a tab,
// a control or the Run button makes goes through a session:
//
//   lifecycle.session(async (ask) => {
//     const reply = await ask('Solving', 'solve', { agent }, { key: 'solve' });
//     ...
//   });
//
// A session waits for no other (a second one asked for while one runs is refused), disables Run,
// shows the progress of each request and hides it at the end, whatever happens. `ask` sends one
// request about the current run's text, stores the reply under `key` in the run's responses and
// redraws; it throws Cancelled when the user cancelled, or when a newer run was asked for (the
// rest of the session would answer for old values), so a session needs no cancel checks of its own.
import { baseRequest, analysisRequest } from './request.js';

export class Cancelled extends Error {
  constructor(reason) {
    super(reason);
    this.reason = reason; // 'cancelled' or 'superseded'
  }
}

// Answers kept by request (a control moved back, only the agent changed: the ε sweep is known).
const CACHE_SIZE = 24;
const CACHE_MAX_MODEL = 200000;

export function createLifecycle({ engine, store, ui }) {
  const { state } = store;
  let cancelRequested = false;
  let rerunPending = false;
  let rerunTimer = 0;
  const cache = new Map();
  const after = []; // called after every session that was not superseded
  let runModel = null; // the Run button's session, set by the page

  async function send(label, request, useCache) {
    const key = useCache ? JSON.stringify(request) : null;
    if (key && cache.has(key)) {
      const hit = cache.get(key);
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    ui.showProgress(label, null);
    const response = await engine.run(request, { onProgress: (f) => ui.showProgress(label, f) });
    if (key && response.ok && request.model.length < CACHE_MAX_MODEL) {
      cache.set(key, response);
      if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value);
    }
    return response;
  }

  // Runs work(ask) as one session. `run` is the run the requests are about (default: the current
  // one). Returns 'done', 'cancelled', 'superseded', 'failed' or 'refused'.
  async function session(work, { run = state.run, cancelMessage = null } = {}) {
    if (state.running || !run || run.failure) return 'refused';
    state.running = true;
    cancelRequested = false;
    ui.setRunEnabled(false);
    store.changed();
    const base = baseRequest(run);
    const ask = async (label, analysis, params, { key, cache: useCache = false, busy } = {}) => {
      if (rerunPending) throw new Cancelled('superseded');
      if (busy) {
        run.busy[busy] = true;
        store.changed();
      }
      try {
        const response = await send(label, analysisRequest(base, analysis, params), useCache);
        if (key) run.responses[key] = response;
        if (response.cancelled || cancelRequested) throw new Cancelled('cancelled');
        return response;
      } finally {
        if (busy) run.busy[busy] = false;
        store.changed();
      }
    };
    let outcome = 'done';
    try {
      await work(ask, run);
    } catch (error) {
      if (error instanceof Cancelled) outcome = error.reason;
      else {
        outcome = 'failed';
        console.error(error);
        ui.toast(`The page failed: ${error?.message || error}`);
      }
    } finally {
      state.running = false;
      ui.setRunEnabled(true);
      ui.hideProgress();
      store.changed();
    }
    if (outcome === 'cancelled') ui.toast(cancelMessage || 'Cancelled: the results shown are incomplete.');
    if (rerunPending) {
      // At once, not after a timer: between the two sessions nothing may look finished.
      rerunPending = false;
      runModel?.();
    } else if (outcome !== 'superseded') {
      for (const fn of after) fn();
    }
    return outcome;
  }

  // Runs the model again shortly (a control moved); a session under way stops at its next request
  // and the new run starts when it has finished.
  function rerun(delay = 250) {
    clearTimeout(rerunTimer);
    rerunTimer = setTimeout(() => {
      if (state.running) rerunPending = true;
      else runModel?.();
    }, delay);
  }

  return {
    session,
    rerun,
    // The user pressed Cancel: stop the request running and what the session would ask next.
    cancel() {
      cancelRequested = true;
      rerunPending = false;
      clearTimeout(rerunTimer);
      engine.cancel();
    },
    // fn() runs after each session (a tab that opened may ask for its results).
    afterSession(fn) {
      after.push(fn);
    },
    setRunModel(fn) {
      runModel = fn;
    },
  };
}
