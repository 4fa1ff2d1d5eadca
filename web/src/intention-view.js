// The Intention tab: which outcomes the agent intends by following a deterministic policy π
// (Ward et al. 2024, Def. 13), as the engine's "intention" analysis reports them. Every verdict is
// explained in words from its witness: the alternative π̂, the variables fixed to their π-values in
// which settings, and the two sides of Eq. 2. The view only words the engine's JSON; it decides
// nothing itself.
import { el, settingHeaderCells, formatNumber, formatOutcome } from './dom.js';
import { renderObserved, observedMarks } from './behaviour-view.js';

export const INTENTION_ROWS_SHOWN = 50;
export const REFERENCE_ROWS_SHOWN = 100;

// The named deterministic policies: intention is defined for those.
export function deterministicPolicies(describe) {
  return (describe?.policies || []).filter((p) => p.deterministic !== false).map((p) => p.name);
}

// The policy to ask about: the one chosen before if it still exists, else the first optimal named
// deterministic policy when the optimal policies are known, else the first deterministic one.
export function pickIntentionPolicy(describe, optimal, previous) {
  const names = deterministicPolicies(describe);
  if (previous && names.includes(previous)) return previous;
  const best = optimal?.ok ? optimal.result.optimal_named_policies || [] : [];
  return best.find((name) => names.includes(name)) || names[0] || null;
}

// "setting 3", "settings 0 and 3", "settings 0, 2 and 5", long lists shortened.
export function settingsPhrase(settings) {
  const MAX = 8;
  const shown = settings.slice(0, MAX).map(String);
  if (settings.length > MAX) return `settings ${shown.join(', ')}, … (${settings.length} settings)`;
  if (shown.length === 1) return `setting ${shown[0]}`;
  return `settings ${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

// "east in setting 0 and to west in setting 3": one fixed variable's values, grouped by value.
function valuesPhrase(fixed) {
  const groups = new Map();
  (fixed.settings || []).forEach((setting, i) => {
    const value = formatOutcome(fixed.values?.[i]);
    if (!groups.has(value)) groups.set(value, []);
    groups.get(value).push(setting);
  });
  return [...groups].map(([value, settings]) => `${value} in ${settingsPhrase(settings)}`).join(' and to ');
}

// The witness of a verdict in words (a plain string: the caller puts it in a text node).
export function witnessText(witness, policy) {
  const alternative = `'${witness.alternative}'`;
  const fixed = witness.fixed || [];
  const fixings = fixed.map((f, i) => `${f.variable}${i === 0 ? ' were fixed' : ''} to ${valuesPhrase(f)}`);
  const whose = fixed.length > 1 ? 'their' : 'its';
  return (
    `Relative to ${alternative}: if ${fixings.join(', and ')} (${whose} values under '${policy}'), ` +
    `${alternative} would be as good: ${formatNumber(witness.rhs)} ≥ ${formatNumber(witness.lhs)} ` +
    '(Eq. 2), and no smaller fixing would do.'
  );
}

// A policy of the reference set as text: its name, or its rules when the model does not name it.
function rulesText(rules) {
  return Object.entries(rules || {})
    .map(([decision, list]) =>
      (list || [])
        .map((rule) => {
          const observed = Object.values(rule.observation || {}).map(formatOutcome);
          const action = typeof rule.action === 'object' ? JSON.stringify(rule.action) : rule.action;
          return `${decision}${observed.length ? `(${observed.join(',')})` : ''}=${formatOutcome(action)}`;
        })
        .join(', '),
    )
    .join('; ');
}

// "a, b and c", the names quoted; long lists shortened.
function namesPhrase(names, max = 3) {
  const quoted = names.slice(0, max).map((n) => `'${n}'`);
  if (names.length > max) return `${quoted.join(', ')} and ${names.length - max} more`;
  if (quoted.length < 2) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]}`;
}

function entryKey(variable, setting) {
  return `${variable}@${setting}`;
}

// The chance variables the engine did not list as candidates (no directed path decision → V →
// utility): they cannot be intended.
function nonCandidates(describe, result) {
  const candidates = new Set(result.candidates || []);
  return (describe?.variables || [])
    .filter((v) => v.type === 'chance' && !candidates.has(v.name))
    .map((v) => v.name);
}

// What the graph should mark while the tab shows a result: intended variables ringed,
// non-candidates dimmed, the selected witness's fixed variables filled.
export function intentionMarks(run, selected) {
  const response = run?.responses?.intention;
  if (!response?.ok) return null;
  const result = response.result;
  if (result.oracle === 'observed') return observedMarks(result);
  const ring = (result.variables || []).filter((v) => (v.intended || []).length).map((v) => v.variable);
  const focus = [];
  for (const v of result.variables || []) {
    for (const entry of v.intended || []) {
      if (entryKey(v.variable, entry.setting) === selected) {
        for (const f of entry.witness?.fixed || []) focus.push(f.variable);
      }
    }
  }
  return { ring, dim: nonCandidates(run.describe, result), focus };
}

// The tab. `view` holds what the results panel remembers between renders: {selected, shown:
// Map(variable → rows shown), referenceShown}; the callbacks re-render through the panel.
// The oracles the tab offers: Def. 13 and the two oracles of Def. 20.
export const ORACLES = [
  ['subjective', 'Subjective (Def. 13)'],
  ['rational', 'Behavioural, rational oracle (Def. 20, Thm. 21)'],
  ['observed', 'Behavioural, observed behaviour (Def. 20)'],
];

export function renderIntention({ run, view, failureBlock, onRun, onSelect, onMore, onEditBehaviour }) {
  const describe = run.describe;
  if (!(describe?.decisions || []).length) {
    return el(
      'p',
      { class: 'notice' },
      'The model has no decisions: an agent with no choice intends nothing.',
    );
  }
  const policies = deterministicPolicies(describe);
  if (!policies.length) {
    return el(
      'p',
      { class: 'notice' },
      'Intention (Def. 13) is asked of a deterministic policy: name one in the model under "policies".',
    );
  }
  const query = run.intentionQuery?.policy ? run.intentionQuery : { policy: policies[0] };
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
  const controls = el(
    'div',
    { class: 'settings-controls' },
    el('label', null, 'Policy π ', select),
    el('label', null, 'Intention ', oracleSelect),
    el(
      'button',
      {
        type: 'button',
        id: 'intention-run',
        class: 'primary',
        onClick: () => onRun({ ...query, policy: select.value, oracle: oracleSelect.value }),
      },
      'Find intentions',
    ),
  );
  if (oracle === 'observed') return renderObserved({ run, controls, failureBlock, onEdit: onEditBehaviour });
  const intro =
    oracle === 'rational'
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
        );
  const response = run.responses.intention;
  if (!response) {
    return el(
      'div',
      { class: 'intention' },
      controls,
      intro,
      el(
        'p',
        { class: 'notice', id: 'intention-pending' },
        run.intentionRunning
          ? `Finding what '${query.policy}' intends…`
          : 'Press “Find intentions” to ask the engine.',
      ),
    );
  }
  if (!response.ok) return el('div', { class: 'intention' }, controls, failureBlock(response, 'intentions'));

  const r = response.result;
  const policy = r.policy;
  const total = describe.settings;
  const settingsByIndex = new Map((r.settings || []).map((s) => [s.setting, s]));
  // The noise columns in the model's (topological) order, as the Settings tab shows them.
  const noiseKeys = new Set(Object.keys(r.settings?.[0]?.noise || {}));
  const ordered = (describe.variables || []).map((v) => v.name).filter((n) => noiseKeys.has(n));
  const noiseNames = [...ordered, ...[...noiseKeys].filter((n) => !ordered.includes(n))];
  const variables = r.variables || [];

  const leaves =
    r.oracle === 'rational' &&
    r.oracle_keeps_policy === false &&
    el(
      'p',
      { class: 'warning', id: 'intention-oracle-leaves', role: 'note' },
      `The rational oracle would not follow '${policy}': another policy is as good, so it leaves π `,
      'already (Theorem 21, assumption 2) and nothing is behaviourally intended.',
    );
  const budget =
    r.budget_exceeded &&
    el(
      'p',
      { class: 'warning', id: 'intention-budget', role: 'note' },
      'The search stopped at its budget: “not intended” answers are unproven. ',
      'Every “intended” answer shown has its witness.',
    );

  // First the answer: per candidate variable, where its outcome is intended.
  const headline = el(
    'ul',
    { class: 'intention-headline', id: 'intention-summary' },
    variables.map((v) => {
      const entries = v.intended || [];
      const where = new Map();
      for (const entry of entries) {
        const value = formatOutcome(entry.value);
        if (!where.has(value)) where.set(value, []);
        where.get(value).push(entry.setting);
      }
      return el(
        'li',
        {
          class: entries.length ? 'intended' : 'not-intended',
          dataset: { variable: v.variable, vars: v.variable },
        },
        el('strong', null, v.variable),
        entries.length
          ? total === 1
            ? ` is intended: ${v.variable} = ${[...where.keys()][0]} (in the model's one setting)`
            : ` is intended in ${entries.length} of ${total ?? '?'} settings: ` +
              [...where].map(([value, s]) => `${v.variable} = ${value} in ${settingsPhrase(s)}`).join('; ')
          : r.budget_exceeded
            ? ': no intention found within the budget (unproven)'
            : ' is not intended in any setting',
      );
    }),
  );
  const summary = el(
    'div',
    { class: 'intention-answer' },
    el(
      'p',
      { class: 'intention-lead' },
      'Following ',
      el('strong', null, `'${policy}'`),
      ` (expected utility ${formatNumber(r.expected_utility)}), the agent intends:`,
    ),
    variables.length
      ? headline
      : el(
          'p',
          { class: 'notice' },
          'nothing: no chance variable lies on a path from a decision to a utility.',
        ),
  );

  const sections = variables.map((v) => {
    const entries = v.intended || [];
    const shownCount = view.shown.get(v.variable) ?? INTENTION_ROWS_SHOWN;
    const shown = entries.slice(0, shownCount);
    const columns = 4 + noiseNames.length;
    const heading = el(
      'h3',
      { dataset: { vars: v.variable } },
      el('span', { class: entries.length ? 'intended-name' : 'candidate-name' }, v.variable),
      entries.length
        ? total === 1
          ? ' intended'
          : ` intended in ${entries.length} of ${total ?? '?'} settings`
        : ' not intended in any setting',
    );
    if (!entries.length) {
      return el(
        'section',
        { class: 'intention-variable', dataset: { variable: v.variable } },
        heading,
        el(
          'p',
          { class: 'explain' },
          r.budget_exceeded
            ? `The search found no alternative relative to which ${v.variable}'s outcome is intended, but it stopped at its budget: this is unproven.`
            : `Relative to every alternative, either the alternative is already as good as '${policy}' or fixing ${v.variable} is never needed to make it so.`,
        ),
      );
    }
    // One tbody per verdict: its row of facts, then its witness in words.
    const groups = shown.map((entry) => {
      const key = entryKey(v.variable, entry.setting);
      const setting = settingsByIndex.get(entry.setting);
      const fixedVars = (entry.witness?.fixed || []).map((f) => f.variable).join(' ');
      const selected = view.selected === key;
      const alternatives = entry.alternatives || [];
      const toggle = () => onSelect(selected ? null : key);
      return el(
        'tbody',
        {
          class: selected ? 'entry selected' : 'entry',
          dataset: { variable: v.variable, setting: String(entry.setting) },
          tabindex: 0,
          title: selected ? 'Click to clear the graph' : 'Click to show this witness on the graph',
          onClick: toggle,
          onKeydown: (event) => {
            if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault();
              toggle();
            }
          },
        },
        el(
          'tr',
          { class: 'verdict' },
          el('td', { class: 'num setting' }, String(entry.setting)),
          el('td', { class: 'num probability' }, setting ? formatNumber(setting.probability) : ''),
          noiseNames.map((n) =>
            el(
              'td',
              { class: 'noise', dataset: { vars: n } },
              setting ? formatOutcome(setting.noise[n]) : '',
            ),
          ),
          el('td', { class: 'value', dataset: { vars: v.variable } }, formatOutcome(entry.value)),
          el('td', { class: 'relative', title: alternatives.join('\n') }, namesPhrase(alternatives)),
        ),
        el(
          'tr',
          { class: 'why', dataset: { vars: fixedVars } },
          el(
            'td',
            { colspan: columns, class: 'witness' },
            entry.witness ? witnessText(entry.witness, policy) : '',
            alternatives.length > 1 && ` Intended also relative to ${namesPhrase(alternatives.slice(1), 5)}.`,
          ),
        ),
      );
    });
    const others = (total ?? 0) - entries.length;
    return el(
      'section',
      { class: 'intention-variable', dataset: { variable: v.variable } },
      heading,
      el(
        'table',
        { class: 'data intention-table', dataset: { variable: v.variable } },
        el(
          'thead',
          null,
          el(
            'tr',
            null,
            settingHeaderCells(noiseNames),
            el(
              'th',
              { scope: 'col', class: 'var var-chance', dataset: { vars: v.variable } },
              `${v.variable} =`,
            ),
            el('th', { scope: 'col' }, 'intended relative to'),
          ),
        ),
        groups,
      ),
      entries.length > shown.length &&
        el(
          'button',
          {
            type: 'button',
            class: 'more',
            onClick: () => onMore(v.variable, shownCount + INTENTION_ROWS_SHOWN),
          },
          `Show more (${shown.length} of ${entries.length} settings shown)`,
        ),
      others > 0 &&
        el(
          'p',
          { class: 'explain' },
          `Not intended in the other ${others.toLocaleString('en')} ${others === 1 ? 'setting' : 'settings'}.`,
        ),
    );
  });

  // Variables that cannot be intended.
  const excluded = nonCandidates(describe, r);
  const decisions = describe.decisions || [];
  const utilities = describe.utilities || [];
  const pathText = (name) =>
    decisions.length === 1 && utilities.length === 1
      ? `${decisions[0]} → ${name} → ${utilities[0]}`
      : `decision → ${name} → utility`;
  const cannot = el(
    'section',
    { class: 'intention-excluded', id: 'intention-noncandidates' },
    el('h3', null, 'Cannot be intended'),
    excluded.length
      ? el(
          'ul',
          null,
          excluded.map((name) =>
            el(
              'li',
              { dataset: { variable: name, vars: name } },
              el('strong', null, name),
              ` cannot be intended: there is no directed path ${pathText(name)} (Theorem 17).`,
            ),
          ),
        )
      : el('p', { class: 'explain' }, 'Every chance variable lies on a path from a decision to a utility.'),
    el(
      'p',
      { class: 'explain' },
      `Decisions (${decisions.join(', ')}) and utilities (${utilities.join(', ')}) are not asked about: `,
      'intention concerns the outcomes of chance variables.',
    ),
  );

  // The alternatives π̂ the verdicts are relative to.
  const relativeTo = new Map();
  for (const v of variables) {
    for (const entry of v.intended || []) {
      for (const name of entry.alternatives || []) {
        if (!relativeTo.has(name)) relativeTo.set(name, new Set());
        relativeTo.get(name).add(v.variable);
      }
    }
  }
  const reference = r.reference || [];
  const referenceShown = reference.slice(0, view.referenceShown);
  const alternativesSection = el(
    'section',
    { class: 'intention-reference' },
    el('h3', null, `Alternatives π̂ compared with '${policy}' (${reference.length})`),
    el(
      'table',
      { class: 'data', id: 'intention-reference' },
      el(
        'thead',
        null,
        el(
          'tr',
          null,
          el('th', { scope: 'col' }, 'Alternative π̂'),
          el('th', { scope: 'col', class: 'num' }, 'EU(π̂)'),
          el(
            'th',
            {
              scope: 'col',
              class: 'num',
              title: 'settings of positive probability where π̂ decides differently',
            },
            'differs in',
          ),
          el('th', { scope: 'col' }, 'Verdict'),
        ),
      ),
      el(
        'tbody',
        null,
        referenceShown.map((alt) => {
          const intended = [...(relativeTo.get(alt.name) || [])];
          return el(
            'tr',
            { dataset: { policy: alt.name }, class: alt.as_good ? 'as-good' : null },
            el(
              'th',
              {
                scope: 'row',
                class: alt.rules ? 'unnamed' : null,
                title: alt.rules ? 'unnamed policy: its rules' : null,
              },
              alt.rules ? rulesText(alt.rules) : alt.name,
            ),
            el('td', { class: 'num eu' }, formatNumber(alt.expected_utility)),
            el(
              'td',
              { class: 'num' },
              `${alt.differing_settings} ${alt.differing_settings === 1 ? 'setting' : 'settings'}`,
            ),
            el(
              'td',
              { class: 'verdict' },
              alt.as_good
                ? `as good as '${policy}' (nothing intended relative to it)`
                : intended.length
                  ? `worse than '${policy}'; intended relative to it: ${intended.join(', ')}`
                  : `worse than '${policy}'; no intention found relative to it`,
            ),
          );
        }),
      ),
    ),
    reference.length > referenceShown.length &&
      el(
        'button',
        {
          type: 'button',
          class: 'more',
          onClick: () => onMore(null, view.referenceShown + REFERENCE_ROWS_SHOWN),
        },
        `Show more (${referenceShown.length} of ${reference.length} alternatives shown)`,
      ),
    el(
      'p',
      { class: 'explain' },
      `EU('${policy}') = ${formatNumber(r.expected_utility)}. “As good” allows a tolerance of `,
      typeof r.tolerance === 'number' ? String(Number(r.tolerance.toPrecision(3))) : String(r.tolerance),
      '. Click a verdict to see the variables its witness fixes on the graph.',
    ),
  );

  return el(
    'div',
    { class: 'intention' },
    controls,
    intro,
    leaves,
    budget,
    summary,
    sections,
    cannot,
    alternativesSection,
  );
}
