// Dropping files on the editor (web/src/editor/drop.js): a file in another format is imported by the
// engine ({"analysis": "import"}) and the model it makes replaces the text; a mistake in it is named
// at its line and column; a Motive model file loads as it is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoDir, example, withPage } from './helpers.mjs';

function formatsFile(name) {
  return { name: path.basename(name), text: readFileSync(path.join(repoDir, 'tests/formats', name), 'utf8') };
}

// Drops files on the editor as a user's drag from the desktop does: a drop event carrying Files.
async function dropFiles(page, files) {
  await page.evaluate((list) => {
    const transfer = new DataTransfer();
    for (const f of list) transfer.items.add(new File([f.text], f.name, { type: 'text/plain' }));
    const target = document.querySelector('.cm-content');
    target.dispatchEvent(
      new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }),
    );
    target.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, files);
}

const editorText = (page) => page.evaluate(() => document.querySelector('.cm-content').innerText);

test('a dropped BIF file is imported and its model replaces the text', async () => {
  await withPage(async (page, { errors }) => {
    await dropFiles(page, [formatsFile('dog-problem.bif')]);
    await page.waitForFunction(() => document.querySelector('.cm-content').innerText.includes('"dog_out"'));
    const text = await editorText(page);
    assert.match(text, /"kind": "scim"/);
    // The file's numbers are in the model: P(family-out = true) = 0.15.
    assert.match(text, /0\.15/);
    assert.match(await page.textContent('#model-origin'), /dog-problem\.bif \(imported from bif\)/);
    // Names that are not identifiers were changed, and the page says so.
    assert.match(await page.textContent('#toast'), /Imported: .*dog_out/);
    // The imported model reads: the graph shows its variables.
    await page.waitForFunction(() => document.querySelector('#graph')?.textContent.includes('hear_bark'));
    assert.deepEqual(errors, []);
  });
});

test('a ChoiceScript game dropped as its files becomes an adventure', async () => {
  await withPage(async (page) => {
    const files = ['startup.txt', 'storm.txt', 'annotations.json'].map((f) => formatsFile(`lighthouse/${f}`));
    await dropFiles(page, files);
    await page.waitForFunction(() => document.querySelector('.cm-content').innerText.includes('"adventure"'));
    assert.match(await editorText(page), /The Lighthouse Keeper/);
    assert.match(await page.textContent('#model-origin'), /3 files \(imported from choicescript\)/);
  });
});

test('a mistake in a dropped file is named at its line and column, and the text is kept', async () => {
  await withPage(async (page) => {
    const before = await editorText(page);
    const bad =
      'network n {}\nvariable A { type discrete [ 2 ] { a1, a2 }; }\nprobability ( A ) {\n  table 0.5, 0.5\n}\n';
    await dropFiles(page, [{ name: 'n.bif', text: bad }]);
    await page.waitForFunction(() => !document.getElementById('toast').hidden);
    assert.match(await page.textContent('#toast'), /Nothing was imported: n\.bif:5:1: /);
    assert.equal(await editorText(page), before);
  });
});

test('a dropped Motive model loads as it is', async () => {
  await withPage(async (page) => {
    const text = example('games/stag-hunt-opportunist');
    await dropFiles(page, [{ name: 'stag.jsonc', text }]);
    await page.waitForFunction(() => document.querySelector('.cm-content').innerText.includes('opportunist'));
    assert.match(await page.textContent('#model-origin'), /stag\.jsonc/);
  });
});
