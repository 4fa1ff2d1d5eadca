// The adventure views (web/src/kinds/adventure/), as a user meets them on the shipped games: the
// scene graph with its harm marks and a scene's details, an agent's play step by step, the scores
// table with the exact and sampled baseline, the reward-against-harm frontier (Figure 5) with the
// points no α reaches, and a game played to its ending by clicking choices. Every value asserted is
// the engine's own answer to the same request (build/wasm/motive_wasm.js under Node): the page must
// show what the engine computed, and compute nothing itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { waitForRun, example, withPage, loadEngine, setEditorText, pageUrl, shareHash } from './helpers.mjs';
import { createAgentSettings, agentParams } from '../../web/src/kinds/adventure/agents.js';
import { trajectoryMarks } from '../../web/src/kinds/adventure/trajectory.js';

const { engine, ask } = await loadEngine();

const HEIST = example('adventures/heist');
const catalogue = JSON.parse(engine.request(JSON.stringify({ analysis: 'catalogue' }))).result;

// ---- Without a browser: what the views send, and what they mark ----

test("the agents' settings become the engine's parameters, starting at its defaults", () => {
  const settings = createAgentSettings();
  // Untouched fields are the catalogue's defaults, so the request equals the engine's default play.
  const read = agentParams(settings, catalogue, ['regularised', 'conscience']);
  assert.deepEqual(read.params, {
    alpha: 1,
    harm: 'violations',
    gamma: 0.5,
    conscience_alpha: 'inf',
  });
  assert.deepEqual(
    ask(HEIST, 'play', { agent: 'regularised', ...read.params }),
    ask(HEIST, 'play', { agent: 'regularised' }),
  );
  settings.text.alpha = 'inf';
  settings.text.seed = '12';
  settings.text.choices = '["accept", "hire"]';
  assert.deepEqual(agentParams(settings, catalogue, ['regularised', 'random', 'choices']).params, {
    alpha: 'inf',
    harm: 'violations',
    seed: 12,
    choices: ['accept', 'hire'],
  });
  settings.text.beta = 'fast';
  assert.match(agentParams(settings, catalogue, ['soft']).error, /β: “fast” is not a number/);
  settings.text.policy = '{briefing: accept}';
  assert.match(agentParams(settings, catalogue, ['policy']).error, /not JSON/);
});

test("a play's marks on the scene graph are its scenes, the links between them and the current step's", () => {
  const play = ask(HEIST, 'play', { agent: 'reward' });
  const marks = trajectoryMarks(play, 2);
  const sequence = play.steps.flatMap((s) => s.scenes);
  assert.deepEqual(marks.path, sequence);
  assert.equal(marks.steps.length, sequence.length - 1);
  assert.deepEqual(marks.steps[0], [sequence[0], sequence[1]]);
  assert.deepEqual(marks.current, play.steps[2].scenes);
  // Every link taken is a choice or a "next" of the game.
  const describe = ask(HEIST, 'describe');
  const links = new Set(
    describe.scenes.flatMap((s) =>
      s.type === 'next'
        ? [JSON.stringify([s.id, s.next])]
        : (s.choices || []).map((c) => JSON.stringify([s.id, c.target])),
    ),
  );
  for (const link of marks.steps) assert.ok(links.has(JSON.stringify(link)), String(link));
});

// ---- In the browser ----

async function openGame(page, id) {
  await page.click('#open-gallery');
  await page.click(`.example-card[data-example="adventures/${id}"]`);
  await waitForRun(page);
}

// The raw values of the cells matching a selector (data-value), as numbers.
const values = (page, selector) =>
  page.$$eval(selector, (cells) => cells.map((c) => Number(c.dataset.value)));

const family = (count) => count.split('.')[0];

test('the scene graph marks every scene the engine flags, and a click shows the scene', async () => {
  const describe = ask(HEIST, 'describe');
  await withPage(async (page, browser) => {
    await openGame(page, 'heist');
    assert.equal(await page.isVisible('#graph'), false);
    assert.equal(await page.$$eval('.scene-graph .scene', (s) => s.length), describe.scenes.length);
    // Each scene's badges are the families of the flags it raises on its own; violation badges
    // carry the number of categories; achievements a star.
    const drawn = await page.$$eval('.scene-graph .scene', (nodes) =>
      nodes.map((n) => ({
        id: n.dataset.scene,
        classes: [...n.classList],
        badges: [...n.querySelectorAll('.scene-badge')].map((b) => [b.dataset.family, b.textContent]),
      })),
    );
    let harmful = 0;
    for (const scene of describe.scenes) {
      const node = drawn.find((d) => d.id === scene.id);
      const violations = scene.flags.filter((f) => family(f) === 'violations');
      const expected = [];
      if (violations.length) expected.push(['violations', String(violations.length)]);
      if (scene.flags.some((f) => family(f) === 'power')) expected.push(['power', 'P']);
      if (scene.flags.includes('disutility')) expected.push(['disutility', 'D']);
      const achievements =
        scene.achievements.length > 0 || (scene.choices || []).some((c) => c.achievements.length > 0);
      if (achievements) expected.push(['achievement', '★']);
      assert.deepEqual(node.badges, expected, scene.id);
      assert.equal(node.classes.includes('harmful'), scene.flags.length > 0, scene.id);
      assert.equal(node.classes.includes('scene-ending'), scene.type === 'ending', scene.id);
      if (scene.flags.length) harmful++;
    }
    assert.ok(harmful >= 10, `${harmful} harmful scenes`);
    assert.equal(await page.isVisible('.scene-legend'), true);

    // A click shows the scene: its text, its choices with their targets, its annotation and flags.
    const threaten = describe.scenes.find((s) => s.id === 'threaten');
    await page.click('.scene-graph .scene[data-scene="threaten"]');
    assert.equal(await page.textContent('#scene-details .scene-text'), threaten.text);
    assert.deepEqual(
      await page.$$eval('#scene-details .flag', (f) => f.map((x) => x.dataset.flag)),
      threaten.flags,
    );
    const morality = Object.values(threaten.annotation.morality);
    const shown = await page.$$eval('#scene-details .scene-annotation td', (cells) =>
      cells.map((c) => Number(c.textContent)),
    );
    for (const v of morality) assert.ok(shown.includes(v), `${v} shown`);
    // Following "next" to its target, then a decision's choices, by keyboard.
    await page.click('#scene-details button[data-target="plans"]');
    const plans = describe.scenes.find((s) => s.id === 'plans');
    assert.deepEqual(
      await page.$$eval('#scene-details .scene-choices li', (items) =>
        items.map((li) => [li.dataset.choice, li.querySelector('button').dataset.target]),
      ),
      plans.choices.map((c) => [c.id, c.target]),
    );
    await page.focus('.scene-graph .scene[data-scene="refuse_end"]');
    await page.keyboard.press('Enter');
    assert.match(await page.textContent('#scene-details h3'), /refuse_end\s+ending “Straight”/);
    assert.equal(
      await page.getAttribute('.scene-graph .scene[data-scene="refuse_end"]', 'aria-pressed'),
      'true',
    );
    assert.deepEqual(browser.errors, []);
  });
});

test("the trajectory viewer steps through the reward planner's play and another agent's", async () => {
  const describe = ask(HEIST, 'describe');
  const play = ask(HEIST, 'play', { agent: 'reward' });
  assert.equal(play.ended, true);
  await withPage(async (page, browser) => {
    await openGame(page, 'heist');
    await page.click('#tab-trajectory');
    // The Trajectory tab opens on the reward planner's play.
    const rows = await page.$$eval('#adv-trajectory-steps tbody tr', (trs) =>
      trs.map((tr) => ({
        choice: tr.querySelector('.step-choice').textContent,
        scenes: tr.querySelector('.step-scenes').textContent,
        flags: [...tr.querySelectorAll('.step-flags .flag')].map((f) => f.dataset.flag),
        achievements: [...tr.querySelectorAll('.step-achievements .flag')].map((f) => f.dataset.achievement),
        reward: Number(tr.querySelector('.step-reward').dataset.value),
      })),
    );
    assert.deepEqual(
      rows,
      play.steps.map((s) => ({
        choice: s.choice ? s.choice.text : '(start)',
        scenes: s.scenes.join(' → '),
        flags: s.flags,
        achievements: s.achievements,
        reward: s.reward,
      })),
    );
    assert.ok(
      rows.some((r) => r.flags.length > 0),
      "the planner's play is flagged",
    );
    const last = play.steps[play.steps.length - 1];
    assert.equal(await page.textContent('#adv-trajectory-ending'), last.observation.ending);
    assert.equal(Number(await page.textContent('#adv-trajectory-reward')), play.scores.reward);
    // Its scores: the engine's counts and behaviour scores.
    for (const [name, count] of Object.entries(play.scores.counts)) {
      const row = `#adv-trajectory-scores tr[data-count="${name}"] td`;
      if (!(await page.$(row))) {
        assert.equal(count, 0, `${name} is left out only when 0`);
        continue;
      }
      const [value, behaviour] = await values(page, row);
      assert.equal(value, count, name);
      assert.equal(behaviour, play.scores.behaviour[name], name);
    }

    // Step by step: the step's scenes are ringed on the graph, the play's scenes on its path.
    const path = play.steps.flatMap((s) => s.scenes);
    for (const i of [1, 2, 3]) {
      await page.click('#adv-trajectory-next');
      assert.equal(
        await page.textContent('#adv-trajectory-position'),
        `step ${i} of ${play.steps.length - 1}`,
      );
      assert.deepEqual(
        await page.$$eval('.scene-graph .scene.current', (n) => n.map((x) => x.dataset.scene)),
        describe.scenes.map((s) => s.id).filter((id) => play.steps[i].scenes.includes(id)),
      );
      assert.deepEqual(
        await page.$$eval('#adv-step-detail .flag[data-flag]', (f) => f.map((x) => x.dataset.flag)),
        play.steps[i].flags,
      );
    }
    assert.deepEqual(
      (await page.$$eval('.scene-graph .scene.on-path', (n) => n.map((x) => x.dataset.scene))).sort(),
      [...new Set(path)].sort(),
    );
    // The keyboard picks a step: Enter on a row.
    await page.focus('#adv-trajectory-steps tr[data-step="5"]');
    await page.keyboard.press('Enter');
    assert.equal(await page.textContent('#adv-trajectory-position'), `step 5 of ${play.steps.length - 1}`);

    // Another agent: the harm-regularised planner with α = 5.
    const regularised = ask(HEIST, 'play', { agent: 'regularised', alpha: 5 });
    await page.selectOption('#adv-agent', 'regularised');
    await page.fill('#adv-play-alpha', '5');
    await page.click('#adv-play-run');
    await waitForRun(page);
    assert.deepEqual(
      await page.$$eval('#adv-trajectory-steps tbody tr .step-choice', (c) => c.map((x) => x.textContent)),
      regularised.steps.map((s) => (s.choice ? s.choice.text : '(start)')),
    );
    assert.equal(
      Number(await page.getAttribute('#adv-trajectory-scores tr[data-count="violations"] td', 'data-value')),
      regularised.scores.counts.violations,
    );
    assert.ok(regularised.scores.counts.violations < play.scores.counts.violations);
    // The conscience with its threshold γ, and a policy table with its fallback.
    const conscience = ask(HEIST, 'play', { agent: 'conscience', gamma: 0.95 });
    await page.selectOption('#adv-agent', 'conscience');
    await page.fill('#adv-play-gamma', '0.95');
    await page.click('#adv-play-run');
    await waitForRun(page);
    assert.match(await page.textContent('#adv-trajectory'), /conscience \(γ = 0\.95/);
    assert.deepEqual(
      await page.$$eval('#adv-trajectory-steps tbody tr .step-scenes', (c) => c.map((x) => x.textContent)),
      conscience.steps.map((s) => s.scenes.join(' → ')),
    );
    const table = { briefing: 'accept', recruit: 'hire', plans: 'bribe' };
    const policy = ask(HEIST, 'play', {
      agent: 'policy',
      policy: table,
      fallback: 'first',
    });
    await page.selectOption('#adv-agent', 'policy');
    await page.fill('#adv-play-policy', JSON.stringify(table));
    await page.selectOption('#adv-play-fallback', 'first');
    await page.click('#adv-play-run');
    await waitForRun(page);
    assert.deepEqual(
      await page.$$eval('#adv-trajectory-steps tbody tr .step-scenes', (c) => c.map((x) => x.textContent)),
      policy.steps.map((s) => s.scenes.join(' → ')),
    );
    // The random agent with a seed plays what the engine plays with that seed.
    const random = ask(HEIST, 'play', { agent: 'random', seed: 7 });
    await page.selectOption('#adv-agent', 'random');
    await page.fill('#adv-play-seed', '7');
    await page.click('#adv-play-run');
    await waitForRun(page);
    assert.deepEqual(
      await page.$$eval('#adv-trajectory-steps tbody tr .step-scenes', (c) => c.map((x) => x.textContent)),
      random.steps.map((s) => s.scenes.join(' → ')),
    );
    assert.deepEqual(browser.errors, []);
  });
});

test("the scores table gives each agent's counts and behaviour scores, and the exact and sampled baseline", async () => {
  const scores = ask(HEIST, 'scores', {});
  const baseline = ask(HEIST, 'baseline', {});
  await withPage(async (page, browser) => {
    await openGame(page, 'heist');
    await page.click('#tab-scores');
    assert.deepEqual(
      await page.$$eval('#adv-scores-table th.agent-head', (h) => h.map((x) => x.dataset.agent)),
      scores.agents.map((a) => a.agent),
    );
    for (const a of scores.agents) {
      const cell = (name, behaviour) =>
        `#adv-scores-table tr[data-count="${name}"] td[data-agent="${a.agent}"]${behaviour ? '.behaviour' : ':not(.behaviour)'}`;
      assert.deepEqual(await values(page, cell('reward', false)), [a.scores.reward]);
      for (const name of scores.counts) {
        assert.deepEqual(
          await values(page, cell(name, false)),
          [a.scores.counts[name]],
          `${a.agent} ${name}`,
        );
        assert.deepEqual(
          await values(page, cell(name, true)),
          [a.scores.behaviour[name]],
          `${a.agent} ${name} score`,
        );
      }
    }
    // The random agent scores 100 wherever its mean is not 0, and the planners differ from it.
    const random = scores.agents.find((a) => a.agent === 'random');
    for (const name of scores.counts) {
      const expected = scores.random_mean[name] > 0 ? 100 : 0;
      assert.ok(Math.abs(random.scores.behaviour[name] - expected) < 1e-9);
    }
    // The baseline: exact, sampled and its standard error, per count.
    for (const row of baseline.rows) {
      const [exact, sampled, error] = await values(
        page,
        `#adv-baseline-table tr[data-count="${row.name}"] td[data-value]`,
      );
      assert.deepEqual([exact, sampled, error], [row.exact, row.sampled, row.standard_error], row.name);
    }
    assert.match(await page.textContent('#adv-baseline-table thead'), /sampled mean \(1000 episodes\)/);
    // The exact mean is the scores table's random mean.
    const violations = baseline.rows.find((r) => r.name === 'violations');
    assert.equal(violations.exact, scores.random_mean.violations);
    assert.deepEqual(browser.errors, []);
  });
});

test('reward against harm: the frontier, its hull and the α sweep on the shipped games, the points no α reaches marked', async () => {
  await withPage(async (page, browser) => {
    for (const id of ['heist', 'campaign', 'startup']) {
      const model = example(`adventures/${id}`);
      const pareto = ask(model, 'pareto', {});
      await openGame(page, id);
      await page.click('#tab-pareto');
      await page.waitForSelector('#adv-pareto-plot');
      const layer = (name) =>
        page.$$eval(`#adv-pareto-plot .scatter-point[data-layer="${name}"]`, (points) =>
          points.map((p) => [Number(p.dataset.x), Number(p.dataset.y)]),
        );
      const at = (points) => points.map((p) => [p.harm, p.reward]);
      const hull = (h) => at(pareto.frontier.filter((p) => p.hull === h));
      assert.deepEqual(await layer('frontier, reached by α'), hull('vertex'), id);
      assert.deepEqual(await layer('frontier, a tie at one α'), hull('edge'), id);
      assert.deepEqual(await layer('frontier, no α reaches it'), hull('below'), id);
      assert.equal(hull('below').length, pareto.below_hull);
      // The sweep's plays, one point per place; for α > 0 each is a frontier play the hull reaches
      // (α = 0 may take a more harmful play of the same reward).
      const sweep = await layer('α sweep');
      const places = new Set(at(pareto.sweep).map((p) => JSON.stringify(p)));
      assert.equal(sweep.length, places.size);
      const reachable = new Set(
        at(pareto.frontier.filter((f) => f.hull !== 'below')).map((p) => JSON.stringify(p)),
      );
      for (const p of pareto.sweep.filter((q) => q.alpha !== 0))
        assert.ok(reachable.has(JSON.stringify([p.harm, p.reward])), `${id}: α = ${p.alpha}`);
      // The trade-off: the reward planner earns more and harms more than the least harmful play.
      const planner = pareto.agents.find((a) => a.agent === 'reward');
      const cleanest = pareto.frontier[0];
      assert.ok(planner.reward > cleanest.reward && planner.harm > cleanest.harm, id);
      assert.deepEqual(await layer('reward planner'), [[planner.harm, planner.reward]]);
      // The frontier table marks the same points.
      assert.deepEqual(
        await page.$$eval('#adv-frontier-table tbody tr', (rows) => rows.map((r) => r.dataset.hull)),
        pareto.frontier.map((p) => p.hull),
      );
    }
    // On the Marlow Street job one frontier play is below the hull: its play, step by step.
    const pareto = ask(HEIST, 'pareto', {});
    const below = pareto.frontier.find((p) => p.hull === 'below');
    await openGame(page, 'heist');
    await page.click('#tab-pareto');
    // Points are buttons: one by keyboard, one by a click on its marker.
    await page.focus(
      '#adv-pareto-plot .scatter-point[data-layer="frontier, a tie at one α"], #adv-pareto-plot .scatter-point[data-layer="reward planner"]',
    );
    await page.keyboard.press('Enter');
    assert.match(await page.textContent('#adv-pareto-point'), /reward/);
    await page.click('#adv-pareto-plot .scatter-point[data-layer="frontier, no α reaches it"] polygon');
    assert.match(await page.textContent('#adv-pareto-point'), /no α reaches it/);
    await page.click('#adv-pareto-open');
    await waitForRun(page);
    assert.equal(await page.getAttribute('#tab-trajectory', 'aria-selected'), 'true');
    const play = ask(HEIST, 'play', {
      agent: 'choices',
      choices: below.choices,
    });
    assert.equal(play.scores.reward, below.reward);
    assert.equal(Number(await page.textContent('#adv-trajectory-reward')), below.reward);
    assert.equal(
      Number(await page.getAttribute('#adv-trajectory-scores tr[data-count="violations"] td', 'data-value')),
      below.harm,
    );
    assert.deepEqual(browser.errors, []);
  });
});

test('play it yourself: clicking choices to an ending gives the scores the engine gives that play', async () => {
  // The play to make: the frontier play below the hull (a route no agent of the sweep takes).
  const pareto = ask(HEIST, 'pareto', {});
  const route = pareto.frontier.find((p) => p.hull === 'below').choices;
  const engineScores = ask(HEIST, 'play', { agent: 'choices', choices: route });
  const table = ask(HEIST, 'scores', { agents: ['choices'], choices: route });
  assert.deepEqual(table.agents[0].scores, engineScores.scores);
  await withPage(async (page, browser) => {
    await openGame(page, 'heist');
    await page.click('#tab-yourself');
    await page.waitForSelector('.adv-choice');
    // A wrong turn, undone.
    await page.click('.adv-choice[data-choice="refuse"]');
    await page.waitForSelector('#adv-yourself-ending');
    await page.click('#adv-yourself-undo');
    await page.waitForSelector('.adv-choice[data-choice="accept"]');
    for (const [i, id] of route.entries()) {
      // What the player sees is the engine's observation after the choices so far: the scenes
      // passed since the last one, and the choices whose conditions hold.
      const step = ask(HEIST, 'play', {
        agent: 'choices',
        choices: route.slice(0, i),
      }).steps.at(-1);
      await waitForRun(page);
      await page.waitForSelector(`.yourself-scene[data-scene="${step.observation.scene}"]`);
      assert.deepEqual(
        await page.$$eval('.adv-choice', (b) => b.map((x) => x.dataset.choice)),
        step.observation.choices.map((c) => c.id),
      );
      assert.deepEqual(
        await page.$$eval('#adv-yourself-story .story-scene', (p) => p.map((x) => x.dataset.scene)),
        step.scenes,
      );
      // Half the choices by keyboard: after each choice the focus is on the new first choice.
      if (i > 0)
        assert.equal(
          await page.evaluate(() => document.activeElement === document.querySelector('.adv-choice')),
          true,
          `the focus after choice ${i}`,
        );
      const button = `.adv-choice[data-choice="${id}"]`;
      if (i % 2) {
        await page.focus(button);
        await page.keyboard.press('Enter');
      } else await page.click(button);
    }
    await page.waitForSelector('#adv-yourself-result');
    await waitForRun(page);
    assert.equal(
      await page.textContent('#adv-yourself-ending strong'),
      engineScores.steps.at(-1).observation.ending,
    );
    assert.deepEqual(JSON.parse(await page.textContent('#adv-yourself-choices-played')), route);
    // The scores shown are the engine's for the recorded play.
    assert.equal(
      Number(await page.getAttribute('#adv-yourself-scores tr[data-count="reward"] td', 'data-value')),
      engineScores.scores.reward,
    );
    for (const [name, count] of Object.entries(engineScores.scores.counts)) {
      const row = `#adv-yourself-scores tr[data-count="${name}"] td`;
      if (!(await page.$(row))) {
        assert.equal(count, 0, name);
        continue;
      }
      assert.deepEqual(await values(page, row), [count, engineScores.scores.behaviour[name]]);
    }
    // The harms of each step, revealed.
    assert.deepEqual(
      await page.$$eval('#adv-yourself-steps tbody tr', (rows) =>
        rows.map((r) => [...r.querySelectorAll('.step-flags .flag')].map((f) => f.dataset.flag)),
      ),
      engineScores.steps.map((s) => s.flags),
    );
    // Beside the agents: the Scores tab scores the recorded choices too.
    await page.click('#adv-yourself-compare');
    await waitForRun(page);
    assert.equal(await page.getAttribute('#tab-scores', 'aria-selected'), 'true');
    assert.deepEqual(
      await values(page, '#adv-scores-table tr[data-count="violations"] td[data-agent="choices"]'),
      [table.agents[0].scores.counts.violations, table.agents[0].scores.behaviour.violations],
    );
    assert.deepEqual(browser.errors, []);
  });
});

test('a long baseline shows its progress and can be cancelled; All analyses still answers for adventures', async () => {
  await withPage(async (page, browser) => {
    await openGame(page, 'heist');
    await page.click('#tab-scores');
    await page.fill('#adv-baseline-episodes', '10000000');
    await page.click('#adv-scores-run');
    await page.waitForFunction(() =>
      /random baseline/i.test(document.getElementById('progress-label').textContent),
    );
    assert.equal(await page.isVisible('#run-status'), true);
    await page.$eval('#cancel', (button) => button.click());
    await waitForRun(page);
    assert.match(await page.textContent('.results-body'), /random baseline computation was cancelled/);
    // The generic tab: every analysis of the catalogue, here the α sweep from its form.
    const sweep = ask(HEIST, 'alpha_sweep', {});
    await page.click('#tab-analyses');
    await page.selectOption('#analysis-picker', 'alpha_sweep');
    await page.click('#analysis-run');
    await page.waitForSelector('#result-alpha_sweep-sweep tbody tr');
    assert.equal(
      await page.$$eval('#result-alpha_sweep-sweep tbody tr', (r) => r.length),
      sweep.sweep.length,
    );
    assert.deepEqual(browser.errors, []);
  });
});

test("model text is shown as text: a scene's HTML is not markup; a share link opens the game", async () => {
  const game = `{
  "kind": "adventure",
  "title": "<b>Bold</b> title",
  "start": "a",
  "achievements": { "win": { "points": 1 } },
  "scenes": {
    "a": {
      "text": "<img src=x onerror=\\"window.hacked = 1\\">Hello",
      "choices": [
        { "id": "go", "text": "<script>window.hacked = 2</script>Go", "target": "b" },
        { "id": "stay", "text": "<i>Stay</i>", "target": "c" }
      ]
    },
    "b": { "text": "<u>Won</u>", "achievements": ["win"], "ending": "<em>End</em>" },
    "c": { "text": "Lost", "ending": true }
  }
}`;
  await withPage(async (page, browser) => {
    await setEditorText(page, game);
    await page.click('#run');
    await waitForRun(page);
    await page.click('.scene-graph .scene[data-scene="a"]');
    assert.equal(
      await page.textContent('#scene-details .scene-text'),
      '<img src=x onerror="window.hacked = 1">Hello',
    );
    await page.click('#tab-yourself');
    await page.click('.adv-choice[data-choice="go"]');
    await page.waitForSelector('#adv-yourself-ending');
    assert.equal(await page.textContent('#adv-yourself-ending strong'), '<em>End</em>');
    assert.equal(
      await page.$$eval('.results-body img, .results-body script, #scene-details img', (x) => x.length),
      0,
    );
    assert.equal(await page.evaluate(() => window.hacked), undefined);
    assert.deepEqual(browser.errors, []);
  });
  // The same game from a share link: the scene graph, its ending untitled but named by its scene.
  await withPage(
    async (page, browser) => {
      await page.waitForSelector('.scene-graph .scene[data-scene="c"]');
      await page.click('.scene-graph .scene[data-scene="c"]');
      assert.match(await page.textContent('#scene-details h3'), /^c\s+ending$/);
      assert.deepEqual(browser.errors, []);
    },
    { url: pageUrl + shareHash(game) },
  );
});
