// The page: wires the editor, the engine, the graph and the results together. Data flows one way:
// model text → engine request → JSON response → views.
import './styles.css';
import { el, clear } from './dom.js';
import { createEngine } from './engine.js';
import { createEditor } from './editor.js';
import { createGraphView } from './graph-view.js';
import { createResultsView, diagnosticItem } from './results-view.js';
import { pickIntentionPolicy } from './intention-view.js';
import { pickOutcome } from './causes-view.js';
import { createGallery, examples } from './gallery.js';
import { createGridView } from './grid-view.js';
import { createAgentControls, isMdpKind, variantNames, EPSILON_SWEEP } from './meg-view.js';
import { setTopLevelNumber, setMapCell, topLevelValue } from './model-edit.js';
import { behaviourChange } from './behaviour-view.js';
import { decodeModelHash, shareUrl } from './share.js';
import {
  loadAutosave,
  saveAutosave,
  loadDrafts,
  keepDraft,
  deleteDraft,
  loadTextSize,
  saveTextSize,
} from './storage.js';
import {
  expectedUtilityCsv,
  optimalPoliciesCsv,
  settingsCsv,
  intentionCsv,
  incentivesCsv,
  actualCauseCsv,
  hkwIntentionCsv,
  goalStatesCsv,
  megLikelihoodCsv,
  downloadCanvasPng,
  downloadText,
} from './export.js';

const $ = (id) => document.getElementById(id);
const embed = new URLSearchParams(window.location.search).has('embed');
const isMac = /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
const SETTINGS_PAGE = 50;
const CSV_MAX_ROWS = 100000;

const BLANK_MODEL = `{
  "kind": "scim",
  "title": "New model",
  "variables": {
    "D": { "type": "decision", "domain": ["a", "b"] },
    "U": { "type": "utility", "parents": ["D"], "function": "D == 'a' ? 1 : 0" }
  },
  "policies": { "choose_a": { "D": "'a'" }, "choose_b": { "D": "'b'" } }
}
`;

const engine = createEngine();

// What the page knows. `baseline` is the text as last loaded (so the page can tell edits from it);
// `describe` is the last successful describe of the editor's text.
const state = {
  baseline: '',
  label: '',
  modelName: null,
  describe: null,
  running: false,
  cancelRequested: false,
  run: null, // {text, modelName, describe, responses, settingsQuery, intentionQuery, causesQuery, goalQuery}
  // Gridworlds and MDPs: the describe the world panel shows, the text its map-row spans belong to,
  // the seed of the sampled run, a rerun asked for while running, the SCIM MEG query.
  worldDescribe: null,
  worldSpansText: null,
  goalSeed: 1,
  rerunPending: false,
  scimGoalQuery: null,
};

// ---- Toasts ----

let toastTimer = 0;
function toast(message, action) {
  const box = $('toast');
  clear(box);
  box.append(el('span', null, message));
  if (action) {
    box.append(
      el(
        'button',
        {
          type: 'button',
          onClick: () => {
            box.hidden = true;
            action.run();
          },
        },
        action.label,
      ),
    );
  }
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (box.hidden = true), action ? 12000 : 5000);
}

// ---- Views ----

const graph = createGraphView($('graph'), {
  onHover: (name) => highlight(name ? [name] : []),
});

function highlight(names) {
  graph.highlight(names);
  results.highlight(names);
}

const results = createResultsView($('results'), {
  onHover: (names) => highlight(names),
  onSettingsPage: (query) => runSettingsPage(query),
  onIntention: (query) => runIntention(query),
  onEditBehaviour: (observations, result) => editBehaviour(observations, result),
  onCauses: (outcome) => runCauses(outcome),
  onCausesCsv: (kind) => exportCausesCsv(kind),
  onTab: () => askForTab(),
  onMarks: (marks) => showMarks(marks),
  onGoal: (query) => runScimGoal(query),
  basename: () => exportBasename(),
});

// ---- Gridworlds and MDPs: the world panel in place of the graph ----

// The agent's controls (what they change is asked of the engine again, debounced) and the grid.
const agentControls = createAgentControls($('agent-controls'), {
  onAgent: ({ variantChanged } = {}) => {
    // Another variant is another map: read it, then run.
    if (variantChanged) editor.recheck();
    scheduleGoalRun();
  },
  onNumber: (key, value) => setModelNumber(key, value),
});
const grid = createGridView($('grid'), {
  onEditCell: (row, col, char) => editCell(row, col, char),
  onSeed: (seed) => {
    state.goalSeed = seed;
    scheduleGoalRun(0);
  },
});

// The describe parameters of the variant chosen for a gridworld or MDP (none for the base world).
function variantParams() {
  const variant = isMdpKind(state.worldDescribe) ? agentControls.query().variant : 'base';
  return variant && variant !== 'base' ? { params: { variant } } : {};
}

// A number written in the model text's top level, or undefined.
function numberIn(text, key) {
  const raw = topLevelValue(text, key);
  const value = raw === null ? NaN : Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

// Shows the world panel for gridworlds and MDPs (the graph for other models).
function showWorld(describe, text) {
  const mdp = isMdpKind(describe);
  // A grid gets more of the height; the grid is a canvas, exported as PNG only.
  document.body.classList.toggle('mdp-model', mdp && Boolean(describe.grid));
  $('graph').hidden = mdp;
  $('graph-legend').hidden = mdp;
  $('world').hidden = !mdp;
  $('export-svg').hidden = mdp;
  $('export-png').hidden = mdp && !describe.grid;
  if (!mdp) {
    grid.hide();
    return;
  }
  state.worldDescribe = describe;
  state.worldSpansText = text;
  agentControls.update(describe, { discount: numberIn(text, 'discount'), slip: numberIn(text, 'slip') });
  $('grid').hidden = !describe.grid;
  $('mdp-note').hidden = Boolean(describe.grid);
  $('mdp-note').textContent = describe.grid
    ? ''
    : `An MDP with ${(describe.states || []).length} states and ${(describe.actions || []).length} actions: ` +
      'its values and both policies are in the Policy & values tab.';
  updateWorld();
}

// Whether two describe results have the same states, so one's per-state answers fit the other.
function sameStates(a, b) {
  return (
    (a?.variant ?? 'base') === (b?.variant ?? 'base') &&
    a?.states?.length === b?.states?.length &&
    a?.grid?.rows === b?.grid?.rows &&
    a?.grid?.cols === b?.grid?.cols
  );
}

// Draws the grid of the model in the editor with the last run's answers, when they fit it.
function updateWorld() {
  const describe = state.worldDescribe;
  if (!describe?.grid) return;
  const run = state.run;
  const fits = run && !run.failure && isMdpKind(run.describe) && sameStates(run.describe, describe);
  const r = fits ? run.responses : {};
  grid.update({
    describe,
    solve: r.solve,
    megKnown: r.meg_known,
    megUnknown: r.meg_unknown,
    trajectory: r.trajectories?.ok ? r.trajectories.result.trajectories?.[0] || null : null,
    discount: describe.discount,
    agentLabel: fits ? run.goalQuery?.label : '',
  });
}

// Writes a control's change into the model text as one undoable edit, then runs the analyses again.
function applyModelChange(change, keepsSpans) {
  editor.view.dispatch({ changes: change, userEvent: 'input.control' });
  // A map cell edit replaces one character: the map rows keep their positions.
  if (keepsSpans) state.worldSpansText = editor.getText();
  scheduleGoalRun();
}

function editCell(row, col, char) {
  const text = editor.getText();
  const span = state.worldDescribe?.grid?.map_rows?.[row];
  const change = state.worldSpansText === text && span ? setMapCell(text, span, col, char) : null;
  if (!change) {
    toast('The map changed since it was last read: try again in a moment.');
    return;
  }
  applyModelChange(change, true);
}

function setModelNumber(key, value) {
  const change = setTopLevelNumber(editor.getText(), key, value);
  if (!change) {
    toast(`Could not write "${key}" into the model text: it does not read as an object.`);
    return;
  }
  applyModelChange(change, false);
}

// Runs the analyses again shortly after a control moved; a run in progress finishes first.
let goalTimer = 0;
function scheduleGoalRun(delay = 250) {
  clearTimeout(goalTimer);
  goalTimer = setTimeout(() => {
    if (state.running) state.rerunPending = true;
    else runAll();
  }, delay);
}

// Answers of the engine for gridworlds and MDPs, kept by request: moving a control back, or
// changing only the agent, does not ask again for what is known (the ε sweep, say).
const goalCache = new Map();
const GOAL_CACHE_SIZE = 24;
async function cachedAnalyse(label, req) {
  const key = JSON.stringify(req);
  const hit = goalCache.get(key);
  if (hit) {
    goalCache.delete(key);
    goalCache.set(key, hit);
    return { response: hit };
  }
  const result = await analyse(label, req);
  if (!result.cancelled && result.response?.ok && req.model.length < 200000) {
    goalCache.set(key, result.response);
    if (goalCache.size > GOAL_CACHE_SIZE) goalCache.delete(goalCache.keys().next().value);
  }
  return result;
}

// Asks everything the world panel and the Goal-directedness tab show for a gridworld or MDP: the
// values and policies, known and unknown MEG, L(β), a sampled run, the sweeps. Returns whether the
// run was cancelled.
async function askGoalDirected(run, base) {
  const query = agentControls.query();
  run.goalQuery = query;
  const d = run.describe;
  const params = { agent: query.agent };
  if (query.variant !== 'base') params.variant = query.variant;
  const length =
    typeof d.horizon === 'number'
      ? d.horizon
      : Math.min(400, Math.max(20, 4 * ((d.grid?.rows || 5) + (d.grid?.cols || 5))));
  const steps = [
    ['solve', 'Solving', 'solve', params],
    ['meg_known', 'Known-utility MEG', 'meg', { ...params, utility: 'known' }],
    ['trajectories', 'Sampling a run', 'trajectories', { ...params, count: 1, length, seed: state.goalSeed }],
    ['meg_likelihood', 'The likelihood L(β)', 'meg_likelihood', params],
    ['meg_unknown', 'Unknown-utility MEG', 'meg', { ...params, utility: 'unknown' }],
    [
      'meg_sweep_epsilon',
      'MEG against ε',
      'meg_sweep',
      {
        agent: { kind: 'epsilon_greedy', epsilon: 0 },
        parameter: 'epsilon',
        values: EPSILON_SWEEP,
        utility: ['known', 'unknown'],
        ...(params.variant ? { variant: params.variant } : {}),
      },
    ],
  ];
  const variants = variantNames(d);
  if (variants.length > 1) {
    steps.push([
      'meg_sweep_variant',
      'MEG in each variant',
      'meg_sweep',
      { agent: query.agent, parameter: 'variant', values: variants, utility: ['known', 'unknown'] },
    ]);
  }
  for (const [key, label, analysis, p] of steps) {
    // A control moved: what is left would answer for the old values; the next run starts now.
    if (state.rerunPending) return false;
    const { response, cancelled } = await cachedAnalyse(label, { ...base, analysis, params: p });
    run.responses[key] = response;
    showResults();
    updateWorld();
    if (cancelled) return true;
  }
  return false;
}

// The Goal-directedness tab of a SCIM: MEG of a named policy, for the model's utility or for every
// utility of chosen target variables. Returns whether the run was cancelled.
async function askScimGoal(run, base, query) {
  const names = (run.describe.policies || []).map((p) => p.name);
  const previous = query || run.goalQuery || state.scimGoalQuery;
  const q = {
    policy:
      previous?.policy && names.includes(previous.policy)
        ? previous.policy
        : pickSettingsPolicy(run.describe, run.responses.optimal_policies, null),
    utility: previous?.utility === 'unknown' ? 'unknown' : 'known',
    targets: previous?.targets || [],
  };
  run.goalQuery = q;
  state.scimGoalQuery = q;
  run.responses.meg = undefined;
  run.responses.meg_likelihood = undefined;
  if (!q.policy) return false;
  run.goalRunning = true;
  showResults();
  try {
    const params = { policy: q.policy, utility: q.utility };
    if (q.utility === 'unknown') params.targets = q.targets;
    const meg = await analyse('Goal-directedness', { ...base, analysis: 'meg', params });
    run.responses.meg = meg.response;
    if (meg.cancelled) return true;
    if (q.utility !== 'known') return false;
    const likelihood = await analyse('The likelihood L(β)', {
      ...base,
      analysis: 'meg_likelihood',
      params: { policy: q.policy },
    });
    run.responses.meg_likelihood = likelihood.response;
    return Boolean(likelihood.cancelled);
  } finally {
    run.goalRunning = false;
  }
}

// The Goal-directedness tab's Measure button and policy picker (SCIMs).
function runScimGoal(query) {
  return step((run, base) => askScimGoal(run, base, query));
}

// The marks a results tab puts on the graph, with their legend entries.
function showMarks(marks) {
  graph.mark(marks);
  $('legend-intended').hidden = !marks?.ring?.length;
  $('legend-excluded').hidden = !marks?.dim?.length;
  $('legend-witness').hidden = !marks?.focus?.length;
  $('legend-path').hidden = !marks?.path?.length;
  $('legend-given').hidden = !marks?.given?.length;
}

function showDiagnostics(diagnostics) {
  const list = $('diagnostics');
  clear(list);
  for (const d of diagnostics) list.append(diagnosticItem(d, (x) => editor.reveal(x.line, x.column)));
  $('diagnostics-panel').hidden = diagnostics.length === 0;
}

function showModelHeading(describe) {
  $('model-title').textContent = describe?.title || 'Causal graph';
  const description = $('model-description');
  clear(description);
  if (describe?.description) description.append(describe.description);
  if (describe?.source) description.append(' ', el('cite', null, describe.source));
  description.title = description.textContent;
}

function showModelPicker(models) {
  const picker = $('model-picker');
  clear(picker);
  for (const name of models) {
    picker.append(el('option', { value: name, selected: name === (state.modelName ?? models[0]) }, name));
  }
  $('model-picker-label').hidden = models.length < 2;
}

// ---- Checking while typing ----

function baseRequest(text) {
  const req = { model: text };
  if (state.modelName) req.model_name = state.modelName;
  return req;
}

// Runs "describe" on the editor's text; updates the graph, heading and diagnostic list, and returns
// the diagnostics for the editor's inline markers.
async function check(text) {
  let response = await engine.check({ ...baseRequest(text), analysis: 'describe', ...variantParams() });
  if (!response.ok && response.diagnostics?.some((d) => d.id === 'request.unknown_variant')) {
    // The chosen variant is gone from the text: show the base world.
    agentControls.resetVariant();
    response = await engine.check({ ...baseRequest(text), analysis: 'describe' });
  }
  if (!response.ok && state.modelName && response.diagnostics?.every((d) => !(d.line >= 1))) {
    // The chosen model may no longer exist in the text: fall back to the first one.
    state.modelName = null;
    response = await engine.check({ ...baseRequest(text), analysis: 'describe' });
  }
  if (text !== editor.getText()) return []; // outdated; a newer check follows
  if (response.ok) {
    state.describe = response.result;
    const models = response.result.models || [];
    if (state.modelName && !models.includes(state.modelName)) state.modelName = null;
    showModelPicker(models);
    showModelHeading(response.result);
    results.setKind(response.result);
    showWorld(response.result, text);
    if (!isMdpKind(response.result)) graph.show(response.result);
    $('graph-note').textContent = '';
    showDiagnostics([]);
    return [];
  }
  const diagnostics = response.diagnostics || [];
  showDiagnostics(diagnostics);
  if (graph.hasGraph()) $('graph-note').textContent = 'showing the last model that read without errors';
  return diagnostics;
}

// ---- The editor and autosave ----

let saveTimer = 0;
function scheduleAutosave() {
  if (embed) return;
  clearTimeout(saveTimer);
  saveTimer = setTimeout(saveNow, 300);
}

function saveNow() {
  if (embed) return;
  clearTimeout(saveTimer);
  saveAutosave({
    text: editor.getText(),
    baseline: state.baseline,
    label: state.label,
    modelName: state.modelName,
    savedAt: Date.now(),
  });
}

function edited() {
  return editor.getText() !== state.baseline;
}

function showOrigin() {
  $('model-origin').textContent = state.label ? `${state.label}${edited() ? ' (edited)' : ''}` : '';
}

// Loads a text into the editor. Edits the user made to the current text are kept as a draft first,
// with an offer to bring them back.
function loadText(text, label, { runAfter = false } = {}) {
  const previous = editor.getText();
  if (edited() && previous.trim() && previous !== text) {
    keepDraft(previous, state.label || 'Untitled model');
    const keptLabel = state.label || 'your model';
    toast(`Your edits to ${keptLabel} were kept (Examples → Your kept edits).`, {
      label: 'Bring them back',
      run: () => loadText(previous, keptLabel),
    });
  }
  state.baseline = text;
  state.label = label;
  state.modelName = null;
  state.run = null;
  showResults();
  editor.setText(text);
  showOrigin();
  saveNow();
  editor.recheck();
  if (runAfter) runAll();
}

const editor = createEditor($('editor'), {
  text: '',
  check,
  onChange: () => {
    showOrigin();
    scheduleAutosave();
    $('results-stale').hidden = !state.run || state.run.text === editor.getText();
  },
  onRun: () => runAll(),
});

// ---- Running analyses ----

function showProgress(label, fraction) {
  $('run-status').hidden = false;
  $('progress-label').textContent =
    fraction === null ? `${label}…` : `${label}… ${Math.round(fraction * 100)}%`;
  const bar = $('progress');
  if (fraction === null) bar.removeAttribute('value');
  else bar.value = fraction;
}

function hideProgress() {
  $('run-status').hidden = true;
}

function showResults() {
  const run = state.run;
  results.show(run && { ...run, onReveal: (d) => editor.reveal(d.line, d.column) });
  $('export-json').disabled = !run || Boolean(run.failure);
  $('export-csv').disabled = !run || Boolean(run.failure);
  $('results-stale').hidden = !run || run.text === editor.getText();
}

// Sends one analysis request of the current run with progress; null when the run was cancelled.
async function analyse(label, req) {
  showProgress(label, null);
  const response = await engine.run(req, { onProgress: (f) => showProgress(label, f) });
  if (response.cancelled || state.cancelRequested) return { cancelled: true, response };
  return { response };
}

// The settings policy to show: the one chosen before if it still exists, else an optimal named
// policy, else the first.
function pickSettingsPolicy(describe, optimal, previous) {
  const names = (describe.policies || []).map((p) => p.name);
  if (previous && names.includes(previous)) return previous;
  const best = optimal?.ok ? optimal.result.optimal_named_policies || [] : [];
  return best[0] || names[0] || null;
}

async function runAll() {
  if (state.running) return;
  state.running = true;
  state.cancelRequested = false;
  $('run').disabled = true;
  const text = editor.getText();
  const base = baseRequest(text);
  const previousQuery = state.run?.settingsQuery;
  const previousIntention = state.run?.intentionQuery;
  const previousOutcome = state.run?.causesQuery?.outcome;
  try {
    const described = await analyse('Reading the model', {
      ...base,
      analysis: 'describe',
      ...variantParams(),
    });
    if (described.cancelled) return toast('Cancelled.');
    if (!described.response.ok) {
      state.run = { text, failure: described.response };
      showDiagnostics(described.response.diagnostics || []);
      return;
    }
    const describe = described.response.result;
    const run = {
      text,
      modelName: state.modelName,
      describe,
      responses: {},
      settingsQuery: null,
      intentionQuery: null,
      causesQuery: previousOutcome ? { outcome: previousOutcome } : null,
    };
    state.run = run;

    // Gridworlds and MDPs have their own analyses.
    if (isMdpKind(describe)) {
      if (await askGoalDirected(run, base)) return toast('Cancelled: the results shown are incomplete.');
      return;
    }

    // Without decisions the model has one expected utility, with no policy.
    if ((describe.policies || []).length > 0 || !(describe.decisions || []).length) {
      const eu = await analyse('Expected utilities', { ...base, analysis: 'expected_utility' });
      run.responses.expected_utility = eu.response;
      showResults();
      if (eu.cancelled) return toast('Cancelled: the results shown are incomplete.');
    }
    if ((describe.decisions || []).length > 0) {
      const optimal = await analyse('Optimal policies', { ...base, analysis: 'optimal_policies' });
      run.responses.optimal_policies = optimal.response;
      showResults();
      if (optimal.cancelled) return toast('Cancelled: the results shown are incomplete.');
    }
    const needsPolicy = (describe.decisions || []).length > 0;
    const policy = needsPolicy
      ? pickSettingsPolicy(describe, run.responses.optimal_policies, previousQuery?.policy)
      : null;
    run.settingsQuery = { policy, offset: 0, limit: previousQuery?.limit || SETTINGS_PAGE };
    if (!needsPolicy || policy) {
      const settings = await analyse('Settings', settingsRequest(base, run.settingsQuery));
      run.responses.settings = settings.response;
      if (settings.cancelled) return toast('Cancelled: the results shown are incomplete.');
    }
    // Intention is asked for on its tab; a run made while the tab is open asks again.
    const intentionPolicy = needsPolicy
      ? pickIntentionPolicy(describe, run.responses.optimal_policies, previousIntention?.policy)
      : null;
    run.intentionQuery = { policy: intentionPolicy, oracle: previousIntention?.oracle };
    if (intentionPolicy && results.activeTab() === 'intention') {
      run.intentionRunning = true;
      showResults();
      const intention = await analyse('Intentions', intentionRequest(base, run.intentionQuery));
      run.intentionRunning = false;
      run.responses.intention = intention.response;
      if (intention.cancelled) return toast('Cancelled: the results shown are incomplete.');
      if (await askCauses(run, base)) return toast('Cancelled: the results shown are incomplete.');
    }
    // The incentives read only the graph: asked for when their tab is open.
    if (needsPolicy && results.activeTab() === 'incentives') {
      if (await askIncentives(run, base)) return toast('Cancelled: the results shown are incomplete.');
    }
  } finally {
    state.running = false;
    $('run').disabled = false;
    hideProgress();
    showResults();
    updateWorld();
    // A control moved during the run: run again with its new value.
    if (state.rerunPending) {
      state.rerunPending = false;
      scheduleGoalRun(0);
    }
  }
  askForTab();
}

function settingsRequest(base, query) {
  const params = { offset: query.offset, limit: query.limit };
  if (query.policy) params.policy = query.policy;
  return { ...base, analysis: 'settings', params };
}

function intentionRequest(base, query) {
  const params = { policy: query.policy };
  if (query.oracle && query.oracle !== 'subjective') params.oracle = query.oracle;
  return { ...base, analysis: 'intention', params };
}

// Writes the observed behaviour the Intention tab's form gives into the model's "behaviour" section
// (one undoable edit), then runs again, so what the user enters lives in the text.
function editBehaviour(observations, result) {
  const run = state.run;
  if (!run?.describe || state.running) return;
  const text = editor.getText();
  const change = text === run.text ? behaviourChange(text, run.describe, result, observations) : null;
  if (!change) {
    toast('The model text changed since the last run: run it again, then add the observation.');
    return;
  }
  editor.view.dispatch({ changes: change, userEvent: 'input.control' });
  runAll();
}

function runBase(run) {
  const base = { model: run.text };
  if (run.modelName) base.model_name = run.modelName;
  return base;
}

// Asks whether the decision is an actual cause of the chosen outcome, and what H&KW's definitions
// say, under the Intention tab's policy. Returns whether the run was cancelled.
async function askCauses(run, base) {
  const policy = run.intentionQuery?.policy;
  const outcome = pickOutcome(run.describe, run.responses.intention, run.causesQuery?.outcome);
  run.causesQuery = { policy, outcome };
  run.responses.actual_cause = undefined;
  run.responses.hkw_intention = undefined;
  if (!policy || !outcome) return false;
  run.causesRunning = true;
  showResults();
  try {
    const cause = await analyse('Actual causes', {
      ...base,
      analysis: 'actual_cause',
      params: { policy, outcomes: [outcome] },
    });
    run.responses.actual_cause = cause.response;
    if (cause.cancelled) return true;
    showResults();
    const hkw = await analyse('H&KW intention', {
      ...base,
      analysis: 'hkw_intention',
      params: { policy, variables: [outcome] },
    });
    run.responses.hkw_intention = hkw.response;
    return Boolean(hkw.cancelled);
  } finally {
    run.causesRunning = false;
  }
}

// Reads the incentives off the graph. Returns whether the run was cancelled.
async function askIncentives(run, base) {
  run.incentivesRunning = true;
  showResults();
  try {
    const incentives = await analyse('Incentives', { ...base, analysis: 'incentives' });
    run.responses.incentives = incentives.response;
    return Boolean(incentives.cancelled);
  } finally {
    run.incentivesRunning = false;
  }
}

// Runs one step of the current run on its own (a tab's button or picker): the Run button waits.
async function step(fn) {
  const run = state.run;
  if (!run || run.failure || state.running) return;
  state.running = true;
  state.cancelRequested = false;
  $('run').disabled = true;
  try {
    if (await fn(run, runBase(run))) toast('Cancelled.');
  } finally {
    state.running = false;
    $('run').disabled = false;
    hideProgress();
    showResults();
  }
  askForTab();
}

// The Incentives tab asks for its result when it opens (they are quick: the graph alone).
function askForTab() {
  const run = state.run;
  if (!run || run.failure || state.running || !(run.describe?.decisions || []).length) return;
  if (results.activeTab() === 'incentives' && !run.responses.incentives) step(askIncentives);
  if (results.activeTab() === 'goal' && !run.goalQuery) {
    step((r, base) => askScimGoal(r, base));
  }
}

// Compares causes for another outcome variable (the Causes section's picker and button).
function runCauses(outcome) {
  const run = state.run;
  if (!run || !run.intentionQuery?.policy) return;
  return step(async (r, base) => {
    r.causesQuery = { ...r.causesQuery, outcome };
    return askCauses(r, base);
  });
}

// Asks what the chosen policy intends (the Intention tab's button and policy picker).
async function runIntention(query) {
  const run = state.run;
  if (!run || run.failure || state.running || !query?.policy) return;
  state.running = true;
  state.cancelRequested = false;
  $('run').disabled = true;
  run.intentionQuery = query;
  run.responses.intention = undefined;
  run.intentionRunning = true;
  showResults();
  try {
    const base = { model: run.text };
    if (run.modelName) base.model_name = run.modelName;
    const intention = await analyse('Intentions', intentionRequest(base, query));
    run.intentionRunning = false;
    run.responses.intention = intention.response;
    if (intention.cancelled || (await askCauses(run, base))) toast('Cancelled.');
  } finally {
    run.intentionRunning = false;
    state.running = false;
    $('run').disabled = false;
    hideProgress();
    showResults();
  }
  askForTab();
}

async function runSettingsPage(query) {
  const run = state.run;
  if (!run || state.running) return;
  state.running = true;
  state.cancelRequested = false;
  try {
    const base = { model: run.text };
    if (run.modelName) base.model_name = run.modelName;
    const settings = await analyse('Settings', settingsRequest(base, query));
    if (settings.cancelled) return toast('Cancelled.');
    run.settingsQuery = query;
    run.responses.settings = settings.response;
  } finally {
    state.running = false;
    hideProgress();
    showResults();
  }
}

// ---- Exports ----

function slug(text) {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function exportBasename() {
  return slug(state.run?.describe?.title || state.describe?.title || 'motive') || 'motive';
}

function exportJson() {
  const run = state.run;
  if (!run || run.failure) return;
  const out = {
    model_name: run.describe?.models?.length ? run.modelName || run.describe.models[0] : undefined,
    describe: run.describe,
    expected_utility: run.responses.expected_utility,
    optimal_policies: run.responses.optimal_policies,
    settings: run.responses.settings,
    settings_query: run.settingsQuery,
    intention: run.responses.intention,
    intention_query: run.responses.intention ? run.intentionQuery : undefined,
    actual_cause: run.responses.actual_cause,
    hkw_intention: run.responses.hkw_intention,
    causes_query: run.responses.actual_cause || run.responses.hkw_intention ? run.causesQuery : undefined,
    incentives: run.responses.incentives,
    goal_query: run.goalQuery,
    solve: run.responses.solve,
    meg: run.responses.meg,
    meg_known: run.responses.meg_known,
    meg_unknown: run.responses.meg_unknown,
    meg_likelihood: run.responses.meg_likelihood,
    meg_sweep_epsilon: run.responses.meg_sweep_epsilon,
    meg_sweep_variant: run.responses.meg_sweep_variant,
    trajectories: run.responses.trajectories,
  };
  downloadText(`${exportBasename()}-results.json`, `${JSON.stringify(out, null, 2)}\n`, 'application/json');
}

async function exportCsv() {
  const run = state.run;
  if (!run || run.failure) return;
  const tab = results.activeTab();
  const name = exportBasename();
  if (tab === 'expected_utility' && run.responses.expected_utility?.ok) {
    downloadText(
      `${name}-expected-utility.csv`,
      expectedUtilityCsv(run.responses.expected_utility, run.describe),
      'text/csv',
    );
  } else if (tab === 'optimal_policies' && run.responses.optimal_policies?.ok) {
    downloadText(
      `${name}-optimal-policies.csv`,
      optimalPoliciesCsv(run.responses.optimal_policies),
      'text/csv',
    );
  } else if (tab === 'settings' && run.responses.settings?.ok) {
    downloadText(`${name}-settings.csv`, settingsCsv(await allSettingsPages(run)), 'text/csv');
  } else if (tab === 'intention' && run.responses.intention?.ok) {
    downloadText(`${name}-intention.csv`, intentionCsv(run.responses.intention, run.describe), 'text/csv');
  } else if (tab === 'incentives' && run.responses.incentives?.ok) {
    downloadText(`${name}-incentives.csv`, incentivesCsv(run.responses.incentives), 'text/csv');
  } else if ((tab === 'goal' || tab === 'values') && isMdpKind(run.describe) && run.responses.solve?.ok) {
    downloadText(`${name}-states.csv`, goalStatesCsv(run.describe, run.responses), 'text/csv');
  } else if (tab === 'goal' && run.responses.meg_likelihood?.ok) {
    downloadText(`${name}-likelihood.csv`, megLikelihoodCsv(run.responses.meg_likelihood), 'text/csv');
  } else {
    toast('This tab has no table to export.');
  }
}

// The Causes section's tables (its own CSV buttons; the panel's CSV button exports the intentions).
function exportCausesCsv(kind) {
  const run = state.run;
  if (!run || run.failure) return;
  const name = exportBasename();
  const outcome = slug(run.causesQuery?.outcome || '') || 'outcome';
  if (kind === 'actual_cause' && run.responses.actual_cause?.ok) {
    downloadText(
      `${name}-actual-cause-${outcome}.csv`,
      actualCauseCsv(run.responses.actual_cause, run.causesQuery?.policy, run.describe),
      'text/csv',
    );
  } else if (kind === 'hkw_intention' && run.responses.hkw_intention?.ok) {
    downloadText(
      `${name}-hkw-intention-${outcome}.csv`,
      hkwIntentionCsv(run.responses.hkw_intention),
      'text/csv',
    );
  }
}

// Every row of the settings table (asked of the engine page by page), or only the shown page when
// the table is too large for a CSV file.
async function allSettingsPages(run) {
  const shown = run.responses.settings.result;
  if (shown.total <= shown.rows.length || shown.total > CSV_MAX_ROWS || state.running) {
    if (shown.total > shown.rows.length)
      toast(`Exported the ${shown.rows.length} rows shown of ${shown.total}.`);
    return [shown];
  }
  const pages = [];
  const base = { model: run.text };
  if (run.modelName) base.model_name = run.modelName;
  state.running = true;
  try {
    for (let offset = 0; offset < shown.total; offset += 10000) {
      const { response, cancelled } = await analyse(
        'Collecting settings',
        settingsRequest(base, { ...run.settingsQuery, offset, limit: 10000 }),
      );
      if (cancelled || !response.ok) return [shown];
      pages.push(response.result);
    }
  } finally {
    state.running = false;
    hideProgress();
  }
  return pages;
}

// ---- Share ----

async function openShareDialog() {
  const dialog = $('share-dialog');
  const text = editor.getText();
  const link = await shareUrl(text);
  const embedLink = await shareUrl(text, { embed: true });
  const src = embedLink.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const iframe =
    `<iframe src="${src}" width="100%" height="640" ` +
    'style="border:1px solid #ccc" title="Motive"></iframe>';
  const field = (id, label, value) => {
    const input = el('textarea', { id, readonly: true, rows: 3, spellcheck: 'false' });
    input.value = value;
    const copy = el(
      'button',
      {
        type: 'button',
        onClick: async () => {
          input.select();
          try {
            await navigator.clipboard.writeText(value);
            copy.textContent = 'Copied';
          } catch {
            copy.textContent = 'Press Ctrl+C';
          }
        },
      },
      'Copy',
    );
    return el('div', { class: 'share-field' }, el('label', { for: id }, label), input, copy);
  };
  clear(dialog);
  dialog.append(
    el(
      'header',
      { class: 'dialog-header' },
      el('h2', null, 'Share this model'),
      el(
        'button',
        { type: 'button', class: 'icon', 'aria-label': 'Close', onClick: () => dialog.close() },
        '✕',
      ),
    ),
    el(
      'p',
      { class: 'explain' },
      'The model travels inside the link (compressed in the part after #): no server stores it.',
    ),
    field('share-link', 'Link', link),
    field('share-embed', 'Embed in a web page', iframe),
    el('p', { class: 'explain' }, `${link.length.toLocaleString('en')} characters.`),
  );
  dialog.showModal();
  $('share-link').select();
}

// ---- Gallery ----

const gallery = createGallery($('gallery'), {
  onPick: (example) => loadText(example.text, example.title, { runAfter: true }),
  drafts: loadDrafts,
  onRestoreDraft: (draft) => loadText(draft.text, draft.label),
  onDeleteDraft: deleteDraft,
});

// ---- Controls ----

function setTextSize(size) {
  document.documentElement.classList.toggle('large-text', size === 'large');
  $('text-size').setAttribute('aria-pressed', String(size === 'large'));
}

function wireControls() {
  $('run-shortcut').textContent = isMac ? '⌘↵' : 'Ctrl+Enter';
  $('run').title = `Run the analyses (${isMac ? 'Cmd' : 'Ctrl'}+Enter)`;
  $('run').addEventListener('click', () => runAll());
  $('cancel').addEventListener('click', () => {
    state.cancelRequested = true;
    state.rerunPending = false;
    clearTimeout(goalTimer);
    engine.cancel();
  });
  $('open-gallery').addEventListener('click', () => gallery.open());
  $('share').addEventListener('click', () => openShareDialog());
  $('model-picker').addEventListener('change', (event) => {
    state.modelName = event.target.value;
    saveNow();
    editor.recheck();
    if (state.run) runAll();
  });
  $('export-svg').addEventListener('click', () => graph.exportSvg(exportBasename()));
  $('export-png').addEventListener('click', () =>
    isMdpKind(state.describe)
      ? grid.exportPng(exportBasename(), downloadCanvasPng)
      : graph.exportPng(exportBasename()),
  );
  $('export-json').addEventListener('click', exportJson);
  $('export-csv').addEventListener('click', exportCsv);
  $('text-size').addEventListener('click', () => {
    const size = document.documentElement.classList.contains('large-text') ? 'normal' : 'large';
    setTextSize(size);
    saveTextSize(size);
  });
  $('toggle-editor').addEventListener('click', () => {
    const open = document.body.classList.toggle('editor-open');
    $('toggle-editor').setAttribute('aria-expanded', String(open));
    $('toggle-editor').textContent = open ? 'Hide model text' : 'Show model text';
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.defaultPrevented) {
      event.preventDefault();
      runAll();
    }
  });
  window.addEventListener('hashchange', () => openFromHash());
  window.addEventListener('pagehide', saveNow);
}

// ---- Start ----

// Loads the model a share link carries, if any. Returns whether it did.
async function openFromHash() {
  const decoded = await decodeModelHash(window.location.hash);
  if (!decoded) return false;
  if (decoded.error) {
    toast(decoded.error);
    return false;
  }
  if (!embed) {
    // The text now lives in the editor (and its autosave): a reload shows the user's edits.
    history.replaceState(null, '', window.location.pathname + window.location.search);
  }
  loadText(decoded.text, 'Shared model', { runAfter: true });
  return true;
}

async function start() {
  document.body.classList.toggle('embed', embed);
  setTextSize(embed ? 'normal' : loadTextSize());
  wireControls();
  if (embed) {
    const full = new URL(window.location.href);
    full.search = '';
    $('open-full').href = full.toString();
    window.addEventListener('hashchange', () => {
      full.hash = window.location.hash;
      $('open-full').href = full.toString();
    });
  }
  const saved = embed ? null : loadAutosave();
  if (saved) {
    state.baseline = typeof saved.baseline === 'string' ? saved.baseline : saved.text;
    state.label = typeof saved.label === 'string' ? saved.label : '';
    state.modelName = typeof saved.modelName === 'string' ? saved.modelName : null;
    editor.setText(saved.text);
    showOrigin();
  }
  if (await openFromHash()) return;
  if (!saved) {
    const first = examples[0];
    if (first) loadText(first.text, first.title, { runAfter: embed });
    else loadText(BLANK_MODEL, 'New model');
  }
}

start();
