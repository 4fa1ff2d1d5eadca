// The gridworld on a canvas: cells coloured by a chosen heatmap (utility, optimal value, the agent's
// value, occupancy, each state's contribution to MEG, the utility inferred by unknown-utility MEG),
// walls, starts, goals and cliffs drawn distinctly, policy arrows scaled by probability (the agent's
// and the maximum-entropy policy's, side by side), an animated agent following a sampled trajectory
// (player.js), and a palette to edit cells (paint.js; the page writes the edit into the model text).
// The colours are put into an ImageData one pixel per cell and scaled up without smoothing, so a
// 200×200 grid draws in a few milliseconds; arrows and letters are drawn only when cells are large
// enough to read them. The view draws the engine's responses (describe, solve, meg, trajectories).
import { el, clear, formatNumber } from '../../../views/dom.js';
import { themeGridPalette, colourScale, rampColour, css } from './colours.js';
import { HEATMAPS, statesByCell, heatmapValues, heatmapAvailable, policyByCell } from './heatmaps.js';
import { drawGrid, drawOverlay, policyText, MIN_ARROW_CELL } from './draw.js';
import { createPlayer } from './player.js';
import { createPaintPalette } from './paint.js';
import { gridPng } from './png.js';

const ARROWS = [
  { id: 'both', label: 'Agent and max-ent side by side' },
  { id: 'agent', label: "Agent's policy" },
  { id: 'maxent', label: 'Maximum-entropy policy' },
  { id: 'none', label: 'No arrows' },
];

const TYPE_WORDS = {
  floor: 'floor',
  wall: 'wall',
  start: 'start',
  goal: 'goal',
  cliff: 'cliff',
  custom: 'custom cell',
};

// createGridView(container, {onEditCells(cells, char), onSeed(seed)}): the grid panel of a gridworld.
// update({describe, solve, megKnown, megUnknown, trajectory, discount, agentLabel, editable, sweep})
// shows new responses; with `sweep` ({values, policy, sweep, sweeps, method}: one sweep of value
// iteration) the grid shows that sweep instead: its values and its greedy policy. A press and drag
// over cells paints them all with the chosen tool (onEditCells([{row, col}], char), one edit).
// exportPng(basename, download) saves the shown grids.
export function createGridView(container, { onEditCells, onSeed }) {
  let describe = null;
  let data = {};
  let heatmap = 'optimal_value';
  let arrows = 'both';
  let numbers = false; // the heatmap's numbers printed in the cells
  let painting = null; // {cells: Set of indices, colour} while a drag paints
  let hover = -1;
  let editable = true;
  let figures = []; // [{canvas, overlay, which: 'agent'|'maxent', caption}]
  let layout = null; // {cell (device px), dpr}
  // What a describe result gives every draw: its cells row-major and the states of each cell.
  let cellsOf = { describe: null, flat: [], byCell: [] };
  // The last heatmap's numbers and scale, kept until the responses or the heatmap change.
  let heatOf = { key: null, values: null, scale: null };

  const heatSelect = el('select', {
    id: 'grid-heatmap',
    'aria-label': 'Colour the cells by',
    onChange: (event) => {
      heatmap = event.target.value;
      draw();
    },
  });
  const arrowSelect = el(
    'select',
    {
      id: 'grid-arrows',
      'aria-label': 'Policy arrows',
      onChange: (event) => {
        arrows = event.target.value;
        rebuildFigures();
      },
    },
    ARROWS.map((a) => el('option', { value: a.id, selected: a.id === arrows }, a.label)),
  );
  const numbersBox = el('input', {
    type: 'checkbox',
    id: 'grid-numbers',
    onChange: (event) => {
      numbers = event.target.checked;
      draw();
    },
  });
  const paint = createPaintPalette();
  const player = createPlayer({ onSeed, onStep: () => drawOverlays() });
  const stage = el('div', { class: 'grid-stage' });
  const scaleBar = el('canvas', { class: 'grid-scale-bar', width: 160, height: 12, 'aria-hidden': 'true' });
  const scaleLo = el('span', { class: 'grid-scale-lo' });
  const scaleHi = el('span', { class: 'grid-scale-hi' });
  const scaleLabel = el('span', { class: 'grid-scale-label' });
  const readout = el('div', { class: 'grid-readout', id: 'grid-readout', 'aria-live': 'polite' });

  const root = el(
    'div',
    { class: 'grid-world' },
    el(
      'div',
      { class: 'grid-toolbar' },
      el('label', null, 'Colour ', heatSelect),
      el('label', null, 'Arrows ', arrowSelect),
      el('label', { title: 'print each cell’s number (the colour’s)' }, numbersBox, ' values in cells'),
      el('details', { class: 'grid-paint' }, el('summary', null, 'Paint cells'), paint.element),
    ),
    stage,
    el(
      'div',
      { class: 'grid-footer' },
      el('div', { class: 'grid-scale' }, scaleLabel, scaleLo, scaleBar, scaleHi),
      el(
        'div',
        { class: 'grid-kinds', 'aria-hidden': 'true' },
        el('span', { class: 'kind kind-wall' }, 'wall'),
        el('span', { class: 'kind kind-start' }, 'start'),
        el('span', { class: 'kind kind-goal' }, 'goal'),
        el('span', { class: 'kind kind-cliff' }, 'cliff'),
      ),
    ),
    player.element,
    readout,
  );
  container.append(root);

  function fillHeatmaps() {
    const previous = heatmap;
    clear(heatSelect);
    for (const h of HEATMAPS) {
      if (h.id === 'sweep_value' && !data.sweep) continue;
      const available = Boolean(describe?.grid) && heatmapAvailable(h.id, data);
      heatSelect.append(
        el('option', { value: h.id, disabled: !available, selected: h.id === previous }, h.label),
      );
    }
    heatSelect.value = previous;
  }

  function maxentBeta() {
    const b = data.megKnown?.ok ? data.megKnown.result.beta : undefined;
    if (b === undefined) return '';
    return b === 'inf'
      ? ' (β = +∞)'
      : b === '-inf'
        ? ' (β = −∞)'
        : ` (β = ${formatNumber(Number(b.toPrecision(4)))})`;
  }

  function rebuildFigures() {
    clear(stage);
    figures = [];
    if (!describe?.grid) return;
    const which = data.sweep
      ? ['sweep']
      : arrows === 'both'
        ? ['agent', 'maxent']
        : [arrows === 'maxent' ? 'maxent' : 'agent'];
    for (const w of which) {
      const canvas = el('canvas', {
        class: 'grid-canvas',
        dataset: { which: w },
        tabindex: 0,
        role: 'img',
      });
      // The agent and the hovered cell are drawn on a canvas of their own above the grid, so that
      // moving them does not redraw the grid.
      const overlay = el('canvas', { class: 'grid-overlay', 'aria-hidden': 'true' });
      const caption = el('figcaption', null);
      canvas.addEventListener('pointermove', (event) => {
        const at = cellAt(event);
        if (painting && at >= 0 && !painting.cells.has(at)) {
          painting.cells.add(at);
          drawOverlays();
        }
        setHover(at);
      });
      canvas.addEventListener('pointerleave', () => setHover(-1));
      canvas.addEventListener('pointerdown', (event) => startPainting(event, canvas));
      const figure = el(
        'figure',
        { class: 'grid-figure', dataset: { which: w } },
        caption,
        el('div', { class: 'grid-canvas-wrap' }, canvas, overlay),
      );
      stage.append(figure);
      figures.push({ canvas, overlay, which: w, caption });
    }
    resize();
  }

  function cellAt(event) {
    if (!layout || !describe?.grid) return -1;
    const rect = event.target.getBoundingClientRect();
    const cssCell = layout.cell / layout.dpr;
    const col = Math.floor((event.clientX - rect.left) / cssCell);
    const row = Math.floor((event.clientY - rect.top) / cssCell);
    const { rows, cols } = describe.grid;
    if (row < 0 || col < 0 || row >= rows || col >= cols) return -1;
    return row * cols + col;
  }

  // A press starts painting: the cells the pointer passes are collected (and shown on the overlay),
  // and written into the model as one edit when it is released.
  function startPainting(event, canvas) {
    if (event.button !== 0 || !editable || !describe?.grid || data.sweep) return;
    const at = cellAt(event);
    if (at < 0) return;
    event.preventDefault();
    canvas.setPointerCapture(event.pointerId);
    const palette = themeGridPalette();
    const tool = paint.tool();
    const kind = { '#': 'wall', S: 'start', G: 'goal', C: 'cliff' }[tool];
    painting = { cells: new Set([at]), colour: kind ? palette[kind] : palette.floor };
    drawOverlays();
    const finish = () => {
      canvas.removeEventListener('pointerup', finish);
      canvas.removeEventListener('pointercancel', finish);
      const cells = [...painting.cells];
      painting = null;
      drawOverlays();
      edit(cells, tool);
    };
    canvas.addEventListener('pointerup', finish);
    canvas.addEventListener('pointercancel', finish);
  }

  function edit(indices, tool) {
    if (!editable || !describe?.grid) return;
    const { cols } = describe.grid;
    const cells = indices
      .map((index) => ({ row: Math.floor(index / cols), col: index % cols }))
      .filter(({ row, col }) => describe.grid.cells[row][col].char !== tool);
    if (cells.length) onEditCells?.(cells, tool);
  }

  function setHover(index) {
    if (index === hover) return;
    hover = index;
    drawOverlays();
    showReadout();
  }

  function showReadout() {
    if (hover < 0 || !describe?.grid) {
      readout.textContent = describe?.grid
        ? `Hover a cell to read it; click or drag to paint (${describe.grid.rows}×${describe.grid.cols}).`
        : '';
      return;
    }
    const { cols } = describe.grid;
    const row = Math.floor(hover / cols);
    const col = hover % cols;
    const c = describe.grid.cells[row][col];
    const parts = [`row ${row}, column ${col}: '${c.char}' ${TYPE_WORDS[c.type] || c.type}`];
    if (c.type !== 'wall') parts.push(`utility ${formatNumber(c.utility)}`);
    const { values, h } = currentScale();
    if (h && h.id !== 'utility' && values && Number.isFinite(values[hover])) {
      parts.push(`${h.label} ${formatNumber(values[hover])}`);
    }
    const states = cells().byCell[hover] || [];
    const agent = states.length ? agentPolicy()?.[states[0]] : null;
    const maxent = states.length ? maxentPolicy()?.[states[0]] : null;
    if (agent && !c.terminal) parts.push(`agent ${policyText(describe.actions || [], agent)}`);
    if (maxent && !c.terminal) parts.push(`max-ent ${policyText(describe.actions || [], maxent)}`);
    readout.textContent = parts.join(' · ');
  }

  function agentPolicy() {
    if (data.solve?.ok) return data.solve.result.agent?.policy;
    return data.megKnown?.ok ? data.megKnown.result.agent_policy : null;
  }

  function maxentPolicy() {
    return data.megKnown?.ok ? data.megKnown.result.maxent_policy : null;
  }

  function figurePolicy(f) {
    if (f.which === 'sweep') return policyByCell(cells().byCell, data.sweep?.policy);
    return policyByCell(cells().byCell, f.which === 'maxent' ? maxentPolicy() : agentPolicy());
  }

  function resize() {
    if (!describe?.grid || !figures.length) return;
    const { rows, cols } = describe.grid;
    const dpr = window.devicePixelRatio || 1;
    const box = stage.getBoundingClientRect();
    const gap = 12;
    const captionHeight = 22;
    // Side by side, or one above the other when that gives larger cells (tall grids, wide panels).
    const n = figures.length;
    const sideBySide = Math.min((box.width - gap * (n - 1)) / n / cols, (box.height - captionHeight) / rows);
    const stacked = Math.min(box.width / cols, (box.height - n * captionHeight - gap * (n - 1)) / n / rows);
    const stack = n > 1 && stacked > sideBySide * 1.15;
    stage.classList.toggle('stacked', stack);
    const cssCell = Math.min(stack ? stacked : sideBySide, 64);
    if (!(cssCell > 0)) return;
    const cell = Math.max(1, Math.floor(cssCell * dpr));
    layout = { cell, dpr };
    for (const f of figures) {
      for (const c of [f.canvas, f.overlay]) {
        c.width = cols * cell;
        c.height = rows * cell;
        c.style.width = `${(cols * cell) / dpr}px`;
        c.style.height = `${(rows * cell) / dpr}px`;
      }
    }
    draw();
  }

  function cells() {
    if (cellsOf.describe !== describe) {
      cellsOf = { describe, flat: describe.grid.cells.flat(), byCell: statesByCell(describe) };
    }
    return cellsOf;
  }

  // The shown heatmap's numbers and colour scale (kept while the responses and heatmap stay).
  function currentScale() {
    const id = data.sweep ? 'sweep_value' : heatmap;
    const h = HEATMAPS.find((x) => x.id === id);
    if (heatOf.key?.data !== data || heatOf.key?.heatmap !== id || heatOf.key?.describe !== describe) {
      const values = describe?.grid ? heatmapValues(id, describe, data, cells().byCell) : null;
      heatOf = {
        key: { data, heatmap: id, describe },
        values,
        scale: h && values ? colourScale(values, h.signed) : null,
      };
    }
    return { values: heatOf.values, scale: heatOf.scale, h };
  }

  // Redraws the grids (colours, kinds, arrows) and their overlays.
  function draw() {
    if (!describe?.grid || !layout) return;
    const palette = themeGridPalette();
    const { values, scale, h } = currentScale();
    const { flat } = cells();
    for (const f of figures) {
      const ctx = f.canvas.getContext('2d');
      ctx.fillStyle = palette.background;
      ctx.fillRect(0, 0, f.canvas.width, f.canvas.height);
      const policy = arrows === 'none' || layout.cell / layout.dpr < MIN_ARROW_CELL ? null : figurePolicy(f);
      drawGrid(
        ctx,
        0,
        0,
        layout.cell,
        { describe, flat, heat: values, scale, policy, dpr: layout.dpr, numbers },
        palette,
      );
      f.caption.textContent =
        f.which === 'sweep'
          ? `${data.sweep.method === 'soft_value_iteration' ? 'Soft value iteration' : 'Value iteration'}: sweep ${data.sweep.sweep} of ${data.sweep.sweeps}, its values and the policy greedy in them`
          : f.which === 'maxent'
            ? `Maximum-entropy policy${maxentBeta()}`
            : `Agent${data.agentLabel ? `: ${data.agentLabel}` : ''}`;
      f.canvas.setAttribute(
        'aria-label',
        `${f.caption.textContent}: a ${describe.grid.rows} by ${describe.grid.cols} grid coloured by ${h?.label || 'cell kind'}`,
      );
    }
    drawScale(scale, h);
    drawOverlays();
  }

  // Redraws the agent and the hovered cell only.
  function drawOverlays() {
    if (!describe?.grid || !layout) return;
    const palette = themeGridPalette();
    const trail = player.trail(describe);
    const { cols, rows } = describe.grid;
    for (const f of figures) {
      const ctx = f.overlay.getContext('2d');
      ctx.clearRect(0, 0, f.overlay.width, f.overlay.height);
      drawOverlay(
        ctx,
        0,
        0,
        layout.cell,
        {
          cols,
          count: rows * cols,
          trail: f.which === 'agent' ? trail : null,
          hover,
          dpr: layout.dpr,
          painting,
        },
        palette,
      );
    }
  }

  function drawScale(scale, h) {
    const ctx = scaleBar.getContext('2d');
    ctx.clearRect(0, 0, scaleBar.width, scaleBar.height);
    if (!scale) {
      scaleLabel.textContent = `${h?.label || ''}: not computed yet`;
      scaleLo.textContent = '';
      scaleHi.textContent = '';
      return;
    }
    for (let x = 0; x < scaleBar.width; x++) {
      ctx.fillStyle = css(rampColour(scale.stops, x / (scaleBar.width - 1)));
      ctx.fillRect(x, 0, 1, scaleBar.height);
    }
    scaleLabel.textContent = h.label;
    scaleLo.textContent = formatNumber(Number(scale.lo.toPrecision(3)));
    scaleHi.textContent = formatNumber(Number(scale.hi.toPrecision(3)));
  }

  new ResizeObserver(() => resize()).observe(stage);
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => draw());

  return {
    // Shows a gridworld's describe result and the responses known for it so far. The trajectory is
    // kept (and its step) when it is the same array as before.
    update(next) {
      const figuresChange = Boolean(next.sweep) !== Boolean(data.sweep);
      const newGrid = next.describe !== describe || figuresChange;
      const sameShape =
        describe?.grid &&
        next.describe?.grid &&
        describe.grid.rows === next.describe.grid.rows &&
        describe.grid.cols === next.describe.grid.cols;
      describe = next.describe;
      data = next;
      editable = next.editable !== false && Boolean(describe?.grid?.map_rows);
      player.set(next.trajectory || null, next.discount);
      fillHeatmaps();
      if (newGrid) paint.fill(describe, editable);
      if ((newGrid && !sameShape) || figuresChange) rebuildFigures();
      else if (!figures.length) rebuildFigures();
      else draw();
      showReadout();
    },
    // Stops the animation (the model shown is no longer a gridworld).
    hide() {
      player.pause();
    },
    // The view's own choices, for a share link: the heatmap, the arrows, the numbers in the cells.
    viewState: () => ({ heatmap, arrows, numbers: numbers ? '1' : '' }),
    setView(view) {
      if (HEATMAPS.some((h) => h.id === view.heatmap)) heatmap = view.heatmap;
      if (ARROWS.some((a) => a.id === view.arrows)) arrows = view.arrows;
      arrowSelect.value = arrows;
      numbers = view.numbers === '1';
      numbersBox.checked = numbers;
      if (describe) rebuildFigures();
    },
    async exportPng(basename, download) {
      if (!describe?.grid) return;
      const canvas = gridPng({
        describe,
        figures: figures.map((f) => ({
          caption: f.caption.textContent,
          policy: arrows === 'none' ? null : figurePolicy(f),
        })),
        heat: currentScale(),
        flat: cells().flat,
      });
      await download(`${basename}-grid.png`, canvas);
    },
  };
}
