// Results as files: the engine's responses as JSON, and the shown table as CSV.
import { download } from './dom.js';

// A CSV field. Text that a spreadsheet would read as a formula is prefixed with a quote, since
// model labels are untrusted; numbers are written as they are.
function csvField(value) {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header, rows) {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

export function expectedUtilityCsv(response, describe) {
  const policies = response?.result?.policies || [];
  const utilities = describe?.utilities || Object.keys(policies[0]?.utilities || {});
  return toCsv(
    ['policy', 'expected_utility', ...utilities],
    policies.map((p) => [p.name, p.expected_utility, ...utilities.map((u) => p.utilities?.[u])]),
  );
}

export function optimalPoliciesCsv(response) {
  const rows = [];
  for (const decision of response?.result?.decisions || []) {
    for (const rule of decision.rules || []) {
      const observation = Object.entries(rule.observation || {})
        .map(([k, v]) => `${k}=${v}`)
        .join(';');
      for (const [action, eu] of Object.entries(rule.expected_utilities || {})) {
        rows.push([
          decision.decision,
          observation,
          rule.probability,
          action,
          eu,
          (rule.optimal || []).map(String).includes(action),
        ]);
      }
    }
  }
  return toCsv(['decision', 'observation', 'probability', 'action', 'expected_utility', 'optimal'], rows);
}

// The settings rows of one or several settings responses (pages of the same table).
export function settingsCsv(results) {
  const first = results[0];
  const stochastic = results.some((r) => r.rows.some((row) => row.choice !== undefined));
  const header = [
    'setting',
    'probability',
    ...first.noise.map((n) => `noise_${n}`),
    ...first.variables,
    ...(stochastic ? ['choice', 'weight'] : []),
  ];
  const rows = results.flatMap((r) =>
    r.rows.map((row) => [
      row.setting,
      row.probability,
      ...(row.noise || []),
      ...(row.values || []),
      ...(stochastic ? [row.choice, row.weight] : []),
    ]),
  );
  return toCsv(header, rows);
}

// The Intention tab: one row per (variable, setting) whose outcome the policy intends, with the
// setting's noise and probability, the alternatives it is intended relative to and the witness of
// the first one (the variables fixed, as variable=value@setting, and both sides of Eq. 2).
export function intentionCsv(response, describe) {
  const r = response?.result || {};
  const settings = new Map((r.settings || []).map((s) => [s.setting, s]));
  // The noise columns in the model's order.
  const keys = Object.keys(r.settings?.[0]?.noise || {});
  const order = (describe?.variables || []).map((v) => v.name);
  const rank = (name) => (order.includes(name) ? order.indexOf(name) : order.length);
  const noise = [...keys].sort((a, b) => rank(a) - rank(b));
  const header = [
    'policy',
    'variable',
    'setting',
    'probability',
    ...noise.map((n) => `noise_${n}`),
    'value',
    'alternatives',
    'witness_alternative',
    'witness_fixed',
    'witness_eu_policy',
    'witness_eu_alternative_fixed',
  ];
  const rows = [];
  for (const v of r.variables || []) {
    for (const entry of v.intended || []) {
      const s = settings.get(entry.setting);
      const w = entry.witness || {};
      rows.push([
        r.policy,
        v.variable,
        entry.setting,
        s?.probability,
        ...noise.map((n) => s?.noise?.[n]),
        entry.value,
        (entry.alternatives || []).join(';'),
        w.alternative,
        (w.fixed || [])
          .flatMap((f) => (f.settings || []).map((e, i) => `${f.variable}=${f.values?.[i]}@${e}`))
          .join(';'),
        w.lhs,
        w.rhs,
      ]);
    }
  }
  return toCsv(header, rows);
}

export function downloadText(filename, text, type) {
  download(filename, new Blob([text], { type }));
}
