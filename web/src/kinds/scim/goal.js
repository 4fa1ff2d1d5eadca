// The Goal-directedness tab of a SCIM: MEG (MacDermott et al. 2024) of a named policy, for the
// model's utility (known) or for every utility of chosen target variables (unknown), with the
// maximum-entropy policy beside the policy's own and, for known utility, the likelihood L(β).
import { el } from '../../views/dom.js';
import { colHead, headerRow } from '../../views/table.js';
import { megCard } from '../../views/meg/card.js';
import { likelihoodPlot } from '../../views/meg/plots.js';
import { formatMeg, formatValue, knownReason, unknownReason } from '../../views/meg/words.js';
import { megLikelihoodCsv } from '../../views/meg/csv.js';
import { pickSettingsPolicy } from './words.js';

export function goalTab(page) {
  // The query asked last, kept across runs (the next model may have the same policy).
  let lastQuery = null;

  // Asks MEG of the query's policy (and L(β) for known utility).
  function measure(query) {
    return page.session(async (ask, run) => {
      const names = (run.describe.policies || []).map((p) => p.name);
      const previous = query || run.queries.goal || lastQuery;
      const q = {
        policy:
          previous?.policy && names.includes(previous.policy)
            ? previous.policy
            : pickSettingsPolicy(run.describe, run.responses.optimal_policies, null),
        utility: previous?.utility === 'unknown' ? 'unknown' : 'known',
        targets: previous?.targets || [],
      };
      run.queries.goal = q;
      lastQuery = q;
      run.responses.meg = undefined;
      run.responses.meg_likelihood = undefined;
      if (!q.policy) return;
      const params = { policy: q.policy, utility: q.utility };
      if (q.utility === 'unknown') params.targets = q.targets;
      await ask('Goal-directedness', 'meg', params, { key: 'meg', busy: 'goal' });
      if (q.utility !== 'known') return;
      await ask('The likelihood L(β)', 'meg_likelihood', { policy: q.policy }, { key: 'meg_likelihood' });
    });
  }

  return {
    id: 'goal',
    label: 'Goal-directedness',
    lead: 'How goal-directed a policy is (MEG): how much better its choices are predicted by assuming it pursues the utility than by chance, from 0 (no better) to the bound (as predictable as can be).',
    render: (run) => renderScimGoal({ run, basename: page.basename(), onScim: measure }),
    // The tab measures the chosen (or an optimal) policy when it opens.
    open(run) {
      if ((run.describe?.decisions || []).length && !run.queries.goal) measure();
    },
    csv: (run) =>
      run.responses.meg_likelihood?.ok && {
        suffix: 'likelihood',
        text: megLikelihoodCsv(run.responses.meg_likelihood),
      },
  };
}

// The SCIM form: a named policy, known utility or the utility functions of chosen target variables.
function renderScimGoal({ run, basename, onScim }) {
  const d = run.describe;
  const policies = (d.policies || []).map((p) => p.name);
  const query = run.queries.goal || {};
  if (!(d.decisions || []).length) {
    return el('p', { class: 'notice' }, 'The model has no decisions: there is no behaviour to measure.');
  }
  if (!policies.length) {
    return el(
      'p',
      { class: 'notice' },
      'Name a policy in the model ("policies") to measure how goal-directed it is.',
    );
  }
  const policy = el(
    'select',
    { id: 'meg-policy', 'aria-label': 'Policy' },
    policies.map((n) => el('option', { value: n, selected: n === query.policy }, n)),
  );
  const utility = el(
    'select',
    { id: 'meg-utility', 'aria-label': 'Utility' },
    el('option', { value: 'known', selected: query.utility !== 'unknown' }, 'the model’s utility (known)'),
    el(
      'option',
      { value: 'unknown', selected: query.utility === 'unknown' },
      'any utility of target variables (unknown)',
    ),
  );
  const candidates = (d.variables || []).filter((v) => v.type !== 'utility').map((v) => v.name);
  const chosen = new Set(query.targets || []);
  const targets = el(
    'fieldset',
    { class: 'meg-targets', id: 'meg-targets', hidden: query.utility !== 'unknown' },
    el('legend', null, 'Target variables'),
    candidates.map((name) =>
      el(
        'label',
        null,
        el('input', { type: 'checkbox', value: name, checked: chosen.has(name) }),
        ` ${name}`,
      ),
    ),
  );
  utility.addEventListener('change', () => (targets.hidden = utility.value !== 'unknown'));
  const measure = el(
    'button',
    {
      type: 'button',
      class: 'primary small',
      id: 'meg-run',
      disabled: run.busy.goal,
      onClick: () => {
        const picked = [...targets.querySelectorAll('input:checked')].map((i) => i.value);
        onScim?.({ policy: policy.value, utility: utility.value, targets: picked });
      },
    },
    run.busy.goal ? 'Measuring…' : 'Measure',
  );
  policy.addEventListener('change', () => measure.click());
  const controls = el(
    'div',
    { class: 'settings-controls meg-controls' },
    el('label', null, 'Policy ', policy),
    el('label', null, 'Utility ', utility),
    measure,
    targets,
  );
  const response = run.responses.meg;
  const unknown = query.utility === 'unknown';
  const title = unknown
    ? `Unknown utility (targets ${(query.targets || []).join(', ') || 'none'})`
    : 'Known utility';
  const card =
    response || run.busy.goal
      ? megCard(unknown ? 'meg-unknown' : 'meg-known', title, response, (r) =>
          unknown ? unknownReason(r, d, query.targets) : knownReason(r, d, `Policy '${query.policy}': its`),
        )
      : el('p', { class: 'notice' }, 'Press Measure.');
  return el(
    'div',
    { class: 'goal-tab' },
    el(
      'p',
      { class: 'explain goal-lead' },
      'MEG: how much better than uniform the best maximum-entropy policy for a utility predicts the',
      ' policy’s decisions (MacDermott et al. 2024).',
    ),
    controls,
    el('div', { class: 'meg-cards' }, card),
    response?.ok && maxentTable(response.result),
    response?.ok && unknown && inferredTable(response.result),
    el('div', { class: 'plots' }, !unknown && likelihoodPlot(run.responses.meg_likelihood, basename)),
  );
}

// The maximum-entropy policy of a SCIM beside the policy's own: per decision and observation the
// probability of each action (the engine gives both as {decision: [{observation, probabilities}]}),
// with each decision's contribution to MEG.
function maxentTable(r) {
  const decisions = r.decisions || Object.keys(r.maxent_policy || {});
  if (!decisions.length || !r.maxent_policy) return null;
  const observationText = (o) =>
    Object.entries(o || {})
      .map(([k, v]) => `${k} = ${v}`)
      .join(', ') || 'nothing observed';
  const body = [];
  decisions.forEach((decision, k) => {
    const maxentRows = r.maxent_policy[decision] || [];
    const agentRows = r.agent_policy?.[decision] || [];
    maxentRows.forEach((row, i) => {
      const actions = Object.keys(row.probabilities || {});
      const mine = agentRows[i]?.probabilities || {};
      actions.forEach((action, a) => {
        body.push(
          el(
            'tr',
            { dataset: { vars: decision }, class: a === 0 ? 'group-start' : null },
            el('td', null, a === 0 ? decision : ''),
            el('td', null, a === 0 ? observationText(row.observation) : ''),
            el('td', null, action),
            el('td', { class: 'num' }, formatValue(mine[action])),
            el('td', { class: 'num' }, formatValue(row.probabilities[action])),
            el(
              'td',
              { class: 'num' },
              i === 0 && a === 0 && r.contributions?.[k] !== undefined ? formatMeg(r.contributions[k]) : '',
            ),
          ),
        );
      });
    });
  });
  return el(
    'div',
    { class: 'table-wrap' },
    el(
      'h3',
      { class: 'meg-subhead' },
      `Maximum-entropy policy at β* = ${formatValue(r.beta)}, beside the policy`,
    ),
    el(
      'table',
      { class: 'data', id: 'maxent-table' },
      headerRow(
        'decision',
        'observation',
        'action',
        colHead(`'${r.policy ?? 'policy'}'`, { class: 'num' }),
        colHead('max-ent', { class: 'num' }),
        colHead('MEG contribution', { class: 'num' }),
      ),
      el('tbody', null, body),
    ),
  );
}

// Unknown-utility MEG of a SCIM: the utility of each outcome of the targets that fits best.
function inferredTable(r) {
  const rows = r.inferred_utility || [];
  const targets = r.targets || [];
  if (!rows.length || !targets.length) return null;
  return el(
    'div',
    { class: 'table-wrap' },
    el('h3', { class: 'meg-subhead' }, 'Inferred utility of the targets'),
    el(
      'table',
      { class: 'data', id: 'inferred-table' },
      headerRow(
        targets.map((t) => colHead(t, { dataset: { vars: t } })),
        colHead('utility', { class: 'num' }),
      ),
      el(
        'tbody',
        null,
        rows.map((row) =>
          el(
            'tr',
            null,
            targets.map((t) => el('td', null, String(row.values?.[t] ?? ''))),
            el('td', { class: 'num' }, formatValue(row.utility)),
          ),
        ),
      ),
    ),
  );
}
