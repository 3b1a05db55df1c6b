// @engines all
// The monthly plan by PIX Automático on the demo store (issue 40 item 3), in every engine: on the plan's
// page (?plan=monthly) PIX Automático is chosen first; Pay asks the store's server (POST /api/subscribe),
// and the page shows the authorisation (handleNextAction with svc-mandate.js, loaded under the page's
// strict CSP and Trusted Types): the code, the steps, the waiting, axe-clean. The test plays the payer's
// bank with the sandbox's action POST /sandbox/v1/mandates/bank. Approved: the code paid the first month
// with the authorisation, the page shows the order paid. Refused, asked again, expired, then paid by card
// (the sandbox's bookkeeping of one charge, which no engine changes): plan-mandate-retry.spec.ts, Chromium.
import type { Demo } from '../../demo/start-demo.mjs';
import { expect, test } from '../support/engine-fixture.js';
import { engineAxeViolations } from '../support/axe.js';
import { bank, panelText, paymentsOf, plain, receiptRows, SAY, subscribe } from '../support/plan-mandate.js';

let demo: Demo;
// The worker's demo (support/engine-fixture.ts), shared with its other specs: this spec's mandates are the newest.
test.beforeAll(({ demo: workerDemo }) => { demo = workerDemo; });

test('approved in the bank: the code paid the first month with the authorisation, the page shows the order paid', async ({ enginePage: page }) => {
  const mandate = await subscribe(page, demo);
  expect(await engineAxeViolations(page)).toEqual([]);
  await bank(demo, mandate.id, 'approve');
  await expect.poll(() => page.locator('#outcome').attribute('data-outcome'), { timeout: 20_000 }).toBe('paid');
  expect(await panelText(page, 'section > p[role="status"]:last-child')).toBe(SAY.active);
  expect((await receiptRows(page)).map(plain)).toEqual(['Amount paid: R$29.90', 'Payment method: PIX']);
  expect(await page.byRole('heading', { level: 1 }).text()).toBe('Order confirmed');
  expect(await paymentsOf(demo, mandate.chargeId)).toEqual(['PIX PAID']);
});
