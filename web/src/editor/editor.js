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
import { syntaxHighlighting, bracketMatching, indentOnInput, indentUnit } from '@codemirror/language';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { closeBrackets, closeBracketsKeymap } from '@codemirror/autocomplete';
import { searchKeymap, highlightSelectionMatches } from '@codemirror/search';
import { linter, lintGutter, lintKeymap, forceLinting } from '@codemirror/lint';
import { jsoncLanguage, highlightStyle, editorTheme } from './language.js';
import { positionToOffset, toEditorDiagnostics } from './diagnostics.js';

// Asks for a new check of an unchanged text (say, when another model of the file is chosen).
const recheckEffect = StateEffect.define();

// Creates the editor in `parent`.
//   check(text) → Promise<engine diagnostics[]> is run ~300 ms after typing stops;
//   onChange(text, {replaced}) is called on every edit (replaced: the whole text at once); onRun()
//   on Ctrl/Cmd+Enter.
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
          if (!update.docChanged) return;
          // Whether the whole text was replaced at once (a paste over everything, a new model).
          let replaced = false;
          const before = update.startState.doc.length;
          for (const tr of update.transactions) {
            tr.changes.iterChanges((fromA, toA) => {
              if (fromA === 0 && toA === before) replaced = true;
            });
          }
          onChange(update.state.doc.toString(), { replaced });
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
