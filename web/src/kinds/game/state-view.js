// The picture of a game's state, drawn from the engine's node ({text, node, describe, acting?,
// chance?}, as `describe` and `play` give it). Communicate Out of Prison: the three agents, who told
// whom what (the messages as arrows, in order), the speaking order, each agent's trust, and at the
// end the announcements and the years. A user-written game: the stage, the history so far, and the
// payoffs at the end. Both: who acts next, their slots and their policy's most probable actions, or
// the chance outcomes. Model names are untrusted: every text goes in through textContent.
import { readable } from '../../views/numbers.js';
import { el, svgEl, formatNumber } from '../../views/dom.js';
import { headerRow, colHead } from '../../views/table.js';
import { boardPicture } from './board-view.js';

// The signals of COP's messages, in words (docs/games.md); friendly ones raise the receiver's trust.
export const SIGNALS = {
  propose: { words: 'let’s blame the third one together', friendly: true },
  promise: { words: 'I won’t blame you', friendly: true },
  reassure: { words: 'I’m innocent, you can trust me', friendly: true },
  threaten: { words: 'blame me and I’ll blame you', friendly: false },
  accuse: { words: 'I don’t trust you: you’re the snitch', friendly: false },
};

export const isCop = (node) => Array.isArray(node?.describe?.messages);

// A state in words, from the engine's description of it: where the play is and what has happened.
export function stateWords(node) {
  const d = node?.describe || {};
  if (!node) return '';
  if (isCop(node)) {
    const n = (d.messages || []).length;
    const sent = `${n} message${n === 1 ? '' : 's'} sent`;
    if (d.phase === 'order') return 'the speaking order is about to be drawn';
    if (d.phase === 'talk') return `the agents talk (${sent}); ${d.order?.[n % 3] ?? 'an agent'} speaks next`;
    if (d.phase === 'announce') return `every message is sent (${n}); the agents announce next`;
    return 'the announcements are made: the game is over';
  }
  if (node.node === 'terminal') return 'the game is over';
  // A game on a map says where the play is in its own words: Diplomacy's phase, Risk's round and turn.
  if (d.phase?.words) return `${d.phase.words}${node.node === 'chance' ? ', chance moves next' : ''}`;
  if (typeof d.round === 'number') {
    return d.battle
      ? `round ${d.round}, a battle: ${d.battle.from} attacks ${d.battle.to}`
      : `round ${d.round}, ${d.turn} plays its turn`;
  }
  const history = Object.entries(d.history || {})
    .map(([k, v]) => `${k} = ${v}`)
    .join(', ');
  const who = (node.acting || []).map((a) => a.player).join(' and ');
  const next =
    node.node === 'chance'
      ? 'chance moves next'
      : `${who || 'a player'} ${node.acting?.length > 1 ? 'act' : 'acts'} next`;
  return `stage ${d.stage ?? ''}, ${next}${history ? ` (so far: ${history})` : ' (nothing has happened yet)'}`;
}

// An action ({slot: choice}) as text, in the slots' order when they are given: "simple-person, propose"
// (the engine's labels read the same).
export function actionText(action, slots) {
  if (!action || typeof action !== 'object') return String(action ?? '');
  const names = slots ? slots.map((s) => s.name) : Object.keys(action);
  return names.map((n) => String(action[n])).join(', ');
}

// Why a reply has no exact values, in words (the engine's own reason in the title of the element
// that shows it): most often, too many positions to go through.
export function exactWords(exact) {
  if (!exact || exact.available) return '';
  const reason = exact.reason || '';
  if (/not requested/.test(reason)) return 'No exact values: they were not asked for.';
  const budget = /more than (\d+)/.exec(reason);
  return budget
    ? `No exact values: there are more than ${Number(budget[1]).toLocaleString('en')} positions to go through from here, so only the simulations are shown (to try anyway, raise max_nodes in All analyses).`
    : `No exact values: ${reason}`;
}

// A standard error, to two significant digits (the exact number is in the reply and the CSV).
export const errorText = (se) => readable(se, 2);

const probabilityText = (p) => `${formatNumber(Number((100 * p).toPrecision(3)))}%`;

// A probability as a small bar with its number.
export function probabilityBar(p) {
  const fill = el('span', { class: 'game-prob-fill' });
  fill.style.width = `${(100 * Math.max(0, Math.min(1, p))).toFixed(2)}%`;
  return el(
    'span',
    { class: 'game-prob' },
    el('span', { class: 'game-prob-bar' }, fill),
    el('span', { class: 'game-prob-text' }, probabilityText(p)),
  );
}

// ---- Communicate Out of Prison ----

const ORDINAL = ['1st', '2nd', '3rd'];

// A label's halo: drawn first, in the panel's colour, so a label stays readable over an arrow.
const haloed = (props, text) => [
  svgEl('text', { ...props, class: `${props.class} cop-halo`, 'aria-hidden': 'true' }, text),
  svgEl('text', props, text),
];

// The three agents in a triangle; each agent's name, speaking place and years outside it (above the
// top agent, below the bottom two), so that no arrow crosses them. Before the announcements, the
// messages as curved arrows, each ordered pair's on one arrow bending to its right with the signals
// numbered in order; once announced, who blames whom (red arrows) instead, the messages staying in
// the log beside.
function copPicture(d, players) {
  const W = 480;
  const H = 380;
  const R = 26;
  const at = [
    { x: W / 2, y: 82, above: true },
    { x: 78, y: H - 92, above: false },
    { x: W - 78, y: H - 92, above: false },
  ];
  const pos = new Map(players.map((n, i) => [n, at[i % 3]]));
  const svg = svgEl('svg', {
    xmlns: 'http://www.w3.org/2000/svg',
    class: 'cop-picture',
    viewBox: `0 0 ${W} ${H}`,
    width: W,
    height: H,
    role: 'img',
    'aria-label': d.announcements
      ? 'the agents and who blames whom in the announcements'
      : 'the agents and the messages between them',
  });
  const marker = (id, cls) =>
    svgEl(
      'marker',
      {
        id,
        viewBox: '0 0 10 10',
        refX: 9,
        refY: 5,
        markerWidth: 7,
        markerHeight: 7,
        orient: 'auto-start-reverse',
      },
      svgEl('path', { d: 'M0,0L10,5L0,10z', class: cls }),
    );
  svg.append(
    svgEl(
      'defs',
      null,
      marker('cop-arrow', 'cop-arrowhead'),
      marker('cop-arrow-blame', 'cop-arrowhead blame'),
    ),
  );
  const curve = (a, b, bend, inset = 6) => {
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len = Math.hypot(dx, dy) || 1;
    const ux = dx / len;
    const uy = dy / len;
    const nx = -uy;
    const ny = ux;
    const sx = a.x + ux * (R + 4) + nx * 8;
    const sy = a.y + uy * (R + 4) + ny * 8;
    const ex = b.x - ux * (R + inset) + nx * 8;
    const ey = b.y - uy * (R + inset) + ny * 8;
    const cx = (a.x + b.x) / 2 + nx * bend;
    const cy = (a.y + b.y) / 2 + ny * bend;
    return {
      d: `M${sx.toFixed(1)},${sy.toFixed(1)}Q${cx.toFixed(1)},${cy.toFixed(1)} ${ex.toFixed(1)},${ey.toFixed(1)}`,
      mid: { x: (sx + 2 * cx + ex) / 4, y: (sy + 2 * cy + ey) / 4 },
      normal: { x: nx, y: ny },
    };
  };
  if (d.announcements) {
    for (const from of players) {
      for (const to of players) {
        if (from === to || d.announcements[from]?.[to] !== 'guilty') continue;
        const a = pos.get(from);
        const b = pos.get(to);
        if (!a || !b) continue;
        const c = curve(a, b, 22);
        svg.append(
          svgEl(
            'g',
            { class: 'cop-blame', dataset: { from, to } },
            svgEl('path', { d: c.d, class: 'cop-blame-line', 'marker-end': 'url(#cop-arrow-blame)' }),
            haloed(
              {
                x: (c.mid.x + c.normal.x * 10).toFixed(1),
                y: (c.mid.y + c.normal.y * 10 + 4).toFixed(1),
                class: 'cop-blame-label',
              },
              'blames',
            ),
            svgEl('title', null, `${from} says ${to} is guilty`),
          ),
        );
      }
    }
  } else {
    const pairs = new Map();
    (d.messages || []).forEach((m, i) => {
      const key = `${m.from}\u0000${m.to}`;
      if (!pairs.has(key)) pairs.set(key, { from: m.from, to: m.to, list: [] });
      pairs.get(key).list.push({ ...m, index: i });
    });
    const last = (d.messages || []).length - 1;
    for (const pair of pairs.values()) {
      const a = pos.get(pair.from);
      const b = pos.get(pair.to);
      if (!a || !b) continue;
      const c = curve(a, b, 30);
      const newest = pair.list.some((m) => m.index === last);
      const g = svgEl('g', {
        class: `cop-message${newest ? ' newest' : ''}`,
        dataset: { from: pair.from, to: pair.to },
      });
      g.append(svgEl('path', { d: c.d, class: 'cop-message-line', 'marker-end': 'url(#cop-arrow)' }));
      const lx = c.mid.x + c.normal.x * 14;
      const ly = c.mid.y + c.normal.y * 14;
      const label = (cls) => {
        const t = svgEl('text', { x: lx.toFixed(1), y: ly.toFixed(1), class: `cop-message-label ${cls}` });
        pair.list.forEach((m, k) => {
          const friendly = SIGNALS[m.signal]?.friendly;
          t.append(
            svgEl(
              'tspan',
              {
                x: lx.toFixed(1),
                dy: k ? '1.15em' : `${(-0.575 * (pair.list.length - 1) + 0.35).toFixed(2)}em`,
                class: `cop-signal ${friendly === undefined ? '' : friendly ? 'friendly' : 'hostile'}${m.index === last ? ' newest' : ''}`,
              },
              `${m.index + 1}. ${m.signal}`,
            ),
          );
        });
        return t;
      };
      g.append(
        label('cop-halo'),
        label(''),
        svgEl(
          'title',
          null,
          `${pair.from} → ${pair.to}: ${pair.list.map((m) => `${m.signal} (${SIGNALS[m.signal]?.words || ''})`).join(', ')}`,
        ),
      );
      svg.append(g);
    }
  }
  players.forEach((name) => {
    const p = pos.get(name);
    const place = d.order ? d.order.indexOf(name) : -1;
    const years = d.years?.[name];
    const g = svgEl('g', { class: 'cop-agent', dataset: { player: name } });
    g.append(
      svgEl('circle', { cx: p.x, cy: p.y, r: R, class: 'cop-agent-circle' }),
      svgEl('text', { x: p.x, y: p.y + 6, class: 'cop-agent-initial' }, [...name][0]?.toUpperCase() || ''),
    );
    // Outside the triangle: the name, then its place in the order and its years.
    const lines = [{ text: name, cls: 'cop-agent-name' }];
    if (place >= 0) lines.push({ text: `speaks ${ORDINAL[place]}`, cls: 'cop-agent-order' });
    if (years !== undefined)
      lines.push({ text: `${formatNumber(years)} years in prison`, cls: 'cop-agent-years', years });
    lines.forEach((line, k) => {
      const y = p.above ? p.y - R - 10 - (lines.length - 1 - k) * 15 : p.y + R + 17 + k * 15;
      g.append(
        svgEl(
          'text',
          {
            x: p.x,
            y,
            class: line.cls,
            dataset: line.years !== undefined ? { years: String(line.years) } : null,
          },
          line.text,
        ),
      );
    });
    svg.append(g);
  });
  return svg;
}

// What the signals mean, and which way they move trust: the picture's legend.
function signalLegend(announced) {
  return el(
    'div',
    { class: 'cop-legend', id: 'cop-legend' },
    announced
      ? el(
          'p',
          null,
          el('span', { class: 'cop-key blame' }, '→'),
          ' a red arrow: the agent says the other is guilty (blames it).',
        )
      : el(
          'ul',
          { class: 'cop-signals' },
          Object.entries(SIGNALS).map(([name, s]) =>
            el(
              'li',
              { class: s.friendly ? 'friendly' : 'hostile' },
              el('strong', null, name),
              `: “${s.words}” (${s.friendly ? 'friendly' : 'hostile'})`,
            ),
          ),
        ),
    el(
      'p',
      { class: 'cop-rule', id: 'cop-rule' },
      el('strong', null, 'How the game pays: '),
      'if nobody blames anyone, each agent gets 5 years in prison; otherwise each gets 10 years for every blame against it that counts. ' +
        'A blame against you does not count when you and the third agent both blame its author and the third agent does not blame you. ' +
        'Fewer years are better: an agent’s reward is minus its years.',
    ),
  );
}

function copDetails(d, players) {
  const out = el('div', { class: 'cop-details' });
  const phase = {
    order: 'the speaking order is about to be drawn',
    talk: 'the agents talk in private',
    announce: 'the agents announce, each about the other two',
    done: 'the game is over',
  };
  out.append(
    el(
      'p',
      { class: 'game-phase' },
      'Phase: ',
      el('strong', null, phase[d.phase] || d.phase || ''),
      d.order ? ` · they speak in the order ${d.order.join(', then ')}` : '',
    ),
  );
  const messages = d.messages || [];
  out.append(
    el('h4', null, `Messages (${messages.length})`),
    messages.length
      ? el(
          'ol',
          { class: 'cop-log', id: 'cop-log' },
          messages.map((m, i) =>
            el(
              'li',
              {
                class: `${SIGNALS[m.signal]?.friendly === false ? 'hostile' : 'friendly'}${
                  i === messages.length - 1 ? ' newest' : ''
                }`,
                dataset: { from: m.from, to: m.to, signal: m.signal },
                title: SIGNALS[m.signal]?.words || null,
              },
              `${m.from} → ${m.to}: ${m.signal}`,
              el('span', { class: 'cop-words' }, ` “${SIGNALS[m.signal]?.words || ''}”`),
            ),
          ),
        )
      : el('p', { class: 'notice' }, 'No message yet.'),
  );
  // Trust: row i's trust in column j.
  if (d.trust) {
    out.append(
      el('h4', null, 'How much each agent trusts the others'),
      el(
        'p',
        { class: 'explain cop-trust-explain' },
        'Row in column: what the column’s messages were worth to the row. Friendly signals raise it, threats and accusations lower it; 0 is neutral.',
      ),
      el(
        'table',
        { class: 'data compact', id: 'cop-trust' },
        headerRow(el('th', null, ''), players),
        el(
          'tbody',
          null,
          players.map((i) =>
            el(
              'tr',
              null,
              el('th', { scope: 'row' }, i),
              players.map((j) =>
                el(
                  'td',
                  { class: 'num', title: i === j ? null : String(d.trust[i]?.[j] ?? 0) },
                  i === j ? '' : readable(d.trust[i]?.[j] ?? 0),
                ),
              ),
            ),
          ),
        ),
      ),
    );
  }
  if (d.announcements) {
    out.append(
      el('h4', null, 'Announcements: what the row said about the column'),
      el(
        'table',
        { class: 'data compact', id: 'cop-announcements' },
        headerRow(el('th', null, ''), players, colHead('years', { class: 'num' })),
        el(
          'tbody',
          null,
          players.map((i) =>
            el(
              'tr',
              null,
              el('th', { scope: 'row' }, i),
              players.map((j) => {
                const said = i === j ? '' : d.announcements[i]?.[j] || '';
                return el('td', { class: `cop-${said}` }, said);
              }),
              el('td', { class: 'num' }, d.years?.[i] !== undefined ? formatNumber(d.years[i]) : ''),
            ),
          ),
        ),
      ),
    );
  }
  return out;
}

// ---- user-written games ----

function userDetails(d, players, node) {
  const out = el('div', { class: 'user-details' });
  out.append(
    el(
      'p',
      { class: 'game-phase' },
      node.node === 'terminal'
        ? 'The game is over'
        : ['Stage: ', el('strong', null, d.stage ?? ''), ` · step ${d.step}`],
    ),
  );
  const acting = new Set((node.acting || []).map((a) => a.player));
  out.append(
    el(
      'ul',
      { class: 'game-players', id: 'game-players' },
      players.map((p) =>
        el(
          'li',
          { class: acting.has(p) ? 'acting' : '', dataset: { player: p } },
          el('span', { class: 'game-player-name' }, p),
          acting.has(p) && el('span', { class: 'game-badge' }, 'acts'),
          d.payoffs?.[p] !== undefined &&
            el(
              'span',
              { class: 'game-payoff', dataset: { payoff: String(d.payoffs[p]) } },
              `payoff ${formatNumber(d.payoffs[p])}`,
            ),
        ),
      ),
    ),
  );
  const history = Object.entries(d.history || {});
  out.append(
    el('h4', null, 'History'),
    history.length
      ? el(
          'table',
          { class: 'data compact', id: 'game-history' },
          headerRow('variable', 'value'),
          el(
            'tbody',
            null,
            history.map(([name, value]) =>
              el('tr', null, el('td', null, name), el('td', null, String(value))),
            ),
          ),
        )
      : el('p', { class: 'notice' }, 'Nothing has happened yet.'),
  );
  return out;
}

// ---- who acts next (every game) ----

export function nextMoves(node) {
  const out = el('div', { class: 'game-next', id: 'game-next' });
  if (node.node === 'chance') {
    out.append(
      el('h4', null, 'Chance moves next'),
      el(
        'table',
        { class: 'data compact' },
        el(
          'tbody',
          null,
          (node.chance || []).map((c) =>
            el('tr', null, el('td', null, String(c.outcome)), el('td', null, probabilityBar(c.probability))),
          ),
        ),
      ),
    );
  } else if (node.node === 'decision') {
    out.append(el('h4', null, 'Who acts next'));
    for (const a of node.acting || []) {
      out.append(
        el(
          'section',
          { class: 'game-acting', dataset: { player: a.player } },
          el('h5', null, a.player),
          el(
            'p',
            { class: 'game-slots' },
            a.slots.map((s, i) => [
              i ? '; ' : '',
              el('span', { class: 'game-slot-name' }, s.name),
              ': ',
              s.choices.map(String).join(' | '),
            ]),
          ),
          el(
            'table',
            { class: 'data compact game-policy', title: 'the policy’s most probable actions' },
            headerRow(
              a.slots.map((s) => s.name),
              'probability',
            ),
            el(
              'tbody',
              null,
              (a.policy || []).map((p) =>
                el(
                  'tr',
                  null,
                  a.slots.map((s) => el('td', null, String(p.action?.[s.name] ?? ''))),
                  el('td', null, probabilityBar(p.probability)),
                ),
              ),
            ),
          ),
        ),
      );
    }
  } else {
    out.append(el('h4', null, 'The game is over'));
  }
  return out;
}

// The move the play made at a step, and the rewards it paid.
function playedMove(node, players) {
  if (!node.move) return null;
  const what =
    node.move.chance !== undefined
      ? `chance: ${node.move.chance}`
      : Object.entries(node.move.actions || {})
          .map(([p, a]) => `${p}: ${actionText(a)}`)
          .join('; ');
  const rewards = (node.rewards || []).some((r) => r !== 0)
    ? ` (rewards ${players.map((p, i) => `${p} ${formatNumber(node.rewards[i])}`).join(', ')})`
    : '';
  return el(
    'p',
    { class: 'game-move', id: 'game-move' },
    'The play’s move here: ',
    el('strong', null, what),
    rewards,
  );
}

// The pictures of built-in games, by the name describe gives (`builtin`): each draws a node's state as
// nodes to put in the view's main part, from the node, the players and describe's reply (its `board`,
// for a game played on a map) and the overlay (what a map draws on it: board-view.js). A built-in game
// without one is drawn as a user-written game is. Adding a built-in game's picture: one entry here.
export const BUILTIN_PICTURES = new Map([
  [
    'communicate-out-of-prison',
    (node, players) => {
      const d = node.describe || {};
      return [
        el('div', { class: 'cop-figure' }, copPicture(d, players), signalLegend(Boolean(d.announcements))),
        copDetails(d, players),
      ];
    },
  ],
  ['risk', (node, players, describe, overlay) => boardPicture(node, describe, overlay)],
  ['diplomacy', (node, players, describe, overlay) => boardPicture(node, describe, overlay)],
]);

// The whole view of a node; `describe` is the game's describe reply (its `builtin`, its `board`);
// `overlay` what a map draws over the state (board-view.js).
export function stateView(node, players, describe = null, overlay = {}) {
  const d = node.describe || {};
  const main = el('div', { class: 'game-state-main' });
  const picture =
    BUILTIN_PICTURES.get(describe?.builtin) ||
    (isCop(node) ? BUILTIN_PICTURES.get('communicate-out-of-prison') : null);
  if (picture) main.append(...picture(node, players, describe, overlay));
  else main.append(userDetails(d, players, node));
  // A game on a map gives the map the width; its players' choices (hundreds of orders) are folded.
  const onMap = Boolean(describe?.board);
  return el(
    'div',
    { class: `game-state${onMap ? ' on-map' : ''}`, dataset: { node: node.node, state: node.text } },
    main,
    el(
      'aside',
      { class: 'game-state-aside' },
      playedMove(node, players),
      onMap
        ? el(
            'details',
            { class: 'game-next-folded' },
            el('summary', null, 'Who acts next, and their choices'),
            nextMoves(node),
          )
        : nextMoves(node),
      // The engine's text of the state (what a link or the State box takes), for those who want it.
      el(
        'details',
        { class: 'game-state-text' },
        el('summary', null, 'The state as the engine writes it'),
        el('code', { id: 'game-state-text' }, node.text),
      ),
    ),
  );
}
