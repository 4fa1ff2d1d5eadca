// The SBUE tab (Algorithm 2): every agent's expected utility when the explained player takes the
// explained action, beside its alternatives (the same seed: common random numbers), as grouped bars
// with ± one standard error and the exact value where the engine enumerated it; the z-score variant
// on a switch; and the numbers as a table. Run asks it for the explained action picked.
import { readable, readableCell } from '../../views/numbers.js';
import { el } from '../../views/dom.js';
import { colHead, headerRow } from '../../views/table.js';
import { themePlotPalette } from '../../views/plots.js';
import { toCsv } from '../../views/export.js';
import { exportedFigure } from '../../views/figure.js';
import { numberField, fieldParams, stateParams, explainedParams } from './settings.js';
import {
  decisionBody,
  explainedControls,
  computeButton,
  resultOf,
  tabRequest,
  valueLine,
} from './explained.js';
import { sbueChart, sbueSvgText, sbueLegend, actionColour } from './bars.js';
import { errorText, exactWords } from './state-view.js';

export const SBUE_FIELDS = ['rollouts', 'alternatives', 'depth', 'seed'];

// The params of SBUE at the node, or {skip} when no player acts there.
export function sbueParams(settings, run, node) {
  if (node?.node !== 'decision') return { skip: true };
  const read = fieldParams(settings, 'sbue', SBUE_FIELDS);
  if (read.error) return read;
  return { params: { ...stateParams(settings, run), ...explainedParams(settings, node), ...read.params } };
}

const pm = (mean, se) => (typeof se === 'number' ? `${readable(mean)} ± ${errorText(se)}` : readable(mean));

export function sbueTable(r) {
  return el(
    'table',
    { class: 'data', id: 'sbue-table' },
    headerRow(
      `${r.player}'s action`,
      colHead('probability', { class: 'num' }),
      r.players.map((p) => colHead(`${p}: mean ± s.e.`, { class: 'num' })),
      r.exact?.available && r.players.map((p) => colHead(`${p}: exact`, { class: 'num' })),
    ),
    el(
      'tbody',
      null,
      (r.actions || []).map((a, k) => {
        const swatch = el('span', { class: 'game-swatch' });
        swatch.style.background = actionColour(k);
        return el(
          'tr',
          { class: a.explained ? 'optimal' : '', dataset: { action: a.label } },
          el('th', { scope: 'row' }, swatch, a.label, a.explained ? ' (explained)' : ''),
          readableCell(a.probability),
          r.players.map((_, j) => el('td', { class: 'num' }, pm(a.mean[j], a.standard_error?.[j]))),
          r.exact?.available &&
            r.players.map((_, j) =>
              Array.isArray(a.exact) ? readableCell(a.exact[j]) : el('td', { class: 'num' }, '—'),
            ),
        );
      }),
    ),
  );
}

export function sbueTab(page, settings, { node }) {
  const request = tabRequest(page, {
    key: 'sbue',
    title: 'SBUE',
    analysis: 'sbue',
    read: (run) => sbueParams(settings, run, node(run)),
  });
  const compute = request.compute;

  return {
    id: 'sbue',
    label: 'SBUE',
    lead: (run) =>
      'What an action is worth to every agent (SBUE): each agent’s expected utility when the explained player takes it, beside the player’s other actions, from simulated plays; whiskers are ± one standard error.',
    compute,
    // Who acts and which action first, then the bars, their numbers, and the settings that made them.
    render(run) {
      const catalogue = page.catalogue();
      const here = node(run);
      const out = decisionBody(settings, run, here, 'game-sbue');
      if (here?.node !== 'decision') return out;
      const busy = run.busy.sbue;
      const field = (name, label) =>
        numberField(settings, catalogue, 'sbue', name, label, { onEnter: compute });
      const controls = el(
        'div',
        { class: 'settings-controls tab-settings' },
        field('rollouts', 'k (rollouts)'),
        field('alternatives', 'alternatives'),
        field('seed', 'seed'),
        el(
          'label',
          null,
          'scale ',
          el(
            'select',
            {
              id: 'sbue-scale',
              onChange: (event) => {
                settings.scale = event.target.value;
                page.redraw();
              },
            },
            el('option', { value: 'mean', selected: settings.scale !== 'z' }, 'expected utility'),
            el('option', { value: 'z', selected: settings.scale === 'z' }, 'z-score'),
          ),
        ),
        computeButton('sbue-run', busy, compute, 'Compute SBUE'),
      );
      out.append(
        explainedControls(settings, here, { onChange: () => page.rerun(0), idPrefix: 'sbue' }),
        request.warning(),
      );
      const r = resultOf(out, run.responses.sbue, 'SBUE', 'Press Run to compute SBUE.');
      if (!r) {
        out.append(controls);
        return out;
      }
      const scale = settings.scale === 'z' ? 'z' : 'mean';
      const chart = sbueChart(r, { scale, palette: themePlotPalette(), legend: false });
      // The chart first (the answer), V beside the caption's other facts of the estimate.
      out.append(
        exportedFigure(chart, {
          caption: `Bars: the mean over k = ${r.rollouts.toLocaleString('en')} simulated plays of depth ${r.depth} (seed ${r.seed}, the same for every action); whiskers: ± 1 standard error${r.exact?.available ? '; hollow diamonds: the exact values' : ''}.`,
          basename: `${page.basename()}-sbue`,
          svgText: () => sbueSvgText(r, scale),
          width: chart.getAttribute('width'),
          height: chart.getAttribute('height'),
        }),
        valueLine(r, 'sbue-value'),
        sbueLegend(r.actions || []),
        r.exact?.available ? '' : el('p', { class: 'explain', id: 'sbue-exact-reason' }, exactWords(r.exact)),
        sbueTable(r),
        controls,
      );
      return out;
    },
    csv(run) {
      const r = run.responses.sbue?.ok && run.responses.sbue.result;
      if (!r) return null;
      const rows = [];
      for (const a of r.actions) {
        r.players.forEach((p, j) =>
          rows.push([
            a.label,
            a.explained,
            a.probability,
            p,
            a.mean[j],
            a.standard_error[j],
            a.z?.[j] ?? '',
            Array.isArray(a.exact) ? a.exact[j] : '',
          ]),
        );
      }
      return {
        suffix: 'sbue',
        text: toCsv(
          ['action', 'explained', 'probability', 'agent', 'mean', 'standard_error', 'z', 'exact'],
          rows,
        ),
      };
    },
  };
}
