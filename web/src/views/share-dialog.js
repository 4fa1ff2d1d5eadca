// The Share dialog: a link that carries the model in its hash, and the iframe that embeds it.
import { el, clear } from './dom.js';
import { shareUrl } from '../app/share.js';

// The iframe snippet: 800 × 500 shows the first result; the small script beside it lets the embedded
// page set the iframe's height to what its picture and shown tab need (app/embed.js).
export function embedSnippet(embedLink, id = 'motive-embed') {
  const src = embedLink.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return (
    `<iframe id="${id}" src="${src}" width="800" height="500" ` +
    'style="border:1px solid #ccc;max-width:100%" title="Motive"></iframe>\n' +
    '<script>addEventListener("message",function(e){' +
    `var f=document.getElementById("${id}");` +
    'if(f&&e.source===f.contentWindow&&e.data&&e.data.type==="motive-embed-size"' +
    '&&e.data.height>0&&e.data.height<5000){f.style.height=e.data.height+"px"}});</script>'
  );
}

// The Share dialog. `view` is the view the links carry (app/app.js, viewState): the tab, the
// state, the agent...
export async function openShareDialog(dialog, text, { view = {} } = {}) {
  const link = await shareUrl(text, { view });
  const embedLink = await shareUrl(text, { embed: true, view });
  const iframe = embedSnippet(embedLink);
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
      'The model travels inside the link (compressed in the part after #): no server stores it. ' +
        'The link opens the same view: the tab shown and what is picked in it.',
    ),
    field('share-link', 'Link', link),
    field('share-embed', 'Embed in a web page (800 × 500; it grows to what the view needs)', iframe),
    el('p', { class: 'explain' }, `${link.length.toLocaleString('en')} characters.`),
  );
  dialog.showModal();
  dialog.querySelector('#share-link').select();
}
