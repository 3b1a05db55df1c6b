// A static file server on a free loopback port for e2e pages: serves only the folders
// the pages need (dist/ and e2e/pages/ of the repo root by default), never a dotfile,
// and lets a test add headers (CSP) per request. Plain JS so the Playwright specs and
// the WebKit runner (plain Node) share it.
import { readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.pem': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** What the e2e pages load: the built scripts and the pages themselves. */
export const SERVED_FOLDERS = Object.freeze(['dist', 'e2e/pages']);

/**
 * The file a request target names, relative to the root, or the status refusing it:
 * 400 for a target that is neither a path nor an http:// URL (a proxy's request), or not decodable, 404 for anything outside
 * `folders`, a dot segment (`.`, `..`, `.git`, `.env`), an empty or encoded-slash segment.
 */
export function servedPath(target, folders) {
  // Absolute form (`http://shop.test:1234/e2e/…`): a browser using this server as its HTTP
  // proxy, how Firefox ESR and WebKitGTK reach the made-up insecure host. Its path is served.
  if (typeof target === 'string' && /^http:\/\/[^/?#]*/.test(target)) target = target.replace(/^http:\/\/[^/?#]*/, '') || '/';
  if (typeof target !== 'string' || !target.startsWith('/')) return { status: 400 };
  const segments = [];
  for (const raw of target.split(/[?#]/)[0].slice(1).split('/')) {
    let segment;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return { status: 400 };
    }
    if (segment === '' || segment.startsWith('.') || /[/\\\0]/.test(segment)) return { status: 404 };
    segments.push(segment);
  }
  const path = segments.join('/');
  return folders.some((folder) => path.startsWith(`${folder}/`)) ? { path } : { status: 404 };
}

export async function startStaticServer(root, headers = () => ({}), folders = SERVED_FOLDERS) {
  const server = createServer((request, response) => {
    const { path, status } = servedPath(request.url, folders);
    if (status) return void response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(status === 400 ? 'bad request target' : 'not found');
    const file = join(root, path);
    try {
      if (!statSync(file).isFile()) throw new Error('not a file');
    } catch {
      return void response.writeHead(404).end('not found');
    }
    // Read and sent in the handler's own tick, not streamed: a client that half-closes right after
    // its request (Node's server then ends the socket) still gets the answer, not a closed socket.
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', ...headers(request) });
    response.end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    // Keep-alive connections from a browser would otherwise hold close() open.
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
