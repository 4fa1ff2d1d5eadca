// Runs the wasm benchmark harness (build/wasm/motive_wasm_bench.js, wasm/bench_main.cc) in headless
// Chromium, the engine the page runs on, and prints its table as `node motive_wasm_bench.js` does:
//
//   node scripts/bench-browser.mjs [harness arguments...]      (scripts/bench.sh --browser)
//
// The harness runs on the page's main thread of an empty page; its lines come back through a binding.
// A browser has no process CPU time: the harness's --cpu-time falls back to the wall clock there.
import { chromium } from '../web/node_modules/playwright-core/index.mjs';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const harness = readFileSync(path.join(repo, 'build/wasm/motive_wasm_bench.js'), 'utf8');
const profile = mkdtempSync(path.join(tmpdir(), 'motive-bench-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
let code = 1;
try {
  const page = context.pages()[0] || (await context.newPage());
  let exited;
  const exit = new Promise((resolve) => (exited = resolve));
  page.on('pageerror', (error) => {
    process.stderr.write(`bench-browser: ${error.message}\n`);
    exited(1);
  });
  await page.exposeFunction('motiveBenchOut', (line) => process.stdout.write(`${line}\n`));
  await page.exposeFunction('motiveBenchErr', (line) => process.stderr.write(`${line}\n`));
  await page.exposeFunction('motiveBenchExit', (status) => exited(status));
  await page.evaluate((args) => {
    window.Module = {
      arguments: args,
      print: (line) => window.motiveBenchOut(line),
      printErr: (line) => window.motiveBenchErr(line),
      onExit: (status) => window.motiveBenchExit(status),
    };
  }, process.argv.slice(2));
  const version = context.browser()?.version() ?? (await page.evaluate(() => navigator.userAgent));
  process.stderr.write(`bench-browser: ${version}\n`);
  await page.addScriptTag({ content: harness });
  code = await exit;
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
process.exit(code);
