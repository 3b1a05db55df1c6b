// The HTTP server under both demo servers (merchant and sandbox): loopback only,
// short timeouts, and a request target that can never crash a handler.
import { createServer } from 'node:http';

/**
 * Node's defaults keep a slow request open for 300 s. A demo request is small (a
 * JSON body of at most 64 KiB), so a client gets 10 s for its headers and 20 s for
 * the whole request, then a 408 and the connection is closed.
 */
export const DEMO_SERVER_LIMITS = Object.freeze({
  headersTimeout: 10_000,
  requestTimeout: 20_000,
  keepAliveTimeout: 5_000,
  connectionsCheckingInterval: 1_000, // how often Node enforces the two timeouts above (default 30 s)
});

/**
 * The request target as a URL, or null when it is not a path (`*`, `host:port`, an
 * absolute URL). The target is appended to a fixed origin rather than resolved against
 * it: `new URL('//x:99999', base)` reads `//…` as a host and throws; here it stays a path.
 */
export function requestUrl(request) {
  const target = request.url ?? '';
  if (!target.startsWith('/')) return null;
  try {
    return new URL(`http://demo${target}`);
  } catch {
    return null;
  }
}

const REFUSE_TUNNEL = 'HTTP/1.1 405 Method Not Allowed\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

/** Listens on 127.0.0.1 (`port` 0: a free one); resolves `{url, port, close()}`. */
export async function startDemoServer(handler, port = 0) {
  const server = createServer({ ...DEMO_SERVER_LIMITS }, handler);
  // Without a listener Node drops a CONNECT without a word: answer it like any unknown method.
  server.on('connect', (request, socket) => socket.end(REFUSE_TUNNEL));
  await new Promise((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  const bound = server.address().port;
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    // Keep-alive connections (a browser's) would otherwise hold close() open.
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
