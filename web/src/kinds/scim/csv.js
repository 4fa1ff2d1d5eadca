// SCIM results as CSV: one table per tab.
import { toCsv } from '../../views/export.js';

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

// The Intention tab with the observed-behaviour oracle: one row per outcome and its verdict, the
// observation that witnesses it and the interventions still missing (as X=x&Y=y, separated by ';').
function observedIntentionCsv(r) {
  const assignment = (a) =>
    Object.entries(a || {})
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
  const header = ['outcome', 'verdict', 'intended', 'witness', 'confirming', 'missing', 'missing_count'];
  const rows = (r.verdicts || []).map((v) => [
    assignment(v.outcome),
    v.verdict,
    v.intended,
    v.witness ?? '',
    (v.confirming || []).join(';'),
    (v.missing || []).map(assignment).join(';'),
    v.missing_count,
  ]);
  return toCsv(header, rows);
}

// The Intention tab: one row per (variable, setting) whose outcome the policy intends, with the
// setting's noise and probability, the alternatives it is intended relative to and the witness of
// the first one (the variables fixed, as variable=value@setting, and both sides of Eq. 2).
export function intentionCsv(response, describe) {
  const r = response?.result || {};
  if (r.oracle === 'observed') return observedIntentionCsv(r);
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
        (entry.alternatives || []).map((i) => r.reference?.[i]?.name).join(';'),
        r.reference?.[w.alternative]?.name,
        // A short witness lists the first settings of each w^Y, then how many there are in all.
        (w.fixed || [])
          .flatMap((f) => [
            ...(f.settings || []).map((e, i) => `${f.variable}=${f.values?.[i]}@${e}`),
            ...((f.count ?? 0) > (f.settings || []).length ? [`${f.variable}@…(${f.count} settings)`] : []),
          ])
          .join(';'),
        w.lhs,
        w.rhs,
      ]);
    }
  }
  return toCsv(header, rows);
}

// The Incentives tab: one row per decision and variable; each criterion true, false or n/a, with
// its witness path (names joined by ';') and, for value of information, the set it is given.
export function incentivesCsv(response) {
  const keys = ['ici', 'voi', 'ri', 'voc'];
  const header = ['decision', 'variable'];
  for (const k of keys) header.push(k, `${k}_path`, ...(k === 'voi' ? ['voi_given'] : []));
  const rows = [];
  for (const d of response?.result?.decisions || []) {
    for (const v of d.variables || []) {
      const row = [d.decision, v.variable];
      for (const k of keys) {
        const verdict = v[k];
        row.push(verdict ? verdict.admits : 'n/a', (verdict?.path || []).join(';'));
        if (k === 'voi') row.push((verdict?.given || []).join(';'));
      }
      rows.push(row);
    }
  }
  return toCsv(header, rows);
}

// The Causes section's actual causes: one row per setting, with the witness (variables held at
// their actual values, the causes' alternative values, the outcomes' values then).
export function actualCauseCsv(response, policy, describe) {
  const r = response?.result || {};
  const results = r.results || [];
  const keys = Object.keys(results[0]?.noise || {});
  const order = (describe?.variables || []).map((v) => v.name);
  const rank = (name) => (order.includes(name) ? order.indexOf(name) : order.length);
  const noise = [...keys].sort((a, b) => rank(a) - rank(b));
  const causes = r.causes || [];
  const outcomes = r.outcomes || [];
  const pairs = (values) =>
    Object.entries(values || {})
      .map(([k, v]) => `${k}=${v}`)
      .join(';');
  const header = [
    'policy',
    'setting',
    'probability',
    ...noise.map((n) => `noise_${n}`),
    ...causes,
    ...outcomes,
    'actual_cause',
    'witness_held',
    'witness_alternative',
    'witness_outcomes',
  ];
  const rows = results.map((e) => [
    policy,
    e.setting,
    e.probability,
    ...noise.map((n) => e.noise?.[n]),
    ...causes.map((c) => e.causes?.[c]),
    ...outcomes.map((o) => e.outcomes?.[o]),
    e.actual_cause,
    pairs(e.witness?.held),
    pairs(e.witness?.alternative),
    pairs(e.witness?.outcomes),
  ]);
  return toCsv(header, rows);
}

// The H&KW comparison: the intention to bring about each outcome (Def. 25), then the intention to
// influence relative to each alternative (Def. 24), in one table with a `kind` column.
export function hkwIntentionCsv(response) {
  const r = response?.result || {};
  const header = [
    'policy',
    'variables',
    'kind',
    'value_or_alternative',
    'probability',
    'expected_utility',
    'optimal',
    'intended',
    'relative_to_or_y',
    'lhs',
    'rhs',
  ];
  const variables = (r.variables || []).join(';');
  const rows = [];
  for (const b of r.bring_about || []) {
    const relative = b.intended_relative_to || [];
    rows.push([
      r.policy,
      variables,
      'bring_about',
      b.value,
      b.probability,
      b.expected_utility_if_fixed,
      b.optimal,
      relative.length > 0,
      relative.join(';'),
      undefined,
      undefined,
    ]);
  }
  for (const a of r.alternatives || []) {
    rows.push([
      r.policy,
      variables,
      'influence',
      a.name,
      undefined,
      a.expected_utility,
      undefined,
      a.intends_to_influence,
      (a.y || []).join(';'),
      a.lhs,
      a.rhs,
    ]);
  }
  return toCsv(header, rows);
}
