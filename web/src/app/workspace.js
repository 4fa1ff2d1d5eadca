// The workspace's shape: the model text, the picture and the results as resizable panes (their sizes
// remembered), the model text folded away on request, presentation mode (no model text, large type that
// scales the charts and pictures too, the picture and the results side by side at full height) and the
// larger text of "A+". The picture and the results sit side by side when the room beside the model
// text is wide and low (a laptop, a projector, an iframe), one above the other when it is tall.
import { $ } from './chrome.js';
import { loadLayout, saveLayout } from './storage.js';

const SPLITTER_STEP = 2; // percent per arrow key
// Side by side when the room for picture and results is at least this much wider than high.
const COLUMNS_ASPECT = 1.2;

const clamp = (x, lo, hi) => Math.min(hi, Math.max(lo, x));

export function createWorkspace({ embed, onChange }) {
  const root = document.documentElement;
  const workspace = document.querySelector('.workspace');
  const saved = embed ? {} : loadLayout();
  const layout = {
    editor: typeof saved.editor === 'number' ? clamp(saved.editor, 15, 70) : 30, // % of the workspace's width
    picture: typeof saved.picture === 'number' ? clamp(saved.picture, 20, 75) : 44, // % of the rest
    editorHidden: embed ? true : Boolean(saved.editorHidden),
    presenting: false,
    large: embed ? false : Boolean(saved.large),
  };
  let columns = null;
  let arranged = ''; // the shape last laid out

  function persist() {
    if (embed) return;
    saveLayout({
      editor: layout.editor,
      picture: layout.picture,
      editorHidden: layout.editorHidden,
      large: layout.large,
    });
  }

  // The grid: side by side or one above the other, from the room the picture and the results have
  // (narrow screens stack everything, in the style sheet).
  function arrange() {
    const box = workspace.getBoundingClientRect();
    if (!box.width || !box.height) return;
    const editorShown = !layout.editorHidden && !layout.presenting;
    const room = editorShown ? box.width * (1 - layout.editor / 100) : box.width;
    const next = layout.presenting || room / box.height >= COLUMNS_ASPECT;
    const shape = `${next}/${editorShown}/${layout.editor}/${layout.picture}`;
    if (shape === arranged) return;
    arranged = shape;
    columns = next;
    const e = `${layout.editor}%`;
    const f = layout.picture / 100;
    const gap = '0.5rem';
    const style = workspace.style;
    if (columns) {
      const picture = `minmax(0, calc((100% - ${editorShown ? `${e} - 2 * ${gap}` : gap}) * ${f}))`;
      style.gridTemplateColumns = editorShown
        ? `${e} ${gap} ${picture} ${gap} minmax(0, 1fr)`
        : `${picture} ${gap} minmax(0, 1fr)`;
      style.gridTemplateRows = 'minmax(0, 1fr)';
      style.gridTemplateAreas = editorShown ? '"editor se picture sp results"' : '"picture sp results"';
    } else {
      style.gridTemplateColumns = editorShown ? `${e} ${gap} minmax(0, 1fr)` : 'minmax(0, 1fr)';
      style.gridTemplateRows = `minmax(0, calc((100% - ${gap}) * ${f})) ${gap} minmax(0, 1fr)`;
      style.gridTemplateAreas = editorShown
        ? '"editor se picture" "editor se sp" "editor se results"'
        : '"picture" "sp" "results"';
    }
    document.body.classList.toggle('layout-columns', columns);
    document.body.classList.toggle('layout-rows', !columns);
    $('split-picture').setAttribute('aria-orientation', columns ? 'vertical' : 'horizontal');
    onChange?.();
  }

  function apply() {
    const editorShown = !layout.editorHidden && !layout.presenting;
    document.body.classList.toggle('editor-hidden', !editorShown);
    document.body.classList.toggle('presenting', layout.presenting);
    root.classList.toggle('presenting', layout.presenting);
    root.classList.toggle('large-text', layout.large && !layout.presenting);
    $('text-size').setAttribute('aria-pressed', String(layout.large));
    $('present').setAttribute('aria-pressed', String(layout.presenting));
    $('present').textContent = layout.presenting ? 'Exit presentation' : 'Present';
    const toggle = $('toggle-editor');
    toggle.setAttribute('aria-expanded', String(editorShown));
    toggle.textContent = editorShown ? 'Hide model text' : 'Show model text';
    toggle.hidden = layout.presenting;
    $('split-editor').setAttribute('aria-valuenow', String(Math.round(layout.editor)));
    $('split-picture').setAttribute('aria-valuenow', String(Math.round(layout.picture)));
    arrange();
    onChange?.();
  }

  // A splitter: dragged with the pointer or moved with the arrow keys; `set(percent)` resizes.
  function splitter(id, { percentAt, set }) {
    const bar = $(id);
    bar.addEventListener('pointerdown', (event) => {
      if (event.button !== 0) return;
      event.preventDefault();
      bar.setPointerCapture(event.pointerId);
      bar.classList.add('dragging');
      const move = (e) => {
        set(percentAt(e));
        apply();
      };
      const up = () => {
        bar.classList.remove('dragging');
        bar.removeEventListener('pointermove', move);
        bar.removeEventListener('pointerup', up);
        bar.removeEventListener('pointercancel', up);
        persist();
      };
      bar.addEventListener('pointermove', move);
      bar.addEventListener('pointerup', up);
      bar.addEventListener('pointercancel', up);
    });
    bar.addEventListener('keydown', (event) => {
      const back = event.key === 'ArrowLeft' || event.key === 'ArrowUp';
      const on = event.key === 'ArrowRight' || event.key === 'ArrowDown';
      if (!back && !on) return;
      event.preventDefault();
      set(Number(bar.getAttribute('aria-valuenow')) + (on ? SPLITTER_STEP : -SPLITTER_STEP));
      apply();
      persist();
    });
  }

  splitter('split-editor', {
    percentAt: (e) => {
      const box = workspace.getBoundingClientRect();
      return ((e.clientX - box.left) / box.width) * 100;
    },
    set: (p) => (layout.editor = clamp(p, 15, 70)),
  });
  splitter('split-picture', {
    percentAt: (e) => {
      const picture = $('picture-panel').getBoundingClientRect();
      const results = $('results-panel').getBoundingClientRect();
      if (columns) return ((e.clientX - picture.left) / (results.right - picture.left)) * 100;
      return ((e.clientY - picture.top) / (results.bottom - picture.top)) * 100;
    },
    set: (p) => (layout.picture = clamp(p, 20, 75)),
  });

  new ResizeObserver(() => arrange()).observe(workspace);
  apply();

  return {
    toggleEditor() {
      if (layout.presenting) return;
      layout.editorHidden = !layout.editorHidden;
      apply();
      persist();
    },
    togglePresenting(on = !layout.presenting) {
      layout.presenting = on;
      apply();
    },
    toggleLarge() {
      layout.large = !layout.large;
      apply();
      persist();
    },
    presenting: () => layout.presenting,
    columns: () => columns,
  };
}
