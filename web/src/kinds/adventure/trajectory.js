// A play, step by step, as the engine's `play` analysis gives it: per step the choice taken, the
// scenes passed since the previous decision, the harms the step flags (its summed annotation against
// the benchmark's thresholds), the achievements it unlocks and the reward they bring; the stats the
// player sees after it; and the play's scores. One step is current: its scenes are read out and ringed
// on the scene graph. The view shows the reply; it computes nothing.
import { el } from '../../views/dom.js';
import { colHead, headerRow } from '../../views/table.js';
import { toCsv } from '../../views/export.js';
import { flagBadges, achievementBadges, annotationEntries } from './scene-details.js';
import { playScoresTable } from './score-table.js';
import { formatScore, endingWords } from './words.js';

// The scene graph's marks of a play: every scene passed, the links taken (consecutive scenes of the
// whole play), the current step's scenes.
export function trajectoryMarks(result, current) {
  const steps = result?.steps || [];
  const sequence = steps.flatMap((s) => s.scenes || []);
  const links = [];
  for (let i = 0; i + 1 < sequence.length; i++) links.push([sequence[i], sequence[i + 1]]);
  return {
    path: sequence,
    steps: links,
    current: current === null || current === undefined ? [] : steps[current]?.scenes || [],
  };
}

function sceneTexts(describe, ids) {
  return (ids || []).map((id) => {
    const scene = (describe?.scenes || []).find((s) => s.id === id);
    return el(
      'p',
      { class: 'story-scene', dataset: { scene: id } },
      el('span', { class: 'story-scene-id' }, id),
      ' ',
      scene?.text || '',
      scene?.type === 'ending' && el('strong', { class: 'story-ending' }, ` — ${endingWords(scene)}`),
    );
  });
}

function statsLine(stats) {
  const entries = Object.entries(stats || {});
  if (!entries.length) return null;
  return el(
    'p',
    { class: 'stats-line' },
    'Stats after it: ',
    entries.map(([name, value], i) => [
      i ? ', ' : '',
      el('span', { class: 'stat-name' }, name),
      ` = ${value}`,
    ]),
  );
}

// The table of steps; the current one is marked, a click or Enter on a row picks it.
function stepsTable(result, describe, current, onStep, id) {
  const rows = (result.steps || []).map((step, i) =>
    el(
      'tr',
      {
        class: i === current ? 'current' : null,
        tabindex: 0,
        'aria-selected': String(i === current),
        dataset: { step: String(i) },
        onClick: () => onStep(i),
        onKeydown: (event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            onStep(i);
          }
        },
      },
      el('td', { class: 'num' }, String(i)),
      el(
        'td',
        { class: 'step-choice' },
        step.choice ? step.choice.text : el('span', { class: 'muted' }, '(start)'),
      ),
      el('td', { class: 'step-scenes' }, (step.scenes || []).join(' → ')),
      el(
        'td',
        { class: 'step-flags' },
        step.flags?.length ? flagBadges(step.flags) : el('span', { class: 'muted' }, 'none'),
      ),
      el('td', { class: 'step-achievements' }, achievementBadges(describe, step.achievements)),
      el(
        'td',
        { class: 'num step-reward', dataset: { value: String(step.reward) } },
        formatScore(step.reward),
      ),
    ),
  );
  return el(
    'table',
    { class: 'data compact adv-steps', id },
    headerRow(
      colHead('step', { class: 'num' }),
      'choice',
      'scenes passed',
      'harms flagged',
      'achievements',
      colHead('reward', { class: 'num' }),
    ),
    el('tbody', null, rows),
  );
}

// The step shown: its scenes read out, its annotation's sum, the stats after it.
function stepDetail(result, describe, current) {
  const step = result.steps?.[current];
  if (!step) return null;
  const annotation = annotationEntries(step.annotation);
  return el(
    'section',
    { class: 'step-detail', id: 'adv-step-detail', 'aria-live': 'polite' },
    el(
      'h4',
      null,
      `Step ${current}`,
      step.choice && [': ', el('span', { class: 'step-detail-choice' }, step.choice.text)],
    ),
    sceneTexts(describe, step.scenes),
    el(
      'p',
      null,
      step.flags?.length ? ['Harms flagged: ', flagBadges(step.flags)] : 'No harm flagged at this step.',
      step.achievements?.length ? [' Unlocked: ', achievementBadges(describe, step.achievements)] : null,
    ),
    annotation.length > 0 &&
      el(
        'p',
        { class: 'explain' },
        'The step’s summed annotation: ',
        annotation.map(([label, value]) => `${label} ${value}`).join('; '),
        '.',
      ),
    statsLine(step.observation?.stats),
  );
}

// The whole view of a play reply. current: the step shown; onStep(i) picks another.
export function trajectoryView(result, describe, { current, onStep, idPrefix = 'adv-trajectory' }) {
  const steps = result.steps || [];
  const last = steps.length - 1;
  const seen = steps[last]?.observation;
  // An ending without a title is named by its scene.
  const ending = result.ended ? seen?.ending || seen?.scene : null;
  const go = (i) => onStep(Math.max(0, Math.min(last, i)));
  return el(
    'div',
    { class: 'trajectory', id: idPrefix },
    el(
      'div',
      { class: 'summary' },
      el(
        'span',
        { class: 'stat' },
        el('span', { class: 'stat-label' }, 'Agent'),
        el('span', { class: 'stat-value' }, result.label || result.agent),
      ),
      el(
        'span',
        { class: 'stat' },
        el('span', { class: 'stat-label' }, 'Ending'),
        el(
          'span',
          { class: 'stat-value', id: `${idPrefix}-ending` },
          result.ended ? ending || '(ended)' : 'not reached',
        ),
      ),
      el(
        'span',
        { class: 'stat' },
        el('span', { class: 'stat-label' }, 'Decisions'),
        el('span', { class: 'stat-value' }, String(last)),
      ),
      el(
        'span',
        { class: 'stat' },
        el('span', { class: 'stat-label' }, 'Reward'),
        el('span', { class: 'stat-value', id: `${idPrefix}-reward` }, formatScore(result.scores?.reward)),
      ),
    ),
    el(
      'div',
      { class: 'pager step-pager' },
      el(
        'button',
        { type: 'button', id: `${idPrefix}-first`, disabled: current <= 0, onClick: () => go(0) },
        '◀◀ Start',
      ),
      el(
        'button',
        { type: 'button', id: `${idPrefix}-prev`, disabled: current <= 0, onClick: () => go(current - 1) },
        '◀ Step back',
      ),
      el('input', {
        type: 'range',
        min: 0,
        max: Math.max(0, last),
        value: current,
        'aria-label': 'Step',
        id: `${idPrefix}-slider`,
        onInput: (event) => go(Number(event.target.value)),
      }),
      el(
        'button',
        { type: 'button', id: `${idPrefix}-next`, disabled: current >= last, onClick: () => go(current + 1) },
        'Step on ▶',
      ),
      el(
        'button',
        { type: 'button', id: `${idPrefix}-last`, disabled: current >= last, onClick: () => go(last) },
        'End ▶▶',
      ),
      el('span', { class: 'muted', id: `${idPrefix}-position` }, `step ${current} of ${last}`),
    ),
    stepDetail(result, describe, current),
    stepsTable(result, describe, current, go, `${idPrefix}-steps`),
    result.scores &&
      el(
        'section',
        { class: 'play-scores' },
        el('h4', null, 'Scores of this play'),
        el(
          'p',
          { class: 'explain' },
          'Counts over the play’s steps; behaviour scores are 100 × count / the random agent’s exact mean (lower is less harm).',
        ),
        playScoresTable(result.scores, describe?.counts, { id: `${idPrefix}-scores`, nonZero: true }),
      ),
  );
}

// A play's steps as CSV.
export function trajectoryCsv(result) {
  const rows = (result.steps || []).map((s, i) => [
    i,
    s.choice?.scene ?? '',
    s.choice?.id ?? '',
    s.choice?.text ?? '',
    (s.scenes || []).join(' > '),
    (s.flags || []).join(' '),
    (s.achievements || []).join(' '),
    s.points,
    s.reward,
  ]);
  return toCsv(
    ['step', 'at_scene', 'choice_id', 'choice_text', 'scenes', 'flags', 'achievements', 'points', 'reward'],
    rows,
  );
}
