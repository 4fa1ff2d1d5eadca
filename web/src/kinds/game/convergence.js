// The Convergence tab (section 5.1): how SBUE and SICA settle as k grows, so a user can pick k.
// For each k, repeated estimates against a reference (the exact value where the tree is small, else
// one large run): SBUE's RMSE per agent, and SICA's mean cosine similarity with the reference (and
// over pairs of estimates, as the paper computes it). Two line plots over k; the tab asks when it
// opens (for the state and explained action picked) and when Compute is pressed.
import { el, formatNumber } from '../../views/dom.js';
import { linePlotFigure } from '../../views/figure.js';
import { toCsv } from '../../views/export.js';
import { numberField, fieldParams, stateParams, explainedParams, explainedEntry } from './settings.js';
import { actionText } from './state-view.js';
import { decisionBody, explainedControls, computeButton, resultOf, tabRequest } from './explained.js';

export const CONVERGENCE_FIELDS = ['ks', 'repeats', 'reference_rollouts', 'seed'];

export function convergenceParams(settings, run, node) {
  if (node?.node !== 'decision') return { skip: true };
  const read = fieldParams(settings, 'convergence', CONVERGENCE_FIELDS, { lists: ['ks'] });
  if (read.error) return read;
  return { params: { ...stateParams(settings, run), ...explainedParams(settings, node), ...read.params } };
}

// The plots' specs, from the reply: k as categories (the sample sizes asked for).
export function convergenceSpecs(r, slots) {
  const ks = r.points.map((p) => p.rollouts);
  const categories = ks.map((k) => k.toLocaleString('en'));
  const rmse = {
    id: 'convergence-sbue',
    title: 'SBUE: RMSE per agent',
    xLabel: 'k (rollouts)',
    yLabel: 'RMSE',
    width: 460,
    height: 260,
    categories,
    yMin: 0,
    caption: `${r.player} plays ${actionText(r.action, slots)}; over ${r.repeats} estimates per k, against the ${r.reference.exact ? 'exact value' : `reference of k = ${r.reference.rollouts}`}.`,
    series: r.players.map((p, j) => ({
      name: p,
      points: r.points.map((pt, i) => ({ x: i, y: pt.sbue_rmse[j] })),
    })),
  };
  const cosine = {
    id: 'convergence-sica',
    title: 'SICA: mean cosine similarity',
    xLabel: 'k (rollouts)',
    yLabel: 'cosine similarity',
    width: 460,
    height: 260,
    categories,
    yMax: 1,
    caption:
      'Of each estimate with the reference (solid) and over all pairs of estimates (dashed); 1 is perfect.',
    series: [
      {
        name: 'with the reference',
        points: r.points.map((pt, i) => ({
          x: i,
          y: typeof pt.sica_cosine === 'number' ? pt.sica_cosine : NaN,
        })),
      },
      {
        name: 'pairwise',
        dashed: true,
        points: r.points.map((pt, i) => ({
          x: i,
          y: typeof pt.sica_pairwise_cosine === 'number' ? pt.sica_pairwise_cosine : NaN,
        })),
      },
    ],
  };
  return [rmse, cosine];
}

export function convergenceTab(page, settings, { node }) {
  let auto = true; // whether opening the tab asks (not after the user cancelled a run)
  const request = tabRequest(page, {
    key: 'convergence',
    title: 'Convergence',
    analysis: 'convergence',
    read: (run) => convergenceParams(settings, run, node(run)),
    onOutcome: (outcome) => {
      auto = outcome !== 'cancelled';
    },
  });
  const compute = request.compute;

  return {
    id: 'convergence',
    label: 'Convergence',
    lead: 'How many simulations are enough: how far SBUE’s estimates stray from the true value (RMSE, lower is better) and how close SICA’s matrix comes to it (cosine, 1 is perfect) as the number of simulations k grows.',
    // On opening: ask for the state and action picked, unless that was asked already (or the user
    // cancelled the last run: Compute asks again).
    open(run) {
      if (!auto) return;
      const read = convergenceParams(settings, run, node(run));
      if (!read.params) return;
      if (JSON.stringify(run.queries.convergence) === JSON.stringify(read.params)) return;
      compute();
    },
    render(run) {
      const here = node(run);
      const out = decisionBody(settings, run, here, 'game-convergence');
      if (here?.node !== 'decision') return out;
      const busy = run.busy.convergence;
      const field = (name, label, size) =>
        numberField(settings, page.catalogue(), 'convergence', name, label, { onEnter: compute, size });
      out.append(
        explainedControls(settings, here, { onChange: () => page.rerun(0), idPrefix: 'convergence' }),
        el(
          'div',
          { class: 'settings-controls' },
          field('ks', 'k values', 22),
          field('repeats', 'repeats'),
          field('reference_rollouts', 'reference k'),
          computeButton('convergence-run', busy, compute),
        ),
        request.warning(),
      );
      const r = resultOf(
        out,
        run.responses.convergence,
        'convergence',
        busy ? 'Computing…' : 'Press Compute.',
      );
      if (!r) return out;
      if (r.state !== here.text) {
        out.append(el('p', { class: 'warning' }, 'These plots are of another state: press Compute.'));
      }
      const basename = `${page.basename()}-convergence`;
      out.append(
        el(
          'p',
          { class: 'explain' },
          `Reference: ${r.reference.exact ? 'the exact values' : `one run of k = ${r.reference.rollouts.toLocaleString('en')}`}` +
            ` (SBUE ${r.players.map((p, j) => `${p} ${formatNumber(r.reference.sbue[j])}`).join(', ')}).`,
        ),
        el(
          'div',
          { class: 'game-plots' },
          convergenceSpecs(r, explainedEntry(settings, here)?.slots).map((spec) =>
            linePlotFigure(spec, `${basename}-${spec.id}`),
          ),
        ),
      );
      return out;
    },
    csv(run) {
      const r = run.responses.convergence?.ok && run.responses.convergence.result;
      if (!r) return null;
      return {
        suffix: 'convergence',
        text: toCsv(
          ['k', ...r.players.map((p) => `sbue_rmse_${p}`), 'sica_cosine', 'sica_pairwise_cosine'],
          r.points.map((pt) => [
            pt.rollouts,
            ...pt.sbue_rmse,
            pt.sica_cosine ?? '',
            pt.sica_pairwise_cosine ?? '',
          ]),
        ),
      };
    },
  };
}
