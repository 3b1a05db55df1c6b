// Frame mode's boundaries in WebKitGTK (issue 9), through EnginePage.withinFrame (WebDriver
// switchToFrame): keyboard across the frame (Tab, Shift+Tab, no trap, Enter pays), axe in the
// page and in the frame (empty, invalid, filled), a third origin refused by frame-ancestors,
// and messages posted straight to the frame's window changing nothing. Chromium and Firefox ESR
// run the Playwright versions beside this file (keyboard-a11y, boundaries, hostile-page).
// Not here, for an engine reason: the hostile page and the third-origin forger widget need the
// merchant document rewritten before its scripts run (a script first in <head>, a wider CSP
// frame-src); WebDriver classic has no request interception and no init script, and
// WebKitWebDriver has no BiDi network interception.
import { startDemo, type Demo } from '../../demo/start-demo.mjs';
import { engineAxeViolations } from '../support/axe.js';
import { checkoutUrl, finalOutcome, LABELS, submit } from '../support/checkout.js';
import { testKeysDir } from '../support/demo-keys.mjs';
import type { EngineFrame, EnginePage } from '../support/engine-page.js';
import { expect, test } from '../support/engine-fixture.js';
import { startStaticServer, type StaticServer } from '../support/static-server.mjs';
import { TYPED, walkAndPayByKeyboard } from './keyboard-walk.js';

let demo: Demo;
let third: StaticServer; // 127.0.0.1 on its own port: neither the merchant's origin nor the frame's
test.beforeAll(async () => {
  demo = await startDemo({ port: 0, keysDir: testKeysDir() });
  third = await startStaticServer(process.cwd());
});
test.afterAll(async () => {
  await demo?.close();
  await third?.close();
});

const inCard = <R>(page: EnginePage, fn: (frame: EngineFrame) => Promise<R>) => page.withinFrame('svc-card-form', 'iframe', fn);

/** Opens the frame-mode checkout; ready once the element sized the iframe from the frame's ready message. */
async function openFrameCheckout(page: EnginePage): Promise<void> {
  await page.goto(checkoutUrl(demo.url, 'en', 'frame'));
  await expect.poll(() => page.evaluate(() => !!document.querySelector('svc-card-form')?.shadowRoot?.querySelector('iframe')?.style.height), { timeout: 20_000 }).toBe(true);
}

test.describe(() => {
  // One retry, named in npm test's output as flaky: in a full CI run the first Tab into the frame
  // once left the focus on the element's iframe, not the frame's first field (WebDriver's switch
  // into the frame to read its focus may race WebKitGTK's focus hand-over); alone it passes.
  test.describe.configure({ retries: 1 });
  test('Tab and Shift+Tab cross the frame in order, with no trap; Enter in the frame pays', async ({ enginePage: page }) => {
    await openFrameCheckout(page);
    await walkAndPayByKeyboard(page);
    expect(await finalOutcome(page)).toBe('paid');
  });
});

/** Types the card by keyboard alone: from the control before the card, Tab into each field. */
async function typeByKeyboard(page: EnginePage): Promise<void> {
  await page.locator('.lang-switch').focus();
  for (const text of TYPED) {
    await page.keyboard.press('Tab');
    await page.keyboard.type(text);
  }
}

test('no axe violations in the page or in the card frame when empty, invalid and filled', async ({ enginePage: page }) => {
  await openFrameCheckout(page);
  const both = async () => [...await engineAxeViolations(page), ...await inCard(page, engineAxeViolations)];
  expect(await both()).toEqual([]);
  await submit(page); // empty card: the frame shows every error
  await expect.poll(() => inCard(page, (frame) => frame.byLabel(LABELS.en.number).attribute('aria-invalid'))).toBe('true');
  expect(await both()).toEqual([]);
  await typeByKeyboard(page);
  await expect.poll(() => inCard(page, (frame) => frame.byLabel(LABELS.en.number).attribute('aria-invalid'))).toBe('false');
  expect(await both()).toEqual([]);
});

test('messages posted straight to the frame window change nothing; the card still pays', async ({ enginePage: page }) => {
  await openFrameCheckout(page);
  await page.evaluate(() => {
    const seen: string[] = ((window as unknown as { seen: string[] }).seen = []);
    for (const type of ['svc-change', 'svc-brand', 'svc-encrypted', 'svc-error', 'svc-ready']) document.addEventListener(type, () => seen.push(type));
    const target = document.querySelector('svc-card-form')!.shadowRoot!.querySelector('iframe')!.contentWindow!;
    for (const message of [
      { v: 1, type: 'config', lang: 'en', strings: { numberLabel: 'FORGED' }, acceptedBrands: ['elo'], disabled: true, keyId: 'forged', style: {} },
      { v: 1, type: 'reset' }, { v: 1, type: 'encrypt', id: 1 }, { v: 1, type: 'focus', field: 'number' },
    ]) target.postMessage(message, '*');
  });
  await new Promise((resolve) => setTimeout(resolve, 1000)); // time for a forged message to act, if one could
  expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([]);
  expect(await page.evaluate(() => [new FormData(document.getElementById('checkout') as HTMLFormElement).get('card'), document.querySelector('svc-card-form')!.checkValidity()]))
    .toEqual([null, false]);
  expect(await inCard(page, (frame) => frame.byLabel(LABELS.en.number).isEnabled())).toBe(true);
  await typeByKeyboard(page);
  await submit(page);
  expect(await finalOutcome(page)).toBe('paid');
});

test('a page of another origin cannot embed the frame (frame-ancestors)', async ({ enginePage: page }) => {
  expect((await fetch(demo.frame.src)).headers.get('content-security-policy')).toContain(`frame-ancestors ${demo.url}`);
  await page.goto(`${third.url}/e2e/pages/frame/embed.html?src=${encodeURIComponent(demo.frame.src)}`);
  await expect.poll(() => page.evaluate(() => (window as unknown as { loaded: boolean }).loaded)).toBe(true);
  // The refused frame never ran: no field in it, no hello with a port to the embedder.
  expect(await page.withinFrame(null, 'iframe', (frame) => frame.locator('input').count())).toBe(0);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(await page.evaluate(() => (window as unknown as { received: unknown[] }).received)).toEqual([]);
  // The same frame embedded by the merchant's origin runs (the refusal above is frame-ancestors).
  await openFrameCheckout(page);
  expect(await inCard(page, (frame) => frame.byLabel(LABELS.en.number).count())).toBe(1);
});

// Declared and skipped, so the report says what WebKitGTK does not cover and why (see the header).
const NO_INTERCEPTION = 'WebDriver classic has no request interception or init script, WebKitWebDriver no BiDi network interception';
test('a hostile merchant page collects no card data (hostile-page.spec.ts)', () => test.skip(true, NO_INTERCEPTION));
test('a third-origin widget forging messages changes nothing (boundaries.spec.ts)', () => test.skip(true, NO_INTERCEPTION));
