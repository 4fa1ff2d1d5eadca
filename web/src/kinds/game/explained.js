// What the game's tabs share: their Compute button and what they show before a result; and for the
// SBUE, Probable actions, Convergence and Counterfactual tabs, the line saying at
// which state they are, and the explained player and action (one choice per slot), chosen from the
// state's acting players and their slots as the engine describes them.
import { el } from '../../views/dom.js';
import { readable } from '../../views/numbers.js';
import { failureBlock } from '../../views/diagnostics.js';
import { explainedEntry, explainedAction, selectionLabel } from './settings.js';
import { actionText, stateWords } from './state-view.js';

// "At the start: the speaking order is about to be drawn." The state in words, from the engine's
// description of it; the state's text is the line's data (for links and tests), not shown.
export function atLine(settings, run, node) {
  return el(
    'p',
    { class: 'explain game-at' },
    `At ${selectionLabel(settings, run)}`,
    node
      ? [': ', el('span', { class: 'game-at-state', dataset: { state: node.text } }, stateWords(node))]
      : '',
    ' (pick another state in the picture).',
  );
}

// "V: ...": which value function the engine used for a reply that depends on it (its `value`), so that a
// reader knows whether the utilities are realised returns or value estimates.
export function valueLine(result, id) {
  if (!result?.value?.description) return '';
  return el('p', { class: 'explain game-value', id }, 'V: ', result.value.description, '.');
}

// Why there is nothing to explain at a node that is not a decision.
function notDecision(node) {
  if (!node) return el('p', { class: 'notice' }, 'The state is being read: press Run.');
  return el(
    'p',
    { class: 'notice game-not-decision' },
    node.node === 'chance'
      ? 'At this state chance moves next: no player acts. Pick a state where a player acts (a step of the play or a named state).'
      : 'The game is over at this state: no player acts. Pick an earlier state.',
  );
}

// The body of a tab that explains an action (`className` its class): the line saying at which state it
// is, and there, unless the state is a decision, why nothing is explained. The tab adds its controls
// and result only at a decision.
export function decisionBody(settings, run, node, className) {
  const out = el('div', { class: className }, atLine(settings, run, node));
  if (node?.node !== 'decision') out.append(notDecision(node));
  return out;
}

// The explained player and action. onChange() runs after the user picks another.
export function explainedControls(settings, node, { onChange, idPrefix = 'game' } = {}) {
  const entry = explainedEntry(settings, node);
  if (!entry) return '';
  const action = explainedAction(settings, entry);
  const players = (node.acting || []).map((a) => a.player);
  const playerPicker = el(
    'select',
    {
      id: `${idPrefix}-player`,
      onChange: (event) => {
        settings.player = event.target.value;
        settings.action = null;
        onChange?.();
      },
    },
    players.map((p) => el('option', { value: p, selected: p === entry.player }, p)),
  );
  const slotPickers = entry.slots.map((slot) =>
    el(
      'label',
      null,
      slot.name,
      ' ',
      el(
        'select',
        {
          id: `${idPrefix}-slot-${slot.name}`,
          dataset: { slot: slot.name },
          onChange: (event) => {
            settings.player = entry.player;
            settings.action = { ...action, [slot.name]: event.target.value };
            onChange?.();
          },
        },
        slot.choices.map((c) =>
          el('option', { value: String(c), selected: String(c) === String(action?.[slot.name]) }, String(c)),
        ),
      ),
    ),
  );
  const probability = entry.policy?.find(
    (p) => actionText(p.action, entry.slots) === actionText(action, entry.slots),
  )?.probability;
  return el(
    'div',
    { class: 'settings-controls game-explained' },
    el('label', null, 'Player ', playerPicker),
    el('span', { class: 'game-explained-action' }, 'plays ', slotPickers),
    probability !== undefined &&
      el(
        'span',
        { class: 'explain', title: String(probability) },
        `(its policy's chance: ${readable(100 * probability, 2)}%)`,
      ),
  );
}

// A tab's Compute button, disabled while its request runs.
export function computeButton(id, busy, onClick, label = 'Compute', busyLabel = 'Computing…') {
  return el(
    'button',
    { type: 'button', class: 'primary', id, disabled: busy, onClick },
    busy ? busyLabel : label,
  );
}

// What a tab shows before its result: `notice` (if any) while nothing has been asked, the engine's
// diagnostic when the request failed. Appends it to `out`; returns the result, or null when there is none.
export function resultOf(out, response, what, notice) {
  if (!response) {
    if (notice) out.append(el('p', { class: 'notice' }, notice));
    return null;
  }
  if (!response.ok) {
    out.append(failureBlock(response, what));
    return null;
  }
  return response.result;
}

// A tab's request: `read(run)` gives {params} (ask), {error} (show it) or {skip} (nothing to ask);
// compute() reads, keeps the error for warning(), and asks the engine `analysis` under `key` (the run's
// query, response and busy flag), calling onOutcome with the session's outcome when it asked.
export function tabRequest(page, { key, title, analysis, read, onOutcome }) {
  let error = null;
  return {
    async compute() {
      const run = page.run();
      const r = read(run);
      error = r.error || null;
      if (r.error || r.skip) return page.redraw();
      const outcome = await page.session(async (ask, session) => {
        session.queries[key] = r.params;
        await ask(title, analysis, r.params, { key, busy: key });
      });
      if (onOutcome) onOutcome(outcome);
      return outcome;
    },
    // The parameters' error, as the tab shows it above its result.
    warning() {
      return error ? el('p', { class: 'warning', role: 'alert' }, error) : '';
    },
  };
}
