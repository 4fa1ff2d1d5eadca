// The one run lifecycle (web/src/app/lifecycle.js): a tab's own request is a session like Run's (Run
// waits while it runs, Cancel stops it, the toast says so), and a cancel does not outlive its
// session (the settings CSV, itself a session, collects every page after earlier cancels). Before
// it, five copies of the lifecycle had drifted: the settings pager never disabled Run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  cancelWhenRunning,
  waitForRun,
  withPage,
  pageUrl,
  shareHash,
  fixture,
  setEditorText,
} from './helpers.mjs';

async function cancelled(page) {
  await cancelWhenRunning(page);
  assert.match(await page.textContent('#toast'), /Cancelled/);
}

test("a tab's request disables Run and can be cancelled; a later CSV export is not cancelled by it", async () => {
  await withPage(
    async (page, browser) => {
      // 2^22 settings: Run's first page of settings takes long; cancel it (a run asked for now: the
      // link's own may have ended before the test looks).
      await waitForRun(page, 60000);
      await page.click('#run');
      await cancelled(page);
      // The Settings tab's policy picker asks for a page of the 2^22 settings: as long, in a session.
      await page.click('#tab-settings');
      await page.selectOption('#settings-policy', 'hedge');
      await cancelled(page);
      assert.equal(await page.isEnabled('#run'), true);

      // A small model afterwards: its settings table (128 rows, 50 a page) exports whole.
      await setEditorText(page, fixture('seven-coins.jsonc'));
      await page.keyboard.press('ControlOrMeta+Enter');
      await page.waitForFunction(
        () => document.querySelector('.page-range')?.textContent === '1–50 of 128',
        null,
        {
          timeout: 20000,
        },
      );
      await waitForRun(page);
      const [csv] = await Promise.all([page.waitForEvent('download'), page.click('#export-csv')]);
      const lines = Buffer.concat(await (await csv.createReadStream()).toArray())
        .toString()
        .trim()
        .split('\r\n');
      assert.equal(lines.length, 1 + 128);
      assert.deepEqual(
        lines.slice(1).map((l) => Number(l.split(',')[0])),
        Array.from({ length: 128 }, (_, i) => i),
      );
      assert.deepEqual(browser.errors, []);
    },
    { url: pageUrl + shareHash(fixture('many-coins.jsonc')) },
  );
});
