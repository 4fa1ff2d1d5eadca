// The Intention tab's words (Ward et al. 2024, Def. 13): settings, witnesses, policies as phrases,
// and the marks a shown result puts on the graph. Plain strings: callers put them in text nodes.
import { formatNumber, formatOutcome } from '../../../views/dom.js';
import { observedMarks } from './behaviour.js';

// The named deterministic policies: intention is defined for those.
export function deterministicPolicies(describe) {
  return (describe?.policies || []).filter((p) => p.deterministic !== false).map((p) => p.name);
}

// The policy to ask about: the one chosen before if it still exists, else the first optimal named
// deterministic policy when the optimal policies are known, else the first deterministic one.
export function pickIntentionPolicy(describe, optimal, previous) {
  const names = deterministicPolicies(describe);
  if (previous && names.includes(previous)) return previous;
  const best = optimal?.ok ? optimal.result.optimal_named_policies || [] : [];
  return best.find((name) => names.includes(name)) || names[0] || null;
}

// The names of the alternatives a result refers to by their index in its reference set.
export function alternativeNames(r, indices) {
  return (indices || []).map((i) => r?.reference?.[i]?.name ?? `#${i}`);
}

// "setting 3", "settings 0 and 3", "settings 0, 2 and 5", long lists shortened (`all`: never).
// `count`: how many settings there are, when `settings` holds only the first of them.
export function settingsPhrase(settings, { count = settings.length, all = false } = {}) {
  const MAX = 8;
  const shown = (all ? settings : settings.slice(0, MAX)).map(String);
  const more = count - shown.length;
  if (more > 0) return `settings ${shown.join(', ')}, … (${count.toLocaleString('en')} settings)`;
  if (shown.length === 1) return `setting ${shown[0]}`;
  return `settings ${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

// "east in setting 0 and to west in setting 3": one fixed variable's values, grouped by value. A
// short witness lists only the first settings of w^Y: the count says how many there are.
function valuesPhrase(fixed, all) {
  const groups = new Map();
  (fixed.settings || []).forEach((setting, i) => {
    const value = formatOutcome(fixed.values?.[i]);
    if (!groups.has(value)) groups.set(value, []);
    groups.get(value).push(setting);
  });
  const listed = (fixed.settings || []).length;
  const count = fixed.count ?? listed;
  if (count > listed) {
    return `${[...groups.keys()].join(' or ')} in ${settingsPhrase(fixed.settings || [], { count })}`;
  }
  return [...groups]
    .map(([value, settings]) => `${value} in ${settingsPhrase(settings, { all })}`)
    .join(' and to ');
}

// The witness of a verdict in words (a plain string: the caller puts it in a text node). `alternative`
// is the name of its alternative; `all`: list every setting (a whole witness asked for on its own).
export function witnessText(witness, policy, alternative, { all = false } = {}) {
  const quoted = `'${alternative}'`;
  const fixed = witness.fixed || [];
  const fixings = fixed.map(
    (f, i) => `${f.variable}${i === 0 ? ' were fixed' : ''} to ${valuesPhrase(f, all)}`,
  );
  const whose = fixed.length > 1 ? 'their' : 'its';
  return (
    `Relative to ${quoted}: if ${fixings.join(', and ')} (${whose} values under '${policy}'), ` +
    `${quoted} would be as good: ${formatNumber(witness.rhs)} ≥ ${formatNumber(witness.lhs)} ` +
    '(Eq. 2), and no smaller fixing would do.'
  );
}

// A policy of the reference set as text: its name, or its rules when the model does not name it.
export function rulesText(rules) {
  return Object.entries(rules || {})
    .map(([decision, list]) =>
      (list || [])
        .map((rule) => {
          const observed = Object.values(rule.observation || {}).map(formatOutcome);
          const action = typeof rule.action === 'object' ? JSON.stringify(rule.action) : rule.action;
          return `${decision}${observed.length ? `(${observed.join(',')})` : ''}=${formatOutcome(action)}`;
        })
        .join(', '),
    )
    .join('; ');
}

// "a, b and c", the names quoted; long lists shortened.
export function namesPhrase(names, max = 3) {
  const quoted = names.slice(0, max).map((n) => `'${n}'`);
  if (names.length > max) return `${quoted.join(', ')} and ${names.length - max} more`;
  if (quoted.length < 2) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]}`;
}

export function entryKey(variable, setting) {
  return `${variable}@${setting}`;
}

// The chance variables the engine did not list as candidates (no directed path decision → V →
// utility): they cannot be intended.
export function nonCandidates(describe, result) {
  const candidates = new Set(result.candidates || []);
  return (describe?.variables || [])
    .filter((v) => v.type === 'chance' && !candidates.has(v.name))
    .map((v) => v.name);
}

// What the graph should mark while the tab shows a result: intended variables ringed,
// non-candidates dimmed, the selected witness's fixed variables filled.
export function intentionMarks(run, selected) {
  const response = run?.responses?.intention;
  if (!response?.ok) return null;
  const result = response.result;
  if (result.oracle === 'observed') return observedMarks(result);
  const ring = (result.variables || []).filter((v) => (v.intended || []).length).map((v) => v.variable);
  const focus = [];
  for (const v of result.variables || []) {
    for (const entry of v.intended || []) {
      if (entryKey(v.variable, entry.setting) === selected) {
        for (const f of entry.witness?.fixed || []) focus.push(f.variable);
      }
    }
  }
  return { ring, dim: nonCandidates(run.describe, result), focus };
}
