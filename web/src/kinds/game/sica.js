// The SICA tab (Algorithm 3): the correlation of the agents' utilities over k simulations at the
// state, as a heatmap with its legend, the exact matrix beside it where the engine could enumerate
// the tree (else its reason), and each cell's standard error (the delta method over rollouts). Run asks
// it; the Compute button asks again with the k typed.
import { el } from '../../views/dom.js';
import { colHead, headerRow } from '../../views/table.js';
import { readableCell } from '../../views/numbers.js';
import { exactWords } from './state-view.js';
import { toCsv } from '../../views/export.js';
import { numberField, fieldParams, stateParams } from './settings.js';
import { atLine, computeButton, resultOf, tabRequest, valueLine } from './explained.js';
import { heatmap, heatmapLegend } from './heatmap.js';

export const SICA_FIELDS = ['rollouts', 'depth', 'seed'];

export function sicaParams(settings, run) {
  const read = fieldParams(settings, 'sica', SICA_FIELDS);
  return read.error ? read : { params: { ...stateParams(settings, run), ...read.params } };
}

export function sicaTab(page, settings, { node }) {
  const request = tabRequest(page, {
    key: 'sica',
    title: 'SICA',
    analysis: 'sica',
    read: (run) => sicaParams(settings, run),
  });
  const compute = request.compute;

  return {
    id: 'sica',
    label: 'SICA',
    lead: 'Who shares whose interests: how the agents’ utilities move together over many simulated plays from here. +1 (blue): they gain together; −1 (red): one gains what the other loses.',
    compute,
    // The matrix first, then its numbers and the settings that made it.
    render(run) {
      const catalogue = page.catalogue();
      const busy = run.busy.sica;
      const field = (name, label) =>
        numberField(settings, catalogue, 'sica', name, label, { onEnter: compute });
      const controls = el(
        'div',
        { class: 'settings-controls tab-settings' },
        field('rollouts', 'k (rollouts)'),
        field('depth', 'depth d'),
        field('seed', 'seed'),
        computeButton('sica-run', busy, compute, 'Compute SICA'),
      );
      const out = el('div', { class: 'game-sica' }, atLine(settings, run, node(run)), request.warning());
      const r = resultOf(out, run.responses.sica, 'SICA', 'Press Run to compute SICA.');
      if (!r) {
        out.append(controls);
        return out;
      }
      const maps = el(
        'div',
        { class: 'sica-maps' },
        heatmap(r, { id: 'sica-heatmap', title: `sampled (k = ${r.rollouts.toLocaleString('en')})` }),
      );
      if (r.exact?.available) {
        maps.append(
          heatmap(
            { players: r.players, correlation: r.exact.correlation, undefined: r.exact.undefined },
            {
              id: 'sica-exact',
              title: `exact (every play: ${r.exact.nodes.toLocaleString('en')} position${r.exact.nodes === 1 ? '' : 's'})`,
            },
          ),
        );
      }
      out.append(
        maps,
        heatmapLegend(),
        valueLine(r, 'sica-value'),
        el(
          'p',
          { class: 'explain' },
          `From k = ${r.rollouts.toLocaleString('en')} simulated plays of depth ${r.depth} (seed ${r.seed}); ` +
            'the small number under each correlation is its standard error. A cell is undefined when a utility never varies. ',
          r.exact?.available ? '' : el('span', { id: 'sica-exact-reason' }, exactWords(r.exact)),
        ),
      );
      // Each agent's mean utility, sampled and exact.
      out.append(
        el(
          'table',
          { class: 'data', id: 'sica-means' },
          headerRow(
            'agent',
            colHead('mean utility', { class: 'num' }),
            r.exact?.available && colHead('exact', { class: 'num' }),
          ),
          el(
            'tbody',
            null,
            r.players.map((p, i) =>
              el(
                'tr',
                null,
                el('th', { scope: 'row' }, p),
                readableCell(r.mean[i]),
                r.exact?.available && readableCell(r.exact.mean[i]),
              ),
            ),
          ),
        ),
        controls,
      );
      return out;
    },
    csv(run) {
      const r = run.responses.sica?.ok && run.responses.sica.result;
      if (!r) return null;
      const rows = [];
      r.players.forEach((a, i) =>
        r.players.forEach((b, j) => {
          rows.push([
            a,
            b,
            r.correlation[i][j] ?? '',
            r.standard_error?.[i]?.[j] ?? '',
            r.undefined[i][j] ?? '',
            r.exact?.available ? (r.exact.correlation[i][j] ?? '') : '',
          ]);
        }),
      );
      return {
        suffix: 'sica',
        text: toCsv(['agent', 'with', 'correlation', 'standard_error', 'undefined', 'exact'], rows),
      };
    },
  };
}
