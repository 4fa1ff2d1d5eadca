// The Diplomacy map: drawn from describe's `board` (provinces at their x and y, land and sea, split
// coasts, supply centres, the adjacency) and a state's describe (units, centres' owners, dislodged
// units). Orders are drawn as arrows in their power's colour: a move solid, a support dashed to the
// supported move's target (or to the held unit), a convoy dotted from the army through the fleet to
// where it goes, a hold as a ring, a failed order crossed. The order strings come from the engine in
// the standard notation; they are parsed here only to be drawn.
import { svgEl } from '../../views/dom.js';
import {
  arrow,
  boardCanvas,
  coordinate,
  cross,
  haloText,
  legendSvg,
  makeButton,
  ring,
  safeColour,
} from './board-svg.js';

// An order in the standard notation, as the engine writes it, read for drawing: {unit: {type, at},
// kind, to?, viaConvoy?, supported?: {type, at, to}, convoyed?: {at, to}} with `kind` one of hold,
// move, retreat, support, convoy, disband, build; null for what draws nothing (WAIVE, none, keep).
export function parseOrder(text) {
  const t = String(text ?? '')
    .trim()
    .toUpperCase()
    .split(/\s+/);
  if (t.length < 2 || (t[0] !== 'A' && t[0] !== 'F')) return null;
  const unit = { type: t[0], at: t[1] };
  const rest = t.slice(2);
  const op = rest[0];
  if (op === undefined || op === 'H') return { unit, kind: 'hold' };
  if (op === '-' && rest[1]) return { unit, kind: 'move', to: rest[1], viaConvoy: rest[2] === 'VIA' };
  if (op === 'R' && rest[1]) return { unit, kind: 'retreat', to: rest[1] };
  if (op === 'D') return { unit, kind: 'disband' };
  if (op === 'B') return { unit, kind: 'build' };
  if ((op === 'S' || op === 'C') && (rest[1] === 'A' || rest[1] === 'F') && rest[2]) {
    const target = { type: rest[1], at: rest[2], to: rest[3] === '-' && rest[4] ? rest[4] : null };
    if (op === 'S') return { unit, kind: 'support', supported: target };
    if (target.to) return { unit, kind: 'convoy', convoyed: target };
  }
  return null;
}

// Where a location (a province "VEN" or a coast "STP/SC") is drawn, from the board; null if unknown.
function locator(board) {
  const places = new Map();
  const width = board.width || 1000;
  const height = board.height || 800;
  for (const p of board.provinces || []) {
    const at = { x: coordinate(p.x, width), y: coordinate(p.y, height) };
    places.set(String(p.id).toUpperCase(), at);
    for (const c of p.coasts || []) {
      const name = String(c.name).toUpperCase();
      const coast = { x: coordinate(c.x, width), y: coordinate(c.y, height) };
      places.set(name.includes('/') ? name : `${String(p.id).toUpperCase()}/${name}`, coast);
    }
  }
  return (location) => {
    const key = String(location ?? '').toUpperCase();
    return places.get(key) || places.get(key.split('/')[0]) || null;
  };
}

// The sizes of a board's drawing: provinces' radius and labels' size follow the room each has.
function sizes(board) {
  const n = Math.max(1, (board.provinces || []).length);
  const room = Math.sqrt(((board.width || 1000) * (board.height || 800)) / n);
  const r = Math.max(11, Math.min(22, room / 7.5));
  return { r, unit: r * 0.85, font: Math.max(12, Math.min(16, r)) };
}

// The map as an <svg>. `state` is a state's describe (units, centres, dislodged); `orders` is a list
// of {order, power, role, result?, frequency?} (role: explained, probable, played or adjudicated,
// which sets how strongly it is drawn); `dislodged` overrides the state's ([{power, unit, retreats}]);
// `onProvince(id)`, when given, makes each province a button (the position editor).
export function diplomacyMap(board, state, { orders = [], dislodged = null, onProvince = null, label } = {}) {
  const at = locator(board);
  const { r, unit: u, font } = sizes(board);
  const colours = new Map((board.powers || []).map((p, i) => [p.name, safeColour(p.colour, PALETTE[i % 8])]));
  const colourOf = (power) => colours.get(power) || '#718096';
  const { svg } = boardCanvas(board, {
    label: label || `the ${board.map || ''} map`,
    className: 'diplomacy-map',
  });
  svg.style.setProperty('--map-font', `${font}px`);

  // The adjacency: army borders, then fleet borders not already drawn (sea lanes, coasts).
  const edges = svgEl('g', { class: 'map-edges', 'aria-hidden': 'true' });
  const drawn = new Set();
  const edge = (a, b, cls) => {
    const p = at(a);
    const q = at(b);
    if (!p || !q) return;
    const key = [p.x, p.y, q.x, q.y].join(',');
    if (drawn.has(key)) return;
    drawn.add(key);
    drawn.add([q.x, q.y, p.x, p.y].join(','));
    edges.append(svgEl('line', { x1: p.x, y1: p.y, x2: q.x, y2: q.y, class: cls }));
  };
  for (const [a, b] of board.adjacency?.army || []) edge(a, b, 'map-edge army');
  for (const [a, b] of board.adjacency?.fleet || []) edge(a, b, 'map-edge fleet');
  svg.append(edges);

  // The provinces: a circle (sea blue, land and coast sand), its id, a supply centre's dot in its
  // owner's colour, and the split coasts as small circles tied to it.
  const owner = new Map();
  for (const [power, list] of Object.entries(state?.centres || {})) {
    for (const id of list || []) owner.set(String(id).toUpperCase(), power);
  }
  const provinces = svgEl('g', { class: 'map-provinces' });
  for (const p of board.provinces || []) {
    const id = String(p.id).toUpperCase();
    const c = at(id);
    const held = owner.get(id);
    const g = svgEl('g', {
      class: `map-province ${p.type === 'sea' ? 'sea' : 'land'}${p.supply ? ' supply' : ''}`,
      dataset: { province: id, ...(held ? { owner: held } : {}) },
    });
    for (const coast of p.coasts || []) {
      const k = at(coast.name.includes('/') ? coast.name : `${id}/${coast.name}`);
      if (!k) continue;
      g.append(
        svgEl('line', { x1: c.x, y1: c.y, x2: k.x, y2: k.y, class: 'map-coast-tie' }),
        svgEl('circle', { cx: k.x, cy: k.y, r: r * 0.32, class: 'map-coast' }),
        svgEl(
          'text',
          { x: k.x, y: k.y - r * 0.45, class: 'map-coast-label' },
          String(coast.name).split('/').pop().toLowerCase(),
        ),
      );
    }
    g.append(svgEl('circle', { cx: c.x, cy: c.y, r, class: 'map-province-circle' }));
    if (p.supply) {
      g.append(
        svgEl('circle', {
          cx: c.x + r * 0.72,
          cy: c.y - r * 0.72,
          r: r * 0.34,
          class: `map-centre${held ? ' owned' : ''}`,
          style: held ? `--map-colour: ${colourOf(held)}` : null,
        }),
      );
    }
    g.append(...haloText({ x: c.x, y: c.y + r + font * 0.95 }, id, 'map-province-id'));
    const words = [
      `${p.name} (${id}), ${p.type}`,
      p.supply ? `supply centre${held ? ` of ${held}` : ', not owned'}` : '',
      p.home ? `${p.home}'s home` : '',
    ]
      .filter(Boolean)
      .join('; ');
    g.append(svgEl('title', null, words));
    if (onProvince) makeButton(g, words, () => onProvince(id));
    provinces.append(g);
  }
  svg.append(provinces);

  // The orders, over the units (drawn last): supports and convoys first, then moves, then holds.
  const arrows = svgEl('g', { class: 'map-orders' });
  const rank = { support: 0, convoy: 0, move: 1, retreat: 1, hold: 2, build: 2, disband: 2 };
  const parsed = orders
    .map((o) => ({ ...o, parsed: parseOrder(o.order) }))
    .filter((o) => o.parsed)
    .sort((a, b) => rank[a.parsed.kind] - rank[b.parsed.kind]);
  for (const o of parsed) {
    const p = o.parsed;
    const from = at(p.unit.at);
    if (!from) continue;
    const colour = colourOf(o.power);
    const failed = o.result === 'fails' || o.result === 'illegal';
    const g = svgEl('g', {
      class: `map-order ${p.kind} ${o.role || 'explained'}${failed ? ' failed' : ''}`,
      dataset: {
        order: o.order,
        kind: p.kind,
        power: o.power || '',
        role: o.role || 'explained',
        ...(o.result ? { result: o.result } : {}),
      },
    });
    let mid = from;
    if (p.kind === 'hold') g.append(ring(from, u * 1.25, colour));
    else if (p.kind === 'build') g.append(ring(from, u * 1.25, colour, 'build'));
    else if (p.kind === 'disband') g.append(cross(from, u * 0.8));
    else {
      let target = null;
      let via = null;
      const kind = p.kind === 'retreat' ? 'move' : p.kind;
      let endInset = u * 0.9;
      if (p.kind === 'move' || p.kind === 'retreat') target = at(p.to);
      else if (p.kind === 'support') {
        target = at(p.supported.to || p.supported.at);
        if (!p.supported.to) endInset = u * 1.4;
      } else if (p.kind === 'convoy') {
        target = at(p.convoyed.to);
        via = from;
        const army = at(p.convoyed.at);
        if (army && target) {
          const a = arrow(army, target, { kind, colour, startInset: u, endInset, via });
          g.append(...a.parts);
          mid = a.mid;
        }
        target = null;
      }
      if (target) {
        const a = arrow(from, target, { kind, colour, startInset: u * 0.9, endInset });
        g.append(...a.parts);
        mid = a.mid;
      }
    }
    if (failed) g.append(cross(mid, 6));
    const title = [
      `${o.power ? `${o.power}: ` : ''}${o.order}`,
      o.result ? ` (${o.result}${o.reason ? `: ${o.reason}` : ''})` : '',
      o.frequency !== undefined ? ` (${Math.round(100 * o.frequency)}% of the simulations)` : '',
    ].join('');
    g.append(svgEl('title', null, title));
    arrows.append(g);
  }

  // The units: a box in the power's colour with A or F, at its coast for a fleet on one; dislodged
  // units beside, outlined in red, with where they may retreat.
  const units = svgEl('g', { class: 'map-units' });
  const unitBox = (power, type, where, extra, title) => {
    const g = svgEl('g', {
      class: `map-unit ${extra}`,
      dataset: { power, type },
      style: `--map-colour: ${colourOf(power)}`,
    });
    g.append(
      svgEl('rect', {
        x: where.x - u,
        y: where.y - u * 0.75,
        width: 2 * u,
        height: 1.5 * u,
        rx: u * 0.25,
        class: `map-unit-box ${extra}`,
      }),
      svgEl('text', { x: where.x, y: where.y + u * 0.38, class: 'map-unit-letter' }, type),
      svgEl('title', null, title),
    );
    return g;
  };
  for (const unit of state?.units || []) {
    const where = at(unit.coast ? `${unit.province}/${unit.coast}` : unit.province);
    if (!where) continue;
    const g = unitBox(unit.power, unit.type, where, '', `${unit.power}: ${unit.unit}`);
    g.dataset.unit = unit.unit;
    g.dataset.province = String(unit.province).toUpperCase();
    units.append(g);
  }
  for (const d of dislodged || state?.dislodged || []) {
    const loc = String(d.unit).split(/\s+/)[1];
    const where = at(loc);
    if (!where) continue;
    const shifted = { x: where.x + u * 1.1, y: where.y + u * 1.1 };
    for (const retreat of d.retreats || []) {
      const to = at(retreat);
      if (to) {
        units.append(
          svgEl(
            'g',
            { class: 'map-retreat', dataset: { unit: d.unit, to: retreat } },
            ...arrow(shifted, to, {
              kind: 'retreat-option',
              colour: colourOf(d.power),
              startInset: u,
              endInset: u,
            }).parts,
          ),
        );
      }
    }
    const g = unitBox(
      d.power,
      String(d.unit).split(/\s+/)[0],
      shifted,
      'dislodged',
      `${d.power}: ${d.unit}, dislodged${d.from ? ` from ${d.from}` : ''}; ${
        (d.retreats || []).length ? `may retreat to ${d.retreats.join(', ')}` : 'no retreat: disbanded'
      }`,
    );
    g.dataset.unit = d.unit;
    g.dataset.dislodged = 'true';
    units.append(g);
  }
  svg.append(units, arrows);
  return svg;
}

// Colours for powers whose model gives none usable.
const PALETTE = ['#c53030', '#2b6cb0', '#2f855a', '#b7791f', '#6b46c1', '#319795', '#d53f8c', '#4a5568'];

// The legend of the orders' arrows.
export function diplomacyLegend({ results = false } = {}) {
  const items = [
    { kind: 'move', text: 'move' },
    { kind: 'support', text: 'support' },
    { kind: 'convoy', text: 'convoy' },
    { kind: 'hold', text: 'hold' },
  ];
  if (results) items.push({ kind: 'failed', text: 'failed' }, { kind: 'dislodged', text: 'dislodged' });
  return legendSvg(items);
}
