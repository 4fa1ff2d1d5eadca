// The documentation a reader of the page needs, built into it (the page makes no request): the model
// format, the analyses and the papers they come from, games and adventures. Shown by a small
// Markdown reader: headings, paragraphs, lists, tables, code blocks, inline code, emphasis and links
// (links between these pages stay in the reader; others open in a new tab). Everything goes in as
// text nodes (views/dom.js): the page never parses HTML.
import { el, clear } from '../views/dom.js';
import format from '../../../docs/format.md?raw';
import analyses from '../../../docs/analyses.md?raw';
import games from '../../../docs/games.md?raw';
import adventures from '../../../docs/adventures.md?raw';

export const DOCS = {
  format: { title: 'Model format', text: format },
  analyses: { title: 'Analyses and papers', text: analyses },
  games: { title: 'Games', text: games },
  adventures: { title: 'Adventures', text: adventures },
};

// A heading's anchor, as GitHub makes it: lower case, punctuation dropped, spaces as hyphens.
export function anchorOf(text) {
  return text
    .toLowerCase()
    .replace(/[`*]/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
}

// Inline Markdown: `code`, **strong**, *emphasis*, [text](target). onLink(doc, anchor) opens a link to
// another of these pages.
function inline(text, onLink) {
  const out = [];
  const pattern = /(`[^`]+`)|(\*\*[^*]+\*\*)|(\*[^*\s][^*]*\*)|(\[[^\]]+\]\([^)\s]+\))/g;
  let at = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > at) out.push(text.slice(at, m.index));
    const token = m[0];
    if (m[1]) out.push(el('code', null, token.slice(1, -1)));
    else if (m[2]) out.push(el('strong', null, inline(token.slice(2, -2), onLink)));
    else if (m[3]) out.push(el('em', null, inline(token.slice(1, -1), onLink)));
    else {
      const label = token.slice(1, token.indexOf(']('));
      const target = token.slice(token.indexOf('](') + 2, -1);
      out.push(linkTo(label, target, onLink));
    }
    at = m.index + token.length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

function linkTo(label, target, onLink) {
  const [file, anchor = ''] = target.split('#');
  const doc = file.replace(/^.*\//, '').replace(/\.md$/, '');
  if ((file === '' || file.endsWith('.md')) && (file === '' || DOCS[doc])) {
    return el(
      'a',
      {
        href: '#',
        onClick: (event) => {
          event.preventDefault();
          onLink(file === '' ? null : doc, anchor);
        },
      },
      label,
    );
  }
  if (/^https?:\/\//.test(target)) return el('a', { href: target, target: '_blank', rel: 'noopener' }, label);
  return el('span', { class: 'doc-file', title: target }, label);
}

const splitRow = (line) =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim().replace(/\\\|/g, '|'));

// The page's Markdown as DOM nodes.
export function renderMarkdown(text, onLink) {
  const lines = text.replace(/\r/g, '').split('\n');
  const out = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line.startsWith('```')) {
      const code = [];
      for (i += 1; i < lines.length && !lines[i].startsWith('```'); i += 1) code.push(lines[i]);
      i += 1;
      out.push(el('pre', { class: 'doc-code' }, el('code', null, code.join('\n'))));
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const level = Math.min(6, heading[1].length + 1);
      out.push(el(`h${level}`, { id: `doc-${anchorOf(heading[2])}` }, inline(heading[2], onLink)));
      i += 1;
      continue;
    }
    if (line.trim().startsWith('|') && lines[i + 1]?.trim().startsWith('|') && /-/.test(lines[i + 1])) {
      const head = splitRow(line);
      const rows = [];
      for (i += 2; i < lines.length && lines[i].trim().startsWith('|'); i += 1) rows.push(splitRow(lines[i]));
      out.push(
        el(
          'div',
          { class: 'doc-table' },
          el(
            'table',
            { class: 'data' },
            el(
              'thead',
              null,
              el(
                'tr',
                null,
                head.map((h) => el('th', null, inline(h, onLink))),
              ),
            ),
            el(
              'tbody',
              null,
              rows.map((r) =>
                el(
                  'tr',
                  null,
                  r.map((c) => el('td', null, inline(c, onLink))),
                ),
              ),
            ),
          ),
        ),
      );
      continue;
    }
    if (/^\s*([-*]|\d+\.)\s+/.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const items = [];
      while (i < lines.length && lines[i].trim() !== '' && !lines[i].startsWith('```')) {
        if (/^\s*([-*]|\d+\.)\s+/.test(lines[i])) items.push(lines[i].replace(/^\s*([-*]|\d+\.)\s+/, ''));
        else items[items.length - 1] += ` ${lines[i].trim()}`;
        i += 1;
      }
      out.push(
        el(
          ordered ? 'ol' : 'ul',
          null,
          items.map((t) => el('li', null, inline(t, onLink))),
        ),
      );
      continue;
    }
    if (line.trim() === '') {
      i += 1;
      continue;
    }
    const paragraph = [];
    while (
      i < lines.length &&
      lines[i].trim() !== '' &&
      !/^(#{1,6}\s|```|\s*([-*]|\d+\.)\s)/.test(lines[i]) &&
      !lines[i].trim().startsWith('|')
    ) {
      paragraph.push(lines[i].trim());
      i += 1;
    }
    out.push(el('p', null, inline(paragraph.join(' '), onLink)));
  }
  return out;
}

// Shows a page of the docs in `host` (scrolled to `anchor` when given); links move within the docs.
export function showDoc(host, doc, anchor = '') {
  const page = DOCS[doc] ? doc : 'format';
  clear(host);
  const open = (target, to) => showDoc(host, target ?? page, to);
  host.append(
    el(
      'nav',
      { class: 'doc-nav', 'aria-label': 'Documentation pages' },
      Object.entries(DOCS).map(([id, d]) =>
        el(
          'button',
          {
            type: 'button',
            class: `small${id === page ? ' active' : ''}`,
            'aria-pressed': String(id === page),
            dataset: { doc: id },
            onClick: () => showDoc(host, id),
          },
          d.title,
        ),
      ),
    ),
    el('article', { class: 'doc-page', dataset: { doc: page } }, renderMarkdown(DOCS[page].text, open)),
  );
  const target = anchor ? host.querySelector(`#doc-${CSS.escape(anchor)}`) : null;
  if (target) target.scrollIntoView({ block: 'start' });
  else host.scrollTop = 0;
}
