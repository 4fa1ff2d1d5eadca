// The Risk map: drawn from describe's `board` (territories at their x and y, continents' colours,
// the borders) and a state's describe (each territory's owner and armies, the last turn, a battle
// under way). A territory is a circle in its owner's colour with its armies inside and its name under
// it, on a patch of its continent's colour. A turn is drawn on it: placements as "+n" badges (n from
// the engine's `place_armies`), attacks as solid arrows numbered in order, the free move as a dashed
// arrow; the last turn's attacks with the armies that fought and their outcome.
import { svgEl } from '../../views/dom.js';
import { arrow, boardCanvas, coordinate, haloText, legendSvg, makeButton, safeColour } from './board-svg.js';

const PALETTE = ['#c53030', '#2b6cb0', '#2f855a', '#b7791f', '#6b46c1', '#319795', '#d53f8c', '#4a5568'];

// "Ashpeak -> Bramble" (a Risk action's attack or move, as the engine labels it) as [from, to] names.
export function parseBorder(label) {
  const parts = String(label ?? '').split(' -> ');
  return parts.length === 2 ? parts : null;
}

// The map as an <svg>. `state` is a state's describe; `actions` a list of {player, action, role,
// frequency?} (action: {slot: choice}, role: explained, probable or played); `lastTurn` draws the
// state's last turn; `onTerritory(id)`, when given, makes each territory a button (the position editor).
export function riskMap(board, state, { actions = [], lastTurn = false, onTerritory = null, label } = {}) {
  const width = board.width || 1000;
  const height = board.height || 700;
  const territories = board.territories || [];
  const room = Math.sqrt((width * height) / Math.max(1, territories.length));
  const r = Math.max(14, Math.min(30, room / 5));
  const font = Math.max(11, Math.min(16, r * 0.55));
  const { svg } = boardCanvas(board, {
    label: label || `the map ${board.title || board.map || ''}`,
    className: 'risk-map',
  });
  svg.style.setProperty('--map-font', `${font}px`);
  const at = new Map();
  const byName = new Map();
  for (const t of territories) {
    at.set(t.id, { x: coordinate(t.x, width), y: coordinate(t.y, height) });
    byName.set(t.name, t.id);
  }
  const colours = new Map(
    (board.players || []).map((p, i) => [p.name, safeColour(p.colour, PALETTE[i % 8])]),
  );
  const colourOf = (player) => colours.get(player) || '#718096';
  const continentOf = new Map((board.continents || []).map((c) => [c.id, c]));
  const held = new Map((state?.territories || []).map((t) => [t.id, t]));

  // The continents: a patch of its colour under each territory, so that a region reads as one.
  const patches = svgEl('g', { class: 'risk-continents', 'aria-hidden': 'true' });
  for (const t of territories) {
    const p = at.get(t.id);
    const c = continentOf.get(t.continent);
    patches.append(
      svgEl('circle', {
        cx: p.x,
        cy: p.y,
        r: r * 2.1,
        class: 'risk-continent-patch',
        style: `--map-colour: ${safeColour(c?.colour, '#d9d4c5')}`,
      }),
    );
  }
  const borders = svgEl('g', { class: 'map-edges', 'aria-hidden': 'true' });
  for (const [a, b] of board.adjacency || []) {
    const p = at.get(a);
    const q = at.get(b);
    if (p && q) borders.append(svgEl('line', { x1: p.x, y1: p.y, x2: q.x, y2: q.y, class: 'map-edge army' }));
  }
  svg.append(patches, borders);

  const places = svgEl('g', { class: 'risk-territories' });
  for (const t of territories) {
    const p = at.get(t.id);
    const h = held.get(t.id);
    const continent = continentOf.get(t.continent);
    const g = svgEl('g', {
      class: 'risk-territory',
      dataset: { territory: t.id, owner: h?.owner ?? '', armies: String(h?.armies ?? '') },
      style: `--map-colour: ${colourOf(h?.owner)}`,
    });
    g.append(
      svgEl('circle', { cx: p.x, cy: p.y, r, class: 'risk-territory-circle' }),
      svgEl('text', { x: p.x, y: p.y + font * 0.36, class: 'risk-armies' }, h ? String(h.armies) : ''),
      ...haloText({ x: p.x, y: p.y + r + font }, t.name, 'risk-territory-name'),
    );
    const words = `${t.name} (${continent?.name || t.continent})${h ? `: ${h.owner}, ${h.armies} ${h.armies === 1 ? 'army' : 'armies'}` : ''}`;
    g.append(svgEl('title', null, words));
    if (onTerritory) makeButton(g, words, () => onTerritory(t.id));
    places.append(g);
  }
  svg.append(places);

  const turns = svgEl('g', { class: 'map-orders' });
  const badge = (id, text, player, role, title) => {
    const p = at.get(id);
    if (!p) return;
    const q = { x: p.x + r * 0.95, y: p.y - r * 0.95 };
    turns.append(
      svgEl(
        'g',
        {
          class: `risk-badge ${role}`,
          dataset: { territory: id, text, role },
          style: `--map-colour: ${colourOf(player)}`,
        },
        svgEl('rect', {
          x: q.x - font * 1.1,
          y: q.y - font * 0.75,
          width: font * 2.2,
          height: font * 1.4,
          rx: font * 0.7,
          class: 'risk-badge-box',
        }),
        svgEl('text', { x: q.x, y: q.y + font * 0.35, class: 'risk-badge-text' }, text),
        svgEl('title', null, title),
      ),
    );
  };
  const border = (fromId, toId, kind, player, role, tag, title, dataset) => {
    const p = at.get(fromId);
    const q = at.get(toId);
    if (!p || !q) return;
    const a = arrow(p, q, { kind, colour: colourOf(player), startInset: r, endInset: r + 2 });
    const g = svgEl(
      'g',
      { class: `map-order ${kind} ${role}`, dataset: { kind, role, from: fromId, to: toId, ...dataset } },
      ...a.parts,
    );
    if (tag) g.append(...haloText({ x: a.mid.x, y: a.mid.y + font * 0.35 }, tag, 'risk-arrow-tag'));
    g.append(svgEl('title', null, title));
    turns.append(g);
  };

  // A turn's action ({slot: choice}): the placements summed by territory, the attacks, the move.
  const parts = Array.isArray(state?.place_armies) ? state.place_armies : null;
  for (const { player, action, role = 'explained', frequency } of actions) {
    if (!action) continue;
    const share = frequency !== undefined ? ` (${Math.round(100 * frequency)}% of the simulations)` : '';
    const placed = new Map();
    for (let k = 1; k <= 3; k++) {
      const id = byName.get(action[`place ${k}`]);
      if (!id) continue;
      // The armies a slot places are known at the state drawn, for the player whose turn it is.
      const n = role !== 'probable' && player === state?.turn && parts ? parts[k - 1] : null;
      placed.set(id, n === null || placed.get(id) === null ? null : (placed.get(id) || 0) + n);
    }
    for (const [id, n] of placed) {
      badge(
        id,
        n === null ? '+' : `+${n}`,
        player,
        role,
        `${player} places ${n === null ? 'armies' : n} on ${id}${share}`,
      );
    }
    for (let k = 1; k <= 3; k++) {
      const pair = parseBorder(action[`attack ${k}`]);
      if (!pair) continue;
      border(
        byName.get(pair[0]),
        byName.get(pair[1]),
        'attack',
        player,
        role,
        String(k),
        `${player}'s attack ${k}: ${pair[0]} -> ${pair[1]}${share}`,
        { slot: `attack ${k}` },
      );
    }
    const move = parseBorder(action.move);
    if (move) {
      border(
        byName.get(move[0]),
        byName.get(move[1]),
        'free-move',
        player,
        role,
        '',
        `${player}'s move: ${move[0]} -> ${move[1]}${share}`,
        { slot: 'move' },
      );
    }
  }

  // The last turn, as the state records it, and a battle under way.
  const last = lastTurn ? state?.last_turn : null;
  if (last) {
    // The place slots, summed by territory (two slots may place on the same one).
    const placed = new Map();
    for (const p of last.placements || []) placed.set(p.territory, (placed.get(p.territory) || 0) + p.armies);
    for (const [id, n] of placed)
      badge(id, `+${n}`, last.player, 'played', `${last.player} placed ${n} on ${id}`);
    for (const a of last.attacks || []) {
      const fought = a.attackers !== undefined ? `${a.attackers}v${a.defenders}` : '';
      const tag =
        a.outcome === 'conquered' ? `${fought} ✓` : a.outcome === 'held' ? `${fought} ✗` : a.outcome;
      border(
        a.from,
        a.to,
        'attack',
        last.player,
        `played ${a.outcome}`,
        tag,
        `${last.player} attacked ${a.to} from ${a.from}: ${a.outcome}${fought ? ` (${a.attackers} against ${a.defenders}, ${a.left} left)` : ''}`,
        { outcome: a.outcome },
      );
    }
    if (last.move) {
      border(
        last.move.from,
        last.move.to,
        'free-move',
        last.player,
        'played',
        last.move.armies ? String(last.move.armies) : '',
        `${last.player} moved from ${last.move.from} to ${last.move.to}: ${last.move.outcome}`,
        { outcome: last.move.outcome },
      );
    }
  }
  if (state?.battle) {
    const b = state.battle;
    border(
      b.from,
      b.to,
      'attack',
      state.turn,
      'battle',
      `${b.attackers}v${b.defenders}`,
      `the battle under way: ${b.attackers} attackers against ${b.defenders} defenders, conquers with probability ${b.conquest_probability}`,
      {},
    );
  }
  svg.append(turns);
  return svg;
}

// The legend of a turn's marks.
export function riskLegend() {
  return legendSvg([
    { kind: 'attack', text: 'attack (in order)' },
    { kind: 'free-move', text: 'the free move' },
  ]);
}
