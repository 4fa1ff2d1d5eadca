// Builds the page into one self-contained file, web/dist/index.html: scripts, styles, the examples
// and the wasm engine (inlined in the Emscripten SINGLE_FILE module) all end up inside it, so the
// page works from file:// and from any static host without a single request leaving it.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { defineConfig } from 'vite';
import { viteSingleFile } from 'vite-plugin-singlefile';

const webDir = path.dirname(fileURLToPath(import.meta.url));
const repoDir = path.resolve(webDir, '..');
// MOTIVE_WASM_MODULE may name another build of the module (say, a debug build).
const wasmModule = path.resolve(
  process.env.MOTIVE_WASM_MODULE || path.join(repoDir, 'build/wasm/motive_wasm.js'),
);

// The engine module is built by scripts/build-wasm.sh; without it the page has no engine, so the
// build stops with a message that says what to do.
function requireWasmModule() {
  return {
    name: 'motive-require-wasm-module',
    buildStart() {
      if (!existsSync(wasmModule)) {
        this.error(
          `Missing ${path.relative(repoDir, wasmModule)}: the engine is not built. ` +
            'Run scripts/build-wasm.sh first.',
        );
      }
    },
  };
}

// The built page's Content Security Policy: no request leaves the page (nothing but inline scripts
// and styles, blob: workers, blob:/data: images for the PNG export), and no eval, except that the
// wasm module may be compiled. Only the build gets it: the dev server needs its own client script.
const CSP = [
  "default-src 'none'",
  "script-src 'unsafe-inline' 'wasm-unsafe-eval' blob:",
  'worker-src blob:',
  "style-src 'unsafe-inline'",
  'img-src blob: data:',
  'connect-src blob: data:',
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

function contentSecurityPolicy() {
  return {
    name: 'motive-content-security-policy',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP },
        injectTo: 'head-prepend',
      },
    ],
  };
}

// The engine (the wasm module with its worker glue, about 3 MB) travels as a data block at the very
// end of the page, `<script type="text/plain" id="motive-engine-source">`, which app/engine.js reads
// once the page is parsed; it is not part of the page's script. And the page's script moves from the
// head to the end of the body, `async`, so it runs as soon as it has arrived. So on a slow line the
// page paints, and its editor shows the first example, while the engine is still on its way.
const ENGINE_BLOCK_ID = 'motive-engine-source';

function engineDataBlock() {
  const source = () => {
    const text = `${readFileSync(wasmModule, 'utf8')}\n${readFileSync(path.join(repoDir, 'wasm/worker.js'), 'utf8')}`;
    if (/<\/script/i.test(text))
      throw new Error('the engine source holds "</script": it cannot be a data block');
    return text;
  };
  return {
    name: 'motive-engine-data-block',
    transformIndexHtml: () => [
      {
        tag: 'script',
        attrs: { type: 'text/plain', id: ENGINE_BLOCK_ID },
        children: source(),
        injectTo: 'body',
      },
    ],
  };
}

// After vite-plugin-singlefile has inlined the page's script into the head: move it to the end of the
// body (before the engine's data block), async.
function scriptAfterBody() {
  return {
    name: 'motive-script-after-body',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const asset of Object.values(bundle)) {
          if (!asset.fileName.endsWith('.html') || typeof asset.source !== 'string') continue;
          const html = asset.source;
          const start = html.indexOf('<script type="module"');
          const end = html.indexOf('</script>', start);
          const block = html.indexOf(`<script type="text/plain" id="${ENGINE_BLOCK_ID}"`);
          if (start < 0 || end < 0 || block < 0 || start > block) {
            this.error('motive-script-after-body: the page script or the engine block is not where expected');
          }
          const script = html
            .slice(start, end + '</script>'.length)
            .replace('<script type="module"', '<script type="module" async');
          const rest = html.slice(0, start) + html.slice(end + '</script>'.length);
          const at = rest.indexOf(`<script type="text/plain" id="${ENGINE_BLOCK_ID}"`);
          asset.source = `${rest.slice(0, at)}${script}\n${rest.slice(at)}`;
        }
      },
    },
  };
}

export default defineConfig({
  root: webDir,
  base: './',
  resolve: {
    alias: [
      { find: /^motive-wasm-module(?=$|\?)/, replacement: wasmModule },
      { find: /^motive-wasm\//, replacement: `${path.join(repoDir, 'wasm')}/` },
    ],
  },
  server: { fs: { allow: [repoDir] } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 20000,
  },
  plugins: [
    requireWasmModule(),
    contentSecurityPolicy(),
    engineDataBlock(),
    viteSingleFile(),
    scriptAfterBody(),
  ],
});
