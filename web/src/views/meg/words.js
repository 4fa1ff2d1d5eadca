// MEG in words (MacDermott et al. 2024; docs/analyses.md): the values as the reference tables give
// them, and why known- and unknown-utility MEG have their values, from the engine's witnesses.
import { formatNumber } from '../dom.js';
import { toNumber } from '../plots.js';

// A MEG value (nats): four decimals, as the reference tables give them.
export function formatMeg(value) {
  const v = toNumber(value);
  if (!Number.isFinite(v)) return formatValue(value);
  const text = (Math.abs(v) < 5e-5 ? 0 : v).toFixed(4);
  return text.replace(/^-/, '−');
}

// A number for prose: 4 significant digits, "+∞" / "−∞" for the engine's "inf" / "-inf", a proper
// minus sign.
export function formatValue(value, digits = 4) {
  if (value === 'inf' || value === Infinity) return '+∞';
  if (value === '-inf' || value === -Infinity) return '−∞';
  if (typeof value !== 'number') return String(value ?? '–');
  const text = formatNumber(Number(value.toPrecision(digits)));
  return text.replace(/^-/, '−');
}

// How the run is summed, in words: the discount or the horizon.
function runWords(describe) {
  if (!describe) return 'over the decisions';
  if (describe.horizon !== undefined && describe.horizon !== null)
    return `over the ${describe.horizon} steps`;
  if (typeof describe.discount === 'number')
    return `over the discounted run (γ = ${formatValue(describe.discount)})`;
  return 'over its decisions';
}

// Why known-utility MEG has its value, in words, from the engine's witnesses.
export function knownReason(r, describe, subject = "The agent's") {
  const eu = formatValue(r.expected_utility);
  const meg = formatMeg(r.meg);
  const over = runWords(describe);
  if (r.beta === 'inf') {
    return (
      `${subject} expected utility ${eu} is the best attainable: the maximum-entropy policy that matches ` +
      `it is uniform over the optimal actions (β = +∞), and it predicts the agent's actions ${meg} nats ` +
      `better than uniform ${over}.`
    );
  }
  if (r.beta === '-inf') {
    return (
      `${subject} expected utility ${eu} is the worst attainable: the maximum-entropy policy that matches ` +
      `it is uniform over the worst actions (β = −∞), and it predicts the agent's actions ${meg} nats ` +
      `better than uniform ${over}.`
    );
  }
  if (r.beta === 0 || Math.abs(Number(r.meg)) < 1e-9) {
    return (
      `${subject} expected utility ${eu} is what acting uniformly at random attains (β = ${formatValue(r.beta)}): ` +
      'no maximum-entropy policy for this utility predicts its actions better than uniform, so MEG is 0.'
    );
  }
  return (
    `${subject} expected utility ${eu} is matched by the soft-optimal policy with β = ${formatValue(r.beta)}; ` +
    `that policy predicts the agent's actions ${meg} nats better than uniform ${over}.`
  );
}

// `targets`: the variables a SCIM's utility may depend on; without them the reply's `class` says
// what the utility ranges over (gridworlds and MDPs).
export function unknownReason(r, describe, targets) {
  const over = targets?.length
    ? `every utility function of ${targets.join(', ')}`
    : r.class === 'mlp'
      ? 'every utility the small neural network over state features can express'
      : r.class === 'tabular'
        ? 'every utility of the states (one number per state)'
        : 'the utility class';
  const inferred = describe?.grid ? ' The best one is the heatmap "Inferred utility" on the grid.' : '';
  const gradient = (g) =>
    typeof g === 'number' && g !== 0 && Math.abs(g) < 1e-3 ? g.toExponential(1) : formatValue(g, 2);
  const status = r.converged
    ? `The optimiser converged${r.iterations !== undefined ? ` in ${r.iterations} iterations` : ''}` +
      (r.gradient_norm !== undefined ? ` (gradient norm ${gradient(r.gradient_norm)})` : '') +
      '.'
    : `The optimiser did not converge${r.iterations !== undefined ? ` after ${r.iterations} iterations` : ''}` +
      (r.gradient_norm !== undefined ? ` (gradient norm ${gradient(r.gradient_norm)})` : '') +
      ': the value is a lower bound.';
  return (
    `Over ${over}, the one that makes the agent look most goal-directed gives MEG ${formatMeg(r.meg)}` +
    ` (β = ${formatValue(r.beta)}).${inferred} ${status}`
  );
}
