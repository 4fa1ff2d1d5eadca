// A JSON value as a collapsible tree: objects and arrays fold (the first levels open), scalars are
// written as JSON writes them. For replies no view knows the shape of.
import { el } from './dom.js';

const OPEN_LEVELS = 2;
const MAX_CHILDREN = 500;

function scalar(value) {
  const type = value === null ? 'null' : typeof value;
  return el('span', { class: `json-${type}` }, JSON.stringify(value));
}

function node(key, value, depth) {
  const label = key === null ? null : el('span', { class: 'json-key' }, `${key}: `);
  if (value === null || typeof value !== 'object') return el('li', null, label, scalar(value));
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  const summary = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
  const shown = entries.slice(0, MAX_CHILDREN);
  return el(
    'li',
    null,
    el(
      'details',
      { open: depth < OPEN_LEVELS },
      el('summary', null, label, el('span', { class: 'json-count' }, summary)),
      el(
        'ul',
        { class: 'json-tree' },
        shown.map(([k, v]) => node(k, v, depth + 1)),
        entries.length > shown.length &&
          el('li', { class: 'explain' }, `… ${entries.length - shown.length} more`),
      ),
    ),
  );
}

export function jsonTree(value) {
  return el('ul', { class: 'json-tree json-root' }, node(null, value, 0));
}
