// The game kind's settings, shared by the picture and every tab: the state analysed (the start, a
// state named in the file, a step of the sampled play, or a state text), the explained player and
// action, and what the user typed for each analysis's numbers. They become the engine's params here,
// in one place; fields start empty and show the engine's defaults (its catalogue), and the engine
// validates what is sent.
import { el } from '../../views/dom.js';
import { analysisSpec } from '../../views/form.js';

export function createGameSettings() {
  return {
    // {kind: 'start'} | {kind: 'named', name} | {kind: 'step', index} | {kind: 'text', text}
    selection: { kind: 'start' },
    player: null, // the explained player (null: the first acting at the state, the engine's default)
    action: null, // {slot: choice} (null: the player's most probable action, the engine's default)
    seed: '', // the play's seed
    text: {}, // `${analysis}.${param}` → what the user typed
    scale: 'mean', // the SBUE chart: 'mean' or 'z'
    query: [], // the counterfactual's constraints: [{slot, op: 'do' | 'not', choice}]
    marks: {}, // MAP@K's annotations at the state: {player: {other: 'friend' | 'enemy'}}
    orders: '', // the Adjudicate tab's orders, as typed (one a line)
    arrows: 'analysis', // a map's arrows: 'analysis' (explained, probable), 'play', 'last' (Risk), 'none'
  };
}

// The state's param: {} at the start, else {state}.
export function stateParams(settings, run) {
  const s = settings.selection;
  if (s.kind === 'named') return { state: s.name };
  if (s.kind === 'text') return { state: s.text };
  if (s.kind === 'step') {
    const text = run?.responses?.play?.ok ? run.responses.play.result.steps[s.index]?.text : null;
    return text ? { state: text } : {};
  }
  return {};
}

// The state's node as the engine describes it ({text, node, describe, acting?, chance?}), or null
// when it has not been read yet (a named state or a text is read by Run).
export function currentNode(settings, run, describe) {
  const s = settings.selection;
  if (s.kind === 'start') return (run?.describe || describe)?.state || null;
  if (s.kind === 'step') {
    const play = run?.responses?.play;
    return play?.ok ? play.result.steps[s.index] || null : null;
  }
  const at = run?.responses?.at;
  if (!at?.ok || run.queries.at?.state !== stateParams(settings, run).state) return null;
  return at.result.state;
}

// A label of the selection, for headings.
export function selectionLabel(settings, run) {
  const s = settings.selection;
  if (s.kind === 'start') return 'the start';
  if (s.kind === 'named') return `“${s.name}”`;
  if (s.kind === 'text') return `the state ${s.text}`;
  const steps = run?.responses?.play?.ok ? run.responses.play.result.steps.length : 0;
  return `step ${s.index} of ${Math.max(0, steps - 1)} of the play`;
}

// The acting player's entry of a decision node (the explained one), or null.
export function explainedEntry(settings, node) {
  if (node?.node !== 'decision') return null;
  const acting = node.acting || [];
  return acting.find((a) => a.player === settings.player) || acting[0] || null;
}

// The explained action shown: the user's if it fits the player's slots, else the most probable.
export function explainedAction(settings, entry) {
  if (!entry) return null;
  const fits =
    settings.action &&
    entry.slots.every((slot) => slot.choices.map(String).includes(String(settings.action[slot.name])));
  return fits ? settings.action : entry.policy?.[0]?.action || null;
}

// {player?, action?}: what the user chose, when it fits the node (else the engine's defaults).
export function explainedParams(settings, node) {
  const entry = explainedEntry(settings, node);
  if (!entry) return {};
  const params = {};
  if (settings.player === entry.player) params.player = entry.player;
  const fits =
    settings.action &&
    entry.slots.every((slot) => slot.choices.map(String).includes(String(settings.action[slot.name])));
  if (fits) params.action = settings.action;
  return params;
}

const specOf = (catalogue, analysis, name) =>
  analysisSpec(catalogue, 'game', analysis)?.params?.find((p) => p.name === name);

// The engine's default of a param, as text ('' when it has none).
export function defaultText(catalogue, analysis, name) {
  const value = specOf(catalogue, analysis, name)?.default;
  if (value === undefined || value === null) return '';
  return Array.isArray(value) ? value.join(', ') : String(value);
}

// A number field of an analysis: empty means the engine's default, shown as the placeholder.
export function numberField(settings, catalogue, analysis, name, label, { onEnter, size = 7 } = {}) {
  const key = `${analysis}.${name}`;
  const spec = specOf(catalogue, analysis, name);
  return el(
    'label',
    { title: spec?.help || null },
    label,
    ' ',
    el('input', {
      id: `game-${analysis}-${name}`,
      type: 'text',
      inputmode: 'decimal',
      size,
      value: settings.text[key] ?? '',
      placeholder: defaultText(catalogue, analysis, name),
      onInput: (event) => {
        settings.text[key] = event.target.value;
      },
      onKeydown: (event) => {
        if (event.key === 'Enter') onEnter?.();
      },
    }),
  );
}

// The params the user typed for an analysis's fields: {params} or {error}. `lists` are the fields
// that take a list of numbers (comma-separated).
export function fieldParams(settings, analysis, names, { lists = [] } = {}) {
  const params = {};
  for (const name of names) {
    const text = (settings.text[`${analysis}.${name}`] ?? '').trim();
    if (text === '') continue;
    if (lists.includes(name)) {
      const parts = text
        .split(/[,\s]+/)
        .filter(Boolean)
        .map((p) => ({ p, n: Number(p) }));
      const bad = parts.find((x) => !Number.isFinite(x.n));
      if (bad) return { error: `${name}: “${bad.p}” is not a number` };
      params[name] = parts.map((x) => x.n);
    } else {
      const n = Number(text);
      if (!Number.isFinite(n)) return { error: `${name}: “${text}” is not a number` };
      params[name] = n;
    }
  }
  return { params };
}

// The play's params.
export function playParams(settings) {
  const text = String(settings.seed ?? '').trim();
  if (text === '') return { params: {} };
  const n = Number(text);
  return Number.isFinite(n) ? { params: { seed: n } } : { error: `seed: “${text}” is not a number` };
}

// The counterfactual's query as the engine takes it.
export function queryParam(settings) {
  return settings.query
    .filter((q) => q.slot && q.choice !== undefined && q.choice !== '')
    .map((q) => ({ slot: q.slot, [q.op === 'not' ? 'not' : 'do']: q.choice }));
}
