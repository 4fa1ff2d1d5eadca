// The Payoffs & tree tab: OpenSpiel's two views of a small game, from the engine (`payoff_table`,
// `game_tree`). The payoff table of the players acting at the state (two: a bimatrix, rows for the
// first, columns for the second; one or more than two: a row per joint action), every player's exact
// expected utility in each cell; and the game tree below the state drawn from left to right: chance
// nodes round, a player's decisions square in its colour, leaves with the players' returns, each
// branch with its action and probability, and the nodes a player cannot tell apart (an information
// set) joined by a dashed line. Games too large for either say so. The view lays out; it computes
// nothing about the game.
import { el, svgEl } from '../../views/dom.js';
import { colHead, headerRow } from '../../views/table.js';
import { readable, readableCell } from '../../views/numbers.js';
import { toCsv } from '../../views/export.js';
import { stateParams } from './settings.js';
import { atLine, computeButton } from './explained.js';
import { failureBlock } from '../../views/diagnostics.js';

const PLAYER_COLOURS = [
  '#2b6cb0',
  '#c05621',
  '#2f855a',
  '#6b46c1',
  '#b83280',
  '#0f766e',
  '#b7791f',
  '#4a5568',
];

const payoffsText = (values) => values.map((v) => readable(v)).join(', ');

// The payoff table of a reply.
export function payoffTable(r) {
  const players = r.players || [];
  const swatches = el(
    'p',
    { class: 'explain payoff-key' },
    'Each cell: the expected utility of ',
    players.map((p, i) => [
      i ? ', ' : '',
      el('span', { class: 'payoff-player', style: `color:${PLAYER_COLOURS[i % 8]}` }, p),
    ]),
    ', in that order, when the acting players choose the row and column; the rest of the game follows the policies.',
  );
  const cellText = (cell) =>
    el(
      'span',
      { class: 'payoff-cell' },
      cell.expected.map((v, i) => [
        i ? ', ' : '',
        el('span', { style: `color:${PLAYER_COLOURS[i % 8]}`, title: String(v) }, readable(v)),
      ]),
    );
  const probability = (a, k) =>
    Array.isArray(r.probabilities?.[a]) ? ` (${readable(r.probabilities[a][k], 2)})` : '';
  if (r.acting.length === 2) {
    const [rows, cols] = r.actions;
    const byIndex = new Map(r.cells.map((c) => [c.actions.join(','), c]));
    return el(
      'div',
      { class: 'payoff' },
      swatches,
      el(
        'table',
        { class: 'data payoff-matrix', id: 'payoff-table' },
        headerRow(
          colHead(`${r.acting[0]} ↓  ${r.acting[1]} →`, { class: 'payoff-corner' }),
          cols.map((c, k) => `${c}${probability(1, k)}`),
        ),
        el(
          'tbody',
          null,
          rows.map((row, i) =>
            el(
              'tr',
              null,
              el('th', { scope: 'row' }, `${row}${probability(0, i)}`),
              cols.map((_, j) =>
                el('td', { dataset: { cell: `${i},${j}` } }, cellText(byIndex.get(`${i},${j}`))),
              ),
            ),
          ),
        ),
      ),
      el('p', { class: 'explain' }, 'In brackets: how likely each player’s policy is to choose it.'),
    );
  }
  return el(
    'div',
    { class: 'payoff' },
    swatches,
    el(
      'table',
      { class: 'data payoff-list', id: 'payoff-table' },
      headerRow(
        r.acting,
        players.map((p, i) => colHead(p, { class: 'num', style: `color:${PLAYER_COLOURS[i % 8]}` })),
      ),
      el(
        'tbody',
        null,
        r.cells.map((c) =>
          el(
            'tr',
            null,
            c.actions.map((k, a) => el('td', null, `${r.actions[a][k]}${probability(a, k)}`)),
            c.expected.map((v) => readableCell(v)),
          ),
        ),
      ),
    ),
  );
}

// The tree's layout: depth to the right, leaves one under another in order, a parent in the middle of
// its children.
export function layoutTree(nodes) {
  const children = new Map(nodes.map((n) => [n.id, []]));
  for (const n of nodes) if (n.parent >= 0) children.get(n.parent)?.push(n.id);
  const y = new Map();
  let leaf = 0;
  // Depth first in the reply's order (a parent before its children): place bottom-up from the end.
  const order = nodes.map((n) => n.id);
  for (const id of order) if (!children.get(id).length) y.set(id, leaf++);
  for (let i = order.length - 1; i >= 0; i--) {
    const kids = children.get(order[i]);
    if (kids.length) y.set(order[i], (y.get(kids[0]) + y.get(kids[kids.length - 1])) / 2);
  }
  return { y, children, leaves: leaf, depth: Math.max(0, ...nodes.map((n) => n.depth)) };
}

export function treeSvg(r) {
  const nodes = r.nodes || [];
  const { y, leaves, depth } = layoutTree(nodes);
  const COL = 128;
  const ROW = 30;
  const left = 22;
  const top = 18;
  const returnsW =
    16 + 8 * Math.max(...nodes.filter((n) => n.returns).map((n) => payoffsText(n.returns).length), 4);
  const width = left + depth * COL + returnsW;
  const height = top + Math.max(1, leaves) * ROW + 6;
  const px = (n) => left + n.depth * COL;
  const py = (n) => top + y.get(n.id) * ROW;
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const players = r.players || [];
  const colour = (name) => PLAYER_COLOURS[Math.max(0, players.indexOf(name)) % 8];
  const svg = svgEl('svg', {
    xmlns: 'http://www.w3.org/2000/svg',
    class: 'game-tree',
    id: 'game-tree',
    viewBox: `0 0 ${width} ${height}`,
    width,
    height,
    role: 'img',
    'aria-label': `the game tree: ${nodes.length} positions, ${leaves} ends`,
    'font-family': 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  });
  // Information sets of more than one node: a dashed line through them.
  for (const set of r.information_sets || []) {
    if (set.nodes.length < 2) continue;
    const members = set.nodes.map((id) => byId.get(id)).filter(Boolean);
    const ys = members.map(py);
    svg.append(
      svgEl('line', {
        x1: px(members[0]),
        x2: px(members[0]),
        y1: Math.min(...ys),
        y2: Math.max(...ys),
        class: 'tree-infoset',
        stroke: colour(set.player),
        dataset: { set: String(set.id) },
      }),
    );
  }
  for (const n of nodes) {
    if (n.parent < 0) continue;
    const p = byId.get(n.parent);
    const x1 = px(p);
    const y1 = py(p);
    const x2 = px(n);
    const y2 = py(n);
    const mx = (x1 + x2) / 2;
    svg.append(
      svgEl('path', { d: `M${x1},${y1} C${mx},${y1} ${mx},${y2} ${x2},${y2}`, class: 'tree-edge' }),
      svgEl(
        'text',
        { x: x2 - 8, y: y2 - 5, class: 'tree-edge-label' },
        `${n.edge}${typeof n.probability === 'number' ? ` ${readable(n.probability, 2)}` : ''}`,
      ),
    );
  }
  for (const n of nodes) {
    const x = px(n);
    const yy = py(n);
    const g = svgEl('g', { class: `tree-node tree-${n.type}`, dataset: { id: String(n.id), type: n.type } });
    if (n.type === 'chance') {
      g.append(
        svgEl('circle', { cx: x, cy: yy, r: 8, class: 'tree-chance' }),
        svgEl('title', null, 'chance'),
      );
    } else if (n.type === 'decision') {
      g.append(
        svgEl('rect', {
          x: x - 8,
          y: yy - 8,
          width: 16,
          height: 16,
          rx: 2,
          fill: colour(n.player),
          class: 'tree-decision',
        }),
        svgEl('text', { x, y: yy + 4, class: 'tree-initial' }, [...n.player][0]?.toUpperCase() || ''),
        svgEl(
          'title',
          null,
          `${n.player} chooses${n.information_set !== undefined ? ` (information set ${n.information_set})` : ''}`,
        ),
      );
    } else {
      g.append(
        svgEl('circle', { cx: x, cy: yy, r: 3, class: 'tree-leaf' }),
        svgEl(
          'text',
          { x: x + 8, y: yy + 4, class: 'tree-returns', dataset: { returns: JSON.stringify(n.returns) } },
          (n.returns || []).map((v, i) => [
            i ? svgEl('tspan', { class: 'tree-sep' }, ', ') : '',
            svgEl('tspan', { fill: colour(players[i]) }, readable(v)),
          ]),
        ),
        svgEl('title', null, `returns: ${players.map((p, i) => `${p} ${n.returns?.[i]}`).join(', ')}`),
      );
    }
    svg.append(g);
  }
  return svg;
}

export function treeTab(page, settings, { node }) {
  let askedFor = null;
  async function compute() {
    const run = page.run();
    if (!run || run.describe?.builtin) return;
    const state = stateParams(settings, run);
    askedFor = JSON.stringify(state);
    await page.session(async (ask, session) => {
      session.queries.game_tree = state;
      const here = node(session);
      if (here?.node === 'decision') {
        await ask('The payoff table', 'payoff_table', state, { key: 'payoff_table', busy: 'tree' });
      } else session.responses.payoff_table = undefined;
      await ask('The game tree', 'game_tree', state, { key: 'game_tree', busy: 'tree' });
    });
  }

  return {
    id: 'tree',
    label: 'Payoffs',
    lead: 'The game as game theory draws it: the payoff table of the players choosing now (what each choice is worth to everyone) and the tree of every way the game can go on from here, with the chances and the policies’ probabilities.',
    render(run) {
      const out = el('div', { class: 'game-tree-tab' }, atLine(settings, run, node(run)));
      if (run.describe?.builtin) {
        out.append(
          el(
            'p',
            { class: 'notice', id: 'tree-too-large' },
            'This game is far too large to draw as a tree or a table: SBUE, SICA and the probable actions explain it by simulation instead.',
          ),
        );
        return out;
      }
      out.append(computeButton('tree-run', run.busy.tree, compute, 'Draw for this state'));
      const table = run.responses.payoff_table;
      const tree = run.responses.game_tree;
      if (!table && !tree) {
        out.append(el('p', { class: 'notice' }, 'Drawing…'));
        return out;
      }
      out.append(el('h4', null, 'Payoff table'));
      if (table?.ok) out.append(payoffTable(table.result));
      else if (table) out.append(failureBlock(table, 'the payoff table'));
      else
        out.append(
          el(
            'p',
            { class: 'notice', id: 'payoff-none' },
            'No one chooses at this state (chance moves, or the game is over): pick a state where players act.',
          ),
        );
      out.append(el('h4', null, 'Game tree'));
      if (tree?.ok) {
        out.append(
          el(
            'p',
            { class: 'explain' },
            '○ chance, ■ a player’s choice (its initial, in its colour), • an end with every player’s return. A dashed line joins the positions a player cannot tell apart: it must choose the same way at all of them.',
          ),
          el('div', { class: 'tree-scroll' }, treeSvg(tree.result)),
        );
      } else if (tree) out.append(failureBlock(tree, 'the game tree'));
      return out;
    },
    open(run) {
      if (!run.describe?.builtin && askedFor !== JSON.stringify(stateParams(settings, run))) compute();
    },
    csv(run) {
      const r = run.responses.payoff_table?.ok && run.responses.payoff_table.result;
      if (!r) return null;
      return {
        suffix: 'payoff-table',
        text: toCsv(
          [...r.acting, ...r.players.map((p) => `expected ${p}`)],
          r.cells.map((c) => [...c.actions.map((k, a) => r.actions[a][k]), ...c.expected]),
        ),
      };
    },
  };
}
