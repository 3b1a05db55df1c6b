// @engines chromium
// A reload after paying shows the receipt again (tried as a shopper): a phone that dropped the tab,
// a pull-to-refresh on the receipt. Before, the page came back as a fresh checkout that invited
// paying twice. The tab keeps what the receipt shows (sessionStorage): amount, plan, brand and last
// four, as the store's server read them from the API, never the number, the token or the holder.
// "New order" forgets it and shows the checkout.
import type { Demo } from '../../demo/start-demo.mjs';
import { PAID_CARD, PAID_NUMBER } from '../support/cards.mjs';
import { checkoutUrl, finalOutcome, submit, typeCard } from '../support/checkout.js';
import { expect, test } from '../support/engine-fixture.js';

let demo: Demo;
// The worker's demo (support/engine-fixture.ts), shared with its other specs: read by deltas.
test.beforeAll(({ demo: workerDemo }) => { demo = workerDemo; });
// A kept receipt is the tab's: WebKitGTK's one tab goes on to the next test.
test.afterEach(async ({ enginePage: page }) => page.evaluate(() => sessionStorage.clear()));

test('card: reloaded after the payment was approved, the page shows the same receipt, no checkout; the tab keeps no card data; "New order" shows the checkout', async ({ enginePage: page }) => {
  const url = checkoutUrl(demo.url, 'en', 'inline');
  await page.goto(url);
  await typeCard(page, PAID_CARD);
  await submit(page);
  expect(await finalOutcome(page)).toBe('paid');
  const receipt = await page.locator('#outcome').text();
  expect(receipt).toMatch(/^Payment approved: R\$129\.90 \(card ending in 1111\)\. Thank you! .*Visa card ending in 1111.* Payment reference: \S+$/);
  const kept = await page.evaluate(() => Object.keys(sessionStorage).map((key) => `${key}=${sessionStorage.getItem(key)}`).join('\n'));
  for (const secret of [PAID_NUMBER, PAID_CARD.holder, PAID_CARD.number, 'encryptedCard', 'eyJ', `${PAID_CARD.expMonth}/`]) expect(kept, `the tab keeps no ${secret}`).not.toContain(secret);
  const paid = demo.sandbox.records.transactions.size;

  await page.goto(url); // the reload
  await expect.poll(() => page.locator('#outcome').text()).toBe(receipt);
  expect(await page.locator('#outcome').attribute('data-outcome')).toBe('paid');
  expect(await page.locator('h1').text()).toBe('Order confirmed');
  expect(await page.locator('#checkout').isVisible()).toBe(false);
  expect(demo.sandbox.records.transactions.size).toBe(paid);

  const newOrder = page.locator('a#new-order');
  expect(await newOrder.text()).toBe('New order');
  expect(await newOrder.isVisible()).toBe(true);
  await newOrder.click();
  await expect.poll(() => page.locator('#checkout').isVisible()).toBe(true);
  expect(await newOrder.isVisible()).toBe(false);
  expect(await page.locator('#outcome').text()).toBe('');
  expect(await page.locator('h1').text()).toBe('Checkout');
  await page.goto(url);
  await expect.poll(() => page.locator('#checkout').isVisible()).toBe(true);
  expect(await page.locator('#outcome').text()).toBe('');
});
