// The Optimal policies tab of a SCIM: the optimal expected utility, and per decision and
// observation the conditional expected utility of every action, the optimal ones marked.
import { el, formatNumber, formatOutcome } from '../../views/dom.js';
import { failureBlock } from '../../views/diagnostics.js';
import { varHeader, stat } from '../../views/table.js';
import { optimalPoliciesCsv } from './csv.js';
import { observationText } from './words.js';

const OPTIMAL_ROWS_SHOWN = 200;

export function optimalPoliciesTab(page) {
  let optimalShown = OPTIMAL_ROWS_SHOWN;
  let shownFor = null;
  const render = () => page.redraw();
  return {
    id: 'optimal_policies',
    label: 'Optimal policies',
    lead: 'The best rule for each decision: for everything the agent can observe there, the expected utility of each action; the best actions are marked.',
    render(run) {
      if (shownFor !== run.describe) {
        shownFor = run.describe;
        optimalShown = OPTIMAL_ROWS_SHOWN;
      }
      return renderOptimal(run);
    },
    csv: (run) =>
      run.responses.optimal_policies?.ok && {
        suffix: 'optimal-policies',
        text: optimalPoliciesCsv(run.responses.optimal_policies),
      },
  };

  function renderOptimal(run) {
    const response = run.responses.optimal_policies;
    if (!response)
      return el('p', { class: 'notice' }, 'The model has no decisions: there is no policy to optimise.');
    if (!response.ok) return failureBlock(response, 'optimal policies');
    const r = response.result;
    const namedOptimal = r.optimal_named_policies || [];
    const summary = el(
      'div',
      { class: 'summary' },
      stat('Optimal expected utility', 'optimal-eu', formatNumber(r.expected_utility)),
      stat('Optimal deterministic policies', 'optimal-count', String(r.optimal_policy_count)),
      stat(
        'Optimal named policies',
        'optimal-named',
        namedOptimal.length ? namedOptimal.map((n) => el('span', { class: 'badge' }, n)) : 'none',
      ),
      stat('Method', null, (r.method || '').replace(/_/g, ' ')),
    );
    const sections = (r.decisions || []).map((decision) => {
      const variable = run.describe?.variables?.find((v) => v.name === decision.decision);
      const rules = decision.rules || [];
      const actions = variable?.domain?.length
        ? variable.domain.map(String)
        : Object.keys(rules[0]?.expected_utilities || {});
      const parents = decision.parents || [];
      const shown = rules.slice(0, optimalShown);
      const highlightVars = [decision.decision, ...parents].join(' ');
      return el(
        'section',
        { class: 'decision', dataset: { decision: decision.decision } },
        el(
          'h3',
          { dataset: { vars: highlightVars } },
          'Decision ',
          el('span', { class: 'var-name' }, decision.decision),
          parents.length ? ` observes ${parents.join(', ')}` : ' observes nothing',
        ),
        el(
          'table',
          { class: 'data rules' },
          el(
            'thead',
            null,
            el(
              'tr',
              null,
              parents.map((p) => varHeader(p, run.describe)),
              el('th', { scope: 'col', class: 'num' }, 'P(observation)'),
              actions.map((a) =>
                el(
                  'th',
                  { scope: 'col', class: 'num action', title: `expected utility of ${a}` },
                  `EU(${a})`,
                ),
              ),
            ),
          ),
          el(
            'tbody',
            null,
            shown.map((rule) =>
              el(
                'tr',
                { dataset: { vars: highlightVars }, title: observationText(rule.observation) },
                parents.map((p) => el('td', null, formatOutcome(rule.observation?.[p]))),
                el('td', { class: 'num' }, formatNumber(rule.probability)),
                actions.map((a) => {
                  const optimal = (rule.optimal || []).map(String).includes(a);
                  const value = rule.expected_utilities?.[a];
                  return el(
                    'td',
                    { class: optimal ? 'num ceu optimal' : 'num ceu', dataset: { action: a } },
                    value === undefined ? '–' : formatNumber(value),
                    optimal && el('span', { class: 'mark', title: 'optimal' }, ' ✓'),
                  );
                }),
              ),
            ),
          ),
        ),
        rules.length > shown.length &&
          el(
            'button',
            {
              type: 'button',
              class: 'more',
              onClick: () => {
                optimalShown += OPTIMAL_ROWS_SHOWN;
                render();
              },
            },
            `Show more (${shown.length} of ${rules.length} observations shown)`,
          ),
      );
    });
    return el(
      'div',
      { class: 'optimal' },
      summary,
      el(
        'p',
        { class: 'explain' },
        'Per observation, the expected utility of each action; ✓ marks the optimal ones.',
      ),
      sections,
    );
  }
}
