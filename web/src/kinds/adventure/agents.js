// The agents' settings, shared by the Trajectory, Scores and Reward-against-harm tabs: the random
// agent's seed, the soft-optimal agent's β, the regularised planner's α and harm measure, the
// conscience's γ and penalty, the policy table and the recorded choices. Fields start at the
// engine's defaults (its catalogue); the engine validates what is sent.
import { el } from '../../views/dom.js';
import { analysisSpec } from '../../views/form.js';
import { AGENTS, HARM_MEASURES } from './words.js';

// The settings each agent reads.
const FIELDS_OF = {
  random: ['seed'],
  reward: [],
  soft: ['beta', 'seed'],
  regularised: ['alpha', 'harm'],
  conscience: ['gamma', 'conscience_alpha'],
  policy: ['policy', 'fallback', 'seed'],
  choices: ['choices'],
};

const FIELD_LABELS = {
  seed: 'seed',
  beta: 'β',
  alpha: 'α',
  harm: 'harm counts',
  gamma: 'γ',
  conscience_alpha: 'penalty',
  policy: 'policy table (JSON: scene → choice)',
  fallback: 'where the table gives no choice',
  choices: 'choices (JSON list of ids or indices)',
};

export const fieldsOf = (agents) => [...new Set(agents.flatMap((a) => FIELDS_OF[a] || []))];

// The settings object: what the user typed, by field (text), and the agent picked.
export function createAgentSettings() {
  return { agent: 'reward', text: {} };
}

// A field's ParamSpec in the catalogue's `play` analysis.
const specOf = (catalogue, name) =>
  analysisSpec(catalogue, 'adventure', 'play')?.params?.find((p) => p.name === name);

// The engine's default of a field (as text).
function defaultText(catalogue, name) {
  const value = specOf(catalogue, name)?.default;
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

const textOf = (settings, catalogue, name) => settings.text[name] ?? defaultText(catalogue, name);

// The inputs of the given fields. Edits are kept in the settings; Enter in a number calls onEnter().
export function agentFields(settings, catalogue, names, { idPrefix = 'adv', onEnter } = {}) {
  return names.map((name) => {
    const id = `${idPrefix}-${name}`;
    const value = textOf(settings, catalogue, name);
    const remember = (event) => {
      settings.text[name] = event.target.value;
    };
    let input;
    if (name === 'harm' || name === 'fallback') {
      // The engine's choices, in words where the page has them.
      const words = name === 'harm' ? HARM_MEASURES : [];
      const options = (specOf(catalogue, name)?.choices || [value]).map((id) => ({
        id,
        label: words.find((w) => w.id === id)?.label || id,
      }));
      input = el(
        'select',
        { id, onChange: remember },
        options.map((o) => el('option', { value: o.id, selected: o.id === value }, o.label)),
      );
    } else if (name === 'policy' || name === 'choices') {
      input = el('textarea', {
        id,
        rows: 2,
        spellcheck: 'false',
        placeholder: name === 'policy' ? '{"briefing": "accept"}' : '["accept", "promise"]',
        onInput: remember,
      });
      input.value = value;
    } else {
      input = el('input', {
        id,
        type: 'text',
        inputmode: 'decimal',
        size: 5,
        value,
        onInput: remember,
        onKeydown: (event) => {
          if (event.key === 'Enter') onEnter?.();
        },
      });
    }
    return el('label', { class: `agent-field field-${name}` }, el('span', null, FIELD_LABELS[name]), input);
  });
}

function numberOf(text, name) {
  const t = String(text).trim();
  if (t === 'inf' || t === '∞') return 'inf';
  const value = Number(t);
  if (t === '' || !Number.isFinite(value))
    throw new Error(`${FIELD_LABELS[name]}: “${text}” is not a number`);
  return value;
}

function jsonOf(text, name) {
  const t = String(text).trim();
  if (t === '') throw new Error(`${FIELD_LABELS[name]}: write it first`);
  try {
    return JSON.parse(t);
  } catch {
    throw new Error(`${FIELD_LABELS[name]}: not JSON`);
  }
}

// The engine's parameters for the named fields: {params} or {error}.
export function fieldParams(settings, catalogue, names) {
  const params = {};
  try {
    for (const name of names) {
      const text = textOf(settings, catalogue, name);
      // An empty choice (the catalogue, and so its default, not read yet) is left to the engine's default.
      if (name === 'harm' || name === 'fallback') {
        if (text !== '') params[name] = text;
      } else if (name === 'policy' || name === 'choices') params[name] = jsonOf(text, name);
      else if (text.trim() !== '')
        params[name] = name === 'seed' ? Math.trunc(numberOf(text, name)) : numberOf(text, name);
    }
  } catch (error) {
    return { error: error.message };
  }
  return { params };
}

// The engine's parameters for the settings of the given agents: {params} or {error}.
export const agentParams = (settings, catalogue, agents) =>
  fieldParams(settings, catalogue, fieldsOf(agents));

// The agent picker (a select).
export function agentPicker(settings, { id = 'adv-agent', onChange } = {}) {
  return el(
    'select',
    {
      id,
      'aria-label': 'Agent',
      onChange: (event) => {
        settings.agent = event.target.value;
        onChange?.();
      },
    },
    AGENTS.map((a) => el('option', { value: a.id, selected: a.id === settings.agent }, a.label)),
  );
}
