// Start-up: creates the application (app/app.js), wires the page's fixed controls to it, and loads
// the first model: a share link's, the autosaved text, or the first example.
import './styles.css';
import './kinds/adventure/adventure.css';
import './kinds/game/game.css';
import { createApp } from './app/app.js';
import { $ } from './app/chrome.js';
import { createGallery, examples } from './app/gallery.js';
import { decodeModelHash } from './app/share.js';
import { loadAutosave, loadDrafts, deleteDraft, loadTextSize, saveTextSize } from './app/storage.js';
import { openShareDialog } from './views/share-dialog.js';

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

const app = createApp({ embed });
const { documents, exports } = app;

const gallery = createGallery($('gallery'), {
  onPick: (example) => documents.loadText(example.text, example.title, { runAfter: true }),
  drafts: loadDrafts,
  onRestoreDraft: (draft) => documents.loadText(draft.text, draft.label),
  onDeleteDraft: deleteDraft,
});

function setTextSize(size) {
  document.documentElement.classList.toggle('large-text', size === 'large');
  $('text-size').setAttribute('aria-pressed', String(size === 'large'));
}

function wireControls() {
  $('run-shortcut').textContent = isMac ? '⌘↵' : 'Ctrl+Enter';
  $('run').title = `Run the analyses (${isMac ? 'Cmd' : 'Ctrl'}+Enter)`;
  $('run').addEventListener('click', () => app.runModel());
  $('cancel').addEventListener('click', () => app.cancel());
  $('open-gallery').addEventListener('click', () => gallery.open());
  $('share').addEventListener('click', () => openShareDialog($('share-dialog'), app.editor.getText()));
  $('model-picker').addEventListener('change', (event) => app.chooseModel(event.target.value));
  $('export-svg').addEventListener('click', () => exports.svg());
  $('export-png').addEventListener('click', () => exports.png());
  $('export-json').addEventListener('click', () => exports.json());
  $('export-csv').addEventListener('click', () => exports.csv());
  $('text-size').addEventListener('click', () => {
    const size = document.documentElement.classList.contains('large-text') ? 'normal' : 'large';
    setTextSize(size);
    saveTextSize(size);
  });
  $('toggle-editor').addEventListener('click', () => {
    const open = document.body.classList.toggle('editor-open');
    $('toggle-editor').setAttribute('aria-expanded', String(open));
    $('toggle-editor').textContent = open ? 'Hide model text' : 'Show model text';
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.defaultPrevented) {
      event.preventDefault();
      app.runModel();
    }
  });
  window.addEventListener('hashchange', () => openFromHash());
  window.addEventListener('pagehide', () => documents.saveNow());
}

// Loads the model a share link carries, if any. Returns whether it did.
async function openFromHash(hash = window.location.hash) {
  const decoded = await decodeModelHash(hash);
  if (!decoded) return false;
  if (decoded.error) {
    app.chrome.toast(decoded.error);
    return false;
  }
  if (!embed) {
    // The text now lives in the editor (and its autosave): a reload shows the user's edits.
    history.replaceState(null, '', window.location.pathname + window.location.search);
  }
  documents.loadText(decoded.text, 'Shared model', { runAfter: true });
  return true;
}

async function start() {
  document.body.classList.toggle('embed', embed);
  setTextSize(embed ? 'normal' : loadTextSize());
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
  }
  const saved = embed ? null : loadAutosave();
  if (saved) documents.restore(saved);
  if (await openFromHash(launch.hash)) return;
  if (!saved) {
    const first = examples[0];
    if (first) documents.loadText(first.text, first.title, { runAfter: embed });
    else documents.loadText(BLANK_MODEL, 'New model');
  }
}

start();
