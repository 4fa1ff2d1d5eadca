// A scatter plot as SVG: axes with ticks and labels, layers of points each with its own marker
// (circle, square, diamond, triangle, cross), filled or hollow, optionally joined by a line, with
// labels and a legend. Points are focusable buttons when the caller can select them (a click, Enter
// or Space calls onSelect). Colours are written into the SVG as attributes, so an exported file looks
// the same anywhere; the page draws with its theme's palette (views/plots.js) and exports with the
// light one. The plot draws the numbers it is given; it computes none.
import { svgEl } from './dom.js';
import { LIGHT_PLOT_PALETTE, niceTicks, plotText, plotSvg, axisFrame, valueRange } from './plots.js';

function tickText(value) {
  if (value === 0) return '0';
  const abs = Math.abs(value);
  if (abs >= 1e5 || abs < 1e-3) return value.toExponential(0).replace('e+', 'e');
  return String(Number(value.toPrecision(4)));
}

// A marker of `shape` centred at (x, y) with radius r.
function marker(shape, x, y, r, paint) {
  switch (shape) {
    case 'square':
      return svgEl('rect', { x: x - r * 0.85, y: y - r * 0.85, width: r * 1.7, height: r * 1.7, ...paint });
    case 'diamond':
      return svgEl('polygon', {
        points: `${x},${y - r * 1.2} ${x + r * 1.2},${y} ${x},${y + r * 1.2} ${x - r * 1.2},${y}`,
        ...paint,
      });
    case 'triangle':
      return svgEl('polygon', {
        points: `${x},${y - r * 1.2} ${x + r * 1.1},${y + r * 0.8} ${x - r * 1.1},${y + r * 0.8}`,
        ...paint,
      });
    case 'cross':
      return svgEl('path', {
        d: `M${x - r},${y - r}L${x + r},${y + r}M${x - r},${y + r}L${x + r},${y - r}`,
        ...paint,
        fill: 'none',
        stroke: paint.stroke,
        'stroke-width': 2.5,
      });
    default:
      return svgEl('circle', { cx: x, cy: y, r, ...paint });
  }
}

// Draws a scatter plot. spec = {
//   title?, xLabel, yLabel, width?, height?, id?, xMin?, yMin?, yMax?,
//   layers: [{name, points: [{x, y, label?, labelBelow?, title?, key?}], shape?, colour? (a palette series index or
//             'mark'), hollow?, size?, line?: 'straight' | 'steps' (joins the points in order;
//             steps: across, then up or down, as a best-so-far staircase),
//             dashed?, markers? (false: the line only), legend? (false: left out)}],
//   onSelect?(layer, point)   (makes the points focusable buttons)
// } → an <svg> element.
export function scatterPlot(spec, palette = LIGHT_PLOT_PALETTE) {
  const width = spec.width || 520;
  const height = spec.height || 340;
  const legendLayers = (spec.layers || []).filter((l) => l.legend !== false);
  const margin = {
    left: 58,
    right: 18,
    top: spec.title ? 30 : 14,
    bottom: 46 + 18 * Math.ceil(legendLayers.length / 3),
  };
  const plotW = width - margin.left - margin.right;
  const plotH = height - margin.top - margin.bottom;
  const layers = (spec.layers || []).map((l) => ({
    ...l,
    points: (l.points || []).filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y)),
  }));
  const xs = layers.flatMap((l) => l.points.map((p) => p.x));
  const ys = layers.flatMap((l) => l.points.map((p) => p.y));
  let [xLo, xHi] = valueRange(xs, spec.xMin);
  let [yLo, yHi] = valueRange(ys, spec.yMin, spec.yMax);
  const xPad = (xHi - xLo) * 0.06;
  const yPad = (yHi - yLo) * 0.08;
  xLo -= xPad;
  xHi += xPad;
  yLo -= yPad;
  yHi += yPad;
  const px = (x) => margin.left + ((x - xLo) / (xHi - xLo)) * plotW;
  const py = (y) => margin.top + (1 - (y - yLo) / (yHi - yLo)) * plotH;
  const colourOf = (l, i) =>
    l.colour === 'mark' ? palette.mark : palette.series[(l.colour ?? i) % palette.series.length];
  const text = plotText(palette);

  const svg = plotSvg(spec, { width, height, margin, palette, className: 'plot scatter', role: 'group' });

  const axes = svgEl('g', { class: 'axes' });
  for (const t of niceTicks(yLo, yHi, Math.max(3, Math.round(plotH / 45)))) {
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
  for (const t of niceTicks(xLo, xHi, Math.max(3, Math.round(plotW / 70)))) {
    const x = px(t);
    axes.append(
      svgEl('line', { x1: x, x2: x, y1: margin.top, y2: margin.top + plotH, stroke: palette.grid }),
      text(x, margin.top + plotH + 17, tickText(t), {
        'text-anchor': 'middle',
        fill: palette.muted,
        class: 'xtick',
      }),
    );
  }
  axes.append(
    ...axisFrame({ margin, plotW, plotH }, palette, spec.xLabel, spec.yLabel, margin.top + plotH + 36),
  );
  svg.append(axes);

  // Lines first, so every marker sits on top of them.
  layers.forEach((l, i) => {
    if (!l.line || l.points.length < 2) return;
    let d = '';
    l.points.forEach((p, j) => {
      if (!j) d += `M${px(p.x).toFixed(2)},${py(p.y).toFixed(2)}`;
      else if (l.line === 'steps') d += `H${px(p.x).toFixed(2)}V${py(p.y).toFixed(2)}`;
      else d += `L${px(p.x).toFixed(2)},${py(p.y).toFixed(2)}`;
    });
    svg.append(
      svgEl('path', {
        d,
        fill: 'none',
        stroke: colourOf(l, i),
        'stroke-width': 1.8,
        'stroke-dasharray': l.dashed ? '6 4' : null,
        class: 'scatter-line',
        dataset: { layer: l.name },
      }),
    );
  });
  layers.forEach((l, i) => {
    if (l.markers === false) return;
    const colour = colourOf(l, i);
    const g = svgEl('g', { class: 'scatter-layer', dataset: { layer: l.name } });
    const r = l.size || 5;
    for (const p of l.points) {
      const x = px(p.x);
      const y = py(p.y);
      // A hollow marker shows what lies under it; its inside still takes the pointer.
      const paint = {
        fill: l.hollow ? 'none' : colour,
        stroke: colour,
        'stroke-width': l.hollow ? 2.2 : 1,
        'pointer-events': 'all',
      };
      const selectable = Boolean(spec.onSelect && p.key !== undefined);
      const point = svgEl(
        'g',
        {
          class: 'scatter-point',
          dataset: { layer: l.name, key: p.key ?? '', x: String(p.x), y: String(p.y) },
          tabindex: selectable ? 0 : null,
          role: selectable ? 'button' : null,
          'aria-label': selectable ? p.title || `${l.name}: ${p.x}, ${p.y}` : null,
        },
        svgEl('title', { text: p.title || `${l.name}: (${tickText(p.x)}, ${tickText(p.y)})` }),
        marker(l.shape, x, y, r, paint),
      );
      if (selectable) {
        point.addEventListener('click', () => spec.onSelect(l, p));
        point.addEventListener('keydown', (event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            spec.onSelect(l, p);
          }
        });
      }
      if (p.label) {
        // Above the point, or below it where a line leaves the point to the right at its height (a
        // frontier's staircase), with a halo so that a line passing under stays readable.
        const right = x > margin.left + plotW * 0.7;
        const ly = p.labelBelow ? y + r + 11 : y - r - 2;
        const props = {
          'text-anchor': right ? 'end' : 'start',
          'font-size': 11,
          class: 'point-label',
        };
        point.append(
          text(right ? x - r - 4 : x + r + 4, ly, p.label, {
            ...props,
            fill: palette.background,
            stroke: palette.background,
            'stroke-width': 3,
            'aria-hidden': 'true',
          }),
          text(right ? x - r - 4 : x + r + 4, ly, p.label, {
            ...props,
            fill: l.colour === 'mark' ? palette.mark : palette.text,
          }),
        );
      }
      g.append(point);
    }
    svg.append(g);
  });

  // The legend, under the x axis label, three entries a row.
  const legend = svgEl('g', { class: 'legend' });
  const columnW = plotW / 3;
  legendLayers.forEach((l, k) => {
    const i = layers.findIndex((x) => x.name === l.name);
    const colour = colourOf(l, i);
    const x = margin.left + (k % 3) * columnW;
    const y = margin.top + plotH + 56 + 18 * Math.floor(k / 3);
    if (l.line) {
      legend.append(
        svgEl('line', {
          x1: x,
          x2: x + 18,
          y1: y - 4,
          y2: y - 4,
          stroke: colour,
          'stroke-width': 1.8,
          'stroke-dasharray': l.dashed ? '6 4' : null,
        }),
      );
    }
    if (l.markers !== false) {
      legend.append(
        marker(l.shape, x + 9, y - 4, 4.5, {
          fill: l.hollow ? palette.background : colour,
          stroke: colour,
          'stroke-width': l.hollow ? 2 : 1,
        }),
      );
    }
    legend.append(text(x + 24, y, l.name, { class: 'legend-text' }));
  });
  svg.append(legend);
  return svg;
}

// The SVG text of a scatter plot drawn with the light palette, for export (selection left out).
export function scatterSvgText(spec) {
  const svg = scatterPlot({ ...spec, onSelect: undefined }, LIGHT_PLOT_PALETTE);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(svg)}\n`;
}
