// The engine's diagnostics in the editor: its positions (1-based line and column, in code points)
// as document offsets, and its diagnostics as CodeMirror's.

// Converts an engine position (1-based line and column, columns counting Unicode code points) into a
// document offset, clamped into the document.
export function positionToOffset(doc, line, column) {
  if (!(line >= 1)) return 0;
  if (line > doc.lines) return doc.length;
  const { from, text } = doc.line(line);
  let offset = 0;
  for (let point = 1; point < column && offset < text.length; point++) {
    offset += text.codePointAt(offset) > 0xffff ? 2 : 1;
  }
  return from + offset;
}

// Engine diagnostics → CodeMirror diagnostics. Diagnostics without a position (line 0) are left
// to the page's diagnostic list.
export function toEditorDiagnostics(doc, diagnostics) {
  const out = [];
  for (const d of diagnostics || []) {
    if (!(d.line >= 1)) continue;
    const from = positionToOffset(doc, d.line, d.column);
    let to = d.end_line >= 1 ? positionToOffset(doc, d.end_line, d.end_column) : from;
    if (to <= from) to = Math.min(doc.length, from + 1);
    const message = d.hint ? `${d.message}\n${d.hint}` : d.message;
    out.push({ from, to, severity: 'error', source: d.id, message });
  }
  return out;
}
