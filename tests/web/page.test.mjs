// The page, as a user meets it: headless Chromium opens web/dist/index.html from file:// and the
// tests click, type and read what the page shows. The numbers asserted are worked out by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import {
  cancelWhenRunning,
  openBrowser,
  pageUrl,
  repoDir,
  shareHash,
  fixture,
  example,
  setEditorText,
  waitForRun,
  tableRows,
  withPage,
} from './helpers.mjs';

// Every example file, as the gallery should list it (folder/name).
function exampleIds() {
  const root = path.join(repoDir, 'examples');
  const ids = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.jsonc')) ids.push(path.relative(root, full).replace(/\.jsonc$/, ''));
    }
  };
  walk(root);
  return ids.sort();
}

// Opens the page; every test gets a fresh browser profile (so no autosave from another test).
async function openTab(page, id) {
  await page.click(`#tab-${id}`);
}

test('the page loads from file:// with no console errors and no network requests', async () => {
  await withPage(async (page, browser) => {
    await page.waitForSelector('#graph svg .node', { timeout: 20000 });
    await page.waitForTimeout(500);
    assert.deepEqual(browser.errors, [], 'console errors');
    assert.deepEqual(browser.requests, [], 'requests that left the page');
    assert.equal(await page.title(), 'Motive — why agents act');
    // The page forbids eval and requests to anywhere; the engine works under that policy.
    const policy = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
    assert.match(policy, /default-src 'none'/);
    assert.doesNotMatch(policy, /'unsafe-eval'/);
  });
});

test('the gallery lists every example with its title and loads the one picked', async () => {
  await withPage(async (page) => {
    await page.click('#open-gallery');
    const listed = await page.$$eval('.example-card[data-example]', (cards) =>
      cards.map((c) => c.dataset.example),
    );
    assert.deepEqual([...listed].sort(), exampleIds());
    const card = page.locator('.example-card[data-example="intention/robo-surgeon"]');
    assert.equal((await card.locator('.example-title').textContent()).trim(), 'Robo-surgeon');
    assert.match(await card.locator('.example-description').textContent(), /robotic surgeon/);
    await card.click();
    await page.waitForFunction(() => document.getElementById('model-title').textContent === 'Robo-surgeon');
    assert.match(await page.textContent('.cm-content'), /"title": "Robo-surgeon"/);
  });
});

test('running the robo-surgeon shows its expected utilities and that operating is optimal', async () => {
  await withPage(async (page, browser) => {
    await page.click('#open-gallery');
    await page.click('.example-card[data-example="intention/robo-surgeon"]');
    // Picking an example runs it; Run runs it again.
    await waitForRun(page);
    await page.click('#run');
    await waitForRun(page);

    const eu = await tableRows(page, '#expected-utility-table');
    assert.deepEqual(eu[0], ['Policy', 'Expected utility', 'Optimal?']);
    assert.deepEqual(eu.slice(1), [
      ['operate', '0.1', '✓ optimal'],
      ['refrain', '0', 'not optimal'],
    ]);

    await openTab(page, 'optimal_policies');
    assert.equal(await page.textContent('#optimal-eu'), '0.1');
    assert.equal(await page.textContent('#optimal-count'), '1');
    assert.equal((await page.textContent('#optimal-named')).trim(), 'operate');
    const rules = await tableRows(page, '.decision[data-decision="D"] table');
    assert.deepEqual(rules, [
      ['P(observation)', 'EU(operate)', 'EU(refrain)'],
      ['1', '0.1 ✓', '0'],
    ]);
    const optimalCells = await page.$$eval('.decision[data-decision="D"] td.optimal', (cells) =>
      cells.map((c) => c.dataset.action),
    );
    assert.deepEqual(optimalCells, ['operate']);

    await openTab(page, 'settings');
    assert.equal(await page.inputValue('#settings-policy'), 'operate');
    const settings = await tableRows(page, '#settings-table');
    assert.deepEqual(settings[0], ['e', 'P(e)', 'ES', 'D', 'S', 'U']);
    assert.deepEqual(settings.slice(1), [
      ['0', '0.1', 'lucky', 'operate', 'survives', '1'],
      ['1', '0.9', 'unlucky', 'operate', 'dies', '0'],
    ]);
    await page.selectOption('#settings-policy', 'refrain');
    await page.waitForFunction(() => document.querySelector('#settings-eu')?.textContent === '0');
    assert.deepEqual(browser.errors, []);
  });
});

test('optimal policies are read per observation through an information link', async () => {
  await withPage(
    async (page) => {
      await waitForRun(page);
      // P(wet) = 0.3·0.8 + 0.7·0.2 = 0.38; EU(umbrella | wet) = (0.24 + 0.14·0.5) / 0.38.
      const eu = await tableRows(page, '#expected-utility-table');
      assert.deepEqual(eu.slice(1), [
        ['follow_forecast', '0.87', '✓ optimal'],
        ['always', '0.65', 'not optimal'],
        ['never', '0.7', 'not optimal'],
      ]);
      await openTab(page, 'optimal_policies');
      const rows = await tableRows(page, '.decision[data-decision="Take"] table');
      assert.deepEqual(rows[0], ['Forecast', 'P(observation)', 'EU(umbrella)', 'EU(none)']);
      const byObservation = Object.fromEntries(rows.slice(1).map((r) => [r[0], r.slice(1)]));
      assert.deepEqual(byObservation, {
        wet: ['0.38', '0.815789 ✓', '0.368421'],
        sunny: ['0.62', '0.548387', '0.903226 ✓'],
      });
      // The information link Forecast → Take is dashed; the other edges are solid.
      const dashes = await page.$$eval('#graph .edge', (edges) =>
        Object.fromEntries(
          edges.map((e) => [
            `${e.dataset.from}->${e.dataset.to}`,
            e.querySelector('.edge-line').getAttribute('stroke-dasharray'),
          ]),
        ),
      );
      assert.deepEqual(dashes, {
        'Rain->Forecast': null,
        'Forecast->Take': '7 5',
        'Rain->Comfort': null,
        'Take->Comfort': null,
      });
    },
    { url: pageUrl + shareHash(fixture('weather.jsonc')) },
  );
});

test('the graph draws chance variables round, decisions square and utilities as diamonds', async () => {
  await withPage(
    async (page) => {
      await page.waitForSelector('#graph .node');
      const shapes = await page.$$eval('#graph .node', (nodes) =>
        Object.fromEntries(nodes.map((n) => [n.dataset.name, n.querySelector('.shape').tagName])),
      );
      assert.deepEqual(shapes, {
        Rain: 'ellipse',
        Forecast: 'ellipse',
        Take: 'rect',
        Comfort: 'polygon',
      });
      // The graph fits its panel.
      const fits = await page.evaluate(() => {
        const svg = document.querySelector('#graph svg').getBoundingClientRect();
        const panel = document.querySelector('#graph').getBoundingClientRect();
        return svg.width <= panel.width + 1 && svg.height <= panel.height + 1 && svg.width > 100;
      });
      assert.ok(fits, 'the graph fits its panel');
      // Hovering a variable in a table highlights it on the graph.
      await waitForRun(page);
      await openTab(page, 'settings');
      await page.hover('#settings-table th[data-vars="Forecast"]');
      const highlighted = await page.$$eval('#graph .node.highlight', (nodes) =>
        nodes.map((n) => n.dataset.name),
      );
      assert.deepEqual(highlighted, ['Forecast']);
      // The figure exports as SVG and PNG.
      const [svgDownload] = await Promise.all([page.waitForEvent('download'), page.click('#export-svg')]);
      assert.equal(svgDownload.suggestedFilename(), 'umbrella.svg');
      const svgText = await (await svgDownload.createReadStream()).toArray();
      assert.match(
        Buffer.concat(svgText).toString(),
        /<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"[\s\S]*>Comfort<\/text>/,
      );
      const [pngDownload] = await Promise.all([page.waitForEvent('download'), page.click('#export-png')]);
      assert.equal(pngDownload.suggestedFilename(), 'umbrella.png');
      const png = Buffer.concat(await (await pngDownload.createReadStream()).toArray());
      assert.equal(png.subarray(1, 4).toString(), 'PNG');
    },
    { url: pageUrl + shareHash(fixture('weather.jsonc')) },
  );
});

test("the settings table pages through the engine's rows under the chosen policy", async () => {
  await withPage(
    async (page) => {
      await waitForRun(page);
      await openTab(page, 'settings');
      // bet: EU = 7 · 0.5 − 3 = 0.5.
      assert.equal(await page.textContent('#settings-eu'), '0.5');
      assert.equal(await page.textContent('.page-range'), '1–50 of 128');
      await page.click('[aria-label="Next page"]');
      await page.waitForFunction(
        () => document.querySelector('.page-range')?.textContent === '51–100 of 128',
      );
      const rows = await tableRows(page, '#settings-table');
      assert.equal(rows.length, 51);
      // Setting 50 = 0110010 in binary, the last coin varying fastest; noise h gives 1.
      assert.deepEqual(rows[1], [
        '50',
        '0.0078125',
        'h',
        't',
        't',
        'h',
        'h',
        't',
        'h',
        'bet',
        '1',
        '0',
        '0',
        '1',
        '1',
        '0',
        '1',
        '1',
      ]);
      await page.selectOption('[aria-label="Rows per page"]', '200');
      await page.waitForFunction(() => document.querySelector('.page-range')?.textContent === '1–128 of 128');
      await page.selectOption('#settings-policy', 'pass');
      await page.waitForFunction(() => document.querySelector('#settings-eu')?.textContent === '0');
      assert.equal(await page.isDisabled('[aria-label="Next page"]'), true);
    },
    { url: pageUrl + shareHash(fixture('seven-coins.jsonc')) },
  );
});

test('a model without decisions has one expected utility and no policy to optimise', async () => {
  await withPage(
    async (page) => {
      await waitForRun(page);
      // E[U] = 2 · 0.25.
      assert.deepEqual((await tableRows(page, '#expected-utility-table')).slice(1), [
        ['(no decisions)', '0.5'],
      ]);
      await openTab(page, 'optimal_policies');
      assert.match(await page.textContent('.results-body'), /no decisions/);
      await openTab(page, 'settings');
      assert.equal((await tableRows(page, '#settings-table')).length, 3);
    },
    { url: pageUrl + shareHash(fixture('no-decision.jsonc')) },
  );
});

test('results export as JSON and CSV', async () => {
  await withPage(
    async (page) => {
      await waitForRun(page);
      const [json] = await Promise.all([page.waitForEvent('download'), page.click('#export-json')]);
      const data = JSON.parse(Buffer.concat(await (await json.createReadStream()).toArray()).toString());
      assert.equal(data.expected_utility.result.policies[0].name, 'follow_forecast');
      assert.equal(data.optimal_policies.result.optimal_named_policies[0], 'follow_forecast');
      const [csv] = await Promise.all([page.waitForEvent('download'), page.click('#export-csv')]);
      const lines = Buffer.concat(await (await csv.createReadStream()).toArray())
        .toString()
        .trim()
        .split('\r\n');
      assert.equal(lines[0], 'policy,expected_utility,Comfort');
      // Full precision in the file: 0.87 as the engine computed it.
      const [policy, eu, comfort] = lines[1].split(',');
      assert.equal(policy, 'follow_forecast');
      assert.ok(Math.abs(Number(eu) - 0.87) < 1e-12 && Number(comfort) === Number(eu), lines[1]);
    },
    { url: pageUrl + shareHash(fixture('weather.jsonc')) },
  );
});

test('an unknown parent is reported at its line and column in the editor', async () => {
  await withPage(async (page) => {
    await setEditorText(page, fixture('unknown-parent.jsonc'));
    const item = page.locator('#diagnostics .diagnostic').first();
    await item.waitFor({ timeout: 10000 });
    // "X2" is on line 5 and starts at column 48 (its opening quote).
    assert.match(await item.locator('.diagnostic-where').textContent(), /^line 5:(48|49)$/);
    assert.equal(await item.locator('.diagnostic-id').textContent(), 'model.unknown_parent');
    assert.match(await item.locator('.diagnostic-message').textContent(), /X2/);
    // The inline marker sits on line 5.
    await page.waitForSelector('.cm-lintRange-error');
    const markedLine = await page.evaluate(() => {
      const lines = [...document.querySelectorAll('.cm-content .cm-line')];
      return lines.findIndex((line) => line.querySelector('.cm-lintRange-error')) + 1;
    });
    assert.equal(markedLine, 5);
    const markedText = await page.textContent('.cm-lintRange-error');
    assert.match(markedText, /X2/);
    // Fixing the text clears the diagnostic.
    await setEditorText(
      page,
      fixture('unknown-parent.jsonc').replace('"X2"', '"D"').replace('["D", "D"]', '["D"]'),
    );
    await page.waitForSelector('#diagnostics-panel', { state: 'hidden' });
  });
});

test('a share link carries the model and opens it again', async () => {
  const text = fixture('weather.jsonc');
  let link;
  await withPage(async (page) => {
    await setEditorText(page, text);
    await page.click('#share');
    link = await page.inputValue('#share-link');
    // The model, then the view (the kind and the tab shown, ...).
    assert.match(link, /^file:\/\/.*index\.html#model=[A-Za-z0-9_-]+(&[a-z_]+=[^&]*)*$/);
  });
  await withPage(
    async (page) => {
      await page.waitForFunction(() => document.getElementById('model-title').textContent === 'Umbrella');
      const shown = await page.evaluate(() =>
        [...document.querySelectorAll('.cm-content .cm-line')].map((l) => l.textContent).join('\n'),
      );
      assert.equal(shown, text);
    },
    { url: link },
  );
});

test('a damaged share link is reported, not thrown', async () => {
  await withPage(
    async (page, browser) => {
      await page.waitForSelector('#toast:not([hidden])');
      assert.match(await page.textContent('#toast'), /could not be read/);
      assert.deepEqual(browser.errors, []);
    },
    { url: `${pageUrl}#model=not*base64` },
  );
});

test('embed mode shows the graph and results without the page chrome', async () => {
  await withPage(
    async (page) => {
      await waitForRun(page);
      for (const id of ['open-gallery', 'share', 'text-size']) {
        assert.equal(await page.isVisible(`#${id}`), false, `#${id} is hidden in embed mode`);
      }
      assert.equal(await page.isVisible('.cm-editor'), false, 'the editor starts folded away');
      assert.equal(await page.isVisible('#open-full'), true);
      assert.match(await page.getAttribute('#open-full', 'href'), /index\.html#model=/);
      assert.equal(await page.isVisible('#graph svg'), true);
      assert.equal((await tableRows(page, '#expected-utility-table')).length, 4);
      await page.click('#toggle-editor');
      assert.equal(await page.isVisible('.cm-editor'), true);
    },
    {
      url: `${pageUrl}?embed${shareHash(fixture('weather.jsonc'))}`,
      viewport: { width: 900, height: 640 },
    },
  );
});

test('a long computation shows progress and can be cancelled, and the page stays usable', async () => {
  await withPage(
    async (page, browser) => {
      // The link's own run may end before the test looks: run again, and cancel that run.
      await waitForRun(page, 60000);
      await page.keyboard.press('ControlOrMeta+Enter');
      await cancelWhenRunning(page);
      assert.match(await page.textContent('#toast'), /Cancelled/);
      // The page still answers: a small model runs.
      await setEditorText(page, example('intention/robo-surgeon'));
      await page.keyboard.press('ControlOrMeta+Enter');
      await page.waitForFunction(
        () => document.querySelector('#expected-utility-table tbody tr td.eu')?.textContent === '0.1',
        null,
        {
          timeout: 20000,
        },
      );
      assert.deepEqual(browser.errors, []);
    },
    { url: pageUrl + shareHash(fixture('many-coins.jsonc')) },
  );
});

test('edits are autosaved, and loading an example keeps them retrievable', async () => {
  const browser = await openBrowser();
  try {
    const { page } = browser;
    await page.goto(pageUrl);
    await page.waitForSelector('.cm-content');
    const mine = fixture('weather.jsonc').replace('"Umbrella"', '"My umbrella"');
    await setEditorText(page, mine);
    await page.waitForTimeout(600);
    await page.reload();
    await page.waitForFunction(() => document.getElementById('model-title').textContent === 'My umbrella');
    // Loading an example over the edits keeps them as a draft that can be brought back.
    await page.click('#open-gallery');
    await page.click('.example-card[data-example="intention/robo-surgeon"]');
    await page.waitForFunction(() => document.getElementById('model-title').textContent === 'Robo-surgeon');
    await page.click('#open-gallery');
    await page.click('.drafts .example-card');
    await page.waitForFunction(() => document.getElementById('model-title').textContent === 'My umbrella');
  } finally {
    await browser.close();
  }
});

test('a file with several models offers a model picker', async () => {
  await withPage(
    async (page) => {
      // The picker shows once the shared model is read (a run of the first model may finish before).
      await page.waitForSelector('#model-picker', { state: 'visible' });
      await waitForRun(page);
      const names = await page.$$eval('#model-picker option', (options) => options.map((o) => o.value));
      assert.deepEqual(names, ['subjective', 'objective']);
      assert.ok(await page.isVisible('#graph .node[data-name="P"]'));
      await page.selectOption('#model-picker', 'objective');
      await page.waitForSelector('#graph .node[data-name="P"]', {
        state: 'detached',
      });
      await waitForRun(page);
      const eu = await tableRows(page, '#expected-utility-table');
      assert.equal(eu[1][0], 'execute_plan');
      assert.equal(eu[1][1], '1');
    },
    { url: pageUrl + shareHash(example('intention/louis-and-uncle')) },
  );
});

test('the dark theme follows the system', async () => {
  await withPage(
    async (page) => {
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      assert.equal(background, 'rgb(18, 21, 27)');
    },
    { colorScheme: 'dark' },
  );
});
