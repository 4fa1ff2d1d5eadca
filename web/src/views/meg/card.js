// One MEG figure: the value against its bound, β*, the expected utilities, convergence, the reason.
import { el } from '../dom.js';
import { toNumber } from '../plots.js';
import { failureBlock } from '../diagnostics.js';
import { formatMeg, formatValue } from './words.js';

export function megCard(id, title, response, reason) {
  if (!response)
    return el(
      'div',
      { class: 'meg-card pending', id },
      el('h3', null, title),
      el('p', { class: 'notice' }, 'computing…'),
    );
  if (!response.ok) {
    return el(
      'div',
      { class: 'meg-card', id },
      el('h3', null, title),
      failureBlock(response, `${title.toLowerCase()} MEG`),
    );
  }
  const r = response.result;
  const meg = toNumber(r.meg);
  const bound = toNumber(r.bound);
  const fraction = bound > 0 && Number.isFinite(meg) ? Math.max(0, Math.min(1, meg / bound)) : 0;
  const bar = el('div', {
    class: 'meg-bar',
    role: 'meter',
    'aria-valuemin': 0,
    'aria-valuemax': Number.isFinite(bound) ? bound : 1,
    'aria-valuenow': Number.isFinite(meg) ? meg : 0,
    'aria-label': `${title}: ${formatMeg(r.meg)} of at most ${formatMeg(r.bound)}`,
  });
  const fill = el('div', { class: 'meg-bar-fill' });
  fill.style.width = `${(fraction * 100).toFixed(2)}%`;
  bar.append(fill);
  return el(
    'div',
    { class: 'meg-card', id },
    el('h3', null, title),
    el(
      'div',
      { class: 'meg-figure' },
      el('span', { class: 'meg-value', dataset: { value: String(r.meg) } }, formatMeg(r.meg)),
      el('span', { class: 'meg-unit' }, ' nats'),
      el(
        'span',
        { class: 'meg-of' },
        ` of at most ${formatMeg(r.bound)}`,
        Number.isFinite(meg) && bound > 0 ? ` (${Math.round(fraction * 100)}%)` : '',
      ),
    ),
    bar,
    el(
      'dl',
      { class: 'meg-facts' },
      el('dt', null, 'β*'),
      el('dd', { class: 'meg-beta' }, formatValue(r.beta)),
      r.expected_utility !== undefined &&
        el(
          'dt',
          null,
          r.utility === 'unknown' ? "agent's expected inferred utility" : "agent's expected utility",
        ),
      r.expected_utility !== undefined && el('dd', null, formatValue(r.expected_utility)),
      r.maxent_expected_utility !== undefined &&
        el(
          'dt',
          null,
          r.utility === 'unknown' ? 'max-ent expected inferred utility' : 'max-ent expected utility',
        ),
      r.maxent_expected_utility !== undefined && el('dd', null, formatValue(r.maxent_expected_utility)),
      r.converged !== undefined && el('dt', null, 'converged'),
      r.converged !== undefined &&
        el('dd', { class: r.converged ? 'converged' : 'not-converged' }, r.converged ? 'yes' : 'no'),
    ),
    el('p', { class: 'meg-reason' }, reason(r)),
  );
}
