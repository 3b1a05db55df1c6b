// Outside a secure context (plain http on a non-loopback name) nothing is
// encrypted or submitted: svc-error SECURE_CONTEXT_REQUIRED, and the page says why.
// The element's side (its event and live region, no submit); the demo checkout's
// is e2e/chromium/insecure-context.spec.ts. Launched like the chromium project.
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium-args.mjs';
import { expect, test, CARD, PUBLIC_KEY } from './fixture.js';

test('refuses to submit on an insecure page', async ({ server, browserName }) => {
  test.skip(browserName !== 'chromium', 'host mapping via a Chromium flag');
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP shop.test 127.0.0.1'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${server.url.replace('127.0.0.1', 'shop.test')}/e2e/pages/element/checkout.html?stay`);
    await page.locator('body[data-ready="true"]').waitFor();
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
    await page.evaluate((pem) => { document.querySelector('svc-card-form')!.publicKey = pem; }, PUBLIC_KEY);
    await page.getByLabel('Nome impresso no cartão').pressSequentially('ANA');
    await page.getByLabel('Número do cartão').pressSequentially('4111111111111111');
    await page.getByLabel(/^Validade/).pressSequentially(CARD.expiry);
    await page.getByLabel(/^Código de segurança/).pressSequentially('123');
    await page.locator('#pay').click();
    await expect(page.locator('svc-card-form [role="status"]')).toHaveText(/HTTPS/);
    const seen = await page.evaluate(() => window.seen);
    expect(seen.submits).toEqual([]);
    expect(seen.events.filter((e) => e.type === 'svc-error').map((e) => (e.detail as { code: string }).code))
      .toEqual(['SECURE_CONTEXT_REQUIRED']);
  } finally {
    await browser.close();
  }
});
