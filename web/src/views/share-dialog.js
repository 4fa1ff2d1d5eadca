// The Share dialog: a link that carries the model in its hash, and the iframe that embeds it.
import { el, clear } from './dom.js';
import { shareUrl } from '../app/share.js';

export async function openShareDialog(dialog, text) {
  const link = await shareUrl(text);
  const embedLink = await shareUrl(text, { embed: true });
  const src = embedLink.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const iframe =
    `<iframe src="${src}" width="100%" height="640" ` +
    'style="border:1px solid #ccc" title="Motive"></iframe>';
  const field = (id, label, value) => {
    const input = el('textarea', { id, readonly: true, rows: 3, spellcheck: 'false' });
    input.value = value;
    const copy = el(
      'button',
      {
        type: 'button',
        onClick: async () => {
          input.select();
          try {
            await navigator.clipboard.writeText(value);
            copy.textContent = 'Copied';
          } catch {
            copy.textContent = 'Press Ctrl+C';
          }
        },
      },
      'Copy',
    );
    return el('div', { class: 'share-field' }, el('label', { for: id }, label), input, copy);
  };
  clear(dialog);
  dialog.append(
    el(
      'header',
      { class: 'dialog-header' },
      el('h2', null, 'Share this model'),
      el(
        'button',
        { type: 'button', class: 'icon', 'aria-label': 'Close', onClick: () => dialog.close() },
        '✕',
      ),
    ),
    el(
      'p',
      { class: 'explain' },
      'The model travels inside the link (compressed in the part after #): no server stores it.',
    ),
    field('share-link', 'Link', link),
    field('share-embed', 'Embed in a web page', iframe),
    el('p', { class: 'explain' }, `${link.length.toLocaleString('en')} characters.`),
  );
  dialog.showModal();
  dialog.querySelector('#share-link').select();
}
