// The Intention tab's "Causes" section, for one chosen outcome variable O under the tab's policy π:
// per setting, whether the decision is an actual cause of O's value (Def. 22, the engine's
// "actual_cause"), and Halpern and Kleiman-Weiner's intention (Defs. 24-25, "hkw_intention") next to
// the subjective verdicts of the "intention" analysis (Def. 13). The view only words the engine's
// JSON; it decides nothing itself.
import { el, settingHeaderCells, formatNumber, formatOutcome } from '../../../views/dom.js';
import { colHead, headerRow } from '../../../views/table.js';
import { settingsPhrase, alternativeNames } from './words.js';

// A section whose request is still running or failed: its heading, then "Asking…" or the failure.
// Null once the response is there to show.
function pendingOrFailed(className, head, response, what, failureBlock) {
  if (response && response.ok) return null;
  const body = response ? failureBlock(response, what) : el('p', { class: 'notice' }, 'Asking…');
  return el('div', { class: className }, ...head, body);
}

export const CAUSE_ROWS_SHOWN = 50;

// The variables O can be: the model's chance variables.
export function outcomeChoices(describe) {
  return (describe?.variables || []).filter((v) => v.type === 'chance').map((v) => v.name);
}

// The outcome to ask about: the one chosen before if it still exists, else the first candidate of
// the intention result with an intended outcome, else its first candidate, else the first chance
// variable.
export function pickOutcome(describe, intention, previous) {
  const names = outcomeChoices(describe);
  if (previous && names.includes(previous)) return previous;
  const variables = intention?.ok ? intention.result.variables || [] : [];
  const intended = variables.find((v) => (v.intended || []).length && names.includes(v.variable));
  if (intended) return intended.variable;
  const candidate = (intention?.ok ? intention.result.candidates || [] : []).find((n) => names.includes(n));
  return candidate || names[0] || null;
}

// "X = east and Y = b"
function assignments(values) {
  const parts = Object.entries(values || {}).map(([k, v]) => `${k} = ${formatOutcome(v)}`);
  if (parts.length < 2) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

// "D been west" / "D1 been a and D2 been b"
function hadPhrase(values) {
  const parts = Object.entries(values || {}).map(([k, v]) => `${k} been ${formatOutcome(v)}`);
  if (parts.length < 2) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

// "T would have been west" / "T would have been west and S would have been b"
function wouldPhrase(values) {
  return Object.entries(values || {})
    .map(([k, v]) => `${k} would have been ${formatOutcome(v)}`)
    .join(' and ');
}

// One actual_cause result in words (a plain string: the caller puts it in a text node).
export function actualCauseText(entry) {
  const causes = assignments(entry.causes);
  const outcomes = assignments(entry.outcomes);
  const several = Object.keys(entry.causes || {}).length > 1;
  if (!entry.actual_cause || !entry.witness) {
    return (
      `No: ${causes} is not an actual cause of ${outcomes} here. No other ` +
      `${several ? 'choice of ' + Object.keys(entry.causes).join(', ') : 'value of ' + Object.keys(entry.causes || {})[0]} ` +
      `changes ${Object.keys(entry.outcomes || {}).join(', ')} with any variables held at their actual values` +
      (several ? ', or a part of the causes already does.' : '.')
    );
  }
  const w = entry.witness;
  const heldCount = Object.keys(w.held || {}).length;
  const held = !heldCount
    ? 'with nothing held fixed'
    : `with ${assignments(w.held)} held at ${heldCount > 1 ? 'their actual values' : 'its actual value'}`;
  return `Yes: had ${hadPhrase(w.alternative)}, ${held}, ${wouldPhrase(w.outcomes)}.`;
}

// The subjective verdicts (Def. 13) on O from the intention response, when it is for the same
// policy: its entries, or null when unknown.
function subjective(run, outcome, policy) {
  const response = run.responses.intention;
  if (!response?.ok || response.result.policy !== policy) return null;
  const r = response.result;
  const candidate = (r.candidates || []).includes(outcome);
  const entries = (r.variables || []).find((v) => v.variable === outcome)?.intended || [];
  const named = entries.map((e) => ({ ...e, alternatives: alternativeNames(r, e.alternatives) }));
  return { candidate, entries: named, budget: Boolean(r.budget_exceeded) };
}

function subjectiveForValue(sub, outcome, value) {
  if (!sub) return 'run “Find intentions”';
  if (!sub.candidate) return `${outcome} cannot be intended (Theorem 17)`;
  const settings = sub.entries
    .filter((e) => formatOutcome(e.value) === formatOutcome(value))
    .map((e) => e.setting);
  if (settings.length) return `intended in ${settingsPhrase(settings)}`;
  return sub.budget ? 'none found within the budget' : 'not intended in any setting';
}

function subjectiveForAlternative(sub, outcome, name) {
  if (!sub) return 'run “Find intentions”';
  if (!sub.candidate) return `${outcome} cannot be intended`;
  const entries = sub.entries.filter((e) => (e.alternatives || []).includes(name));
  if (!entries.length) return sub.budget ? 'none found within the budget' : 'not intended relative to it';
  return entries.map((e) => `${outcome} = ${formatOutcome(e.value)} in setting ${e.setting}`).join('; ');
}

function subjectiveInSetting(sub, setting) {
  if (!sub) return '';
  const entry = sub.entries.find((e) => e.setting === setting);
  return entry ? `✓ ${formatOutcome(entry.value)}` : '—';
}

// The section. `view` holds {shown} (rows of the actual-cause table shown); onRun(outcome) asks the
// engine, onMore(count) shows more rows, onExport(kind) downloads a table as CSV.
export function renderCauses({ run, view, failureBlock, onRun, onMore, onExport }) {
  const describe = run.describe;
  const choices = outcomeChoices(describe);
  const heading = el('h3', { class: 'causes-heading', id: 'causes' }, 'Causes and the H&KW comparison');
  if (!choices.length) {
    return el(
      'section',
      { class: 'causes' },
      heading,
      el('p', { class: 'notice' }, 'The model has no chance variables to ask about.'),
    );
  }
  const query = run.queries.causes || {};
  const outcome = query.outcome && choices.includes(query.outcome) ? query.outcome : choices[0];
  const select = el(
    'select',
    {
      id: 'causes-outcome',
      'aria-label': 'Outcome variable',
      onChange: (event) => onRun(event.target.value),
    },
    choices.map((name) => el('option', { value: name, selected: name === outcome }, name)),
  );
  const controls = el(
    'div',
    { class: 'settings-controls' },
    el('label', null, 'Outcome O ', select),
    el('button', { type: 'button', id: 'causes-run', onClick: () => onRun(select.value) }, 'Compare'),
  );
  const cause = run.responses.actual_cause;
  const hkw = run.responses.hkw_intention;
  if (!cause && !hkw) {
    return el(
      'section',
      { class: 'causes' },
      heading,
      controls,
      el(
        'p',
        { class: 'notice', id: 'causes-pending' },
        run.busy.causes
          ? `Asking whether ${query.policy ? `'${query.policy}'` : 'the policy'} causes ${outcome}…`
          : 'Press “Compare” to ask the engine.',
      ),
    );
  }
  const policy = query.policy;
  const sub = subjective(run, query.outcome, policy);
  return el(
    'section',
    { class: 'causes' },
    heading,
    controls,
    causeBlock(run, cause, sub, view, failureBlock, onMore, onExport),
    hkwBlock(run, hkw, sub, query.outcome, failureBlock, onExport),
  );
}

function csvButton(id, onClick) {
  return el(
    'button',
    { type: 'button', class: 'small csv', id, onClick, title: 'Download this table as CSV' },
    'CSV',
  );
}

function causeBlock(run, response, sub, view, failureBlock, onMore, onExport) {
  const title = el(
    'h4',
    null,
    'Is the decision an actual cause? ',
    el('span', { class: 'cite' }, '(Def. 22)'),
  );
  const explain = el(
    'p',
    { class: 'explain' },
    'The decision’s value is an actual cause of the outcome in a setting if another choice would have ',
    'changed the outcome, with some variables held at their actual values, and no part of the causes ',
    'would do (Halpern 2016, as in Ward et al. 2024, Def. 22). By Theorem 14, an outcome caused ',
    'intentionally always has the decision’s value as an actual cause.',
  );
  const unanswered = pendingOrFailed(
    'actual-cause',
    [title, explain],
    response,
    'actual causes',
    failureBlock,
  );
  if (unanswered) return unanswered;
  const r = response.result;
  const results = r.results || [];
  const causes = r.causes || [];
  const outcomes = r.outcomes || [];
  const noiseKeys = new Set(Object.keys(results[0]?.noise || {}));
  const ordered = (run.describe?.variables || []).map((v) => v.name).filter((n) => noiseKeys.has(n));
  const noiseNames = [...ordered, ...[...noiseKeys].filter((n) => !ordered.includes(n))];
  const shownCount = view.shown ?? CAUSE_ROWS_SHOWN;
  const shown = results.slice(0, shownCount);
  const yes = results.filter((e) => e.actual_cause).length;
  const showSubjective = Boolean(sub);
  const columns = 3 + noiseNames.length + causes.length + outcomes.length + (showSubjective ? 1 : 0);
  const lead = el(
    'p',
    { class: 'causes-lead', id: 'actual-cause-summary' },
    `Under '${run.queries.causes?.policy}', ${causes.join(', ')} ${causes.length > 1 ? 'are' : 'is'} an actual cause of `,
    `${outcomes.join(', ')} in ${yes} of ${results.length} ${results.length === 1 ? 'setting' : 'settings'}.`,
  );
  const groups = shown.map((entry) =>
    el(
      'tbody',
      {
        class: entry.actual_cause ? 'entry cause' : 'entry no-cause',
        dataset: { setting: String(entry.setting) },
      },
      el(
        'tr',
        { class: 'verdict' },
        el('td', { class: 'num setting' }, String(entry.setting)),
        el('td', { class: 'num probability' }, formatNumber(entry.probability)),
        noiseNames.map((n) =>
          el('td', { class: 'noise', dataset: { vars: n } }, formatOutcome(entry.noise?.[n])),
        ),
        causes.map((c) =>
          el('td', { class: 'cause-value', dataset: { vars: c } }, formatOutcome(entry.causes?.[c])),
        ),
        outcomes.map((o) =>
          el('td', { class: 'outcome-value', dataset: { vars: o } }, formatOutcome(entry.outcomes?.[o])),
        ),
        el('td', { class: 'is-cause' }, entry.actual_cause ? '✓' : '—'),
        showSubjective &&
          el(
            'td',
            {
              class: sub.entries.some((e) => e.setting === entry.setting) ? 'is-intended yes' : 'is-intended',
            },
            subjectiveInSetting(sub, entry.setting),
          ),
      ),
      el(
        'tr',
        {
          class: 'why',
          dataset: { vars: [...causes, ...Object.keys(entry.witness?.held || {}), ...outcomes].join(' ') },
        },
        el('td', { colspan: columns, class: 'witness' }, actualCauseText(entry)),
      ),
    ),
  );
  return el(
    'div',
    { class: 'actual-cause' },
    el(
      'div',
      { class: 'block-title' },
      title,
      csvButton('actual-cause-csv', () => onExport('actual_cause')),
    ),
    explain,
    lead,
    el(
      'table',
      { class: 'data causes-table', id: 'actual-cause-table' },
      headerRow(
        settingHeaderCells(noiseNames),
        causes.map((c) => colHead(c, { class: 'var var-decision', dataset: { vars: c } })),
        outcomes.map((o) => colHead(o, { class: 'var var-chance', dataset: { vars: o } })),
        colHead('actual cause?', { title: 'Def. 22' }),
        showSubjective && colHead('intended?', { title: 'the Intention verdicts above (Def. 13)' }),
      ),
      groups,
    ),
    results.length > shown.length &&
      el(
        'button',
        { type: 'button', class: 'more', onClick: () => onMore(shownCount + CAUSE_ROWS_SHOWN) },
        `Show more (${shown.length} of ${results.length} settings shown)`,
      ),
  );
}

function hkwBlock(run, response, sub, outcome, failureBlock, onExport) {
  const title = el(
    'h4',
    null,
    'H&KW comparison ',
    el('span', { class: 'cite' }, '(Halpern and Kleiman-Weiner 2018; Ward et al. 2024, Defs. 24-25)'),
  );
  const difference = el(
    'p',
    { class: 'explain', id: 'hkw-difference' },
    'H&KW fix a set Y ⊇ O to its values under π in every setting at once, and call intended the best ',
    'outcome of O to fix even where the agent cannot influence it, while subjective intention (Def. 13) ',
    'fixes outcomes only in the settings needed to make an alternative as good as π, so it names only ',
    'outcomes that are part of the agent’s reasons.',
  );
  const unanswered = pendingOrFailed('hkw', [title, difference], response, 'H&KW intentions', failureBlock);
  if (unanswered) return unanswered;
  const r = response.result;
  const bring = r.bring_about || [];
  const named = new Set((run.describe?.policies || []).map((p) => p.name));
  const alternatives = r.alternatives || [];
  const bringTable = el(
    'table',
    { class: 'data hkw-table', id: 'hkw-bring-about' },
    headerRow(
      colHead(`${outcome} =`, { class: 'var var-chance', dataset: { vars: outcome } }),
      colHead('P under π', { class: 'num', title: `probability under '${r.policy}'` }),
      colHead('EU if fixed', {
        class: 'num',
        title: `expected utility of '${r.policy}' with ${outcome} fixed to it`,
      }),
      'H&KW: intends to bring about (Def. 25)',
      'Subjective (Def. 13)',
    ),
    el(
      'tbody',
      null,
      bring.map((b) => {
        const relative = b.intended_relative_to || [];
        return el(
          'tr',
          { dataset: { value: formatOutcome(b.value) }, class: relative.length ? 'hkw-intended' : null },
          el('th', { scope: 'row', class: 'value' }, formatOutcome(b.value)),
          el('td', { class: 'num' }, formatNumber(b.probability)),
          el(
            'td',
            { class: 'num' },
            formatNumber(b.expected_utility_if_fixed),
            b.optimal && el('span', { class: 'mark', title: 'the best outcome to fix' }, ' (best)'),
          ),
          el(
            'td',
            { class: 'hkw-verdict', title: relative.join('\n') },
            relative.length
              ? `✓ intended, relative to ${relative.length} ${relative.length === 1 ? 'alternative' : 'alternatives'}`
              : b.optimal
                ? '— (no alternative it intends to influence against)'
                : '— (not the best outcome to fix)',
          ),
          el('td', { class: 'subjective' }, subjectiveForValue(sub, outcome, b.value)),
        );
      }),
    ),
  );
  const influenceTable = el(
    'table',
    { class: 'data hkw-table', id: 'hkw-influence' },
    headerRow(
      'Alternative π̂',
      colHead('EU(π̂)', { class: 'num' }),
      `H&KW: intends to influence ${outcome} (Def. 24)`,
      'Subjective (Def. 13)',
    ),
    el(
      'tbody',
      null,
      alternatives.map((a) =>
        el(
          'tr',
          { dataset: { policy: a.name }, class: a.intends_to_influence ? 'hkw-intended' : null },
          el('th', { scope: 'row', class: named.has(a.name) ? null : 'unnamed' }, a.name),
          el('td', { class: 'num' }, formatNumber(a.expected_utility)),
          el(
            'td',
            { class: 'hkw-verdict', dataset: { vars: (a.y || []).join(' ') } },
            a.intends_to_influence
              ? `✓ Y = {${(a.y || []).join(', ')}}: with it fixed in every setting, π̂ would get ${formatNumber(a.rhs)} ≥ ${formatNumber(a.lhs)}`
              : '—',
          ),
          el('td', { class: 'subjective' }, subjectiveForAlternative(sub, outcome, a.name)),
        ),
      ),
    ),
  );
  return el(
    'div',
    { class: 'hkw' },
    el(
      'div',
      { class: 'block-title' },
      title,
      csvButton('hkw-csv', () => onExport('hkw_intention')),
    ),
    difference,
    el(
      'p',
      { class: 'causes-lead' },
      `Following '${r.policy}' (expected utility ${formatNumber(r.expected_utility)}). `,
      'Intention to bring about an outcome (Def. 25) asks that it be possible under π, be the best outcome ',
      `of ${outcome} to fix, and that the agent intend to influence ${outcome} relative to the alternative:`,
    ),
    bring.length
      ? bringTable
      : el('p', { class: 'notice' }, 'Intention to bring about is asked of a single variable.'),
    el(
      'p',
      { class: 'causes-lead' },
      `Intention to influence ${outcome} relative to π̂ (Def. 24): some smallest Y ⊇ {${outcome}}, fixed to `,
      'its values under π in every setting, makes π̂ as good as π.',
    ),
    influenceTable,
  );
}
