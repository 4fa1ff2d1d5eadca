// SBUE as grouped bars, drawn from the engine's reply: one group per agent (whose expected utility),
// one bar per action of the explained player (the explained action first, then its alternatives),
// each with its error bar (± one standard error of the mean, from the reply) and, where the engine
// computed it, the exact value as a hollow diamond beside the sampled bar. On the z scale the bars
// are the engine's z-scores; an undefined z-score is written "undefined" with its reason, not drawn.
// Colours are written into the SVG, so an exported file looks the same anywhere.
import { el, svgEl, formatNumber } from '../../views/dom.js';
import { LIGHT_PLOT_PALETTE, niceTicks } from '../../views/plots.js';

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
// The actions' colours: the explained action in the palette's first colour, the alternatives after.
const ALTERNATIVES = [
  '#9c8f80',
  '#c05621',
  '#2f855a',
  '#6b46c1',
  '#b7791f',
  '#0f766e',
  '#b83280',
  '#4a5568',
  '#718096',
];

export function actionColour(index, palette = LIGHT_PLOT_PALETTE) {
  return index === 0 ? palette.series[0] : ALTERNATIVES[(index - 1) % ALTERNATIVES.length];
}

const tickText = (v) => (v === 0 ? '0' : String(Number(v.toPrecision(4))).replace('-', '−'));

// The bar of an action for an agent: {value, error, exact, undefinedReason}.
export function barValue(action, j, scale) {
  if (scale === 'z') {
    const v = action.z?.[j];
    return {
      value: typeof v === 'number' ? v : null,
      error: action.z_standard_error?.[j] ?? null,
      exact: null,
      undefinedReason: typeof v === 'number' ? null : action.z_undefined?.[j] || 'undefined',
    };
  }
  return {
    value: action.mean[j],
    error: action.standard_error?.[j] ?? null,
    exact: Array.isArray(action.exact) ? action.exact[j] : null,
    undefinedReason: null,
  };
}

// result: the sbue reply's result; scale: 'mean' or 'z'.
// `legend`: draw the actions' legend in the SVG (the exported file); on the page it is HTML beside
// the chart (sbueLegend), which wraps to the card.
export function sbueChart(
  result,
  { scale = 'mean', palette = LIGHT_PLOT_PALETTE, id = 'sbue-chart', legend: withLegend = true } = {},
) {
  const players = result.players;
  const actions = result.actions || [];
  const n = Math.max(1, actions.length);
  const barW = n > 6 ? 14 : 20;
  // A group is at least as wide as its agent's name, so that the names under the axis never meet.
  const groupW = Math.max(n * barW + 28, 7 * Math.max(...players.map((p) => p.length)) + 16);
  const margin = { left: 62, right: 16, top: 30, bottom: 40 };
  const width = Math.max(480, margin.left + players.length * groupW + margin.right);
  // The legend under the axis: one entry per action, as many to a line as fit.
  const entryW = Math.min(
    230,
    Math.max(110, 24 + 6.6 * Math.max(...actions.map((a) => a.label.length + (a.explained ? 12 : 0)), 4)),
  );
  const perLine = Math.max(1, Math.floor((width - margin.left) / entryW));
  const legendLines = withLegend ? Math.ceil(actions.length / perLine) : 0;
  const plotH = 230;
  const height = margin.top + plotH + margin.bottom + legendLines * 18 + 4;
  const values = [0];
  for (const a of actions) {
    players.forEach((_, j) => {
      const b = barValue(a, j, scale);
      if (b.value === null) return;
      values.push(b.value + (b.error || 0), b.value - (b.error || 0));
      if (typeof b.exact === 'number') values.push(b.exact);
    });
  }
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  if (lo === hi) [lo, hi] = [lo - 1, hi + 1];
  const pad = (hi - lo) * 0.06;
  if (lo < 0) lo -= pad;
  if (hi > 0) hi += pad;
  const py = (v) => margin.top + (1 - (v - lo) / (hi - lo)) * plotH;
  const text = (x, y, content, props = {}) =>
    svgEl('text', { x, y, fill: palette.text, 'font-size': 12, 'font-family': FONT, ...props }, content);

  const svg = svgEl('svg', {
    xmlns: 'http://www.w3.org/2000/svg',
    class: 'plot sbue-chart',
    id,
    viewBox: `0 0 ${width} ${height}`,
    width,
    height,
    role: 'group',
    'aria-label': `${scale === 'z' ? 'z-scores' : 'expected utilities'} of ${result.player}'s actions, per agent`,
  });
  svg.append(
    svgEl('rect', { x: 0, y: 0, width, height, fill: palette.background }),
    text(
      margin.left,
      18,
      `SBUE: each agent's ${scale === 'z' ? 'z-score' : 'expected utility'} when ${result.player} acts`,
      { 'font-weight': 600, 'font-size': 13 },
    ),
  );
  for (const t of niceTicks(lo, hi, 6)) {
    svg.append(
      svgEl('line', {
        x1: margin.left,
        x2: width - margin.right,
        y1: py(t),
        y2: py(t),
        stroke: palette.grid,
      }),
      text(margin.left - 6, py(t) + 4, tickText(t), { 'text-anchor': 'end', fill: palette.muted }),
    );
  }
  svg.append(
    svgEl('line', { x1: margin.left, x2: width - margin.right, y1: py(0), y2: py(0), stroke: palette.axis }),
    text(14, margin.top + plotH / 2, scale === 'z' ? 'z-score' : 'expected utility', {
      'text-anchor': 'middle',
      transform: `rotate(-90 14 ${margin.top + plotH / 2})`,
    }),
  );
  const legend = svgEl('g', { class: 'sbue-legend' });
  actions.forEach((a, k) => {
    const x = margin.left + (k % perLine) * entryW;
    const y = margin.top + plotH + margin.bottom + Math.floor(k / perLine) * 18;
    legend.append(
      svgEl('rect', { x, y: y - 10, width: 12, height: 12, rx: 2, fill: actionColour(k, palette) }),
      text(x + 17, y, `${a.label}${a.explained ? ' (explained)' : ''}`, { 'font-size': 11.5 }),
    );
  });
  if (withLegend) svg.append(legend);
  players.forEach((player, j) => {
    const gx = margin.left + j * groupW + (groupW - n * barW) / 2;
    const group = svgEl('g', { class: 'sbue-group', dataset: { player } });
    group.append(
      text(gx + (n * barW) / 2, margin.top + plotH + 22, player, {
        'text-anchor': 'middle',
        class: 'sbue-agent',
      }),
    );
    actions.forEach((a, k) => {
      const b = barValue(a, j, scale);
      const x = gx + k * barW;
      const colour = actionColour(k, palette);
      const words = `${player} when ${result.player} plays ${a.label}${a.explained ? ' (explained)' : ''}`;
      if (b.value === null) {
        group.append(
          svgEl(
            'g',
            {
              class: 'sbue-bar undefined',
              tabindex: 0,
              role: 'img',
              'aria-label': `${words}: undefined (${b.undefinedReason})`,
              dataset: { player, action: a.label, undefined: b.undefinedReason },
            },
            svgEl('title', null, `${words}: undefined (${b.undefinedReason})`),
            text(x + barW / 2, py(0) - 4, '?', { 'text-anchor': 'middle', fill: palette.muted }),
          ),
        );
        return;
      }
      const top = py(Math.max(0, b.value));
      const bottom = py(Math.min(0, b.value));
      const label =
        `${words}: ${formatNumber(b.value)}` +
        (typeof b.error === 'number' ? ` ± ${formatNumber(b.error)}` : '') +
        (typeof b.exact === 'number' ? `; exact ${formatNumber(b.exact)}` : '');
      const bar = svgEl(
        'g',
        {
          class: `sbue-bar${a.explained ? ' explained' : ''}`,
          tabindex: 0,
          role: 'img',
          'aria-label': label,
          dataset: {
            player,
            action: a.label,
            value: String(b.value),
            error: typeof b.error === 'number' ? String(b.error) : '',
            exact: typeof b.exact === 'number' ? String(b.exact) : '',
          },
        },
        svgEl('title', null, label),
        svgEl('rect', {
          x: x + 1,
          y: top,
          width: barW - 2,
          height: Math.max(1, bottom - top),
          fill: colour,
          'fill-opacity': a.explained ? 1 : 0.8,
          class: 'sbue-rect',
        }),
      );
      if (typeof b.error === 'number' && b.error > 0) {
        const cx = x + barW / 2;
        const y1 = py(b.value - b.error);
        const y2 = py(b.value + b.error);
        bar.append(
          svgEl('path', {
            d: `M${cx},${y1}V${y2}M${cx - 3},${y1}H${cx + 3}M${cx - 3},${y2}H${cx + 3}`,
            stroke: palette.text,
            'stroke-width': 1.2,
            fill: 'none',
            class: 'sbue-error',
          }),
        );
      }
      if (typeof b.exact === 'number') {
        const cx = x + barW / 2;
        const cy = py(b.exact);
        bar.append(
          svgEl('polygon', {
            points: `${cx},${cy - 4} ${cx + 4},${cy} ${cx},${cy + 4} ${cx - 4},${cy}`,
            fill: palette.background,
            stroke: palette.mark,
            'stroke-width': 1.5,
            class: 'sbue-exact',
          }),
        );
      }
      group.append(bar);
    });
    svg.append(group);
  });
  return svg;
}

// The actions' colours as an HTML legend, for the page.
export function sbueLegend(actions) {
  return el(
    'ul',
    { class: 'sbue-legend-html' },
    actions.map((a, k) => {
      const swatch = el('span', { class: 'game-swatch' });
      swatch.style.background = actionColour(k);
      return el('li', null, swatch, a.label, a.explained ? ' (explained)' : '');
    }),
  );
}

export function sbueSvgText(result, scale) {
  const svg = sbueChart(result, { scale, palette: LIGHT_PLOT_PALETTE });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(svg)}\n`;
}
