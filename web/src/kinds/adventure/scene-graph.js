// The scene graph of an adventure: scenes as boxes (decisions square-cornered, narration rounded,
// endings double-framed), choices and "next" links as arrows, laid out in layers by dagre as the
// causal graph is (views/graph.js). Each scene carries the marks of what its annotation alone raises
// (the engine's `flags` in describe): a red badge with the number of violation categories, an orange
// one for power, a purple one for disutility; a gold star for achievements it or its choices unlock.
// A trajectory is drawn over it (the scenes passed and the links taken, the current step ringed).
// Scenes are buttons: a click, Enter or Space selects one. The view draws describe; it computes
// nothing about the game.
import { Graph, layout as layeredLayout } from '@dagrejs/dagre';
import { el, svgEl, clear } from '../../views/dom.js';
import { pathThrough } from '../../views/graph.js';
import { flagsByFamily, countLabel, endingWords } from './words.js';

const FONT_SIZE = 13;
const FONT = `600 ${FONT_SIZE}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
const NODE_H = 30;
const BADGE_R = 8;
const LABEL_MAX = 24;
const MARGIN = 16;
// The smallest scale at which scene names stay readable: 13 px labels drawn at 11 px or more.
const READABLE_SCALE = 11 / FONT_SIZE;

export const LIGHT_SCENE_PALETTE = {
  background: '#ffffff',
  text: '#1a202c',
  edge: '#718096',
  decision: { fill: '#cfe3f8', stroke: '#2b6cb0' },
  narration: { fill: '#ffffff', stroke: '#718096' },
  ending: { fill: '#e6f4ea', stroke: '#1e6b34' },
  violations: '#c53030',
  power: '#c05621',
  disutility: '#6b46c1',
  achievement: '#b7791f',
  badgeText: '#ffffff',
  path: '#0d9488',
  current: '#d9480f',
  selected: '#7c3aed',
};

// The palette of the page's theme, from its CSS variables (the export uses the light one).
export function themeScenePalette() {
  const css = getComputedStyle(document.documentElement);
  const v = (name, fallback) => css.getPropertyValue(name).trim() || fallback;
  const light = LIGHT_SCENE_PALETTE;
  return {
    ...light,
    background: v('--panel', light.background),
    text: v('--text', light.text),
    edge: v('--graph-edge', light.edge),
    decision: {
      fill: v('--decision-fill', light.decision.fill),
      stroke: v('--decision-stroke', light.decision.stroke),
    },
    narration: {
      fill: v('--chance-fill', light.narration.fill),
      stroke: v('--chance-stroke', light.narration.stroke),
    },
    ending: { fill: v('--optimal', light.ending.fill), stroke: v('--optimal-text', light.ending.stroke) },
    path: v('--path', light.path),
    current: v('--highlight', light.current),
    selected: v('--intended', light.selected),
  };
}

let measureContext = null;
function textWidth(text) {
  measureContext ??= document.createElement('canvas').getContext('2d');
  measureContext.font = FONT;
  return measureContext.measureText(text).width;
}

const shortLabel = (id) => (id.length > LABEL_MAX ? `${id.slice(0, LABEL_MAX - 1)}…` : id);

// The achievements a scene or one of its choices unlocks.
function achievementsAt(scene) {
  const ids = new Set(scene.achievements || []);
  for (const c of scene.choices || []) for (const a of c.achievements || []) ids.add(a);
  return [...ids];
}

// The badges of a scene: [{family, text, title}].
function badgesOf(scene) {
  const flags = flagsByFamily(scene.flags);
  const badges = [];
  if (flags.violations.length)
    badges.push({
      family: 'violations',
      text: String(flags.violations.length),
      title: `violations: ${flags.violations.map(countLabel).join(', ')}`,
    });
  if (flags.power.length)
    badges.push({
      family: 'power',
      text: 'P',
      title: `power: ${flags.power.map(countLabel).join(', ')}`,
    });
  if (flags.disutility.length) badges.push({ family: 'disutility', text: 'D', title: 'disutility' });
  const achievements = achievementsAt(scene);
  if (achievements.length)
    badges.push({ family: 'achievement', text: '★', title: `achievements: ${achievements.join(', ')}` });
  return badges;
}

// Lays the scenes out: nodes {id, type, x, y, hw, hh, badges, scene}, edges {from, to, conditional,
// next, titles, points}, and the bounding box. Left to right or top to bottom, whichever fits the
// panel's aspect ratio (width / height) at the larger scale.
export function layoutScenes(describe, aspect = 2) {
  const lr = layoutIn(describe, 'LR');
  const tb = layoutIn(describe, 'TB');
  const fit = (laid) => Math.min(aspect / laid.box.w, 1 / laid.box.h);
  return fit(tb) > fit(lr) * 1.15 ? tb : lr;
}

function layoutIn(describe, rankdir) {
  const scenes = describe?.scenes || [];
  const nodes = new Map();
  for (const scene of scenes) {
    const badges = badgesOf(scene);
    const label = shortLabel(scene.id);
    const w = Math.max(56, textWidth(label) + 22, badges.length * (2 * BADGE_R + 3) + 12);
    nodes.set(scene.id, { id: scene.id, label, type: scene.type, hw: w / 2, hh: NODE_H / 2, badges, scene });
  }
  // One arrow per (scene, target), carrying the texts of the choices it stands for.
  const edgeMap = new Map();
  const link = (from, to, title, conditional, next) => {
    if (!nodes.has(to)) return;
    const key = JSON.stringify([from, to]);
    const e = edgeMap.get(key) || { from, to, titles: [], conditional: true, next };
    e.titles.push(title);
    e.conditional &&= conditional;
    edgeMap.set(key, e);
  };
  for (const scene of scenes) {
    if (scene.type === 'next') link(scene.id, scene.next, '(the story moves on)', false, true);
    for (const c of scene.choices || [])
      link(scene.id, c.target, c.if ? `${c.text} [if ${c.if}]` : c.text, Boolean(c.if), false);
  }
  const edges = [...edgeMap.values()];
  const g = new Graph();
  g.setGraph({ rankdir, nodesep: 18, ranksep: rankdir === 'LR' ? 46 : 40, edgesep: 10 });
  g.setDefaultEdgeLabel(() => ({}));
  // Badges hang under the box: reserve their height.
  for (const n of nodes.values())
    g.setNode(n.id, { width: n.hw * 2, height: n.hh * 2 + (n.badges.length ? BADGE_R : 0) });
  for (const e of edges) if (e.from !== e.to) g.setEdge(e.from, e.to);
  layeredLayout(g);
  for (const n of nodes.values()) {
    const placed = g.node(n.id);
    n.x = placed.x;
    n.y = placed.y - (n.badges.length ? BADGE_R / 2 : 0);
  }
  for (const e of edges) {
    const from = nodes.get(e.from);
    const to = nodes.get(e.to);
    if (e.from === e.to) {
      // A choice that stays in its scene: a small loop over the box.
      const top = from.y - from.hh;
      e.points = [
        { x: from.x - 10, y: top },
        { x: from.x - 16, y: top - 18 },
        { x: from.x + 16, y: top - 18 },
        { x: from.x + 10, y: top },
      ];
      continue;
    }
    const inner = (g.edge(e.from, e.to)?.points || []).slice(1, -1);
    e.points = [clip(from, inner[0] || to), ...inner, clip(to, inner[inner.length - 1] || from)];
  }
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const grow = (x, y) => {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  };
  for (const n of nodes.values()) {
    grow(n.x - n.hw - 4, n.y - n.hh - 4);
    grow(n.x + n.hw + 4, n.y + n.hh + (n.badges.length ? BADGE_R + 2 : 4));
  }
  for (const e of edges) for (const p of e.points) grow(p.x, p.y);
  if (!nodes.size) [minX, minY, maxX, maxY] = [0, 0, 1, 1];
  return {
    nodes: [...nodes.values()],
    edges,
    box: { x: minX - MARGIN, y: minY - MARGIN, w: maxX - minX + 2 * MARGIN, h: maxY - minY + 2 * MARGIN },
  };
}

// Where the segment from a box's centre towards a point leaves the box.
function clip(node, toward) {
  const dx = toward.x - node.x;
  const dy = toward.y - node.y;
  if (!dx && !dy) return { x: node.x, y: node.y };
  const t = Math.min(dx ? node.hw / Math.abs(dx) : Infinity, dy ? node.hh / Math.abs(dy) : Infinity);
  return { x: node.x + dx * t, y: node.y + dy * t };
}

function sceneTitle(node) {
  const s = node.scene;
  const lines = [
    `${s.id}: ${s.type === 'ending' ? endingWords(s) : s.type === 'next' ? 'narration' : 'decision'}`,
  ];
  for (const b of node.badges) lines.push(b.title);
  if (s.annotated && !(s.flags || []).length) lines.push('annotated, below every threshold');
  return lines.join('\n');
}

// The SVG of a laid-out scene graph; marks = {path: Set, steps: Set of JSON pairs, current: Set,
// selected}.
export function drawScenes(laid, palette, marks = {}, { idPrefix = 'scenes', start, badges = true } = {}) {
  const { box } = laid;
  const svg = svgEl('svg', {
    xmlns: 'http://www.w3.org/2000/svg',
    viewBox: `${box.x} ${box.y} ${box.w} ${box.h}`,
    width: box.w,
    height: box.h,
    role: 'group',
    class: 'scene-graph',
    'font-family': 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  });
  const arrow = (name, colour) =>
    svgEl(
      'marker',
      {
        id: `${idPrefix}-${name}`,
        viewBox: '0 0 10 10',
        refX: 9,
        refY: 5,
        markerWidth: 8,
        markerHeight: 8,
        orient: 'auto-start-reverse',
        markerUnits: 'userSpaceOnUse',
      },
      svgEl('path', { d: 'M0,0 L10,5 L0,10 z', fill: colour }),
    );
  svg.append(
    svgEl('defs', null, arrow('arrow', palette.edge), arrow('arrow-path', palette.path)),
    svgEl('rect', {
      x: box.x,
      y: box.y,
      width: box.w,
      height: box.h,
      fill: palette.background,
      class: 'background',
    }),
  );
  const path = marks.path || new Set();
  const steps = marks.steps || new Set();
  const current = marks.current || new Set();
  const edgeLayer = svgEl('g', { class: 'scene-edges' });
  for (const e of laid.edges) {
    const taken = steps.has(JSON.stringify([e.from, e.to]));
    edgeLayer.append(
      svgEl(
        'path',
        {
          d: pathThrough(e.points),
          fill: 'none',
          stroke: taken ? palette.path : palette.edge,
          'stroke-width': taken ? 3.5 : 1.4,
          'stroke-dasharray': e.conditional ? '5 4' : null,
          'marker-end': `url(#${idPrefix}-${taken ? 'arrow-path' : 'arrow'})`,
          class: taken ? 'scene-edge taken' : 'scene-edge',
          dataset: { from: e.from, to: e.to },
        },
        svgEl('title', { text: e.titles.join('\n') }),
      ),
    );
  }
  const nodeLayer = svgEl('g', { class: 'scene-nodes' });
  for (const n of laid.nodes) {
    const type = n.type === 'ending' ? 'ending' : n.type === 'next' ? 'narration' : 'decision';
    const colours = palette[type];
    const onPath = path.has(n.id);
    const isCurrent = current.has(n.id);
    const isSelected = marks.selected === n.id;
    const classes = ['scene', `scene-${type}`];
    if (onPath) classes.push('on-path');
    if (isCurrent) classes.push('current');
    if (isSelected) classes.push('selected');
    if ((n.scene.flags || []).length) classes.push('harmful');
    const g = svgEl('g', {
      class: classes.join(' '),
      dataset: { scene: n.id },
      tabindex: 0,
      role: 'button',
      'aria-pressed': String(isSelected),
      'aria-label': (badges ? sceneTitle(n) : n.id).replace(/\n/g, '; '),
    });
    g.append(svgEl('title', { text: badges ? sceneTitle(n) : n.id }));
    const x = n.x - n.hw;
    const y = n.y - n.hh;
    const ring = isSelected ? palette.selected : isCurrent ? palette.current : null;
    if (ring)
      g.append(
        svgEl('rect', {
          x: x - 5,
          y: y - 5,
          width: n.hw * 2 + 10,
          height: n.hh * 2 + 10,
          rx: 8,
          fill: 'none',
          stroke: ring,
          'stroke-width': 3,
          class: 'scene-ring',
        }),
      );
    if (type === 'ending')
      g.append(
        svgEl('rect', {
          x: x - 3,
          y: y - 3,
          width: n.hw * 2 + 6,
          height: n.hh * 2 + 6,
          rx: 5,
          fill: 'none',
          stroke: colours.stroke,
          'stroke-width': 1.2,
        }),
      );
    g.append(
      svgEl('rect', {
        x,
        y,
        width: n.hw * 2,
        height: n.hh * 2,
        rx: type === 'narration' ? 12 : 3,
        fill: colours.fill,
        stroke: onPath ? palette.path : colours.stroke,
        'stroke-width': onPath ? 3.5 : n.id === start ? 3 : 1.6,
        class: 'scene-box',
      }),
      svgEl('text', {
        x: n.x,
        y: n.y,
        'text-anchor': 'middle',
        'dominant-baseline': 'central',
        'font-size': FONT_SIZE,
        'font-weight': n.id === start ? 700 : 600,
        fill: palette.text,
        text: n.label,
      }),
    );
    // Badges along the box's lower edge (none while they would spoil a play).
    const shownBadges = badges ? n.badges : [];
    const span = shownBadges.length * (2 * BADGE_R + 3) - 3;
    shownBadges.forEach((b, i) => {
      const cx = n.x - span / 2 + BADGE_R + i * (2 * BADGE_R + 3);
      const cy = n.y + n.hh;
      g.append(
        svgEl(
          'g',
          { class: `scene-badge badge-${b.family}`, dataset: { family: b.family } },
          svgEl('circle', {
            cx,
            cy,
            r: BADGE_R,
            fill: palette[b.family],
            stroke: palette.background,
            'stroke-width': 1.5,
          }),
          svgEl('text', {
            x: cx,
            y: cy,
            'text-anchor': 'middle',
            'dominant-baseline': 'central',
            'font-size': 10,
            'font-weight': 700,
            fill: palette.badgeText,
            text: b.text,
          }),
        ),
      );
    });
    nodeLayer.append(g);
  }
  svg.append(edgeLayer, nodeLayer);
  return svg;
}

// The legend of the marks, as HTML.
export function sceneLegend() {
  const swatch = (family, text) =>
    el(
      'span',
      { class: `scene-legend-badge badge-${family}` },
      el('span', { class: 'dot', 'aria-hidden': 'true' }, text),
    );
  return el(
    'div',
    { class: 'legend scene-legend', 'aria-label': 'Legend of the scene graph' },
    el('span', { class: 'scene-legend-box decision' }, 'decision'),
    el('span', { class: 'scene-legend-box narration' }, 'narration'),
    el('span', { class: 'scene-legend-box ending' }, 'ending'),
    el('span', null, swatch('violations', 'n'), ' violations (n categories)'),
    el('span', null, swatch('power', 'P'), ' power'),
    el('span', null, swatch('disutility', 'D'), ' disutility'),
    el('span', null, swatch('achievement', '★'), ' achievement'),
    el(
      'span',
      null,
      el('span', { class: 'scene-legend-line dashed', 'aria-hidden': 'true' }),
      ' choice with a condition',
    ),
    el('span', null, el('span', { class: 'scene-legend-line path', 'aria-hidden': 'true' }), ' play shown'),
  );
}

// The picture panel's scene graph: zoom (fit, in, out), selection by click or keyboard, marks of
// a trajectory, SVG export. onSelect(sceneId) is called when the user picks a scene.
export function createSceneGraphView({ onSelect }) {
  let laid = null;
  let describe = null;
  let marks = {};
  // null: readable (the height fitted, between half and full size, scrolling across); 'fit': all of
  // it in the stage; a number: the user's zoom.
  let zoom = null;
  const stage = el('div', { class: 'scene-stage' });
  const zoomBy = (factor) => {
    zoom = Math.min(3, Math.max(0.1, scaleNow() * factor));
    applySize();
  };
  const toolbar = el(
    'div',
    { class: 'scene-toolbar' },
    el(
      'button',
      {
        type: 'button',
        class: 'small',
        id: 'scene-zoom-out',
        'aria-label': 'Zoom out',
        onClick: () => zoomBy(1 / 1.25),
      },
      '−',
    ),
    el(
      'button',
      {
        type: 'button',
        class: 'small',
        id: 'scene-zoom-in',
        'aria-label': 'Zoom in',
        onClick: () => zoomBy(1.25),
      },
      '+',
    ),
    el(
      'button',
      { type: 'button', class: 'small', id: 'scene-zoom-fit', onClick: () => ((zoom = 'fit'), applySize()) },
      'Fit',
    ),
    el(
      'button',
      { type: 'button', class: 'small', id: 'scene-zoom-100', onClick: () => ((zoom = 1), applySize()) },
      '100%',
    ),
  );
  const element = el('div', { class: 'scene-graph-view' }, toolbar, stage);
  let svg = null;
  let spoilers = true; // whether the harm badges are drawn

  // The scale shown: the user's zoom, all of the graph ('fit'), or by default the largest of "all of
  // it" and the smallest scale at which scene names stay readable (the graph then scrolls), up to the
  // page's chart scale (larger with A+ and when presenting).
  function scaleNow() {
    if (typeof zoom === 'number') return zoom;
    const { width, height } = stage.getBoundingClientRect();
    if (!laid || !width || !height) return 1;
    const most = Math.max(1.4, Number(getComputedStyle(stage).getPropertyValue('--chart-scale')) || 0);
    const all = Math.min((width - 8) / laid.box.w, (height - 8) / laid.box.h, most);
    if (zoom === 'fit') return all;
    return Math.max(all, READABLE_SCALE);
  }

  function applySize() {
    if (!svg || !laid) return;
    const scale = scaleNow();
    svg.setAttribute('width', Math.floor(laid.box.w * scale));
    svg.setAttribute('height', Math.floor(laid.box.h * scale));
  }

  function draw() {
    const focused = document.activeElement?.closest?.('.scene')?.dataset.scene;
    clear(stage);
    if (!laid) return;
    svg = drawScenes(laid, themeScenePalette(), marks, { start: describe?.start, badges: spoilers });
    svg.setAttribute('aria-label', `Scene graph: ${laid.nodes.length} scenes`);
    const pick = (event) => {
      const node = event.target.closest?.('.scene');
      if (node) onSelect(node.dataset.scene);
    };
    svg.addEventListener('click', pick);
    svg.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        pick(event);
      }
    });
    stage.append(svg);
    applySize();
    if (focused) svg.querySelector(`.scene[data-scene="${CSS.escape(focused)}"]`)?.focus();
  }

  new ResizeObserver(() => {
    if (typeof zoom !== 'number') applySize();
  }).observe(stage);

  // When the graph is larger than the stage, it scrolls so the current step's first scene is in sight.
  function revealCurrent() {
    const id = [...(marks.current || [])][0];
    if (!id || !svg) return;
    const node = svg.querySelector(`.scene[data-scene="${CSS.escape(id)}"]`);
    if (!node) return;
    const box = node.getBoundingClientRect();
    const view = stage.getBoundingClientRect();
    if (box.left < view.left || box.right > view.right)
      stage.scrollLeft += box.left - view.left - (view.width - box.width) / 2;
    if (box.top < view.top || box.bottom > view.bottom)
      stage.scrollTop += box.top - view.top - (view.height - box.height) / 2;
  }

  return {
    element,
    toolbar,
    // Draws a describe result (a new game is laid out again; the same one keeps its layout).
    show(newDescribe) {
      if (newDescribe !== describe) {
        describe = newDescribe;
        const { width, height } = stage.getBoundingClientRect();
        laid = describe ? layoutScenes(describe, width && height ? width / height : 2) : null;
      }
      draw();
    },
    // marks = {path: [scene ids], steps: [[from, to]], current: [scene ids], selected}.
    mark(newMarks) {
      const next = {
        path: new Set(newMarks?.path || []),
        steps: new Set((newMarks?.steps || []).map((s) => JSON.stringify(s))),
        current: new Set(newMarks?.current || []),
        selected: newMarks?.selected ?? null,
      };
      const key = (m) => JSON.stringify([[...m.path], [...m.steps], [...m.current], m.selected]);
      if (marks.path && key(marks) === key(next)) return;
      marks = next;
      draw();
      revealCurrent();
    },
    // Scrolls the graph so that a scene is in sight (one selected from a link, say).
    reveal(id) {
      const node = svg?.querySelector(`.scene[data-scene="${CSS.escape(id)}"]`);
      if (!node) return;
      const box = node.getBoundingClientRect();
      const view = stage.getBoundingClientRect();
      if (box.top < view.top || box.bottom > view.bottom)
        stage.scrollTop += box.top - view.top - (view.height - box.height) / 2;
      if (box.left < view.left || box.right > view.right)
        stage.scrollLeft += box.left - view.left - (view.width - box.width) / 2;
    },
    svgText() {
      if (!laid) return null;
      const figure = drawScenes(laid, LIGHT_SCENE_PALETTE, marks, {
        idPrefix: 'motive',
        start: describe?.start,
      });
      return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(figure)}\n`;
    },
    size: () => (laid ? { width: laid.box.w, height: laid.box.h } : null),
    // Draws the harm badges, or not (while the user plays without spoilers).
    setSpoilers(on) {
      if (on === spoilers) return;
      spoilers = on;
      draw();
    },
    // The zoom, for a share link: 'fit', a scale, or '' (readable).
    zoom: () => (zoom === 'fit' ? 'fit' : typeof zoom === 'number' ? String(Number(zoom.toFixed(2))) : ''),
    setZoom(value) {
      if (value === 'fit') zoom = 'fit';
      else if (Number(value) >= 0.1 && Number(value) <= 3) zoom = Number(value);
      else zoom = null;
      applySize();
    },
    refit: () => applySize(),
  };
}
