// @engines chromium
// The monthly plan by PIX Automático after the payer's bank says no (issue 40 item 3): rejected,
// asked again (a new mandate for the order's same charge), expired, each said beside Pay with its
// next steps; then the card pays that same charge, once. Chromium only: the mandates, the one charge
// and what the store says are the sandbox's and the store's, which no engine changes. The panel
// under the page's strict CSP, axe-clean, in every engine: plan-mandate.spec.ts; its layout:
// e2e/iife/next-action-mandate.spec.ts; typing the card: e2e/element/typing.spec.ts.
import type { Demo } from '../../demo/start-demo.mjs';
import { ELO_PAID_CARD } from '../support/cards.mjs';
import { finalOutcome, submit, typeCard } from '../support/checkout.js';
import { expect, test } from '../support/engine-fixture.js';
import type { EnginePage } from '../support/engine-page.js';
import { engineAxeViolations } from '../support/axe.js';
import { askedMandate, bank, panelText, paymentsOf, plain, receiptRows, SAY, subscribe } from '../support/plan-mandate.js';

let demo: Demo;
// The worker's demo (support/engine-fixture.ts), shared with its other specs: this spec's mandates are the newest.
test.beforeAll(({ demo: workerDemo }) => { demo = workerDemo; });

const stepButtons = (page: EnginePage) => page.evaluate(() => [...document.querySelectorAll('#pay-outcome .next-steps button')].map((button) => button.textContent));

test('rejected, asked again, expired: each beside Pay with its next steps; the card then pays the order\'s same charge, once', async ({ enginePage: page }) => {
  const first = await subscribe(page, demo);
  await bank(demo, first.id, 'reject');
  await expect.poll(() => page.locator('#pay-outcome').attribute('data-mandate'), { timeout: 20_000 }).toBe('REJECTED');
  expect(await page.locator('#pay-outcome p').text()).toBe(SAY.rejected);
  expect(await stepButtons(page)).toEqual(['Ask for the authorisation again', 'Pay by card']);
  expect(await page.locator('#checkout').isVisible()).toBe(true);
  expect(await page.locator('#next').isVisible()).toBe(false);

  // Asked again: a new mandate, the same charge; the bank lets it expire.
  await page.byRole('button', { name: 'Ask for the authorisation again' }).click();
  await expect.poll(() => panelText(page, 'h2'), { timeout: 20_000 }).toBe(SAY.heading);
  await expect.poll(async () => (await askedMandate(demo)).id).not.toBe(first.id);
  const second = await askedMandate(demo);
  expect(second.chargeId).toBe(first.chargeId);
  await bank(demo, second.id, 'expire');
  await expect.poll(() => page.locator('#pay-outcome').attribute('data-mandate'), { timeout: 20_000 }).toBe('EXPIRED');
  expect(await page.locator('#pay-outcome p').text()).toBe(SAY.expired);

  // The card: the chooser follows, Pay says the plan's price, the card form pays the same charge.
  await page.byRole('button', { name: 'Pay by card' }).click();
  await expect.poll(() => page.evaluate(() => document.getElementById('methods')!.shadowRoot!.querySelector<HTMLInputElement>('input:checked')?.value)).toBe('card');
  await expect.poll(async () => plain(await page.locator('#pay .pay-label').text())).toBe('Pay R$29.90');
  expect(await page.locator('#pay-outcome').text()).toBe('');
  await typeCard(page, ELO_PAID_CARD);
  await submit(page);
  expect(await finalOutcome(page)).toBe('paid');
  expect((await receiptRows(page)).map(plain)).toEqual(['Amount paid: R$29.90', `Payment method: Elo card ending in ${ELO_PAID_CARD.number.replace(/\s/g, '').slice(-4)}`, 'Installments: In full']);
  expect(await paymentsOf(demo, first.chargeId)).toEqual(['CREDIT_CARD PAID']);
  expect(await engineAxeViolations(page)).toEqual([]);
});
