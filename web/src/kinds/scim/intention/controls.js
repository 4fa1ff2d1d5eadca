// The Intention tab's controls: the policy π asked about, the oracle (Def. 13, or Def. 20 with a
// rational or the observed behaviour), and what the chosen oracle asks, in words.
import { el } from '../../../views/dom.js';
import { deterministicPolicies } from './words.js';

// The oracles the tab offers: Def. 13 and the two oracles of Def. 20.
export const ORACLES = [
  ['subjective', 'Subjective (Def. 13)'],
  ['rational', 'Behavioural, rational oracle (Def. 20, Thm. 21)'],
  ['observed', 'Behavioural, observed behaviour (Def. 20)'],
];

// The two readings of Def. 13's minimality (condition 3): no smaller fixing makes the same alternative
// as good, or any alternative (docs/analyses.md, "Two readings of minimality").
export const MINIMALITY = [
  ['same_alternative', 'the same alternative'],
  ['any_alternative', 'any alternative'],
];

// The controls for a run, or a notice saying why there is nothing to ask: {controls, query, oracle}
// or {notice}.
export function intentionControls(run, onRun) {
  const describe = run.describe;
  if (!(describe?.decisions || []).length) {
    return {
      notice: el(
        'p',
        { class: 'notice' },
        'The model has no decisions: an agent with no choice intends nothing.',
      ),
    };
  }
  const policies = deterministicPolicies(describe);
  if (!policies.length) {
    return {
      notice: el(
        'p',
        { class: 'notice' },
        'Intention (Def. 13) is asked of a deterministic policy: name one in the model under "policies".',
      ),
    };
  }
  const query = run.queries.intention?.policy ? run.queries.intention : { policy: policies[0] };
  const oracle = query.oracle || 'subjective';
  const select = el(
    'select',
    {
      id: 'intention-policy',
      'aria-label': 'Policy',
      onChange: (event) => onRun({ ...query, policy: event.target.value }),
    },
    policies.map((name) => el('option', { value: name, selected: name === query.policy }, name)),
  );
  const oracleSelect = el(
    'select',
    {
      id: 'intention-oracle',
      'aria-label': 'Oracle',
      onChange: (event) => onRun({ ...query, policy: select.value, oracle: event.target.value }),
    },
    ORACLES.map(([value, label]) => el('option', { value, selected: value === oracle }, label)),
  );
  // Def. 13's minimality, read with the same alternative or with any (the subjective oracle only).
  const minimality = query.minimality || 'same_alternative';
  const minimalitySelect = el(
    'select',
    {
      id: 'intention-minimality',
      'aria-label': 'Minimality',
      onChange: (event) =>
        onRun({ ...query, policy: select.value, oracle: oracleSelect.value, minimality: event.target.value }),
    },
    MINIMALITY.map(([value, label]) => el('option', { value, selected: value === minimality }, label)),
  );
  const controls = el(
    'div',
    { class: 'settings-controls' },
    el('label', null, 'Policy π ', select),
    el('label', null, 'Intention ', oracleSelect),
    oracle === 'subjective' && el('label', null, 'Minimal for ', minimalitySelect),
    el(
      'button',
      {
        type: 'button',
        id: 'intention-run',
        class: 'primary',
        onClick: () =>
          onRun({
            ...query,
            policy: select.value,
            oracle: oracleSelect.value,
            minimality: minimalitySelect.value,
          }),
      },
      'Find intentions',
    ),
  );
  return { controls, query, oracle };
}

// What the chosen oracle's verdicts mean.
export function oracleIntro(oracle, minimality) {
  return oracle === 'rational'
    ? el(
        'p',
        { class: 'explain' },
        'Behavioural intention with a rational oracle (Ward et al. 2024, Def. 20 and Theorem 21): the ',
        'agent follows an optimal policy and leaves π as soon as another policy is as good. An outcome is ',
        'intended if fixing it to its value under π, with as little else as possible, would make the ',
        'agent change its policy.',
      )
    : el(
        'p',
        { class: 'explain' },
        'Which outcomes does the agent intend by following π? An outcome is intended relative to an ',
        'alternative policy π̂ if fixing it to its value under π, in just the settings needed, would make ',
        'π̂ as good as π: it is part of the reason to choose π over π̂ (Ward et al. 2024, Def. 13).',
        minimality === 'any_alternative' &&
          ' Read with any alternative: no smaller fixing may make any alternative as good, which is how ' +
            'the rational oracle of Theorem 21 reads it.',
      );
}
