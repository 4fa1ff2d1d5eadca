// A Q-learning agent's learning curve, from the engine's `training.curve` (the mean return of each
// window of episodes): drawn from the partial trainings while the run goes on (kinds/gridworld,
// run), then from the whole. Nothing for other agents.
import { el } from '../../views/dom.js';
import { linePlotFigure } from '../../views/figure.js';
import { toCsv } from '../../views/export.js';

export function learningCurve(run, basename) {
  const solve = run.responses.solve?.ok ? run.responses.solve.result : null;
  const partial = run.responses.training?.ok ? run.responses.training.result : null;
  const training =
    solve?.agent?.training || (run.busy || run.queries.training ? partial?.agent?.training : null);
  if (!training?.curve?.length) return null;
  const total = run.queries.goal?.agent?.episodes || training.returns.length;
  const done = training.returns.length;
  const spec = {
    id: 'learning-curve',
    title: 'Learning curve',
    xLabel: 'episodes trained',
    yLabel: 'mean return',
    width: 460,
    height: 240,
    series: [
      { name: 'mean return', points: training.curve.map((p) => ({ x: p.episodes, y: p.mean_return })) },
    ],
    caption:
      done < total
        ? `Training: ${done.toLocaleString('en')} of ${total.toLocaleString('en')} episodes so far.`
        : `The discounted return of each training episode, averaged over windows of ${Math.max(1, Math.ceil(done / 100))} (trained on ${training.trained_on.join(', ')}).`,
  };
  return el(
    'div',
    { class: 'learning', id: 'learning', dataset: { episodes: String(done) } },
    linePlotFigure(spec, `${basename}-learning-curve`, () =>
      toCsv(
        ['episodes', 'mean_return'],
        training.curve.map((p) => [p.episodes, p.mean_return]),
      ),
    ),
  );
}
