// The pictures of the games played on a map (Risk, Diplomacy): the map drawn from describe's `board`
// and the node's state, with the arrows the picture is asked to show (the explained action and the
// others' probable actions, or the play's move), the controls above it (which arrows, the position
// editor's tools) and, beside it, each player's standing as the engine describes it.
import { el } from '../../views/dom.js';
import { readable } from '../../views/numbers.js';
import { headerRow } from '../../views/table.js';
import { diplomacyMap, diplomacyLegend } from './diplomacy-map.js';
import { riskMap, riskLegend } from './risk-map.js';

// A Diplomacy action ({slot: order}) as orders to draw; "none", "keep" and WAIVE draw nothing.
export function actionOrders({ player, action, role, frequency }) {
  return Object.values(action || {})
    .map(String)
    .filter((order) => /^[AF]\s/i.test(order))
    .map((order) => ({ order, power: player, role, frequency }));
}

function diplomacyDetails(d) {
  const powers = Object.entries(d.powers || {});
  return el(
    'div',
    { class: 'board-details' },
    el(
      'p',
      { class: 'game-phase' },
      'Phase: ',
      el('strong', null, d.phase?.words || ''),
      d.over ? ' · the play is over' : '',
    ),
    el(
      'table',
      { class: 'data compact', id: 'board-powers' },
      headerRow('power', 'centres', 'units', 'share'),
      el(
        'tbody',
        null,
        powers.map(([name, c]) =>
          el(
            'tr',
            { dataset: { power: name } },
            el('td', null, name),
            el('td', { class: 'num' }, String(c.centres)),
            el('td', { class: 'num' }, String(c.units)),
            el(
              'td',
              { class: 'num', title: String(d.share?.[name] ?? '') },
              readable(d.share?.[name] ?? 0, 3),
            ),
          ),
        ),
      ),
    ),
  );
}

function riskDetails(d) {
  const phase = {
    decide: `${d.turn} plays its turn`,
    battle: 'a battle is fought',
    over: 'the play is over',
  };
  return el(
    'div',
    { class: 'board-details' },
    el(
      'p',
      { class: 'game-phase' },
      `Round ${d.round} of ${d.rounds}: `,
      el('strong', null, phase[d.phase] || d.phase || ''),
      d.winner ? ` · ${d.winner} wins` : '',
    ),
    el(
      'table',
      { class: 'data compact', id: 'board-players' },
      headerRow('player', 'territories', 'armies', 'regions', 'reinforcements'),
      el(
        'tbody',
        null,
        (d.players || []).map((p) =>
          el(
            'tr',
            { dataset: { player: p.name }, class: p.alive ? '' : 'out' },
            el('td', null, p.name),
            el('td', { class: 'num' }, String(p.territories)),
            el('td', { class: 'num' }, String(p.armies)),
            el('td', null, (p.continents || []).join(', ')),
            el('td', { class: 'num' }, String(p.reinforcements)),
          ),
        ),
      ),
    ),
  );
}

// The picture of a node of a game on a map: [figure, details]. `overlay`: {actions: [{player, action,
// role, frequency?}], lastTurn, controls (a node drawn above the map), onPlace(id) (the editor's
// click on a province or territory), caption}.
export function boardPicture(node, describe, overlay = {}) {
  const board = describe?.board || {};
  const d = node.describe || {};
  const diplomacy = describe?.builtin === 'diplomacy';
  const map = diplomacy
    ? diplomacyMap(board, d, {
        orders: (overlay.actions || []).flatMap(actionOrders),
        onProvince: overlay.onPlace || null,
        label: `the ${board.map || ''} map at ${d.phase?.words || 'this state'}`,
      })
    : riskMap(board, d, {
        actions: overlay.actions || [],
        lastTurn: Boolean(overlay.lastTurn),
        onTerritory: overlay.onPlace || null,
        label: `${board.title || board.map || 'the map'}, round ${d.round ?? ''}`,
      });
  map.id = 'board-map';
  return [
    el(
      'figure',
      { class: `board-figure${overlay.onPlace ? ' editing' : ''}`, id: 'board-figure' },
      overlay.controls || '',
      map,
      el(
        'figcaption',
        { class: 'board-caption' },
        diplomacy ? diplomacyLegend() : riskLegend(),
        overlay.caption ? el('p', { class: 'explain', id: 'board-caption' }, overlay.caption) : '',
      ),
    ),
    diplomacy ? diplomacyDetails(d) : riskDetails(d),
  ];
}
