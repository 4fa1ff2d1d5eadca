// SCIM things in words, as the tabs write them.
import { formatOutcome } from '../../views/dom.js';

// "X = 1, Y = a", or "nothing observed".
export function observationText(observation) {
  const entries = Object.entries(observation || {});
  if (!entries.length) return 'nothing observed';
  return entries.map(([k, v]) => `${k} = ${formatOutcome(v)}`).join(', ');
}

// A `choice` entry of a settings row, whatever its shape.
export function choiceText(choice) {
  if (choice === undefined || choice === null) return '';
  if (Array.isArray(choice)) return choice.map(formatOutcome).join(', ');
  if (typeof choice === 'object') {
    return Object.entries(choice)
      .map(([k, v]) => `${k} = ${typeof v === 'object' ? JSON.stringify(v) : formatOutcome(v)}`)
      .join(', ');
  }
  return formatOutcome(choice);
}

// The settings policy to show: the one chosen before if it still exists, else an optimal named
// policy, else the first.
export function pickSettingsPolicy(describe, optimal, previous) {
  const names = (describe.policies || []).map((p) => p.name);
  if (previous && names.includes(previous)) return previous;
  const best = optimal?.ok ? optimal.result.optimal_named_policies || [] : [];
  return best[0] || names[0] || null;
}
