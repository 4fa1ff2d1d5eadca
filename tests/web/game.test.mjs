// The game views (web/src/kinds/game/), as a user meets them on the shipped games: the game view
// and its state picker stepping through a play of Communicate Out of Prison, SICA as a heatmap
// (undefined cells marked, never drawn as 0), SBUE as bars with error bars and exact values, a
// counterfactual query beside the explained action, a user-written game (public goods) with its
// probable actions and convergence plots, and the value function V each explanation used. Every value asserted is the engine's own answer to the
// same request (build/wasm/motive_wasm.js under Node): the page must show what the engine computed,
// and compute nothing itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { waitForRun, example, withPage, loadEngine, setEditorText } from './helpers.mjs';
import {
  createGameSettings,
  explainedParams,
  queryParam,
  fieldParams,
  stateParams,
} from '../../web/src/kinds/game/settings.js';
import { niceTicks } from '../../web/src/views/plots.js';

const { ask } = await loadEngine();

const COP = example('games/cop');
const PUBLIC_GOODS = example('games/public-goods');
const CHEAP_TALK = example('games/cheap-talk-hunt');

// A game in which one player's payoff never varies: its SICA cells are undefined.
const CONSTANT = `{
  "kind": "game",
  "title": "A bystander",
  "players": ["a", "b", "bystander"],
  "stages": [ { "name": "move", "players": ["a", "b"], "actions": { "x": ["up", "down"] } } ],
  "payoffs": {
    "a": "move_a == 'up' ? (move_b == 'up' ? 3 : 0) : 1",
    "b": "move_b == 'up' ? (move_a == 'up' ? 3 : 0) : 1",
    "bystander": "2"
  },
  "policies": { "a": { "move": { "up": 0.6, "down": 0.4 } }, "b": { "move": { "up": 0.3, "down": 0.7 } } }
}`;

// ---- Without a browser: what the views send ----

test("the settings become the engine's params: the state, the explained action when it fits, the query", () => {
  const settings = createGameSettings();
  const describe = ask(COP, 'describe', {
    state: 'politician speaks first',
  });
  const node = describe.state;
  assert.equal(node.node, 'decision');
  // Untouched: the engine's defaults (no player, no action), so the request is the default one.
  assert.deepEqual(explainedParams(settings, node), {});
  settings.player = node.acting[0].player;
  settings.action = { to: 'simple-person', signal: 'propose' };
  assert.deepEqual(explainedParams(settings, node), {
    player: 'politician',
    action: { to: 'simple-person', signal: 'propose' },
  });
  // An action that does not fit the player's slots is not sent.
  settings.action = { to: 'politician', signal: 'propose' };
  assert.deepEqual(explainedParams(settings, node), { player: 'politician' });
  settings.query = [
    { slot: 'signal', op: 'not', choice: 'accuse' },
    { slot: 'to', op: 'do', choice: 'con-artist' },
  ];
  assert.deepEqual(queryParam(settings), [
    { slot: 'signal', not: 'accuse' },
    { slot: 'to', do: 'con-artist' },
  ]);
  settings.text['sica.rollouts'] = '500';
  settings.text['sica.seed'] = '';
  assert.deepEqual(fieldParams(settings, 'sica', ['rollouts', 'seed']), {
    params: { rollouts: 500 },
  });
  settings.text['convergence.ks'] = '10, 100 x';
  assert.match(fieldParams(settings, 'convergence', ['ks'], { lists: ['ks'] }).error, /“x” is not a number/);
  // A play's step is analysed at its state text.
  const play = ask(COP, 'play');
  settings.selection = { kind: 'step', index: 3 };
  assert.deepEqual(stateParams(settings, { responses: { play: { ok: true, result: play } } }), {
    state: play.steps[3].text,
  });
});

test("a plot's ticks over a range below floating-point resolution end (SICA's cosine 1 + 2e-16 at a decided state)", () => {
  // A convergence reply where nothing varies: cosine similarities 1 and 1.0000000000000002.
  const convergence = ask(PUBLIC_GOODS, 'convergence', { state: 'game 2 1' });
  const cosines = convergence.points.map((p) => p.sica_cosine);
  assert.ok(cosines.every((c) => Math.abs(c - 1) < 1e-12));
  assert.deepEqual(niceTicks(1, Math.max(...cosines, 1 + 2 ** -52), 5), [1]);
  assert.deepEqual(niceTicks(-20.5, 0.3, 6), [-20, -15, -10, -5, 0]);
});

// ---- In the browser ----

// Waits for the run a control started (a rerun starts shortly after the control moves).
async function settle(page) {
  await page.waitForTimeout(400);
  await waitForRun(page, 60000);
}

// Presses a control (a tab, a Compute button) and waits for what it shows and for its run to end.
async function clickAndWait(page, control, shown) {
  await page.click(control);
  await page.waitForSelector(shown);
  await waitForRun(page);
}

async function openExample(page, id) {
  await page.click('#open-gallery');
  await page.click(`.example-card[data-example="games/${id}"]`);
  await waitForRun(page);
}

// The cells of a heatmap: {row, col, value (number or null), undefined (the reason or '')}.
const heatmapCells = (page, id) =>
  page.$$eval(`#${id} .sica-cell`, (cells) =>
    cells.map((c) => ({
      row: c.dataset.row,
      col: c.dataset.col,
      value: c.dataset.value === '' ? null : Number(c.dataset.value),
      undefined: c.dataset.undefined,
      text: c.querySelector('text').textContent,
      title: c.querySelector('title').textContent,
    })),
  );

function assertHeatmapIs(cells, players, correlation, reasons) {
  assert.equal(cells.length, players.length ** 2);
  for (const cell of cells) {
    const i = players.indexOf(cell.row);
    const j = players.indexOf(cell.col);
    const v = correlation[i][j];
    if (v === null) {
      assert.equal(cell.value, null, `${cell.row}/${cell.col} is undefined`);
      assert.equal(cell.undefined, reasons[i][j]);
      assert.equal(cell.text, 'undefined');
      assert.ok(cell.title.includes(`undefined (${reasons[i][j]})`), cell.title);
    } else {
      assert.equal(cell.value, v, `${cell.row}/${cell.col}`);
      assert.equal(cell.undefined, '');
    }
  }
}

test("COP: the state picker steps through the engine's play, messages, announcements and years", async () => {
  const play = ask(COP, 'play');
  const last = play.steps.length - 1;
  assert.equal(play.steps[last].node, 'terminal');
  await withPage(async (page, browser) => {
    await openExample(page, 'cop');
    // The picker offers the start, the named states and every step of the play.
    const options = await page.$$eval('#game-state-picker option', (o) => o.map((x) => x.value));
    assert.deepEqual(options, [
      'start',
      'named:politician speaks first',
      'named:after a threat',
      'named:announcements',
      ...play.steps.map((_, i) => `step:${i}`),
    ]);
    assert.equal(await page.textContent('#game-state-text'), ask(COP, 'describe').state.text);
    // Forward through the play: each step's state and the messages sent so far.
    for (let i = 0; i <= last; i++) {
      await page.click('#game-forward');
      await page.waitForFunction(
        (text) => document.getElementById('game-state-text')?.textContent === text,
        play.steps[i].text,
      );
      const d = play.steps[i].describe;
      const log = await page.$$eval('#cop-log li', (li) =>
        li.map((x) => [x.dataset.from, x.dataset.to, x.dataset.signal]),
      );
      assert.deepEqual(
        log,
        d.messages.map((m) => [m.from, m.to, m.signal]),
      );
      // The picture draws the messages as arrows, one per ordered pair, until the announcements are
      // made; then who blames whom instead.
      if (d.announcements) {
        assert.equal(await page.$$eval('.cop-message', (m) => m.length), 0);
        const blames = Object.entries(d.announcements).flatMap(([from, about]) =>
          Object.entries(about)
            .filter(([, said]) => said === 'guilty')
            .map(([to]) => `${from}>${to}`),
        );
        assert.deepEqual(
          (await page.$$eval('.cop-blame', (b) => b.map((x) => `${x.dataset.from}>${x.dataset.to}`))).sort(),
          blames.sort(),
        );
      } else {
        assert.equal(
          await page.$$eval('.cop-message', (m) => m.length),
          new Set(d.messages.map((m) => `${m.from}>${m.to}`)).size,
        );
      }
    }
    assert.equal(await page.isDisabled('#game-forward'), true);
    // At the end: the announcements and the years are the engine's.
    const end = play.steps[last].describe;
    const announced = await page.$$eval('#cop-announcements tbody tr', (rows) =>
      rows.map((r) => [...r.children].map((c) => c.textContent)),
    );
    play.players.forEach((p, i) => {
      assert.equal(announced[i][0], p);
      play.players.forEach((q, j) => {
        assert.equal(announced[i][1 + j], p === q ? '' : end.announcements[p][q]);
      });
      assert.equal(Number(announced[i][4]), end.years[p]);
    });
    const years = await page.$$eval('.cop-agent-years', (t) =>
      t.map((x) => [x.parentNode.dataset.player, Number(x.dataset.years)]),
    );
    assert.deepEqual(Object.fromEntries(years), end.years);
    // Back one step: the announcements are gone (the state before them).
    await page.click('#game-back');
    await page.waitForFunction(
      (text) => document.getElementById('game-state-text')?.textContent === text,
      play.steps[last - 1].text,
    );
    assert.equal(await page.$('#cop-announcements'), null);
    await waitForRun(page);
    assert.deepEqual(browser.errors, []);
  });
});

test("SICA as a heatmap: COP's cells are the engine's matrix, and its exact one beside where it enumerates", async (t) => {
  const sica = ask(COP, 'sica');
  // The paper's finding: the politician and the simple person side against the con-artist.
  const at = ask(COP, 'sica', { state: 'announcements' });
  assert.equal(at.exact.available, true);
  await withPage(async (page, browser) => {
    await openExample(page, 'cop');
    assert.equal(await page.getAttribute('#tab-sica', 'aria-selected'), 'true');
    assertHeatmapIs(await heatmapCells(page, 'sica-heatmap'), sica.players, sica.correlation, sica.undefined);
    if (sica.exact.available) {
      assertHeatmapIs(
        await heatmapCells(page, 'sica-exact'),
        sica.players,
        sica.exact.correlation,
        sica.exact.undefined,
      );
    } else {
      assert.equal(await page.$('#sica-exact'), null);
      assert.match(await page.textContent('#sica-exact-reason'), /max_nodes/);
    }
    assert.equal(await page.isVisible('#sica-legend'), true);

    // At the announcements, the exact matrix is drawn beside the sampled one.
    await page.selectOption('#game-state-picker', 'named:announcements');
    await settle(page);
    await page.waitForFunction(
      (text) =>
        document.querySelector('#sica-heatmap')?.closest('.game-sica')?.querySelector('.game-at-state')
          ?.dataset.state === text,
      at.state,
    );
    await waitForRun(page);
    assertHeatmapIs(await heatmapCells(page, 'sica-heatmap'), at.players, at.correlation, at.undefined);
    assertHeatmapIs(
      await heatmapCells(page, 'sica-exact'),
      at.players,
      at.exact.correlation,
      at.exact.undefined,
    );

    // Click to drawn: SICA with 10,000 rollouts at the start, the button to the new heatmap.
    await page.selectOption('#game-state-picker', 'start');
    await settle(page);
    await page.fill('#game-sica-rollouts', '10000');
    await page.fill('#game-sica-seed', '7');
    const times = [];
    for (let i = 0; i < 3; i++) {
      await page.evaluate(() => {
        document.querySelector('#sica-heatmap').dataset.old = '1';
        window.sicaClick = performance.now();
        document.querySelector('#sica-run').click();
      });
      await page.waitForSelector('#sica-heatmap:not([data-old])');
      times.push(await page.evaluate(() => performance.now() - window.sicaClick));
      await waitForRun(page);
    }
    t.diagnostic(
      `SICA, 10,000 rollouts on COP at the start, click to drawn: ${times.map((x) => x.toFixed(1)).join(', ')} ms`,
    );
    // The drawing alone: the tab drawn again from the reply it holds (a click on its tab).
    const draw = await page.evaluate(() => {
      const t = performance.now();
      for (let i = 0; i < 10; i++) document.querySelector('#tab-sica').click();
      return (performance.now() - t) / 10;
    });
    t.diagnostic(`SICA tab drawn from its reply: ${draw.toFixed(1)} ms`);
    const seeded = ask(COP, 'sica', { rollouts: 10000, seed: 7 });
    assertHeatmapIs(
      await heatmapCells(page, 'sica-heatmap'),
      seeded.players,
      seeded.correlation,
      seeded.undefined,
    );
    assert.deepEqual(browser.errors, []);
  });
});

test("SICA: a player whose utility never varies has undefined cells, marked with the engine's reason, not 0", async () => {
  const sica = ask(CONSTANT, 'sica');
  const k = sica.players.indexOf('bystander');
  assert.equal(sica.correlation[k][0], null);
  assert.ok(sica.undefined[k][0].length > 0);
  await withPage(async (page, browser) => {
    await setEditorText(page, CONSTANT);
    await page.click('#run');
    await waitForRun(page);
    const cells = await heatmapCells(page, 'sica-heatmap');
    assertHeatmapIs(cells, sica.players, sica.correlation, sica.undefined);
    const undefinedCells = cells.filter((c) => c.undefined);
    assert.ok(undefinedCells.length >= 4);
    for (const c of undefinedCells) {
      assert.ok(c.row === 'bystander' || c.col === 'bystander');
      assert.notEqual(c.text, '0');
    }
    // The a/b cell is the engine's (a defined number).
    assert.equal(typeof sica.correlation[0][1], 'number');
    assert.deepEqual(browser.errors, []);
  });
});

// The bars of the SBUE chart: {player, action, value, error, exact}.
const bars = (page) =>
  page.$$eval('#sbue-chart .sbue-bar', (b) =>
    b.map((x) => ({
      player: x.dataset.player,
      action: x.dataset.action,
      value: Number(x.dataset.value),
      error: Number(x.dataset.error),
      exact: x.dataset.exact === '' ? null : Number(x.dataset.exact),
      whisker: Boolean(x.querySelector('.sbue-error')),
      diamond: Boolean(x.querySelector('.sbue-exact')),
    })),
  );

test('SBUE as bars: the explained message and its alternatives, error bars and exact values as the engine gives them', async () => {
  const params = {
    state: 'politician speaks first',
    player: 'politician',
    action: { to: 'simple-person', signal: 'accuse' },
  };
  await withPage(async (page, browser) => {
    await openExample(page, 'cop');
    await page.selectOption('#game-state-picker', 'named:politician speaks first');
    await settle(page);
    await page.click('#tab-sbue');
    await page.selectOption('#sbue-slot-to', 'simple-person');
    await settle(page);
    await page.selectOption('#sbue-slot-signal', 'accuse');
    await page.waitForFunction(
      () => document.querySelector('#sbue-table tr.optimal')?.dataset.action === 'simple-person, accuse',
    );
    await waitForRun(page);
    const state = ask(COP, 'describe', { state: params.state }).state.text;
    const sbue = ask(COP, 'sbue', { ...params, state });
    assert.equal(sbue.actions[0].label, (await bars(page))[0].action);
    const shown = await bars(page);
    assert.equal(shown.length, sbue.actions.length * sbue.players.length);
    for (const b of shown) {
      const a = sbue.actions.find((x) => x.label === b.action);
      const j = sbue.players.indexOf(b.player);
      assert.equal(b.value, a.mean[j]);
      assert.equal(b.error, a.standard_error[j]);
      assert.ok(b.whisker, 'every bar has its error bar');
      if (Array.isArray(a.exact)) {
        assert.equal(b.exact, a.exact[j]);
        assert.ok(b.diamond);
      } else assert.equal(b.exact, null);
    }
    // The explained bar is the first and marked; the friendly message beats it for the politician
    // and the simple person, as in the paper (the engine's numbers, read off the page).
    const explained = await page.$$eval('#sbue-chart .sbue-bar.explained', (b) =>
      b.map((x) => x.dataset.action),
    );
    assert.ok(explained.every((a) => a === sbue.actions[0].label));
    const propose = sbue.actions.find(
      (a) => a.action.to === 'simple-person' && a.action.signal === 'propose',
    );
    for (const who of ['politician', 'simple-person']) {
      const j = sbue.players.indexOf(who);
      const bar = (label) => shown.find((b) => b.player === who && b.action === label).value;
      assert.ok(bar(propose.label) > bar(sbue.actions[0].label), who);
    }
    // At the announcements the engine enumerates the tree: each bar has its exact value beside it.
    await page.selectOption('#sbue-scale', 'mean');
    await page.selectOption('#game-state-picker', 'named:announcements');
    await settle(page);
    const atAnnouncements = ask(COP, 'sbue', {
      state: 'announcements',
      player: 'politician',
    });
    assert.equal(atAnnouncements.exact.available, true);
    const exactBars = await bars(page);
    assert.equal(exactBars.length, atAnnouncements.actions.length * atAnnouncements.players.length);
    for (const b of exactBars) {
      const a = atAnnouncements.actions.find((x) => x.label === b.action);
      const j = atAnnouncements.players.indexOf(b.player);
      assert.equal(b.value, a.mean[j]);
      assert.equal(b.error, a.standard_error[j]);
      assert.equal(b.exact, a.exact[j]);
      assert.ok(b.diamond, 'the exact value is drawn');
    }
    await page.selectOption('#game-state-picker', 'named:politician speaks first');
    await settle(page);

    // The z-scores on the switch.
    await page.selectOption('#sbue-scale', 'z');
    const z = await bars(page);
    for (const b of z) {
      const a = sbue.actions.find((x) => x.label === b.action);
      assert.equal(b.value, a.z[sbue.players.indexOf(b.player)]);
    }
    assert.deepEqual(browser.errors, []);
  });
});

test("a counterfactual query: do / don't on the sub-actions, its answer beside the explained action", async () => {
  await withPage(async (page, browser) => {
    await openExample(page, 'cop');
    await page.selectOption('#game-state-picker', 'named:politician speaks first');
    await settle(page);
    await page.click('#tab-counterfactual');
    await page.selectOption('#cf-explained-slot-to', 'simple-person');
    await settle(page);
    await page.selectOption('#cf-explained-slot-signal', 'accuse');
    await settle(page);
    // Don't accuse, and speak to the con-artist; α = 0.5, β = 2.
    await page.click('#cf-add');
    await page.selectOption('#cf-slot-0', 'signal');
    await page.selectOption('#cf-op-0', 'not');
    await page.selectOption('#cf-choice-0', 'accuse');
    await page.click('#cf-add');
    await page.selectOption('#cf-slot-1', 'to');
    await page.selectOption('#cf-op-1', 'do');
    await page.selectOption('#cf-choice-1', 'con-artist');
    await page.fill('#game-counterfactual-alpha', '0.5');
    await page.fill('#game-counterfactual-beta', '2');
    await clickAndWait(page, '#cf-run', '#cf-best');
    const state = ask(COP, 'describe', { state: 'politician speaks first' }).state.text;
    const reply = ask(COP, 'counterfactual', {
      state,
      player: 'politician',
      action: { to: 'simple-person', signal: 'accuse' },
      query: [
        { slot: 'signal', not: 'accuse' },
        { slot: 'to', do: 'con-artist' },
      ],
      alpha: 0.5,
      beta: 2,
    });
    const best = reply.counterfactual;
    assert.equal(best.action.to, 'con-artist');
    assert.notEqual(best.action.signal, 'accuse');
    assert.equal(await page.textContent('#cf-best .cf-action'), best.label);
    assert.equal(await page.textContent('#cf-original .cf-action'), reply.explained.label);
    const rows = (id) =>
      page.$$eval(`#${id} tbody tr`, (r) =>
        r.map((x) => [x.dataset.player, Number(x.dataset.mean), Number(x.dataset.se)]),
      );
    assert.deepEqual(
      await rows('cf-best'),
      reply.players.map((p, j) => [p, best.sbue.mean[j], best.sbue.standard_error[j]]),
    );
    assert.deepEqual(
      await rows('cf-original'),
      reply.players.map((p, j) => [p, reply.explained.sbue.mean[j], reply.explained.sbue.standard_error[j]]),
    );
    assert.equal(
      await page.$$eval('#cf-feasible tbody tr', (r) => r.length),
      Math.min(20, reply.feasible.length),
    );

    // A query nothing satisfies: the engine's reason, not the original action.
    await page.selectOption('#cf-op-0', 'do');
    await page.selectOption('#cf-choice-0', 'accuse');
    await page.selectOption('#cf-choice-1', 'simple-person');
    await clickAndWait(page, '#cf-run', '#cf-reason');
    const none = ask(COP, 'counterfactual', {
      state,
      player: 'politician',
      action: { to: 'simple-person', signal: 'accuse' },
      query: [
        { slot: 'signal', do: 'accuse' },
        { slot: 'to', do: 'simple-person' },
      ],
      alpha: 0.5,
      beta: 2,
    });
    assert.equal(none.counterfactual, null);
    assert.equal(await page.textContent('#cf-reason'), none.reason);
    assert.equal(await page.$('#cf-best'), null);
    assert.deepEqual(browser.errors, []);
  });
});

test('a user game (public goods): the stage, who acts and their policies, the payoffs, probable actions and convergence', async () => {
  const describe = ask(PUBLIC_GOODS, 'describe');
  const play = ask(PUBLIC_GOODS, 'play');
  await withPage(async (page, browser) => {
    await openExample(page, 'public-goods');
    // The start: the early stage, the cooperator and the free rider act, with their policies.
    assert.match(await page.textContent('#game-view .game-phase'), /early/);
    const acting = await page.$$eval('#game-players li.acting', (li) => li.map((x) => x.dataset.player));
    assert.deepEqual(
      acting,
      describe.state.acting.map((a) => a.player),
    );
    const policies = await page.$$eval('#game-next .game-acting', (s) =>
      s.map((x) => [
        x.dataset.player,
        [...x.querySelectorAll('.game-policy tbody tr')].map((r) => [
          r.children[0].textContent,
          r.querySelector('.game-prob-text').textContent,
        ]),
      ]),
    );
    const percent = (p) => `${Number((100 * p).toPrecision(3))}%`;
    assert.deepEqual(
      policies,
      describe.state.acting.map((a) => [
        a.player,
        a.policy.map((p) => [String(p.action.give), percent(p.probability)]),
      ]),
    );
    // Through the play to its end: the payoffs are the engine's.
    const last = play.steps.length - 1;
    await page.selectOption('#game-state-picker', `step:${last}`);
    await settle(page);
    await page.waitForFunction(
      (text) => document.getElementById('game-state-text')?.textContent === text,
      play.steps[last].text,
    );
    const payoffs = await page.$$eval('.game-payoff', (p) =>
      p.map((x) => [x.parentNode.dataset.player, Number(x.dataset.payoff)]),
    );
    assert.deepEqual(Object.fromEntries(payoffs), play.steps[last].describe.payoffs);
    // At the end no one acts: SBUE says so.
    await page.click('#tab-sbue');
    assert.match(await page.textContent('.game-not-decision'), /over/);

    // Back at the start: probable actions when the cooperator gives 2.
    await page.selectOption('#game-state-picker', 'start');
    await settle(page);
    await page.click('#tab-probable');
    await page.selectOption('#probable-slot-give', '2');
    await settle(page);
    const probable = ask(PUBLIC_GOODS, 'probable_actions', {
      state: describe.state.text,
      player: 'cooperator',
      action: { give: '2' },
    });
    const rows = await page.$$eval('#probable-table tbody tr', (r) =>
      r.map((x) => ({
        player: x.dataset.player,
        frequency: Number(x.dataset.frequency),
        marginals: [...x.querySelectorAll('.game-marginal li')].map((li) => [
          li.dataset.choice,
          Number(li.dataset.probability),
        ]),
      })),
    );
    assert.deepEqual(
      rows,
      probable.actions.map((a) => ({
        player: a.player,
        frequency: a.frequency,
        marginals: a.marginals.flatMap((m) => m.choices.map((c) => [String(c.choice), c.probability])),
      })),
    );

    // Convergence: asked when the tab opens; one line per agent, the engine's RMSE at each k.
    await clickAndWait(page, '#tab-convergence', '#convergence-sbue');
    const convergence = ask(PUBLIC_GOODS, 'convergence', {
      state: describe.state.text,
      player: 'cooperator',
      action: { give: '2' },
    });
    const series = await page.$$eval('#convergence-sbue .series', (s) =>
      s.map((x) => [x.dataset.series, [...x.querySelectorAll('circle title')].map((t) => t.textContent)]),
    );
    assert.deepEqual(
      series.map((s) => s[0]),
      convergence.players,
    );
    series.forEach(([, titles], j) => {
      assert.equal(titles.length, convergence.points.length);
      titles.forEach((title, i) => {
        const y = Number(title.split('→')[1]);
        const rmse = convergence.points[i].sbue_rmse[j];
        assert.ok(Math.abs(y - rmse) <= 1e-4 * Math.max(1, Math.abs(rmse)), `${title} vs ${rmse}`);
      });
    });
    assert.equal(await page.isVisible('#convergence-sica'), true);
    // The figure's exports: its SVG as shown, and a PNG at twice the plot's size.
    const figure = page.locator('figure', { has: page.locator('#convergence-sbue') });
    const exported = async (label) => {
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        figure.locator('.plot-actions button', { hasText: label }).click(),
      ]);
      return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
    };
    const svgFile = await exported('SVG');
    assert.match(svgFile.name, /-convergence-convergence-sbue\.svg$/);
    const svgText = svgFile.bytes.toString('utf8');
    assert.match(svgText, /<svg[^>]*\swidth="460"/);
    // 260 for the plot, and its legend under it (three agents: one line).
    const svgHeight = Number(/<svg[^>]*\sheight="(\d+)"/.exec(svgText)[1]);
    assert.ok(svgHeight > 260 && svgHeight < 320, String(svgHeight));
    const pngFile = await exported('PNG');
    assert.match(pngFile.name, /\.png$/);
    assert.equal(pngFile.bytes.subarray(1, 4).toString('latin1'), 'PNG');
    assert.deepEqual([pngFile.bytes.readUInt32BE(16), pngFile.bytes.readUInt32BE(20)], [920, 2 * svgHeight]);

    // A state typed as text: the reciprocator acts there, and SBUE explains its move.
    const typed = play.steps[1].text;
    await page.click('#game-more summary');
    await page.fill('#game-state-input', typed);
    await page.click('#game-state-go');
    await settle(page);
    assert.equal(await page.textContent('#game-state-text'), typed);
    await page.click('#tab-sbue');
    const sbue = ask(PUBLIC_GOODS, 'sbue', { state: typed });
    assert.equal(sbue.player, 'reciprocator');
    const shown = await bars(page);
    assert.equal(shown.length, sbue.actions.length * sbue.players.length);
    for (const b of shown) {
      const a = sbue.actions.find((x) => x.label === b.action);
      const j = sbue.players.indexOf(b.player);
      assert.equal(b.value, a.mean[j]);
      assert.equal(b.exact, a.exact[j]);
    }
    assert.deepEqual(browser.errors, []);
  });
});

test('the value function each explanation used is shown under SICA, SBUE and probable actions', async () => {
  // COP's V is one play to the end; the cheap-talk hunt's is exact (its file says "value": "exact").
  const cop = ask(COP, 'sica');
  const hunt = ask(CHEAP_TALK, 'sica');
  assert.equal(cop.value.kind, 'rollout');
  assert.equal(hunt.value.kind, 'exact');
  const line = (page, id) => page.textContent(`#${id}`);
  await withPage(async (page, browser) => {
    await openExample(page, 'cop');
    assert.equal(await line(page, 'sica-value'), `V: ${cop.value.description}.`);
    await openExample(page, 'cheap-talk-hunt');
    assert.equal(await line(page, 'sica-value'), `V: ${hunt.value.description}.`);
    await clickAndWait(page, '#tab-sbue', '#sbue-value');
    const sbue = ask(CHEAP_TALK, 'sbue');
    assert.equal(await line(page, 'sbue-value'), `V: ${sbue.value.description}.`);
    await clickAndWait(page, '#tab-probable', '#probable-value');
    const probable = ask(CHEAP_TALK, 'probable_actions');
    assert.equal(await line(page, 'probable-value'), `V: ${probable.value.description}.`);
    assert.match(await line(page, 'probable-value'), /exact expected return/);
    assert.deepEqual(browser.errors, []);
  });
});

test("a long convergence run shows its progress and can be cancelled; a state's name is text, not markup", async () => {
  const name = '<img src=x onerror="window.injected=1">';
  const marked = PUBLIC_GOODS.replace('"after the early gifts"', JSON.stringify(name));
  const describe = ask(marked, 'describe', { state: name });
  await withPage(async (page, browser) => {
    await openExample(page, 'cop');
    await page.selectOption('#game-state-picker', 'named:politician speaks first');
    await settle(page);
    await page.click('#tab-convergence');
    await settle(page);
    await page.fill('#game-convergence-repeats', '500');
    // Long (6.2 × 10^7 rollout steps) but within the budget of 10^8, which is refused at once.
    await page.fill('#game-convergence-ks', '10000, 50000');
    await page.fill('#game-convergence-reference_rollouts', '1000000');
    await page.click('#convergence-run');
    await page.waitForFunction(() =>
      /convergence/i.test(document.getElementById('progress-label').textContent),
    );
    assert.equal(await page.isVisible('#run-status'), true);
    await page.$eval('#cancel', (button) => button.click());
    await waitForRun(page);
    assert.match(await page.textContent('.results-body'), /convergence computation was cancelled/);

    // A state named with markup: listed, picked and analysed, shown as its text.
    await setEditorText(page, marked);
    await page.click('#run');
    await waitForRun(page);
    await page.selectOption('#game-state-picker', `named:${name}`);
    await settle(page);
    assert.equal(await page.textContent('#game-state-text'), describe.state.text);
    assert.ok((await page.textContent('.game-at')).includes(name));
    assert.equal(await page.$('img[src=x]'), null);
    assert.equal(await page.evaluate(() => window.injected), undefined);
    assert.deepEqual(browser.errors, []);
  });
});
