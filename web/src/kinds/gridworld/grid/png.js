// The grids shown, as one PNG: on a white background at a readable size, with their captions and the
// heatmap's scale.
import { formatNumber } from '../../../views/dom.js';
import { LIGHT_GRID_PALETTE, rampColour, css } from './colours.js';
import { drawGrid } from './draw.js';

// figures: [{caption, policy (per cell or null)}]; heat: {values, scale, h}; flat: the cells.
export function gridPng({ describe, figures, heat, flat }) {
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
  const { values, scale, h } = heat;
  figures.forEach((f, k) => {
    const x0 = pad + k * (cols * scaled + pad);
    ctx.fillStyle = palette.text;
    ctx.font = '600 15px system-ui, sans-serif';
    ctx.textBaseline = 'top';
    ctx.textAlign = 'left';
    ctx.fillText(f.caption, x0, pad);
    drawGrid(
      ctx,
      x0,
      pad + caption,
      scaled,
      { describe, flat, heat: values, scale, policy: f.policy, dpr: 1 },
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
  return canvas;
}
