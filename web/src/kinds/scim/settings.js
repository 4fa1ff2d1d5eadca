// The Settings tab of a SCIM: one row per setting of the exogenous noise under a chosen policy,
// paged through the engine ("settings" with offset and limit).
import { el, settingHeaderCells, formatNumber, formatOutcome } from '../../views/dom.js';
import { failureBlock } from '../../views/diagnostics.js';
import { varHeader } from '../../views/table.js';
import { settingsCsv } from './csv.js';
import { choiceText } from './words.js';

const PAGE_SIZES = [25, 50, 100, 200];
export const SETTINGS_PAGE = 50;
// Larger tables are exported as the page shown.
const CSV_MAX_ROWS = 100000;

export function settingsParams(query) {
  const params = { offset: query.offset, limit: query.limit };
  if (query.policy) params.policy = query.policy;
  return params;
}

export function settingsTab(page) {
  // Another page of the table, or another policy: asked of the engine, shown when it answers.
  const onSettingsPage = (query) =>
    page.session(async (ask, run) => {
      const settings = await ask('Settings', 'settings', settingsParams(query));
      run.queries.settings = query;
      run.responses.settings = settings;
    });

  // Every row of the table (asked of the engine page by page), or only the page shown when the
  // table is too large for a CSV file.
  async function allPages(run) {
    const shown = run.responses.settings.result;
    if (shown.total <= shown.rows.length || shown.total > CSV_MAX_ROWS) {
      if (shown.total > shown.rows.length)
        page.toast(`Exported the ${shown.rows.length} rows shown of ${shown.total}.`);
      return [shown];
    }
    const pages = [];
    const outcome = await page.session(async (ask) => {
      for (let offset = 0; offset < shown.total; offset += 10000) {
        const response = await ask(
          'Collecting settings',
          'settings',
          settingsParams({ ...run.queries.settings, offset, limit: 10000 }),
        );
        if (!response.ok) return;
        pages.push(response.result);
      }
    });
    return outcome === 'done' && pages.length ? pages : [shown];
  }

  return {
    id: 'settings',
    label: 'Settings',
    lead: 'Every setting of the world’s chance (its exogenous noise) with its probability, and the value each variable takes in it under the chosen policy: what counterfactual questions are answered from.',
    render: renderSettings,
    csv: async (run) =>
      run.responses.settings?.ok && { suffix: 'settings', text: settingsCsv(await allPages(run)) },
  };

  function renderSettings(run) {
    const response = run.responses.settings;
    const query = run.queries.settings || { policy: null, offset: 0, limit: 50 };
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
}
