// Shared helpers of the page tests: start headless Chromium on web/dist/index.html (from file://,
// as a user opens it), build share links, and read what the page shows.
import { chromium } from '../../web/node_modules/playwright-core/index.mjs';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { deflateRawSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoDir = path.resolve(here, '../..');
export const pagePath = path.join(repoDir, 'web/dist/index.html');
export const pageUrl = pathToFileURL(pagePath).href;
const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';

if (!existsSync(pagePath)) {
  throw new Error(`${pagePath} is missing: build the page first (cd web && npm run build)`);
}

export function fixture(name) {
  return readFileSync(path.join(here, 'fixtures', name), 'utf8');
}

export function example(id) {
  return readFileSync(path.join(repoDir, 'examples', `${id}.jsonc`), 'utf8');
}

// The engine the page runs (build/wasm/motive_wasm.js under Node; MOTIVE_WASM_MODULE may name another
// build of the module, as for the page build, web/vite.config.js): the tests' own source of the values
// the page must show. Returns {engine, ask}: ask(model, analysis, params) is the result of the reply,
// and fails the test unless the reply is ok. Loaded only by the tests that call it.
export async function loadEngine() {
  const require = createRequire(import.meta.url);
  const engine = await require(
    process.env.MOTIVE_WASM_MODULE || path.join(repoDir, 'build/wasm/motive_wasm.js'),
  )();
  function ask(model, analysis, params = {}) {
    const reply = JSON.parse(engine.request(JSON.stringify({ model, analysis, params })));
    assert.equal(reply.ok, true, JSON.stringify(reply.diagnostics));
    return reply.result;
  }
  return { engine, ask };
}

// A share link as the page makes it: raw DEFLATE, base64url, in the hash.
export function shareHash(text) {
  return `#model=${deflateRawSync(Buffer.from(text, 'utf8')).toString('base64url')}`;
}

// Starts a browser with a fresh profile. Returns {context, page, errors, close}; `errors` collects
// console errors and uncaught exceptions of the page and its workers.
export async function openBrowser({ colorScheme = 'light', viewport = { width: 1440, height: 900 } } = {}) {
  const profile = mkdtempSync(path.join(tmpdir(), 'motive-web-test-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-gpu',
      '--allow-file-access-from-files',
    ],
    colorScheme,
    viewport,
    acceptDownloads: true,
  });
  const errors = [];
  const requests = [];
  context.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith('file:') && !url.startsWith('blob:') && !url.startsWith('data:')) requests.push(url);
  });
  const page = context.pages()[0] || (await context.newPage());
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('worker', (worker) => {
    worker.on('console', (message) => {
      if (message.type() === 'error') errors.push(`worker: ${message.text()}`);
    });
  });
  return {
    context,
    page,
    errors,
    requests,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

// Opens the page (the built file, or `url`) in a fresh browser, waits for the editor, runs
// fn(page, browser) and closes the browser whatever happens. Options go to openBrowser.
export async function withPage(fn, { url = pageUrl, ...options } = {}) {
  const browser = await openBrowser(options);
  try {
    await browser.page.goto(url);
    await browser.page.waitForSelector('.cm-content', { state: 'attached' });
    await fn(browser.page, browser);
  } finally {
    await browser.close();
  }
}

// Replaces the editor's text as a paste would (one input, no auto-closing brackets).
export async function setEditorText(page, text) {
  await page.click('.cm-content');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

// Waits until a run has finished (the Run button is enabled and no progress is shown), once the page
// has loaded its first model (and started its run: before that, nothing runs and Run is enabled).
export async function waitForRun(page, timeout = 60000) {
  await page.waitForFunction(
    () =>
      document.body.dataset.started === 'true' &&
      !document.getElementById('run').disabled &&
      document.getElementById('run-status').hidden,
    null,
    { timeout },
  );
}

// Cancels the work under way as soon as it reports progress: one check, in the page, that the progress
// bar is shown with a percentage while Run waits, and the Cancel button pressed in the same step (no
// pointer: on a loaded machine a bar can move or close between a look and a click, and the click then
// lands on whatever is under it). The progress label alone is not enough: it keeps its last text
// after the work ends. Returns once the page has finished.
export async function cancelWhenRunning(page, timeout = 30000) {
  await page.waitForFunction(
    () => {
      const status = document.getElementById('run-status');
      const running =
        !status.hidden &&
        /\d+%/.test(document.getElementById('progress-label').textContent) &&
        document.getElementById('run').disabled;
      if (running) document.getElementById('cancel').click();
      return running;
    },
    null,
    { timeout, polling: 10 },
  );
  await waitForRun(page, 10000);
}

// The rows of a table as arrays of cell texts (header row first).
export async function tableRows(page, selector) {
  return page.$$eval(`${selector} tr`, (rows) =>
    rows.map((row) => [...row.children].map((cell) => cell.textContent.trim())),
  );
}
