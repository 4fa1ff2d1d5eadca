// The Counterfactual tab (appendix B.2): a query editor (do / don't constraints on the explained
// player's sub-actions, its slots), the weights α (similarity) and β (the player's utility), the
// minimum similarity, κ and K; the engine's best counterfactual with its SBUE beside the explained
// action's, as bars and as numbers, and every feasible action it scored. When nothing satisfies the
// query the engine says why; the page never shows the original in its place.
import { readable, readableCell } from '../../views/numbers.js';
import { el } from '../../views/dom.js';
import { colHead, headerRow } from '../../views/table.js';
import { themePlotPalette } from '../../views/plots.js';
import { toCsv } from '../../views/export.js';
import {
  numberField,
  fieldParams,
  stateParams,
  explainedParams,
  explainedEntry,
  queryParam,
} from './settings.js';
import { decisionBody, explainedControls, computeButton, resultOf, tabRequest } from './explained.js';
import { sbueChart } from './bars.js';
import { errorText } from './state-view.js';

export const COUNTERFACTUAL_FIELDS = [
  'alpha',
  'beta',
  'min_similarity',
  'kappa',
  'draws',
  'rollouts',
  'seed',
];

export function counterfactualParams(settings, run, node) {
  if (node?.node !== 'decision') return { skip: true };
  const read = fieldParams(settings, 'counterfactual', COUNTERFACTUAL_FIELDS);
  if (read.error) return read;
  return {
    params: {
      ...stateParams(settings, run),
      ...explainedParams(settings, node),
      query: queryParam(settings),
      ...read.params,
    },
  };
}

// The query's rows: slot, do / don't, choice, remove.
function queryEditor(settings, entry, redraw) {
  const slots = entry.slots;
  const rows = settings.query.map((q, i) => {
    const slot = slots.find((s) => s.name === q.slot) || slots[0];
    if (q.slot !== slot.name) {
      q.slot = slot.name;
      q.choice = String(slot.choices[0]);
    }
    if (!slot.choices.map(String).includes(String(q.choice))) q.choice = String(slot.choices[0]);
    return el(
      'li',
      { class: 'cf-constraint', dataset: { index: String(i) } },
      el(
        'select',
        {
          id: `cf-slot-${i}`,
          'aria-label': `constraint ${i + 1}: sub-action`,
          onChange: (event) => {
            q.slot = event.target.value;
            redraw();
          },
        },
        slots.map((s) => el('option', { value: s.name, selected: s.name === slot.name }, s.name)),
      ),
      el(
        'select',
        {
          id: `cf-op-${i}`,
          'aria-label': `constraint ${i + 1}: do or don't`,
          onChange: (event) => {
            q.op = event.target.value;
          },
        },
        el('option', { value: 'do', selected: q.op !== 'not' }, 'do'),
        el('option', { value: 'not', selected: q.op === 'not' }, 'don’t'),
      ),
      el(
        'select',
        {
          id: `cf-choice-${i}`,
          'aria-label': `constraint ${i + 1}: choice`,
          onChange: (event) => {
            q.choice = event.target.value;
          },
        },
        slot.choices.map((c) =>
          el('option', { value: String(c), selected: String(c) === String(q.choice) }, String(c)),
        ),
      ),
      el(
        'button',
        {
          type: 'button',
          class: 'small',
          id: `cf-remove-${i}`,
          'aria-label': `remove constraint ${i + 1}`,
          onClick: () => {
            settings.query.splice(i, 1);
            redraw();
          },
        },
        'Remove',
      ),
    );
  });
  return el(
    'div',
    { class: 'cf-query' },
    el('h4', null, 'Query: constraints on the sub-actions'),
    rows.length
      ? el('ol', { class: 'cf-constraints' }, rows)
      : el('p', { class: 'notice' }, 'No constraint: any other action.'),
    el(
      'button',
      {
        type: 'button',
        id: 'cf-add',
        onClick: () => {
          settings.query.push({ slot: slots[0].name, op: 'do', choice: String(slots[0].choices[0]) });
          redraw();
        },
      },
      'Add a constraint',
    ),
  );
}

function sbueColumn(title, id, label, sbue, players, extra) {
  return el(
    'div',
    { class: 'cf-side', id },
    el('h4', null, title),
    el('p', { class: 'cf-action' }, el('strong', null, label)),
    extra,
    el(
      'table',
      { class: 'data compact' },
      headerRow('agent', colHead('SBUE mean ± s.e.', { class: 'num' })),
      el(
        'tbody',
        null,
        players.map((p, j) =>
          el(
            'tr',
            { dataset: { player: p, mean: String(sbue.mean[j]), se: String(sbue.standard_error[j]) } },
            el('th', { scope: 'row' }, p),
            el('td', { class: 'num' }, `${readable(sbue.mean[j])} ± ${errorText(sbue.standard_error[j])}`),
          ),
        ),
      ),
    ),
  );
}

export function counterfactualTab(page, settings, { node }) {
  const request = tabRequest(page, {
    key: 'counterfactual',
    title: 'Counterfactual',
    analysis: 'counterfactual',
    read: (run) => counterfactualParams(settings, run, node(run)),
  });
  const compute = request.compute;

  return {
    id: 'counterfactual',
    label: 'What if',
    lead: 'What else the player could have done: the action most like the explained one that obeys your do / don’t conditions on its parts, and what it would be worth to every agent beside the explained action.',
    compute,
    render(run) {
      const here = node(run);
      const out = decisionBody(settings, run, here, 'game-counterfactual');
      if (here?.node !== 'decision') return out;
      const entry = explainedEntry(settings, here);
      const busy = run.busy.counterfactual;
      const field = (name, label) =>
        numberField(settings, page.catalogue(), 'counterfactual', name, label, { onEnter: compute, size: 6 });
      out.append(
        explainedControls(settings, here, { onChange: () => page.rerun(0), idPrefix: 'cf-explained' }),
        queryEditor(settings, entry, () => page.redraw()),
        el(
          'div',
          { class: 'settings-controls' },
          field('alpha', 'α (similarity)'),
          field('beta', 'β (utility)'),
          field('min_similarity', 'minimum similarity'),
          field('kappa', 'κ'),
          field('draws', 'K (draws)'),
          computeButton('cf-run', busy, compute, 'Find the counterfactual', 'Searching…'),
        ),
        request.warning(),
      );
      const r = resultOf(
        out,
        run.responses.counterfactual,
        'counterfactual',
        'Write a query and press “Find the counterfactual”: the best similar action that meets it.',
      );
      if (!r) return out;
      const query = run.queries.counterfactual?.query || [];
      out.append(
        el(
          'p',
          { class: 'explain', id: 'cf-asked' },
          `Asked: ${r.player}, ${
            query.length
              ? query
                  .map((q) => (q.do !== undefined ? `do ${q.slot} = ${q.do}` : `don’t ${q.slot} = ${q.not}`))
                  .join(', ')
              : 'any other action'
          }; ${r.draws.toLocaleString('en')} actions drawn, ${r.feasible.length} feasible.`,
        ),
      );
      const sides = el(
        'div',
        { class: 'cf-sides' },
        sbueColumn('The explained action', 'cf-original', r.explained.label, r.explained.sbue, r.players),
      );
      const best = r.counterfactual;
      if (best) {
        sides.append(
          sbueColumn(
            'The counterfactual',
            'cf-best',
            best.label,
            best.sbue,
            r.players,
            el(
              'p',
              { class: 'explain' },
              `similarity ${readable(best.similarity)}, ${r.player}'s utility ${readable(best.utility)}, ` +
                `score ${readable(best.score)}, drawn ${readable(100 * best.frequency, 2)}% of the time`,
            ),
          ),
        );
      } else {
        sides.append(
          el(
            'div',
            { class: 'cf-side', id: 'cf-none' },
            el('h4', null, 'No counterfactual'),
            el('p', { class: 'warning', id: 'cf-reason' }, r.reason || 'no drawn action satisfies the query'),
          ),
        );
      }
      out.append(sides);
      if (best) {
        const chart = {
          players: r.players,
          player: r.player,
          actions: [
            {
              label: r.explained.label,
              explained: true,
              mean: r.explained.sbue.mean,
              standard_error: r.explained.sbue.standard_error,
            },
            {
              label: best.label,
              explained: false,
              mean: best.sbue.mean,
              standard_error: best.sbue.standard_error,
            },
          ],
        };
        out.append(
          el(
            'figure',
            { class: 'plot-figure' },
            sbueChart(chart, { palette: themePlotPalette(), id: 'cf-chart' }),
          ),
        );
      }
      if (r.feasible.length) {
        out.append(
          el('h4', null, 'Feasible actions, best first'),
          el(
            'table',
            { class: 'data', id: 'cf-feasible' },
            headerRow(
              ['action', 'drawn', 'probability', 'similarity', 'utility', 'score'].map((h, i) =>
                colHead(h, { class: i ? 'num' : null }),
              ),
            ),
            el(
              'tbody',
              null,
              r.feasible
                .slice(0, 20)
                .map((c, i) =>
                  el(
                    'tr',
                    { class: i === 0 ? 'optimal' : '' },
                    el('td', null, c.label),
                    readableCell(c.frequency),
                    readableCell(c.probability),
                    readableCell(c.similarity),
                    readableCell(c.utility),
                    readableCell(c.score),
                  ),
                ),
            ),
          ),
        );
      }
      return out;
    },
    csv(run) {
      const r = run.responses.counterfactual?.ok && run.responses.counterfactual.result;
      if (!r) return null;
      return {
        suffix: 'counterfactual',
        text: toCsv(
          ['action', 'frequency', 'probability', 'similarity', 'utility', 'score'],
          r.feasible.map((c) => [c.label, c.frequency, c.probability, c.similarity, c.utility, c.score]),
        ),
      };
    },
  };
}
