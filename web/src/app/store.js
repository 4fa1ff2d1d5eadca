// The page's one state store. Views read it and are redrawn through `changed()`; the run lifecycle
// (lifecycle.js) is the only writer of `running` and of the run's responses.
//
//   baseline, label   the text as last loaded (to tell edits from it) and where it came from; `own`
//                     when the user pasted or wrote a model over the whole text
//   modelName         the model chosen in a file with several (null: the first)
//   describe          the last successful "describe" of the editor's text; `kind` its reply's kind
//   catalogue         the engine's catalogue (kinds, analyses, ParamSpecs), once it has answered
//   running           whether a run is under way (the Run button waits)
//   run               the last run: {text, modelName, kind, describe, responses, queries, busy,
//                     failure?}; `responses` holds the engine's replies by name, `queries` what the
//                     user asked for them (a policy, an outcome, ...), `busy` what is being asked
export function createStore() {
  const listeners = new Set();
  return {
    state: {
      baseline: '',
      label: '',
      own: false,
      modelName: null,
      describe: null,
      kind: null,
      catalogue: null,
      running: false,
      run: null,
    },
    // Calls fn() after every change.
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    // Says that the state changed: the views redraw.
    changed() {
      for (const fn of listeners) fn();
    },
  };
}

// A fresh run of a model text; its kind and describe are filled in when the engine has read it.
export function newRun({ text, modelName }) {
  return { text, modelName, kind: null, describe: null, responses: {}, queries: {}, busy: {} };
}
