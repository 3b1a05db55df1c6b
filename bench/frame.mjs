// Frame mode vs inline mode on the demo checkout, same run, Chromium (issue 9 "Builds and budgets"):
//   ready: from the element's connection (its insertion into the page, the element script being
//          already defined) to svc-ready in frame mode; in inline mode to its first render
//          (updateComplete), or svc-ready where the inline element fires it.
//   token: from the Pay click to svc-encrypted (the frame encrypts and posts the token back).
//   From the navigation's start (issue 27: the shopper's wait), on the page's clock:
//   fields:  the first animation frame in which the card number field is laid out (in the card
//            frame in frame mode, its clock moved to the page's): the frame painted next shows it;
//   ready:   svc-ready (inline: the first render, as above).
// Modes alternate, a fresh page each time; medians. Prints numbers only: never fails on a slow machine.
// Usage: node bench/frame.mjs [rounds] [--no-warm-up]
// --no-warm-up: without the uncounted first page of each mode; e2e/chromium/bench-frame.spec.ts
// runs one round so, to check that the benchmark measures (half its pages, the same code).
import { chromium } from '@playwright/test';
import { HOLDER_CPF, PAID_CARD } from '../test-support/cards.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium-args.mjs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';

const ROUNDS = Number(process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 10);
const WARM_UP = !process.argv.includes('--no-warm-up');
const keysDir = mkdtempSync(join(tmpdir(), 'svc-bench-keys-'));
// The demo's servers on a thread of their own (bench/demo-worker.mjs), not behind this client's work.
const worker = new Worker(new URL('./demo-worker.mjs', import.meta.url), { workerData: { keysDir } });
const [demo] = await once(worker, 'message');
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });

// Runs first in every frame: the card number field's first laid-out animation frame (the merchant
// page inline, the card frame in frame mode); in the merchant page, the element from connection to
// ready, and Pay to token.
function timer() {
  const fields = () => {
    const number = document.querySelector('svc-card-form')?.shadowRoot?.getElementById('number');
    if (number && number.getBoundingClientRect().width > 0) window.svcFields = performance.timeOrigin + performance.now();
    else requestAnimationFrame(fields);
  };
  requestAnimationFrame(fields);
  if (window !== window.top) return;
  const t = (window.svcBench = {});
  new MutationObserver((_, observer) => {
    const element = document.querySelector('svc-card-form');
    if (!element) return;
    observer.disconnect();
    t.connected = performance.now();
    element.addEventListener('svc-ready', () => (t.ready ??= performance.now()));
    customElements.whenDefined('svc-card-form').then(() => {
      if (!element.hasAttribute('frame-src')) element.updateComplete?.then(() => (t.ready ??= performance.now()));
    });
  }).observe(document, { childList: true, subtree: true });
  // The click's target may be the label or the spinner inside the Pay button.
  document.addEventListener('click', (event) => { if (event.target.closest?.('#pay')) t.submit = performance.now(); }, true);
  document.addEventListener('svc-encrypted', () => (t.token ??= performance.now()));
}

async function measure(mode) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(timer);
  await page.goto(`${demo.url}/?lang=en${mode === 'inline' ? '&isolation=inline' : ''}`);
  await page.waitForFunction(() => window.svcBench.ready !== undefined);
  const root = mode === 'frame' ? page.frameLocator('svc-card-form iframe') : page;
  // In the form's order (issue 27: the number first; the code is labelled CVV).
  await root.getByLabel('Card number').fill(PAID_CARD.number.replace(/\s/g, ''));
  await root.getByLabel(/^Expiry date/).fill(`${PAID_CARD.expMonth}${PAID_CARD.expYear.slice(2)}`);
  await root.getByLabel(/^CVV/).fill(PAID_CARD.securityCode);
  await root.getByLabel('Name on card').fill(PAID_CARD.holder);
  // The demo asks for the holder's CPF (issue 11): without it the card is never encrypted.
  await root.getByLabel("Cardholder's CPF or CNPJ").fill(HOLDER_CPF);
  // Scrolled first, as a person does: in Chromium a click that must scroll the page can go to where
  // the out-of-process card frame was before the scroll, and is lost (e2e/support/checkout.ts).
  await page.locator('#pay').scrollIntoViewIfNeeded();
  await page.locator('#pay').click();
  await page.waitForFunction(() => window.svcBench.token !== undefined);
  const t = await page.evaluate(() => ({ ...window.svcBench, origin: performance.timeOrigin, fields: window.svcFields }));
  const fields = mode === 'frame'
    ? await page.frames().find((frame) => frame.url().includes('card-frame.html')).evaluate(() => window.svcFields)
    : t.fields;
  await context.close();
  const times = { ready: t.ready - t.connected, token: t.token - t.submit, navFields: fields - t.origin, navReady: t.ready };
  // A step the page changed under the benchmark is a crash here, never a NaN printed as a time.
  for (const [metric, ms] of Object.entries(times)) if (!Number.isFinite(ms)) throw new Error(`bench/frame.mjs: ${metric} not measured in ${mode} mode`);
  return times;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
try {
  if (WARM_UP) {
    await measure('frame'); // warm-up: first key import, JIT, disk cache
    await measure('inline');
  }
  const runs = { frame: [], inline: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of round % 2 ? ['inline', 'frame'] : ['frame', 'inline']) runs[mode].push(await measure(mode));
  }
  console.log(`Chromium ${browser.version()}, demo checkout, ${ROUNDS} fresh pages per mode, alternating; medians in ms`);
  const NAMES = { ready: 'connection -> svc-ready', token: 'submit -> token        ', navFields: 'navigation -> fields   ', navReady: 'navigation -> svc-ready' };
  for (const metric of ['navFields', 'navReady', 'ready', 'token']) {
    const frame = median(runs.frame.map((r) => r[metric]));
    const inline = median(runs.inline.map((r) => r[metric]));
    const name = NAMES[metric];
    console.log(`${name}: frame ${frame.toFixed(1).padStart(7)} ms, inline ${inline.toFixed(1).padStart(7)} ms, frame/inline ${(frame / inline).toFixed(2)}x`);
  }
} finally {
  await browser.close();
  worker.postMessage('close');
  await once(worker, 'message');
  await worker.terminate();
  rmSync(keysDir, { recursive: true, force: true });
}
