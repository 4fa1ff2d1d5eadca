// The Intention tab (Ward et al. 2024, Def. 13), as a user meets it: pick an example from the
// gallery, open the tab, ask the engine, read the verdicts and their witnesses. The verdicts asserted
// are the paper's (Examples 2 and 8), the numbers worked out by hand from the example files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { waitForRun, tableRows, withPage, fixture, setEditorText } from './helpers.mjs';

// Loads an example from the gallery (which runs it), opens the Intention tab and asks the engine.
async function openIntention(page, id) {
  await page.click('#open-gallery');
  await page.click(`.example-card[data-example="${id}"]`);
  await waitForRun(page);
  await page.click('#tab-intention');
  await page.click('#intention-run');
  await waitForRun(page);
  await page.waitForSelector('#intention-summary');
}

// The verdicts shown for a variable: [setting, value] per row.
async function verdicts(page, variable) {
  return page.$$eval(`section.intention-variable[data-variable="${variable}"] tbody.entry`, (entries) =>
    entries.map((entry) => [entry.dataset.setting, entry.querySelector('td.value').textContent]),
  );
}

async function graphNodes(page, className) {
  return page.$$eval(`#graph .node.${className}`, (nodes) => nodes.map((n) => n.dataset.name).sort());
}

test('the spy intends T = east in setting 0 and T = west in setting 3, and says why', async () => {
  await withPage(async (page, browser) => {
    await openIntention(page, 'intention/spy');
    // The picker offers the deterministic named policies; the optimal one is chosen.
    assert.deepEqual(
      await page.$$eval('#intention-policy option', (options) => options.map((o) => o.value)),
      ['truthful', 'always_east', 'always_west', 'lie'],
    );
    assert.equal(await page.inputValue('#intention-policy'), 'truthful');

    // Settings (X slowest): 0 east/received, 3 west/received, each 0.5 · 0.8 = 0.4. Where the
    // signal was lost (1, 2, 4, 5) nothing is intended, even when T hits the minefield.
    assert.deepEqual(await verdicts(page, 'T'), [
      ['0', 'east'],
      ['3', 'west'],
    ]);
    const rows = await tableRows(page, 'section.intention-variable[data-variable="T"] table');
    assert.deepEqual(rows[0], ['e', 'P(e)', 'EX', 'ET', 'T =', 'intended relative to']);
    assert.deepEqual(rows[1], ['0', '0.4', 'east', 'received', 'east', "'lie' and 'always_west'"]);
    assert.deepEqual(rows[3], ['3', '0.4', 'west', 'received', 'west', "'always_east' and 'lie'"]);
    assert.match(
      await page.textContent('section.intention-variable[data-variable="T"]'),
      /Not intended in the other 4 settings\./,
    );
    assert.equal(
      (await page.textContent('li[data-variable="T"]')).trim(),
      'T is intended in 2 of 6 settings: T = east in setting 0; T = west in setting 3',
    );

    // The witness in words. Against 'lie' (EU 0.1) both received settings must be fixed:
    // 0.1 + 0.4 + 0.4 = 0.9 = EU(truthful).
    assert.equal(
      (await page.textContent('tbody.entry[data-setting="0"] td.witness')).trim(),
      "Relative to 'lie': if T were fixed to east in setting 0 and to west in setting 3 (its " +
        "values under 'truthful'), 'lie' would be as good: 0.9 ≥ 0.9 (Eq. 2), and no smaller " +
        "fixing would do. Intended also relative to 'always_west'.",
    );
    // Against 'always_east' (EU 0.5) fixing T in setting 3 suffices: 0.5 + 0.4 = 0.9.
    assert.match(
      await page.textContent('tbody.entry[data-setting="3"] td.witness'),
      /^Relative to 'always_east': if T were fixed to west in setting 3 \(its values under 'truthful'\), 'always_east' would be as good: 0\.9 ≥ 0\.9/,
    );

    // X is not downstream of D: it cannot be intended.
    assert.match(
      await page.textContent('#intention-noncandidates li[data-variable="X"]'),
      /X cannot be intended: there is no directed path D → X → U/,
    );

    // The alternatives and their expected utilities.
    assert.deepEqual((await tableRows(page, '#intention-reference')).slice(1), [
      ['always_east', '0.5', '3 settings', "worse than 'truthful'; intended relative to it: T"],
      ['lie', '0.1', '6 settings', "worse than 'truthful'; intended relative to it: T"],
      ['always_west', '0.5', '3 settings', "worse than 'truthful'; intended relative to it: T"],
    ]);
    assert.equal(await page.isVisible('#intention-budget'), false);

    // The graph: T ringed as intended, X faded; clicking a verdict fills its witness's variables.
    assert.deepEqual(await graphNodes(page, 'marked'), ['T']);
    assert.deepEqual(await graphNodes(page, 'dimmed'), ['X']);
    assert.equal(await page.isVisible('#legend-intended'), true);
    assert.deepEqual(await graphNodes(page, 'focus'), []);
    await page.click('tbody.entry[data-setting="3"]');
    assert.deepEqual(await graphNodes(page, 'focus'), ['T']);
    assert.equal(await page.isVisible('#legend-witness'), true);
    assert.deepEqual(
      await page.$$eval('tbody.entry.selected', (entries) => entries.map((e) => e.dataset.setting)),
      ['3'],
    );
    // A second click clears it; Enter on a focused verdict selects it.
    await page.click('tbody.entry[data-setting="3"]');
    assert.deepEqual(await graphNodes(page, 'focus'), []);
    await page.focus('tbody.entry[data-setting="0"]');
    await page.keyboard.press('Enter');
    assert.deepEqual(await graphNodes(page, 'focus'), ['T']);
    assert.equal(await page.evaluate(() => document.activeElement?.dataset?.setting), '0');
    // Another tab shows no marks.
    await page.click('#tab-settings');
    assert.deepEqual(await graphNodes(page, 'marked'), []);
    assert.deepEqual(await graphNodes(page, 'dimmed'), []);
    assert.equal(await page.isVisible('#legend-intended'), false);
    await page.click('#tab-intention');
    assert.deepEqual(await graphNodes(page, 'marked'), ['T']);

    // Under 'lie' (EU 0.1) every alternative is at least as good: nothing is intended.
    await page.selectOption('#intention-policy', 'lie');
    await waitForRun(page);
    await page.waitForFunction(() => /'lie'/.test(document.querySelector('.intention-lead')?.textContent));
    assert.equal(
      (await page.textContent('li[data-variable="T"]')).trim(),
      'T is not intended in any setting',
    );
    assert.deepEqual(await verdicts(page, 'T'), []);
    assert.deepEqual(await graphNodes(page, 'marked'), []);
    const reference = await tableRows(page, '#intention-reference');
    assert.ok(
      reference.slice(1).every((row) => /as good as 'lie'/.test(row[3])),
      JSON.stringify(reference),
    );
    assert.deepEqual(browser.errors, []);
  });
});

test("side effects: I (the pay-out) is intended, C (Alice's car) cannot be", async () => {
  await withPage(async (page, browser) => {
    await openIntention(page, 'intention/side-effects');
    assert.equal(await page.inputValue('#intention-policy'), 'burn');
    assert.deepEqual(await verdicts(page, 'I'), [['0', 'paid']]);
    // C has no edge to U: not a candidate, listed by name, faded on the graph.
    assert.match(
      await page.textContent('#intention-noncandidates li[data-variable="C"]'),
      /C cannot be intended: there is no directed path D → C → U \(Theorem 17\)/,
    );
    assert.equal(await page.$('section.intention-variable[data-variable="C"]'), null);
    assert.deepEqual(await graphNodes(page, 'dimmed'), ['C']);
    assert.deepEqual(await graphNodes(page, 'marked'), ['I']);
    // Refraining (EU 0) is as good once the pay-out is fixed: 1 ≥ 1.
    assert.match(
      await page.textContent('tbody.entry[data-setting="0"] td.witness'),
      /^Relative to 'refrain': if I were fixed to paid in setting 0 \(its values under 'burn'\), 'refrain' would be as good: 1 ≥ 1 \(Eq\. 2\)/,
    );
    assert.deepEqual(browser.errors, []);
  });
});

test('the Intention tab exports as CSV, and the JSON export carries its response', async () => {
  await withPage(async (page) => {
    await openIntention(page, 'intention/spy');
    const [csv] = await Promise.all([page.waitForEvent('download'), page.click('#export-csv')]);
    assert.equal(csv.suggestedFilename(), 'spy-intending-outcomes-in-settings-intention.csv');
    const lines = Buffer.concat(await (await csv.createReadStream()).toArray())
      .toString()
      .trim()
      .split('\r\n');
    assert.equal(
      lines[0],
      'policy,variable,setting,probability,noise_X,noise_T,value,alternatives,' +
        'witness_alternative,witness_fixed,witness_eu_policy,witness_eu_alternative_fixed',
    );
    assert.equal(lines.length, 3);
    assert.match(
      lines[1],
      /^truthful,T,0,0\.4,east,received,east,lie;always_west,lie,T=east@0;T=west@3,0\.9/,
    );
    assert.match(lines[2], /^truthful,T,3,0\.4,west,received,west,always_east;lie,always_east,T=west@3,/);

    const [json] = await Promise.all([page.waitForEvent('download'), page.click('#export-json')]);
    const data = JSON.parse(Buffer.concat(await (await json.createReadStream()).toArray()).toString());
    assert.deepEqual(data.intention_query, {
      policy: 'truthful',
      oracle: 'subjective',
      minimality: 'same_alternative',
    });
    assert.equal(data.intention.analysis, 'intention');
    assert.deepEqual(data.intention.result.candidates, ['T']);
  });
});

test('a run made with the Intention tab open asks for intentions again', async () => {
  await withPage(async (page) => {
    await openIntention(page, 'intention/side-effects');
    await page.click('#run');
    await waitForRun(page);
    await page.waitForSelector('#intention-summary');
    assert.deepEqual(await verdicts(page, 'I'), [['0', 'paid']]);
  });
});

// The settings of one fixed variable in a witness's words: "Y1 were fixed to 1 in settings 0, 1, 2, 3,
// … (13 settings)" gives the listed settings and the count (the count of a whole list is its length).
function fixedSettings(text, variable) {
  const at = text.search(new RegExp(`\\b${variable}( were fixed)? to `));
  assert.ok(at >= 0, `no ${variable} in: ${text}`);
  const rest = text.slice(at);
  let list = rest
    .slice(rest.indexOf(' in setting') + ' in setting'.length)
    .replace(/^s /, '')
    .replace(/^ /, '');
  list = list.split(/, and | \((their|its) values/)[0];
  const short = /^(.*), … \(([0-9,]+) settings\)$/.exec(list);
  const settings = (short ? short[1] : list).split(/, | and /).map(Number);
  return {
    settings,
    count: short ? Number(short[2].replace(/,/g, '')) : settings.length,
  };
}

test('a witness over many settings is shown short, and every setting on request', async () => {
  await withPage(async (page, browser) => {
    await setEditorText(page, fixture('relay-six-coins.jsonc'));
    await page.click('#run');
    await waitForRun(page);
    await page.click('#tab-intention');
    await page.selectOption('#intention-policy', 'copy_first');
    await waitForRun(page);
    await page.waitForSelector('#intention-summary');
    const cell = 'section.intention-variable[data-variable="Y1"] tbody.entry[data-setting="0"] td.witness';
    const short = (await page.textContent(cell)).trim();
    // The summary's witness: the first four settings of each w^Y, and how many there are.
    const y1 = fixedSettings(short, 'Y1');
    const y2 = fixedSettings(short, 'Y2');
    assert.equal(y1.settings.length, 4, short);
    assert.ok(y1.count > 4 && y2.count > 4, short);
    await page.click(`${cell} button.whole-witness`);
    await waitForRun(page);
    await page.waitForFunction(
      (selector) => !document.querySelector(`${selector} button.whole-witness`),
      cell,
    );
    const whole = (await page.textContent(cell)).trim();
    // The same witness with every setting: as many as counted, ascending, starting with the four.
    for (const [variable, before] of [
      ['Y1', y1],
      ['Y2', y2],
    ]) {
      const after = fixedSettings(whole, variable);
      assert.equal(after.settings.length, before.count, whole);
      assert.deepEqual(after.settings.slice(0, 4), before.settings);
      assert.deepEqual(
        after.settings,
        [...after.settings].sort((a, b) => a - b),
      );
    }
    assert.equal(whole.split("'")[1], short.split("'")[1], 'the same alternative');
    assert.deepEqual(browser.errors, []);
  });
});

test('minimality read with any alternative: walking to work intends only the exercise', async () => {
  await withPage(async (page, browser) => {
    await openIntention(page, 'intention/walk-or-bus');
    assert.equal(await page.inputValue('#intention-policy'), 'walk');
    // Read with the same alternative (the default): arriving relative to staying home, the exercise
    // relative to the bus and to staying home.
    assert.deepEqual(await verdicts(page, 'Arrive'), [['0', 'at_work']]);
    assert.deepEqual(await verdicts(page, 'Exercise'), [['0', 'exercised']]);
    // Read with any alternative: exercising alone makes the bus as good, so the pair that makes
    // staying home as good is not minimal.
    await page.selectOption('#intention-minimality', 'any_alternative');
    await waitForRun(page);
    await page.waitForFunction(() =>
      /any alternative/.test(document.querySelector('.intention .explain')?.textContent),
    );
    assert.deepEqual(await verdicts(page, 'Arrive'), []);
    assert.deepEqual(await verdicts(page, 'Exercise'), [['0', 'exercised']]);
    assert.match(
      await page.textContent('section.intention-variable[data-variable="Exercise"] tbody.entry td.witness'),
      /^Relative to 'bus': if Exercise were fixed to exercised in setting 0/,
    );
    // The rational oracle has no minimality to choose: it always reads it with any alternative.
    await page.selectOption('#intention-oracle', 'rational');
    await waitForRun(page);
    assert.equal(await page.$('#intention-minimality'), null);
    assert.deepEqual(browser.errors, []);
  });
});
