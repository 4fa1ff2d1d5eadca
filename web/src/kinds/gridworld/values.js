// The Policy & values tab of a gridworld or MDP: per state the optimal value, the agent's value and
// occupancy, both policies, the MEG contributions and the inferred utility.
import { el } from '../../views/dom.js';
import { failureBlock } from '../../views/diagnostics.js';
import { stat } from '../../views/table.js';
import { formatValue } from '../../views/meg/words.js';

const STATE_ROWS_SHOWN = 200;

export function renderPolicyValues({ run, view, onMore }) {
  const d = run.describe;
  const solve = run.responses.solve;
  if (!solve) return el('p', { class: 'notice' }, 'computing…');
  if (!solve.ok) return failureBlock(solve, 'values');
  const s = solve.result;
  const known = run.responses.meg_known?.ok ? run.responses.meg_known.result : null;
  const unknown = run.responses.meg_unknown?.ok ? run.responses.meg_unknown.result : null;
  const actions = d.actions || [];
  const states = d.states || [];
  const shown = Math.min(states.length, view?.shown || STATE_ROWS_SHOWN);
  const probs = (p) =>
    el(
      'td',
      { class: 'probs' },
      actions
        .map((a, i) => [a, p?.[i]])
        .filter(([, x]) => x > 0.0005)
        .map(([a, x]) => `${a} ${formatValue(x, 3)}`)
        .join(', '),
    );
  return el(
    'div',
    { class: 'values-tab' },
    el(
      'div',
      { class: 'summary' },
      stat("Agent's expected utility", 'agent-eu', formatValue(s.agent?.expected_utility)),
      stat('Optimal expected utility', 'optimal-eu', formatValue(s.optimal_expected_utility)),
      stat('States', null, String(states.length)),
      stat('Actions', null, actions.join(', ')),
    ),
    el(
      'div',
      { class: 'table-wrap' },
      el(
        'table',
        { class: 'data', id: 'values-table' },
        el(
          'thead',
          null,
          el(
            'tr',
            null,
            el('th', { scope: 'col' }, 'state'),
            el('th', { scope: 'col', class: 'num' }, 'V*'),
            el('th', { scope: 'col', class: 'num' }, "agent's V"),
            el('th', { scope: 'col', class: 'num' }, 'occupancy'),
            el('th', { scope: 'col' }, "agent's policy"),
            known && el('th', { scope: 'col' }, 'max-ent policy'),
            known && el('th', { scope: 'col', class: 'num' }, 'MEG contribution'),
            unknown?.inferred_utility && el('th', { scope: 'col', class: 'num' }, 'inferred utility'),
          ),
        ),
        el(
          'tbody',
          null,
          states
            .slice(0, shown)
            .map((st, i) =>
              el(
                'tr',
                { class: st.terminal ? 'terminal' : null },
                el('th', { scope: 'row' }, st.name, st.terminal ? ' (terminal)' : ''),
                el('td', { class: 'num' }, formatValue(s.values?.[i])),
                el('td', { class: 'num' }, formatValue(s.agent?.values?.[i])),
                el('td', { class: 'num' }, formatValue(s.agent?.occupancy?.[i])),
                probs(s.agent?.policy?.[i]),
                known && probs(known.maxent_policy?.[i]),
                known && el('td', { class: 'num' }, formatValue(known.contributions?.[i])),
                unknown?.inferred_utility &&
                  el('td', { class: 'num' }, formatValue(unknown.inferred_utility[i])),
              ),
            ),
        ),
      ),
    ),
    states.length > shown &&
      el(
        'button',
        { type: 'button', class: 'more', onClick: () => onMore?.(shown + STATE_ROWS_SHOWN) },
        `Show more (${shown} of ${states.length} states shown)`,
      ),
  );
}
