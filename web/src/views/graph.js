// The causal graph, drawn as in the figures of Ward et al. 2024 and the causal influence diagram
// literature: chance variables round, decisions square, utilities diamonds; information links (the
// edges into a decision: what the agent observes) dashed. The layout is layered (left to right) unless
// the model gives every variable a `position`. The view only draws the engine's "describe" result.
import { Graph, layout as layeredLayout } from '@dagrejs/dagre';
import { el, svgEl, clear, download } from './dom.js';

const FONT_SIZE = 17;
const FONT = `600 ${FONT_SIZE}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
const NODE_HEIGHT = 52;
const GRID_X = 140; // pixels per grid unit of a `position`
const GRID_Y = 85;
const MARGIN = 14;
const MAX_SCALE = 1.6; // small graphs are not blown up past this

// Colours of the exported figure (a white background, whatever the page's theme).
export const LIGHT_PALETTE = {
  background: '#ffffff',
  text: '#1a202c',
  edge: '#4a5568',
  chance: { fill: '#ffffff', stroke: '#4a5568' },
  decision: { fill: '#cfe3f8', stroke: '#2b6cb0' },
  utility: { fill: '#fdeeb0', stroke: '#b7791f' },
};

// The palette of the page's current theme, read from its CSS variables.
export function themePalette() {
  const css = getComputedStyle(document.documentElement);
  const v = (name) => css.getPropertyValue(name).trim();
  return {
    background: v('--panel'),
    text: v('--text'),
    edge: v('--graph-edge'),
    chance: { fill: v('--chance-fill'), stroke: v('--chance-stroke') },
    decision: { fill: v('--decision-fill'), stroke: v('--decision-stroke') },
    utility: { fill: v('--utility-fill'), stroke: v('--utility-stroke') },
  };
}

let measureContext = null;
function textWidth(text) {
  measureContext ??= document.createElement('canvas').getContext('2d');
  measureContext.font = FONT;
  return measureContext.measureText(text).width;
}

// The half-extents of a variable's shape, sized to fit its name.
function shapeOf(variable) {
  const w = textWidth(variable.name);
  if (variable.type === 'decision') {
    return { kind: 'rect', hw: Math.max(NODE_HEIGHT, w + 28) / 2, hh: NODE_HEIGHT / 2 };
  }
  if (variable.type === 'utility') {
    return { kind: 'diamond', hw: Math.max(36, w * 0.72 + 14), hh: 34 };
  }
  return { kind: 'ellipse', hw: Math.max(NODE_HEIGHT / 2, w / 2 + 16), hh: NODE_HEIGHT / 2 };
}

// Where the ray from a shape's centre towards (dx, dy) leaves the shape, as a fraction of (dx, dy).
function exitFraction(shape, dx, dy) {
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  if (ax + ay === 0) return 0;
  if (shape.kind === 'ellipse') return 1 / Math.hypot(dx / shape.hw, dy / shape.hh);
  if (shape.kind === 'rect') return Math.min(ax ? shape.hw / ax : Infinity, ay ? shape.hh / ay : Infinity);
  return 1 / (ax / shape.hw + ay / shape.hh);
}

function clipToShape(node, toward) {
  const dx = toward.x - node.x;
  const dy = toward.y - node.y;
  const t = exitFraction(node.shape, dx, dy);
  return { x: node.x + dx * t, y: node.y + dy * t };
}

// Places the nodes: the file's positions when every variable has one, else a layered layout, left
// to right or top to bottom, whichever fits a panel of the given aspect ratio (width / height) at
// the larger scale. Returns nodes {name, type, x, y, shape}, edges {from, to, information, points}
// and the bounding box.
export function layoutGraph(describe, aspect = 2) {
  const byRows = layoutIn(describe, 'LR');
  if (byRows.positioned) return byRows;
  const byColumns = layoutIn(describe, 'TB');
  const fit = (laid) => Math.min(aspect / laid.box.w, 1 / laid.box.h);
  return fit(byColumns) > fit(byRows) * 1.15 ? byColumns : byRows;
}

function layoutIn(describe, rankdir) {
  const variables = describe.variables || [];
  const nodes = new Map(variables.map((v) => [v.name, { ...v, shape: shapeOf(v) }]));
  const edges = (describe.edges || []).filter((e) => nodes.has(e.from) && nodes.has(e.to));
  const positioned = variables.length > 0 && variables.every((v) => Array.isArray(v.position));

  if (positioned) {
    for (const node of nodes.values()) {
      node.x = node.position[0] * GRID_X;
      node.y = node.position[1] * GRID_Y;
    }
  } else {
    const g = new Graph();
    g.setGraph({ rankdir, nodesep: 36, ranksep: rankdir === 'LR' ? 80 : 64, edgesep: 20 });
    g.setDefaultEdgeLabel(() => ({}));
    for (const node of nodes.values()) {
      g.setNode(node.name, { width: node.shape.hw * 2, height: node.shape.hh * 2 });
    }
    for (const e of edges) g.setEdge(e.from, e.to);
    layeredLayout(g);
    for (const node of nodes.values()) {
      const placed = g.node(node.name);
      node.x = placed.x;
      node.y = placed.y;
    }
    for (const e of edges) e.route = g.edge(e.from, e.to)?.points;
  }

  const laidEdges = edges.map((e) => {
    const from = nodes.get(e.from);
    const to = nodes.get(e.to);
    const inner = (e.route || []).slice(1, -1);
    const first = inner[0] || to;
    const last = inner[inner.length - 1] || from;
    const points = [clipToShape(from, first), ...inner, clipToShape(to, last)];
    return { from: e.from, to: e.to, information: Boolean(e.information), points };
  });

  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const n of nodes.values()) {
    minX = Math.min(minX, n.x - n.shape.hw);
    maxX = Math.max(maxX, n.x + n.shape.hw);
    minY = Math.min(minY, n.y - n.shape.hh);
    maxY = Math.max(maxY, n.y + n.shape.hh);
  }
  for (const e of laidEdges) {
    for (const p of e.points) {
      minX = Math.min(minX, p.x);
      maxX = Math.max(maxX, p.x);
      minY = Math.min(minY, p.y);
      maxY = Math.max(maxY, p.y);
    }
  }
  if (!nodes.size) {
    minX = minY = 0;
    maxX = maxY = 1;
  }
  return {
    positioned,
    nodes: [...nodes.values()],
    edges: laidEdges,
    box: { x: minX - MARGIN, y: minY - MARGIN, w: maxX - minX + 2 * MARGIN, h: maxY - minY + 2 * MARGIN },
  };
}

// The SVG path data of a smooth curve through the points (Catmull-Rom turned into cubic Bézier
// pieces), for edges laid out by dagre.
export function pathThrough(points) {
  const f = (n) => Math.round(n * 10) / 10;
  let d = `M${f(points[0].x)},${f(points[0].y)}`;
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[Math.max(0, i - 1)];
    const p1 = points[i];
    const p2 = points[i + 1];
    const p3 = points[Math.min(points.length - 1, i + 2)];
    const c1 = { x: p1.x + (p2.x - p0.x) / 6, y: p1.y + (p2.y - p0.y) / 6 };
    const c2 = { x: p2.x - (p3.x - p1.x) / 6, y: p2.y - (p3.y - p1.y) / 6 };
    d += ` C${f(c1.x)},${f(c1.y)} ${f(c2.x)},${f(c2.y)} ${f(p2.x)},${f(p2.y)}`;
  }
  return d;
}

function shapeElement(node, colours) {
  const { hw, hh, kind } = node.shape;
  const paint = { fill: colours.fill, stroke: colours.stroke, 'stroke-width': 2, class: 'shape' };
  if (kind === 'rect') {
    return svgEl('rect', { ...paint, x: node.x - hw, y: node.y - hh, width: hw * 2, height: hh * 2, rx: 3 });
  }
  if (kind === 'diamond') {
    const pts = [
      [node.x, node.y - hh],
      [node.x + hw, node.y],
      [node.x, node.y + hh],
      [node.x - hw, node.y],
    ];
    return svgEl('polygon', { ...paint, points: pts.map((p) => p.join(',')).join(' ') });
  }
  return svgEl('ellipse', { ...paint, cx: node.x, cy: node.y, rx: hw, ry: hh });
}

// A ring around a node's shape, `pad` pixels outside it (the view's marks: intended variables).
function ringElement(node, pad) {
  const shape = { ...node.shape, hw: node.shape.hw + pad, hh: node.shape.hh + pad };
  if (shape.kind === 'diamond') {
    // Grow the half-diagonals a, b by a common factor so the sides move out by pad: a side lies
    // ab/√(a² + b²) from the centre.
    const { hw: a, hh: b } = node.shape;
    const k = 1 + (pad * Math.hypot(a, b)) / (a * b);
    shape.hw = a * k;
    shape.hh = b * k;
  }
  const ring = shapeElement({ ...node, shape }, { fill: 'none', stroke: 'currentColor' });
  ring.setAttribute('class', 'ring');
  return ring;
}

function describeNode(node) {
  const lines = [`${node.name}: ${node.type} variable`];
  if (node.parents?.length) {
    lines.push(`${node.type === 'decision' ? 'observes' : 'parents'}: ${node.parents.join(', ')}`);
  }
  if (node.domain?.length) lines.push(`domain: ${node.domain.join(', ')}`);
  if (node.noise?.outcomes) lines.push(`noise: ${node.noise.outcomes.length} outcomes`);
  return lines.join('\n');
}

// Builds the SVG drawing of a laid-out graph with the given palette.
export function drawGraph(laid, palette, { idPrefix = 'g' } = {}) {
  const { box } = laid;
  const svg = svgEl('svg', {
    xmlns: 'http://www.w3.org/2000/svg',
    viewBox: `${box.x} ${box.y} ${box.w} ${box.h}`,
    width: box.w,
    height: box.h,
    role: 'img',
    'font-family': 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  });
  const arrow = `${idPrefix}-arrow`;
  svg.append(
    svgEl(
      'defs',
      null,
      svgEl(
        'marker',
        {
          id: arrow,
          viewBox: '0 0 10 10',
          refX: 10,
          refY: 5,
          markerWidth: 11,
          markerHeight: 11,
          orient: 'auto-start-reverse',
          markerUnits: 'userSpaceOnUse',
        },
        svgEl('path', { d: 'M0,0 L10,5 L0,10 z', fill: palette.edge, class: 'arrowhead' }),
      ),
    ),
    svgEl('rect', {
      class: 'background',
      x: box.x,
      y: box.y,
      width: box.w,
      height: box.h,
      fill: palette.background,
    }),
  );
  // The marker is drawn 11 units long at the end of the path; the path stops short of the tip.
  const edgeLayer = svgEl('g', { class: 'edges' });
  for (const e of laid.edges) {
    const pts = e.points.map((p) => ({ ...p }));
    const end = pts[pts.length - 1];
    const before = pts[pts.length - 2];
    const len = Math.hypot(end.x - before.x, end.y - before.y) || 1;
    const tip = { ...end };
    end.x -= ((end.x - before.x) / len) * 9;
    end.y -= ((end.y - before.y) / len) * 9;
    edgeLayer.append(
      svgEl(
        'g',
        { class: 'edge', dataset: { from: e.from, to: e.to } },
        svgEl('path', {
          d: pathThrough(pts),
          fill: 'none',
          stroke: palette.edge,
          'stroke-width': 2,
          'stroke-dasharray': e.information ? '7 5' : null,
          class: 'edge-line',
        }),
        svgEl('path', {
          d: `M${end.x},${end.y} L${tip.x},${tip.y}`,
          stroke: 'none',
          fill: 'none',
          'marker-end': `url(#${arrow})`,
        }),
      ),
    );
  }
  const nodeLayer = svgEl('g', { class: 'nodes' });
  for (const node of laid.nodes) {
    const colours = palette[node.type] || palette.chance;
    nodeLayer.append(
      svgEl(
        'g',
        { class: `node node-${node.type}`, dataset: { name: node.name }, tabindex: 0 },
        svgEl('title', { text: describeNode(node) }),
        shapeElement(node, colours),
        svgEl('text', {
          x: node.x,
          y: node.y,
          'text-anchor': 'middle',
          'dominant-baseline': 'central',
          'font-size': FONT_SIZE,
          'font-weight': 600,
          fill: palette.text,
          text: node.name,
        }),
      ),
    );
  }
  svg.append(edgeLayer, nodeLayer);
  return svg;
}

// Grid units of a layout's pixel position: what a variable's `position` would be to be drawn there.
export function toGridUnits(x, y) {
  return [x / GRID_X, y / GRID_Y];
}

// How far (CSS pixels) the pointer moves before a press on a variable becomes a drag, not a click.
const DRAG_THRESHOLD = 5;

// The graph panel: draws describe results, fits them into the panel, highlights variables and
// exports the figure. As in DAGitty, a variable can be dragged (onMove({name: [x, y]}) gets every
// variable's position in grid units, for the page to write into the model as one edit), and clicking
// variables selects them (onSelect(names) in the order clicked: the first two are the pair asked
// about, the others the conditioning set); connection(reply) then marks the engine's answer.
export function createGraphView(container, { onHover, onSelect = () => {}, onMove = null }) {
  let laid = null;
  let svg = null;
  let highlighted = new Set();
  let selection = []; // names, in the order clicked
  let connection = null; // the engine's "connection" reply for the selection
  // Persistent marks of a results tab: {ring, dim, focus, given, path} (sets of names) and `steps`,
  // the edges of a witness path or trail as JSON pairs, both ways round (a trail may run against an
  // edge).
  const noMarks = () => ({
    ring: new Set(),
    dim: new Set(),
    focus: new Set(),
    given: new Set(),
    path: new Set(),
    steps: new Set(),
  });
  let marks = noMarks();
  const stage = el('div', { class: 'graph-stage' });
  const query = el('div', { class: 'graph-query', id: 'graph-query', 'aria-live': 'polite' });
  const empty = el(
    'p',
    { class: 'graph-empty' },
    'The graph appears here once the model reads without errors.',
  );
  container.append(stage, query);
  stage.append(empty);

  function fit() {
    if (!svg || !laid) return;
    const { width, height } = stage.getBoundingClientRect();
    if (!width || !height) return;
    // Small graphs are not blown up past MAX_SCALE, or past the page's chart scale when projecting.
    const most = Math.max(MAX_SCALE, Number(getComputedStyle(stage).getPropertyValue('--chart-scale')) || 0);
    const scale = Math.min(width / laid.box.w, height / laid.box.h, most);
    svg.setAttribute('width', Math.floor(laid.box.w * scale));
    svg.setAttribute('height', Math.floor(laid.box.h * scale));
  }

  // The selection's marks while it has a pair: its two ends ringed, the conditioning set dashed, the
  // directed paths and the open trails between them coloured (they replace a tab's marks).
  function shownMarks() {
    if (selection.length < 2 || !connection) return marks;
    const steps = (paths) => {
      const out = new Set();
      for (const path of paths)
        for (let i = 0; i + 1 < path.length; i++) {
          out.add(JSON.stringify([path[i], path[i + 1]]));
          out.add(JSON.stringify([path[i + 1], path[i]]));
        }
      return out;
    };
    const directed = connection.directed_paths || [];
    const open = connection.open_paths || [];
    return {
      ...noMarks(),
      ring: new Set(selection.slice(0, 2)),
      given: new Set(selection.slice(2)),
      path: new Set(directed.flat()),
      steps: steps(directed),
      trailSteps: steps(open),
    };
  }

  function applyHighlight() {
    if (!svg) return;
    const marks = shownMarks();
    const byName = new Map(laid.nodes.map((n) => [n.name, n]));
    for (const g of svg.querySelectorAll('.node')) {
      const name = g.dataset.name;
      g.classList.toggle('selected', selection.includes(name));
      g.setAttribute('aria-pressed', String(selection.includes(name)));
      g.classList.toggle('highlight', highlighted.has(name));
      g.classList.toggle('marked', marks.ring.has(name));
      g.classList.toggle('dimmed', marks.dim.has(name));
      g.classList.toggle('focus', marks.focus.has(name));
      g.classList.toggle('on-path', marks.path.has(name));
      g.classList.toggle('given', marks.given.has(name));
      const ring = g.querySelector('.ring');
      if (marks.ring.has(name) && !ring) g.insertBefore(ringElement(byName.get(name), 6), g.children[1]);
      else if (!marks.ring.has(name) && ring) ring.remove();
    }
    for (const g of svg.querySelectorAll('.edge')) {
      const key = JSON.stringify([g.dataset.from, g.dataset.to]);
      g.classList.toggle('on-path', marks.steps.has(key));
      g.classList.toggle('open-trail', Boolean(marks.trailSteps?.has(key)) && !marks.steps.has(key));
      g.classList.toggle(
        'highlight',
        highlighted.size > 0 && highlighted.has(g.dataset.from) && highlighted.has(g.dataset.to),
      );
      g.classList.toggle(
        'touching',
        highlighted.size === 1 && (highlighted.has(g.dataset.from) || highlighted.has(g.dataset.to)),
      );
    }
  }

  function redraw() {
    clear(stage);
    if (!laid) {
      svg = null;
      stage.append(empty);
      return;
    }
    svg = drawGraph(laid, themePalette(), { idPrefix: 'view' });
    svg.setAttribute('aria-label', `Causal graph with ${laid.nodes.length} variables`);
    svg.addEventListener('pointerover', (event) => {
      const node = event.target.closest?.('.node');
      if (node) onHover(node.dataset.name);
    });
    svg.addEventListener('pointerout', (event) => {
      const node = event.target.closest?.('.node');
      if (node && !node.contains(event.relatedTarget)) onHover(null);
    });
    svg.addEventListener('focusin', (event) => {
      const node = event.target.closest?.('.node');
      if (node) onHover(node.dataset.name);
    });
    svg.addEventListener('focusout', () => onHover(null));
    svg.addEventListener('pointerdown', pressNode);
    svg.addEventListener('keydown', (event) => {
      const node = event.target.closest?.('.node');
      if (node && (event.key === 'Enter' || event.key === ' ')) {
        event.preventDefault();
        toggle(node.dataset.name);
      }
    });
    stage.append(svg);
    fit();
    applyHighlight();
    describeQuery();
  }

  // A click selects or deselects a variable; a press that moves drags it.
  function pressNode(event) {
    const node = event.target.closest?.('.node');
    if (!node || event.button !== 0) return;
    const name = node.dataset.name;
    const placed = laid.nodes.find((n) => n.name === name);
    if (!placed) return;
    event.preventDefault();
    node.focus({ preventScroll: true });
    const ctm = svg.getScreenCTM();
    const scale = ctm ? ctm.a : 1;
    const start = { x: event.clientX, y: event.clientY };
    let dragging = false;
    svg.setPointerCapture(event.pointerId);
    const move = (e) => {
      const dx = (e.clientX - start.x) / scale;
      const dy = (e.clientY - start.y) / scale;
      if (!dragging && Math.hypot(e.clientX - start.x, e.clientY - start.y) < DRAG_THRESHOLD) return;
      if (!onMove) return;
      dragging = true;
      node.classList.add('dragging');
      node.setAttribute('transform', `translate(${dx} ${dy})`);
      moveEdges(name, placed.x + dx, placed.y + dy);
    };
    const up = (e) => {
      svg.removeEventListener('pointermove', move);
      svg.removeEventListener('pointerup', up);
      svg.removeEventListener('pointercancel', up);
      if (!dragging) {
        if (e.type === 'pointerup') toggle(name);
        return;
      }
      const dx = (e.clientX - start.x) / scale;
      const dy = (e.clientY - start.y) / scale;
      onMove(positionsWith(name, placed.x + dx, placed.y + dy));
    };
    svg.addEventListener('pointermove', move);
    svg.addEventListener('pointerup', up);
    svg.addEventListener('pointercancel', up);
  }

  // While a variable is dragged, its edges follow it as straight lines.
  function moveEdges(name, x, y) {
    const at = (n) => (n.name === name ? { ...n, x, y } : n);
    const byName = new Map(laid.nodes.map((n) => [n.name, at(n)]));
    for (const g of svg.querySelectorAll('.edge')) {
      if (g.dataset.from !== name && g.dataset.to !== name) continue;
      const from = byName.get(g.dataset.from);
      const to = byName.get(g.dataset.to);
      const a = clipToShape(from, to);
      const b = clipToShape(to, from);
      const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
      const end = { x: b.x - ((b.x - a.x) / len) * 9, y: b.y - ((b.y - a.y) / len) * 9 };
      const [line, head] = g.querySelectorAll('path');
      line.setAttribute('d', `M${a.x},${a.y} L${end.x},${end.y}`);
      head.setAttribute('d', `M${end.x},${end.y} L${b.x},${b.y}`);
    }
  }

  // Every variable's position in grid units with one moved, shifted so that none is negative.
  function positionsWith(name, x, y) {
    const points = laid.nodes.map((n) => (n.name === name ? { name, x, y } : n));
    const minX = Math.min(...points.map((p) => p.x));
    const minY = Math.min(...points.map((p) => p.y));
    return Object.fromEntries(points.map((p) => [p.name, toGridUnits(p.x - minX, p.y - minY)]));
  }

  function toggle(name) {
    selection = selection.includes(name) ? selection.filter((n) => n !== name) : [...selection, name];
    connection = null;
    applyHighlight();
    describeQuery();
    onSelect([...selection]);
  }

  // The line under the graph: how to use it, or what the selection asks and the engine's answer.
  function describeQuery() {
    clear(query);
    if (!laid) return;
    const clearButton = el(
      'button',
      {
        type: 'button',
        class: 'small',
        id: 'graph-query-clear',
        onClick: () => {
          selection = [];
          connection = null;
          applyHighlight();
          describeQuery();
          onSelect([]);
        },
      },
      'Clear',
    );
    if (!selection.length) {
      query.append(
        el(
          'span',
          { class: 'graph-query-help' },
          `Click two variables for the paths between them and whether they are d-separated (more: condition on them).${onMove ? ' Drag one to move it.' : ''}`,
        ),
      );
      return;
    }
    if (selection.length === 1) {
      query.append(
        el('span', null, 'Selected ', el('strong', null, selection[0]), ': click a second variable.'),
        clearButton,
      );
      return;
    }
    const [x, y] = selection;
    const given = selection.slice(2);
    const givenText = given.length ? `given ${given.join(', ')}` : 'given nothing';
    if (!connection) {
      query.append(el('span', null, `${x} and ${y}, ${givenText}: asking the engine…`), clearButton);
      return;
    }
    if (connection.error) {
      query.append(el('span', { class: 'warning-text' }, connection.error), clearButton);
      return;
    }
    const open = connection.open_paths || [];
    const directed = connection.directed_paths || [];
    const verdict = connection.d_separated
      ? el('strong', { class: 'dsep-yes', id: 'dsep-verdict' }, 'd-separated')
      : el('strong', { class: 'dsep-no', id: 'dsep-verdict' }, 'd-connected');
    const paths = (list) =>
      list.map((p) => p.join(connection.directed_paths === list ? ' → ' : ' – ')).join('; ');
    query.append(
      el(
        'span',
        null,
        el('strong', null, x),
        ' and ',
        el('strong', null, y),
        ` are `,
        verdict,
        ` ${givenText}`,
        connection.d_separated
          ? ': every path between them is blocked.'
          : `: ${open.length} open path${open.length === 1 ? '' : 's'} (${paths(open)}).`,
        ` Directed paths: ${directed.length ? paths(directed) : 'none'}.`,
        connection.truncated ? ' (Lists cut short: there are too many paths to list.)' : '',
      ),
      clearButton,
    );
  }

  new ResizeObserver(fit).observe(stage);
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', redraw);

  function exportSvgText() {
    const figure = drawGraph(laid, LIGHT_PALETTE, { idPrefix: 'motive' });
    return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(figure)}\n`;
  }

  return {
    // Shows a describe result (null clears the view). A selection keeps the variables still there.
    show(describe) {
      const { width, height } = stage.getBoundingClientRect();
      laid = describe ? layoutGraph(describe, width && height ? width / height : 2) : null;
      const names = new Set((laid?.nodes || []).map((n) => n.name));
      const kept = selection.filter((n) => names.has(n));
      if (kept.length !== selection.length) {
        selection = kept;
        connection = null;
        onSelect([...selection]);
      }
      redraw();
    },
    // The selection, in the order clicked.
    selection: () => [...selection],
    // Selects variables (a share link's); those not in the graph are left out.
    select(names) {
      const known = new Set((laid?.nodes || []).map((n) => n.name));
      selection = names.filter((n, i) => names.indexOf(n) === i && (!laid || known.has(n)));
      connection = null;
      applyHighlight();
      describeQuery();
      onSelect([...selection]);
    },
    // The engine's "connection" reply for the selection (or {error}); ignored when the selection moved on.
    connection(reply, forSelection) {
      if (JSON.stringify(forSelection) !== JSON.stringify(selection)) return;
      connection = reply;
      applyHighlight();
      describeQuery();
    },
    // Fits the drawing to its panel again.
    refit: () => fit(),
    // Highlights the named variables (an empty list clears).
    highlight(names) {
      highlighted = new Set(names.filter(Boolean));
      applyHighlight();
    },
    // Marks variables until the next call: `ring` (a coloured ring), `dim` (faded), `focus`
    // (filled), `path` (a witness path or trail, in order: its variables outlined and the edges
    // between consecutive ones coloured, whichever way they point), `given` (the variables a trail
    // is conditioned on); null clears.
    mark(newMarks) {
      const path = newMarks?.path || [];
      const steps = new Set();
      for (let i = 0; i + 1 < path.length; i++) {
        steps.add(JSON.stringify([path[i], path[i + 1]]));
        steps.add(JSON.stringify([path[i + 1], path[i]]));
      }
      marks = {
        ring: new Set(newMarks?.ring || []),
        dim: new Set(newMarks?.dim || []),
        focus: new Set(newMarks?.focus || []),
        given: new Set(newMarks?.given || []),
        path: new Set(path),
        steps,
      };
      applyHighlight();
    },
    hasGraph: () => laid !== null,
    exportSvg(basename) {
      if (!laid) return;
      download(`${basename}.svg`, new Blob([exportSvgText()], { type: 'image/svg+xml' }));
    },
    async exportPng(basename) {
      if (!laid) return;
      const scale = 2;
      const url = URL.createObjectURL(new Blob([exportSvgText()], { type: 'image/svg+xml' }));
      try {
        const image = new Image();
        image.src = url;
        await image.decode();
        const canvas = el('canvas', {
          width: Math.ceil(laid.box.w * scale),
          height: Math.ceil(laid.box.h * scale),
        });
        const context = canvas.getContext('2d');
        context.drawImage(image, 0, 0, canvas.width, canvas.height);
        const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
        download(`${basename}.png`, blob);
      } finally {
        URL.revokeObjectURL(url);
      }
    },
  };
}
