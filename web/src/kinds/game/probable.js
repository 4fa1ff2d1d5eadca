// The Probable actions tab (section 4.3): with the explained action fixed, each other acting agent's
// most frequent action among the k simulations (with its frequency) and per-slot marginals; then,
// for more turns, every agent's most probable action greedily. Run asks it with SBUE.
import { readable } from '../../views/numbers.js';
import { el } from '../../views/dom.js';
import { colHead, headerRow } from '../../views/table.js';
import { toCsv } from '../../views/export.js';
import { numberField, fieldParams, stateParams, explainedParams, explainedEntry } from './settings.js';
import {
  decisionBody,
  explainedControls,
  computeButton,
  resultOf,
  tabRequest,
  valueLine,
} from './explained.js';
import { actionText, probabilityBar } from './state-view.js';

export const PROBABLE_FIELDS = ['rollouts', 'turns', 'seed'];

export function probableParams(settings, run, node) {
  if (node?.node !== 'decision') return { skip: true };
  const read = fieldParams(settings, 'probable_actions', PROBABLE_FIELDS);
  if (read.error) return read;
  return { params: { ...stateParams(settings, run), ...explainedParams(settings, node), ...read.params } };
}

function marginals(list) {
  return el(
    'div',
    { class: 'game-marginals' },
    (list || []).map((m) =>
      el(
        'div',
        { class: 'game-marginal', dataset: { slot: m.slot } },
        el('span', { class: 'game-slot-name' }, m.slot),
        el(
          'ul',
          null,
          m.choices.map((c) =>
            el(
              'li',
              { dataset: { choice: String(c.choice), probability: String(c.probability) } },
              el('span', { class: 'game-choice' }, String(c.choice)),
              probabilityBar(c.probability),
            ),
          ),
        ),
      ),
    ),
  );
}

export function probableTab(page, settings, { node }) {
  const request = tabRequest(page, {
    key: 'probable',
    title: 'Probable actions',
    analysis: 'probable_actions',
    read: (run) => probableParams(settings, run, node(run)),
  });
  const compute = request.compute;

  return {
    id: 'probable',
    label: 'Probable actions',
    lead: 'What the others will most probably do next when the explained player takes its action, from simulated plays, with how often each choice of each part of their action comes up.',
    render(run) {
      const here = node(run);
      const out = decisionBody(settings, run, here, 'game-probable');
      if (here?.node !== 'decision') return out;
      const busy = run.busy.probable;
      const field = (name, label) =>
        numberField(settings, page.catalogue(), 'probable_actions', name, label, { onEnter: compute });
      out.append(
        explainedControls(settings, here, { onChange: () => page.rerun(0), idPrefix: 'probable' }),
        el(
          'div',
          { class: 'settings-controls' },
          field('rollouts', 'k (rollouts)'),
          field('turns', 'turns'),
          computeButton('probable-run', busy, compute),
        ),
        request.warning(),
      );
      const r = resultOf(
        out,
        run.responses.probable,
        'probable actions',
        'Press Run to compute the probable actions.',
      );
      if (!r) return out;
      out.append(
        el(
          'p',
          { class: 'explain' },
          `When ${r.player} plays ${actionText(r.explained, explainedEntry(settings, here)?.slots)}: the others' most frequent actions among k = ` +
            `${r.rollouts.toLocaleString('en')} simulations, then the most probable ones, turn by turn (greedy: ` +
            'a trajectory of most probable moves can mislead, section 5.3).',
        ),
        valueLine(r, 'probable-value'),
        run.describe?.board &&
          el(
            'p',
            { class: 'explain', id: 'probable-on-map' },
            'The map in the picture draws them: the explained action in bold, the others’ most frequent actions light (Arrows: the explained action and the others’ probable ones).',
          ),
      );
      const actions = r.actions || [];
      if (!actions.length) out.append(el('p', { class: 'notice' }, 'No other agent acts.'));
      else {
        out.append(
          el(
            'table',
            { class: 'data', id: 'probable-table' },
            headerRow(
              colHead('turn', { class: 'num' }),
              'agent',
              'most probable action',
              colHead('frequency', { class: 'num' }),
              'per sub-action',
            ),
            el(
              'tbody',
              null,
              actions.map((a) =>
                el(
                  'tr',
                  { dataset: { player: a.player, step: String(a.step), frequency: String(a.frequency) } },
                  el('td', { class: 'num' }, String(a.step)),
                  el('td', null, a.player),
                  el('td', null, a.label),
                  el(
                    'td',
                    {
                      class: 'num',
                      title: a.sampled ? 'frequency among the simulations' : 'probability under the policy',
                    },
                    `${readable(100 * a.frequency, 2)}%${a.sampled ? '' : ' (policy)'}`,
                  ),
                  el('td', null, marginals(a.marginals)),
                ),
              ),
            ),
          ),
        );
      }
      if (Array.isArray(r.chance) && r.chance.length) {
        out.append(
          el('p', { class: 'explain' }, `Chance between turns: ${r.chance.map(String).join(', ')}.`),
        );
      }
      if (r.final_state)
        out.append(
          el('p', { class: 'explain' }, 'The greedy trajectory ends at ', el('code', null, r.final_state)),
        );
      return out;
    },
    csv(run) {
      const r = run.responses.probable?.ok && run.responses.probable.result;
      if (!r) return null;
      const rows = [];
      for (const a of r.actions || []) {
        for (const m of a.marginals || []) {
          for (const c of m.choices)
            rows.push([a.step, a.player, a.label, a.frequency, m.slot, c.choice, c.probability]);
        }
      }
      return {
        suffix: 'probable-actions',
        text: toCsv(['turn', 'agent', 'action', 'frequency', 'slot', 'choice', 'marginal'], rows),
      };
    },
  };
}
