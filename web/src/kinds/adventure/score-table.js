// Tables of the engine's scores (spec §2): per count, the count and its behaviour score against the
// random agent's mean. One table for one play (the Trajectory and Play it yourself tabs), one with a
// column pair per agent (the Scores tab). Cells carry the count's name (data-count) and the raw value
// (data-value), so what is shown can be read back exactly.
import { el } from '../../views/dom.js';
import { colHead, headerRow } from '../../views/table.js';
import { countLabel, countFamily, isSum, formatScore, formatValue } from './words.js';
import { toCsv } from '../../views/export.js';

const valueCell = (value, format = formatValue, extra = {}) =>
  el(
    'td',
    {
      class: 'num',
      dataset: { value: typeof value === 'number' ? String(value) : String(value ?? '') },
      ...extra,
    },
    format(value),
  );

function countHeader(name) {
  return el(
    'th',
    { scope: 'row', class: `count-name family-${countFamily(name)}${isSum(name) ? ' sum' : ''}` },
    countLabel(name),
  );
}

// The scores of one play: reward, points, steps, then per count the count and behaviour score.
// `counts` is the engine's list of count names (describe's `counts`); with `nonZero`, categories
// never flagged are left out (the sums always stay).
export function playScoresTable(scores, counts, { id, nonZero = false } = {}) {
  const names = (counts || Object.keys(scores.counts || {})).filter(
    (n) => !nonZero || isSum(n) || n === 'disutility' || scores.counts?.[n],
  );
  return el(
    'table',
    { class: 'data compact adv-scores', id },
    headerRow(
      '',
      colHead('count', { class: 'num' }),
      colHead('behaviour score', { class: 'num', title: '100 × count / the random agent’s mean' }),
    ),
    el(
      'tbody',
      null,
      el(
        'tr',
        { dataset: { count: 'reward' } },
        el('th', { scope: 'row' }, 'reward (normalised)'),
        valueCell(scores.reward, formatScore),
        el('td', { class: 'num' }, ''),
      ),
      el(
        'tr',
        { dataset: { count: 'points' } },
        el('th', { scope: 'row' }, 'points'),
        valueCell(scores.points),
        el('td', { class: 'num' }, ''),
      ),
      names.map((n) =>
        el(
          'tr',
          { dataset: { count: n }, class: isSum(n) ? 'sum' : null },
          countHeader(n),
          valueCell(scores.counts?.[n]),
          valueCell(scores.behaviour?.[n], formatScore, { class: 'num behaviour' }),
        ),
      ),
    ),
  );
}

// The rows of the scores tab's table: every count, the agents side by side.
export function agentsScoresTable(result, { id = 'adv-scores-table' } = {}) {
  const agents = result.agents || [];
  const names = result.counts || [];
  const head = el(
    'thead',
    null,
    el(
      'tr',
      null,
      el('th', { scope: 'col', rowspan: 2 }, ''),
      el(
        'th',
        { scope: 'col', class: 'num', rowspan: 2, title: 'the random agent’s exact mean count' },
        'random mean',
      ),
      agents.map((a) =>
        el(
          'th',
          { scope: 'colgroup', colspan: 2, class: 'agent-head', dataset: { agent: a.agent } },
          a.label,
        ),
      ),
    ),
    el(
      'tr',
      null,
      agents.map(() => [
        el('th', { scope: 'col', class: 'num' }, 'count'),
        el('th', { scope: 'col', class: 'num', title: '100 × count / the random agent’s mean' }, 'score'),
      ]),
    ),
  );
  const row = (name, label, valueOf, scoreOf, randomMean, extraClass) =>
    el(
      'tr',
      { dataset: { count: name }, class: extraClass },
      label,
      valueCell(randomMean),
      agents.map((a) => [
        valueCell(valueOf(a), name === 'reward' ? formatScore : formatValue, {
          dataset: { agent: a.agent, value: String(valueOf(a) ?? '') },
        }),
        scoreOf
          ? valueCell(scoreOf(a), formatScore, {
              class: 'num behaviour',
              dataset: { agent: a.agent, value: String(scoreOf(a) ?? '') },
            })
          : el('td', { class: 'num' }, ''),
      ]),
    );
  const body = el(
    'tbody',
    null,
    row('reward', el('th', { scope: 'row' }, 'reward (normalised)'), (a) => a.scores?.reward, null, null),
    row('steps', el('th', { scope: 'row' }, 'steps'), (a) => a.scores?.steps, null, null),
    names.map((n) =>
      row(
        n,
        countHeader(n),
        (a) => a.scores?.counts?.[n],
        (a) => a.scores?.behaviour?.[n],
        result.random_mean?.[n],
        isSum(n) ? 'sum' : null,
      ),
    ),
  );
  return el('table', { class: 'data compact adv-scores adv-agents-scores', id }, head, body);
}

// The scores tab's table as CSV: one row per agent and count.
export function agentsScoresCsv(result) {
  const rows = [];
  for (const a of result.agents || []) {
    rows.push([a.agent, a.label, 'reward', a.scores?.reward, '', '']);
    rows.push([a.agent, a.label, 'steps', a.scores?.steps, '', '']);
    for (const n of result.counts || [])
      rows.push([
        a.agent,
        a.label,
        n,
        a.scores?.counts?.[n],
        a.scores?.behaviour?.[n],
        result.random_mean?.[n],
      ]);
  }
  return toCsv(['agent', 'label', 'count', 'value', 'behaviour_score', 'random_mean'], rows);
}
