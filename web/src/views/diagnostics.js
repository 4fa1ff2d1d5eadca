// Diagnostics as the page shows them: a readable block per problem, and a tab's failed reply.
import { el } from './dom.js';

// One diagnostic as a readable block: position, message, hint, id.
export function diagnosticItem(d, onReveal) {
  const where = d.line >= 1 ? `${d.line}:${d.column}` : null;
  return el(
    'li',
    { class: 'diagnostic' },
    where && onReveal
      ? el(
          'button',
          { class: 'diagnostic-where', type: 'button', onClick: () => onReveal(d) },
          `line ${where}`,
        )
      : where && el('span', { class: 'diagnostic-where' }, `line ${where}`),
    el('span', { class: 'diagnostic-message' }, d.message || d.id),
    d.hint && el('span', { class: 'diagnostic-hint' }, d.hint),
    el('code', { class: 'diagnostic-id' }, d.id),
  );
}

// A reply that is not ok, in a tab: cancelled, or the engine's diagnostics.
export function failureBlock(response, what) {
  if (response.cancelled || response.diagnostics?.some((d) => d.id === 'analysis.cancelled')) {
    return el('p', { class: 'notice' }, `The ${what} computation was cancelled.`);
  }
  return el(
    'div',
    { class: 'failure' },
    el('p', null, `The engine could not compute the ${what}:`),
    el(
      'ul',
      { class: 'diagnostics' },
      (response.diagnostics || []).map((d) => diagnosticItem(d)),
    ),
  );
}
