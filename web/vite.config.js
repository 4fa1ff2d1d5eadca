// Builds the page into one self-contained file, web/dist/index.html: scripts, styles, the examples
// and the wasm engine (inlined in the Emscripten SINGLE_FILE module) all end up inside it, so the
// page works from file:// and from any static host without a single request leaving it.
import { existsSync } from 'node:fs';
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
  plugins: [requireWasmModule(), contentSecurityPolicy(), viteSingleFile()],
});
