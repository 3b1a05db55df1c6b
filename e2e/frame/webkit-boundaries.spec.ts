// Frame mode's boundaries in WebKitGTK (issue 9), through EnginePage.withinFrame (WebDriver
// switchToFrame): keyboard across the frame (Tab, Shift+Tab, no trap, Enter pays), axe in the
// page and in the frame (empty, invalid, filled). Chromium and Firefox ESR run the Playwright
// version beside this file (keyboard-a11y); the hostile page, forged messages and foreign
// embedding are specs of every engine (hostile-page, third-origin: pages served for real).
import { startDemo, type Demo } from '../../demo/start-demo.mjs';
import { engineAxeViolations } from '../support/axe.js';
import { finalOutcome, LABELS, submit } from '../support/checkout.js';
import { testKeysDir } from '../support/demo-keys.mjs';
import type { EnginePage } from '../support/engine-page.js';
import { expect, test } from '../support/engine-fixture.js';
import { inCard, openFrameCheckoutAt } from './engine-checkout.js';
import { TYPED, focusBeforeCard, walkAndPayByKeyboard } from './keyboard-walk.js';

let demo: Demo;
test.beforeAll(async () => {
  demo = await startDemo({ port: 0, keysDir: testKeysDir() });
});
test.afterAll(async () => {
  await demo?.close();
});

const openFrameCheckout = (page: EnginePage) => openFrameCheckoutAt(page, demo.url);

// At 640 px too: a window that narrow (the demo specs' width, kept by the WebDriver session for
// the next spec of a full run) makes WebKitGTK under Xvfb report document.hasFocus() false.
// At 390x844, a phone, the lower fields start below the fold: the page scrolls to each one focused.
for (const [width, height] of [[1280, 800], [640, 800], [390, 844]] as const) {
  test(`Tab and Shift+Tab cross the frame in order, with no trap; Enter in the frame pays (${width}x${height})`, async ({ enginePage: page }) => {
    await page.setViewportSize({ width, height });
    await openFrameCheckout(page);
    await walkAndPayByKeyboard(page);
    expect(await finalOutcome(page)).toBe('paid');
  });
}

/** Types the card by keyboard alone: from the control before the card, Tab into each field. */
async function typeByKeyboard(page: EnginePage): Promise<void> {
  await focusBeforeCard(page);
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
