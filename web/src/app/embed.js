// Embed mode (?embed): the page in an iframe tells the page around it how tall it needs to be to show
// its picture and the shown tab without a scroll bar inside, as {type: 'motive-embed-size', width,
// height}; the snippet of the Share dialog (views/share-dialog.js) sets the iframe's height from it.
// The message carries two numbers and nothing of the model.
import { $ } from './chrome.js';

const MIN_HEIGHT = 500;
const MAX_HEIGHT = 1600;

// The height the page needs: the header, and the taller of the picture and the results, each with
// its panel's chrome (when they sit one above the other, both).
export function neededHeight() {
  const header = document.querySelector('.app-header')?.getBoundingClientRect().height || 0;
  const need = (panelId, contentSelector) => {
    const panel = $(panelId);
    const content = panel?.querySelector(contentSelector);
    if (!panel || !content) return 0;
    const chrome = content.getBoundingClientRect().top - panel.getBoundingClientRect().top;
    return chrome + content.scrollHeight + 8;
  };
  const picture = Math.max(
    need('picture-panel', '.graph:not([hidden]), .world:not([hidden]), .picture:not([hidden])'),
    0,
  );
  const results = need('results-panel', '.results-body');
  const side = document.body.classList.contains('layout-columns');
  const total = header + 16 + (side ? Math.max(picture, results) : picture + results + 8);
  return Math.round(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, total)));
}

export function reportEmbedSize(app) {
  if (window.parent === window) return;
  let last = 0;
  let timer = 0;
  const report = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const height = neededHeight();
      if (Math.abs(height - last) < 4) return;
      last = height;
      window.parent.postMessage(
        { type: 'motive-embed-size', width: document.documentElement.clientWidth, height },
        '*',
      );
    }, 200);
  };
  app.store.subscribe(report);
  new ResizeObserver(report).observe(document.body);
}
