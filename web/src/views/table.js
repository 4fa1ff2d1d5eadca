// Table pieces the kinds' tabs share.
import { el } from './dom.js';

// A column header naming a variable, drawn in the variable's colours (hovering it highlights it).
export function varHeader(name, describe, extraClass = '') {
  const variable = describe?.variables?.find((v) => v.name === name);
  return el(
    'th',
    {
      class: `var var-${variable?.type || 'chance'} ${extraClass}`.trim(),
      dataset: { vars: name },
      scope: 'col',
    },
    name,
  );
}

// A figure of a summary: a label over a value.
export function stat(label, id, value) {
  return el(
    'div',
    { class: 'stat' },
    el('span', { class: 'stat-label' }, label),
    el('span', { class: 'stat-value', id }, value),
  );
}

// A column header: <th scope="col"> with the label, and any other attributes (class, title, dataset).
export function colHead(label, props = {}) {
  return el('th', { scope: 'col', ...props }, label);
}

// A table's header row. Each cell is a label (a plain column header), a ready <th> (colHead,
// varHeader), a list of them, or false/null (left out).
export function headerRow(...cells) {
  const th = (cell) => (typeof cell === 'string' ? colHead(cell) : cell);
  return el('thead', null, el('tr', null, cells.flat().map(th)));
}
