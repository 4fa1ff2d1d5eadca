// The picture of a game's state, drawn from the engine's node ({text, node, describe, acting?,
// chance?}, as `describe` and `play` give it). Communicate Out of Prison: the three agents, who told
// whom what (the messages as arrows, in order), the speaking order, each agent's trust, and at the
// end the announcements and the years. A user-written game: the stage, the history so far, and the
// payoffs at the end. Both: who acts next, their slots and their policy's most probable actions, or
// the chance outcomes. Model names are untrusted: every text goes in through textContent.
import { el, svgEl, formatNumber } from '../../views/dom.js';
import { headerRow, colHead } from '../../views/table.js';

// The signals of COP's messages, in words (docs/games.md); friendly ones raise the receiver's trust.
export const SIGNALS = {
  propose: { words: 'let’s blame the third one together', friendly: true },
  promise: { words: 'I won’t blame you', friendly: true },
  reassure: { words: 'I’m innocent, you can trust me', friendly: true },
  threaten: { words: 'blame me and I’ll blame you', friendly: false },
  accuse: { words: 'I don’t trust you: you’re the snitch', friendly: false },
};

export const isCop = (node) => Array.isArray(node?.describe?.messages);

// An action ({slot: choice}) as text, in the slots' order when they are given: "simple-person, propose"
// (the engine's labels read the same).
export function actionText(action, slots) {
  if (!action || typeof action !== 'object') return String(action ?? '');
  const names = slots ? slots.map((s) => s.name) : Object.keys(action);
  return names.map((n) => String(action[n])).join(', ');
}

// A standard error, to two significant digits (the exact number is in the reply and the CSV).
export const errorText = (se) => formatNumber(Number(se.toPrecision(2)));

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

function copPicture(d, players) {
  const W = 420;
  const H = 300;
  const R = 24;
  const names = players;
  const at = [
    { x: W / 2, y: 44 },
    { x: 70, y: H - 62 },
    { x: W - 70, y: H - 62 },
  ];
  const pos = new Map(names.map((n, i) => [n, at[i % 3]]));
  const svg = svgEl('svg', {
    xmlns: 'http://www.w3.org/2000/svg',
    class: 'cop-picture',
    viewBox: `0 0 ${W} ${H}`,
    width: W,
    height: H,
    role: 'img',
    'aria-label': 'the agents and the messages between them',
  });
  svg.append(
    svgEl(
      'defs',
      null,
      svgEl(
        'marker',
        {
          id: 'cop-arrow',
          viewBox: '0 0 10 10',
          refX: 9,
          refY: 5,
          markerWidth: 7,
          markerHeight: 7,
          orient: 'auto-start-reverse',
        },
        svgEl('path', { d: 'M0,0L10,5L0,10z', class: 'cop-arrowhead' }),
      ),
    ),
  );
  // The messages of each ordered pair, in order, on one curved arrow bending to its right.
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
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len = Math.hypot(dx, dy) || 1;
    const ux = dx / len;
    const uy = dy / len;
    const nx = -uy;
    const ny = ux;
    const bend = 26;
    const sx = a.x + ux * (R + 4) + nx * 8;
    const sy = a.y + uy * (R + 4) + ny * 8;
    const ex = b.x - ux * (R + 6) + nx * 8;
    const ey = b.y - uy * (R + 6) + ny * 8;
    const cx = (a.x + b.x) / 2 + nx * bend;
    const cy = (a.y + b.y) / 2 + ny * bend;
    const newest = pair.list.some((m) => m.index === last);
    const g = svgEl('g', {
      class: `cop-message${newest ? ' newest' : ''}`,
      dataset: { from: pair.from, to: pair.to },
    });
    g.append(
      svgEl('path', {
        d: `M${sx.toFixed(1)},${sy.toFixed(1)}Q${cx.toFixed(1)},${cy.toFixed(1)} ${ex.toFixed(1)},${ey.toFixed(1)}`,
        class: 'cop-message-line',
        'marker-end': 'url(#cop-arrow)',
      }),
    );
    const lx = (sx + 2 * cx + ex) / 4 + nx * 8;
    const ly = (sy + 2 * cy + ey) / 4 + ny * 8;
    const label = svgEl('text', { x: lx.toFixed(1), y: ly.toFixed(1), class: 'cop-message-label' });
    pair.list.forEach((m, k) => {
      const friendly = SIGNALS[m.signal]?.friendly;
      label.append(
        svgEl(
          'tspan',
          {
            x: lx.toFixed(1),
            dy: k ? '1.1em' : `${(-0.55 * (pair.list.length - 1)).toFixed(2)}em`,
            class: `cop-signal ${friendly === undefined ? '' : friendly ? 'friendly' : 'hostile'}${
              m.index === last ? ' newest' : ''
            }`,
          },
          `${m.index + 1}. ${m.signal}`,
        ),
      );
    });
    g.append(
      label,
      svgEl('title', null, `${pair.from} → ${pair.to}: ${pair.list.map((m) => m.signal).join(', ')}`),
    );
    svg.append(g);
  }
  // The agents.
  names.forEach((name) => {
    const p = pos.get(name);
    const place = d.order ? d.order.indexOf(name) : -1;
    const years = d.years?.[name];
    const g = svgEl('g', { class: 'cop-agent', dataset: { player: name } });
    g.append(
      svgEl('circle', { cx: p.x, cy: p.y, r: R, class: 'cop-agent-circle' }),
      svgEl('text', { x: p.x, y: p.y + 5, class: 'cop-agent-initial' }, [...name][0]?.toUpperCase() || ''),
      svgEl('text', { x: p.x, y: p.y + R + 15, class: 'cop-agent-name' }, name),
    );
    if (place >= 0) {
      g.append(
        svgEl(
          'text',
          { x: p.x, y: p.y - R - 6, class: 'cop-agent-order' },
          `speaks ${['1st', '2nd', '3rd'][place]}`,
        ),
      );
    }
    if (years !== undefined) {
      g.append(
        svgEl(
          'text',
          { x: p.x, y: p.y + R + 30, class: 'cop-agent-years', dataset: { years: String(years) } },
          `${formatNumber(years)} years`,
        ),
      );
    }
    svg.append(g);
  });
  return svg;
}

function copDetails(d, players) {
  const out = el('div', { class: 'cop-details' });
  const phase = {
    order: 'the speaking order is drawn',
    talk: 'talking',
    announce: 'announcing',
    done: 'over',
  };
  out.append(
    el(
      'p',
      { class: 'game-phase' },
      'Phase: ',
      el('strong', null, phase[d.phase] || d.phase || ''),
      d.order ? ` · order ${d.order.join(' > ')}` : '',
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
            ),
          ),
        )
      : el('p', { class: 'notice' }, 'No message yet.'),
  );
  // Trust: row i's trust in column j.
  if (d.trust) {
    out.append(
      el('h4', null, 'Trust (row in column)'),
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
                el('td', { class: 'num' }, i === j ? '' : formatNumber(d.trust[i]?.[j] ?? 0)),
              ),
            ),
          ),
        ),
      ),
    );
  }
  if (d.announcements) {
    out.append(
      el('h4', null, 'Announcements (row says column is)'),
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

// The whole view of a node.
export function stateView(node, players) {
  const d = node.describe || {};
  const main = el('div', { class: 'game-state-main' });
  if (isCop(node)) main.append(copPicture(d, players), copDetails(d, players));
  else main.append(userDetails(d, players, node));
  return el(
    'div',
    { class: 'game-state', dataset: { node: node.node, state: node.text } },
    main,
    el(
      'aside',
      { class: 'game-state-aside' },
      el('p', { class: 'game-state-text' }, 'State: ', el('code', { id: 'game-state-text' }, node.text)),
      playedMove(node, players),
      nextMoves(node),
    ),
  );
}
