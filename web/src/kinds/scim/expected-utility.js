// The Expected utility tab of a SCIM: the expected utility of each named policy (per utility
// variable too), and whether it is optimal.
import { el, formatNumber } from '../../views/dom.js';
import { failureBlock } from '../../views/diagnostics.js';
import { colHead, headerRow, varHeader } from '../../views/table.js';
import { expectedUtilityCsv } from './csv.js';

export function expectedUtilityTab() {
  return {
    id: 'expected_utility',
    label: 'Expected utility',
    lead: 'How much utility each named policy earns on average, over every setting of the world weighted by its probability; the best are marked optimal.',
    render: renderExpectedUtility,
    csv: (run) =>
      run.responses.expected_utility?.ok && {
        suffix: 'expected-utility',
        text: expectedUtilityCsv(run.responses.expected_utility, run.describe),
      },
  };
}

function renderExpectedUtility(run) {
  const response = run.responses.expected_utility;
  if (!response) {
    return el(
      'p',
      { class: 'notice' },
      'The model names no policies: add some under "policies" to compare them.',
    );
  }
  if (!response.ok) return failureBlock(response, 'expected utilities');
  const policies = response.result.policies || [];
  if (!policies.length) return el('p', { class: 'notice' }, 'The model names no policies.');
  const utilities = run.describe?.utilities?.length
    ? run.describe.utilities
    : Object.keys(policies[0].utilities || {});
  const optimalByName = new Map(
    (run.responses.optimal_policies?.result?.named_policies || []).map((p) => [p.name, p.optimal]),
  );
  const showOptimal = optimalByName.size > 0;
  return el(
    'table',
    { class: 'data', id: 'expected-utility-table' },
    headerRow(
      'Policy',
      colHead('Expected utility', { class: 'num' }),
      utilities.length > 1 && utilities.map((u) => varHeader(u, run.describe, 'num')),
      showOptimal && 'Optimal?',
    ),
    el(
      'tbody',
      null,
      policies.map((p) =>
        el(
          'tr',
          { dataset: { policy: p.name ?? '' }, class: optimalByName.get(p.name) ? 'optimal' : null },
          el('th', { scope: 'row' }, p.name ?? '(no decisions)'),
          el('td', { class: 'num eu' }, formatNumber(p.expected_utility)),
          utilities.length > 1 &&
            utilities.map((u) =>
              el('td', { class: 'num', dataset: { vars: u } }, formatNumber(p.utilities?.[u])),
            ),
          showOptimal &&
            el('td', { class: 'verdict' }, optimalByName.get(p.name) ? '✓ optimal' : 'not optimal'),
        ),
      ),
    ),
  );
}
