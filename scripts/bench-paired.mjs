// Times every workload natively and as wasm (under Node) in alternation, for scripts/bench.sh --paired:
//
//   node scripts/bench-paired.mjs ROUNDS OUT_DIR [harness arguments...]
//
// Both harnesses (wasm/bench_main.cc) start once, warm up, and serve (--serve): each workload is run
// on one and then the other, ROUNDS times, the side going first alternating, so that a workload's
// native and wasm times are taken seconds apart rather than minutes. On a shared machine whose speed
// drifts, that compares like with like; each side keeps its fastest round (noise only ever adds time).
// Writes OUT_DIR/native.txt and OUT_DIR/wasm.txt in the harness's own format, and prints each row.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [roundsText, outDir, ...args] = process.argv.slice(2);
const rounds = Number(roundsText);
if (!(rounds >= 1) || !outDir) {
  process.stderr.write('usage: node scripts/bench-paired.mjs ROUNDS OUT_DIR [harness arguments...]\n');
  process.exit(2);
}

// A harness serving commands: ask(command) resolves to the lines it printed before "end".
function serve(command, argv) {
  const child = spawn(command, [...argv, '--serve', ...args], {
    cwd: repo,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const queue = [];
  let waiting = null;
  let closed = false;
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (waiting) {
      const w = waiting;
      waiting = null;
      w(line);
    } else queue.push(line);
  });
  child.on('exit', (code) => {
    closed = true;
    if (waiting) waiting(null);
    if (code) process.stderr.write(`bench-paired: ${command} exited with ${code}\n`);
  });
  const next = () =>
    queue.length ? Promise.resolve(queue.shift()) : closed ? null : new Promise((r) => (waiting = r));
  return {
    async ask(line) {
      child.stdin.write(`${line}\n`);
      const out = [];
      for (;;) {
        const got = await next();
        if (got === null) throw new Error(`${command} stopped answering`);
        if (got === 'end') return out;
        out.push(got);
      }
    },
    close: () => child.stdin.end(),
  };
}

const sides = {
  native: serve(path.join(repo, 'build/native/motive_bench_plain'), []),
  // --no-liftoff: as scripts/bench.sh explains, the optimising tier from the start.
  wasm: serve(process.execPath, ['--no-liftoff', path.join(repo, 'build/wasm/motive_wasm_bench.js')]),
};
const headers = {};
const listed = {};
for (const [side, harness] of Object.entries(sides)) {
  const lines = await harness.ask('list');
  headers[side] = lines.filter((l) => l.startsWith('#') || l.startsWith('workload '));
  listed[side] = lines.filter((l) => !l.startsWith('#') && !l.startsWith('workload '));
}
const rows = listed.native.filter((name) => listed.wasm.includes(name));

// A row's lines: the row itself (its time per run in the fifth field, or FAILED) and its comments.
const time = (lines) => {
  const fields = (lines.find((l) => !l.startsWith('#')) || '').trim().split(/\s+/);
  return fields[1] === 'FAILED:' ? Infinity : Number(fields[4]);
};
const best = { native: {}, wasm: {} };
for (const row of rows) {
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? ['wasm', 'native'] : ['native', 'wasm'];
    for (const side of order) {
      const lines = await sides[side].ask(row);
      if (!best[side][row] || time(lines) < time(best[side][row])) best[side][row] = lines;
    }
  }
  const n = time(best.native[row]);
  const w = time(best.wasm[row]);
  process.stdout.write(
    `${row.padEnd(40)} ${n.toFixed(3).padStart(12)} ${w.toFixed(3).padStart(12)}` +
      `${(w / n).toFixed(2).padStart(8)}\n`,
  );
}
mkdirSync(outDir, { recursive: true });
for (const [side, harness] of Object.entries(sides)) {
  harness.close();
  const text = [...headers[side], ...rows.flatMap((row) => best[side][row])].join('\n');
  writeFileSync(path.join(outDir, `${side}.txt`), `${text}\n`);
}
