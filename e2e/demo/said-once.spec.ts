// @engines all
// A decline and the receipt are said once to a screen reader (tried as a shopper): each goes where
// the eye or the focus is, and is not also put in a second live region, which said it a second time.
// The decline (issue 39): the alert beside Pay, where the shopper tapped, the focus left there (not
// also the number field's description nor the card form's live region); the receipt: a region named
// by the page's heading, focused, as the PIX panel is. Checked by the live regions' texts and the focus.
import type { Demo } from '../../demo/start-demo.mjs';
import { DECLINED_CARD, PAID_CARD } from '../support/cards.mjs';
import { atPay, checkoutUrl, finalOutcome, focusKeptOnPay, submit, typeCard } from '../support/checkout.js';
import { expect, test } from '../support/engine-fixture.js';

let demo: Demo;
// The worker's demo (support/engine-fixture.ts), shared with its other specs: read by deltas.
test.beforeAll(({ demo: workerDemo }) => { demo = workerDemo; });
test.beforeEach(async ({ enginePage: page }) => page.goto(checkoutUrl(demo.url, 'en', 'inline')));

test('a decline is said by the alert beside Pay, not also by the card form\'s live region nor a field', async ({ enginePage: page }) => {
  await typeCard(page, DECLINED_CARD);
  await submit(page);
  expect(await finalOutcome(page)).toBe('declined');
  await expect.poll(() => atPay(page).text()).toContain('Payment declined by the card issuer.');
  expect(await atPay(page).attribute('role')).toBe('alert');
  expect(await focusKeptOnPay(page)).toBe(true);
  expect(await page.shadow('svc-card-form', '#number-error').text()).toBe('');
  expect(await page.shadow('svc-card-form', '[role="status"]').text(), 'the live region says it a second time').not.toContain('declined');
  expect(await page.locator('#outcome').text()).toBe('');
});

test('the receipt is a region named by the page\'s heading and focused, not also a live region', async ({ enginePage: page }) => {
  await typeCard(page, PAID_CARD);
  await submit(page);
  expect(await finalOutcome(page)).toBe('paid');
  await expect.poll(() => page.locator('#outcome').text()).toContain('Payment approved');
  const said = await page.evaluate(() => {
    const receipt = document.getElementById('outcome')!;
    const live = receipt.closest('[aria-live], [role="status"], [role="alert"], [role="log"]');
    return {
      live: live ? `${live.localName}#${live.id}` : null, role: receipt.getAttribute('role'),
      name: document.getElementById(receipt.getAttribute('aria-labelledby') ?? '')?.textContent ?? null,
      focused: document.activeElement === receipt,
    };
  });
  expect(said).toEqual({ live: null, role: 'region', name: 'Order confirmed', focused: true });
});
