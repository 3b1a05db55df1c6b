// @engines chromium
// Issue 12: the form's states as screenshots, compared with baselines a person reviewed
// (README "Theming": who reviews them, how to update). Chromium only: fonts and antialiasing
// differ between engines, and one set of reviewed pictures is what a person can keep up.
import { expect, test, type Page } from '@playwright/test';
import { startStaticServer, type StaticServer } from '../support/static-server.mjs';
import { CHECKOUT_PATH } from '../element/fixture.js';
import { LUHN_FAILING_NUMBER } from '../support/cards.mjs';

let server: StaticServer;
test.beforeAll(async () => { server = await startStaticServer(process.cwd()); });
test.afterAll(async () => server?.close());

const form = (page: Page) => page.locator('svc-card-form');

async function open(page: Page, width: number) {
  await page.setViewportSize({ width, height: 700 });
  await page.goto(`${server.url}${CHECKOUT_PATH}`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
}

async function showErrors(page: Page) {
  await page.evaluate(() => document.getElementById('checkout')!.setAttribute('novalidate', ''));
  await page.locator('svc-card-form #number').pressSequentially(LUHN_FAILING_NUMBER);
  await page.locator('svc-card-form #expiry').pressSequentially('13');
  await page.locator('#pay').click();
  await page.locator('#pay').blur();
}

for (const width of [390, 1280]) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`the form's states at ${width} px, ${scheme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await open(page, width);
      await page.evaluate(() => { document.documentElement.style.background = 'Canvas'; });
      await expect(form(page)).toHaveScreenshot(`empty-${width}-${scheme}.png`);
      await page.locator('svc-card-form #number').pressSequentially('3782 822463 10005');
      await page.locator('svc-card-form #holder').focus();
      await expect(form(page)).toHaveScreenshot(`amex-${width}-${scheme}.png`);
      await page.locator('svc-card-form #number').clear();
      await showErrors(page);
      await expect(form(page)).toHaveScreenshot(`errors-${width}-${scheme}.png`);
    });
  }
}
