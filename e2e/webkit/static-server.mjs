// The repo root over http on a free loopback port, for the WebKit pages (the
// Playwright side uses e2e/support/static-server.ts; this runner is plain Node).
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

export async function serveRoot(root) {
  const server = createServer(async (request, response) => {
    const file = join(root, normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)));
    if (!file.startsWith(root)) return void response.writeHead(403).end();
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      response.writeHead(404).end('not found');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
