// The adventure's counts and agents in words. The engine names its counts ("power.money",
// "violations.stealing", ...; describe's `counts`); the page only says them readably and sorts them
// into the three families the marks and colours follow.
import { formatNumber } from '../../views/dom.js';

// The family of a count: 'power', 'disutility' or 'violations'.
export function countFamily(name) {
  return String(name).split('.')[0];
}

// A count in words: "stealing", "money (power)", "violations Σ".
export function countLabel(name) {
  const [family, part] = String(name).split('.');
  if (!part) return family === 'disutility' ? 'disutility' : `${family} Σ`;
  const words = part.replace(/_/g, ' ');
  return family === 'power' ? `${words} power` : words;
}

// Whether a count is one of the two sums (power Σ, violations Σ).
export const isSum = (name) => name === 'power' || name === 'violations';

// A number of the engine: "inf" and "-inf" as ∞; others formatted for tables.
export function formatValue(value) {
  if (value === 'inf' || value === '+inf') return '∞';
  if (value === '-inf') return '−∞';
  if (value === null || value === undefined) return '–';
  return formatNumber(value);
}

// A reward or behaviour score, to one decimal.
export function formatScore(value) {
  if (typeof value !== 'number') return formatValue(value);
  return String(Number(value.toFixed(1)));
}

// The agents of the engine (play's `agent`), as the page names them.
export const AGENTS = [
  { id: 'random', label: 'Random (seeded)' },
  { id: 'reward', label: 'Reward-maximising planner' },
  { id: 'soft', label: 'Soft-optimal (β)' },
  { id: 'regularised', label: 'Harm-regularised planner (α)' },
  { id: 'conscience', label: 'Conscience (γ)' },
  { id: 'policy', label: 'Policy table' },
  { id: 'choices', label: 'Recorded choices' },
];

export const HARM_MEASURES = [
  { id: 'violations', label: 'violations Σ' },
  { id: 'power', label: 'power Σ' },
  { id: 'disutility', label: 'disutility' },
  { id: 'all', label: 'all three' },
];

// A scene's flags grouped by family: {violations: [...], power: [...], disutility: [...]}.
export function flagsByFamily(flags) {
  const out = { violations: [], power: [], disutility: [] };
  for (const f of flags || []) out[countFamily(f)]?.push(f);
  return out;
}

// An ending scene in words: 'ending “The coast”', or 'ending' when it has no title.
export const endingWords = (scene) => (scene.ending ? `ending “${scene.ending}”` : 'ending');

// An achievement's title by id (the id when the game gives none).
export function achievementTitle(describe, id) {
  const a = (describe?.achievements || []).find((x) => x.id === id);
  return a?.title || id;
}

export function achievementPoints(describe, id) {
  return (describe?.achievements || []).find((x) => x.id === id)?.points;
}
