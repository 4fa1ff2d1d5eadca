// The example gallery: every model in examples/ (read at build time into the page), shown with its
// title and description, plus the user's kept drafts.
import { el, clear } from '../views/dom.js';
import { parseJsonc } from '../editor/jsonc.js';
import { paperOfFolder } from './papers.js';
import { startCard } from './help.js';

const files = import.meta.glob('../../../examples/**/*.jsonc', {
  query: '?raw',
  import: 'default',
  eager: true,
});

function titleCase(text) {
  return text.replace(/[-_]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}

// The gallery's folders in the order of the papers they come from; other folders follow by name.
const FOLDER_ORDER = ['intention', 'meg', 'games', 'adventures'];
const folderRank = (folder) => {
  const i = FOLDER_ORDER.indexOf(folder);
  return i < 0 ? FOLDER_ORDER.length : i;
};

// The examples, sorted by folder (papers' order) and file name: {id, folder, text, title, description, source}.
export const examples = Object.entries(files)
  .map(([path, text]) => {
    const id = path.replace(/^.*\/examples\//, '').replace(/\.jsonc$/, '');
    const parts = id.split('/');
    const head = parseJsonc(text) || {};
    const str = (v) => (typeof v === 'string' ? v : '');
    return {
      id,
      folder: parts.length > 1 ? parts.slice(0, -1).join('/') : '',
      text,
      title: str(head.title) || titleCase(parts[parts.length - 1]),
      description: str(head.description),
      source: str(head.source),
    };
  })
  .sort(
    (a, b) =>
      folderRank(a.folder) - folderRank(b.folder) ||
      a.folder.localeCompare(b.folder) ||
      a.id.localeCompare(b.id),
  );

// The view an example opens on, where its scene needs one (as a share link's view: app.setPendingView):
// Figure 1 explains Austria's action of the paper's figure (docs/games.md, "Figure 1, reproduced").
const EXAMPLE_VIEWS = {
  'games/diplomacy-figure1': {
    kind: 'game',
    player: 'austria',
    action: JSON.stringify({
      'A BUD': 'A BUD H',
      'A BUL': 'A BUL S A CON',
      'A SER': 'A SER H',
      'F TRI': 'F TRI S A TYR - VEN',
      'A TYR': 'A TYR - VEN',
    }),
  },
};

// An example's view (empty: the defaults).
export const exampleView = (id) => EXAMPLE_VIEWS[id] || {};

function formatTime(ms) {
  try {
    return new Date(ms).toLocaleString();
  } catch {
    return '';
  }
}

// The first sentence of a description: a card's one line (the whole is its tooltip).
export function oneLine(text) {
  const m = /^(.+?[.!?])(\s|$)/.exec(text.trim());
  return m ? m[1] : text.trim();
}

// The gallery dialog: a section per paper (its "start here" card, then its examples, each with a
// one-line description), the user's kept edits first. onPick(example) loads an example; drafts are
// {label, text, savedAt}, with onRestoreDraft(draft) and onDeleteDraft(draft); onOpenDocs(doc,
// anchor) opens a paper's docs.
export function createGallery(dialog, { onPick, drafts, onRestoreDraft, onDeleteDraft, onOpenDocs }) {
  const filter = el('input', {
    type: 'search',
    class: 'gallery-filter',
    placeholder: 'Filter examples',
    'aria-label': 'Filter examples',
  });
  const list = el('div', { class: 'gallery-list' });
  const closeButton = el(
    'button',
    { type: 'button', class: 'icon', 'aria-label': 'Close', onClick: () => dialog.close() },
    '✕',
  );
  dialog.append(
    el('header', { class: 'dialog-header' }, el('h2', null, 'Examples'), filter, closeButton),
    list,
  );
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  filter.addEventListener('input', render);

  function card(example) {
    return el(
      'button',
      {
        type: 'button',
        class: 'example-card',
        dataset: { example: example.id },
        onClick: () => {
          dialog.close();
          onPick(example);
        },
      },
      el('span', { class: 'example-title' }, example.title),
      example.description &&
        el(
          'span',
          { class: 'example-description', title: example.description },
          oneLine(example.description),
        ),
      el(
        'span',
        { class: 'example-meta' },
        example.source && el('span', { class: 'example-source' }, example.source),
        el('code', null, `${example.id}.jsonc`),
      ),
    );
  }

  function render() {
    clear(list);
    const needle = filter.value.trim().toLowerCase();
    const shown = examples.filter(
      (e) =>
        !needle || [e.title, e.description, e.source, e.id].some((s) => s.toLowerCase().includes(needle)),
    );
    const currentDrafts = drafts();
    if (currentDrafts.length && !needle) {
      list.append(
        el(
          'section',
          { class: 'gallery-section drafts' },
          el('h3', null, 'Your kept edits'),
          el('p', { class: 'explain' }, 'Text you had edited before loading something else.'),
          currentDrafts.map((draft) =>
            el(
              'div',
              { class: 'draft' },
              el(
                'button',
                {
                  type: 'button',
                  class: 'example-card',
                  onClick: () => {
                    dialog.close();
                    onRestoreDraft(draft);
                  },
                },
                el('span', { class: 'example-title' }, draft.label || 'Untitled model'),
                el(
                  'span',
                  { class: 'example-meta' },
                  `kept ${formatTime(draft.savedAt)} · ${draft.text.length} characters`,
                ),
              ),
              el(
                'button',
                {
                  type: 'button',
                  class: 'icon',
                  'aria-label': 'Delete these kept edits',
                  title: 'Delete',
                  onClick: () => {
                    onDeleteDraft(draft);
                    render();
                  },
                },
                '✕',
              ),
            ),
          ),
        ),
      );
    }
    const folders = [...new Set(shown.map((e) => e.folder))];
    for (const folder of folders) {
      const paper = paperOfFolder(folder);
      list.append(
        el(
          'section',
          { class: 'gallery-section', dataset: { folder } },
          folder && el('h3', null, paper ? paper.title : titleCase(folder)),
          el(
            'div',
            { class: 'cards' },
            paper &&
              !needle &&
              startCard(paper, {
                heading: 'Start here',
                onPick: (id) => {
                  const example = examples.find((e) => e.id === id);
                  if (!example) return;
                  dialog.close();
                  onPick(example);
                },
                onDocs: () => {
                  dialog.close();
                  onOpenDocs?.(paper.docs.doc, paper.docs.anchor);
                },
              }),
            shown.filter((e) => e.folder === folder).map(card),
          ),
        ),
      );
    }
    if (!examples.length) list.append(el('p', { class: 'notice' }, 'No examples were built into this page.'));
    else if (!shown.length) list.append(el('p', { class: 'notice' }, 'No example matches.'));
  }

  return {
    open() {
      filter.value = '';
      render();
      dialog.showModal();
      filter.focus();
    },
  };
}
