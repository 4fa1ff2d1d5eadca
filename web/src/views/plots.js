// Small line plots as SVG: axes with ticks and labels, one or more series, marked points (β* on the
// likelihood curve, the agent's ε on a sweep) and a legend. Every colour is written into the SVG as
// an attribute, so an exported file looks the same anywhere; the page draws with its theme's palette
// and exports with the light one. The plots only draw the numbers the engine returned.
import { svgEl } from './dom.js';

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

// The palette of exported figures (white background).
export const LIGHT_PLOT_PALETTE = {
  background: '#ffffff',
  text: '#1a202c',
  muted: '#5a6475',
  grid: '#e2e8f0',
  axis: '#4a5568',
  series: ['#2b6cb0', '#c05621', '#2f855a', '#6b46c1'],
  mark: '#c53030',
};

// The palette of the page's current theme, read from its CSS variables.
export function themePlotPalette() {
  const css = getComputedStyle(document.documentElement);
  const v = (name, fallback) => css.getPropertyValue(name).trim() || fallback;
  return {
    background: v('--panel', '#ffffff'),
    text: v('--text', '#1a202c'),
    muted: v('--muted', '#5a6475'),
    grid: v('--plot-grid', '#e2e8f0'),
    axis: v('--plot-axis', '#4a5568'),
    series: [
      v('--plot-1', '#2b6cb0'),
      v('--plot-2', '#c05621'),
      v('--plot-3', '#2f855a'),
      v('--plot-4', '#6b46c1'),
    ],
    mark: v('--plot-mark', '#c53030'),
  };
}

// Engine numbers may be "inf" / "-inf" strings; everything else that is not finite is dropped.
export function toNumber(value) {
  if (value === 'inf' || value === '+inf') return Infinity;
  if (value === '-inf') return -Infinity;
  return typeof value === 'number' ? value : NaN;
}

// Round tick values covering [lo, hi], about `count` of them.
export function niceTicks(lo, hi, count = 5) {
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return [];
  if (hi < lo) [lo, hi] = [hi, lo];
  if (hi === lo) return [lo];
  const raw = (hi - lo) / Math.max(1, count);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) || 10 * magnitude;
  const ticks = [];
  // Counted by index: a step below the values' floating-point resolution (a range like
  // [1, 1 + 2e-16]) would otherwise never advance t.
  const first = Math.ceil(lo / step - 1e-9);
  for (let i = 0; i <= 1000; i++) {
    const t = (first + i) * step;
    if (t > hi + step * 1e-9) break;
    const tick = Math.abs(t) < step * 1e-9 ? 0 : Number(t.toPrecision(12));
    if (ticks[ticks.length - 1] !== tick) ticks.push(tick);
  }
  return ticks;
}

// asinh(x / c) stretches the region near 0 and compresses large |x| (a "symlog" axis), for β.
function asinhScale(c) {
  return { forward: (x) => Math.asinh(x / c), inverse: (u) => c * Math.sinh(u) };
}

// Ticks of an asinh axis: 0 and ±1, 2, 5 × powers of ten within the range, thinned to fit.
function asinhTicks(lo, hi, scale, count) {
  const candidates = [0];
  for (let e = -3; e <= 6; e++) {
    for (const m of [1, 2, 5]) candidates.push(m * 10 ** e, -m * 10 ** e);
  }
  const inside = candidates.filter((t) => t >= lo && t <= hi).sort((a, b) => a - b);
  const u = (t) => scale.forward(t);
  const span = u(hi) - u(lo) || 1;
  const minGap = span / Math.max(2, count + 1);
  const picked = [];
  for (const t of inside.sort((a, b) => Math.abs(a) - Math.abs(b))) {
    if (picked.every((p) => Math.abs(u(p) - u(t)) >= minGap)) picked.push(t);
  }
  return picked.sort((a, b) => a - b);
}

// A text-drawing function in the palette's text colour and the plots' font: text(x, y, content, props).
export function plotText(palette) {
  return (x, y, content, props = {}) =>
    svgEl('text', { x, y, fill: palette.text, 'font-size': 12, 'font-family': FONT, ...props }, content);
}

// The frame of a plot area: the x and y axis lines and their labels (the x label's baseline at
// xLabelY, the y label turned along its axis).
// The range [lo, hi] of a plot's values and of the bounds it is given (`min` counts as a value below
// them, `max` above them): [0, 1] when nothing is finite, one value ± 0.5 when that is all there is.
export function valueRange(values, min, max) {
  let lo = Math.min(...values, min ?? Infinity);
  let hi = Math.max(...values, max ?? -Infinity);
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) [lo, hi] = [0, 1];
  if (lo === hi) [lo, hi] = [lo - 0.5, hi + 0.5];
  return [lo, hi];
}

// A plot's <svg> (class `className`, ARIA role `role`) with its background and its title; without a
// title it is labelled by its axes.
export function plotSvg(spec, { width, height, margin, palette, className, role }) {
  const svg = svgEl('svg', {
    xmlns: 'http://www.w3.org/2000/svg',
    class: className,
    viewBox: `0 0 ${width} ${height}`,
    width,
    height,
    role,
    'aria-label': spec.title || `${spec.yLabel} against ${spec.xLabel}`,
    id: spec.id,
  });
  svg.append(svgEl('rect', { x: 0, y: 0, width, height, fill: palette.background }));
  if (spec.title) {
    svg.append(plotText(palette)(margin.left, 18, spec.title, { 'font-weight': 600, 'font-size': 13 }));
  }
  return svg;
}

export function axisFrame({ margin, plotW, plotH }, palette, xLabel, yLabel, xLabelY) {
  const text = plotText(palette);
  const midY = margin.top + plotH / 2;
  return [
    svgEl('line', {
      x1: margin.left,
      x2: margin.left + plotW,
      y1: margin.top + plotH,
      y2: margin.top + plotH,
      stroke: palette.axis,
    }),
    svgEl('line', {
      x1: margin.left,
      x2: margin.left,
      y1: margin.top,
      y2: margin.top + plotH,
      stroke: palette.axis,
    }),
    text(margin.left + plotW / 2, xLabelY, xLabel || '', { 'text-anchor': 'middle' }),
    text(14, midY, yLabel || '', { 'text-anchor': 'middle', transform: `rotate(-90 14 ${midY})` }),
  ];
}

function tickText(value) {
  if (value === 0) return '0';
  const abs = Math.abs(value);
  if (abs >= 1e4 || abs < 1e-3) return value.toExponential(0).replace('e+', 'e');
  return String(Number(value.toPrecision(4)));
}

// Draws a plot. spec = {
//   title?, xLabel, yLabel, width?, height?,
//   series: [{name, points: [{x, y}], dashed?}],        (non-finite points are skipped)
//   categories?: [names]  (x is then the index of a category and ticks show the names),
//   xScale?: 'linear' | 'asinh',  yMin?, yMax?, (the y range always includes these when given)
//   marks?: [{x, y, label, labelAt?: 'top' | 'bottom'}]  (x may be ±Infinity: drawn at that edge
//     with an arrow),
//   id?
// } → an <svg> element.
export function linePlot(spec, palette = LIGHT_PLOT_PALETTE) {
  const width = spec.width || 400;
  const frameHeight = spec.height || 230;
  const margin = { left: 58, right: 16, top: spec.title ? 30 : 14, bottom: 46 };
  const plotW = width - margin.left - margin.right;
  const plotH = frameHeight - margin.top - margin.bottom;
  const series = (spec.series || []).map((s) => ({
    ...s,
    points: (s.points || []).filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y)),
  }));
  // The legend (two or more series) goes under the plot, never over the curves: entries in rows.
  const legendItems =
    series.length > 1 ? series.map((s) => ({ s, w: 34 + 6.6 * String(s.name).length })) : [];
  const legendRows = [];
  for (const item of legendItems) {
    const row = legendRows[legendRows.length - 1];
    const used = row ? row.reduce((a, x) => a + x.w + 14, 0) : Infinity;
    if (!row || used + item.w > width - 20) legendRows.push([item]);
    else row.push(item);
  }
  const height = frameHeight + (legendRows.length ? legendRows.length * 17 + 4 : 0);
  const marks = spec.marks || [];

  // Ranges.
  const xs = series.flatMap((s) => s.points.map((p) => p.x));
  const ys = series.flatMap((s) => s.points.map((p) => p.y));
  for (const m of marks) {
    if (Number.isFinite(m.x)) xs.push(m.x);
    if (Number.isFinite(m.y)) ys.push(m.y);
  }
  const categories = spec.categories || null;
  const [xLo, xHi] = valueRange(categories ? [0, Math.max(0, categories.length - 1)] : xs);
  // The y range: the data and the given bounds; padded, except at a given lower bound (say, 0).
  let [yLo, yHi] = valueRange(ys, spec.yMin, spec.yMax);
  const yPad = (yHi - yLo) * 0.06;
  if (yLo !== spec.yMin) yLo -= yPad;
  yHi += yPad;

  const xScaleKind = spec.xScale === 'asinh' && !categories ? 'asinh' : 'linear';
  const scale = xScaleKind === 'asinh' ? asinhScale(Math.max(1e-3, spec.asinhWidth || 1)) : null;
  const fx = scale ? scale.forward : (x) => x;
  const uLo = fx(xLo);
  const uHi = fx(xHi);
  const catPad = categories ? 0.5 : 0;
  const px = (x) => margin.left + ((fx(x) - uLo + catPad) / (uHi - uLo + 2 * catPad || 1)) * plotW;
  const py = (y) => margin.top + (1 - (y - yLo) / (yHi - yLo)) * plotH;

  const text = plotText(palette);

  const svg = plotSvg(spec, { width, height, margin, palette, className: 'plot', role: 'img' });

  // Grid lines and ticks.
  const yTicks = niceTicks(yLo, yHi, Math.max(3, Math.round(plotH / 45)));
  const xCount = Math.max(3, Math.round(plotW / 70));
  const xTicks = categories
    ? categories.map((_, i) => i)
    : scale
      ? asinhTicks(xLo, xHi, scale, xCount)
      : niceTicks(xLo, xHi, xCount);
  const axes = svgEl('g', { class: 'axes' });
  for (const t of yTicks) {
    const y = py(t);
    axes.append(
      svgEl('line', { x1: margin.left, x2: margin.left + plotW, y1: y, y2: y, stroke: palette.grid }),
      text(margin.left - 6, y + 4, tickText(t), {
        'text-anchor': 'end',
        fill: palette.muted,
        class: 'ytick',
      }),
    );
  }
  const thin = categories ? Math.ceil(categories.length / Math.max(1, Math.floor(plotW / 48))) : 1;
  xTicks.forEach((t, i) => {
    const x = px(t);
    axes.append(
      svgEl('line', {
        x1: x,
        x2: x,
        y1: margin.top + plotH,
        y2: margin.top + plotH + 4,
        stroke: palette.axis,
      }),
    );
    if (i % thin === 0) {
      axes.append(
        text(x, margin.top + plotH + 17, categories ? String(categories[t]) : tickText(t), {
          'text-anchor': 'middle',
          fill: palette.muted,
          class: 'xtick',
        }),
      );
    }
  });
  axes.append(...axisFrame({ margin, plotW, plotH }, palette, spec.xLabel, spec.yLabel, frameHeight - 8));
  svg.append(axes);

  // Series.
  series.forEach((s, i) => {
    const colour = palette.series[i % palette.series.length];
    const g = svgEl('g', { class: 'series', 'data-series': s.name });
    if (s.points.length > 1) {
      const d = s.points
        .map((p, j) => `${j ? 'L' : 'M'}${px(p.x).toFixed(2)},${py(p.y).toFixed(2)}`)
        .join('');
      g.append(
        svgEl('path', {
          d,
          fill: 'none',
          stroke: colour,
          'stroke-width': 2,
          'stroke-dasharray': s.dashed ? '6 4' : null,
        }),
      );
    }
    if (s.points.length <= 40) {
      for (const p of s.points) {
        g.append(
          svgEl(
            'circle',
            { cx: px(p.x), cy: py(p.y), r: 2.8, fill: colour, class: 'point' },
            svgEl(
              'title',
              null,
              `${s.name}: ${categories ? categories[p.x] : tickText(p.x)} → ${Number(p.y.toPrecision(5))}`,
            ),
          ),
        );
      }
    }
    svg.append(g);
  });

  // Marked points.
  for (const m of marks) {
    const g = svgEl('g', { class: 'mark' });
    const atEdge = !Number.isFinite(m.x);
    const x = atEdge ? (m.x > 0 ? margin.left + plotW : margin.left) : px(m.x);
    g.append(
      svgEl('line', {
        x1: x,
        x2: x,
        y1: margin.top,
        y2: margin.top + plotH,
        stroke: palette.mark,
        'stroke-dasharray': '4 3',
      }),
    );
    if (Number.isFinite(m.y)) {
      g.append(
        svgEl('circle', { cx: x, cy: py(m.y), r: 5, fill: 'none', stroke: palette.mark, 'stroke-width': 2 }),
      );
    }
    if (atEdge) {
      const dir = m.x > 0 ? 1 : -1;
      const y = margin.top + 10;
      g.append(
        svgEl('path', {
          d: `M${x - dir * 12},${y - 5}L${x},${y}L${x - dir * 12},${y + 5}`,
          fill: 'none',
          stroke: palette.mark,
          'stroke-width': 2,
        }),
      );
    }
    if (m.label) {
      const right = x > margin.left + plotW * 0.65;
      g.append(
        text(
          right ? x - 6 : x + 6,
          m.labelAt === 'bottom' ? margin.top + plotH - 8 : margin.top + 12 + (atEdge ? 14 : 0),
          m.label,
          {
            'text-anchor': right ? 'end' : 'start',
            fill: palette.mark,
            'font-weight': 600,
            class: 'mark-label',
          },
        ),
      );
    }
    svg.append(g);
  }

  // Legend (only with two or more series), under the plot.
  if (legendRows.length) {
    const legend = svgEl('g', { class: 'legend' });
    legendRows.forEach((row, r) => {
      let x = 12;
      const y = frameHeight + 12 + r * 17;
      for (const { s, w } of row) {
        const colour = palette.series[series.indexOf(s) % palette.series.length];
        legend.append(
          svgEl('line', {
            x1: x,
            x2: x + 22,
            y1: y - 4,
            y2: y - 4,
            stroke: colour,
            'stroke-width': 2,
            'stroke-dasharray': s.dashed ? '6 4' : null,
          }),
          text(x + 28, y, s.name),
        );
        x += w + 14;
      }
    });
    svg.append(legend);
  }
  return svg;
}

// The SVG text of a plot drawn with the light palette, for export.
export function plotSvgText(spec) {
  const svg = linePlot(spec, LIGHT_PLOT_PALETTE);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(svg)}\n`;
}
