// The gridworld view, as a user meets it: load CliffWorld from the gallery, read the grid and MEG,
// move the ε slider, paint a wall and watch the model text and the analysis follow, step the agent.
// The MEG values asserted are the reference numbers of spec meg.md §4 (assumptions A). The first
// tests check the page's text edits (web/src/editor/model-edit.js) without a browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { waitForRun, example, withPage } from './helpers.mjs';
import { parseJsonc } from '../../web/src/editor/jsonc.js';
import {
  setTopLevelNumber,
  setMapCell,
  topLevelValue,
  applyChange,
  offsetOf,
} from '../../web/src/editor/model-edit.js';

const WORLD = `{
  // a comment with "discount": 0.5 in it
  "kind": "gridworld",
  "map": [
    "S..G",
    ".#.C"
  ],
  "discount": 0.9, "cells": { "a": { "slip": 3 } }
}
`;

test('a top-level number is rewritten where it is written, and nested or commented ones are left alone', () => {
  assert.equal(topLevelValue(WORLD, 'discount'), '0.9');
  assert.equal(topLevelValue(WORLD, 'slip'), null);
  const change = setTopLevelNumber(WORLD, 'discount', 0.75);
  assert.equal(applyChange(WORLD, change), WORLD.replace('"discount": 0.9', '"discount": 0.75'));
  // Missing: added after the last field, which keeps its comma state valid.
  const added = applyChange(WORLD, setTopLevelNumber(WORLD, 'slip', 0.1));
  assert.match(added, /"cells": \{ "a": \{ "slip": 3 \} \},\n {2}"slip": 0\.1\n\}/);
  assert.equal(topLevelValue(added, 'slip'), '0.1');
  assert.equal(parseJsonc(added).cells.a.slip, 3, 'the nested slip is unchanged');
  // A trailing comma is kept in place.
  const trailing = '{ "kind": "mdp",\n  "states": ["a"],\n}';
  assert.equal(
    applyChange(trailing, setTopLevelNumber(trailing, 'discount', 0.5)),
    '{ "kind": "mdp",\n  "states": ["a"],\n  "discount": 0.5,\n}',
  );
  assert.equal(setTopLevelNumber('[1, 2]', 'discount', 0.5), null);
  // Numbers are written plainly.
  assert.equal(setTopLevelNumber(WORLD, 'discount', 0.1 + 0.2).insert, '0.3');
});

test('a map cell is rewritten inside its row string, and a stale span is refused', () => {
  // Row 1 is on line 6, its string (with quotes) starts at column 5 and is 6 code points long.
  const span = { line: 6, column: 5, length: 6 };
  assert.equal(offsetOf(WORLD, 6, 5), WORLD.indexOf('".#.C"'));
  const painted = applyChange(WORLD, setMapCell(WORLD, span, 2, '#'));
  assert.deepEqual(parseJsonc(painted).map, ['S..G', '.##C']);
  assert.equal(setMapCell(WORLD, { ...span, length: 7 }, 2, '#'), null, 'length differs');
  assert.equal(setMapCell(WORLD, { line: 6, column: 4, length: 6 }, 2, '#'), null, 'not at a quote');
  assert.equal(setMapCell(WORLD, span, 4, '#'), null, "past the row's end");
  assert.equal(setMapCell(WORLD, span, 0, '"'), null, 'a quote would break the string');
  // Columns count code points, as the engine's do.
  const wide = '{ "map": ["😀..", "..."] }';
  const row0 = { line: 1, column: 11, length: 5 };
  assert.equal(applyChange(wide, setMapCell(wide, row0, 1, '#')), '{ "map": ["😀#.", "..."] }');
  const row1 = { line: 1, column: 18, length: 5 };
  assert.equal(applyChange(wide, setMapCell(wide, row1, 2, 'G')), '{ "map": ["😀..", "..G"] }');
});

// ---- In the browser ----

const megText = (page, id) => page.textContent(`#${id} .meg-value`);

async function waitForMeg(page, id, value) {
  await page.waitForFunction(
    ([which, v]) => document.querySelector(`#${which} .meg-value`)?.textContent === v,
    [id, value],
    { timeout: 20000 },
  );
}

// The editor's text as the page holds it (CodeMirror draws every line of a small document).
async function editorLines(page) {
  return page.$$eval('.cm-content .cm-line', (lines) => lines.map((l) => l.textContent));
}

test('CliffWorld: the grid and MEG, the ε slider, painting a wall, the animated agent', async () => {
  const cliff = parseJsonc(example('meg/cliffworld'));
  await withPage(async (page, browser) => {
    await page.click('#open-gallery');
    await page.click('.example-card[data-example="meg/cliffworld"]');
    await waitForRun(page);

    // The world panel replaces the graph: two canvases (the agent's arrows and the max-ent policy's).
    assert.equal(await page.isVisible('#graph'), false);
    const canvases = await page.$$eval('.grid-canvas', (cs) =>
      cs.map((c) => [c.dataset.which, c.width > 0, c.height > 0]),
    );
    assert.deepEqual(canvases, [
      ['agent', true, true],
      ['maxent', true, true],
    ]);
    // The canvas is drawn at the device's pixel ratio: its pixels are a whole number per cell.
    const cols = cliff.map[0].length;
    const width = await page.$eval('.grid-canvas', (c) => c.width);
    assert.equal(width % cols, 0);

    // The tabs of a gridworld; the optimal agent of CliffWorld: known MEG 9.2257 of log 4 / (1 − 0.9).
    assert.deepEqual(
      await page.$$eval('.tabs .tab:not([hidden])', (tabs) => tabs.map((t) => t.dataset.tab)),
      ['goal', 'values', 'sweeps', 'intention', 'analyses'],
    );
    await waitForMeg(page, 'meg-known', '9.2257');
    assert.match(await page.textContent('#meg-known .meg-of'), /13\.8629/);
    assert.equal(await page.textContent('#meg-known .meg-beta'), '+∞');
    assert.match(await page.textContent('#meg-known .meg-reason'), /β = \+∞/);
    await waitForMeg(page, 'meg-unknown', '9.2257');

    // The plots: MEG against ε (known and unknown), and L(β) with β* marked.
    await page.waitForSelector('[data-plot="plot-meg-epsilon"] svg .series');
    assert.equal(await page.locator('[data-plot="plot-meg-epsilon"] svg .series').count(), 2);
    await page.waitForSelector('[data-plot="plot-likelihood"] svg .mark');

    // ε = 0.1: the reference value, and the reasons in words with the fitted β.
    await page.fill('#agent-epsilon', '0.1');
    await waitForMeg(page, 'meg-known', '4.8432');
    await waitForMeg(page, 'meg-unknown', '6.4732');
    assert.equal(await page.textContent('#goal-agent'), 'the ε-greedy (ε = 0.1) agent');
    assert.match(
      await page.textContent('#meg-known .meg-reason'),
      /is matched by the soft-optimal policy with β = [0-9.]+; that policy predicts the agent's actions 4\.8432 nats better than uniform/,
    );
    await waitForRun(page);
    // The agent's ε is marked on the sweep.
    assert.match(await page.textContent('[data-plot="plot-meg-epsilon"] .mark-label'), /ε = 0\.1/);

    // Paint a wall on a floor cell of the second row: the map row in the text changes, the run follows.
    const col = [...cliff.map[1]].findIndex((c, i) => c === '.' && i > 1);
    await page.click('.grid-paint summary');
    await page.click('.grid-palette .tool[data-char="#"]');
    const box = await page.locator('.grid-canvas[data-which="agent"]').boundingBox();
    const cell = box.width / cols;
    await page.mouse.click(box.x + cell * (col + 0.5), box.y + cell * 1.5);
    const row = [...cliff.map[1]];
    row[col] = '#';
    await page.waitForFunction(
      (text) =>
        [...document.querySelectorAll('.cm-content .cm-line')].some((l) => l.textContent.includes(text)),
      `"${row.join('')}"`,
    );
    await page.waitForFunction(
      () => document.querySelector('#meg-known .meg-value')?.textContent !== '4.8432',
      null,
      { timeout: 20000 },
    );
    await waitForRun(page);
    assert.equal(await page.isHidden('#results-stale'), true, 'the results are those of the new text');
    assert.ok((await editorLines(page)).some((l) => l.includes(`"${row.join('')}"`)));

    // γ is written into the model text where it stands, and the analyses follow.
    const before = await megText(page, 'meg-known');
    await page.fill('#world-discount', '0.8');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.cm-content .cm-line')].some((l) =>
        /"discount": 0\.8\b/.test(l.textContent),
      ),
    );
    await page.waitForFunction(
      (v) => document.querySelector('#meg-known .meg-value')?.textContent !== v,
      before,
      { timeout: 20000 },
    );
    await waitForRun(page);

    // The animated agent: three steps from the start.
    await page.waitForFunction(() => !document.getElementById('agent-step').disabled);
    for (let i = 0; i < 3; i++) await page.click('#agent-step');
    assert.match(await page.textContent('#agent-readout'), /^t = 3 of \d+ · return /);

    assert.deepEqual(browser.errors, []);
  });
});

test('the goal-region variants: MEG of the optimal agent falls as the goal region grows (k1 … k9)', async () => {
  await withPage(async (page, browser) => {
    await page.click('#open-gallery');
    await page.click('.example-card[data-example="meg/goal-region"]');
    await waitForRun(page);
    await page.waitForSelector('[data-plot="plot-meg-variant"] svg .series');
    // Each point's title reads "known utility: k3 → 8.4071" (spec meg.md §4, assumptions A).
    const known = await page.$$eval(
      '[data-plot="plot-meg-variant"] svg .series[data-series="known utility"] title',
      (titles) => titles.map((t) => t.textContent),
    );
    for (const [variant, meg] of [
      ['k1', '9.2257'],
      ['k3', '8.4071'],
      ['k5', '7.3266'],
      ['k9', '1.5185'],
    ]) {
      assert.ok(
        known.includes(`known utility: ${variant} → ${meg}`),
        `${variant}: ${meg} in ${known.join(', ')}`,
      );
    }
    assert.deepEqual(browser.errors, []);
  });
});
