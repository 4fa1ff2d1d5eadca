// What the Risk and Diplomacy maps share: the SVG canvas of a board (its width and height from
// describe's `board`), arrows drawn as paths with their own heads (so that each can take its player's
// colour), rings, badges, colours from the model checked before use, and provinces or territories
// made keyboard-focusable buttons when the map is being edited. Every text goes in through textContent
// or an attribute (model names are untrusted).
import { svgEl } from '../../views/dom.js';

// A colour from a model, when it is a plain hex colour; else `fallback` (a model could write anything).
export function safeColour(colour, fallback = '#718096') {
  return typeof colour === 'string' && /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(colour) ? colour : fallback;
}

// A number the canvas can use: finite and within the board's bounds (a model's numbers are checked by
// the engine; this keeps a drawing sane whatever it is given).
export const coordinate = (v, max) => (Number.isFinite(v) ? Math.max(0, Math.min(max, v)) : 0);

// The board's canvas: an <svg> with a viewBox of the board's size, scaled to its container, with a
// <title> (for screen readers) and the class `map-board`.
export function boardCanvas(board, { label, className }) {
  const width = Number.isFinite(board?.width) && board.width > 0 ? board.width : 1000;
  const height = Number.isFinite(board?.height) && board.height > 0 ? board.height : 700;
  const svg = svgEl('svg', {
    xmlns: 'http://www.w3.org/2000/svg',
    class: `map-board ${className}`,
    viewBox: `0 0 ${width} ${height}`,
    role: 'group',
    'aria-label': label,
    preserveAspectRatio: 'xMidYMid meet',
  });
  svg.append(svgEl('title', null, label));
  return { svg, width, height };
}

const fixed = (v) => v.toFixed(1);

// An arrow from a to b ({x, y}), leaving `startInset` and `endInset` free at its ends (the circles
// it joins), bent sideways by `bend` (so that two arrows between the same places in opposite
// directions stay apart), through `via` when given (a convoy's fleet). Returns the group's parts: the
// path and its head, in class `map-arrow <kind>`, and `mid` (where a label goes).
export function arrow(a, b, { kind, colour, startInset = 0, endInset = 0, bend = 0.12, via = null }) {
  const points = via ? [a, via, b] : [a, b];
  const first = points[0];
  const second = points[1];
  const last = points[points.length - 1];
  const beforeLast = points[points.length - 2];
  const unit = (p, q) => {
    const dx = q.x - p.x;
    const dy = q.y - p.y;
    const len = Math.hypot(dx, dy) || 1;
    return { x: dx / len, y: dy / len, len };
  };
  const u0 = unit(first, second);
  const u1 = unit(beforeLast, last);
  const start = { x: first.x + u0.x * startInset, y: first.y + u0.y * startInset };
  const end = { x: last.x - u1.x * endInset, y: last.y - u1.y * endInset };
  let d;
  let mid;
  let tangent;
  if (via) {
    // The control point that puts the curve's middle on `via` (the fleet a convoy goes through).
    const control = { x: 2 * via.x - (start.x + end.x) / 2, y: 2 * via.y - (start.y + end.y) / 2 };
    d = `M${fixed(start.x)},${fixed(start.y)}Q${fixed(control.x)},${fixed(control.y)} ${fixed(end.x)},${fixed(end.y)}`;
    mid = via;
    tangent = unit(control, end);
  } else {
    const len = Math.hypot(end.x - start.x, end.y - start.y);
    const control = {
      x: (start.x + end.x) / 2 - u0.y * len * bend,
      y: (start.y + end.y) / 2 + u0.x * len * bend,
    };
    d = `M${fixed(start.x)},${fixed(start.y)}Q${fixed(control.x)},${fixed(control.y)} ${fixed(end.x)},${fixed(end.y)}`;
    mid = { x: (start.x + 2 * control.x + end.x) / 4, y: (start.y + 2 * control.y + end.y) / 4 };
    tangent = unit(control, end);
  }
  const size = 9;
  const back = { x: end.x - tangent.x * size, y: end.y - tangent.y * size };
  const side = { x: -tangent.y * size * 0.5, y: tangent.x * size * 0.5 };
  const head = `M${fixed(end.x)},${fixed(end.y)}L${fixed(back.x + side.x)},${fixed(back.y + side.y)}L${fixed(back.x - side.x)},${fixed(back.y - side.y)}Z`;
  const style = `--map-colour: ${safeColour(colour)}`;
  return {
    mid,
    parts: [
      svgEl('path', { d, class: `map-arrow-line ${kind}`, style }),
      svgEl('path', { d: head, class: `map-arrow-head ${kind}`, style }),
    ],
  };
}

// A cross at p: a failed order (drawn over its arrow).
export function cross(p, size = 7) {
  const s = size;
  return svgEl('path', {
    d: `M${fixed(p.x - s)},${fixed(p.y - s)}L${fixed(p.x + s)},${fixed(p.y + s)}M${fixed(p.x - s)},${fixed(p.y + s)}L${fixed(p.x + s)},${fixed(p.y - s)}`,
    class: 'map-cross',
  });
}

// A ring around p: a hold.
export function ring(p, r, colour, kind = 'hold') {
  return svgEl('circle', {
    cx: fixed(p.x),
    cy: fixed(p.y),
    r,
    class: `map-ring ${kind}`,
    style: `--map-colour: ${safeColour(colour)}`,
  });
}

// A small label with a halo at p (text drawn twice: the halo first, so that it reads over lines).
export function haloText(p, text, className) {
  const props = { x: fixed(p.x), y: fixed(p.y), class: className };
  return [
    svgEl('text', { ...props, class: `${className} map-halo`, 'aria-hidden': 'true' }, text),
    svgEl('text', props, text),
  ];
}

// Makes `node` (a province's or territory's group) a button for the editor: focusable, activated by
// a click, Enter or Space.
export function makeButton(node, label, onActivate) {
  node.setAttribute('tabindex', '0');
  node.setAttribute('role', 'button');
  node.setAttribute('aria-label', label);
  node.classList.add('editable');
  node.addEventListener('click', onActivate);
  node.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onActivate();
    }
  });
}

// The legend under a map: [{kind, text}] as small line samples and words.
export function legendSvg(items) {
  const width = 150;
  const row = 18;
  const columns = Math.min(items.length, 4);
  const rows = Math.ceil(items.length / Math.max(1, columns));
  const svg = svgEl('svg', {
    class: 'map-legend',
    viewBox: `0 0 ${columns * width} ${rows * row + 4}`,
    // Drawn at its own size (never enlarged beyond it: a legend's words match the page's).
    width: columns * width,
    height: rows * row + 4,
    role: 'img',
    'aria-label': `legend: ${items.map((i) => i.text).join('; ')}`,
  });
  items.forEach((item, i) => {
    const x = (i % columns) * width + 4;
    const y = Math.floor(i / columns) * row + 12;
    const g = svgEl('g', { class: 'map-legend-item' });
    if (item.kind === 'hold') g.append(ring({ x: x + 14, y: y - 4 }, 6, '#4a5568'));
    else if (item.kind === 'failed') {
      g.append(
        ...arrow({ x, y: y - 4 }, { x: x + 28, y: y - 4 }, { kind: 'move', colour: '#4a5568', bend: 0 })
          .parts,
        cross({ x: x + 14, y: y - 4 }, 4),
      );
    } else if (item.kind === 'dislodged') {
      g.append(
        svgEl('rect', { x, y: y - 10, width: 16, height: 12, rx: 2, class: 'map-unit-box dislodged' }),
      );
    } else {
      g.append(
        ...arrow({ x, y: y - 4 }, { x: x + 28, y: y - 4 }, { kind: item.kind, colour: '#4a5568', bend: 0 })
          .parts,
      );
    }
    g.append(svgEl('text', { x: x + 34, y, class: 'map-legend-text' }, item.text));
    svg.append(g);
  });
  return svg;
}
