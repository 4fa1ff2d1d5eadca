// The Incentives tab (Everitt et al. 2021; docs/incentives.md), as a user meets it: pick an example,
// open the tab, read the marks, click one to see its witness path on the graph. The verdicts
// asserted are those of docs/incentives.md for the gallery's spy and side-effects examples.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { waitForRun, tableRows, withPage } from './helpers.mjs';
import { pathText } from '../../web/src/kinds/scim/incentives.js';

async function pickExample(page, id) {
  await page.click('#open-gallery');
  await page.click(`.example-card[data-example="${id}"]`);
  await waitForRun(page);
}

// The marks of one decision's table: [variable, ICI, VoI, RI, VoC] per row.
async function marks(page, decision = 'D') {
  return (await tableRows(page, `table.incentives-table[data-decision="${decision}"]`)).slice(1);
}

async function onPath(page) {
  return {
    edges: await page.$$eval('#graph .edge.on-path', (edges) =>
      edges.map((e) => `${e.dataset.from}→${e.dataset.to}`).sort(),
    ),
    nodes: await page.$$eval('#graph .node.on-path', (nodes) => nodes.map((n) => n.dataset.name).sort()),
    given: await page.$$eval('#graph .node.given', (nodes) => nodes.map((n) => n.dataset.name).sort()),
  };
}

async function download(page, button) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
  const text = Buffer.concat(await (await file.createReadStream()).toArray()).toString();
  return { name: file.suggestedFilename(), text };
}

test('a trail is written with its arrows the way the edges point', () => {
  const edges = [
    { from: 'X', to: 'D' },
    { from: 'Y', to: 'U' },
    { from: 'Y', to: 'D' },
  ];
  assert.equal(pathText(['X', 'D', 'Y', 'U'], edges), 'X → D ← Y → U');
  // A step with no edge (the link value of information adds) is drawn as it is added: X → D.
  assert.equal(pathText(['Z', 'D'], edges), 'Z → D');
  assert.equal(pathText(['U'], edges), 'U');
});

test('spy: VoI on X and ICI on T; a click shows the witness path D → T → U; side effects: no ICI on C', async () => {
  await withPage(async (page, browser) => {
    await pickExample(page, 'intention/spy');
    await page.click('#tab-incentives');
    await page.waitForSelector('table.incentives-table');
    assert.deepEqual(await marks(page), [
      ['X', '—', '✓', '✓', '✓'],
      ['T', '✓', 'n/a', '—', '✓'],
      ['U', '✓', 'n/a', '—', '✓'],
    ]);
    assert.match(
      await page.textContent('.incentives-decision .requisite'),
      /D observes X; requisite \(what an optimal policy may need\): X\./,
    );
    // The criteria explained, and ICI as the criterion for intention.
    assert.deepEqual(await page.$$eval('#incentives-criteria dt', (dts) => dts.map((d) => d.textContent)), [
      'ICI: Instrumental control incentive',
      'VoI: Value of information',
      'RI: Response incentive',
      'VoC: Value of control',
    ]);
    assert.match(
      await page.textContent('#incentives-intention-note'),
      /ICI is also the graphical criterion for intention \(Ward et al\. 2024, Theorems 17 and 18\)/,
    );
    // n/a says why.
    assert.match(await page.getAttribute('tr[data-variable="T"] td.voi', 'title'), /T is downstream of D/);

    // No marks until a ✓ is clicked.
    assert.deepEqual(await onPath(page), { edges: [], nodes: [], given: [] });
    assert.equal(await page.isVisible('#legend-path'), false);
    await page.click('tr[data-variable="T"] td.ici button');
    assert.deepEqual(await onPath(page), {
      edges: ['D→T', 'T→U'],
      nodes: ['D', 'T', 'U'],
      given: [],
    });
    assert.equal(await page.isVisible('#legend-path'), true);
    assert.equal(await page.getAttribute('tr[data-variable="T"] td.ici button', 'aria-pressed'), 'true');
    assert.equal(
      (await page.textContent('.incentive-witness')).trim(),
      'ICI: D has an instrumental control incentive on T: the directed path D → T → U leads from D through T to the utility U.',
    );
    // Value of information: the trail X → U, given {D}.
    await page.click('tr[data-variable="X"] td.voi button');
    assert.deepEqual(await onPath(page), {
      edges: ['X→U'],
      nodes: ['U', 'X'],
      given: ['D'],
    });
    assert.equal(await page.isVisible('#legend-given'), true);
    assert.match(await page.textContent('.incentive-witness'), /the trail X → U is active given \{D\}/);
    // A second click clears; another tab shows no marks.
    await page.click('tr[data-variable="X"] td.voi button');
    assert.deepEqual(await onPath(page), { edges: [], nodes: [], given: [] });
    await page.click('tr[data-variable="X"] td.ri button');
    assert.deepEqual((await onPath(page)).edges, ['X→D']);
    await page.click('#tab-settings');
    assert.deepEqual((await onPath(page)).edges, []);
    await page.click('#tab-incentives');

    // The tab's CSV, and the JSON export carries the response.
    const csv = await download(page, '#export-csv');
    assert.equal(csv.name, 'spy-intending-outcomes-in-settings-incentives.csv');
    assert.deepEqual(csv.text.trim().split('\r\n'), [
      'decision,variable,ici,ici_path,voi,voi_path,voi_given,ri,ri_path,voc,voc_path',
      'D,X,false,,true,X;U,D,true,X;D,true,X;U',
      'D,T,true,D;T;U,n/a,,,false,,true,T;U',
      'D,U,true,D;T;U,n/a,,,false,,true,U',
    ]);
    const json = JSON.parse((await download(page, '#export-json')).text);
    assert.equal(json.incentives.analysis, 'incentives');
    assert.equal(json.incentives.result.sufficient_recall, true);

    // Another example run with the tab open reads its incentives at once. Bob has an ICI on the
    // pay-out I (D → I → U) and none on Alice's car C: the side effect.
    await pickExample(page, 'intention/side-effects');
    await page.waitForSelector('table.incentives-table');
    assert.deepEqual(await marks(page), [
      ['I', '✓', 'n/a', '—', '✓'],
      ['C', '—', 'n/a', '—', '—'],
      ['U', '✓', 'n/a', '—', '✓'],
    ]);
    assert.equal(await page.$('tr[data-variable="C"] button'), null);
    assert.match(await page.textContent('.incentives-decision .requisite'), /D observes nothing\./);
    await page.click('tr[data-variable="I"] td.ici button');
    assert.deepEqual((await onPath(page)).edges, ['D→I', 'I→U']);
    assert.deepEqual(browser.errors, []);
  });
});
