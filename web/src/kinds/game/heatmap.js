// SICA's correlation matrix as a heatmap (players × players), drawn from the engine's reply: each
// cell coloured from −1 (opposed interests) through 0 to +1 (shared interests), with its value, and
// its standard error in its title. A cell the engine leaves undefined (a player whose utility never
// varies) is hatched and says "undefined", with the engine's reason as its title: never drawn as 0.
import { el, svgEl, formatNumber } from '../../views/dom.js';

const NEGATIVE = [197, 48, 48]; // −1
const NEUTRAL = [247, 247, 247]; // 0
const POSITIVE = [43, 108, 176]; // +1

// The colour of a correlation in [−1, 1] (the legend's scale).
export function correlationColour(v) {
  const t = Math.max(-1, Math.min(1, v));
  const end = t < 0 ? NEGATIVE : POSITIVE;
  const a = Math.abs(t);
  const mix = NEUTRAL.map((c, i) => Math.round(c + (end[i] - c) * a));
  return `rgb(${mix.join(', ')})`;
}

const valueText = (v) => {
  const text = formatNumber(Number(v.toFixed(2)));
  return v < 0 ? text.replace('-', '−') : text;
};

// matrix: {players, correlation, undefined, standard_error?}; id: the SVG's id (and its pattern's).
export function heatmap({ players, correlation, undefined: reasons, standard_error: se }, { id, title }) {
  const p = players.length;
  const cell = p > 5 ? 52 : 68;
  const longest = Math.max(...players.map((n) => n.length));
  const left = 10 + Math.min(130, 8 + 7.2 * longest);
  // Column labels slant at 35°: they rise about sin 35° of their length.
  const top = 30 + Math.min(80, 10 + 0.58 * 6.8 * longest);
  // Room on the right for the last column's slanted label.
  const width = left + p * cell + Math.min(110, 10 + 5 * longest);
  const height = top + p * cell + 10;
  const svg = svgEl('svg', {
    xmlns: 'http://www.w3.org/2000/svg',
    class: 'sica-heatmap',
    id,
    viewBox: `0 0 ${width} ${height}`,
    width,
    height,
    role: 'group',
    'aria-label': title,
  });
  const pattern = `${id}-undefined`;
  svg.append(
    svgEl(
      'defs',
      null,
      svgEl(
        'pattern',
        { id: pattern, width: 8, height: 8, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
        svgEl('rect', { width: 8, height: 8, class: 'sica-undefined-bg' }),
        svgEl('line', { x1: 0, y1: 0, x2: 0, y2: 8, class: 'sica-undefined-line' }),
      ),
    ),
    svgEl('text', { x: 4, y: 16, class: 'sica-title' }, title),
  );
  players.forEach((name, j) => {
    const x = left + j * cell + cell / 2;
    svg.append(
      svgEl('text', { x, y: top - 8, class: 'sica-col', transform: `rotate(-35 ${x} ${top - 8})` }, name),
    );
  });
  players.forEach((row, i) => {
    const r = svgEl('g', { class: 'sica-row-cells' });
    r.append(svgEl('text', { x: left - 8, y: top + i * cell + cell / 2 + 4, class: 'sica-row' }, row));
    players.forEach((col, j) => {
      const v = correlation?.[i]?.[j];
      const defined = typeof v === 'number';
      const reason = reasons?.[i]?.[j] || 'undefined';
      const e = se?.[i]?.[j];
      const x = left + j * cell;
      const y = top + i * cell;
      const label = defined
        ? `${row} with ${col}: ${formatNumber(v)}${typeof e === 'number' && i !== j ? ` ± ${formatNumber(Number(e.toPrecision(2)))} (standard error)` : ''}`
        : `${row} with ${col}: undefined (${reason})`;
      const g = svgEl('g', {
        class: `sica-cell${defined ? '' : ' undefined'}`,
        role: 'img',
        tabindex: 0,
        'aria-label': label,
        dataset: {
          row,
          col,
          i: String(i),
          j: String(j),
          value: defined ? String(v) : '',
          se: typeof e === 'number' ? String(e) : '',
          undefined: defined ? '' : reason,
        },
      });
      g.append(
        svgEl('title', null, label),
        svgEl('rect', {
          x: x + 1,
          y: y + 1,
          width: cell - 2,
          height: cell - 2,
          rx: 3,
          fill: defined ? correlationColour(v) : `url(#${pattern})`,
          class: 'sica-rect',
        }),
        svgEl(
          'text',
          {
            x: x + cell / 2,
            y: y + cell / 2 + (defined && typeof e === 'number' && i !== j ? 0 : 4),
            class: `sica-value${defined && Math.abs(v) > 0.55 ? ' on-dark' : ''}`,
          },
          defined ? valueText(v) : 'undefined',
        ),
      );
      // The standard error on the chart, under the value.
      if (defined && typeof e === 'number' && i !== j) {
        g.append(
          svgEl(
            'text',
            {
              x: x + cell / 2,
              y: y + cell / 2 + 15,
              class: `sica-se${Math.abs(v) > 0.55 ? ' on-dark' : ''}`,
            },
            `± ${formatNumber(Number(e.toPrecision(1)))}`,
          ),
        );
      }
      r.append(g);
    });
    svg.append(r);
  });
  return svg;
}

// The legend: the colour scale from −1 to +1 and the undefined cell.
export function heatmapLegend() {
  const width = 260;
  const svg = svgEl('svg', {
    xmlns: 'http://www.w3.org/2000/svg',
    class: 'sica-legend',
    id: 'sica-legend',
    viewBox: `0 0 ${width + 160} 46`,
    width: width + 160,
    height: 46,
    role: 'img',
    'aria-label':
      'colour scale: −1 opposed interests (red), 0, +1 shared interests (blue); hatched: undefined',
  });
  const stops = [-1, -0.5, 0, 0.5, 1];
  svg.append(
    svgEl(
      'defs',
      null,
      svgEl(
        'linearGradient',
        { id: 'sica-legend-scale' },
        stops.map((s) =>
          svgEl('stop', { offset: `${((s + 1) / 2) * 100}%`, 'stop-color': correlationColour(s) }),
        ),
      ),
      svgEl(
        'pattern',
        {
          id: 'sica-legend-undefined',
          width: 8,
          height: 8,
          patternUnits: 'userSpaceOnUse',
          patternTransform: 'rotate(45)',
        },
        svgEl('rect', { width: 8, height: 8, class: 'sica-undefined-bg' }),
        svgEl('line', { x1: 0, y1: 0, x2: 0, y2: 8, class: 'sica-undefined-line' }),
      ),
    ),
    svgEl('rect', {
      x: 40,
      y: 6,
      width,
      height: 14,
      fill: 'url(#sica-legend-scale)',
      class: 'sica-legend-bar',
    }),
  );
  for (const [v, words] of [
    [-1, '−1 opposed'],
    [0, '0'],
    [1, '+1 shared'],
  ]) {
    svg.append(svgEl('text', { x: 40 + ((v + 1) / 2) * width, y: 36, class: 'sica-legend-text' }, words));
  }
  svg.append(
    svgEl('rect', {
      x: width + 60,
      y: 6,
      width: 22,
      height: 14,
      fill: 'url(#sica-legend-undefined)',
      class: 'sica-legend-bar',
    }),
    svgEl('text', { x: width + 88, y: 18, class: 'sica-legend-text start' }, 'undefined'),
  );
  return el('div', { class: 'sica-legend-box' }, svg);
}
