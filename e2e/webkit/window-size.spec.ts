// @engines webkit
// Each test starts at the engine's default window, whatever the test before it set: Playwright gives
// every test a new context; WebKitGTK's one MiniBrowser tab is reused, so its fixture puts the window
// back (support/engine-fixture.ts). A PIX panel laid out at the phone size a previous spec had left
// failed e2e/demo/slip-focus in CI (stop 44).
import { expect, test } from '../support/engine-fixture.js';

test.describe.configure({ mode: 'serial' });

let startWidth = 0;
test('a test sets a phone size', async ({ enginePage: page }) => {
  startWidth = await page.evaluate(() => innerWidth);
  expect(startWidth).toBeGreaterThan(640);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => innerWidth)).toBeLessThan(startWidth);
});

test('the next test starts at the size the first started at', async ({ enginePage: page }) => {
  expect(startWidth).toBeGreaterThan(0);
  await expect.poll(() => page.evaluate(() => innerWidth)).toBe(startWidth);
});
