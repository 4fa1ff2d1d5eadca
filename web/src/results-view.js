// The results panel: expected utilities of the named policies, the optimal policies (per decision and
// observation, the conditional expected utility of every action), and the settings table under a
// chosen policy, and what a chosen policy intends. It displays the engine's responses as they are; it
// computes nothing.
import { el, settingHeaderCells, clear, formatNumber, formatOutcome } from './dom.js';
import { renderIntention, intentionMarks, REFERENCE_ROWS_SHOWN } from './intention-view.js';
import { renderCauses, CAUSE_ROWS_SHOWN } from './causes-view.js';
import { renderIncentives, incentivesMarks } from './incentives-view.js';
import { renderGoal, renderPolicyValues, isMdpKind } from './meg-view.js';

const TABS = [
  { id: 'expected_utility', label: 'Expected utility' },
  { id: 'optimal_policies', label: 'Optimal policies' },
  { id: 'settings', label: 'Settings' },
  { id: 'intention', label: 'Intention' },
  { id: 'incentives', label: 'Incentives' },
  { id: 'goal', label: 'Goal-directedness', mdp: true },
  { id: 'values', label: 'Policy & values', mdp: true, only: 'mdp' },
];
// Gridworlds and MDPs (describe's `kind`) have their own tabs; SCIMs keep theirs plus MEG.
const tabShown = (tab, mdp) => (mdp ? Boolean(tab.mdp) : tab.only !== 'mdp');
const OPTIMAL_ROWS_SHOWN = 200;
const PAGE_SIZES = [25, 50, 100, 200];

// One diagnostic as a readable block: position, message, hint, id.
export function diagnosticItem(d, onReveal) {
  const where = d.line >= 1 ? `${d.line}:${d.column}` : null;
  return el(
    'li',
    { class: 'diagnostic' },
    where && onReveal
      ? el(
          'button',
          { class: 'diagnostic-where', type: 'button', onClick: () => onReveal(d) },
          `line ${where}`,
        )
      : where && el('span', { class: 'diagnostic-where' }, `line ${where}`),
    el('span', { class: 'diagnostic-message' }, d.message || d.id),
    d.hint && el('span', { class: 'diagnostic-hint' }, d.hint),
    el('code', { class: 'diagnostic-id' }, d.id),
  );
}

function failureBlock(response, what) {
  if (response.cancelled || response.diagnostics?.some((d) => d.id === 'analysis.cancelled')) {
    return el('p', { class: 'notice' }, `The ${what} computation was cancelled.`);
  }
  return el(
    'div',
    { class: 'failure' },
    el('p', null, `The engine could not compute the ${what}:`),
    el(
      'ul',
      { class: 'diagnostics' },
      (response.diagnostics || []).map((d) => diagnosticItem(d)),
    ),
  );
}

function varHeader(name, describe, extraClass = '') {
  const variable = describe?.variables?.find((v) => v.name === name);
  return el(
    'th',
    {
      class: `var var-${variable?.type || 'chance'} ${extraClass}`.trim(),
      dataset: { vars: name },
      scope: 'col',
    },
    name,
  );
}

function observationText(observation) {
  const entries = Object.entries(observation || {});
  if (!entries.length) return 'nothing observed';
  return entries.map(([k, v]) => `${k} = ${formatOutcome(v)}`).join(', ');
}

// Renders a `choice` entry of a settings row, whatever its shape.
function choiceText(choice) {
  if (choice === undefined || choice === null) return '';
  if (Array.isArray(choice)) return choice.map(formatOutcome).join(', ');
  if (typeof choice === 'object') {
    return Object.entries(choice)
      .map(([k, v]) => `${k} = ${typeof v === 'object' ? JSON.stringify(v) : formatOutcome(v)}`)
      .join(', ');
  }
  return formatOutcome(choice);
}

export function createResultsView(
  container,
  {
    onHover,
    onSettingsPage,
    onIntention,
    onEditBehaviour,
    onCauses,
    onCausesCsv,
    onTab,
    onMarks,
    onGoal,
    basename,
  },
) {
  let activeTab = 'expected_utility';
  let mdpKind = false; // whether the shown model is a gridworld or MDP (its tabs differ)
  let goalView = { shown: 0 };
  let run = null; // {describe, responses: {...}, settingsQuery: {policy, offset, limit}}
  let optimalShown = OPTIMAL_ROWS_SHOWN;
  // The Intention tab's view state: the selected verdict, how many rows are shown.
  let intentionView = { selected: null, shown: new Map(), referenceShown: REFERENCE_ROWS_SHOWN };
  let intentionResponse = null;
  // The Causes section's rows shown, and the Incentives tab's selected mark.
  let causesView = { shown: CAUSE_ROWS_SHOWN };
  let causesResponse = null;
  let incentivesView = { selected: null };
  let incentivesResponse = null;

  const tabBar = el('div', { class: 'tabs', role: 'tablist' });
  const body = el('div', { class: 'results-body', role: 'tabpanel' });
  const tabButtons = new Map();
  for (const tab of TABS) {
    const button = el(
      'button',
      {
        type: 'button',
        role: 'tab',
        class: 'tab',
        id: `tab-${tab.id}`,
        dataset: { tab: tab.id },
        onClick: () => {
          activeTab = tab.id;
          render();
          onTab?.(tab.id);
        },
      },
      tab.label,
    );
    tabButtons.set(tab.id, button);
    tabBar.append(button);
  }
  container.append(tabBar, body);

  // Hovering anything that names variables highlights them on the graph.
  body.addEventListener('pointerover', (event) => {
    const target = event.target.closest?.('[data-vars]');
    onHover(target ? target.dataset.vars.split(' ') : []);
  });
  body.addEventListener('pointerleave', () => onHover([]));

  function renderExpectedUtility() {
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
      el(
        'thead',
        null,
        el(
          'tr',
          null,
          el('th', { scope: 'col' }, 'Policy'),
          el('th', { scope: 'col', class: 'num' }, 'Expected utility'),
          utilities.length > 1 && utilities.map((u) => varHeader(u, run.describe, 'num')),
          showOptimal && el('th', { scope: 'col' }, 'Optimal?'),
        ),
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

  function renderOptimal() {
    const response = run.responses.optimal_policies;
    if (!response)
      return el('p', { class: 'notice' }, 'The model has no decisions: there is no policy to optimise.');
    if (!response.ok) return failureBlock(response, 'optimal policies');
    const r = response.result;
    const namedOptimal = r.optimal_named_policies || [];
    const stat = (label, id, value) =>
      el(
        'div',
        { class: 'stat' },
        el('span', { class: 'stat-label' }, label),
        el('span', { class: 'stat-value', id }, value),
      );
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

  function renderSettings() {
    const response = run.responses.settings;
    const query = run.settingsQuery || { policy: null, offset: 0, limit: 50 };
    const policies = (run.describe?.policies || []).map((p) => p.name);
    const needsPolicy = (run.describe?.decisions || []).length > 0;
    const controls = el('div', { class: 'settings-controls' });
    if (needsPolicy) {
      const select = el(
        'select',
        {
          id: 'settings-policy',
          'aria-label': 'Policy',
          onChange: (event) => onSettingsPage({ ...query, policy: event.target.value, offset: 0 }),
        },
        policies.map((name) => el('option', { value: name, selected: name === query.policy }, name)),
      );
      controls.append(el('label', null, 'Policy ', select));
    }
    const total = response?.ok ? response.result.total : 0;
    const pageSize = el(
      'select',
      {
        'aria-label': 'Rows per page',
        onChange: (event) => onSettingsPage({ ...query, limit: Number(event.target.value), offset: 0 }),
      },
      PAGE_SIZES.map((n) => el('option', { value: n, selected: n === query.limit }, String(n))),
    );
    controls.append(el('label', null, 'Rows ', pageSize));
    if (response?.ok) {
      const { offset, rows } = response.result;
      const last = offset + rows.length;
      controls.append(
        el(
          'span',
          { class: 'pager' },
          el(
            'button',
            {
              type: 'button',
              'aria-label': 'Previous page',
              disabled: offset <= 0,
              onClick: () => onSettingsPage({ ...query, offset: Math.max(0, offset - query.limit) }),
            },
            '‹',
          ),
          el(
            'span',
            { class: 'page-range' },
            `${rows.length ? offset + 1 : 0}–${last} of ${total.toLocaleString('en')}`,
          ),
          el(
            'button',
            {
              type: 'button',
              'aria-label': 'Next page',
              disabled: last >= total,
              onClick: () => onSettingsPage({ ...query, offset: offset + query.limit }),
            },
            '›',
          ),
        ),
      );
    }
    if (needsPolicy && !policies.length) {
      return el(
        'div',
        null,
        el('p', { class: 'notice' }, 'Name a policy in the model to see the settings under it.'),
      );
    }
    if (!response) return el('div', null, controls);
    if (!response.ok) return el('div', null, controls, failureBlock(response, 'settings'));
    const r = response.result;
    const stochastic = r.rows.some((row) => row.choice !== undefined || row.weight !== row.probability);
    return el(
      'div',
      null,
      controls,
      el(
        'p',
        { class: 'explain' },
        'Expected utility',
        query.policy ? ` under ${query.policy}` : '',
        ': ',
        el('strong', { id: 'settings-eu' }, formatNumber(r.expected_utility)),
        '. One row per setting e of the exogenous noise.',
      ),
      el(
        'div',
        { class: 'table-wrap' },
        el(
          'table',
          { class: 'data settings', id: 'settings-table' },
          el(
            'thead',
            null,
            el(
              'tr',
              null,
              settingHeaderCells(r.noise),
              r.variables.map((v) => varHeader(v, run.describe)),
              stochastic && el('th', { scope: 'col' }, 'choice'),
              stochastic && el('th', { scope: 'col', class: 'num' }, 'weight'),
            ),
          ),
          el(
            'tbody',
            null,
            r.rows.map((row) =>
              el(
                'tr',
                null,
                el('td', { class: 'num' }, String(row.setting)),
                el('td', { class: 'num' }, formatNumber(row.probability)),
                (row.noise || []).map((n, i) =>
                  el('td', { class: 'noise', dataset: { vars: r.noise[i] } }, formatOutcome(n)),
                ),
                (row.values || []).map((value, i) =>
                  el('td', { dataset: { vars: r.variables[i] } }, formatOutcome(value)),
                ),
                stochastic && el('td', null, choiceText(row.choice)),
                stochastic && el('td', { class: 'num' }, formatNumber(row.weight)),
              ),
            ),
          ),
        ),
      ),
    );
  }

  // Re-rendering the same tab keeps its scroll position (a click on a row, "Show more").
  let renderedTab = null;
  function render() {
    const scroll = renderedTab === activeTab ? body.scrollTop : 0;
    renderTab();
    renderedTab = activeTab;
    body.scrollTop = scroll;
    updateMarks();
  }

  // Shows the tabs of a kind of model; the active tab moves to the kind's first when hidden.
  function setKind(mdp) {
    mdpKind = mdp;
    for (const tab of TABS) tabButtons.get(tab.id).hidden = !tabShown(tab, mdp);
    const active = TABS.find((t) => t.id === activeTab);
    if (!tabShown(active, mdp)) activeTab = TABS.find((t) => tabShown(t, mdp)).id;
  }

  function renderTab() {
    if (run?.describe && isMdpKind(run.describe) !== mdpKind) setKind(isMdpKind(run.describe));
    for (const [id, button] of tabButtons) {
      button.setAttribute('aria-selected', String(id === activeTab));
      button.classList.toggle('active', id === activeTab);
    }
    clear(body);
    if (!run) {
      body.append(el('p', { class: 'notice' }, 'Press Run (Ctrl+Enter) to analyse the model.'));
      return;
    }
    if (run.failure) {
      body.append(
        el(
          'div',
          { class: 'failure' },
          el('p', null, 'The model has errors; fix them to run it:'),
          el(
            'ul',
            { class: 'diagnostics' },
            run.failure.diagnostics.map((d) => diagnosticItem(d, run.onReveal)),
          ),
        ),
      );
      return;
    }
    if (activeTab === 'goal') {
      body.append(renderGoal({ run, failureBlock, basename: basename?.() || 'motive', onScim: onGoal }));
    } else if (activeTab === 'values') {
      body.append(
        renderPolicyValues({
          run,
          view: goalView,
          failureBlock,
          onMore: (count) => {
            goalView.shown = count;
            render();
          },
        }),
      );
    } else if (activeTab === 'expected_utility') body.append(renderExpectedUtility());
    else if (activeTab === 'optimal_policies') body.append(renderOptimal());
    else if (activeTab === 'settings') body.append(renderSettings());
    else if (activeTab === 'incentives') body.append(renderIncentivesTab());
    else body.append(renderIntentionTab());
  }

  function renderIncentivesTab() {
    if (run.responses.incentives !== incentivesResponse) {
      incentivesResponse = run.responses.incentives;
      incentivesView = { selected: null };
    }
    return renderIncentives({
      run,
      view: incentivesView,
      failureBlock,
      onSelect: (selection) => {
        incentivesView.selected = selection;
        render();
        // Re-rendering replaces the buttons: keep the keyboard focus on the one pressed.
        if (selection) {
          const cell = body.querySelector(
            `table.incentives-table[data-decision="${CSS.escape(selection.decision)}"] ` +
              `tr[data-variable="${CSS.escape(selection.variable)}"] td.${selection.criterion} button`,
          );
          cell?.focus();
        }
      },
    });
  }

  // The Causes section under the Intention tab: shown once intentions were asked for.
  function renderCausesSection() {
    if (run.responses.actual_cause !== causesResponse) {
      causesResponse = run.responses.actual_cause;
      causesView = { shown: CAUSE_ROWS_SHOWN };
    }
    return renderCauses({
      run,
      view: causesView,
      failureBlock,
      onRun: (outcome) => onCauses?.(outcome),
      onMore: (count) => {
        causesView.shown = count;
        render();
      },
      onExport: (kind) => onCausesCsv?.(kind),
    });
  }

  function renderIntentionTab() {
    if (run.responses.intention !== intentionResponse) {
      intentionResponse = run.responses.intention;
      intentionView = { selected: null, shown: new Map(), referenceShown: REFERENCE_ROWS_SHOWN };
    }
    const intention = renderIntentionPart();
    const asked =
      run.responses.intention ||
      run.responses.actual_cause ||
      run.responses.hkw_intention ||
      run.causesRunning;
    if (!asked) return intention;
    const causes = renderCausesSection();
    const jump = el(
      'button',
      {
        type: 'button',
        class: 'link jump',
        id: 'jump-causes',
        onClick: () => causes.scrollIntoView({ block: 'start', behavior: 'smooth' }),
      },
      'Causes and the H&KW comparison ↓',
    );
    return el('div', { class: 'intention-tab' }, jump, intention, causes);
  }

  function renderIntentionPart() {
    return renderIntention({
      run,
      view: intentionView,
      failureBlock,
      onRun: (query) => onIntention(query),
      onEditBehaviour: (observations, result) => onEditBehaviour?.(observations, result),
      onSelect: (key) => {
        // Re-rendering replaces the rows: keep the keyboard focus on the verdict that had it.
        const focused = document.activeElement?.closest?.('tbody.entry');
        const where = focused && { variable: focused.dataset.variable, setting: focused.dataset.setting };
        intentionView.selected = key;
        render();
        if (where) {
          for (const entry of body.querySelectorAll('tbody.entry')) {
            if (entry.dataset.variable === where.variable && entry.dataset.setting === where.setting) {
              entry.focus();
            }
          }
        }
      },
      onMore: (variable, count) => {
        if (variable === null) intentionView.referenceShown = count;
        else intentionView.shown.set(variable, count);
        render();
      },
    });
  }

  // The graph marks of the shown tab (the Intention and Incentives tabs have some).
  function updateMarks() {
    let marks = null;
    if (run && !run.failure && activeTab === 'intention') marks = intentionMarks(run, intentionView.selected);
    if (run && !run.failure && activeTab === 'incentives')
      marks = incentivesMarks(run, incentivesView.selected);
    onMarks?.(marks);
  }

  setKind(false);
  render();

  return {
    // Shows a run: {describe, responses: {expected_utility, optimal_policies, settings, intention},
    // settingsQuery, intentionQuery, failure?, onReveal?}.
    show(newRun) {
      if (run?.describe !== newRun?.describe) {
        optimalShown = OPTIMAL_ROWS_SHOWN;
        renderedTab = null;
      }
      run = newRun;
      render();
    },
    activeTab: () => activeTab,
    // The kind of the model in the editor (describe's `kind`), so the tabs fit it before a run.
    setKind(describe) {
      const mdp = isMdpKind(describe);
      if (mdp === mdpKind) return;
      setKind(mdp);
      render();
    },
    // Marks the table cells and headers of the named variables.
    highlight(names) {
      const set = new Set(names);
      for (const cell of body.querySelectorAll('[data-vars]')) {
        const vars = cell.dataset.vars.split(' ');
        cell.classList.toggle(
          'hover',
          cell.tagName !== 'TR' && cell.tagName !== 'H3' && vars.length === 1 && set.has(vars[0]),
        );
      }
    },
  };
}
