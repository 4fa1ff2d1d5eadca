// Gridworld intention on the page (Ward et al. 2024, Def. 20; the CoinRun reading of Section 7): a
// Q-learning agent that sees the direction of the coin, trained on the base level only, keeps
// running to the end of the level when the coin moves (it does not adapt: getting the coin was not
// intended); trained on every level, it goes to the coin (it adapts). The cells asserted are read
// off the example's maps: the coin of the base level and of variant coin_moved.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { waitForRun, example, withPage } from './helpers.mjs';
import { parseJsonc } from '../../web/src/editor/jsonc.js';

const coinrun = parseJsonc(example('meg/coinrun'));

// The [row, column] of the coin (the goal, 'G') in a map.
function coinOf(map) {
  const row = map.findIndex((line) => line.includes('G'));
  return `${row},${map[row].indexOf('G')}`;
}
const baseCoin = coinOf(coinrun.map);
const movedCoin = coinOf(coinrun.variants.coin_moved.map);

// The route of a figure as the cells it passes, "row,col" each.
async function routeCells(page, figure, which) {
  return (await page.getAttribute(`#${figure} [data-route="${which}"]`, 'data-cells')).split(' ');
}

async function waitForVerdict(page, adapts) {
  await page.waitForSelector(`.gw-intervention[data-variant="coin_moved"][data-adapts="${adapts}"]`, {
    timeout: 60000,
  });
  await page.waitForSelector('.gw-intervention[data-variant="coin_moved"] .route-figure svg', {
    timeout: 30000,
  });
  await waitForRun(page, 60000);
}

test('CoinRun: the agent trained on one level does not adapt when the coin moves; trained on every level it does', async () => {
  await withPage(async (page, browser) => {
    await page.click('#open-gallery');
    await page.click('.example-card[data-example="meg/coinrun"]');
    await waitForRun(page);
    assert.notEqual(baseCoin, movedCoin);

    // The agent of the example's comment: Q-learning for 3000 episodes, sees the coin's direction,
    // trained on the base level.
    await page.selectOption('#agent-kind', 'q_learning');
    await page.fill('#agent-episodes', '3000');
    await page.dispatchEvent('#agent-episodes', 'change');
    await page.selectOption('#agent-observation', 'goal_direction');
    await page.selectOption('#agent-train', 'base');
    await page.click('#tab-intention');
    await waitForVerdict(page, 'false');

    // Every other variant is an intervention unless unticked.
    assert.deepEqual(
      await page.$$eval('#gw-interventions input', (boxes) => boxes.map((b) => [b.value, b.checked])),
      Object.keys(coinrun.variants).map((v) => [v, true]),
    );
    const section = '.gw-intervention[data-variant="coin_moved"]';
    assert.match(
      await page.textContent(`${section} .gw-verdict`),
      /^The agent does not adapt: under 'coin_moved' its route still reaches row 3, column 11 .*What the intervention moved was not intended\.$/,
    );
    // Without the intervention the route ends at the coin; with it, at the same cell (the end of the
    // level), not at the moved coin. Both are drawn, the route without dashed beside the new one.
    const figure = await page.getAttribute(`${section} .route-figure:last-child`, 'id');
    const without = await routeCells(page, figure, 'base');
    const withIt = await routeCells(page, figure, 'intervention');
    assert.equal(without.at(-1), baseCoin);
    assert.equal(withIt.at(-1), baseCoin);
    assert.ok(!withIt.includes(movedCoin));
    assert.equal(without[0], withIt[0]);

    // Trained on every level: it follows the coin.
    await page.selectOption('#agent-train', 'all');
    await waitForVerdict(page, 'true');
    assert.match(
      await page.textContent(`${section} .gw-verdict`),
      new RegExp(
        `^The agent adapts: under 'coin_moved' its route ends at row ${movedCoin.replace(',', ', column ')} .*What the intervention moved was intended\\.$`,
      ),
    );
    const adapted = await routeCells(page, figure, 'intervention');
    assert.equal(adapted.at(-1), movedCoin);
    assert.equal((await routeCells(page, figure, 'base')).at(-1), baseCoin);
    assert.match(await page.textContent('#gw-intention-summary'), /It adapts to \d of 5 interventions\./);

    // The tab exports its verdicts as CSV.
    const [csv] = await Promise.all([page.waitForEvent('download'), page.click('#export-csv')]);
    const lines = Buffer.concat(await (await csv.createReadStream()).toArray())
      .toString()
      .trim()
      .split('\r\n');
    assert.equal(lines[0].split(',').slice(0, 2).join(','), 'variant,adapts');
    assert.ok(lines.some((l) => l.startsWith('coin_moved,true,')));
    assert.deepEqual(browser.errors, []);
  });
});
