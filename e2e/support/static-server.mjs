// A static file server on a free loopback port for e2e pages: serves the repo root
// (dist/, e2e/pages/) and lets a test add headers (CSP) per request. Plain JS so the
// Playwright specs and the WebKit runner (plain Node) share it.
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.pem': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
};

export async function startStaticServer(root, headers = () => ({})) {
  const server = createServer((request, response) => {
    const file = join(root, normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)));
    if (!file.startsWith(root)) return void response.writeHead(403).end();
    try {
      if (!statSync(file).isFile()) throw new Error('not a file');
    } catch {
      return void response.writeHead(404).end('not found');
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', ...headers(request) });
    createReadStream(file).pipe(response);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    // Keep-alive connections from a browser would otherwise hold close() open.
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
