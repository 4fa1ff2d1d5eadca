// The model editor: CodeMirror 6 with a JSON-with-comments mode, inline diagnostics from the engine
// (re-checked shortly after typing stops) and the usual editing keys.
import {
  EditorView,
  keymap,
  lineNumbers,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  drawSelection,
  dropCursor,
} from '@codemirror/view';
import { EditorState, StateEffect } from '@codemirror/state';
import {
  StreamLanguage,
  HighlightStyle,
  syntaxHighlighting,
  bracketMatching,
  indentOnInput,
  indentUnit,
} from '@codemirror/language';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { closeBrackets, closeBracketsKeymap } from '@codemirror/autocomplete';
import { searchKeymap, highlightSelectionMatches } from '@codemirror/search';
import { linter, lintGutter, lintKeymap, forceLinting } from '@codemirror/lint';
import { tags } from '@lezer/highlight';

// Tokens of JSON with comments. A string followed by ':' is a property name.
const jsoncLanguage = StreamLanguage.define({
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
const highlightStyle = HighlightStyle.define([
  { tag: tags.comment, color: 'var(--syntax-comment)', fontStyle: 'italic' },
  { tag: tags.propertyName, color: 'var(--syntax-property)' },
  { tag: tags.string, color: 'var(--syntax-string)' },
  { tag: tags.number, color: 'var(--syntax-number)' },
  { tag: [tags.bool, tags.null], color: 'var(--syntax-keyword)' },
  { tag: tags.brace, color: 'var(--syntax-punctuation)' },
  { tag: tags.separator, color: 'var(--syntax-punctuation)' },
  { tag: tags.invalid, color: 'var(--syntax-invalid)' },
]);

const editorTheme = EditorView.theme({
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

// Asks for a new check of an unchanged text (say, when another model of the file is chosen).
const recheckEffect = StateEffect.define();

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

// Creates the editor in `parent`.
//   check(text) → Promise<engine diagnostics[]> is run ~300 ms after typing stops;
//   onChange(text) is called on every edit; onRun() on Ctrl/Cmd+Enter.
export function createEditor(parent, { text, check, onChange, onRun }) {
  const runKey = {
    key: 'Mod-Enter',
    run: () => {
      onRun();
      return true;
    },
    preventDefault: true,
  };
  const lintSource = async (view) => {
    const doc = view.state.doc;
    const diagnostics = await check(doc.toString());
    return toEditorDiagnostics(doc, diagnostics);
  };
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: text,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightSpecialChars(),
        history(),
        drawSelection(),
        dropCursor(),
        EditorState.allowMultipleSelections.of(true),
        indentOnInput(),
        indentUnit.of('  '),
        jsoncLanguage,
        syntaxHighlighting(highlightStyle),
        bracketMatching(),
        closeBrackets(),
        highlightActiveLine(),
        highlightSelectionMatches(),
        keymap.of([
          runKey,
          ...closeBracketsKeymap,
          ...defaultKeymap,
          ...searchKeymap,
          ...historyKeymap,
          ...lintKeymap,
          indentWithTab,
        ]),
        linter(lintSource, {
          delay: 300,
          needsRefresh: (update) =>
            update.transactions.some((tr) => tr.effects.some((e) => e.is(recheckEffect))),
        }),
        lintGutter(),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ 'aria-label': 'Model text' }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) onChange(update.state.doc.toString());
        }),
        editorTheme,
      ],
    }),
  });

  return {
    view,
    getText: () => view.state.doc.toString(),
    // Replaces the whole text (one undoable step).
    setText(newText) {
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: newText },
        selection: { anchor: 0 },
        scrollIntoView: true,
      });
    },
    // Moves the cursor to an engine position and focuses the editor.
    reveal(line, column) {
      const pos = positionToOffset(view.state.doc, line, column);
      view.dispatch({ selection: { anchor: pos }, scrollIntoView: true });
      view.focus();
    },
    // Checks the text again now.
    recheck() {
      view.dispatch({ effects: recheckEffect.of(null) });
      forceLinting(view);
    },
    // Applies a change the page's controls make (a slider, a painted cell) as one undoable edit.
    apply(change) {
      view.dispatch({ changes: change, userEvent: 'input.control' });
    },
    focus: () => view.focus(),
  };
}
