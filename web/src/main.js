// Start-up: creates the application (app/app.js), wires the page's fixed controls to it, and loads
// the first model: a share link's (with the view it carries), the autosaved text, or the first
// example. Whatever is loaded first is run at once, so a first visit shows results, not a notice.
import './styles.css';
import './kinds/adventure/adventure.css';
import './kinds/game/game.css';
import { createApp } from './app/app.js';
import { $ } from './app/chrome.js';
import { createGallery, examples, exampleView } from './app/gallery.js';
import { decodeModelHash, decodeViewHash } from './app/share.js';
import { loadAutosave, loadDrafts, deleteDraft } from './app/storage.js';
import { createWorkspace } from './app/workspace.js';
import { openShareDialog } from './views/share-dialog.js';
import { createHelp } from './app/help.js';
import { reportEmbedSize } from './app/embed.js';

// Where the page was opened: its URL, or what a notebook's display (python/motive/display.py) sets
// before the page starts, since an iframe's srcdoc has no URL of its own to carry ?embed and a model.
const launch = window.MOTIVE_LOCATION || { search: window.location.search, hash: window.location.hash };
const embed = new URLSearchParams(launch.search).has('embed');
const isMac = /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

const BLANK_MODEL = `{
  "kind": "scim",
  "title": "New model",
  "variables": {
    "D": { "type": "decision", "domain": ["a", "b"] },
    "U": { "type": "utility", "parents": ["D"], "function": "D == 'a' ? 1 : 0" }
  },
  "policies": { "choose_a": { "D": "'a'" }, "choose_b": { "D": "'b'" } }
}
`;

document.body.classList.toggle('embed', embed);
const app = createApp({ embed });
const { documents, exports } = app;
const workspace = createWorkspace({ embed, onChange: () => app.relayout() });

const gallery = createGallery($('gallery'), {
  onPick: (example) => {
    app.setPendingView(exampleView(example.id));
    documents.loadText(example.text, example.title, { runAfter: true });
  },
  drafts: loadDrafts,
  onRestoreDraft: (draft) => documents.loadText(draft.text, draft.label),
  onDeleteDraft: deleteDraft,
  onOpenDocs: (doc, section) => help.openDocs(doc, section),
});

const help = createHelp($('help-dialog'), {
  isMac,
  onPickExample: (id) => {
    const example = examples.find((e) => e.id === id);
    if (!example) return;
    app.setPendingView(exampleView(example.id));
    documents.loadText(example.text, example.title, { runAfter: true });
  },
});

// Keys that act on the page when the focus is not in a text field (the editor, a form).
function typing(target) {
  return Boolean(target?.closest?.('input, textarea, select, [contenteditable="true"], .cm-editor'));
}

function wireControls() {
  $('run-shortcut').textContent = isMac ? '⌘↵' : 'Ctrl+Enter';
  $('run').title = `Run the analyses (${isMac ? 'Cmd' : 'Ctrl'}+Enter)`;
  $('run').addEventListener('click', () => app.runModel());
  $('cancel').addEventListener('click', () => app.cancel());
  $('open-gallery').addEventListener('click', () => gallery.open());
  $('share').addEventListener('click', () =>
    openShareDialog($('share-dialog'), app.editor.getText(), { view: app.viewState() }),
  );
  $('open-help').addEventListener('click', () => help.open());
  $('model-picker').addEventListener('change', (event) => app.chooseModel(event.target.value));
  $('export-svg').addEventListener('click', () => exports.svg());
  $('export-png').addEventListener('click', () => exports.png());
  $('export-json').addEventListener('click', () => exports.json());
  $('export-csv').addEventListener('click', () => exports.csv());
  $('text-size').addEventListener('click', () => workspace.toggleLarge());
  $('present').addEventListener('click', () => workspace.togglePresenting());
  $('toggle-editor').addEventListener('click', () => workspace.toggleEditor());
  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented) return;
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      app.runModel();
      return;
    }
    if (event.key === 'Escape' && workspace.presenting() && !document.querySelector('dialog[open]')) {
      workspace.togglePresenting(false);
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
    if (document.querySelector('dialog[open]')) return;
    const actions = {
      p: () => workspace.togglePresenting(),
      m: () => workspace.toggleEditor(),
      e: () => gallery.open(),
      '?': () => help.open(),
      '+': () => workspace.toggleLarge(),
    };
    const action = actions[event.key];
    if (action && !(embed && event.key !== 'm')) {
      event.preventDefault();
      action();
    }
  });
  window.addEventListener('hashchange', () => openFromHash());
  window.addEventListener('pagehide', () => documents.saveNow());
}

// Loads the model a share link carries (the page's hash, or the launch's in a notebook), if any, with
// the view it names. Returns whether it did.
async function openFromHash(hash = window.location.hash) {
  const decoded = await decodeModelHash(hash);
  if (!decoded) return false;
  if (decoded.error) {
    app.chrome.toast(decoded.error);
    return false;
  }
  const view = decodeViewHash(hash);
  if (!embed) {
    // The text now lives in the editor (and its autosave): a reload shows the user's edits.
    history.replaceState(null, '', window.location.pathname + window.location.search);
  }
  app.setPendingView(view);
  documents.loadText(decoded.text, decoded.title || 'Shared model', { runAfter: true });
  return true;
}

// Once the first model is loaded (and its run started), the page says so: tests wait for it.
async function start() {
  await loadFirst();
  document.body.dataset.started = 'true';
}

async function loadFirst() {
  wireControls();
  app.loadCatalogue();
  if (embed) {
    const full = new URL(window.location.href);
    full.search = '';
    $('open-full').href = full.toString();
    window.addEventListener('hashchange', () => {
      full.hash = window.location.hash;
      $('open-full').href = full.toString();
    });
    reportEmbedSize(app);
  }
  const saved = embed ? null : loadAutosave();
  if (await openFromHash(launch.hash)) return;
  if (saved) {
    documents.restore(saved);
    app.runModel();
    return;
  }
  const first = examples[0];
  if (first) documents.loadText(first.text, first.title, { runAfter: true });
  else documents.loadText(BLANK_MODEL, 'New model');
}

start();
