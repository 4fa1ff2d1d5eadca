// The Goal-directedness tab of an adventure (MacDermott et al. 2024 across the papers): how
// goal-directed each agent's play is (known-utility MEG, the game read as an MDP) towards three
// goals: the points, harm, and reward − α·harm. One row per agent, a bar per goal against its bound,
// β* in words. The engine's `meg` reply, asked when the tab opens.
import { el } from '../../views/dom.js';
import { headerRow } from '../../views/table.js';
import { failureBlock } from '../../views/diagnostics.js';
import { toCsv } from '../../views/export.js';
import { formatMeg, formatValue } from '../../views/meg/words.js';
import { toNumber } from '../../views/plots.js';

const GOALS = [
  { id: 'points', label: 'the points' },
  { id: 'harm', label: 'harm' },
  { id: 'regularised', label: 'reward − α·harm' },
];

// β* in a word: towards the goal, against it, or indifferent.
export function leaning(beta) {
  if (beta === 'inf' || (typeof beta === 'number' && beta > 1e-9)) return 'towards';
  if (beta === '-inf' || (typeof beta === 'number' && beta < -1e-9)) return 'against';
  return 'neither';
}

function megBar(m) {
  const meg = toNumber(m.meg);
  const bound = toNumber(m.bound);
  const fraction = bound > 0 && Number.isFinite(meg) ? Math.max(0, Math.min(1, meg / bound)) : 0;
  const fill = el('span', { class: 'adv-meg-fill' });
  fill.style.width = `${(fraction * 100).toFixed(1)}%`;
  const way = leaning(m.beta);
  return el(
    'td',
    {
      class: `adv-meg leaning-${way}`,
      dataset: { meg: String(m.meg), beta: String(m.beta) },
      title: `MEG ${formatMeg(m.meg)} of at most ${formatMeg(m.bound)}; β* = ${formatValue(m.beta)}`,
    },
    el('span', { class: 'adv-meg-bar' }, fill),
    el('span', { class: 'adv-meg-value' }, `${formatMeg(m.meg)} `),
    el(
      'span',
      { class: 'adv-meg-way' },
      way === 'towards' ? '↑ seeks it' : way === 'against' ? '↓ avoids it' : '· indifferent',
    ),
  );
}

export function megTab(page) {
  let asked = null;
  async function compute() {
    const run = page.run();
    if (!run) return;
    asked = run.text;
    await page.session((ask) => ask('Goal-directedness', 'meg', {}, { key: 'meg', busy: 'meg' }));
  }
  return {
    id: 'meg',
    label: 'Goal-directedness',
    lead: 'How goal-directed each agent’s play is (MEG) towards the points, towards harm, and towards reward minus harm: how much better its choices are predicted by a player seeking (or avoiding) that goal than by chance. 0 is no better; the bar is full at the bound.',
    render(run) {
      const response = run.responses.meg;
      if (!response)
        return el(
          'p',
          { class: 'notice' },
          run.busy.meg ? 'Measuring…' : 'Open this tab after a run to measure.',
        );
      if (!response.ok) return failureBlock(response, 'goal-directedness');
      const r = response.result;
      return el(
        'div',
        { class: 'adv-meg-tab' },
        el(
          'table',
          { class: 'data', id: 'adv-meg-table' },
          headerRow(
            'agent',
            GOALS.map((g) => `towards ${g.label}`),
          ),
          el(
            'tbody',
            null,
            (r.agents || []).map((a) =>
              el(
                'tr',
                { dataset: { agent: a.agent } },
                el('th', { scope: 'row' }, a.label),
                GOALS.map((g) => (a[g.id] ? megBar(a[g.id]) : el('td', null, '–'))),
              ),
            ),
          ),
        ),
        el(
          'p',
          { class: 'explain' },
          `Harm counts ${r.harm}; α = ${formatValue(r.alpha)}. `,
          'The random player is never goal-directed (0). An agent that seeks one goal can look goal-directed towards another only as far as that goal goes with it; “avoids it” (β* < 0) means its choices are best predicted by a player working against the goal.',
        ),
      );
    },
    open(run) {
      if (asked !== run.text || !run.responses.meg) compute();
    },
    csv(run) {
      const r = run.responses.meg?.ok && run.responses.meg.result;
      if (!r) return null;
      const rows = [];
      for (const a of r.agents || [])
        for (const g of GOALS)
          if (a[g.id])
            rows.push([a.agent, g.id, a[g.id].meg, a[g.id].bound, a[g.id].beta, a[g.id].expected_utility]);
      return {
        suffix: 'meg',
        text: toCsv(['agent', 'goal', 'meg', 'bound', 'beta', 'expected_utility'], rows),
      };
    },
  };
}
