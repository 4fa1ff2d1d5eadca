// A form for an analysis's parameters, made from the engine's ParamSpecs (the catalogue's
// `params`: {name, type, default, help, min?, max?, choices?, infinite?, required?, refers?}). The
// engine validates what is sent (ranges, choices, names); the form only reads its fields as JSON
// values and leaves out the ones left at their default, so a request says what the user chose.
import { el } from './dom.js';

// The names a `refers` of a ParamSpec offers from a describe result (empty: free text).
function namesFor(refers, describe) {
  if (!describe || !refers) return [];
  const names = (list) => (list || []).map((x) => (typeof x === 'string' ? x : x?.name)).filter(Boolean);
  const variables = describe.variables || [];
  switch (refers) {
    case 'variable':
      return names(variables);
    case 'decision':
      return names(describe.decisions);
    case 'outcome':
      return variables.filter((v) => v.type === 'chance').map((v) => v.name);
    case 'policy':
      return names(describe.policies);
    case 'variant':
      return names(describe.variants);
    default:
      return names(describe[`${refers}s`]);
  }
}

const written = (value) => (value === undefined || value === null ? '' : String(value));

// A number as the user typed it: a number, or "inf" / "-inf" where the spec allows infinity.
function numberOf(text, spec) {
  const t = text.trim();
  if (spec.infinite && (t === 'inf' || t === '-inf')) return t;
  const value = Number(t);
  if (t === '' || !Number.isFinite(value)) throw new Error(`${spec.name}: "${text}" is not a number`);
  return value;
}

function listOf(text) {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

// One field: {element, read() → value or undefined (left at its default)}. `value` is what the user
// chose before (kept across redraws), `onInput(value)` remembers a change.
function field(spec, { value, describe, id, onInput }) {
  const hasDefault = spec.default !== undefined && spec.default !== null;
  const start = value !== undefined ? value : spec.default;
  const label = el(
    'span',
    { class: 'param-name' },
    spec.name,
    spec.required && el('span', { class: 'param-required', title: 'required' }, ' *'),
  );
  const help = el('span', { class: 'param-help' }, spec.help || '');
  let input;
  let read;
  const names = namesFor(spec.refers, describe);
  const options = spec.choices?.length ? spec.choices : names;
  switch (spec.type) {
    case 'boolean': {
      input = el('input', { type: 'checkbox', id, checked: Boolean(start) });
      read = () => input.checked;
      break;
    }
    case 'choice': {
      input = el(
        'select',
        { id },
        !hasDefault && el('option', { value: '' }, '(default)'),
        spec.choices.map((c) => el('option', { value: c, selected: c === start }, c)),
      );
      read = () => (input.value === '' ? undefined : input.value);
      break;
    }
    case 'integer':
    case 'number': {
      const numeric = !spec.infinite;
      input = el('input', {
        type: numeric ? 'number' : 'text',
        id,
        value: written(start),
        min: Number.isFinite(spec.min) ? spec.min : null,
        max: Number.isFinite(spec.max) ? spec.max : null,
        step: spec.type === 'integer' ? 1 : 'any',
        inputmode: numeric ? null : 'decimal',
        placeholder: hasDefault ? written(spec.default) : '',
      });
      read = () => (input.value.trim() === '' ? undefined : numberOf(input.value, spec));
      break;
    }
    case 'strings': {
      if (options.length) {
        // A set of names: one checkbox each.
        const chosen = new Set(Array.isArray(start) ? start : []);
        input = el(
          'span',
          { class: 'param-set', id },
          options.map((name) =>
            el(
              'label',
              null,
              el('input', { type: 'checkbox', value: name, checked: chosen.has(name) }),
              ` ${name}`,
            ),
          ),
        );
        read = () => {
          const picked = [...input.querySelectorAll('input:checked')].map((i) => i.value);
          return picked.length || spec.required ? picked : undefined;
        };
      } else {
        input = el('input', { type: 'text', id, value: Array.isArray(start) ? start.join(', ') : '' });
        read = () => (input.value.trim() === '' ? undefined : listOf(input.value));
      }
      break;
    }
    case 'numbers': {
      input = el('input', { type: 'text', id, value: Array.isArray(start) ? start.join(', ') : '' });
      read = () =>
        input.value.trim() === '' ? undefined : listOf(input.value).map((t) => numberOf(t, spec));
      break;
    }
    case 'string': {
      const listId = names.length ? `${id}-names` : null;
      input = el('input', { type: 'text', id, value: written(start), list: listId });
      const list =
        listId &&
        el(
          'datalist',
          { id: listId },
          names.map((n) => el('option', { value: n })),
        );
      if (list) help.append(list);
      read = () => (input.value === '' ? undefined : input.value);
      break;
    }
    default: {
      // Structured: JSON, as docs/api.md writes it.
      input = el('textarea', {
        id,
        rows: 2,
        spellcheck: 'false',
        placeholder: hasDefault ? JSON.stringify(spec.default) : 'JSON',
      });
      input.value = value !== undefined ? JSON.stringify(value) : '';
      read = () => {
        if (input.value.trim() === '') return undefined;
        try {
          return JSON.parse(input.value);
        } catch {
          throw new Error(`${spec.name}: not JSON`);
        }
      };
    }
  }
  const remember = () => {
    try {
      onInput?.(read());
    } catch {
      // Half-typed: remembered once it reads.
    }
  };
  input.addEventListener('change', remember);
  input.addEventListener('input', remember);
  return {
    element: el(
      'label',
      { class: 'param', dataset: { param: spec.name, type: spec.type } },
      label,
      input,
      help,
    ),
    read: () => {
      const v = read();
      // A value equal to the default is left out: the request says only what differs.
      return v !== undefined && !spec.required && JSON.stringify(v) === JSON.stringify(spec.default)
        ? undefined
        : v;
    },
  };
}

// paramForm(specs, {values, describe, idPrefix, onInput(name, value)}) → {element, read()}; read()
// gives {params} or {error} (a field that does not read as its type).
export function paramForm(specs, { values = {}, describe = null, idPrefix = 'param', onInput } = {}) {
  const fields = (specs || []).map((spec) => ({
    spec,
    ...field(spec, {
      value: values[spec.name],
      describe,
      id: `${idPrefix}-${spec.name}`,
      onInput: (v) => onInput?.(spec.name, v),
    }),
  }));
  return {
    element: el(
      'div',
      { class: 'param-form' },
      fields.length ? fields.map((f) => f.element) : el('p', { class: 'explain' }, 'No parameters.'),
    ),
    read() {
      const params = {};
      try {
        for (const f of fields) {
          const v = f.read();
          if (v !== undefined) params[f.spec.name] = v;
        }
      } catch (error) {
        return { error: error.message };
      }
      return { params };
    },
  };
}

// The ParamSpecs of an analysis of a kind in the catalogue (null when the catalogue does not list it).
export function analysisSpec(catalogue, kind, analysis) {
  const entry = catalogue?.kinds?.find((k) => k.name === kind);
  return entry?.analyses?.find((a) => a.name === analysis) || null;
}
