// The grid's colours: the theme's palette, and the colour scales of the heatmaps.

// Colours of the exported figure (light, whatever the page's theme).
export const LIGHT_GRID_PALETTE = {
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

export function themeGridPalette() {
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

export function rampColour(stops, t) {
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

export const css = ([r, g, b]) => `rgb(${r}, ${g}, ${b})`;

export function hexToRgb(colour) {
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
