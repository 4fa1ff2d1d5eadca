// The maps of the games played on one (web/src/kinds/game/: board-view.js, diplomacy-map.js,
// risk-map.js, position-editor.js, adjudicate.js): Figure 1's units and orders on the standard map
// (the explained action's arrows and the others' probable ones, each of the right kind), the Risk
// opening's territories in their owners' colours with their armies, the position editor writing the
// model's "position" (read back by the engine), and a bounce adjudicated on the teaching map. Every
// expected value is the engine's own answer to the same request (build/wasm/motive_wasm.js under
// Node), or read from the board's data here; the kinds of orders are read here from the notation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inflateRawSync } from 'node:zlib';
import { waitForRun, example, withPage, loadEngine, setEditorText } from './helpers.mjs';
import { parseJsonc } from '../../web/src/editor/jsonc.js';
import { applyChange, formatModelJson, setTopLevelValue } from '../../web/src/editor/model-edit.js';
import { parseOrder } from '../../web/src/kinds/game/diplomacy-map.js';
import { diplomacyPosition, editDiplomacy, riskPosition } from '../../web/src/kinds/game/position-editor.js';

const { ask } = await loadEngine();

const FIGURE1 = example('games/diplomacy-figure1');
const TEACHING = example('games/diplomacy-teaching');
const RISK = example('games/risk-opening');
// The teaching map without the example's named states: they are histories played from the position,
// so a position edited by hand may no longer fit them (the engine then says which move does not).
const TEACHING_BARE = `{
  // the teaching map, from its start
  "kind": "game",
  "builtin": "diplomacy",
  "title": "The teaching map",
  "map": "teaching"
}
`;

// An order's kind, from the standard notation (the test's own reading, not the page's).
function kindOf(order) {
  if (/ S [AF] /.test(order)) return 'support';
  if (/ C [AF] /.test(order)) return 'convoy';
  if (/ - /.test(order)) return 'move';
  if (/^[AF] \S+( H)?$/.test(order)) return 'hold';
  return 'other';
}

// ---- Without a browser ----

test('orders in the standard notation are read for drawing', () => {
  assert.deepEqual(parseOrder('A BUD H'), {
    unit: { type: 'A', at: 'BUD' },
    kind: 'hold',
  });
  assert.deepEqual(parseOrder('F SPA/SC - MAO'), {
    unit: { type: 'F', at: 'SPA/SC' },
    kind: 'move',
    to: 'MAO',
    viaConvoy: false,
  });
  assert.equal(parseOrder('A LON - NWY VIA C').viaConvoy, true);
  assert.deepEqual(parseOrder('F TRI S A TYR - VEN').supported, {
    type: 'A',
    at: 'TYR',
    to: 'VEN',
  });
  assert.deepEqual(parseOrder('A BUL S A CON').supported, {
    type: 'A',
    at: 'CON',
    to: null,
  });
  assert.deepEqual(parseOrder('F NTH C A LON - NWY').convoyed, {
    type: 'A',
    at: 'LON',
    to: 'NWY',
  });
  assert.equal(parseOrder('A PAR R PIC').kind, 'retreat');
  assert.equal(parseOrder('WAIVE'), null);
  assert.equal(parseOrder('keep'), null);
});

test("the position is written as the model's top-level field, the rest of the text kept", () => {
  const text = '{\n  // a comment\n  "kind": "game",\n  "map": "teaching" // the map\n}\n';
  const added = applyChange(
    text,
    setTopLevelValue(text, 'position', {
      phase: 'S1901M',
      units: { a: ['A X'] },
    }),
  );
  assert.ok(added.includes('// a comment') && added.includes('// the map'));
  assert.deepEqual(parseJsonc(added).position, {
    phase: 'S1901M',
    units: { a: ['A X'] },
  });
  const replaced = applyChange(added, setTopLevelValue(added, 'position', { phase: 'F1901M' }));
  assert.deepEqual(parseJsonc(replaced).position, { phase: 'F1901M' });
  assert.equal(replaced.match(/"position"/g).length, 1);
  assert.equal(
    formatModelJson({ n1: { owner: 'red', armies: 3 } }),
    '{\n  "n1": { "owner": "red", "armies": 3 }\n}',
  );
});

test('a fleet placed on a province with two coasts goes to the first, then the next', () => {
  const describe = ask(TEACHING, 'describe');
  const board = describe.board;
  const split = board.provinces.find((p) => p.coasts.length === 2);
  assert.ok(split, 'the teaching map has a province with split coasts');
  let position = diplomacyPosition(board, describe.state.describe);
  const power = board.powers[0].name;
  const tool = { action: 'F', power };
  position = editDiplomacy(board, position, split.id, tool).position;
  const first = position.units[power].find((u) => u.includes(split.id));
  position = editDiplomacy(board, position, split.id, tool).position;
  const second = position.units[power].find((u) => u.includes(split.id));
  assert.notEqual(first, second);
  assert.deepEqual(
    [first, second].map((u) => u.split(' ')[1]).sort(),
    split.coasts.map((c) => (c.name.includes('/') ? c.name : `${split.id}/${c.name}`)).sort(),
  );
  // Each position is one the engine reads.
  const text = TEACHING_BARE.replace('{', `{ "position": ${JSON.stringify(position)},`);
  const units = ask(text, 'describe').state.describe.units;
  assert.ok(units.some((u) => u.unit === second && u.power === power));
  // An army at sea is refused, with a reason.
  const sea = board.provinces.find((p) => p.type === 'sea');
  assert.match(editDiplomacy(board, position, sea.id, { action: 'A', power }).error, /sea/);
});

test('a Risk territory given to a player with its armies is written as a position the engine reads', () => {
  const d = ask(RISK, 'describe').state.describe;
  const position = riskPosition(d);
  assert.equal(Object.keys(position).length, d.territories.length);
  const [first] = d.territories;
  position[first.id] = { owner: 'blue', armies: 7 };
  const text = applyChange(RISK, setTopLevelValue(RISK, 'position', position));
  assert.ok(text.includes('// Simplified Risk (Orner et al., appendix C)'));
  const after = ask(text, 'describe').state.describe.territories;
  assert.deepEqual(
    after.find((t) => t.id === first.id),
    { id: first.id, owner: 'blue', armies: 7 },
  );
  assert.deepEqual(
    after.filter((t) => t.id !== first.id),
    d.territories.filter((t) => t.id !== first.id),
  );
});

// ---- In the browser ----

async function openExample(page, id) {
  await page.click('#open-gallery');
  await page.click(`.example-card[data-example="games/${id}"]`);
  await waitForRun(page, 120000);
}

// The model text, whole, from the page's share link (the editor draws only the lines in view).
async function editorText(page) {
  await page.click('#share');
  const link = await page.inputValue('#share-link');
  await page.keyboard.press('Escape');
  const hash = /#model=([A-Za-z0-9_-]+)/.exec(link)[1];
  return inflateRawSync(Buffer.from(hash, 'base64url')).toString('utf8');
}

test("Figure 1: every unit on the map, Austria's orders as arrows of their kind, the others' probable orders", async () => {
  const describe = ask(FIGURE1, 'describe');
  const units = describe.state.describe.units;
  // The example opens on Austria's action of the paper's figure (docs/games.md, "Figure 1, reproduced"),
  // and the page's run asks probable_actions at the start with it.
  const figure = ['A BUL S A CON', 'A TYR - VEN', 'F TRI S A TYR - VEN', 'A SER H', 'A BUD H'];
  const action = Object.fromEntries(figure.map((o) => [o.split(' ').slice(0, 2).join(' '), o]));
  const probable = ask(FIGURE1, 'probable_actions', {
    player: 'austria',
    action,
  });
  await withPage(async (page, browser) => {
    await openExample(page, 'diplomacy-figure1');
    await page.waitForSelector('#board-map .map-order.explained');
    const shown = await page.$$eval('#board-map .map-unit', (list) =>
      list.map((u) => ({ unit: u.dataset.unit, power: u.dataset.power })),
    );
    assert.equal(shown.length, units.length);
    assert.deepEqual(
      shown.map((u) => `${u.power} ${u.unit}`).sort(),
      units.map((u) => `${u.power} ${u.unit}`).sort(),
    );
    assert.equal(probable.player, 'austria');
    const arrows = await page.$$eval('#board-map .map-order', (list) =>
      list.map((g) => ({
        order: g.dataset.order,
        kind: g.dataset.kind,
        role: g.dataset.role,
        power: g.dataset.power,
      })),
    );
    const explained = Object.values(probable.explained);
    assert.deepEqual([...explained].sort(), [...figure].sort());
    for (const order of explained) {
      const drawn = arrows.find((a) => a.order === order && a.role === 'explained');
      assert.ok(drawn, `${order} is drawn`);
      assert.equal(drawn.kind, kindOf(order), order);
      assert.equal(drawn.power, 'austria');
    }
    // The figure's arrows of three kinds: supports, a move, holds.
    assert.deepEqual([...new Set(arrows.filter((a) => a.role === 'explained').map((a) => a.kind))].sort(), [
      'hold',
      'move',
      'support',
    ]);
    for (const power of ['italy', 'turkey']) {
      const first = probable.actions.find((a) => a.player === power);
      assert.ok(first, `${power} acts`);
      for (const order of Object.values(first.action)) {
        const drawn = arrows.find((a) => a.order === order && a.role === 'probable');
        assert.ok(drawn, `${power}'s ${order} is drawn`);
        assert.equal(drawn.kind, kindOf(order));
        assert.equal(drawn.power, power);
      }
    }
    // A support's arrow is dashed and a move's solid.
    const dash = (order) =>
      page.$eval(
        `#board-map .map-order[data-order="${order}"] .map-arrow-line`,
        (line) => getComputedStyle(line).strokeDasharray,
      );
    assert.notEqual(await dash(explained.find((o) => kindOf(o) === 'support')), 'none');
    assert.equal(await dash(explained.find((o) => kindOf(o) === 'move')), 'none');
    // Adjudicated alone, Austria's supported attack dislodges Venice: drawn beside it with its retreats.
    const attack = ['A TYR - VEN', 'F TRI S A TYR - VEN'];
    const reply = ask(FIGURE1, 'adjudicate', { orders: attack });
    assert.deepEqual(
      reply.dislodged.map((d) => d.unit),
      ['A VEN'],
    );
    await page.click('#tab-adjudicate');
    await page.fill('#adjudicate-orders', attack.join('\n'));
    await page.click('#adjudicate-run');
    await page.waitForSelector('#adjudicate-map');
    await waitForRun(page);
    assert.equal(
      await page.locator('#adjudicate-map .map-unit[data-dislodged="true"][data-unit="A VEN"]').count(),
      1,
    );
    assert.deepEqual(
      await page.$$eval('#adjudicate-map .map-retreat', (list) => list.map((g) => g.dataset.to).sort()),
      [...reply.dislodged[0].retreats].sort(),
    );
    assert.deepEqual(browser.errors, []);
  });
});

test("the Risk opening: each territory in its owner's colour with its armies", async () => {
  const describe = ask(RISK, 'describe');
  const colour = Object.fromEntries(describe.board.players.map((p) => [p.name, p.colour]));
  const rgb = (hex) => {
    const n = parseInt(hex.slice(1), 16);
    return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
  };
  await withPage(async (page, browser) => {
    await openExample(page, 'risk-opening');
    await page.waitForSelector('#board-map .risk-territory');
    const shown = await page.$$eval('#board-map .risk-territory', (list) =>
      list.map((g) => ({
        id: g.dataset.territory,
        owner: g.dataset.owner,
        armies: g.querySelector('.risk-armies').textContent,
        stroke: getComputedStyle(g.querySelector('.risk-territory-circle')).stroke,
      })),
    );
    const territories = describe.state.describe.territories;
    assert.equal(shown.length, territories.length);
    assert.equal(territories.length, 22, 'Meridia has 22 territories');
    for (const t of territories) {
      const s = shown.find((x) => x.id === t.id);
      assert.equal(s.owner, t.owner, t.id);
      assert.equal(s.armies, String(t.armies), t.id);
      assert.equal(s.stroke, rgb(colour[t.owner]), t.id);
    }
    assert.deepEqual(browser.errors, []);
  });
});

test('stepping through a play of the Risk opening draws the map of each step and the move made there', async () => {
  const play = ask(RISK, 'play');
  const board = ask(RISK, 'describe').board;
  const byName = Object.fromEntries(board.territories.map((t) => [t.name, t.id]));
  await withPage(async (page, browser) => {
    await openExample(page, 'risk-opening');
    for (let i = 0; i < 3; i++) {
      await page.click('#game-forward');
      const step = play.steps[i];
      await page.waitForSelector(`.game-state[data-state="${step.text}"] #board-map`);
      const armies = await page.$$eval('#board-map .risk-territory', (list) =>
        Object.fromEntries(list.map((g) => [g.dataset.territory, `${g.dataset.owner}:${g.dataset.armies}`])),
      );
      assert.deepEqual(
        armies,
        Object.fromEntries(step.describe.territories.map((t) => [t.id, `${t.owner}:${t.armies}`])),
        `step ${i}`,
      );
    }
    // The play's move at the step shown: its attacks and move as arrows between the territories named.
    await page.selectOption('#game-state-picker', 'step:0');
    await page.waitForSelector(`.game-state[data-state="${play.steps[0].text}"] #board-map`);
    await page.selectOption('#board-arrows', 'play');
    const step = play.steps[0];
    const drawn = await page.$$eval('#board-map .map-order.played', (list) =>
      list.map((g) => `${g.dataset.slot}:${g.dataset.from}>${g.dataset.to}`).sort(),
    );
    const expected = [];
    for (const action of Object.values(step.move?.actions || {})) {
      for (const [slot, choice] of Object.entries(action)) {
        const pair = String(choice).split(' -> ');
        if (pair.length === 2) expected.push(`${slot}:${byName[pair[0]]}>${byName[pair[1]]}`);
      }
    }
    assert.ok(expected.length > 0, 'the first turn attacks');
    assert.deepEqual(drawn, expected.sort());
    // Its placements as "+n" badges, n summed over the place slots from the engine's place_armies.
    const [player, action] = Object.entries(step.move.actions)[0];
    assert.equal(player, step.describe.turn);
    const placed = {};
    for (let k = 1; k <= 3; k++) {
      const id = byName[action[`place ${k}`]];
      placed[id] = (placed[id] || 0) + step.describe.place_armies[k - 1];
    }
    const badges = await page.$$eval('#board-map .risk-badge.played', (list) =>
      Object.fromEntries(list.map((g) => [g.dataset.territory, g.dataset.text])),
    );
    assert.deepEqual(badges, Object.fromEntries(Object.entries(placed).map(([id, n]) => [id, `+${n}`])));
    // The next turn's state records it as its last turn: the same badges, summed by territory.
    const next = play.steps.findIndex((x, j) => j > 0 && x.node === 'decision');
    await page.selectOption('#game-state-picker', `step:${next}`);
    await page.waitForSelector(`.game-state[data-state="${play.steps[next].text}"] #board-map`);
    await page.selectOption('#board-arrows', 'last');
    assert.equal(play.steps[next].describe.last_turn.player, player);
    const last = await page.$$eval('#board-map .risk-badge.played', (list) =>
      Object.fromEntries(list.map((g) => [g.dataset.territory, g.dataset.text])),
    );
    assert.deepEqual(last, Object.fromEntries(Object.entries(placed).map(([id, n]) => [id, `+${n}`])));
    assert.deepEqual(browser.errors, []);
  });
});

test("the position editor places a unit and writes the model's position", async () => {
  const board = ask(TEACHING_BARE, 'describe').board;
  // A land province next to none of the start's units' provinces would do; any empty land one is enough.
  const start = ask(TEACHING_BARE, 'describe').state.describe.units.map((u) => u.province);
  const land = board.provinces.find((p) => p.type === 'land' && !start.includes(p.id));
  const power = board.powers[2].name;
  await withPage(async (page, browser) => {
    await setEditorText(page, TEACHING_BARE);
    await page.click('#run');
    await waitForRun(page, 120000);
    await page.click('#board-edit');
    await page.selectOption('#board-edit-power', power);
    await page.selectOption('#board-edit-action', 'A');
    await page.click(`#board-map .map-province[data-province="${land.id}"]`);
    await page.waitForSelector(`#board-map .map-unit[data-unit="A ${land.id}"]`);
    const text = await editorText(page);
    const position = parseJsonc(text).position;
    assert.ok(position.units[power].includes(`A ${land.id}`));
    const units = ask(text, 'describe').state.describe.units;
    assert.ok(units.some((u) => u.unit === `A ${land.id}` && u.power === power));
    assert.equal(units.length, start.length + 1);
    // The comments of the file stay.
    assert.ok(text.includes('// the teaching map, from its start'));
    // The keyboard reaches a province: focus it and press Enter to remove the unit again.
    await page.selectOption('#board-edit-action', 'remove');
    await page.focus(`#board-map .map-province[data-province="${land.id}"]`);
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (id) => !document.querySelector(`#board-map .map-unit[data-unit="A ${id}"]`),
      land.id,
    );
    // The focus stays on the province after the map is drawn again.
    assert.equal(await page.evaluate(() => document.activeElement?.dataset?.province), land.id);
    assert.deepEqual(browser.errors, []);
  });
});

test('adjudicate: a bounce is drawn failed on the map and listed failed', async () => {
  const describe = ask(TEACHING, 'describe');
  const board = describe.board;
  const armies = describe.state.describe.units.filter((u) => u.type === 'A');
  // Two armies of different powers with a land province both can move to: read from the adjacency.
  const next = (p) =>
    board.adjacency.army.filter((e) => e.includes(p)).map((e) => (e[0] === p ? e[1] : e[0]));
  let pair = null;
  for (const a of armies) {
    for (const b of armies) {
      if (pair || a.power === b.power) continue;
      const common = next(a.province).find(
        (x) => next(b.province).includes(x) && !armies.some((u) => u.province === x),
      );
      if (common) pair = [`A ${a.province} - ${common}`, `A ${b.province} - ${common}`];
    }
  }
  assert.ok(pair, 'two armies can meet');
  const reply = ask(TEACHING, 'adjudicate', { orders: pair });
  for (const order of pair) assert.equal(reply.orders.find((o) => o.order === order).result, 'fails');
  await withPage(async (page, browser) => {
    await openExample(page, 'diplomacy-teaching');
    await page.click('#tab-adjudicate');
    await page.fill('#adjudicate-orders', pair.join('\n'));
    await page.click('#adjudicate-run');
    await page.waitForSelector('#adjudicate-table');
    await waitForRun(page);
    for (const order of pair) {
      const row = await page.$eval(`#adjudicate-table tr[data-order="${order}"]`, (tr) => tr.dataset.result);
      assert.equal(row, 'fails');
      const drawn = await page.$eval(`#adjudicate-map .map-order[data-order="${order}"]`, (g) => ({
        result: g.dataset.result,
        crossed: Boolean(g.querySelector('.map-cross')),
      }));
      assert.deepEqual(drawn, { result: 'fails', crossed: true });
    }
    // The orders typed stay after an error, which shows the engine's message.
    await page.fill('#adjudicate-orders', 'A XYZ - QQQ');
    await page.click('#adjudicate-run');
    await page.waitForSelector('.game-adjudicate .diagnostic');
    await waitForRun(page);
    assert.equal(await page.inputValue('#adjudicate-orders'), 'A XYZ - QQQ');
    assert.deepEqual(browser.errors, []);
  });
});

test('every game analysis that needs no more than the model answers on the page, on Risk and on Diplomacy', async () => {
  const common = ['simulate', 'sbue', 'probable_actions', 'sica', 'convergence', 'counterfactual'];
  const cases = [
    ['diplomacy-teaching', [...common, 'adjudicate']],
    ['risk-ring', [...common, 'battle']],
  ];
  await withPage(async (page, browser) => {
    for (const [id, analyses] of cases) {
      await openExample(page, id);
      await page.click('#tab-analyses');
      for (const analysis of analyses) {
        // The engine answers this request itself (the test's reference).
        ask(example(`games/${id}`), analysis);
        await page.selectOption('#analysis-picker', analysis);
        await page.click('#analysis-run');
        await page.waitForFunction(
          (name) => document.querySelector('#analysis-result h3')?.textContent === `Result of ${name}`,
          analysis,
          { timeout: 120000 },
        );
        await waitForRun(page, 120000);
        assert.equal(await page.locator('#analysis-result .diagnostic').count(), 0, `${id}: ${analysis}`);
      }
    }
    assert.deepEqual(browser.errors, []);
  });
});
