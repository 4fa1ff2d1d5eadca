// The gridworld on a canvas: cells coloured by a chosen heatmap (utility, optimal value, the agent's
// value, occupancy, each state's contribution to MEG, the utility inferred by unknown-utility MEG),
// walls, starts, goals and cliffs drawn distinctly, policy arrows scaled by probability (the agent's
// and the maximum-entropy policy's, side by side), an animated agent following a sampled trajectory,
// and a palette to edit cells (the page writes the edit into the model text). The colours are put
// into an ImageData one pixel per cell and scaled up without smoothing, so a 200×200 grid draws in a
// few milliseconds; arrows and letters are drawn only when cells are large enough to read them. The
// view draws the engine's responses (describe, solve, meg, trajectories); it computes no analysis.
import { el, clear, formatNumber } from './dom.js';

// Heatmaps: where their numbers come from, and whether they are signed (a diverging scale centred
// at 0) or not (a sequential scale from 0).
// Terminal cells are left uncoloured where their number says nothing about the agent (after
// entering them it stays in an absorbing zero-utility state: value 0, no MEG, and occupancy that
// would only count the time spent there).
export const HEATMAPS = [
  { id: 'utility', label: 'Utility of entering', signed: true, terminals: true },
  { id: 'optimal_value', label: 'Optimal value V*', signed: true },
  { id: 'agent_value', label: "Agent's value", signed: true },
  { id: 'occupancy', label: 'Visits (occupancy)', signed: false },
  { id: 'contribution', label: 'MEG contribution', signed: true },
  { id: 'inferred_utility', label: 'Inferred utility (unknown-utility MEG)', signed: true, terminals: true },
];

// The cells a user can paint: the built-in characters of the format (docs/format.md, gridworld).
const BUILT_IN_TOOLS = [
  { char: '#', label: 'Wall' },
  { char: '.', label: 'Floor' },
  { char: 'S', label: 'Start' },
  { char: 'G', label: 'Goal' },
  { char: 'C', label: 'Cliff' },
];

const ARROWS = [
  { id: 'both', label: 'Agent and max-ent side by side' },
  { id: 'agent', label: "Agent's policy" },
  { id: 'maxent', label: 'Maximum-entropy policy' },
  { id: 'none', label: 'No arrows' },
];

const SPEEDS = [1, 2, 4, 8, 16];
const DIRECTIONS = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] };
const MIN_ARROW_CELL = 14; // CSS pixels
const MIN_LETTER_CELL = 16;
const MIN_BORDER_CELL = 6;

// Colours of the exported figure (light, whatever the page's theme).
const LIGHT_GRID_PALETTE = {
  background: '#ffffff',
  text: '#1a202c',
  floor: '#f4f6f9',
  wall: '#3d4451',
  line: 'rgba(26, 32, 44, 0.18)',
  start: '#2f855a',
  goal: '#b7791f',
  cliff: '#c53030',
  arrow: '#1a202c',
  halo: 'rgba(255, 255, 255, 0.85)',
  agent: '#6b46c1',
  trail: 'rgba(107, 70, 193, 0.55)',
  hover: '#d9480f',
};

function themeGridPalette() {
  const css = getComputedStyle(document.documentElement);
  const v = (name) => css.getPropertyValue(name).trim();
  const pick = (name, key) => v(name) || LIGHT_GRID_PALETTE[key];
  return {
    background: pick('--panel', 'background'),
    text: pick('--text', 'text'),
    floor: pick('--grid-floor', 'floor'),
    wall: pick('--grid-wall', 'wall'),
    line: pick('--grid-line', 'line'),
    start: pick('--grid-start', 'start'),
    goal: pick('--grid-goal', 'goal'),
    cliff: pick('--grid-cliff', 'cliff'),
    arrow: LIGHT_GRID_PALETTE.arrow,
    halo: LIGHT_GRID_PALETTE.halo,
    agent: pick('--grid-agent', 'agent'),
    trail: LIGHT_GRID_PALETTE.trail,
    hover: pick('--highlight', 'hover'),
  };
}

// ---- Colour scales ----

function mix(a, b, t) {
  return a.map((x, i) => Math.round(x + (b[i] - x) * t));
}

function rampColour(stops, t) {
  const x = Math.min(1, Math.max(0, t)) * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(x));
  return mix(stops[i], stops[i + 1], x - i);
}

// Red for negative, near-white for 0, blue for positive (ColorBrewer RdBu).
const DIVERGING = [
  [178, 24, 43],
  [239, 138, 98],
  [247, 247, 247],
  [103, 169, 207],
  [33, 102, 172],
];
// Pale to dark green (ColorBrewer Greens): 0 is pale.
const SEQUENTIAL = [
  [247, 252, 245],
  [199, 233, 192],
  [116, 196, 118],
  [35, 139, 69],
  [0, 68, 27],
];

// A colour scale for a set of values (non-finite ones ignored): {colour(v) → [r,g,b], lo, hi, stops}.
// Signed numbers of both signs get a diverging scale centred at 0; numbers of one sign get that
// half of it, stretched over their range (so values from −100 to −80 still differ); unsigned ones
// (occupancy) a sequential scale from 0.
export function colourScale(values, signed) {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (Number.isFinite(v)) {
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
  }
  if (!(lo <= hi)) [lo, hi] = [0, 1];
  const ramp = (stops, from, to) => ({
    lo: from,
    hi: to,
    stops,
    colour: (v) => rampColour(stops, to > from ? (v - from) / (to - from) : 0.5),
  });
  if (!signed) return ramp(SEQUENTIAL, 0, Math.max(hi, 1e-12));
  if (lo < 0 && hi > 0) {
    const m = Math.max(-lo, hi);
    return ramp(DIVERGING, -m, m);
  }
  if (lo === hi) return ramp(DIVERGING, lo - (Math.abs(lo) || 1), lo + (Math.abs(lo) || 1));
  return hi <= 0 ? ramp(DIVERGING.slice(0, 3), lo, hi) : ramp(DIVERGING.slice(2), lo, hi);
}

const css = ([r, g, b]) => `rgb(${r}, ${g}, ${b})`;

function hexToRgb(colour) {
  const m = /^#([0-9a-f]{6})$/i.exec(colour.trim());
  if (m) {
    const n = parseInt(m[1], 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  }
  const rgb = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(colour);
  return rgb ? [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])] : [128, 128, 128];
}

// ---- Reading the responses ----

// Per cell (row-major index) the states in it, in state order (a finite horizon has one per step).
function statesByCell(describe) {
  const { rows, cols } = describe.grid;
  const byCell = Array.from({ length: rows * cols }, () => []);
  (describe.states || []).forEach((s, i) => {
    if (Array.isArray(s.cell)) byCell[s.cell[0] * cols + s.cell[1]]?.push(i);
  });
  return byCell;
}

// A per-state array as per-cell numbers: the first state of the cell (values), or the sum over the
// cell's states (occupancy, contributions: quantities that add up over time steps).
function perCell(byCell, perState, sum) {
  return byCell.map((states) => {
    if (!perState || !states.length) return NaN;
    if (!sum) return toFinite(perState[states[0]]);
    return states.reduce((acc, i) => acc + (toFinite(perState[i]) || 0), 0);
  });
}

function toFinite(v) {
  return typeof v === 'number' && Number.isFinite(v) ? v : NaN;
}

// The numbers of a heatmap per cell (NaN where a cell has none), or null when the responses lack them.
// `byCell` (statesByCell of describe) may be given when known.
export function heatmapValues(id, describe, data, byCell = null) {
  const values = rawHeatmapValues(id, describe, data, byCell || statesByCell(describe));
  if (!values || HEATMAPS.find((h) => h.id === id)?.terminals) return values;
  const cells = describe.grid.cells.flat();
  return values.map((v, i) => (cells[i].terminal ? NaN : v));
}

// Whether the responses hold a heatmap's numbers (without computing them).
function heatmapAvailable(id, data) {
  const solve = data.solve?.ok ? data.solve.result : null;
  const known = data.megKnown?.ok ? data.megKnown.result : null;
  switch (id) {
    case 'utility':
      return true;
    case 'optimal_value':
      return Boolean(solve?.values);
    case 'agent_value':
      return Boolean(solve?.agent?.values);
    case 'occupancy':
      return Boolean(solve?.agent?.occupancy || known?.occupancy);
    case 'contribution':
      return Boolean(known?.contributions);
    case 'inferred_utility':
      return Boolean(data.megUnknown?.ok && data.megUnknown.result.inferred_utility);
    default:
      return false;
  }
}

function rawHeatmapValues(id, describe, data, byCell) {
  const grid = describe?.grid;
  if (!grid) return null;
  const solve = data.solve?.ok ? data.solve.result : null;
  const known = data.megKnown?.ok ? data.megKnown.result : null;
  const unknown = data.megUnknown?.ok ? data.megUnknown.result : null;
  switch (id) {
    case 'utility':
      return grid.cells.flat().map((c) => (c.type === 'wall' ? NaN : toFinite(c.utility)));
    case 'optimal_value':
      return solve?.values ? perCell(byCell, solve.values, false) : null;
    case 'agent_value':
      return solve?.agent?.values ? perCell(byCell, solve.agent.values, false) : null;
    case 'occupancy': {
      const occupancy = solve?.agent?.occupancy || known?.occupancy;
      return occupancy ? perCell(byCell, occupancy, true) : null;
    }
    case 'contribution':
      return known?.contributions ? perCell(byCell, known.contributions, true) : null;
    case 'inferred_utility':
      return unknown?.inferred_utility ? perCell(byCell, unknown.inferred_utility, false) : null;
    default:
      return null;
  }
}

// The policy of the first state of each cell: per cell an array of probabilities per action.
function policyByCell(byCell, policy) {
  if (!policy) return null;
  return byCell.map((states) => (states.length ? policy[states[0]] || null : null));
}

// ---- Drawing ----

// Draws one grid at (x0, y0) with `cell` device pixels per cell: the cells' colours, kinds and the
// policy arrows. layer = {describe, flat: the cells row-major, heat: per-cell numbers or null,
// scale, policy: per-cell probabilities or null, dpr}.
function drawGrid(ctx, x0, y0, cell, layer, palette) {
  const { describe, flat, heat, scale, policy, dpr } = layer;
  const { rows, cols } = describe.grid;
  const floor = hexToRgb(palette.floor);
  const wall = hexToRgb(palette.wall);
  const tiny = cell / dpr < MIN_BORDER_CELL;
  const kindColour = {
    goal: hexToRgb(palette.goal),
    cliff: hexToRgb(palette.cliff),
    start: hexToRgb(palette.start),
  };

  // The colours, one pixel per cell, scaled up crisply.
  const image = new ImageData(cols, rows);
  for (let i = 0; i < flat.length; i++) {
    const c = flat[i];
    let rgb;
    if (c.type === 'wall') rgb = wall;
    else if (heat && Number.isFinite(heat[i])) rgb = scale.colour(heat[i]);
    else rgb = floor;
    if (tiny && kindColour[c.type] && !(heat && Number.isFinite(heat[i]) && c.type === 'start')) {
      rgb = kindColour[c.type];
    }
    image.data[i * 4] = rgb[0];
    image.data[i * 4 + 1] = rgb[1];
    image.data[i * 4 + 2] = rgb[2];
    image.data[i * 4 + 3] = 255;
  }
  const pixels = document.createElement('canvas');
  pixels.width = cols;
  pixels.height = rows;
  pixels.getContext('2d').putImageData(image, 0, 0);
  ctx.save();
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(pixels, x0, y0, cols * cell, rows * cell);
  ctx.restore();

  const cssCell = cell / dpr;
  // Grid lines.
  if (cssCell >= MIN_BORDER_CELL) {
    ctx.save();
    ctx.strokeStyle = palette.line;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let r = 0; r <= rows; r++) {
      ctx.moveTo(x0, y0 + r * cell + 0.5);
      ctx.lineTo(x0 + cols * cell, y0 + r * cell + 0.5);
    }
    for (let c = 0; c <= cols; c++) {
      ctx.moveTo(x0 + c * cell + 0.5, y0);
      ctx.lineTo(x0 + c * cell + 0.5, y0 + rows * cell);
    }
    ctx.stroke();
    ctx.restore();
  }

  // Cell kinds: a coloured frame, a hatch for cliffs, the letter when there is room.
  if (!tiny) {
    ctx.save();
    const frame = Math.max(2, Math.round(cell * 0.08));
    for (let i = 0; i < flat.length; i++) {
      const c = flat[i];
      if (c.type === 'floor' || c.type === 'wall') continue;
      const x = x0 + (i % cols) * cell;
      const y = y0 + Math.floor(i / cols) * cell;
      const colour = palette[c.type] || palette.text;
      if (c.type === 'cliff') {
        ctx.save();
        ctx.beginPath();
        ctx.rect(x, y, cell, cell);
        ctx.clip();
        ctx.strokeStyle = palette.cliff;
        ctx.globalAlpha = 0.45;
        ctx.lineWidth = Math.max(1, cell * 0.04);
        ctx.beginPath();
        for (let k = -cell; k < cell; k += Math.max(4, cell / 5)) {
          ctx.moveTo(x + k, y + cell);
          ctx.lineTo(x + k + cell, y);
        }
        ctx.stroke();
        ctx.restore();
      }
      if (c.type !== 'custom') {
        ctx.strokeStyle = colour;
        ctx.lineWidth = frame;
        ctx.strokeRect(x + frame / 2, y + frame / 2, cell - frame, cell - frame);
      }
      if (cssCell >= MIN_LETTER_CELL) {
        ctx.font = `700 ${Math.round(cell * 0.34)}px system-ui, sans-serif`;
        ctx.textAlign = 'left';
        ctx.textBaseline = 'top';
        ctx.lineWidth = Math.max(2, cell * 0.06);
        ctx.strokeStyle = palette.halo;
        ctx.fillStyle = c.type === 'custom' ? palette.arrow : colour;
        ctx.strokeText(c.char, x + frame + 1, y + frame);
        ctx.fillText(c.char, x + frame + 1, y + frame);
      }
    }
    ctx.restore();
  }

  // Policy arrows, their length and head scaled by the action's probability.
  if (policy && cssCell >= MIN_ARROW_CELL) {
    const actions = describe.actions || [];
    ctx.save();
    ctx.lineCap = 'round';
    for (let i = 0; i < flat.length; i++) {
      const probs = policy[i];
      if (!probs || flat[i].terminal || flat[i].type === 'wall') continue;
      const cx = x0 + (i % cols) * cell + cell / 2;
      const cy = y0 + Math.floor(i / cols) * cell + cell / 2;
      actions.forEach((name, a) => {
        const p = probs[a];
        if (!(p > 0.015)) return;
        if (name === 'stay') {
          drawWithHalo(ctx, palette, cell, (w) => {
            ctx.lineWidth = w;
            ctx.beginPath();
            ctx.arc(cx, cy, Math.max(1.5, p * cell * 0.22), 0, 2 * Math.PI);
            ctx.stroke();
          });
          return;
        }
        const dir = DIRECTIONS[name];
        if (!dir) return;
        const length = p * cell * 0.42;
        const head = Math.min(length, cell * 0.09 + cell * 0.08 * Math.sqrt(p));
        const ex = cx + dir[0] * length;
        const ey = cy + dir[1] * length;
        drawWithHalo(ctx, palette, cell, (w) => {
          ctx.lineWidth = w;
          ctx.beginPath();
          ctx.moveTo(cx, cy);
          ctx.lineTo(ex, ey);
          ctx.moveTo(ex - dir[0] * head - dir[1] * head * 0.7, ey - dir[1] * head - dir[0] * head * 0.7);
          ctx.lineTo(ex, ey);
          ctx.lineTo(ex - dir[0] * head + dir[1] * head * 0.7, ey - dir[1] * head + dir[0] * head * 0.7);
          ctx.stroke();
        });
      });
    }
    ctx.restore();
  }
}

// Draws what changes often over a grid (on its own canvas): the agent's trail so far and where it
// is now, and the hovered cell.
function drawOverlay(ctx, x0, y0, cell, { cols, count, trail, hover, dpr }, palette) {
  if (trail && trail.length) {
    ctx.save();
    const centre = (i) => [x0 + (i % cols) * cell + cell / 2, y0 + Math.floor(i / cols) * cell + cell / 2];
    ctx.strokeStyle = palette.trail;
    ctx.lineWidth = Math.max(2, cell * 0.08);
    ctx.lineJoin = 'round';
    ctx.beginPath();
    trail.forEach((i, k) => {
      const [x, y] = centre(i);
      if (k) ctx.lineTo(x, y);
      else ctx.moveTo(x, y);
    });
    ctx.stroke();
    const [ax, ay] = centre(trail[trail.length - 1]);
    ctx.fillStyle = palette.agent;
    ctx.strokeStyle = palette.halo;
    ctx.lineWidth = Math.max(1.5, cell * 0.05);
    ctx.beginPath();
    ctx.arc(ax, ay, Math.max(3 * dpr, cell * 0.26), 0, 2 * Math.PI);
    ctx.fill();
    ctx.stroke();
    ctx.restore();
  }

  if (hover >= 0 && hover < count) {
    ctx.save();
    ctx.strokeStyle = palette.hover;
    ctx.lineWidth = Math.max(2, dpr * 2);
    ctx.strokeRect(
      x0 + (hover % cols) * cell + 1,
      y0 + Math.floor(hover / cols) * cell + 1,
      cell - 2,
      cell - 2,
    );
    ctx.restore();
  }
}

// Strokes a shape twice: a light halo, then the arrow colour, so arrows read on any cell colour.
function drawWithHalo(ctx, palette, cell, stroke) {
  const width = Math.max(1.2, cell * 0.055);
  ctx.strokeStyle = palette.halo;
  stroke(width + Math.max(1.5, cell * 0.05));
  ctx.strokeStyle = palette.arrow;
  stroke(width);
}

// "↑ 0.9 · → 0.1": the probable actions of a policy at a cell.
function policyText(actions, probs) {
  if (!probs) return '';
  const glyph = { up: '↑', down: '↓', left: '←', right: '→', stay: '•' };
  return actions
    .map((a, i) => [a, probs[i]])
    .filter(([, p]) => p > 0.005)
    .map(([a, p]) => `${glyph[a] || a} ${formatNumber(Number(p.toPrecision(3)))}`)
    .join(' ');
}

const TYPE_WORDS = {
  floor: 'floor',
  wall: 'wall',
  start: 'start',
  goal: 'goal',
  cliff: 'cliff',
  custom: 'custom cell',
};

// ---- The view ----

// createGridView(container, {onEditCell(row, col, char), onSeed(seed)}): the grid panel of a
// gridworld. update({describe, solve, megKnown, megUnknown, trajectory, discount, editable}) shows
// new responses; exportPng(basename) saves the shown grids.
export function createGridView(container, { onEditCell, onSeed }) {
  let describe = null;
  let data = {};
  let heatmap = 'optimal_value';
  let arrows = 'both';
  let tool = '#';
  let hover = -1;
  let trajectory = null;
  let discount = 1;
  let step = 0; // how many steps of the trajectory have been taken
  let playing = false;
  let speed = 4;
  let timer = 0;
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
  const palette = el('div', { class: 'grid-palette', role: 'group', 'aria-label': 'Paint cells' });
  const stage = el('div', { class: 'grid-stage' });
  const scaleBar = el('canvas', { class: 'grid-scale-bar', width: 160, height: 12, 'aria-hidden': 'true' });
  const scaleLo = el('span', { class: 'grid-scale-lo' });
  const scaleHi = el('span', { class: 'grid-scale-hi' });
  const scaleLabel = el('span', { class: 'grid-scale-label' });
  const readout = el('div', { class: 'grid-readout', id: 'grid-readout', 'aria-live': 'polite' });
  const stepButton = el(
    'button',
    { type: 'button', class: 'small', id: 'agent-step', onClick: () => advance() },
    'Step',
  );
  const playButton = el(
    'button',
    { type: 'button', class: 'small', id: 'agent-play', onClick: () => (playing ? pause() : play()) },
    'Play',
  );
  const resetButton = el(
    'button',
    { type: 'button', class: 'small', id: 'agent-reset', title: 'Back to the start', onClick: () => reset() },
    'Restart',
  );
  const speedSelect = el(
    'select',
    {
      id: 'agent-speed',
      'aria-label': 'Steps per second',
      onChange: (event) => {
        speed = Number(event.target.value);
        if (playing) {
          pause();
          play();
        }
      },
    },
    SPEEDS.map((s) => el('option', { value: s, selected: s === speed }, `${s}/s`)),
  );
  const seedInput = el('input', {
    type: 'number',
    id: 'agent-seed',
    min: 0,
    step: 1,
    value: 1,
    'aria-label': 'Seed of the sampled run',
    onChange: (event) => onSeed?.(Math.max(0, Math.floor(Number(event.target.value) || 0))),
  });
  const newRunButton = el(
    'button',
    {
      type: 'button',
      class: 'small',
      title: 'Sample another run (the next seed)',
      onClick: () => {
        seedInput.value = String((Math.floor(Number(seedInput.value)) || 0) + 1);
        onSeed?.(Number(seedInput.value));
      },
    },
    'New run',
  );
  const stepReadout = el('span', { class: 'agent-readout', id: 'agent-readout' });

  const root = el(
    'div',
    { class: 'grid-world' },
    el(
      'div',
      { class: 'grid-toolbar' },
      el('label', null, 'Colour ', heatSelect),
      el('label', null, 'Arrows ', arrowSelect),
      palette,
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
    el(
      'div',
      { class: 'agent-controls', role: 'group', 'aria-label': 'Animated agent' },
      el('span', { class: 'agent-title' }, 'Sampled run'),
      resetButton,
      stepButton,
      playButton,
      speedSelect,
      el('label', null, 'seed ', seedInput),
      newRunButton,
      stepReadout,
    ),
    readout,
  );
  container.append(root);

  function fillHeatmaps() {
    const previous = heatmap;
    clear(heatSelect);
    for (const h of HEATMAPS) {
      const available = Boolean(describe?.grid) && heatmapAvailable(h.id, data);
      heatSelect.append(
        el('option', { value: h.id, disabled: !available, selected: h.id === previous }, h.label),
      );
    }
    heatSelect.value = previous;
  }

  function fillPalette() {
    clear(palette);
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
    palette.append(el('span', { class: 'grid-palette-label' }, 'Paint'));
    for (const t of tools) {
      palette.append(
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
              for (const b of palette.querySelectorAll('.tool')) {
                b.setAttribute('aria-pressed', String(b.dataset.char === tool));
              }
            },
          },
          t.char === '.' || t.char === '#' ? t.label : `${t.char} ${t.label.split(' (')[0]}`,
        ),
      );
    }
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
    const which = arrows === 'both' ? ['agent', 'maxent'] : [arrows === 'maxent' ? 'maxent' : 'agent'];
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
      canvas.addEventListener('pointermove', (event) => setHover(cellAt(event)));
      canvas.addEventListener('pointerleave', () => setHover(-1));
      canvas.addEventListener('click', (event) => edit(cellAt(event)));
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

  function edit(index) {
    if (index < 0 || !editable || !describe?.grid) return;
    const { cols } = describe.grid;
    const row = Math.floor(index / cols);
    const col = index % cols;
    if (describe.grid.cells[row][col].char === tool) return;
    onEditCell?.(row, col, tool);
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
        ? `Hover a cell to read it; click to paint it (${describe.grid.rows}×${describe.grid.cols}).`
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

  function trailCells() {
    if (!trajectory?.length || !describe?.grid) return null;
    const { cols } = describe.grid;
    const cells = [];
    for (let t = 0; t <= Math.min(step, trajectory.length - 1); t++) {
      const s = describe.states?.[trajectory[t].state];
      if (s?.cell) cells.push(s.cell[0] * cols + s.cell[1]);
    }
    // After the last step, the agent stands where it led (the goal or the cliff it entered).
    const last = trajectory[trajectory.length - 1];
    if (step >= trajectory.length && last.next_state !== null && last.next_state !== undefined) {
      const s = describe.states?.[last.next_state];
      if (s?.cell) cells.push(s.cell[0] * cols + s.cell[1]);
    }
    return cells;
  }

  // The shown heatmap's numbers and colour scale (kept while the responses and heatmap stay).
  function currentScale() {
    const h = HEATMAPS.find((x) => x.id === heatmap);
    if (heatOf.key?.data !== data || heatOf.key?.heatmap !== heatmap || heatOf.key?.describe !== describe) {
      const values = describe?.grid ? heatmapValues(heatmap, describe, data, cells().byCell) : null;
      heatOf = {
        key: { data, heatmap, describe },
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
    const { flat, byCell } = cells();
    for (const f of figures) {
      const ctx = f.canvas.getContext('2d');
      ctx.fillStyle = palette.background;
      ctx.fillRect(0, 0, f.canvas.width, f.canvas.height);
      const policy =
        arrows === 'none' || layout.cell / layout.dpr < MIN_ARROW_CELL
          ? null
          : policyByCell(byCell, f.which === 'maxent' ? maxentPolicy() : agentPolicy());
      drawGrid(
        ctx,
        0,
        0,
        layout.cell,
        { describe, flat, heat: values, scale, policy, dpr: layout.dpr },
        palette,
      );
      f.caption.textContent =
        f.which === 'maxent'
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
    const trail = trailCells();
    const { cols, rows } = describe.grid;
    for (const f of figures) {
      const ctx = f.overlay.getContext('2d');
      ctx.clearRect(0, 0, f.overlay.width, f.overlay.height);
      drawOverlay(
        ctx,
        0,
        0,
        layout.cell,
        { cols, count: rows * cols, trail: f.which === 'agent' ? trail : null, hover, dpr: layout.dpr },
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

  // ---- The animated agent ----

  function showStep() {
    if (!trajectory?.length) {
      stepReadout.textContent = 'no sampled run yet';
      return;
    }
    // Steps taken so far: the utilities received on them, discounted from the start.
    let total = 0;
    let discounted = 0;
    for (let t = 0; t < step && t < trajectory.length; t++) {
      const u = Number(trajectory[t].utility) || 0;
      total += u;
      discounted += u * discount ** t;
    }
    const done = step >= trajectory.length;
    stepReadout.textContent =
      `t = ${Math.min(step, trajectory.length)} of ${trajectory.length} · return ${formatNumber(Number(total.toPrecision(6)))}` +
      (discount !== 1 ? ` (discounted ${formatNumber(Number(discounted.toPrecision(6)))})` : '') +
      (done ? ' · finished' : '');
    stepButton.disabled = done;
  }

  function advance() {
    if (!trajectory?.length) return;
    if (step < trajectory.length) step++;
    if (step >= trajectory.length) pause();
    showStep();
    drawOverlays();
  }

  function play() {
    if (!trajectory?.length) return;
    if (step >= trajectory.length) step = 0;
    playing = true;
    playButton.textContent = 'Pause';
    clearInterval(timer);
    timer = setInterval(advance, 1000 / speed);
  }

  function pause() {
    playing = false;
    playButton.textContent = 'Play';
    clearInterval(timer);
  }

  function reset() {
    pause();
    step = 0;
    showStep();
    drawOverlays();
  }

  new ResizeObserver(() => resize()).observe(stage);
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => draw());

  return {
    // Shows a gridworld's describe result and the responses known for it so far. The trajectory is
    // kept (and its step) when it is the same array as before.
    update(next) {
      const newGrid = next.describe !== describe;
      const sameShape =
        describe?.grid &&
        next.describe?.grid &&
        describe.grid.rows === next.describe.grid.rows &&
        describe.grid.cols === next.describe.grid.cols;
      describe = next.describe;
      data = next;
      editable = next.editable !== false && Boolean(describe?.grid?.map_rows);
      discount = typeof next.discount === 'number' ? next.discount : 1;
      const traj = next.trajectory || null;
      if (traj !== trajectory) {
        pause();
        trajectory = traj;
        step = 0;
      }
      fillHeatmaps();
      if (newGrid) fillPalette();
      if (newGrid && !sameShape) rebuildFigures();
      else if (!figures.length) rebuildFigures();
      else draw();
      showStep();
      showReadout();
    },
    // Stops the animation (the model shown is no longer a gridworld).
    hide() {
      pause();
    },
    // The grids shown, on a white background at a readable size, with their captions and the scale.
    async exportPng(basename, download) {
      if (!describe?.grid) return;
      const { rows, cols } = describe.grid;
      const cell = Math.max(24, Math.min(48, Math.floor(1200 / (cols * figures.length))));
      const scaled = rows * cols > 4000 ? Math.max(2, Math.floor(2000 / Math.max(rows, cols))) : cell;
      const pad = 16;
      const caption = 26;
      const scaleRow = 40;
      const canvas = document.createElement('canvas');
      canvas.width = pad + figures.length * (cols * scaled + pad);
      canvas.height = pad + caption + rows * scaled + scaleRow + pad;
      const ctx = canvas.getContext('2d');
      const palette = LIGHT_GRID_PALETTE;
      ctx.fillStyle = palette.background;
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      const { values, scale, h } = currentScale();
      const byCell = cells().byCell;
      figures.forEach((f, k) => {
        const x0 = pad + k * (cols * scaled + pad);
        ctx.fillStyle = palette.text;
        ctx.font = '600 15px system-ui, sans-serif';
        ctx.textBaseline = 'top';
        ctx.textAlign = 'left';
        ctx.fillText(f.caption.textContent, x0, pad);
        drawGrid(
          ctx,
          x0,
          pad + caption,
          scaled,
          {
            describe,
            flat: cells().flat,
            heat: values,
            scale,
            policy:
              arrows === 'none'
                ? null
                : policyByCell(byCell, f.which === 'maxent' ? maxentPolicy() : agentPolicy()),
            dpr: 1,
          },
          palette,
        );
      });
      if (scale) {
        const y = pad + caption + rows * scaled + 12;
        ctx.fillStyle = palette.text;
        ctx.font = '13px system-ui, sans-serif';
        ctx.textBaseline = 'middle';
        const label = `${h.label}:  ${formatNumber(Number(scale.lo.toPrecision(3)))}`;
        ctx.fillText(label, pad, y + 6);
        const bx = pad + ctx.measureText(label).width + 8;
        for (let x = 0; x < 200; x++) {
          ctx.fillStyle = css(rampColour(scale.stops, x / 199));
          ctx.fillRect(bx + x, y, 1, 12);
        }
        ctx.fillStyle = palette.text;
        ctx.fillText(formatNumber(Number(scale.hi.toPrecision(3))), bx + 208, y + 6);
      }
      await download(`${basename}-grid.png`, canvas);
    },
  };
}
