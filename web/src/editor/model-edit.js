// Small edits of a model's text that the page's controls make for the user: a number field of the
// top-level object ("discount", "slip"), characters of a gridworld's map rows, the positions of a
// SCIM's variables (dragged on the graph). Each function
// returns a change {from, to, insert} in UTF-16 offsets of the text, for the editor to apply as one
// undoable step; it never rewrites the rest of the text, so comments and layout stay as they are.
// The engine remains the only reader of models: this scanner only finds where a field is written.

// Skips blanks and comments from offset i; returns the offset of the next token.
function skipBlank(text, i) {
  const n = text.length;
  for (;;) {
    while (i < n && /\s/.test(text[i])) i++;
    if (text[i] === '/' && text[i + 1] === '/') {
      while (i < n && text[i] !== '\n') i++;
    } else if (text[i] === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
    } else return i;
  }
}

// The offset just past the string that opens at i (text[i] is '"').
function skipString(text, i) {
  let j = i + 1;
  while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
  return Math.min(j + 1, text.length);
}

// The offset just past the value that starts at i: a string, an object or array (brackets balanced,
// strings and comments skipped) or a bare word (number, true, false, null).
function skipValue(text, i) {
  const n = text.length;
  if (text[i] === '"') return skipString(text, i);
  if (text[i] === '{' || text[i] === '[') {
    let depth = 0;
    let j = i;
    while (j < n) {
      j = skipBlank(text, j);
      const c = text[j];
      if (c === '"') {
        j = skipString(text, j);
        continue;
      }
      if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') {
        depth--;
        if (depth === 0) return j + 1;
      }
      j++;
    }
    return n;
  }
  let j = i;
  while (j < n && /[^\s,}\]/]/.test(text[j])) j++;
  return j;
}

// The fields of the top-level object, in order: [{key, keyFrom, valueFrom, valueTo, comma}] where
// `comma` is the offset of the comma after the value (or -1), plus the offsets of the braces.
// Returns null when the text does not start with an object.
export function topLevelFields(text) {
  return objectFields(text, skipBlank(text, 0));
}

// The fields of the object that opens at offset `at` (as topLevelFields), or null when no object
// opens there.
export function objectFields(text, at) {
  let i = at;
  if (text[i] !== '{') return null;
  const open = i;
  const fields = [];
  i = skipBlank(text, i + 1);
  while (i < text.length && text[i] === '"') {
    const keyFrom = i;
    const keyTo = skipString(text, i);
    let key;
    try {
      key = JSON.parse(text.slice(keyFrom, keyTo));
    } catch {
      return null;
    }
    i = skipBlank(text, keyTo);
    if (text[i] !== ':') return null;
    const valueFrom = skipBlank(text, i + 1);
    const valueTo = skipValue(text, valueFrom);
    i = skipBlank(text, valueTo);
    const comma = text[i] === ',' ? i : -1;
    fields.push({ key, keyFrom, valueFrom, valueTo, comma });
    if (comma < 0) break;
    i = skipBlank(text, i + 1);
  }
  const close = text[i] === '}' ? i : -1;
  return { open, close, fields };
}

// The raw text of a top-level field's value, or null.
export function topLevelValue(text, key) {
  const field = topLevelFields(text)?.fields.find((f) => f.key === key);
  return field ? text.slice(field.valueFrom, field.valueTo) : null;
}

// A number as it is written in a model: at most `digits` decimals, no trailing zeros.
export function formatModelNumber(value, digits = 4) {
  return String(Number(value.toFixed(digits)));
}

// The indentation of the line that holds offset i.
function indentAt(text, i) {
  const lineStart = text.lastIndexOf('\n', i - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))[0];
}

// The change that sets a top-level number field: the value is replaced where it is written, or the
// field is added after the last field when the model has none. Returns null when the text is not an
// object.
export function setTopLevelNumber(text, key, value) {
  const scan = topLevelFields(text);
  if (!scan) return null;
  const written = typeof value === 'number' ? formatModelNumber(value) : String(value);
  const field = scan.fields.find((f) => f.key === key);
  if (field) return { from: field.valueFrom, to: field.valueTo, insert: written };
  const entry = `${JSON.stringify(key)}: ${written}`;
  const last = scan.fields[scan.fields.length - 1];
  if (!last) {
    if (scan.close < 0) return null;
    return { from: scan.open + 1, to: scan.close, insert: ` ${entry} ` };
  }
  const indent = indentAt(text, last.keyFrom);
  if (last.comma >= 0) return { from: last.comma + 1, to: last.comma + 1, insert: `\n${indent}${entry},` };
  return { from: last.valueTo, to: last.valueTo, insert: `,\n${indent}${entry}` };
}

// A JSON value as a model writes it by hand: an array or object of plain values on one line, others
// one entry a line, indented by two spaces from `indent` (the indentation of the line it starts on).
export function formatModelJson(value, indent = '') {
  const flat = (v) => v === null || typeof v !== 'object';
  if (flat(value)) return JSON.stringify(value);
  const entries = Array.isArray(value) ? value.map((v) => [null, v]) : Object.entries(value);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  const item = ([k, v], inner) => `${k === null ? '' : `${JSON.stringify(k)}: `}${formatModelJson(v, inner)}`;
  if (!entries.length) return `${open}${close}`;
  if (entries.every(([, v]) => flat(v))) {
    const line = entries.map((e) => item(e, indent)).join(', ');
    return Array.isArray(value) ? `[${line}]` : `{ ${line} }`;
  }
  const inner = `${indent}  `;
  return `${open}\n${entries.map((e) => `${inner}${item(e, inner)}`).join(',\n')}\n${indent}${close}`;
}

// The change that sets a top-level field to a JSON value (formatModelJson): the value is replaced
// where it is written (comments inside the old value go with it; every other line stays as it is), or
// the field is added after the last field. Returns null when the text is not an object.
export function setTopLevelValue(text, key, value) {
  const scan = topLevelFields(text);
  if (!scan) return null;
  const field = scan.fields.find((f) => f.key === key);
  const indent = indentAt(
    text,
    field ? field.keyFrom : (scan.fields[scan.fields.length - 1]?.keyFrom ?? scan.open),
  );
  const written = formatModelJson(value, field || scan.fields.length ? indent : '');
  if (field) return { from: field.valueFrom, to: field.valueTo, insert: written };
  return setTopLevelNumber(text, key, written);
}

// The UTF-16 offset of an engine position (1-based line, 1-based column counting code points).
export function offsetOf(text, line, column) {
  let at = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf('\n', at);
    if (next < 0) return -1;
    at = next + 1;
  }
  for (let c = 1; c < column; c++) {
    if (at >= text.length || text[at] === '\n') return -1;
    at += text.codePointAt(at) > 0xffff ? 2 : 1;
  }
  return at;
}

// The change that writes `char` into column `col` (0-based) of a map row, given the row's span from
// describe (`grid.map_rows[r]`: 1-based line and column of the string including its quotes, and its
// length in code points). Returns null when the text at that span is not such a row any more (the
// text changed since describe) or the row holds escapes.
export function setMapCell(text, span, col, char) {
  if (!span || typeof char !== 'string' || [...char].length !== 1 || char === '"' || char === '\\') {
    return null;
  }
  const from = offsetOf(text, span.line, span.column);
  if (from < 0 || text[from] !== '"') return null;
  const to = skipString(text, from);
  const inner = text.slice(from + 1, to - 1);
  if (text[to - 1] !== '"' || inner.includes('\\') || inner.includes('\n')) return null;
  const cells = [...inner];
  if (span.length !== undefined && cells.length + 2 !== span.length) return null;
  if (col < 0 || col >= cells.length) return null;
  const before = cells.slice(0, col).join('').length;
  return { from: from + 1 + before, to: from + 1 + before + cells[col].length, insert: char };
}

// The change that writes `value` (JSON) as the field `key` of an object, given engine spans: when
// `present`, `span` is the field's value and is replaced; otherwise `span` is the object, and the
// field is added at its end. Returns null when the text at the span is not what describe saw (it
// changed since).
export function setObjectField(text, span, present, key, value) {
  if (!span) return null;
  const from = offsetOf(text, span.line, span.column);
  const to = offsetOf(text, span.end_line, span.end_column);
  if (from < 0 || to <= from) return null;
  if (present) {
    const close = { '{': '}', '[': ']', '"': '"' }[text[from]];
    if (!close || text[to - 1] !== close) return null;
    return { from, to, insert: JSON.stringify(value, null, 2).replace(/\n/g, `\n${indentAt(text, from)}`) };
  }
  if (text[from] !== '{' || text[to - 1] !== '}') return null;
  let before = to - 2;
  while (before > from && /\s/.test(text[before])) before--;
  const indent = `${indentAt(text, from)}  `;
  const comma = text[before] === ',' || text[before] === '{' ? '' : ',';
  const written = JSON.stringify(value, null, 2).replace(/\n/g, `\n${indent}`);
  return {
    from: before + 1,
    to: before + 1,
    insert: `${comma}\n${indent}${JSON.stringify(key)}: ${written}`,
  };
}

// The changes that write each variable's position (`positions`: {name: [x, y]} in grid units) into a
// SCIM's text, as one list for one undoable edit: a "position" already written is replaced where it
// is, a missing one is added as the variable's first field (on its own line when the variable's
// fields are). `model` names the model of a file with several ("models"; default the first).
// Variables whose position is written as given already are left alone. Returns null when the text
// does not read as a model with "variables".
export function setVariablePositions(text, positions, model = null) {
  let scan = topLevelFields(text);
  if (!scan) return null;
  const models = scan.fields.find((f) => f.key === 'models');
  if (models) {
    const inner = objectFields(text, models.valueFrom);
    const chosen = inner?.fields.find((f) => f.key === model) || inner?.fields[0];
    scan = chosen ? objectFields(text, chosen.valueFrom) : null;
    if (!scan) return null;
  }
  const variables = scan.fields.find((f) => f.key === 'variables');
  const list = variables ? objectFields(text, variables.valueFrom) : null;
  if (!list) return null;
  const changes = [];
  for (const v of list.fields) {
    const at = positions[v.key];
    if (!at) continue;
    const written = `[${formatModelNumber(at[0], 2)}, ${formatModelNumber(at[1], 2)}]`;
    const fields = objectFields(text, v.valueFrom);
    if (!fields) continue;
    const position = fields.fields.find((f) => f.key === 'position');
    if (position) {
      if (
        text.slice(position.valueFrom, position.valueTo).replace(/\s/g, '') !== written.replace(/\s/g, '')
      ) {
        changes.push({ from: position.valueFrom, to: position.valueTo, insert: written });
      }
      continue;
    }
    const first = fields.fields[0];
    const entry = `"position": ${written}`;
    if (!first) changes.push({ from: fields.open + 1, to: fields.open + 1, insert: ` ${entry} ` });
    else if (text.slice(fields.open, first.keyFrom).includes('\n')) {
      changes.push({
        from: first.keyFrom,
        to: first.keyFrom,
        insert: `${entry},\n${indentAt(text, first.keyFrom)}`,
      });
    } else changes.push({ from: first.keyFrom, to: first.keyFrom, insert: `${entry}, ` });
  }
  return changes;
}

// Applies a change to a text (for tests and previews).
export function applyChange(text, change) {
  if (Array.isArray(change)) {
    // Changes at distinct places, each in the original text's offsets: apply from the last.
    return [...change].sort((a, b) => b.from - a.from).reduce((t, c) => applyChange(t, c), text);
  }
  return text.slice(0, change.from) + change.insert + text.slice(change.to);
}
