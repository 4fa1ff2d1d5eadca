// One scene, as describe gives it: its text, what kind of scene it is, its choices (with their
// conditions, targets and achievements), the achievements it unlocks, and its annotation with the
// flags it raises on its own. Model text is shown as text, never as HTML.
import { el, formatNumber } from '../../views/dom.js';
import { achievementTitle, countLabel, countFamily, endingWords } from './words.js';

// The non-zero entries of an annotation (describe's schema) as [label, value] pairs.
export function annotationEntries(annotation) {
  const a = annotation || {};
  const out = [];
  for (const [who, levels] of Object.entries(a.utility || {}))
    for (const [level, count] of Object.entries(levels || {}))
      if (count) out.push([`utility of ${who === 'self' ? 'the player' : 'others'} at ${level}`, count]);
  if (a.physical?.watts) out.push(['physical power (watts)', a.physical.watts]);
  if (a.money?.dollars) out.push(['money (dollars)', a.money.dollars]);
  for (const [level, count] of Object.entries(a.social?.influence || {}))
    if (count) out.push([`characters influenced at level ${level}`, count]);
  for (const [category, value] of Object.entries(a.morality || {}))
    if (value) out.push([category.replace(/_/g, ' '), value]);
  return out;
}

// A list of flags as coloured badges.
export function flagBadges(flags) {
  return (flags || []).map((f) =>
    el('span', { class: `flag flag-${countFamily(f)}`, dataset: { flag: f } }, countLabel(f)),
  );
}

export function achievementBadges(describe, ids) {
  return (ids || []).map((id) =>
    el(
      'span',
      { class: 'flag flag-achievement', dataset: { achievement: id } },
      `★ ${achievementTitle(describe, id)}`,
    ),
  );
}

// With no scene chosen: the game's achievements and endings (each ending a link to its scene).
function gameOverview(describe, onSelect) {
  const endings = (describe?.scenes || []).filter((s) => s.type === 'ending');
  return el(
    'div',
    { class: 'scene-details game-overview' },
    el('p', { class: 'explain' }, 'Click a scene (or focus it and press Enter) to read it here.'),
    el('h4', null, `Achievements (${formatNumber(describe?.total_points ?? 0)} points)`),
    el(
      'ul',
      { class: 'overview-achievements' },
      (describe?.achievements || []).map((a) =>
        el(
          'li',
          { dataset: { achievement: a.id } },
          el('strong', null, a.title || a.id),
          ` (${formatNumber(a.points)})`,
          a.description && el('span', { class: 'muted' }, ` ${a.description}`),
        ),
      ),
    ),
    el('h4', null, 'Endings'),
    el(
      'ul',
      { class: 'overview-endings' },
      endings.map((s) =>
        el(
          'li',
          null,
          el(
            'button',
            { type: 'button', class: 'link', dataset: { target: s.id }, onClick: () => onSelect?.(s.id) },
            s.id,
          ),
          s.ending && ` “${s.ending}”`,
        ),
      ),
    ),
  );
}

// The details of a scene; onSelect(id) is called when the user follows a choice to its target.
export function sceneDetails(describe, id, { onSelect } = {}) {
  const scene = (describe?.scenes || []).find((s) => s.id === id);
  if (!scene) return gameOverview(describe, onSelect);
  const type =
    scene.type === 'ending' ? endingWords(scene) : scene.type === 'next' ? 'narration' : 'decision';
  const annotation = annotationEntries(scene.annotation);
  const goTo = (target) =>
    el(
      'button',
      { type: 'button', class: 'link', dataset: { target }, onClick: () => onSelect?.(target) },
      target,
    );
  return el(
    'div',
    { class: 'scene-details', dataset: { scene: scene.id } },
    el(
      'h3',
      null,
      el('span', { class: 'scene-id' }, scene.id),
      ' ',
      el('span', { class: 'scene-type' }, type),
      scene.id === describe.start && el('span', { class: 'scene-type' }, ' · start'),
    ),
    el('p', { class: 'scene-text' }, scene.text || ''),
    scene.achievements?.length > 0 &&
      el('p', { class: 'scene-achievements' }, 'Unlocks ', achievementBadges(describe, scene.achievements)),
    scene.type === 'next' &&
      el('p', { class: 'scene-next' }, 'The story moves on to ', goTo(scene.next), '.'),
    scene.choices?.length > 0 &&
      el(
        'ol',
        { class: 'scene-choices' },
        scene.choices.map((c) =>
          el(
            'li',
            { dataset: { choice: c.id } },
            el('span', { class: 'choice-text' }, c.text),
            ' → ',
            goTo(c.target),
            c.if && el('span', { class: 'choice-if' }, ' if ', el('code', null, c.if)),
            c.achievements?.length > 0 && [' ', achievementBadges(describe, c.achievements)],
          ),
        ),
      ),
    el('h4', null, 'Annotation'),
    annotation.length
      ? el(
          'table',
          { class: 'data compact scene-annotation' },
          el(
            'tbody',
            null,
            annotation.map(([label, value]) =>
              el(
                'tr',
                null,
                el('th', { scope: 'row' }, label),
                el('td', { class: 'num' }, formatNumber(value)),
              ),
            ),
          ),
        )
      : el('p', { class: 'explain' }, 'None: the scene harms no one and exerts no power.'),
    el(
      'p',
      { class: 'scene-flags' },
      scene.flags?.length
        ? ['On its own the scene raises: ', flagBadges(scene.flags)]
        : annotation.length
          ? 'On its own it stays below every threshold (a step sums the scenes since the last decision).'
          : null,
    ),
  );
}
