// The Intention tab's context: the chance variables that cannot be intended (Theorem 17), and the
// alternatives π̂ the verdicts are relative to.
import { el, formatNumber } from '../../../views/dom.js';
import { colHead, headerRow } from '../../../views/table.js';
import { rulesText, nonCandidates, alternativeNames } from './words.js';

export const REFERENCE_ROWS_SHOWN = 100;

export function cannotBeIntended(describe, r) {
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
  return cannot;
}

// The alternatives compared with π: their expected utilities and what is intended relative to each.
// `view.referenceShown` rows are shown; onMore(null, n) shows more.
export function alternativesSection(r, view, onMore) {
  const policy = r.policy;
  const variables = r.variables || [];
  // The alternatives π̂ the verdicts are relative to.
  const relativeTo = new Map();
  for (const v of variables) {
    for (const entry of v.intended || []) {
      for (const name of alternativeNames(r, entry.alternatives)) {
        if (!relativeTo.has(name)) relativeTo.set(name, new Set());
        relativeTo.get(name).add(v.variable);
      }
    }
  }
  const reference = r.reference || [];
  const referenceShown = reference.slice(0, view.referenceShown);
  return el(
    'section',
    { class: 'intention-reference' },
    el('h3', null, `Alternatives π̂ compared with '${policy}' (${reference.length})`),
    el(
      'table',
      { class: 'data', id: 'intention-reference' },
      headerRow(
        'Alternative π̂',
        colHead('EU(π̂)', { class: 'num' }),
        colHead('differs in', {
          class: 'num',
          title: 'settings of positive probability where π̂ decides differently',
        }),
        'Verdict',
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
}
