// The Goal-directedness tab of a game (MacDermott et al. 2024 across the papers; docs/games.md): how
// goal-directed a player's choices below the state are towards a player's return (its own, or
// another's), the others' policies fixed. The engine's `meg` reply drawn as for CIDs (views/meg/):
// the value against its bound, β*, and the leaning in words, then each decision's share. The tab asks
// when it opens, and again when the player or the return changes.
import { el } from '../../views/dom.js';
import { colHead, headerRow } from '../../views/table.js';
import { toCsv } from '../../views/export.js';
import { megCard } from '../../views/meg/card.js';
import { formatMeg, formatValue } from '../../views/meg/words.js';
import { stateParams } from './settings.js';
import { atLine, computeButton, resultOf } from './explained.js';

// What β* says, in words: the leaning of the player's choices towards the return.
export function leaningWords(r) {
  const beta = r.beta;
  const who = r.player === r.towards ? `its own return` : `${r.towards}'s return`;
  if (beta === 'inf') return `${r.player}'s choices serve ${who} as well as any choices could (β* = +∞).`;
  if (beta === '-inf') return `${r.player}'s choices work against ${who} as hard as any could (β* = −∞).`;
  if (typeof beta === 'number' && beta > 0)
    return `${r.player}'s choices serve ${who}: they are best predicted by a policy that seeks it with rationality β* = ${formatValue(beta)}.`;
  if (typeof beta === 'number' && beta < 0)
    return `${r.player}'s choices work against ${who}: they are best predicted by a policy that avoids it (β* = ${formatValue(beta)}).`;
  return `${r.player}'s choices neither serve nor work against ${who}: no policy that pursues it predicts them better than chance.`;
}

export function gameMegTab(page, settings, { node }) {
  const query = { player: null, towards: null }; // null: the engine's defaults
  let askedFor = null;

  function params(run) {
    const p = { ...stateParams(settings, run) };
    if (query.player) p.player = query.player;
    if (query.towards) p.towards = query.towards;
    return p;
  }

  async function compute() {
    const run = page.run();
    if (!run) return;
    const p = params(run);
    askedFor = JSON.stringify(p);
    await page.session(async (ask, session) => {
      session.queries.meg = p;
      await ask('Goal-directedness', 'meg', p, { key: 'meg', busy: 'meg' });
    });
  }

  const pick = (id, label, value, players, onChange, fallback) =>
    el(
      'label',
      null,
      label,
      ' ',
      el(
        'select',
        { id, onChange: (event) => onChange(event.target.value || null) },
        el('option', { value: '', selected: !value }, fallback),
        players.map((p) => el('option', { value: p, selected: p === value }, p)),
      ),
    );

  return {
    id: 'meg',
    label: 'MEG',
    lead: 'How goal-directed a player’s choices from here are towards a return, its own or another player’s (MEG): how much better they are predicted by a policy that pursues that return than by chance, from 0 up to the bound. The others play their policies.',
    render(run) {
      const players = run.describe?.players || [];
      const out = el('div', { class: 'game-meg' }, atLine(settings, run, node(run)));
      const controls = el(
        'div',
        { class: 'settings-controls' },
        pick(
          'game-meg-player',
          'Player',
          query.player,
          players,
          (v) => {
            query.player = v;
            compute();
          },
          'the first to act',
        ),
        pick(
          'game-meg-towards',
          'towards the return of',
          query.towards,
          players,
          (v) => {
            query.towards = v;
            compute();
          },
          'the same player',
        ),
        computeButton('game-meg-run', run.busy.meg, compute, 'Compute'),
      );
      out.append(controls);
      const response = run.responses.meg;
      // Too many positions below the state: said in words, with the engine's suggestion.
      const budget =
        response && !response.ok && response.diagnostics?.find((d) => d.id === 'analysis.budget_exceeded');
      if (budget) {
        out.append(
          el(
            'p',
            { class: 'notice', id: 'game-meg-too-large', title: budget.message },
            'Too many ways the game can go on from here to measure exactly. ',
            budget.hint ? `The engine suggests: ${budget.hint}.` : 'Pick a later state in the picture.',
          ),
        );
        return out;
      }
      const r = resultOf(out, response, 'goal-directedness', 'Open this tab after a run to measure.');
      if (!r) return out;
      out.append(
        el(
          'div',
          { class: 'meg-cards' },
          megCard(
            'game-meg-card',
            `${r.player}’s choices, towards ${r.towards}’s return`,
            response,
            leaningWords,
          ),
        ),
        el(
          'p',
          { class: 'explain' },
          `Measured over ${r.nodes.toLocaleString('en')} positions below the state, through what ${r.player} can see at each of its decisions. `,
          `The bound ${formatMeg(r.bound)} is what fully predictable choices reach: the sum over its decisions of log(number of actions).`,
        ),
        el(
          'table',
          { class: 'data', id: 'game-meg-decisions' },
          headerRow(
            'decision',
            'what it chooses',
            colHead('actions', { class: 'num' }),
            colHead('situations', { class: 'num', title: 'situations the player can tell apart' }),
            colHead('share of MEG', { class: 'num' }),
            colHead('bound', { class: 'num' }),
          ),
          el(
            'tbody',
            null,
            (r.decisions || []).map((d) =>
              el(
                'tr',
                null,
                el('td', null, String(d.decision)),
                el('td', null, (d.slots || []).join(', ')),
                el('td', { class: 'num' }, String(d.actions)),
                el('td', { class: 'num' }, String(d.information_sets)),
                el('td', { class: 'num' }, formatMeg(d.contribution)),
                el('td', { class: 'num' }, formatMeg(d.bound)),
              ),
            ),
          ),
        ),
      );
      return out;
    },
    // Asks when the tab opens for a state it has not measured yet.
    open(run) {
      if (askedFor !== JSON.stringify(params(run))) compute();
    },
    csv(run) {
      const r = run.responses.meg?.ok && run.responses.meg.result;
      if (!r) return null;
      return {
        suffix: 'meg',
        text: toCsv(
          ['decision', 'slots', 'actions', 'information_sets', 'contribution', 'bound'],
          (r.decisions || []).map((d) => [
            d.decision,
            (d.slots || []).join(' '),
            d.actions,
            d.information_sets,
            d.contribution,
            d.bound,
          ]),
        ),
      };
    },
  };
}
