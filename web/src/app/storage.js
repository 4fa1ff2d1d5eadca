// What the page keeps in localStorage: the editor's text (autosaved), the edits the user had made
// before loading something else (kept drafts), the workspace's shape and text size, and whether the
// "start here" card was put away. Storage can be full or disabled;
// the page then works without it.

const AUTOSAVE_KEY = 'motive.autosave.v1';
const DRAFTS_KEY = 'motive.drafts.v1';
const TEXT_SIZE_KEY = 'motive.text-size.v1';
const LAYOUT_KEY = 'motive.layout.v1';
const WELCOME_KEY = 'motive.welcome.v1';
const MAX_DRAFTS = 20;

function read(key) {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : JSON.parse(raw);
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

// {text, baseline, label, modelName} or null. `baseline` is the text as it was loaded (an example,
// a link), so the page knows whether the user has edited it.
export function loadAutosave() {
  const saved = read(AUTOSAVE_KEY);
  return saved && typeof saved.text === 'string' ? saved : null;
}

export function saveAutosave(record) {
  return write(AUTOSAVE_KEY, record);
}

export function loadDrafts() {
  const drafts = read(DRAFTS_KEY);
  return Array.isArray(drafts) ? drafts.filter((d) => d && typeof d.text === 'string') : [];
}

// Keeps a text the user edited; the same text is kept once.
export function keepDraft(text, label) {
  const drafts = loadDrafts().filter((d) => d.text !== text);
  drafts.unshift({ text, label, savedAt: Date.now() });
  write(DRAFTS_KEY, drafts.slice(0, MAX_DRAFTS));
}

export function deleteDraft(draft) {
  write(
    DRAFTS_KEY,
    loadDrafts().filter((d) => !(d.text === draft.text && d.savedAt === draft.savedAt)),
  );
}

// The workspace's shape: {editor, picture (percentages), editorHidden, large}. The text size of
// earlier versions (its own key) still counts.
export function loadLayout() {
  const saved = read(LAYOUT_KEY);
  const layout = saved && typeof saved === 'object' ? saved : {};
  if (layout.large === undefined) layout.large = read(TEXT_SIZE_KEY) === 'large';
  return layout;
}

export function saveLayout(layout) {
  write(LAYOUT_KEY, layout);
}

// Whether the first visit's "start here" card was put away.
export function loadWelcomeSeen() {
  return read(WELCOME_KEY) === true;
}

export function saveWelcomeSeen() {
  write(WELCOME_KEY, true);
}
