// Frame mode's boundaries in WebKitGTK (issue 9), through EnginePage.withinFrame (WebDriver
// switchToFrame): keyboard across the frame (Tab, Shift+Tab, no trap, Enter pays), axe in the
// page and in the frame (empty, invalid, filled), a third origin refused by frame-ancestors.
// Chromium and Firefox ESR run the Playwright versions beside this file (keyboard-a11y,
// boundaries); the hostile page and the forged messages are specs of every engine
// (hostile-page, forged-messages: pages served for real, no request interception).
import { startDemo, type Demo } from '../../demo/start-demo.mjs';
import { engineAxeViolations } from '../support/axe.js';
import { finalOutcome, LABELS, submit } from '../support/checkout.js';
import { testKeysDir } from '../support/demo-keys.mjs';
import type { EnginePage } from '../support/engine-page.js';
import { expect, test } from '../support/engine-fixture.js';
import { startStaticServer, type StaticServer } from '../support/static-server.mjs';
import { inCard, openFrameCheckoutAt } from './engine-checkout.js';
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

const openFrameCheckout = (page: EnginePage) => openFrameCheckoutAt(page, demo.url);

// At 640 px too: a window that narrow (the demo specs' width, kept by the WebDriver session for
// the next spec of a full run) makes WebKitGTK under Xvfb report document.hasFocus() false.
for (const width of [1280, 640]) {
  test(`Tab and Shift+Tab cross the frame in order, with no trap; Enter in the frame pays (${width} px)`, async ({ enginePage: page }) => {
    await page.setViewportSize({ width, height: 800 });
    await openFrameCheckout(page);
    await walkAndPayByKeyboard(page);
    expect(await finalOutcome(page)).toBe('paid');
  });
}

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
