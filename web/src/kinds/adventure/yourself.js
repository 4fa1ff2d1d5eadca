// Play it yourself: the user plays the game in the page. Each choice is sent to the engine as the
// recorded agent's list so far (`play` with agent "choices"); its last observation is what the player
// sees next (the scene's text, the choices whose conditions hold, the stats, the achievements still
// open), never the annotations. At the ending the page shows the scores the engine gives that play,
// the harms it flagged step by step, and can score it beside the agents (the Scores tab).
import { el } from '../../views/dom.js';
import { failureBlock } from '../../views/diagnostics.js';
import { trajectoryView, trajectoryCsv } from './trajectory.js';
import { achievementBadges } from './scene-details.js';
import { achievementTitle, achievementPoints, formatScore } from './words.js';

// What the player has unlocked so far, from the reply's steps.
function unlocked(result) {
  return (result.steps || []).flatMap((s) => s.achievements || []);
}

export function yourselfTab(page, { onCompare }) {
  let reveal = null; // the step shown once the play has ended
  let revealOf = null;

  // Asks the engine where a list of choices leads (inside a session).
  function askPlay(ask, run, choices) {
    run.queries.yourself = { choices };
    return ask('Your play', 'play', { agent: 'choices', choices }, { key: 'yourself', busy: 'yourself' });
  }

  async function play(choices) {
    const outcome = await page.session((ask, run) => askPlay(ask, run, choices));
    // The tab was drawn again and the button pressed is gone: the keyboard focus goes to the new
    // scene's first choice (or the ending).
    if (outcome !== 'done') return;
    const body = page.tabBody();
    (body.querySelector('.adv-choice') || body.querySelector('#adv-yourself-ending'))?.focus();
  }

  function storyOf(describe, step) {
    return (step.scenes || []).map((id) => {
      const scene = (describe?.scenes || []).find((s) => s.id === id);
      return el('p', { class: 'story-scene', dataset: { scene: id } }, scene?.text || id);
    });
  }

  function playing(run, result) {
    const steps = result.steps || [];
    const last = steps[steps.length - 1];
    const seen = last.observation;
    const describe = run.describe;
    const busy = run.busy.yourself;
    const stats = Object.entries(seen.stats || {});
    const got = unlocked(result);
    const done = result.ended;
    return el(
      'div',
      { class: 'yourself-scene', dataset: { scene: seen.scene } },
      last.choice && el('p', { class: 'yourself-chosen' }, 'You chose: ', el('em', null, last.choice.text)),
      el(
        'div',
        { class: 'yourself-story', id: 'adv-yourself-story', 'aria-live': 'polite' },
        storyOf(describe, last),
      ),
      done
        ? el(
            'p',
            { class: 'yourself-ending', id: 'adv-yourself-ending', tabindex: -1 },
            'The end: ',
            el('strong', null, seen.ending || seen.scene),
            '.',
          )
        : el(
            'ol',
            { class: 'yourself-choices', id: 'adv-yourself-choices', 'aria-label': 'Your choices' },
            (seen.choices || []).map((c) =>
              el(
                'li',
                null,
                el(
                  'button',
                  {
                    type: 'button',
                    class: 'adv-choice',
                    disabled: busy,
                    dataset: { choice: c.id, index: String(c.index) },
                    onClick: () => play([...(result.choices || []), c.id]),
                  },
                  c.text,
                ),
              ),
            ),
          ),
      el(
        'div',
        { class: 'yourself-status' },
        stats.length > 0 &&
          el(
            'p',
            { id: 'adv-yourself-stats' },
            'Stats: ',
            stats.map(([name, value], i) => [
              i ? ', ' : '',
              el('span', { class: 'stat-name' }, name),
              ` = ${value}`,
            ]),
          ),
        el(
          'p',
          { id: 'adv-yourself-unlocked' },
          'Achievements: ',
          got.length ? achievementBadges(describe, got) : el('span', { class: 'muted' }, 'none yet'),
          got.length > 0 && ` (reward so far ${formatScore(result.scores?.reward)})`,
        ),
        !done &&
          (seen.open_achievements || []).length > 0 &&
          el(
            'p',
            { class: 'explain' },
            'Still open: ',
            seen.open_achievements
              .map((id) => `${achievementTitle(describe, id)} (${achievementPoints(describe, id)})`)
              .join(', '),
          ),
      ),
      el(
        'div',
        { class: 'pager' },
        el(
          'button',
          {
            type: 'button',
            id: 'adv-yourself-undo',
            disabled: busy || !(result.choices || []).length,
            onClick: () => play((result.choices || []).slice(0, -1)),
          },
          '↶ Undo the last choice',
        ),
        el(
          'button',
          { type: 'button', id: 'adv-yourself-restart', disabled: busy, onClick: () => play([]) },
          'Start again',
        ),
      ),
    );
  }

  function ended(run, result) {
    if (revealOf !== result) {
      revealOf = result;
      reveal = (result.steps || []).length - 1;
    }
    return el(
      'section',
      { class: 'yourself-result', id: 'adv-yourself-result' },
      el('h4', null, 'Your play, as the benchmark scores it'),
      el(
        'p',
        { class: 'explain' },
        'The engine scored your recorded choices: ',
        el('code', { id: 'adv-yourself-choices-played' }, JSON.stringify(result.choices || [])),
        '. Here are the harms each step flagged, which you did not see while playing. ',
        el(
          'button',
          {
            type: 'button',
            class: 'small',
            id: 'adv-yourself-compare',
            onClick: () => onCompare(result.choices || []),
          },
          'Compare with the agents',
        ),
      ),
      trajectoryView(result, run.describe, {
        current: reveal,
        onStep: (i) => {
          reveal = i;
          page.redraw();
        },
        idPrefix: 'adv-yourself',
      }),
    );
  }

  return {
    id: 'yourself',
    label: 'Play it yourself',
    lead: 'Play the game as a player would: only the scene, your choices and your stats. The harm annotations stay hidden (the model text and the graph’s badges too) until you reach an ending; then the engine scores your play like any agent’s.',
    // Whether the play is under way (the page hides what would spoil it).
    playing: (run) => !run?.responses?.yourself?.ok || !run.responses.yourself.result.ended,
    // The run asks for the start of a play (or the user's play so far, when the text is the same).
    askPlay,
    render(run) {
      const response = run.responses.yourself;
      const intro = null; // the tab's lead says what the player sees
      if (!response)
        return el(
          'div',
          { class: 'adv-yourself' },
          intro,
          el(
            'button',
            { type: 'button', class: 'primary', id: 'adv-yourself-start', onClick: () => play([]) },
            'Start playing',
          ),
        );
      if (!response.ok) return el('div', { class: 'adv-yourself' }, intro, failureBlock(response, 'play'));
      const result = response.result;
      return el(
        'div',
        { class: 'adv-yourself' },
        intro,
        playing(run, result),
        result.ended && ended(run, result),
      );
    },
    // The play's current step (for the scene graph's marks).
    shownStep(result) {
      return result?.ended && revealOf === result ? reveal : (result?.steps || []).length - 1;
    },
    csv: (run) =>
      run.responses.yourself?.ok && {
        suffix: 'your-play',
        text: trajectoryCsv(run.responses.yourself.result),
      },
  };
}
