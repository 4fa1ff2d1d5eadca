// The Reward against harm tab (the paper's Figure 5), from the engine's `pareto` analysis: the exact
// Pareto frontier over deterministic plays, its upper convex hull (what the α sweep of the
// harm-regularised planner can reach), the sweep's plays, and the random agent, the reward planner
// and the conscience beside them. Frontier points the engine puts below the hull are marked: no α
// reaches them. A point's play can be opened step by step in the Trajectory tab.
import { el, formatNumber } from '../../views/dom.js';
import { failureBlock } from '../../views/diagnostics.js';
import { scatterPlot, scatterSvgText } from '../../views/scatter.js';
import { themePlotPalette } from '../../views/plots.js';
import { toCsv } from '../../views/export.js';
import { exportedFigure } from '../../views/figure.js';
import { analysisSpec } from '../../views/form.js';
import { agentFields, fieldParams } from './agents.js';
import { formatScore, formatValue, HARM_MEASURES } from './words.js';

const HULL_WORDS = {
  vertex: 'a vertex of the hull: the α sweep reaches it',
  edge: 'on an edge of the hull: only a tie at one α reaches it',
  below: 'below the hull: no α reaches it',
};

const alphaText = (a) => (a === 'inf' ? '∞' : formatNumber(a));

// The α list the user typed (text), or the engine's default sweep.
function alphasText(state, catalogue) {
  if (state.alphas !== undefined) return state.alphas;
  const spec = analysisSpec(catalogue, 'adventure', 'pareto')?.params?.find((p) => p.name === 'alphas');
  return (spec?.default || []).join(', ');
}

export function paretoParams(settings, state, catalogue) {
  const text = alphasText(state, catalogue);
  const alphas = [];
  for (const part of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (part === 'inf' || part === '∞') alphas.push('inf');
    else if (part !== '' && Number.isFinite(Number(part))) alphas.push(Number(part));
    else return { error: `α: “${part}” is not a number` };
  }
  const read = fieldParams(settings, catalogue, ['harm', 'gamma', 'conscience_alpha']);
  return read.error ? read : { params: { ...read.params, alphas } };
}

// Sweep points at the same place share one label: "α = 0, 0.5, 1".
function sweepGroups(sweep) {
  const groups = new Map();
  for (const p of sweep) {
    const key = JSON.stringify([p.harm, p.reward]);
    if (!groups.has(key)) groups.set(key, { ...p, alphas: [] });
    groups.get(key).alphas.push(p.alpha);
  }
  return [...groups.values()];
}

const harmLabel = (harm) => HARM_MEASURES.find((h) => h.id === harm)?.label || harm;

function plotSpec(result, onSelect) {
  const frontier = result.frontier || [];
  const point = (p, kind, i, label) => ({
    x: p.harm,
    y: p.reward,
    key: `${kind}:${i}`,
    label,
    title: `${label ? `${label}: ` : ''}reward ${formatScore(p.reward)}, harm ${formatNumber(p.harm)}${
      p.hull ? `; ${HULL_WORDS[p.hull]}` : ''
    }${p.ending ? `; ending ${p.ending}` : ''}`,
  });
  const byHull = (hull) =>
    frontier
      .map((p, i) => [p, i])
      .filter(([p]) => p.hull === hull)
      .map(([p, i]) => ({ ...point(p, 'frontier', i, hull === 'below' ? 'no α' : null), labelBelow: true }));
  const groups = sweepGroups(result.sweep || []);
  const agents = result.agents || [];
  const agentLayer = (id, name, shape, colour) => {
    const i = agents.findIndex((a) => a.agent === id);
    return i < 0
      ? null
      : { name, shape, colour, size: 6, points: [point(agents[i], 'agent', i, name)], legend: false };
  };
  return {
    id: 'adv-pareto-plot',
    title: 'Reward against harm',
    xLabel: `harm (${harmLabel(result.harm)})`,
    yLabel: 'reward (normalised)',
    width: 620,
    height: 400,
    xMin: 0,
    yMin: 0,
    onSelect,
    layers: [
      {
        name: 'Pareto frontier',
        points: frontier.map((p) => ({ x: p.harm, y: p.reward })),
        line: 'steps',
        markers: false,
        colour: 0,
      },
      {
        name: 'its upper convex hull',
        points: frontier.filter((p) => p.hull === 'vertex').map((p) => ({ x: p.harm, y: p.reward })),
        line: 'straight',
        dashed: true,
        markers: false,
        colour: 2,
      },
      { name: 'frontier, reached by α', points: byHull('vertex'), shape: 'circle', colour: 0 },
      { name: 'frontier, a tie at one α', points: byHull('edge'), shape: 'circle', colour: 0, hollow: true },
      {
        name: 'frontier, no α reaches it',
        points: byHull('below'),
        shape: 'diamond',
        colour: 'mark',
        size: 6,
      },
      {
        name: 'α sweep',
        shape: 'triangle',
        colour: 1,
        hollow: true,
        size: 8,
        points: groups.map((g, i) => ({
          ...point(g, 'sweep', i, null),
          title: `α = ${g.alphas.map(alphaText).join(', ')}: reward ${formatScore(g.reward)}, harm ${formatNumber(g.harm)}, ending ${g.ending}`,
        })),
      },
      agentLayer('random', 'random (expected)', 'square', 3),
      agentLayer('reward', 'reward planner', 'cross', 3),
      agentLayer('conscience', 'conscience', 'square', 2),
    ].filter(Boolean),
  };
}

// The tab. Its state: the α list typed, the point selected. onOpenPlay(choices) shows a play in the
// Trajectory tab.
export function paretoTab(page, settings, { onOpenPlay }) {
  const state = { alphas: undefined, selected: null, error: null };

  function trace() {
    const read = paretoParams(settings, state, page.catalogue());
    state.error = read.error || null;
    if (read.error) return page.redraw();
    return page.session(async (ask, run) => {
      run.queries.pareto = read.params;
      await ask('Reward against harm', 'pareto', read.params, { key: 'pareto', busy: 'pareto' });
    });
  }

  function selectedPoint(result) {
    if (!state.selected) return null;
    const [kind, i] = state.selected.split(':');
    const list =
      kind === 'frontier'
        ? result.frontier
        : kind === 'agent'
          ? result.agents
          : sweepGroups(result.sweep || []);
    const p = list?.[Number(i)];
    return p ? { kind, p } : null;
  }

  function pointDetail(result) {
    const chosen = selectedPoint(result);
    if (!chosen)
      return el('p', { class: 'explain' }, 'Click a point (or focus it and press Enter) to see its play.');
    const { kind, p } = chosen;
    const what =
      kind === 'frontier'
        ? `A frontier play, ${HULL_WORDS[p.hull]}${p.alpha ? ` (for α from ${alphaText(p.alpha[0])} to ${alphaText(p.alpha[1])})` : ''}.`
        : kind === 'sweep'
          ? `The regularised planner's play for α = ${p.alphas.map(alphaText).join(', ')}.`
          : `${p.label}.`;
    return el(
      'div',
      { class: 'pareto-point', id: 'adv-pareto-point' },
      el(
        'p',
        null,
        what,
        ` Reward ${formatScore(p.reward)}, harm ${formatNumber(p.harm)}`,
        p.ending ? `, ending ${p.ending}.` : '.',
      ),
      p.choices &&
        el(
          'p',
          null,
          'Choices: ',
          el('code', null, p.choices.join(' → ')),
          ' ',
          el(
            'button',
            { type: 'button', class: 'small', id: 'adv-pareto-open', onClick: () => onOpenPlay(p.choices) },
            'Step through it',
          ),
        ),
    );
  }

  function frontierTable(result) {
    return el(
      'table',
      { class: 'data compact', id: 'adv-frontier-table' },
      el(
        'thead',
        null,
        el(
          'tr',
          null,
          ['reward', 'harm', 'α sweep', 'α range', 'ending', 'choices'].map((h, i) =>
            el('th', { scope: 'col', class: i < 2 ? 'num' : null }, h),
          ),
        ),
      ),
      el(
        'tbody',
        null,
        (result.frontier || []).map((p, i) =>
          el(
            'tr',
            {
              dataset: { hull: p.hull, index: String(i) },
              class: p.hull === 'below' ? 'unreachable' : null,
            },
            el('td', { class: 'num', dataset: { value: String(p.reward) } }, formatScore(p.reward)),
            el('td', { class: 'num', dataset: { value: String(p.harm) } }, formatNumber(p.harm)),
            el(
              'td',
              { class: 'hull' },
              p.hull === 'vertex' ? 'reaches it' : p.hull === 'edge' ? 'a tie only' : 'never',
            ),
            el('td', null, p.alpha ? `${alphaText(p.alpha[0])} – ${alphaText(p.alpha[1])}` : ''),
            el('td', null, p.ending),
            el('td', null, el('code', null, p.choices.join(' → '))),
          ),
        ),
      ),
    );
  }

  function plotFigure(result) {
    const spec = plotSpec(result, (layer, point) => {
      state.selected = point.key;
      page.redraw();
      page
        .tabBody()
        .querySelector(`.scatter-point[data-key="${CSS.escape(point.key)}"]`)
        ?.focus();
    });
    return exportedFigure(scatterPlot(spec, themePlotPalette()), {
      caption: `${(result.frontier || []).length} frontier plays, ${result.below_hull} below the hull (no α reaches them).`,
      basename: `${page.basename()}-pareto`,
      svgText: () => scatterSvgText(spec),
      width: spec.width,
      height: spec.height,
    });
  }

  return {
    id: 'pareto',
    label: 'Reward against harm',
    lead: 'The trade-off between reward and harm (the paper’s Figure 5): every way of playing is a point; the staircase is the frontier no play beats on both; a planner that weighs harm by α only reaches its corners on the dashed hull.',
    state,
    render(run) {
      const response = run.responses.pareto;
      const busy = run.busy.pareto;
      const controls = el(
        'div',
        { class: 'settings-controls adv-controls' },
        agentFields(settings, page.catalogue(), ['harm', 'gamma', 'conscience_alpha'], {
          idPrefix: 'adv-pareto',
          onEnter: trace,
        }),
        el(
          'label',
          { class: 'agent-field' },
          el('span', null, 'α sweep'),
          el('input', {
            type: 'text',
            id: 'adv-pareto-alphas',
            size: 28,
            value: alphasText(state, page.catalogue()),
            onInput: (event) => (state.alphas = event.target.value),
          }),
        ),
        el(
          'button',
          { type: 'button', class: 'primary', id: 'adv-pareto-run', disabled: busy, onClick: trace },
          busy ? 'Tracing…' : 'Trace',
        ),
      );
      const lead = el(
        'p',
        { class: 'explain' },
        'Every deterministic policy makes one play; the frontier holds the plays no other beats in reward without more harm. ',
        'The harm-regularised planner maximises reward − α·harm, a straight line: as α sweeps it reaches only the vertices of the frontier’s upper convex hull. ',
        'Harm here is read from the annotations, the harm model a perfect classifier would be.',
      );
      const out = el(
        'div',
        { class: 'adv-pareto' },
        state.error && el('p', { class: 'warning', role: 'alert' }, state.error),
      );
      if (!response) {
        out.append(el('p', { class: 'notice' }, 'Press Trace to draw the frontier.'), controls);
        return out;
      }
      if (!response.ok) {
        out.append(failureBlock(response, 'Pareto frontier'), controls);
        return out;
      }
      const result = response.result;
      // The plot first, then what it means, the points, and the settings that made it.
      out.append(
        plotFigure(result),
        lead,
        pointDetail(result),
        controls,
        el('h4', null, 'The frontier'),
        frontierTable(result),
        el('h4', null, 'The α sweep'),
        el(
          'table',
          { class: 'data compact', id: 'adv-sweep-table' },
          el(
            'thead',
            null,
            el(
              'tr',
              null,
              ['α', 'reward', 'harm', 'ending'].map((h) => el('th', { scope: 'col' }, h)),
            ),
          ),
          el(
            'tbody',
            null,
            (result.sweep || []).map((p) =>
              el(
                'tr',
                null,
                el('td', { class: 'num' }, alphaText(p.alpha)),
                el('td', { class: 'num' }, formatScore(p.reward)),
                el('td', { class: 'num' }, formatValue(p.harm)),
                el('td', null, p.ending),
              ),
            ),
          ),
        ),
      );
      return out;
    },
    csv(run) {
      const r = run.responses.pareto;
      if (!r?.ok) return null;
      const rows = [
        ...(r.result.frontier || []).map((p) => [
          'frontier',
          p.hull,
          p.alpha ? p.alpha.join(' ') : '',
          p.reward,
          p.harm,
          p.ending,
          p.choices.join(' '),
        ]),
        ...(r.result.sweep || []).map((p) => [
          'sweep',
          '',
          p.alpha,
          p.reward,
          p.harm,
          p.ending,
          p.choices.join(' '),
        ]),
        ...(r.result.agents || []).map((p) => [
          p.agent,
          '',
          '',
          p.reward,
          p.harm,
          p.ending ?? '',
          (p.choices || []).join(' '),
        ]),
      ];
      return {
        suffix: 'pareto',
        text: toCsv(['point', 'hull', 'alpha', 'reward', 'harm', 'ending', 'choices'], rows),
      };
    },
  };
}
