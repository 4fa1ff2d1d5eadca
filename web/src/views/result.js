// Any analysis's result, readably, for replies no kind module has a view for: its numbers and names
// as a list, each array of records as a table, anything else as a collapsible JSON tree.
import { el, formatNumber } from './dom.js';
import { jsonTree } from './json-tree.js';
import { toCsv } from './export.js';

const ROWS_SHOWN = 200;

const isRecord = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);
const isScalar = (x) => x === null || typeof x !== 'object';

// Whether a value is an array of records (objects), which reads best as a table.
export function isRecords(value) {
  return Array.isArray(value) && value.length > 0 && value.every(isRecord);
}

// The columns of a table of records: every key, in the order first met.
function columnsOf(records) {
  const columns = [];
  const seen = new Set();
  for (const r of records) {
    for (const k of Object.keys(r)) {
      if (!seen.has(k)) {
        seen.add(k);
        columns.push(k);
      }
    }
  }
  return columns;
}

function cellText(value) {
  if (value === undefined) return '';
  if (typeof value === 'number') return formatNumber(value);
  if (isScalar(value)) return String(value);
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

function recordsTable(records, { id } = {}) {
  const columns = columnsOf(records);
  const shown = records.slice(0, ROWS_SHOWN);
  return el(
    'div',
    { class: 'table-wrap' },
    el(
      'table',
      { class: 'data records', id },
      el(
        'thead',
        null,
        el(
          'tr',
          null,
          columns.map((c) => el('th', { scope: 'col' }, c)),
        ),
      ),
      el(
        'tbody',
        null,
        shown.map((r) =>
          el(
            'tr',
            null,
            columns.map((c) => el('td', { class: typeof r[c] === 'number' ? 'num' : null }, cellText(r[c]))),
          ),
        ),
      ),
    ),
    records.length > shown.length &&
      el('p', { class: 'explain' }, `${shown.length} of ${records.length} rows shown (the JSON has all).`),
  );
}

// The result: scalars first as a list of facts, then a table per array of records, then the rest
// as trees.
export function renderResult(result, { idPrefix = 'result' } = {}) {
  if (isRecords(result)) return recordsTable(result, { id: `${idPrefix}-table` });
  if (!isRecord(result)) return jsonTree(result);
  const entries = Object.entries(result);
  const facts = entries.filter(([, v]) => isScalar(v));
  const tables = entries.filter(([, v]) => isRecords(v));
  const rest = entries.filter(([, v]) => !isScalar(v) && !isRecords(v));
  return el(
    'div',
    { class: 'generic-result' },
    facts.length > 0 &&
      el(
        'dl',
        { class: 'facts' },
        facts.map(([k, v]) => [el('dt', null, k), el('dd', { dataset: { key: k } }, cellText(v))]),
      ),
    tables.map(([k, v]) =>
      el(
        'section',
        { class: 'result-table', dataset: { key: k } },
        el('h4', null, `${k} (${v.length})`),
        recordsTable(v, { id: `${idPrefix}-${k}` }),
      ),
    ),
    rest.map(([k, v]) =>
      el('section', { class: 'result-tree', dataset: { key: k } }, el('h4', null, k), jsonTree(v)),
    ),
  );
}

// The first table of a result as CSV (null when it has none): the result itself when it is an array
// of records, else its first property that is.
export function resultCsv(result) {
  const records = isRecords(result) ? result : Object.values(isRecord(result) ? result : {}).find(isRecords);
  if (!records) return null;
  const columns = columnsOf(records);
  return toCsv(
    columns,
    records.map((r) => columns.map((c) => r[c])),
  );
}
