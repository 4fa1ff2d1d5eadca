// The Goal-directedness tab of a SCIM (MEG, MacDermott et al. 2024), as a user meets it: the mouse
// and cheese of Example 1. A policy that goes right with probability p has known-utility MEG
// log 2 − H_b(p), fitted by the soft-optimal policy with β* = log(p / (1 − p)) (spec meg.md §4).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { waitForRun, tableRows, withPage } from './helpers.mjs';

async function waitForText(page, selector, text) {
  await page.waitForFunction(([s, t]) => document.querySelector(s)?.textContent === t, [selector, text], {
    timeout: 20000,
  });
}

test('the mouse: the optimal policy has MEG log 2 at β* = +∞; p = 0.8 has 0.1927 at β* = log 4', async () => {
  await withPage(async (page, browser) => {
    await page.click('#open-gallery');
    await page.click('.example-card[data-example="meg/mouse"]');
    await waitForRun(page);
    await page.click('#tab-goal');

    // The tab asks for the optimal named policy's MEG at once.
    await waitForText(page, '#meg-known .meg-value', '0.6931');
    assert.equal(await page.inputValue('#meg-policy'), 'optimal');
    assert.equal(await page.textContent('#meg-known .meg-beta'), '+∞');
    assert.match(await page.textContent('#meg-known .meg-of'), /of at most 0\.6931 \(100%\)/);
    // The likelihood curve, with β* marked at its +∞ end.
    await page.waitForSelector('[data-plot="plot-likelihood"] svg .series path');
    assert.match(
      await page.textContent('[data-plot="plot-likelihood"] svg .mark-label'),
      /^β\* = \+∞, MEG = 0\.6931$/,
    );
    // The maximum-entropy policy at β* = +∞ goes right, as the policy does.
    const rows = await tableRows(page, '#maxent-table');
    assert.deepEqual(rows, [
      ['decision', 'observation', 'action', "'optimal'", 'max-ent', 'MEG contribution'],
      ['D', 'nothing observed', 'left', '0', '0', '0.6931'],
      ['', '', 'right', '1', '1', ''],
    ]);

    // Going right with probability 0.8: log 2 − H_b(0.8) = 0.1927, and π_β(right) = 0.8 at β = log 4.
    await page.selectOption('#meg-policy', 'p80');
    await waitForText(page, '#meg-known .meg-value', '0.1927');
    await waitForRun(page);
    assert.equal(await page.textContent('#meg-known .meg-beta'), '1.386');
    assert.match(
      await page.textContent('#meg-known .meg-reason'),
      /expected utility 0\.8 is matched by the soft-optimal policy with β = 1\.386/,
    );
    assert.match(
      await page.textContent('[data-plot="plot-likelihood"] svg .mark-label'),
      /^β\* = 1\.39, MEG = 0\.1927$/,
    );

    // Unknown utility towards C (the cheese): no utility of C does better than the model's own.
    await page.selectOption('#meg-utility', 'unknown');
    await page.check('#meg-targets input[value="C"]');
    await page.click('#meg-run');
    await waitForText(page, '#meg-unknown .meg-value', '0.1927');
    await waitForRun(page);
    assert.deepEqual(await tableRows(page, '#inferred-table'), [
      ['C', 'utility'],
      ['cheese', '1'],
      ['nothing', '0'],
    ]);
    assert.deepEqual(browser.errors, []);
  });
});
