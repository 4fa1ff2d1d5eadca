#!/usr/bin/env node
// A small static file server for the built page: node scripts/serve.mjs [FOLDER] [PORT]
// (defaults: web/dist, 8080). Serves only files under FOLDER, on localhost; if the port is taken it
// tries the next ones. Set HOST to listen elsewhere than 127.0.0.1.
import { createServer } from 'node:http';
import { createReadStream, existsSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const folder = path.resolve(process.argv[2] || 'web/dist');
const firstPort = Number(process.argv[3] || process.env.PORT || 8080);
const host = process.env.HOST || '127.0.0.1';

if (!existsSync(folder) || !statSync(folder).isDirectory()) {
  console.error(`serve: ${folder} is not a folder (build the page first: npm --prefix web run build)`);
  process.exit(1);
}
const rootDir = realpathSync(folder);

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.jsonc': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.pdf': 'application/pdf',
};

function send(res, status, text) {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

// The file under rootDir that a URL path names, or null if it names nothing there.
function resolveFile(urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  let file = path.resolve(rootDir, '.' + path.posix.normalize('/' + decoded));
  if (!existsSync(file)) return null;
  if (statSync(file).isDirectory()) file = path.join(file, 'index.html');
  if (!existsSync(file)) return null;
  // Symbolic links must not lead out of the folder either.
  const real = realpathSync(file);
  if (real !== rootDir && !real.startsWith(rootDir + path.sep)) return null;
  return statSync(real).isFile() ? real : null;
}

const server = createServer((req, res) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    return send(res, 405, 'Method not allowed\n');
  }
  const urlPath = (req.url || '/').split('?')[0].split('#')[0];
  const file = resolveFile(urlPath);
  if (!file) return send(res, 404, 'Not found\n');
  const type = types[path.extname(file).toLowerCase()] || 'application/octet-stream';
  res.writeHead(200, {
    'Content-Type': type,
    'Content-Length': statSync(file).size,
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  });
  if (req.method === 'HEAD') return res.end();
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
});

let port = firstPort;
const lastPort = firstPort + 20;
server.on('error', (error) => {
  if (error.code === 'EADDRINUSE' && port < lastPort) {
    console.error(`serve: port ${port} is busy, trying ${port + 1}`);
    port += 1;
    server.listen(port, host);
  } else if (error.code === 'EADDRINUSE') {
    // Every port tried is busy: let the system pick one.
    port = 0;
    server.listen(0, host);
  } else {
    console.error(`serve: ${error.message}`);
    process.exit(1);
  }
});
server.on('listening', () => {
  const { port: actual } = server.address();
  const shown = host === '127.0.0.1' || host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  console.log(`Motive playground: http://${shown}:${actual}/`);
  const index = path.join(rootDir, 'index.html');
  if (existsSync(index)) console.log(`Or open the file directly: ${pathToFileURL(index).href}`);
  console.log('Press Ctrl+C to stop.');
});
server.listen(port, host);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => process.exit(0));
}
