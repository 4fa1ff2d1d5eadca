// An MDP without a map drawn as its state graph, from describe's `transitions`: states as circles
// (the start ringed, terminal states double-ringed), each action a state takes as a small dot beside
// it labelled with the action and its utility r(s, a), and arrows from the dot to the states it may
// lead to, labelled with their probability when below 1 (Sutton and Barto's transition graphs). With
// the agent's policy (solve's reply), the arrow into each action is as thick as the agent's
// probability of taking it. Laid out by dagre, left to right; the view draws describe and solve.
import { Graph, layout as layeredLayout } from '@dagrejs/dagre';
import { el, svgEl, clear } from '../../views/dom.js';
import { readable } from '../../views/numbers.js';

const STATE_R = 26;
const ACTION_R = 5;

export function layoutMdp(describe) {
  const states = describe.states || [];
  const actions = describe.actions || [];
  const g = new Graph({ multigraph: true });
  g.setGraph({ rankdir: 'LR', nodesep: 26, ranksep: 46, edgesep: 12 });
  g.setDefaultEdgeLabel(() => ({}));
  states.forEach((s, i) => g.setNode(`s${i}`, { width: 2 * STATE_R + 8, height: 2 * STATE_R + 8 }));
  const pairs = [];
  for (const t of describe.transitions || []) {
    const id = `a${t.state}_${t.action}`;
    const label = `${actions[t.action]} (${readable(t.utility)})`;
    g.setNode(id, { width: Math.max(16, 6.4 * label.length), height: 26 });
    g.setEdge(`s${t.state}`, id, {}, `${id}-in`);
    for (const to of t.to) g.setEdge(id, `s${to.state}`, {}, `${id}-${to.state}`);
    pairs.push({ ...t, id, label });
  }
  layeredLayout(g);
  let maxX = 0;
  let maxY = 0;
  for (const v of g.nodes()) {
    const n = g.node(v);
    maxX = Math.max(maxX, n.x + n.width / 2);
    maxY = Math.max(maxY, n.y + n.height / 2);
  }
  return { g, pairs, width: maxX + 20, height: maxY + 20 };
}

// policy: per state, the agent's probability of each action (or null).
export function drawMdp(describe, policy) {
  const { g, pairs, width, height } = layoutMdp(describe);
  const states = describe.states || [];
  const svg = svgEl('svg', {
    xmlns: 'http://www.w3.org/2000/svg',
    class: 'mdp-graph',
    id: 'mdp-graph',
    viewBox: `-10 -10 ${width} ${height}`,
    width,
    height,
    role: 'img',
    'aria-label': `state graph: ${states.length} states, ${pairs.length} state-action pairs`,
    'font-family': 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  });
  svg.append(
    svgEl(
      'defs',
      null,
      svgEl(
        'marker',
        {
          id: 'mdp-arrow',
          viewBox: '0 0 10 10',
          refX: 9,
          refY: 5,
          markerWidth: 7,
          markerHeight: 7,
          orient: 'auto-start-reverse',
        },
        svgEl('path', { d: 'M0,0L10,5L0,10z', class: 'mdp-arrowhead' }),
      ),
    ),
  );
  const path = (points) => `M${points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' L')}`;
  for (const t of pairs) {
    const into = g.edge(`s${t.state}`, t.id, `${t.id}-in`);
    const p = policy?.[t.state]?.[t.action];
    svg.append(
      svgEl('path', {
        d: path(into.points),
        class: `mdp-take${typeof p === 'number' ? (p > 0.001 ? ' chosen' : ' unchosen') : ''}`,
        'stroke-width': typeof p === 'number' ? (1 + 5 * p).toFixed(2) : 1.5,
        dataset: { state: String(t.state), action: String(t.action), probability: String(p ?? '') },
      }),
    );
    for (const to of t.to) {
      const e = g.edge(t.id, `s${to.state}`, `${t.id}-${to.state}`);
      const mid = e.points[Math.floor(e.points.length / 2)];
      svg.append(svgEl('path', { d: path(e.points), class: 'mdp-lead', 'marker-end': 'url(#mdp-arrow)' }));
      if (to.probability < 1) {
        svg.append(
          svgEl(
            'text',
            { x: mid.x, y: mid.y - 4, class: 'mdp-probability mdp-halo' },
            readable(to.probability, 2),
          ),
          svgEl('text', { x: mid.x, y: mid.y - 4, class: 'mdp-probability' }, readable(to.probability, 2)),
        );
      }
    }
    const n = g.node(t.id);
    svg.append(
      svgEl('circle', { cx: n.x, cy: n.y - 6, r: ACTION_R, class: 'mdp-action' }),
      svgEl('text', { x: n.x, y: n.y + 11, class: 'mdp-action-label mdp-halo' }, t.label),
      svgEl('text', { x: n.x, y: n.y + 11, class: 'mdp-action-label' }, t.label),
    );
  }
  states.forEach((s, i) => {
    const n = g.node(`s${i}`);
    const start = (describe.start || [])[i] > 0;
    const group = svgEl('g', {
      class: `mdp-state${s.terminal ? ' terminal' : ''}${start ? ' start' : ''}`,
      dataset: { state: s.name },
    });
    if (s.terminal)
      group.append(svgEl('circle', { cx: n.x, cy: n.y, r: STATE_R + 4, class: 'mdp-state-ring' }));
    group.append(
      svgEl('circle', { cx: n.x, cy: n.y, r: STATE_R, class: 'mdp-state-circle' }),
      svgEl('text', { x: n.x, y: n.y + 4, class: 'mdp-state-name' }, s.name),
      svgEl('title', null, `${s.name}${start ? ' (start)' : ''}${s.terminal ? ' (terminal)' : ''}`),
    );
    svg.append(group);
  });
  return svg;
}

// The world panel's picture of an MDP: the graph, or why there is none.
export function mdpPicture(host, describe, policy) {
  clear(host);
  if (!describe.transitions) {
    host.append(
      el(
        'p',
        { class: 'explain' },
        `An MDP with ${(describe.states || []).length} states and ${(describe.actions || []).length} actions: too many transitions to draw; its values and policies are in the Policy & values tab.`,
      ),
    );
    return;
  }
  host.append(
    drawMdp(describe, policy),
    el(
      'p',
      { class: 'explain mdp-key' },
      'Circles: states (the start ringed thick, terminal states double). Dots: the actions a state can take, with their utility; arrows: where they lead, with the probability. ',
      policy ? 'The thicker the line into an action, the likelier the agent takes it.' : '',
    ),
  );
}
