// The MEG plots (MEG against ε or the variant, the likelihood L(β)), each in a figure with its
// SVG, PNG and CSV exports. They draw the engine's points; they compute none.
import { toNumber } from '../plots.js';
import { linePlotFigure } from '../figure.js';
import { megSweepCsv, megLikelihoodCsv } from './csv.js';
import { formatMeg, formatValue } from './words.js';

// A line plot in a figure, with its SVG, PNG and CSV exports.
function plotFigure(spec, basename, csv) {
  return linePlotFigure(spec, `${basename}-${spec.id.replace(/^plot-/, '')}`, csv);
}

// The likelihood curve L(β) with β* marked.
export function likelihoodPlot(response, basename) {
  if (!response?.ok) return null;
  const r = response.result;
  const points = (r.points || []).map((p) => ({ x: toNumber(p.beta), y: toNumber(p.likelihood) }));
  const finiteX = points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
  const betaStar = toNumber(r.beta_star);
  const spread = Math.max(...finiteX.map((p) => Math.abs(p.x)), 1);
  const spec = {
    id: 'plot-likelihood',
    title: 'Likelihood L(β)',
    xLabel: 'rationality β',
    yLabel: 'L(β)  [nats]',
    xScale: spread > 20 ? 'asinh' : 'linear',
    series: [{ name: 'L(β)', points: finiteX }],
    marks: [
      {
        x: betaStar,
        y: toNumber(r.likelihood_star),
        label: `β* = ${formatValue(r.beta_star, 3)}, MEG = ${formatMeg(r.likelihood_star)}`,
        labelAt: 'bottom',
      },
    ],
    caption: 'L(β) = E_π[Σ log π_β + log|A|] is concave in β; its maximum, at β*, is known-utility MEG.',
  };
  return plotFigure(spec, basename, () => megLikelihoodCsv(response));
}

export function epsilonPlot(response, query, basename) {
  if (!response?.ok) return null;
  const points = response.result.points || [];
  const series = [
    { name: 'known utility', points: points.map((p) => ({ x: toNumber(p.value), y: toNumber(p.known) })) },
  ];
  if (points.some((p) => p.unknown !== undefined)) {
    series.push({
      name: 'unknown utility',
      dashed: true,
      points: points.map((p) => ({ x: toNumber(p.value), y: toNumber(p.unknown) })),
    });
  }
  const marks = [];
  const eps = query?.agent?.kind === 'epsilon_greedy' ? query.agent.epsilon : null;
  if (typeof eps === 'number') {
    const at = points.find((p) => Math.abs(toNumber(p.value) - eps) < 1e-9);
    marks.push({ x: eps, y: at ? toNumber(at.known) : NaN, label: `agent: ε = ${formatValue(eps)}` });
  }
  return plotFigure(
    {
      id: 'plot-meg-epsilon',
      title: 'MEG of the ε-greedy agent',
      xLabel: 'ε (probability of a random action)',
      yLabel: 'MEG  [nats]',
      yMin: 0,
      series,
      marks,
      caption: 'MEG falls as the agent acts more at random; unknown-utility MEG is never below known.',
    },
    basename,
    () => megSweepCsv(response),
  );
}

export function variantPlot(response, query, basename) {
  if (!response?.ok) return null;
  const points = response.result.points || [];
  if (points.length < 2) return null;
  const names = points.map((p) => String(p.value));
  const series = [{ name: 'known utility', points: points.map((p, i) => ({ x: i, y: toNumber(p.known) })) }];
  if (points.some((p) => p.unknown !== undefined)) {
    series.push({
      name: 'unknown utility',
      dashed: true,
      points: points.map((p, i) => ({ x: i, y: toNumber(p.unknown) })),
    });
  }
  return plotFigure(
    {
      id: 'plot-meg-variant',
      title: `MEG of the agent (${query?.label || 'chosen agent'}) in each variant`,
      xLabel: 'variant',
      yLabel: 'MEG  [nats]',
      yMin: 0,
      categories: names,
      series,
      caption: 'The same agent in each variant of the world (say, a longer goal region: an easier task).',
    },
    basename,
    () => megSweepCsv(response),
  );
}
