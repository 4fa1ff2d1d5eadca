// Drawing a grid on a canvas: the cells' colours one pixel per cell scaled up crisply, the kinds of
// cells, the policy arrows, and on an overlay canvas the agent's trail and the hovered cell.
import { formatNumber } from '../../../views/dom.js';
import { hexToRgb, css } from './colours.js';

const DIRECTIONS = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] };
export const MIN_ARROW_CELL = 14; // CSS pixels
export const MIN_NUMBER_CELL = 30;
const MIN_LETTER_CELL = 16;
const MIN_BORDER_CELL = 6;

export function drawGrid(ctx, x0, y0, cell, layer, palette) {
  const { describe, flat, heat, scale, policy, dpr, numbers = false } = layer;
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

  // Policy arrows, their length relative to the cell's most probable action (so that tied actions
  // are drawn alike and at full length, as in REINFORCEjs), their width growing with the probability.
  // With numbers in the cells, the arrows keep to the upper part, the number sits below.
  if (policy && cssCell >= MIN_ARROW_CELL) {
    const actions = describe.actions || [];
    ctx.save();
    ctx.lineCap = 'round';
    const lift = numbers && cssCell >= MIN_NUMBER_CELL ? cell * 0.12 : 0;
    for (let i = 0; i < flat.length; i++) {
      const probs = policy[i];
      if (!probs || flat[i].terminal || flat[i].type === 'wall') continue;
      const cx = x0 + (i % cols) * cell + cell / 2;
      const cy = y0 + Math.floor(i / cols) * cell + cell / 2 - lift;
      const top = Math.max(...actions.map((_, a) => probs[a] || 0));
      actions.forEach((name, a) => {
        const p = top > 0 ? (probs[a] || 0) / top : 0;
        if (!(probs[a] > 0.015)) return;
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
        const length = p * cell * (lift ? 0.3 : 0.42);
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

  // The heatmap's number in each cell that has one, when cells are large enough to read it.
  if (numbers && heat && cssCell >= MIN_NUMBER_CELL) {
    ctx.save();
    ctx.font = `600 ${Math.round(Math.min(cell * 0.24, 15 * dpr))}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'alphabetic';
    ctx.lineJoin = 'round';
    ctx.lineWidth = Math.max(2, cell * 0.07);
    for (let i = 0; i < flat.length; i++) {
      if (!Number.isFinite(heat[i]) || flat[i].type === 'wall') continue;
      const cx = x0 + (i % cols) * cell + cell / 2;
      const cy = y0 + Math.floor(i / cols) * cell + cell * (policy ? 0.9 : 0.62);
      const text = cellNumber(heat[i]);
      ctx.strokeStyle = palette.halo;
      ctx.fillStyle = palette.arrow;
      ctx.strokeText(text, cx, cy);
      ctx.fillText(text, cx, cy);
    }
    ctx.restore();
  }
}

// A number short enough for a cell: two decimals under 10, one under 100, none above.
export function cellNumber(v) {
  const a = Math.abs(v);
  const text = a >= 100 ? v.toFixed(0) : a >= 10 ? v.toFixed(1) : v.toFixed(2);
  return text.replace(/^-/, '−').replace(/^−(0\.0+)$/, '$1');
}

// Draws what changes often over a grid (on its own canvas): the agent's trail so far and where it
// is now, and the hovered cell.
export function drawOverlay(ctx, x0, y0, cell, { cols, count, trail, hover, dpr, painting = null }, palette) {
  // The cells a drag is painting, before the edit is made.
  if (painting?.cells?.size) {
    ctx.save();
    ctx.fillStyle = painting.colour;
    ctx.globalAlpha = 0.55;
    for (const i of painting.cells) {
      ctx.fillRect(x0 + (i % cols) * cell + 2, y0 + Math.floor(i / cols) * cell + 2, cell - 4, cell - 4);
    }
    ctx.restore();
  }
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
export function policyText(actions, probs) {
  if (!probs) return '';
  const glyph = { up: '↑', down: '↓', left: '←', right: '→', stay: '•' };
  return actions
    .map((a, i) => [a, probs[i]])
    .filter(([, p]) => p > 0.005)
    .map(([a, p]) => `${glyph[a] || a} ${formatNumber(Number(p.toPrecision(3)))}`)
    .join(' ');
}
