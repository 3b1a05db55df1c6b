// The card frame's own server (issue 9; an origin of its own, issue 29): the files,
// headers and JWKS of createCardFrameHost on a port of its own, reached as
// http://localhost:<port>. Apart from the sandbox's API and /docs (Swagger UI) on
// http://127.0.0.1:<sandbox port>, so nothing served there runs in the frame's origin,
// and another site than the merchant page's http://127.0.0.1:<port>.
import { startDemoServer } from './http-server.mjs';

/** What answers any other path or method: nothing to sniff, nothing to keep. */
const NOT_FOUND_HEADERS = Object.freeze({
  'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer',
});

/**
 * Serves `frameHost` (GET and HEAD of its paths, with the headers it sets) and 404 for
 * anything else; resolves `{origin, src, script, integrity, close()}`.
 */
export async function startFrameServer(frameHost, port = 0) {
  const server = await startDemoServer((request, response) => {
    if (!frameHost.handle(request, response)) response.writeHead(404, NOT_FOUND_HEADERS).end('not found');
  }, port);
  const origin = `http://localhost:${server.port}`;
  return {
    origin,
    src: origin + frameHost.framePath,
    script: origin + frameHost.parentScript.path,
    integrity: frameHost.parentScript.integrity,
    close: server.close,
  };
}
