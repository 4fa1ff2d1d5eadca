// The paint palette over the grid: the built-in cells of the format (docs/format.md, gridworld) and
// the model's custom ones; the chosen one is painted where the user clicks.
import { el, clear, formatNumber } from '../../../views/dom.js';

const BUILT_IN_TOOLS = [
  { char: '#', label: 'Wall' },
  { char: '.', label: 'Floor' },
  { char: 'S', label: 'Start' },
  { char: 'G', label: 'Goal' },
  { char: 'C', label: 'Cliff' },
];

export function createPaintPalette() {
  let tool = '#';
  const element = el('div', { class: 'grid-palette', role: 'group', 'aria-label': 'Paint cells' });

  return {
    element,
    tool: () => tool,
    // The tools of a grid (its custom cells added), enabled when the map can be edited.
    fill(describe, editable) {
      clear(element);
      if (!describe?.grid) return;
      const tools = [...BUILT_IN_TOOLS];
      const seen = new Set(tools.map((t) => t.char));
      for (const c of describe.grid.cells.flat()) {
        if (c.type === 'custom' && !seen.has(c.char)) {
          seen.add(c.char);
          tools.push({
            char: c.char,
            label: `'${c.char}' (utility ${formatNumber(c.utility)}${c.terminal ? ', terminal' : ''})`,
          });
        }
      }
      element.append(el('span', { class: 'grid-palette-label' }, 'Paint'));
      for (const t of tools) {
        element.append(
          el(
            'button',
            {
              type: 'button',
              class: 'small tool',
              dataset: { char: t.char },
              'aria-pressed': String(t.char === tool),
              title: `Click a cell to make it ${t.label.toLowerCase()}`,
              disabled: !editable,
              onClick: () => {
                tool = t.char;
                for (const b of element.querySelectorAll('.tool')) {
                  b.setAttribute('aria-pressed', String(b.dataset.char === tool));
                }
              },
            },
            t.char === '.' || t.char === '#' ? t.label : `${t.char} ${t.label.split(' (')[0]}`,
          ),
        );
      }
    },
  };
}
