// Gridworld and MDP results as CSV.
import { toCsv } from '../../views/export.js';

// Per state of a gridworld or MDP: its cell, V*, the agent's value, occupancy, MEG contribution,
// inferred utility, and both policies (one column per action). Any response may be missing.
export function goalStatesCsv(describe, responses) {
  const states = describe?.states || [];
  const actions = describe?.actions || [];
  const solve = responses.solve?.ok ? responses.solve.result : null;
  const known = responses.meg_known?.ok ? responses.meg_known.result : null;
  const unknown = responses.meg_unknown?.ok ? responses.meg_unknown.result : null;
  const header = [
    'state',
    'row',
    'column',
    'terminal',
    'optimal_value',
    'agent_value',
    'occupancy',
    'meg_contribution',
    'inferred_utility',
    ...actions.map((a) => `agent_${a}`),
    ...actions.map((a) => `maxent_${a}`),
  ];
  const rows = states.map((s, i) => [
    s.name,
    s.cell ? s.cell[0] : undefined,
    s.cell ? s.cell[1] : undefined,
    s.terminal,
    solve?.values?.[i],
    solve?.agent?.values?.[i],
    solve?.agent?.occupancy?.[i] ?? known?.occupancy?.[i],
    known?.contributions?.[i],
    unknown?.inferred_utility?.[i],
    ...actions.map((_, a) => (solve?.agent?.policy || known?.agent_policy)?.[i]?.[a]),
    ...actions.map((_, a) => known?.maxent_policy?.[i]?.[a]),
  ]);
  return toCsv(header, rows);
}
