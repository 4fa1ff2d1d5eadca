// What the grid shows of the engine's replies: per cell the states in it, the heatmaps' numbers
// (read off describe, solve and meg), the policies per cell. Reading, not computing: a cell's
// number is its state's (summed over steps where a horizon gives a cell several states).

// Heatmaps: where their numbers come from, and whether they are signed (a diverging scale centred
// at 0) or not (a sequential scale from 0).
// Terminal cells are left uncoloured where their number says nothing about the agent (after
// entering them it stays in an absorbing zero-utility state: value 0, no MEG, and occupancy that
// would only count the time spent there).
export const HEATMAPS = [
  { id: 'utility', label: 'Utility of entering', signed: true, terminals: true },
  { id: 'optimal_value', label: 'Optimal value V*', signed: true },
  { id: 'agent_value', label: "Agent's value", signed: true },
  { id: 'occupancy', label: 'Visits (occupancy)', signed: false },
  { id: 'contribution', label: 'MEG contribution', signed: true },
  { id: 'inferred_utility', label: 'Inferred utility (unknown-utility MEG)', signed: true, terminals: true },
  { id: 'sweep_value', label: 'Value at this sweep (value iteration)', signed: true, terminals: true },
];

// ---- Reading the responses ----

// Per cell (row-major index) the states in it, in state order (a finite horizon has one per step).
export function statesByCell(describe) {
  const { rows, cols } = describe.grid;
  const byCell = Array.from({ length: rows * cols }, () => []);
  (describe.states || []).forEach((s, i) => {
    if (Array.isArray(s.cell)) byCell[s.cell[0] * cols + s.cell[1]]?.push(i);
  });
  return byCell;
}

// A per-state array as per-cell numbers: the first state of the cell (values), or the sum over the
// cell's states (occupancy, contributions: quantities that add up over time steps).
function perCell(byCell, perState, sum) {
  return byCell.map((states) => {
    if (!perState || !states.length) return NaN;
    if (!sum) return toFinite(perState[states[0]]);
    return states.reduce((acc, i) => acc + (toFinite(perState[i]) || 0), 0);
  });
}

function toFinite(v) {
  return typeof v === 'number' && Number.isFinite(v) ? v : NaN;
}

// The numbers of a heatmap per cell (NaN where a cell has none), or null when the responses lack them.
// `byCell` (statesByCell of describe) may be given when known.
export function heatmapValues(id, describe, data, byCell = null) {
  const values = rawHeatmapValues(id, describe, data, byCell || statesByCell(describe));
  if (!values || HEATMAPS.find((h) => h.id === id)?.terminals) return values;
  const cells = describe.grid.cells.flat();
  return values.map((v, i) => (cells[i].terminal ? NaN : v));
}

// Whether the responses hold a heatmap's numbers (without computing them).
export function heatmapAvailable(id, data) {
  const solve = data.solve?.ok ? data.solve.result : null;
  const known = data.megKnown?.ok ? data.megKnown.result : null;
  switch (id) {
    case 'utility':
      return true;
    case 'optimal_value':
      return Boolean(solve?.values);
    case 'agent_value':
      return Boolean(solve?.agent?.values);
    case 'occupancy':
      return Boolean(solve?.agent?.occupancy || known?.occupancy);
    case 'contribution':
      return Boolean(known?.contributions);
    case 'inferred_utility':
      return Boolean(data.megUnknown?.ok && data.megUnknown.result.inferred_utility);
    case 'sweep_value':
      return Boolean(data.sweep?.values);
    default:
      return false;
  }
}

function rawHeatmapValues(id, describe, data, byCell) {
  const grid = describe?.grid;
  if (!grid) return null;
  const solve = data.solve?.ok ? data.solve.result : null;
  const known = data.megKnown?.ok ? data.megKnown.result : null;
  const unknown = data.megUnknown?.ok ? data.megUnknown.result : null;
  switch (id) {
    case 'utility':
      return grid.cells.flat().map((c) => (c.type === 'wall' ? NaN : toFinite(c.utility)));
    case 'optimal_value':
      return solve?.values ? perCell(byCell, solve.values, false) : null;
    case 'agent_value':
      return solve?.agent?.values ? perCell(byCell, solve.agent.values, false) : null;
    case 'occupancy': {
      const occupancy = solve?.agent?.occupancy || known?.occupancy;
      return occupancy ? perCell(byCell, occupancy, true) : null;
    }
    case 'contribution':
      return known?.contributions ? perCell(byCell, known.contributions, true) : null;
    case 'inferred_utility':
      return unknown?.inferred_utility ? perCell(byCell, unknown.inferred_utility, false) : null;
    case 'sweep_value':
      return data.sweep?.values ? perCell(byCell, data.sweep.values, false) : null;
    default:
      return null;
  }
}

// The policy of the first state of each cell: per cell an array of probabilities per action.
export function policyByCell(byCell, policy) {
  if (!policy) return null;
  return byCell.map((states) => (states.length ? policy[states[0]] || null : null));
}

// ---- Drawing ----

// Draws one grid at (x0, y0) with `cell` device pixels per cell: the cells' colours, kinds and the
// policy arrows. layer = {describe, flat: the cells row-major, heat: per-cell numbers or null,
// scale, policy: per-cell probabilities or null, dpr}.
