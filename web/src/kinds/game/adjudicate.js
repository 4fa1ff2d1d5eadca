// The Adjudicate tab (Diplomacy): orders typed in the standard notation, one a line, adjudicated by
// the engine at the state picked (its `adjudicate` analysis); the result drawn on the map (moves that
// succeeded solid, failed ones crossed, dislodged units beside their province with their retreats)
// and listed with each order's result and reason. What was typed stays in the box whatever the engine
// answers. The game kind offers the tab on Diplomacy models only (Risk's dice are its `battle` analysis,
// in All analyses).
import { el } from '../../views/dom.js';
import { toCsv } from '../../views/export.js';
import { headerRow } from '../../views/table.js';
import { stateParams } from './settings.js';
import { atLine, computeButton, resultOf, tabRequest } from './explained.js';
import { diplomacyMap, diplomacyLegend } from './diplomacy-map.js';

// The orders typed: one a line, blank lines and surrounding blanks left out.
export function typedOrders(text) {
  return String(text || '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

export function adjudicateParams(settings, run) {
  const orders = typedOrders(settings.orders);
  if (!orders.length) return { error: 'Type at least one order, such as A PAR - BUR.' };
  return { params: { ...stateParams(settings, run), orders } };
}

export function adjudicateTab(page, settings, { node }) {
  let asked = null; // the node the last adjudication was asked at (the map is drawn from it)
  const request = tabRequest(page, {
    key: 'adjudicate',
    title: 'Adjudicating',
    analysis: 'adjudicate',
    read: (run) => {
      asked = node(run);
      return adjudicateParams(settings, run);
    },
  });

  return {
    id: 'adjudicate',
    label: 'Adjudicate',
    lead: 'Diplomacy’s rules on your orders: type each unit’s order in the standard notation (A PAR - BUR, F BRE S A PAR - PIC, F NTH C A LON - NWY, A PAR H), one a line; the engine adjudicates them at the state picked, and the map shows what succeeded, what failed and who must retreat.',
    render(run) {
      const here = node(run);
      const out = el('div', { class: 'game-adjudicate' }, atLine(settings, run, here));
      if (run.describe?.builtin !== 'diplomacy') {
        out.append(el('p', { class: 'notice' }, 'Adjudication is for Diplomacy models.'));
        return out;
      }
      const box = el('textarea', {
        id: 'adjudicate-orders',
        rows: 6,
        cols: 36,
        spellcheck: 'false',
        'aria-label': 'orders, one a line',
        placeholder: 'A VIE - TRI\nF TRI - VEN\nA BUD S A VIE - TRI',
        onInput: (event) => {
          settings.orders = event.target.value;
        },
      });
      box.value = settings.orders || '';
      out.append(
        el(
          'div',
          { class: 'settings-controls adjudicate-input' },
          box,
          computeButton(
            'adjudicate-run',
            run.busy.adjudicate,
            request.compute,
            'Adjudicate',
            'Adjudicating…',
          ),
        ),
        request.warning(),
      );
      const r = resultOf(
        out,
        run.responses.adjudicate,
        'the adjudication',
        'Type orders and press Adjudicate.',
      );
      if (!r) return out;
      const at = asked?.describe?.phase?.code === r.phase ? asked : null;
      out.append(
        el(
          'p',
          { class: 'explain' },
          `${r.phase_words}: ${r.orders.filter((o) => o.given).length} orders given; units without one hold.`,
        ),
      );
      if (at) {
        out.append(
          el(
            'figure',
            { class: 'board-figure adjudicate-figure' },
            diplomacyMap(run.describe.board || {}, at.describe, {
              orders: r.orders.filter((o) => o.given).map((o) => ({ ...o, role: 'adjudicated' })),
              dislodged: r.dislodged || [],
              label: `the orders of ${r.phase_words} adjudicated`,
            }),
            el('figcaption', { class: 'board-caption' }, diplomacyLegend({ results: true })),
          ),
        );
        out.lastChild.firstChild.id = 'adjudicate-map';
      }
      out.append(
        el(
          'table',
          { class: 'data', id: 'adjudicate-table' },
          headerRow('order', 'power', 'result', 'why'),
          el(
            'tbody',
            null,
            r.orders.map((o) =>
              el(
                'tr',
                {
                  class: `adjudicate-${o.result}`,
                  dataset: { order: o.order, result: o.result, given: String(o.given) },
                },
                el('td', null, el('code', null, o.order)),
                el('td', null, o.power),
                el('td', null, o.result),
                el('td', null, o.reason || (o.given ? '' : 'no order given')),
              ),
            ),
          ),
        ),
      );
      if ((r.dislodged || []).length) {
        out.append(
          el('h4', null, 'Dislodged'),
          el(
            'ul',
            { id: 'adjudicate-dislodged' },
            r.dislodged.map((d) =>
              el(
                'li',
                { dataset: { unit: d.unit } },
                `${d.power}: ${d.unit}, dislodged from ${d.from}; `,
                d.retreats.length ? `may retreat to ${d.retreats.join(', ')}` : 'no retreat: disbanded',
              ),
            ),
          ),
        );
      }
      if ((r.standoffs || []).length)
        out.append(
          el('p', { class: 'explain' }, `Standoffs (left empty by a bounce): ${r.standoffs.join(', ')}.`),
        );
      out.append(
        el('p', { class: 'explain' }, 'The state after: ', el('code', { id: 'adjudicate-state' }, r.state)),
      );
      return out;
    },
    csv(run) {
      const r = run.responses.adjudicate?.ok && run.responses.adjudicate.result;
      if (!r) return null;
      return {
        suffix: 'adjudication',
        text: toCsv(
          ['order', 'power', 'given', 'result', 'reason'],
          r.orders.map((o) => [o.order, o.power, o.given, o.result, o.reason || '']),
        ),
      };
    },
  };
}
