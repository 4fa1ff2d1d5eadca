// A gridworld's map as SVG with routes drawn on it: the cells by kind (floor, wall, start, goal,
// cliff, custom) and each route as a line through its cells' centres, from a dot at its start to an
// arrowhead at its end. For the Intention tab: the agent's route with and without an intervention.
import { el, svgEl } from '../../views/dom.js';

const MAX_WIDTH = 360;
const MAX_CELL = 28;

// A cell's [row, column] as "r,c".
const cellName = (cell) => `${cell[0]},${cell[1]}`;

// routeFigure({describe, routes: [{cells, which, label}], caption, id}): `which` is the route's
// class ("base" or "intervention").
export function routeFigure({ describe, routes, caption, id }) {
  const grid = describe?.grid;
  if (!grid) return el('p', { class: 'notice' }, 'This world has no map to draw.');
  const { rows, cols } = grid;
  const cell = Math.max(4, Math.min(MAX_CELL, Math.floor(MAX_WIDTH / cols)));
  const width = cols * cell;
  const height = rows * cell;
  const centre = ([r, c]) => `${c * cell + cell / 2},${r * cell + cell / 2}`;
  const cells = [];
  grid.cells.forEach((row, r) =>
    row.forEach((c, k) => {
      if (c.type === 'floor') return;
      cells.push(
        svgEl('rect', {
          x: k * cell,
          y: r * cell,
          width: cell,
          height: cell,
          class: `route-cell cell-${c.type}`,
        }),
      );
    }),
  );
  const lines = routes
    .filter((route) => route.cells?.length)
    .map((route) =>
      svgEl(
        'g',
        {
          class: `route route-${route.which}`,
          dataset: { route: route.which, cells: route.cells.map(cellName).join(' ') },
        },
        svgEl('title', null, route.label),
        svgEl('polyline', {
          points: route.cells.map(centre).join(' '),
          'marker-end': `url(#${id}-head-${route.which})`,
        }),
        svgEl('circle', {
          cx: route.cells[0][1] * cell + cell / 2,
          cy: route.cells[0][0] * cell + cell / 2,
          r: Math.max(2, cell / 6),
        }),
      ),
    );
  const head = (which) =>
    svgEl(
      'marker',
      {
        id: `${id}-head-${which}`,
        class: `route-head route-${which}`,
        viewBox: '0 0 10 10',
        refX: 8,
        refY: 5,
        markerWidth: 5,
        markerHeight: 5,
        orient: 'auto-start-reverse',
      },
      svgEl('path', { d: 'M 0 0 L 10 5 L 0 10 z' }),
    );
  return el(
    'figure',
    { class: 'route-figure', id },
    el('figcaption', null, caption),
    svgEl(
      'svg',
      {
        class: 'route-map',
        width,
        height,
        viewBox: `0 0 ${width} ${height}`,
        role: 'img',
        'aria-label': `${caption}: ${routes.map((r) => r.label).join('; ')}`,
      },
      svgEl('defs', null, head('base'), head('intervention')),
      svgEl('rect', { x: 0, y: 0, width, height, class: 'route-floor' }),
      cells,
      lines,
    ),
  );
}
