// The model text as a document: loading one (an example, a draft, a share link), telling edits from
// what was loaded, autosave, and keeping the user's edits as a draft before another text replaces
// them.
import { $ } from './chrome.js';
import { saveAutosave, keepDraft } from './storage.js';

export function createDocuments({ store, chrome, embed, getEditor, runModel }) {
  const { state } = store;
  let saveTimer = 0;

  function saveNow() {
    if (embed) return;
    clearTimeout(saveTimer);
    saveAutosave({
      text: getEditor().getText(),
      baseline: state.baseline,
      label: state.label,
      own: state.own,
      modelName: state.modelName,
      savedAt: Date.now(),
    });
  }

  const isEdited = () => getEditor().getText() !== state.baseline;

  // Where the text comes from: an example's or a link's name, "(edited)" once changed; a model the
  // user pasted or wrote over everything is "Your model".
  function showOrigin() {
    const edited = isEdited() && !state.own;
    $('model-origin').textContent = state.label ? `${state.label}${edited ? ' (edited)' : ''}` : '';
  }

  // Loads a text into the editor. Edits the user made to the current text are kept as a draft
  // first, with an offer to bring them back.
  function loadText(text, label, { runAfter = false } = {}) {
    const editor = getEditor();
    const previous = editor.getText();
    if (isEdited() && previous.trim() && previous !== text) {
      keepDraft(previous, state.label || 'Untitled model');
      const keptLabel = state.label || 'your model';
      chrome.toast(`Your edits to ${keptLabel} were kept (Examples → Your kept edits).`, {
        label: 'Bring them back',
        run: () => loadText(previous, keptLabel),
      });
    }
    state.baseline = text;
    state.label = label;
    state.own = false;
    state.modelName = null;
    state.run = null;
    store.changed();
    editor.setText(text);
    showOrigin();
    saveNow();
    editor.recheck();
    if (runAfter) runModel();
  }

  return {
    loadText,
    saveNow,
    // Restores the autosaved text and where it came from.
    restore(saved) {
      state.baseline = typeof saved.baseline === 'string' ? saved.baseline : saved.text;
      state.label = typeof saved.label === 'string' ? saved.label : '';
      state.own = saved.own === true;
      state.modelName = typeof saved.modelName === 'string' ? saved.modelName : null;
      getEditor().setText(saved.text);
      showOrigin();
    },
    // The text was edited: the origin says so, and the text is saved shortly. A paste over the whole
    // text is a new model, not an edit of the one loaded: it starts from itself, without the old name.
    edited({ replaced = false } = {}) {
      if (replaced && getEditor().getText() !== state.baseline) {
        state.label = 'Your model';
        state.own = true;
      }
      showOrigin();
      if (embed) return;
      clearTimeout(saveTimer);
      saveTimer = setTimeout(saveNow, 300);
    },
  };
}
