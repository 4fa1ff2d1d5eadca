#!/usr/bin/env node
// How soon the page shows something on a slow line: serves a built page (default web/dist) on
// localhost with scripts/serve.mjs, opens it in headless Chromium with the network throttled through
// the DevTools protocol (default 10 Mbit/s down, 20 ms latency; the server sends the file as it is, not
// compressed), and reports, as the median of N fresh loads:
//   first paint         the first contentful paint (performance's "paint" entries)
//   editor              when the model text is in the editor
//   first result        when the first example's results are drawn (Run pressed at once where the
//                       page asks for it)
//   node scripts/first-paint.mjs [--dist web/dist] [--mbit 10] [--runs 3]
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '../web/node_modules/playwright-core/index.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const dist = path.resolve(option('dist', path.join(repo, 'web/dist')));
const mbit = Number(option('mbit', 10));
const runs = Number(option('runs', 3));
const port = 18000 + Math.floor(Math.random() * 1000);

const server = spawn(process.execPath, [path.join(repo, 'scripts/serve.mjs'), dist, String(port)], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise((resolve, reject) => {
  server.stdout.on('data', (chunk) => {
    const m = /http:\/\/[^\s]+/.exec(String(chunk));
    if (m) resolve(m[0]);
  });
  server.on('exit', () => reject(new Error('the server stopped')));
});

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = { paint: [], editor: [], result: [] };
try {
  for (let i = 0; i < runs; i++) {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    });
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: (mbit * 1e6) / 8,
      uploadThroughput: (mbit * 1e6) / 16,
    });
    const start = Date.now();
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.querySelector('.cm-content')?.textContent.length > 10, null, {
      timeout: 120000,
      polling: 20,
    });
    const editor = Date.now() - start;
    // A page that asks for Run before its first result gets it pressed, as a user would, as soon as
    // the Run button can be pressed.
    const asks = await page
      .waitForFunction(
        () =>
          /Press Run/.test(document.querySelector('.results-body')?.textContent || '') &&
          !document.getElementById('run').disabled,
        null,
        { timeout: 3000, polling: 50 },
      )
      .then(() => true)
      .catch(() => false);
    if (asks) await page.click('#run');
    await page.waitForFunction(
      () =>
        document.querySelector('.results-body') &&
        !document.querySelector('.results-body .notice') &&
        document.querySelector('.results-body').textContent.length > 60 &&
        document.getElementById('run-status').hidden,
      null,
      { timeout: 180000, polling: 50 },
    );
    const result = Date.now() - start;
    const paint = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    );
    results.paint.push(paint);
    results.editor.push(editor);
    results.result.push(result);
    console.log(
      `run ${i + 1}: first paint ${Math.round(paint)} ms, editor ${editor} ms, first result ${result} ms`,
    );
    await browser.close();
  }
  console.log(
    `${path.relative(repo, dist) || dist} at ${mbit} Mbit/s, median of ${runs}: first paint ` +
      `${Math.round(median(results.paint))} ms, editor ${median(results.editor)} ms, first result ` +
      `${median(results.result)} ms`,
  );
} finally {
  server.kill();
}
