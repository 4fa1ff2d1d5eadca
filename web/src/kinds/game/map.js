// The MAP@K tab (section 5.2): the user marks, at the state picked, whom each player sees as a
// friend or an enemy; the engine ranks the others by SICA with that player and scores the rankings
// against the marks (MAP@K), beside the random ranking's exact expectation.
import { el, formatNumber } from '../../views/dom.js';
import { colHead, headerRow } from '../../views/table.js';
import { numberField, fieldParams, stateParams } from './settings.js';
import { atLine, computeButton, resultOf, tabRequest } from './explained.js';

export function mapParams(settings, run, players) {
  const read = fieldParams(settings, 'map_at_k', ['k', 'rollouts', 'seed']);
  if (read.error) return read;
  const state = stateParams(settings, run).state;
  const annotations = [];
  for (const player of players) {
    const marks = settings.marks[player] || {};
    const friends = players.filter((o) => o !== player && marks[o] === 'friend');
    const enemies = players.filter((o) => o !== player && marks[o] === 'enemy');
    if (!friends.length && !enemies.length) continue;
    annotations.push({ ...(state ? { state } : {}), player, friends, enemies });
  }
  if (!annotations.length) return { error: 'Mark at least one friend or enemy.' };
  return { params: { annotations, ...read.params } };
}

const apText = (v) => (typeof v === 'number' ? formatNumber(Number(v.toPrecision(4))) : '—');

export function mapTab(page, settings) {
  const request = tabRequest(page, {
    key: 'map',
    title: 'MAP@K',
    analysis: 'map_at_k',
    read: (run) => mapParams(settings, run, run.describe.players || []),
  });
  const compute = request.compute;

  return {
    id: 'map',
    label: 'MAP@K',
    lead: 'Does SICA find who is a friend and who an enemy? Mark, for a player, the others you consider friends or enemies; MAP@K scores how high SICA ranks them (1: at the top), against a random ranking.',
    render(run) {
      const players = run.describe.players || [];
      const busy = run.busy.map;
      const marksTable = el(
        'table',
        { class: 'data compact', id: 'map-marks' },
        headerRow('player sees →', players),
        el(
          'tbody',
          null,
          players.map((p, i) =>
            el(
              'tr',
              null,
              el('th', { scope: 'row' }, p),
              players.map((o, j) =>
                el(
                  'td',
                  null,
                  p === o
                    ? ''
                    : el(
                        'select',
                        {
                          id: `map-mark-${i}-${j}`,
                          'aria-label': `${p} sees ${o} as`,
                          onChange: (event) => {
                            settings.marks[p] = { ...settings.marks[p], [o]: event.target.value };
                          },
                        },
                        ['', 'friend', 'enemy'].map((v) =>
                          el(
                            'option',
                            { value: v, selected: (settings.marks[p]?.[o] || '') === v },
                            v || '—',
                          ),
                        ),
                      ),
                ),
              ),
            ),
          ),
        ),
      );
      const out = el(
        'div',
        { class: 'game-map' },
        atLine(settings, run, null),
        el(
          'p',
          { class: 'explain' },
          'Mark whom each player sees as a friend or an enemy here; the engine ranks the others by SICA ' +
            '(friends high to low, enemies low to high) and gives MAP@K against your marks, with the ' +
            'random ranking’s expectation.',
        ),
        marksTable,
        el(
          'div',
          { class: 'settings-controls' },
          numberField(settings, page.catalogue(), 'map_at_k', 'k', 'K', { onEnter: compute }),
          numberField(settings, page.catalogue(), 'map_at_k', 'rollouts', 'k (rollouts)', {
            onEnter: compute,
          }),
          computeButton('map-run', busy, compute, 'Compute MAP@K'),
        ),
        request.warning(),
      );
      const r = resultOf(out, run.responses.map, 'MAP@K');
      if (!r) return out;
      out.append(
        el(
          'table',
          { class: 'data', id: 'map-summary' },
          headerRow(
            '',
            colHead(`MAP@${r.k}`, { class: 'num' }),
            colHead('random ranking', { class: 'num' }),
            colHead('annotations', { class: 'num' }),
          ),
          el(
            'tbody',
            null,
            ['friends', 'enemies'].map((side) =>
              el(
                'tr',
                { dataset: { side } },
                el('th', { scope: 'row' }, side),
                el('td', { class: 'num' }, apText(r[side].map)),
                el('td', { class: 'num' }, apText(r[side].random)),
                el('td', { class: 'num' }, String(r[side].n)),
              ),
            ),
          ),
        ),
        el(
          'table',
          { class: 'data', id: 'map-rankings' },
          headerRow(['player', 'friends by SICA', `AP@${r.k}`, 'enemies by SICA', `AP@${r.k}`]),
          el(
            'tbody',
            null,
            r.annotations.map((a) =>
              el(
                'tr',
                null,
                el('th', { scope: 'row' }, a.player),
                el('td', null, a.ranking_friends.join(' > ')),
                el('td', { class: 'num' }, apText(a.ap_friends)),
                el('td', null, a.ranking_enemies.join(' > ')),
                el('td', { class: 'num' }, apText(a.ap_enemies)),
              ),
            ),
          ),
        ),
      );
      return out;
    },
  };
}
