// Frame mode vs inline mode as a shopper's browser gets them, with no automation attached
// (issue 27: svc-ready within 1.5x of inline). bench/frame.mjs drives Chromium over CDP with
// Playwright, which attaches to every out-of-process frame and holds each new frame process until
// it is set up (init scripts, domains), a wait inline mode never has. Here each page is a fresh
// Chromium process (headless, a new profile: nothing cached) opened on the demo checkout, with
// nothing attached: a first script, served in front of the demo's page as a merchant's own first
// script would be (the only change to it), logs the page's clock at svc-ready to Chromium's
// stderr. The browser opens a blank page of the front first and goes to the checkout 300 ms later:
// a running browser (its processes started) with nothing cached, as a shopper's first visit.
// The same browser then comes back twice (300 ms after each svc-ready): the third visit is a
// returning shopper's, the HTTP cache and V8's code cache warm (versioned files are immutable).
// Modes alternate; medians. Prints numbers only: never fails on a slow machine.
// Usage: node bench/frame-shopper.mjs [rounds] [--no-warm-up]
// --no-warm-up: without the uncounted first page of each mode; e2e/chromium/bench-frame.spec.ts
// runs one round so, to check that the benchmark measures (half its pages, the same code).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as forward } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium-args.mjs';

const ROUNDS = Number(process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 10);
const WARM_UP = !process.argv.includes('--no-warm-up');
const VISITS = 3;
// Logs the visit and its svc-ready time, then comes back (a new query: a navigation, not a reload).
const FIRST_SCRIPT = `document.addEventListener('svc-ready', () => {
  const visit = Number(new URLSearchParams(location.search).get('visit') ?? 1);
  console.log('svc-bench ' + visit + ' ' + performance.now());
  const again = new URL(location.href);
  again.searchParams.set('visit', visit + 1);
  if (visit < ${VISITS}) setTimeout(() => location.assign(again.href), 300);
}, { once: true });`;
const START_PAGE = '<!doctype html><title>start</title><script src="/bench-go.js"></script>';
const GO_SCRIPT = `setTimeout(() => location.replace(new URLSearchParams(location.search).get('to')), 300);`;

// The front: the demo's page with the first script put first in its <head>, everything else as is.
let merchant;
const front = createServer((request, response) => {
  const own = { '/bench-first.js': ['text/javascript', FIRST_SCRIPT], '/bench-go.js': ['text/javascript', GO_SCRIPT], '/bench-start': ['text/html', START_PAGE] }[new URL(request.url, 'http://front').pathname];
  if (own) return void response.writeHead(200, { 'content-type': own[0], 'cache-control': 'no-store' }).end(own[1]);
  const isPage = request.method === 'GET' && new URL(request.url, 'http://front').pathname === '/';
  const upstream = forward({ host: merchant.hostname, port: merchant.port, method: request.method, path: request.url, headers: request.headers }, (answer) => {
    if (!isPage) {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      return void answer.pipe(response);
    }
    const chunks = [];
    answer.on('data', (chunk) => chunks.push(chunk));
    answer.on('end', () => {
      const { 'content-length': _, ...headers } = answer.headers;
      response.writeHead(answer.statusCode ?? 502, headers).end(Buffer.concat(chunks).toString('utf8').replace('<head>', '<head>\n<script src="/bench-first.js"></script>'));
    });
  });
  upstream.on('error', () => response.headersSent || response.writeHead(502).end());
  request.pipe(upstream);
});
front.listen(0, '127.0.0.1');
await once(front, 'listening');
const frontUrl = `http://127.0.0.1:${front.address().port}`;

const keysDir = mkdtempSync(join(tmpdir(), 'svc-bench-keys-'));
// The demo's servers on a thread of their own (bench/demo-worker.mjs); the front's origin may frame the card frame.
const worker = new Worker(new URL('./demo-worker.mjs', import.meta.url), { workerData: { keysDir, embedders: [frontUrl] } });
const [demo] = await once(worker, 'message');
merchant = new URL(demo.url);

/** Navigation start to svc-ready on the page's clock, in a fresh Chromium with nothing attached: [first visit, returning]. */
async function measure(mode) {
  const profile = mkdtempSync(join(tmpdir(), 'svc-bench-profile-'));
  const checkout = `${frontUrl}/?lang=en${mode === 'inline' ? '&isolation=inline' : ''}`;
  const url = `${frontUrl}/bench-start?to=${encodeURIComponent(checkout)}`;
  const browser = spawn(CHROMIUM_PATH, [...CHROMIUM_ARGS, '--headless=new', `--user-data-dir=${profile}`, '--enable-logging=stderr', '--v=0', url], { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  try {
    let seen = '';
    const ready = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`bench/frame-shopper.mjs: no svc-ready in 30 s (${mode})`)), 30_000);
      browser.stderr.setEncoding('utf8').on('data', (text) => {
        seen += text;
        const times = new Map([...seen.matchAll(/"svc-bench (\d) ([\d.]+)"/g)].map(([, visit, ms]) => [Number(visit), Number(ms)]));
        if (times.has(VISITS)) {
          clearTimeout(timer);
          resolve([times.get(1), times.get(VISITS)]);
        }
      });
      browser.on('exit', () => reject(new Error(`bench/frame-shopper.mjs: Chromium ended before svc-ready (${mode})`)));
    });
    return ready;
  } finally {
    process.kill(-browser.pid, 'SIGKILL');
    await once(browser, 'exit').catch(() => undefined);
    rmSync(profile, { recursive: true, force: true });
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
try {
  if (WARM_UP) {
    await measure('frame'); // warm-up: the servers' first answers, the disk cache of Chromium's own files
    await measure('inline');
  }
  const runs = { frame: [], inline: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of round % 2 ? ['inline', 'frame'] : ['frame', 'inline']) runs[mode].push(await measure(mode));
  }
  const line = (label, visit) => {
    const frame = median(runs.frame.map((times) => times[visit]));
    const inline = median(runs.inline.map((times) => times[visit]));
    console.log(`${label}: frame ${frame.toFixed(1).padStart(7)} ms, inline ${inline.toFixed(1).padStart(7)} ms, frame/inline ${(frame / inline).toFixed(2)}x`);
  };
  console.log(`Chromium (${CHROMIUM_PATH}), no automation attached, demo checkout, ${ROUNDS} fresh browsers per mode, alternating; medians`);
  line('navigation -> svc-ready', 0);
  line(`navigation -> svc-ready, visit ${VISITS} (returning)`, 1);
} finally {
  worker.postMessage('close');
  await once(worker, 'message');
  await worker.terminate();
  front.closeAllConnections();
  front.close();
  rmSync(keysDir, { recursive: true, force: true });
}
