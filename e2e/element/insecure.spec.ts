// @engines all
// Outside a secure context (plain http on a non-loopback name) nothing is
// encrypted or submitted: svc-error SECURE_CONTEXT_REQUIRED, and the page says why.
// The element's side (its event and live region, no submit); the demo checkout's
// is e2e/chromium/insecure-context.spec.ts. The page is served as http://shop.test
// from a browser of its own that resolves that name to loopback.
import { expect, test, CARD, CHECKOUT_PATH, openCheckout } from './fixture.js';
import { PAID_NUMBER } from '../support/cards.mjs';

test('refuses to submit on an insecure page', async ({ server, openBrowser }) => {
  const port = Number(new URL(server.url).port);
  const { page } = await openBrowser({ hostAlias: { host: 'shop.test', port } });
  await openCheckout(page, `http://shop.test:${port}${CHECKOUT_PATH}?stay`);
  expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
  await page.byLabel('Nome impresso no cartão').type('ANA');
  await page.byLabel('Número do cartão').type(PAID_NUMBER);
  await page.byLabel(/^Validade/).type(CARD.expiry);
  await page.byLabel(/^CVV/).type('123');
  await page.locator('#pay').click();
  await expect.poll(() => page.shadow('svc-card-form', '[role="status"]').text()).toMatch(/HTTPS/);
  const seen = await page.evaluate(() => window.seen);
  expect(seen.submits).toEqual([]);
  expect(seen.events.filter((e) => e.type === 'svc-error').map((e) => (e.detail as { code: string }).code))
    .toEqual(['SECURE_CONTEXT_REQUIRED']);
});
