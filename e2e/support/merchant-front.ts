// A server on its own loopback origin in front of the demo's merchant, for the frame-mode tests
// of every engine (issue 9). It serves the checkout page as the merchant renders it, plus what
// a compromised or careless site adds: a first script in <head> (a real <script src>, e.g. a
// skimmer, or a merchant's own style and watchers put in before the element connects) and a
// third-origin widget in the page, its origin added to the CSP's frame-src. Everything else
// (assets, POST /api/pay) goes to the merchant as is; a test may hold POST /api/pay back.
// Served for real, so WebKitGTK (WebDriver: no request interception, no init script) sees the
// same page as Chromium and Firefox ESR: what page.route and page.addInitScript do there.
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import { startDemo, type Demo } from '../../demo/start-demo.mjs';
import { testKeysDir } from './demo-keys.mjs';

export interface FrontOptions {
  /** JavaScript served at /first.js and loaded first in the page's <head>. */
  firstScript?: string;
  /** The address of a page of another origin, embedded at the end of the page as a widget. */
  widget?: string;
}

export interface FrontedDemo {
  demo: Demo;
  /** The front's origin: its `/` is the checkout page (with `?lang=en` and the rest of the demo's query). */
  url: string;
  /** Replaces the first script of the pages loaded from now on (undefined: none). */
  setFirstScript(source: string | undefined): void;
  /** Answers GET `path` (e.g. the page's stylesheet) `ms` late from now on (0: at once again). */
  delay(path: string, ms: number): void;
  /** Holds every POST /api/pay from now on until `release()` (then they go on to the merchant). */
  holdPay(): { release(): void };
  close(): Promise<void>;
}

/** A first script that runs `fn(arg)` in the page (serializable `arg`): an init script of the top document alone. */
export const firstScriptOf = <A>(fn: (arg: A) => void, arg?: A): string => `(${fn.toString()})(${JSON.stringify(arg ?? null)});`

/** The checkout page with the first script and the widget put in, its CSP letting the widget in. */
function rewritePage(html: string, headers: IncomingMessage['headers'], { firstScript, widget }: FrontOptions) {
  let page = html;
  let csp = String(headers['content-security-policy'] ?? '');
  if (firstScript !== undefined) page = page.replace('<head>', '<head>\n<script src="/first.js"></script>');
  if (widget) {
    page = page.replace('</main>', `<iframe title="widget" src="${widget}"></iframe>\n</main>`);
    csp = csp.replace('frame-src ', `frame-src ${new URL(widget).origin} `);
  }
  return { page, csp };
}

function passToMerchant(request: IncomingMessage, response: ServerResponse, merchant: URL, options: FrontOptions): void {
  const isPage = request.method === 'GET' && new URL(request.url ?? '/', merchant).pathname === '/';
  const upstream = forward({ host: merchant.hostname, port: merchant.port, method: request.method, path: request.url, headers: request.headers }, (answer) => {
    if (!isPage) {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
      return;
    }
    const chunks: Buffer[] = [];
    answer.on('data', (chunk: Buffer) => chunks.push(chunk));
    answer.on('end', () => {
      const { page, csp } = rewritePage(Buffer.concat(chunks).toString('utf8'), answer.headers, options);
      const { 'content-length': _, ...headers } = answer.headers;
      response.writeHead(answer.statusCode ?? 502, { ...headers, 'content-security-policy': csp }).end(page);
    });
  });
  upstream.on('error', () => response.headersSent || response.writeHead(502).end());
  request.pipe(upstream);
}

/** Starts the demo (test keys) and this front for it; the card frame accepts both origins as embedders. */
export async function startFrontedDemo(options: FrontOptions): Promise<FrontedDemo> {
  let url = '';
  const demo = await startDemo({ port: 0, keysDir: testKeysDir(), embedders: () => (url ? [url] : []) });
  const merchant = new URL(demo.url);
  const current: FrontOptions = { ...options };
  let held: Promise<void> | undefined;
  const late = new Map<string, number>();
  const server = createServer((request, response) => {
    const lateBy = request.method === 'GET' ? late.get(request.url ?? '') : undefined;
    if (lateBy) return void setTimeout(() => passToMerchant(request, response, merchant, current), lateBy);
    if (request.url === '/first.js' && current.firstScript !== undefined) {
      return void response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' }).end(current.firstScript);
    }
    const hold = request.method === 'POST' && request.url?.startsWith('/api/pay') ? held : undefined;
    if (hold) void hold.then(() => passToMerchant(request, response, merchant, current)); // the body waits, unread
    else passToMerchant(request, response, merchant, current);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    demo, url,
    setFirstScript: (source) => { current.firstScript = source; },
    delay: (path, ms) => { late.set(path, ms); },
    holdPay() {
      let release!: () => void;
      held = new Promise<void>((resolve) => (release = resolve));
      const mine = held;
      return { release: () => { if (held === mine) held = undefined; release(); } };
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await demo.close();
    },
  };
}
