// The page as a teaching surface (issue 24): at a laptop's 1366×768, in presentation mode at
// 1920×1080 and in an 800×500 iframe, the first results a class looks at are in sight without
// scrolling inside any box (the spy's verdict, CliffWorld's MEG, COP's SICA heatmap with its three
// agents, the SBUE bars, the heist's scores); share links reopen the view (COP at "announcements"
// on SBUE for the politician; CoinRun's moved coin with the Q-learning agent); every tab has its
// plain-words line; and DAGitty's and REINFORCEjs's interactions: a dragged variable's position
// written into the model as one edit, the d-separation of two selected variables given the others,
// values printed in the grid's cells, value iteration stepped sweep by sweep. Values asserted are the
// engine's own (the wasm module under Node), never the page's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import {
  example,
  loadEngine,
  openBrowser,
  pageUrl,
  shareHash,
  waitForRun,
  withPage,
  setEditorText,
} from './helpers.mjs';

const { ask } = await loadEngine();

const link = (id, view = '', query = '') => `${pageUrl}${query}${shareHash(example(id))}${view}`;

// Waits until the selector is drawn and every run has finished.
async function settled(page, selector, timeout = 90000) {
  await page.waitForSelector(selector, { state: 'attached', timeout });
  await waitForRun(page, timeout);
  await page.waitForSelector(selector, { state: 'visible', timeout });
}

// Whether an element is in sight as the page opened: inside the window, and inside every scrolling
// box around it, none of which has been scrolled.
async function inSight(page, selector) {
  return page.$eval(selector, (node) => {
    const box = node.getBoundingClientRect();
    const problems = [];
    if (box.width === 0 || box.height === 0) problems.push('not drawn');
    const within = (outer, what) => {
      if (
        box.top < outer.top - 1 ||
        box.bottom > outer.bottom + 1 ||
        box.left < outer.left - 1 ||
        box.right > outer.right + 1
      ) {
        problems.push(
          `outside ${what}: ${JSON.stringify([box.left, box.top, box.right, box.bottom].map(Math.round))} in ${JSON.stringify([outer.left, outer.top, outer.right, outer.bottom].map(Math.round))}`,
        );
      }
    };
    within({ top: 0, left: 0, bottom: window.innerHeight, right: window.innerWidth }, 'the window');
    for (let a = node.parentElement; a; a = a.parentElement) {
      const style = getComputedStyle(a);
      const scrolls = /(auto|scroll|hidden|clip)/.test(style.overflowX + style.overflowY);
      if (!scrolls) continue;
      if (a.scrollTop || a.scrollLeft) problems.push(`${a.className} is scrolled`);
      within(a.getBoundingClientRect(), a.id || a.className || a.tagName);
    }
    return problems;
  });
}

async function assertInSight(page, selector, what) {
  assert.deepEqual(await inSight(page, selector), [], `${what} (${selector})`);
}

// The five first results, each opened as a student or a class would from a link.
const FIRST_RESULTS = [
  {
    what: "the spy's verdict",
    id: 'intention/spy',
    view: '&kind=scim&tab=intention',
    selector: '.intention-headline li.intended',
  },
  { what: "CliffWorld's MEG", id: 'meg/cliffworld', view: '', selector: '#meg-known .meg-figure' },
  { what: "COP's SICA heatmap", id: 'games/cop', view: '&kind=game&tab=sica', selector: '#sica-heatmap' },
  {
    what: 'the SBUE bars',
    id: 'games/cop',
    view: '&kind=game&tab=sbue&state=named%3Apolitician%20speaks%20first',
    selector: '#sbue-chart',
  },
  {
    what: "the heist's scores",
    id: 'adventures/heist',
    view: '&kind=adventure&tab=scores',
    selector: '#adv-scores-summary',
  },
];

// One browser for the five (a fresh tab each: the page opens from its link every time).
async function firstResultsInSight({ viewport, query = '', present = false }) {
  const browser = await openBrowser({ viewport });
  try {
    for (const r of FIRST_RESULTS) {
      const page = await browser.context.newPage();
      const errors = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.goto(link(r.id, r.view, query));
      if (present) await page.click('#present');
      await settled(page, r.selector);
      if (r.selector === '#sica-heatmap') {
        // All three agents: a row and a column each.
        assert.equal(await page.$$eval('#sica-heatmap .sica-row', (rows) => rows.length), 3);
        assert.equal(await page.$$eval('#sica-heatmap .sica-col', (cols) => cols.length), 3);
      }
      await assertInSight(
        page,
        r.selector,
        `${r.what} at ${viewport.width}×${viewport.height}${present ? ', presenting' : ''}${query}`,
      );
      assert.deepEqual(errors, [], r.what);
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

test('at 1366×768 the first results are in sight without scrolling', async () => {
  await firstResultsInSight({ viewport: { width: 1366, height: 768 } });
});

test('in presentation mode at 1920×1080 the first results are in sight, the model text hidden, the charts larger', async () => {
  await firstResultsInSight({ viewport: { width: 1920, height: 1080 }, present: true });
  await withPage(
    async (page) => {
      await settled(page, '#sbue-chart');
      const normal = await page.$eval('#sbue-chart', (svg) => svg.getBoundingClientRect().width);
      const font = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
      await page.keyboard.press('p');
      await page.waitForFunction(() => document.body.classList.contains('presenting'));
      assert.equal(await page.isVisible('#editor-panel'), false);
      const presented = await page.$eval('#sbue-chart', (svg) => svg.getBoundingClientRect().width);
      const larger = await page.evaluate(() =>
        parseFloat(getComputedStyle(document.documentElement).fontSize),
      );
      assert.ok(larger > font, `type ${font} → ${larger}`);
      assert.ok(presented > normal * 1.2, `chart ${normal} → ${presented}`);
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.body.classList.contains('presenting'));
      assert.equal(await page.isVisible('#editor-panel'), true);
    },
    {
      url: link('games/cop', '&kind=game&tab=sbue&state=named%3Apolitician%20speaks%20first'),
      viewport: { width: 1920, height: 1080 },
    },
  );
});

test('in an 800×500 iframe the first results are in sight; the snippet sizes the iframe to what the view needs', async () => {
  await firstResultsInSight({ viewport: { width: 800, height: 500 }, query: '?embed' });
  // The page inside an iframe reports the height it needs; the Share dialog's snippet applies it.
  await withPage(
    async (page) => {
      await waitForRun(page);
      await page.click('#share');
      const snippet = await page.inputValue('#share-embed');
      assert.match(snippet, /width="800" height="500"/);
      assert.match(snippet, /motive-embed-size/);
      const src = /src="([^"]+)"/.exec(snippet)[1].replace(/&amp;/g, '&');
      assert.match(src, /\?embed#model=/);
      // A host page holding the snippet (a file beside the test's, as a course's notes would hold
      // it): the iframe grows from 500 to what the embedded page needs.
      const host = path.join(mkdtempSync(path.join(tmpdir(), 'motive-host-')), 'notes.html');
      writeFileSync(host, `<!doctype html><html><body><h1>Notes</h1>${snippet}</body></html>`);
      await page.goto(pathToFileURL(host).href);
      await page.waitForFunction(() => document.getElementById('motive-embed').style.height !== '', null, {
        timeout: 60000,
      });
      const height = await page.$eval('#motive-embed', (f) => parseFloat(f.style.height));
      assert.ok(height >= 500 && height <= 1600, String(height));
    },
    { url: link('games/cop', '&kind=game&tab=sica') },
  );
});

test('a share link reopens COP at "announcements" on SBUE for the politician, and CoinRun on the moved coin with Q-learning', async () => {
  const cop = example('games/cop');
  const at = ask(cop, 'describe', { state: 'announcements' }).state.text;
  const sbue = ask(cop, 'sbue', { state: at, player: 'politician' });
  await withPage(
    async (page, browser) => {
      await settled(page, '#sbue-chart');
      assert.equal(await page.getAttribute('#tab-sbue', 'aria-selected'), 'true');
      assert.equal(await page.inputValue('#game-state-picker'), 'named:announcements');
      assert.equal(await page.inputValue('#sbue-player'), 'politician');
      // The bars are the engine's SBUE for the politician at that state.
      const bars = await page.$$eval('#sbue-chart .sbue-bar:not(.undefined)', (b) =>
        b.map((x) => ({
          player: x.dataset.player,
          action: x.dataset.action,
          value: Number(x.dataset.value),
        })),
      );
      for (const a of sbue.actions)
        for (const [j, p] of sbue.players.entries()) {
          const bar = bars.find((b) => b.player === p && b.action === a.label);
          assert.ok(bar, `${p} ${a.label}`);
          assert.equal(bar.value, a.mean[j]);
        }
      // Sharing again carries the same view.
      await page.click('#share');
      const again = await page.inputValue('#share-link');
      assert.match(again, /[#&]tab=sbue/);
      assert.match(again, /[#&]state=named%3Aannouncements/);
      assert.match(again, /[#&]player=politician/);
      assert.deepEqual(browser.errors, []);
    },
    { url: link('games/cop', '&kind=game&tab=sbue&state=named%3Aannouncements&player=politician') },
  );
  await withPage(
    async (page, browser) => {
      await settled(page, '#meg-known .meg-figure');
      assert.equal(await page.inputValue('#agent-kind'), 'q_learning');
      assert.equal(await page.inputValue('#agent-variant'), 'coin_moved');
      assert.equal(await page.inputValue('#agent-observation'), 'goal_direction');
      assert.equal(await page.inputValue('#agent-train'), 'base');
      // The grid drawn is the moved coin's map (its goal at row 0, column 5).
      const describe = ask(example('meg/coinrun'), 'describe', { variant: 'coin_moved' });
      await page.waitForFunction(
        (cols) =>
          document.querySelector('.grid-canvas')?.getAttribute('aria-label')?.includes(`by ${cols} grid`),
        describe.grid.cols,
      );
      assert.match(await page.textContent('#goal-agent'), /Q-learning/);
      const moved = ask(example('meg/coinrun'), 'meg', {
        variant: 'coin_moved',
        agent: {
          kind: 'q_learning',
          episodes: 2000,
          seed: 1,
          epsilon: 0.1,
          observation: 'goal_direction',
          train_variants: ['base'],
        },
      });
      assert.equal(Number(await page.getAttribute('#meg-known .meg-value', 'data-value')), moved.meg);
      assert.deepEqual(browser.errors, []);
    },
    {
      url: link(
        'meg/coinrun',
        '&kind=gridworld&agent=q_learning&variant=coin_moved&observe=goal_direction&train=base',
      ),
    },
  );
  // An old link (the model alone) still opens.
  await withPage(
    async (page) => {
      await settled(page, '#sica-heatmap');
      assert.equal(await page.getAttribute('#tab-sica', 'aria-selected'), 'true');
    },
    { url: link('games/cop') },
  );
});

test('every tab of every kind opens with its plain-words line', async () => {
  const models = [
    'intention/spy',
    'meg/cliffworld',
    'meg/recycling-robot',
    'games/stag-hunt-opportunist',
    'adventures/heist',
  ];
  for (const id of models) {
    await withPage(
      async (page, browser) => {
        await waitForRun(page, 60000);
        const tabs = await page.$$eval('.tabs .tab', (b) => b.map((x) => x.dataset.tab));
        assert.ok(tabs.length >= 4, `${id}: ${tabs}`);
        for (const tab of tabs) {
          await page.click(`#tab-${tab}`);
          const lead = await page.textContent(`#lead-${tab}`);
          assert.ok(lead && lead.trim().split(/\s+/).length >= 8, `${id}, ${tab}: “${lead}”`);
          assert.equal(await page.isVisible(`#lead-${tab}`), true, `${id}, ${tab}`);
        }
        await waitForRun(page, 60000);
        assert.deepEqual(browser.errors, [], id);
      },
      { url: link(id) },
    );
  }
});

// A model with a chain X → M → Y, a fork X ← W → Y and a collider X → C ← Y.
const DSEP = `{
  "kind": "scim",
  "title": "Paths",
  "variables": {
    "W": { "type": "chance", "domain": [0, 1], "cpd": { "0": 0.5, "1": 0.5 } },
    "X": { "type": "chance", "domain": [0, 1], "parents": ["W"], "function": "W" },
    "M": { "type": "chance", "domain": [0, 1], "parents": ["X"], "function": "X" },
    "Y": { "type": "chance", "domain": [0, 1], "parents": ["M", "W"], "function": "M" },
    "C": { "type": "chance", "domain": [0, 1], "parents": ["X", "Y"], "function": "X" }
  }
}
`;

test('DAGitty: select two variables for their paths and d-separation given the others; drag one to write its position', async () => {
  const node = (name) => `#graph .node[data-name="${name}"]`;
  await withPage(
    async (page, browser) => {
      await settled(page, node('X'));
      await page.click(node('X'));
      await page.click(node('Y'));
      const none = ask(DSEP, 'graph', { query: 'connection', from: 'X', to: 'Y', given: [] });
      await page.waitForSelector('#dsep-verdict');
      assert.equal(await page.textContent('#dsep-verdict'), none.d_separated ? 'd-separated' : 'd-connected');
      // The directed path's edges are coloured, the open fork's too.
      assert.deepEqual(
        (
          await page.$$eval('#graph .edge.on-path', (e) => e.map((x) => `${x.dataset.from}→${x.dataset.to}`))
        ).sort(),
        ['M→Y', 'X→M'],
      );
      assert.deepEqual(
        (
          await page.$$eval('#graph .edge.open-trail', (e) =>
            e.map((x) => `${x.dataset.from}→${x.dataset.to}`),
          )
        ).sort(),
        ['W→X', 'W→Y'],
      );
      // Conditioning on M and W blocks both paths: d-separated, as the engine says.
      await page.click(node('M'));
      await page.click(node('W'));
      const both = ask(DSEP, 'graph', { query: 'connection', from: 'X', to: 'Y', given: ['M', 'W'] });
      assert.equal(both.d_separated, true);
      await page.waitForFunction(
        () => document.getElementById('dsep-verdict')?.textContent === 'd-separated',
      );
      assert.match(await page.textContent('#graph-query'), /given M, W/);
      assert.equal(await page.$$eval('#graph .edge.open-trail', (e) => e.length), 0);
      await page.click('#graph-query-clear');
      assert.equal(await page.$$eval('#graph .node.selected', (e) => e.length), 0);

      // Dragging X writes every variable's position into the model: one edit, undone at once.
      const before = await page.evaluate(() => document.querySelector('.cm-content').innerText);
      const box = await page.locator(node('X')).boundingBox();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 40, { steps: 6 });
      await page.mouse.up();
      await page.waitForFunction(() =>
        document.querySelector('.cm-content').innerText.includes('"position"'),
      );
      const text = await page.evaluate(() => document.querySelector('.cm-content').innerText);
      assert.equal((text.match(/"position": \[/g) || []).length, 5);
      // The engine reads the positions, and the graph is drawn where they say.
      await page.waitForFunction(() => !document.querySelector('.cm-lintRange-error'));
      const described = await page.evaluate(() => document.querySelector('.cm-content').innerText);
      assert.ok(described.includes('"position"'));
      await page.click('.cm-content');
      await page.keyboard.press('ControlOrMeta+z');
      await page.waitForFunction((b) => document.querySelector('.cm-content').innerText === b, before);
      assert.deepEqual(browser.errors, []);
    },
    { url: pageUrl + shareHash(DSEP), viewport: { width: 1366, height: 768 } },
  );
});

test('REINFORCEjs: values printed in the cells, value iteration stepped sweep by sweep as the engine sweeps', async () => {
  const cliff = example('meg/cliffworld');
  const sweeps = ask(cliff, 'value_iteration', { sweeps: 200 });
  const describe = ask(cliff, 'describe');
  await withPage(
    async (page, browser) => {
      await settled(page, '.grid-canvas');
      // Numbers in the cells change what the grid draws.
      const pixels = () => page.$eval('.grid-canvas', (c) => c.toDataURL());
      const plain = await pixels();
      await page.check('#grid-numbers');
      await page.waitForFunction((p) => document.querySelector('.grid-canvas').toDataURL() !== p, plain);

      // The Value iteration tab: sweep 0 is all zeros; each step shows the engine's next sweep.
      await page.click('#tab-sweeps');
      await page.waitForSelector('#vi-at');
      await waitForRun(page);
      assert.equal(await page.getAttribute('#vi-at', 'data-sweep'), '0');
      assert.equal(await page.textContent('#vi-at'), `sweep 0 of ${sweeps.sweeps.length - 1}`);
      assert.match(await page.textContent('.grid-figure figcaption'), /Value iteration: sweep 0/);
      // Read a cell's value off the grid's readout at each sweep: the engine's value of its state.
      const cell = describe.grid.cells[1][3];
      const readAt = async () => {
        const box = await page.locator('.grid-canvas').boundingBox();
        const size = box.width / describe.grid.cols;
        await page.mouse.move(box.x + size * 3.5, box.y + size * 1.5);
        return page.textContent('#grid-readout');
      };
      for (const k of [1, 2, 3]) {
        await page.click('#vi-next');
        await page.waitForFunction((s) => document.getElementById('vi-at')?.dataset.sweep === String(s), k);
        const readout = await readAt();
        const value = sweeps.sweeps[k].values[cell.state];
        const shown = /Value at this sweep[^·]* (-?[\d.e+-]+)/.exec(readout)?.[1];
        assert.ok(shown, readout);
        assert.ok(
          Math.abs(Number(shown) - value) <= 1e-5 * Math.max(1, Math.abs(value)),
          `${readout} vs ${value}`,
        );
      }
      await page.click('#vi-last');
      assert.match(await page.textContent('#vi-change'), /Converged/);
      assert.equal(sweeps.converged, true);
      // Leaving the tab gives the grid back to the agent.
      await page.click('#tab-goal');
      await page.waitForFunction(
        () => !/Value iteration/.test(document.querySelector('.grid-figure figcaption')?.textContent),
      );
      assert.deepEqual(browser.errors, []);
    },
    { url: link('meg/cliffworld'), viewport: { width: 1366, height: 768 } },
  );
});

test('a pasted model is a new model, not "(edited)"; a recycling robot is drawn as its state graph', async () => {
  await withPage(
    async (page) => {
      await waitForRun(page);
      await setEditorText(page, example('meg/recycling-robot'));
      await page.waitForSelector('#mdp-graph');
      assert.doesNotMatch(await page.textContent('#model-origin'), /\(edited\)/);
      const describe = ask(example('meg/recycling-robot'), 'describe');
      assert.equal(await page.$$eval('#mdp-graph .mdp-state', (s) => s.length), describe.states.length);
      assert.equal(await page.$$eval('#mdp-graph .mdp-action', (s) => s.length), describe.transitions.length);
    },
    { url: link('games/cop') },
  );
});
