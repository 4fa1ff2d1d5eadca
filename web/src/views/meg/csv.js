// MEG results as CSV (every kind).
import { toCsv } from '../export.js';

// A MEG sweep (meg_sweep): one row per value of the swept parameter.
export function megSweepCsv(response) {
  const r = response?.result || {};
  return toCsv(
    [r.parameter || 'value', 'known', 'unknown', 'beta'],
    (r.points || []).map((p) => [p.value, p.known, p.unknown, p.beta]),
  );
}

// The likelihood curve L(β) (meg_likelihood).
export function megLikelihoodCsv(response) {
  const r = response?.result || {};
  return toCsv(
    ['beta', 'likelihood'],
    (r.points || []).map((p) => [p.beta, p.likelihood]),
  );
}
