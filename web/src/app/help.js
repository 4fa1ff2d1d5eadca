// The help panel: where to start (a card per paper: its question, an example to open, its docs page
// and the paper), the keyboard shortcuts, and the docs built into the page (app/docs.js).
import { el, clear } from '../views/dom.js';
import { PAPERS } from './papers.js';
import { showDoc } from './docs.js';

// A paper's "start here" card; onPick(id) opens its example, onDocs() its docs page. `heading`: the
// card's title (the paper's subject, or "Start here" where a section heading names it already).
export function startCard(paper, { onPick, onDocs, heading = paper.title }) {
  return el(
    'article',
    { class: 'start-card', dataset: { paper: paper.folder } },
    el('h3', null, heading),
    el('p', { class: 'start-question' }, paper.question),
    el('p', { class: 'start-paper' }, paper.paper),
    el(
      'p',
      { class: 'start-links' },
      el(
        'button',
        {
          type: 'button',
          class: 'small primary',
          dataset: { example: paper.start },
          onClick: () => onPick(paper.start),
        },
        'Open an example',
      ),
      el('button', { type: 'button', class: 'small start-docs', onClick: onDocs }, 'Docs'),
      el(
        'a',
        { href: paper.url, target: '_blank', rel: 'noopener', class: 'button-link small' },
        'The paper ↗',
      ),
    ),
  );
}

export function createHelp(dialog, { isMac, onPickExample }) {
  const mod = isMac ? '⌘' : 'Ctrl';
  const body = el('div', { class: 'help-body' });
  const close = el(
    'button',
    { type: 'button', class: 'icon', 'aria-label': 'Close', onClick: () => dialog.close() },
    '✕',
  );
  const header = el('header', { class: 'dialog-header' }, el('h2', null, 'Help'), close);
  dialog.append(header, body);
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });

  const shortcuts = [
    [`${mod}+Enter`, 'run the analyses'],
    ['P', 'presentation mode (Esc leaves it)'],
    ['M', 'show or hide the model text'],
    ['+', 'larger text, charts and pictures (A+)'],
    ['E', 'the examples'],
    ['?', 'this help'],
    [`${mod}+Z`, 'undo an edit, also one made by dragging a node or painting cells'],
    ['← →', 'move between the result tabs (on a tab)'],
    ['← → ↑ ↓', 'resize the panes (on the bar between them)'],
  ];

  function home() {
    clear(body).append(
      el('h3', null, 'Start here'),
      el(
        'p',
        { class: 'explain' },
        'Motive implements four papers. Each card opens an example, which runs at once; the results explain what they show in plain words.',
      ),
      el(
        'div',
        { class: 'start-cards' },
        PAPERS.map((p) =>
          startCard(p, {
            onPick: (id) => {
              dialog.close();
              onPickExample(id);
            },
            onDocs: () => openDocs(p.docs.doc, p.docs.anchor),
          }),
        ),
      ),
      el('h3', null, 'Keyboard shortcuts'),
      el(
        'table',
        { class: 'data shortcuts', id: 'help-shortcuts' },
        el(
          'tbody',
          null,
          shortcuts.map(([keys, what]) =>
            el('tr', null, el('th', { scope: 'row' }, el('kbd', null, keys)), el('td', null, what)),
          ),
        ),
      ),
      el(
        'p',
        { class: 'explain' },
        'The keys other than Ctrl/Cmd ones work when the focus is not in the model text or a field.',
      ),
      el(
        'p',
        null,
        el('button', { type: 'button', id: 'help-docs', onClick: () => openDocs('format') }, 'Read the docs'),
        ' the model format, the analyses and the papers, games and adventures, built into the page.',
      ),
    );
  }

  function openDocs(doc, anchor = '') {
    if (!dialog.open) dialog.showModal();
    clear(body).append(
      el(
        'p',
        null,
        el('button', { type: 'button', class: 'small', id: 'help-back', onClick: home }, '← Help'),
      ),
    );
    const host = el('div', { class: 'docs-host' });
    body.append(host);
    showDoc(host, doc, anchor);
  }

  return {
    open() {
      home();
      dialog.showModal();
    },
    openDocs,
  };
}
