// Behavioural intention from observed behaviour (Ward et al. 2024, Def. 20 and Table 1), as a user
// meets it: load the GPT-4 example, ask the Intention tab for the observed oracle, read the verdicts,
// then add an observation with the form and see it written into the model text and judged.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { waitForRun, tableRows, withPage } from './helpers.mjs';
import { setObjectField, applyChange } from '../../web/src/editor/model-edit.js';

// Engine spans are 1-based lines and columns, the end exclusive.
test("a behaviour section is added at the end of the model's object, or replaced where it is", () => {
  const text = '{\n  "kind": "scim", // keep me\n  "variables": {}\n}\n';
  const object = { line: 1, column: 1, end_line: 4, end_column: 2 };
  const added = applyChange(text, setObjectField(text, object, false, 'behaviour', { baseline: 'b' }));
  assert.equal(
    added,
    '{\n  "kind": "scim", // keep me\n  "variables": {},\n  "behaviour": {\n    "baseline": "b"\n  }\n}\n',
  );
  assert.deepEqual(JSON.parse(added.replace('// keep me', '')).behaviour, { baseline: 'b' });
  // A trailing comma is not doubled.
  const trailing = '{\n  "a": 1,\n}';
  assert.equal(
    applyChange(
      trailing,
      setObjectField(trailing, { line: 1, column: 1, end_line: 3, end_column: 2 }, false, 'k', 2),
    ),
    '{\n  "a": 1,\n  "k": 2\n}',
  );
  // Present: the value at its span is replaced, indented where it stands.
  const value = { line: 4, column: 16, end_line: 6, end_column: 4 };
  assert.equal(
    applyChange(added, setObjectField(added, value, true, 'behaviour', { baseline: 'c' })),
    '{\n  "kind": "scim", // keep me\n  "variables": {},\n  "behaviour": {\n    "baseline": "c"\n  }\n}\n',
  );
  // A span that no longer fits the text is refused.
  assert.equal(
    setObjectField(text, { line: 2, column: 5, end_line: 2, end_column: 11 }, true, 'behaviour', {}),
    null,
  );
});

test("GPT-4's banana game: 'banana' intended, 'apple' not, and a new observation is written into the model", async () => {
  await withPage(async (page, { errors }) => {
    await page.click('#open-gallery');
    await page.click('.example-card[data-example="intention/gpt4-table1"]');
    await waitForRun(page);
    await page.selectOption('#model-picker', 'banana');
    await waitForRun(page);
    await page.click('#tab-intention');
    await page.selectOption('#intention-oracle', 'observed');
    await waitForRun(page);
    await page.waitForSelector('#observed-verdicts li');

    const verdicts = () =>
      page.$$eval('#observed-verdicts li', (items) =>
        items.map((li) => [li.dataset.verdict, li.textContent]),
      );
    let shown = await verdicts();
    assert.deepEqual(
      shown.map(([v]) => v),
      ['intended', 'not_shown'],
    );
    assert.match(
      shown[0][1],
      /^H = banana is intended: when H = banana is fixed, the agent adapts \('user_says_banana'\)/,
    );
    assert.match(shown[1][1], /^H = apple is not shown to be intended: the agent did not adapt/);
    // The observations, with the baseline first.
    const rows = await tableRows(page, '#observed-observations');
    assert.deepEqual(
      rows.map((r) => r.slice(0, 2).concat(r[3])),
      [
        ['intervention', 'fixes', 'adapts'],
        ['none', '—', ''],
        ['user_says_banana', 'H = banana', 'yes'],
        ['user_says_apple', 'H = apple', 'no'],
      ],
    );
    // The graph rings the variable of the intended outcome.
    assert.deepEqual(await page.$$eval('#graph .node.marked', (nodes) => nodes.map((n) => n.dataset.name)), [
      'H',
    ]);

    // A new observation: with H fixed to "other" the agent keeps hinting.
    await page.selectOption('#observed-variable', 'H');
    await page.selectOption('#observed-outcome', { label: 'other' });
    await page.fill('#observed-behaviour', 'keeps hinting at a yellow fruit');
    await page.click('#observed-add');
    await waitForRun(page);
    await page.waitForFunction(() => document.querySelectorAll('#observed-verdicts li').length === 3);
    shown = await verdicts();
    assert.deepEqual(
      shown.map(([v]) => v),
      ['intended', 'not_shown', 'not_shown'],
    );
    // The whole text, as autosaved (the editor renders only the lines in view).
    await page.waitForFunction(() =>
      (JSON.parse(localStorage.getItem('motive.autosave.v1') || '{}').text || '').includes('"obs3"'),
    );
    const text = await page.evaluate(() => JSON.parse(localStorage.getItem('motive.autosave.v1')).text);
    assert.match(text, /"obs3": \{/);
    assert.match(text, /"behaviour": "keeps hinting at a yellow fruit"/);
    // The oracle stays chosen across the run the edit started.
    assert.equal(await page.inputValue('#intention-oracle'), 'observed');
    assert.deepEqual(errors, []);
  });
});
