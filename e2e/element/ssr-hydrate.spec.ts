// @engines all @layout
// Server rendering (issue 28 item 2), in every engine: <svc-card-form> rendered in Node by
// svc-card/ssr (dist/ssr.js) to declarative shadow DOM, its scripts held back by the server, is
// painted from the HTML before they run; svc-card-hydrate.js then hydrates it: the same nodes,
// nothing moved, and the element works: text typed before the script is kept and a card typed
// after it is encrypted into a token the service opens.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '../support/engine-fixture.js';
import { SHARED_PUBLIC_KEY, decryptWithSharedKey } from '../support/decrypt.js';
import { ROOT } from '../support/paths.js';
import { CARD } from './fixture.js';

const SCRIPT_DELAY = 2_500;
type Ssr = typeof import('../../src/ssr/index.js');

let server: Server;
let url = '';
test.beforeAll(async () => {
  const { renderSvcCardForm } = (await import(pathToFileURL(join(ROOT, 'dist/ssr.js')).href)) as Ssr;
  const element = renderSvcCardForm({ 'public-key': SHARED_PUBLIC_KEY, 'key-id': 'v1', lang: 'en', name: 'card' });
  const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Server-rendered checkout</title>
<script src="/probe.js"></script>
<script src="/svc-card-hydrate.js" defer></script>
<script src="/svc-card-form.js" defer></script>
</head>
<body>
<h1>Checkout</h1>
<form>${element}<button>Pay</button></form>
<p id="below">Below the form</p>
</body>
</html>
`;
  const files: Record<string, string> = {
    '/probe.js': 'e2e/pages/ssr/probe.js', '/svc-card-hydrate.js': 'dist/svc-card-hydrate.js', '/svc-card-form.js': 'dist/svc-card-form.js',
  };
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    if (path === '/start') return void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>start</title>');
    if (path === '/') return void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(page);
    const file = files[path];
    if (!file) return void response.writeHead(404).end();
    const send = () => response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' }).end(readFileSync(join(ROOT, file)));
    // The element's scripts come late: whatever is painted before them is the server's HTML.
    if (path === '/probe.js') send();
    else setTimeout(send, SCRIPT_DELAY);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
test.afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

test('the server-rendered fields are painted before the script, hydrated in place without moving, and a card is encrypted', async ({ enginePage: page }) => {
  test.setTimeout(60_000);
  // Navigated from a page of its own: goto would wait for the load event, after the delayed scripts.
  await page.goto(`${url}start`);
  await page.evaluate(() => void setTimeout(() => location.assign('/')));
  // Painted from the HTML: laid out in at least two animation frames while the element is
  // undefined (the page counts them itself, so a driver that waits for the load event reads it too).
  await expect.poll(() => page.evaluate(() => (window as any).ssr?.framesBeforeScript ?? 0).catch(() => 0), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  // Typed before the script: kept, and read by the element once it runs. Not in WebKitGTK, whose
  // WebDriver answers no command before the load event, that is after the element's scripts.
  const early = page.engine !== 'webkit';
  if (early) {
    expect(await page.evaluate(() => customElements.get('svc-card-form') === undefined)).toBe(true);
    await page.shadow('svc-card-form', '#holder').type(CARD.holder);
    expect(await page.evaluate(() => customElements.get('svc-card-form') === undefined)).toBe(true);
  }

  await expect.poll(() => page.evaluate(() => (window as any).ssr.readyAt ?? null), { timeout: 20_000 }).not.toBeNull();
  const seen = await page.evaluate(() => {
    const { ssr } = window as any;
    const root = document.querySelector('svc-card-form')!.shadowRoot!;
    return {
      groups: root.querySelectorAll('.group').length,
      inputs: root.querySelectorAll('input').length,
      sameNode: root.getElementById('number') === ssr.firstNumber,
      before: ssr.before, after: ssr.after, shift: ssr.shift, shiftObserved: ssr.shiftObserved,
      holder: (root.getElementById('holder') as HTMLInputElement).value,
    };
  });
  // Hydrated, not rendered again: one form, the very nodes the server sent.
  expect(seen.groups).toBe(1);
  expect(seen.inputs).toBe(4);
  expect(seen.sameNode).toBe(true);
  // Nothing moved: every label, input and message box where it was painted before the script.
  expect(seen.after).toEqual(seen.before);
  if (seen.shiftObserved) expect(seen.shift).toBe(0);
  const field = (id: string) => page.shadow('svc-card-form', `#${id}`);
  if (early) expect(seen.holder).toBe(CARD.holder);
  else await field('holder').type(CARD.holder);
  await field('number').type(CARD.number);
  await field('expiry').type(CARD.expiry);
  await field('securityCode').type(CARD.code);
  const result = await page.evaluate(() => document.querySelector('svc-card-form')!.encrypt());
  expect(result.hasErrors).toBe(false);
  const opened = await decryptWithSharedKey(result.encryptedCard);
  expect(opened.paymentProfile).toMatchObject({ holderName: CARD.holder, cardNumber: CARD.number, cardCvv: CARD.code });
});
