// The editor's look of a model: a JSON-with-comments mode for CodeMirror (property names, strings,
// numbers, comments), its highlighting and the editor's theme.
import { EditorView } from '@codemirror/view';
import { StreamLanguage, HighlightStyle } from '@codemirror/language';
import { tags } from '@lezer/highlight';

// Tokens of JSON with comments. A string followed by ':' is a property name.
export const jsoncLanguage = StreamLanguage.define({
  name: 'jsonc',
  startState: () => ({ inBlockComment: false, depth: 0 }),
  copyState: (state) => ({ ...state }),
  token(stream, state) {
    if (!state.inBlockComment) {
      if (stream.eatSpace()) return null;
      if (stream.match('//')) {
        stream.skipToEnd();
        return 'lineComment';
      }
      state.inBlockComment = Boolean(stream.match('/*'));
    }
    if (state.inBlockComment) {
      if (stream.skipTo('*/')) {
        stream.pos += 2;
        state.inBlockComment = false;
      } else stream.skipToEnd();
      return 'blockComment';
    }
    const c = stream.peek();
    if (c === '"') {
      stream.next();
      let escaped = false;
      while (!stream.eol()) {
        const d = stream.next();
        if (d === '"' && !escaped) break;
        escaped = !escaped && d === '\\';
      }
      return stream.match(/^\s*:/, false) ? 'propertyName' : 'string';
    }
    if (stream.match(/^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/)) return 'number';
    if (stream.match(/^(?:true|false)\b/)) return 'bool';
    if (stream.match(/^null\b/)) return 'null';
    if (c === '{' || c === '[') {
      stream.next();
      state.depth++;
      return 'brace';
    }
    if (c === '}' || c === ']') {
      stream.next();
      state.depth = Math.max(0, state.depth - 1);
      return 'brace';
    }
    if (c === ',' || c === ':') {
      stream.next();
      return 'separator';
    }
    stream.next();
    return 'invalid';
  },
  indent(state, textAfter, context) {
    const closing = /^\s*[}\]]/.test(textAfter) ? 1 : 0;
    return Math.max(0, state.depth - closing) * context.unit;
  },
  languageData: {
    commentTokens: { line: '//', block: { open: '/*', close: '*/' } },
    closeBrackets: { brackets: ['[', '{', '"', "'"] },
    indentOnInput: /^\s*[}\]]$/,
  },
});

// Colours come from CSS variables so the editor follows the light and dark themes.
export const highlightStyle = HighlightStyle.define([
  { tag: tags.comment, color: 'var(--syntax-comment)', fontStyle: 'italic' },
  { tag: tags.propertyName, color: 'var(--syntax-property)' },
  { tag: tags.string, color: 'var(--syntax-string)' },
  { tag: tags.number, color: 'var(--syntax-number)' },
  { tag: [tags.bool, tags.null], color: 'var(--syntax-keyword)' },
  { tag: tags.brace, color: 'var(--syntax-punctuation)' },
  { tag: tags.separator, color: 'var(--syntax-punctuation)' },
  { tag: tags.invalid, color: 'var(--syntax-invalid)' },
]);

export const editorTheme = EditorView.theme({
  '&': { height: '100%', backgroundColor: 'var(--editor-bg)', color: 'var(--text)' },
  '.cm-scroller': { fontFamily: 'var(--mono)', lineHeight: '1.5' },
  '.cm-content': { caretColor: 'var(--text)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--text)' },
  '.cm-gutters': {
    backgroundColor: 'var(--editor-gutter-bg)',
    color: 'var(--muted)',
    borderRight: '1px solid var(--border)',
  },
  '.cm-activeLine': { backgroundColor: 'var(--editor-active-line)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--editor-active-line)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    backgroundColor: 'var(--editor-selection) !important',
  },
  '.cm-tooltip': {
    backgroundColor: 'var(--panel)',
    color: 'var(--text)',
    border: '1px solid var(--border)',
  },
  '.cm-diagnostic': { fontFamily: 'var(--sans)', whiteSpace: 'pre-wrap', maxWidth: '40em' },
  '.cm-matchingBracket': { backgroundColor: 'var(--editor-match)', outline: 'none' },
});
