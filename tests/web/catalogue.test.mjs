// What the engine's catalogue brings to the page: every analysis of a kind in the All analyses tab,
// with a form made from its ParamSpecs, and the gridworld's unknown-utility class picker. The
// values are CliffWorld's reference MEG (spec meg.md §4, assumptions A: known MEG 9.2257 for the
// optimal agent, 4.8432 at ε = 0.1, 0 for the uniform agent at ε = 1), and, for the MLP class, what
// the engine answers the same request directly (build/wasm/motive_wasm.js under Node): the page
// must send the class, hidden units and seed the user picked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { waitForRun, example, withPage, repoDir, tableRows } from './helpers.mjs';

const require = createRequire(import.meta.url);
// MOTIVE_WASM_MODULE may name another build of the module, as for the page build (web/vite.config.js).
const engine = await require(
  process.env.MOTIVE_WASM_MODULE || path.join(repoDir, 'build/wasm/motive_wasm.js'),
)();

function ask(request) {
  return JSON.parse(engine.request(JSON.stringify(request)));
}

async function openCliffWorld(page) {
  await page.click('#open-gallery');
  await page.click('.example-card[data-example="meg/cliffworld"]');
  await waitForRun(page);
}

test("All analyses: meg_sweep from its catalogue form gives CliffWorld's MEG against ε as a table", async () => {
  await withPage(async (page, browser) => {
    await openCliffWorld(page);
    await page.click('#tab-analyses');
    // Every analysis the catalogue lists for gridworlds is offered.
    const catalogue = ask({ analysis: 'catalogue' });
    assert.equal(catalogue.ok, true);
    const gridworld = catalogue.result.kinds.find((k) => k.name === 'gridworld');
    assert.deepEqual(
      await page.$$eval('#analysis-picker option', (options) => options.map((o) => o.value)),
      gridworld.analyses.map((a) => a.name),
    );
    await page.selectOption('#analysis-picker', 'meg_sweep');
    await page.selectOption('#param-meg_sweep-parameter', 'epsilon');
    await page.fill('#param-meg_sweep-values', '[0, 0.1, 1]');
    const known = page.locator('#param-meg_sweep-utility input[value="known"]');
    if (await known.count()) await known.check();
    else await page.fill('#param-meg_sweep-utility', 'known');
    await page.click('#analysis-run');
    await page.waitForSelector('#result-meg_sweep-points tbody tr');
    await waitForRun(page);
    const rows = await tableRows(page, '#result-meg_sweep-points');
    const value = rows[0].indexOf('value');
    const meg = rows[0].indexOf('known');
    assert.deepEqual(
      rows.slice(1).map((r) => [Number(r[value]), Number(r[meg]).toFixed(4)]),
      [
        [0, '9.2257'],
        [0.1, '4.8432'],
        [1, '0.0000'],
      ],
    );
    // Its JSON is the engine's reply.
    const [json] = await Promise.all([page.waitForEvent('download'), page.click('#analysis-json')]);
    const reply = JSON.parse(Buffer.concat(await (await json.createReadStream()).toArray()).toString());
    assert.equal(reply.analysis, 'meg_sweep');
    assert.equal(reply.result.points.length, 3);
    assert.deepEqual(browser.errors, []);
  });
});

test("the unknown-utility class: an MLP with the hidden units and seed picked gives the engine's MEG for them", async () => {
  const model = example('meg/cliffworld');
  const agent = { kind: 'epsilon_greedy', epsilon: 0.1 };
  const meg = (params) =>
    ask({
      model,
      analysis: 'meg',
      params: { agent, utility: 'unknown', ...params },
    }).result;
  const tabular = meg({});
  const mlp = meg({ class: 'mlp' });
  const small = meg({ class: 'mlp', hidden: 4, seed: 3 });
  // The MLP's utilities are utilities of the states: it cannot beat the tabular class.
  assert.ok(mlp.meg <= tabular.meg + 1e-9 && small.meg <= tabular.meg + 1e-9);
  const shown = (r) => r.meg.toFixed(4);
  assert.notEqual(shown(mlp), shown(small));

  await withPage(async (page, browser) => {
    await openCliffWorld(page);
    await page.fill('#agent-epsilon', '0.1');
    const waitFor = (text) =>
      page.waitForFunction(
        (t) => document.querySelector('#meg-unknown .meg-value')?.textContent === t,
        text,
        { timeout: 60000 },
      );
    await waitFor(shown(tabular));
    // The class comes from the catalogue: tabular by default, the MLP's fields only for the MLP.
    assert.deepEqual(await page.$$eval('#meg-class option', (options) => options.map((o) => o.value)), [
      'tabular',
      'mlp',
    ]);
    assert.equal(await page.isVisible('#meg-hidden'), false);
    await page.selectOption('#meg-class', 'mlp');
    await waitFor(shown(mlp));
    assert.match(await page.textContent('#meg-unknown .meg-reason'), /neural network/);
    await page.fill('#meg-hidden', '4');
    await page.dispatchEvent('#meg-hidden', 'change');
    await page.fill('#meg-seed', '3');
    await page.dispatchEvent('#meg-seed', 'change');
    await waitFor(shown(small));
    await waitForRun(page, 60000);
    // The run's JSON says which class it used.
    const [json] = await Promise.all([page.waitForEvent('download'), page.click('#export-json')]);
    const data = JSON.parse(Buffer.concat(await (await json.createReadStream()).toArray()).toString());
    assert.deepEqual(data.goal_query.utility_class, {
      class: 'mlp',
      hidden: 4,
      seed: 3,
    });
    assert.equal(data.meg_unknown.result.class, 'mlp');
    assert.deepEqual(browser.errors, []);
  });
});

test("Policy & values: the optimal expected utility is the engine's μ·V*, not the page's", async () => {
  const model = example('meg/cliffworld');
  const describe = ask({ model, analysis: 'describe' }).result;
  const solve = ask({ model, analysis: 'solve' }).result;
  const dot = describe.start.reduce((sum, p, i) => sum + p * solve.values[i], 0);
  assert.ok(Math.abs(solve.optimal_expected_utility - dot) < 1e-9);
  await withPage(async (page) => {
    await openCliffWorld(page);
    await page.click('#tab-values');
    const shown = Number((await page.textContent('#optimal-eu')).replace('−', '-'));
    assert.ok(Math.abs(shown - dot) <= 1e-3 * Math.max(1, Math.abs(dot)), `${shown} vs ${dot}`);
  });
});
