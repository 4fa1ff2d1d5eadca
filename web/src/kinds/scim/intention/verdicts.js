// The Intention tab's verdicts: the answer first (per candidate variable, where its outcome is
// intended), then per variable a table of its verdicts, each with its witness in words (a click shows
// the witness on the graph).
import { el, settingHeaderCells, formatNumber, formatOutcome } from '../../../views/dom.js';
import { settingsPhrase, witnessText, namesPhrase, entryKey, alternativeNames } from './words.js';

export const INTENTION_ROWS_SHOWN = 50;

// What the tables need of a result: the policy, the number of settings, each setting by index and
// the noise columns in the model's (topological) order, as the Settings tab shows them.
export function verdictContext(describe, r) {
  const noiseKeys = new Set(Object.keys(r.settings?.[0]?.noise || {}));
  const ordered = (describe.variables || []).map((v) => v.name).filter((n) => noiseKeys.has(n));
  return {
    policy: r.policy,
    total: describe.settings,
    settingsByIndex: new Map((r.settings || []).map((s) => [s.setting, s])),
    noiseNames: [...ordered, ...[...noiseKeys].filter((n) => !ordered.includes(n))],
  };
}

// Warnings: the rational oracle leaves π already; the search stopped at its budget.
export function intentionWarnings(r) {
  const policy = r.policy;
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
  return [leaves, budget];
}

// The answer in a list: per candidate variable, where its outcome is intended.
export function intentionSummary(r, { total }) {
  const policy = r.policy;
  const variables = r.variables || [];
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
  return summary;
}

// A verdict's witness in words. The summary's witness lists the first settings of each w^Y; the whole
// one (`whole`, asked for on its own) lists them all. A short witness offers to ask for the whole.
function witnessCell(entry, r, policy, whole, onWitness) {
  const witness = whole || entry.witness;
  if (!witness) return '';
  const name = alternativeNames(r, [witness.alternative])[0];
  const text = witnessText(witness, policy, name, { all: Boolean(whole) });
  if (whole || witness.complete !== false) return text;
  return [
    text,
    ' ',
    el(
      'button',
      {
        type: 'button',
        class: 'link whole-witness',
        onClick: (event) => {
          event.stopPropagation();
          onWitness(entry.setting);
        },
      },
      'Show every setting of the witness',
    ),
  ];
}

// One candidate variable's verdicts. `view`: {selected, shown, witnesses: Map(key → whole witness)};
// onSelect(key), onMore(variable, n), onWitness(variable, setting) asks for a whole witness.
export function variableSection(
  v,
  r,
  { policy, total, settingsByIndex, noiseNames },
  { view, onSelect, onMore, onWitness },
) {
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
    const alternatives = alternativeNames(r, entry.alternatives);
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
          el('td', { class: 'noise', dataset: { vars: n } }, setting ? formatOutcome(setting.noise[n]) : ''),
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
          witnessCell(entry, r, policy, view.witnesses?.get(key), (setting) =>
            onWitness(v.variable, setting),
          ),
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
}
