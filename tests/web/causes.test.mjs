// The Intention tab's Causes section: actual causality (Def. 22) per setting with its witness in
// words, and Halpern and Kleiman-Weiner's intention (Defs. 24-25) next to the subjective verdicts
// (Def. 13). The verdicts are those of docs/api.md and docs/analyses.md for the gallery's spy and
// recommender (its "asleep" variant).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { waitForRun, tableRows, withPage } from './helpers.mjs';
import { actualCauseText } from '../../web/src/kinds/scim/intention/causes.js';

async function download(page, button) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
  const text = Buffer.concat(await (await file.createReadStream()).toArray()).toString();
  return { name: file.suggestedFilename(), text };
}

async function witness(page, setting) {
  return (await page.textContent(`#actual-cause-table tbody[data-setting="${setting}"] td.witness`)).trim();
}

test("an actual cause's witness in words, with variables held and several causes", () => {
  assert.equal(
    actualCauseText({
      causes: { D: 'east' },
      outcomes: { T: 'east' },
      actual_cause: true,
      witness: {
        held: {},
        alternative: { D: 'west' },
        outcomes: { T: 'west' },
      },
    }),
    'Yes: had D been west, with nothing held fixed, T would have been west.',
  );
  assert.equal(
    actualCauseText({
      causes: { D1: 'a', D2: 'b' },
      outcomes: { O: 1 },
      actual_cause: true,
      witness: {
        held: { X: 'x', Y: 2 },
        alternative: { D1: 'c', D2: 'd' },
        outcomes: { O: 0 },
      },
    }),
    'Yes: had D1 been c and D2 been d, with X = x and Y = 2 held at their actual values, O would have been 0.',
  );
  assert.equal(
    actualCauseText({
      causes: { D1: 'a', D2: 'b' },
      outcomes: { O: 1 },
      actual_cause: false,
    }),
    'No: D1 = a and D2 = b is not an actual cause of O = 1 here. No other choice of D1, D2 changes O ' +
      'with any variables held at their actual values, or a part of the causes already does.',
  );
});

test('spy: the signal is an actual cause where it arrives; recommender (asleep): H&KW intend H = asleep', async () => {
  await withPage(async (page, browser) => {
    await page.click('#open-gallery');
    await page.click('.example-card[data-example="intention/spy"]');
    await waitForRun(page);
    await page.click('#tab-intention');
    await page.click('#intention-run');
    await waitForRun(page);
    await page.waitForSelector('#hkw-bring-about');
    // The outcome asked about: the intended variable T.
    assert.equal(await page.inputValue('#causes-outcome'), 'T');
    assert.equal(
      (await page.textContent('#actual-cause-summary')).trim(),
      "Under 'truthful', D is an actual cause of T in 2 of 6 settings.",
    );
    const rows = await page.$$eval('#actual-cause-table tbody tr.verdict', (trs) =>
      trs.map((tr) => [...tr.children].map((td) => td.textContent)),
    );
    assert.deepEqual(rows[0], ['0', '0.4', 'east', 'received', 'east', 'east', '✓', '✓ east']);
    assert.deepEqual(rows[1], ['1', '0.05', 'east', 'lost_east', 'east', 'east', '—', '—']);
    assert.equal(
      await witness(page, 0),
      'Yes: had D been west, with nothing held fixed, T would have been west.',
    );
    assert.equal(
      await witness(page, 1),
      'No: D = east is not an actual cause of T = east here. No other value of D changes T with ' +
        'any variables held at their actual values.',
    );
    // H&KW on the spy agree with the subjective verdicts.
    assert.deepEqual((await tableRows(page, '#hkw-bring-about')).slice(1), [
      ['east', '0.5', '0.5 (best)', '✓ intended, relative to 3 alternatives', 'intended in setting 0'],
      ['west', '0.5', '0.5 (best)', '✓ intended, relative to 3 alternatives', 'intended in setting 3'],
    ]);
    assert.match(
      await page.textContent('#hkw-difference'),
      /in every setting at once.*only in the settings needed/,
    );

    // The section's CSV, and the JSON export.
    const csv = await download(page, '#actual-cause-csv');
    assert.equal(csv.name, 'spy-intending-outcomes-in-settings-actual-cause-t.csv');
    const lines = csv.text.trim().split('\r\n');
    assert.equal(
      lines[0],
      'policy,setting,probability,noise_X,noise_T,D,T,actual_cause,witness_held,witness_alternative,witness_outcomes',
    );
    assert.equal(lines[1], 'truthful,0,0.4,east,received,east,east,true,,D=west,T=west');
    assert.equal(lines.length, 7);
    const json = JSON.parse((await download(page, '#export-json')).text);
    assert.deepEqual(json.causes_query, { policy: 'truthful', outcome: 'T' });
    assert.equal(json.actual_cause.analysis, 'actual_cause');
    assert.equal(json.hkw_intention.analysis, 'hkw_intention');

    // The recommender whose user may fall asleep, under 'addict'. Changing the model reruns with the
    // Intention tab open.
    await page.click('#open-gallery');
    await page.click('.example-card[data-example="intention/recommender"]');
    await waitForRun(page);
    await page.selectOption('#model-picker', 'asleep');
    await waitForRun(page);
    if ((await page.inputValue('#intention-policy')) !== 'addict') {
      await page.selectOption('#intention-policy', 'addict');
      await waitForRun(page);
    }
    await page.waitForFunction(() =>
      /'addict'/.test(document.querySelector('#actual-cause-summary')?.textContent),
    );
    assert.equal(await page.inputValue('#causes-outcome'), 'H');
    // H&KW intend to bring about H = asleep, which the recommender cannot influence, and not
    // H = watch, which it causes; subjective intention says the opposite.
    assert.deepEqual((await tableRows(page, '#hkw-bring-about')).slice(1), [
      ['watch', '0.8', '1', '— (not the best outcome to fix)', 'intended in settings 0 and 2'],
      ['asleep', '0.2', '2 (best)', '✓ intended, relative to 5 alternatives', 'not intended in any setting'],
    ]);
    assert.deepEqual(
      await page.$$eval('#hkw-bring-about tr.hkw-intended', (trs) => trs.map((tr) => tr.dataset.value)),
      ['asleep'],
    );
    const influence = (await tableRows(page, '#hkw-influence')).slice(1);
    assert.deepEqual(influence[0], [
      'always_comedy',
      '0.8',
      '✓ Y = {H}: with it fixed in every setting, π̂ would get 1.2 ≥ 1.2',
      'H = watch in setting 2',
    ]);
    assert.deepEqual(influence[1], ['help', '1.2', '—', 'not intended relative to it']);
    // Where the user falls asleep the decision is no actual cause of H.
    assert.equal(
      (await page.textContent('#actual-cause-summary')).trim(),
      "Under 'addict', D is an actual cause of H in 2 of 4 settings.",
    );
    assert.equal(
      await witness(page, 0),
      'Yes: had D been drama, with nothing held fixed, H would have been not_watch.',
    );
    assert.match(await witness(page, 1), /^No: D = addictive is not an actual cause of H = asleep here\./);

    // Another outcome: X comes before the decision, which causes nothing of it.
    await page.selectOption('#causes-outcome', 'X');
    await waitForRun(page);
    await page.waitForFunction(() =>
      / of X in 0 of 4 settings/.test(document.querySelector('#actual-cause-summary')?.textContent),
    );
    assert.match(await page.textContent('#hkw-bring-about'), /X cannot be intended \(Theorem 17\)/);
    assert.deepEqual(browser.errors, []);
  });
});
