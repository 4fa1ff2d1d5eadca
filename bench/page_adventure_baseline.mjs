// Times the exact random baseline of every shipped adventure (examples/adventures/) in the page:
// the goal is under 50 ms each. A report, not a test (timings depend on the machine):
//
//   node bench/page_adventure_baseline.mjs        (after scripts/build-wasm.sh and npm --prefix web run build)
//
// Two figures per game, each the fastest and the median of several runs in headless Chromium:
//   page     the built page (web/dist/index.html): the All analyses tab's "baseline" with one sampled
//            episode, from the Run analysis click until its result is drawn (the worker reads the
//            game, builds its state graph, solves the baseline exactly, and the page draws the reply);
//   engine   Chromium's wasm without the page: one "scores" request for the random agent alone (read
//            the game, then the exact baseline), beside a "describe" request (reading, and writing
//            every scene's text and annotation back).
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import {
  openBrowser,
  repoDir,
  pageUrl,
  waitForRun,
} from "../tests/web/helpers.mjs";

const RUNS = 15;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
// The machine may be shared: the fastest run says what the work costs, the median what a user may wait.
const spread = (xs) =>
  `${Math.min(...xs).toFixed(1)} / ${median(xs).toFixed(1)} ms`;
const games = readdirSync(path.join(repoDir, "examples/adventures"))
  .filter((f) => f.endsWith(".jsonc"))
  .map((f) => f.replace(/\.jsonc$/, ""));

const browser = await openBrowser();
const rows = [];
try {
  const { page } = browser;

  // The engine alone, in Chromium's wasm.
  await page.goto("about:blank");
  await page.addScriptTag({
    path: path.join(repoDir, "build/wasm/motive_wasm.js"),
  });
  const engineTimes = {};
  for (const id of games) {
    const model = readFileSync(
      path.join(repoDir, "examples/adventures", `${id}.jsonc`),
      "utf8",
    );
    engineTimes[id] = await page.evaluate(
      async ({ model, runs }) => {
        /* global createMotiveModule */
        const motive = await createMotiveModule();
        const time = (request) => {
          const text = JSON.stringify({ model, ...request });
          const out = [];
          let reply = null;
          for (let i = 0; i < runs; i++) {
            const t = performance.now();
            reply = JSON.parse(motive.request(text));
            out.push(performance.now() - t);
          }
          if (!reply.ok) throw new Error(JSON.stringify(reply.diagnostics));
          return { times: out, reply };
        };
        const read = time({ analysis: "describe" });
        const exact = time({
          analysis: "scores",
          params: { agents: ["random"] },
        });
        return {
          read: read.times,
          exact: exact.times,
          states: read.reply.result.states,
        };
      },
      { model, runs: RUNS },
    );
  }

  // The page.
  await page.goto(pageUrl);
  await page.waitForSelector(".cm-content", { state: "attached" });
  for (const id of games) {
    await page.click("#open-gallery");
    await page.click(`.example-card[data-example="adventures/${id}"]`);
    await waitForRun(page, 60000);
    await page.click("#tab-analyses");
    await page.selectOption("#analysis-picker", "baseline");
    await page.fill("#param-baseline-episodes", "1");
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      times.push(
        await page.evaluate(
          () =>
            new Promise((resolve) => {
              const body = document.querySelector(".results-body");
              const start = performance.now();
              // The session is over when the tab is drawn with Run enabled again (it is disabled from
              // the click until the reply has been stored and drawn).
              const observer = new MutationObserver(() => {
                if (
                  document.getElementById("analysis-result") &&
                  !document.getElementById("run").disabled
                ) {
                  observer.disconnect();
                  resolve(performance.now() - start);
                }
              });
              observer.observe(body, { childList: true, subtree: true });
              document.getElementById("analysis-run").click();
            }),
        ),
      );
      await waitForRun(page);
    }
    const e = engineTimes[id];
    rows.push({
      game: id,
      states: e.states,
      page: spread(times),
      engine: spread(e.exact),
      read: spread(e.read),
    });
  }
} finally {
  await browser.close();
}

console.log(`fastest / median of ${RUNS} runs`);
console.log(
  "| game | states | page: baseline, click to result | engine: read + exact baseline | engine: describe |",
);
console.log("| --- | --- | --- | --- | --- |");
for (const r of rows)
  console.log(
    `| ${r.game} | ${r.states} | ${r.page} | ${r.engine} | ${r.read} |`,
  );
