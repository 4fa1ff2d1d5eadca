// The Goal-directedness tab of a gridworld or MDP: known- and unknown-utility MEG of the agent the
// world panel's controls chose, against their bound, with the reasons in words and the plots (MEG
// against ε and against the variant, the likelihood L(β)).
import { el } from '../../views/dom.js';
import { failureBlock } from '../../views/diagnostics.js';
import { megCard } from '../../views/meg/card.js';
import { likelihoodPlot, epsilonPlot, variantPlot } from '../../views/meg/plots.js';
import { formatValue, knownReason, unknownReason } from '../../views/meg/words.js';

// `classPicker`: the unknown-utility class's controls (utility-class.js), or null.
export function renderGoal({ run, basename, classPicker }) {
  const d = run.describe;
  const q = run.queries.goal;
  const responses = run.responses;
  const head = el(
    'p',
    { class: 'explain goal-lead' },
    'The agent measured: ',
    el('strong', { id: 'goal-agent' }, q?.label ? `the ${q.label} agent` : 'the agent'),
    q?.variant && q.variant !== 'base' ? ` in variant '${q.variant}'` : '',
    ' (pick another in the picture).',
  );
  const cards = el(
    'div',
    { class: 'meg-cards' },
    megCard('meg-known', 'Known utility', responses.meg_known, (r) => knownReason(r, d)),
    megCard('meg-unknown', 'Unknown utility', responses.meg_unknown, (r) => unknownReason(r, d)),
  );
  const plots = el(
    'div',
    { class: 'plots' },
    epsilonPlot(responses.meg_sweep_epsilon, q, basename),
    variantPlot(responses.meg_sweep_variant, q, basename),
    likelihoodPlot(responses.meg_likelihood, basename),
  );
  const failures = ['meg_sweep_epsilon', 'meg_sweep_variant', 'meg_likelihood']
    .filter((k) => responses[k] && !responses[k].ok)
    .map((k) => failureBlock(responses[k], k.replace(/_/g, ' ')));
  const estimate = responses.trajectories?.ok ? responses.trajectories.result.meg_estimate : null;
  return el(
    'div',
    { class: 'goal-tab' },
    head,
    cards,
    classPicker,
    estimate &&
      estimate.count > 1 &&
      el(
        'p',
        { class: 'explain' },
        `From ${estimate.count} sampled runs alone, known-utility MEG is estimated as ${formatValue(estimate.known)}`,
        ` ± ${formatValue(estimate.standard_error, 2)}.`,
      ),
    failures,
    plots,
  );
}
