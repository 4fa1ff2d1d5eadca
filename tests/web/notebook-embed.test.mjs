// A model shown in a notebook (python/motive/display.py, Model._repr_html_): the built page inlined in
// an iframe's srcdoc opens in embed mode on the model it is given (window.MOTIVE_LOCATION), with no
// error. Needs the Python package of the native build (build/native/python); skipped without it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openBrowser, repoDir } from './helpers.mjs';

const packageDir = path.join(repoDir, 'build/native/python');
const built = existsSync(path.join(packageDir, 'motive/__init__.py'));

test(
  'a notebook shows the model in the page in embed mode',
  { skip: !built && 'the Python package is not built' },
  async () => {
    const model = path.join(repoDir, 'examples/games/stag-hunt-opportunist.jsonc');
    const shown = execFileSync(
      '/usr/bin/python3',
      ['-c', 'import motive, sys; print(motive.load(sys.argv[1])._repr_html_())', model],
      {
        env: {
          ...process.env,
          PYTHONPATH: packageDir,
          MOTIVE_PAGE: path.join(repoDir, 'web/dist/index.html'),
        },
        maxBuffer: 64 << 20,
      },
    ).toString();
    assert.match(shown, /^<iframe/);
    const folder = mkdtempSync(path.join(tmpdir(), 'motive-notebook-'));
    const file = path.join(folder, 'output.html');
    writeFileSync(file, `<!doctype html><html><body>${shown}</body></html>`);
    const browser = await openBrowser();
    try {
      await browser.page.goto(pathToFileURL(file).href);
      const frame = browser.page.frames()[1];
      await frame.waitForFunction(() => document.body.classList.contains('embed'), null, {
        timeout: 30000,
      });
      await frame.waitForFunction(
        () => document.body.innerText.includes('Stag hunt with an opportunist'),
        null,
        {
          timeout: 30000,
        },
      );
      assert.match(await frame.evaluate(() => document.body.innerText), /opportunist/);
      assert.deepEqual(browser.errors, []);
    } finally {
      await browser.close();
      rmSync(folder, { recursive: true, force: true });
    }
  },
);
