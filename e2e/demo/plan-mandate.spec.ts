// @engines all
// The monthly plan by PIX Automático on the demo store (issue 40 item 3), in every engine: on the plan's
// page (?plan=monthly) PIX Automático is chosen first; Pay asks the store's server (POST /api/subscribe),
// and the page shows the authorisation (handleNextAction with svc-mandate.js, loaded under the page's
// strict CSP and Trusted Types): the code, the steps, the waiting. The test plays the payer's bank with
// the sandbox's action POST /sandbox/v1/mandates/bank (the mandate state table's approve, reject, expire).
// Approved: the code paid the first month with the authorisation, the page shows the order paid.
// Rejected, asked again, expired: each said beside Pay with its next steps; the card then pays the
// order's same charge, once.
import type { Demo } from '../../demo/start-demo.mjs';
import { ELO_PAID_CARD } from '../support/cards.mjs';
import { finalOutcome, submit, typeCard } from '../support/checkout.js';
import { expect, test } from '../support/engine-fixture.js';
import type { EnginePage } from '../support/engine-page.js';
import { engineAxeViolations } from '../support/axe.js';

const API_KEY = 'sbx_demo.sandbox-secret-not-for-production';
const PANEL = '#next [data-svc-next-action]';
const plain = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');

let demo: Demo;
// The worker's demo (support/engine-fixture.ts), shared with its other specs: this spec's mandates are the newest.
test.beforeAll(({ demo: workerDemo }) => { demo = workerDemo; });

/** The mandate the page just asked for (the newest PENDING one): its id and the charge its code pays. */
async function askedMandate(): Promise<{ id: string; chargeId: string }> {
  const rows = await demo.sandbox.db.query<{ id: string; charge: string }>(
    "SELECT id, data->>'chargeId' AS charge FROM mandates WHERE status = 'PENDING' ORDER BY created_at DESC, id LIMIT 1");
  return { id: rows[0]!.id, chargeId: rows[0]!.charge };
}

/** The charge's transactions as the sandbox's database has them (records.transactions holds the API's recent ones only). */
const paymentsOf = async (chargeId: string) => (await demo.sandbox.db.query<{ made: string }>(
  "SELECT (data->>'paymentMethod') || ' ' || (data->>'status') AS made FROM transactions WHERE charge_id = $1 ORDER BY created_at", [chargeId])).map((row) => row.made);

async function bank(mandateId: string, action: 'approve' | 'reject' | 'expire') {
  const response = await fetch(`${demo.sandboxUrl}/sandbox/v1/mandates/bank`, {
    method: 'POST', headers: { 'content-type': 'application/json', apiKey: API_KEY }, body: JSON.stringify({ companyId: 'company_demo', mandateId, action }),
  });
  expect(response.status).toBe(200);
}

/** The panel's words (src/next-action/mandate-texts.ts, en) and the store's (demo/merchant/messages.mjs). */
const SAY = {
  heading: 'Authorise PIX Automático',
  steps: ['Copy the code.', 'In your bank app, choose PIX copy and paste.', 'Paste the code, check the amount and frequency, and authorise.'],
  waiting: 'Waiting for the authorisation in your bank app…',
  active: 'PIX Automático authorised: each charge will be debited on its due date, with nothing for you to do. You can cancel it in your bank app.',
  rejected: 'Your bank declined the PIX Automático authorisation. Ask for it again or pay by card.',
  expired: 'The authorisation request expired unanswered. Ask for it again or pay by card.',
};

const panelText = (page: EnginePage, selector: string) => page.evaluate(([host, inner]) => document.querySelector(host)?.shadowRoot?.querySelector(inner)?.textContent ?? null, [PANEL, selector] as const);
const receiptRows = (page: EnginePage) => page.evaluate(() => [...document.querySelectorAll('#outcome .receipt dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling!.textContent}`));
const stepButtons = (page: EnginePage) => page.evaluate(() => [...document.querySelectorAll('#pay-outcome .next-steps button')].map((button) => button.textContent));

/** Opens the plan's page (English, the inline card form) and asks for the authorisation: the panel shows; answers the mandate. */
async function subscribe(page: EnginePage) {
  await expect.poll(() => page.evaluate(() => document.getElementById('methods')?.shadowRoot?.querySelector<HTMLInputElement>('input:checked')?.value ?? null)).toBe('pix-auto');
  await expect.poll(async () => plain(await page.locator('#pay').text())).toContain('Subscribe with PIX Automático: R$29.90/month');
  await expect.poll(() => page.locator('#pay').isEnabled()).toBe(true);
  await page.locator('#pay').evaluate((button: HTMLElement) => button.scrollIntoView({ block: 'nearest' }));
  await page.locator('#pay').click();
  await expect.poll(() => panelText(page, 'h2'), { timeout: 20_000 }).toBe(SAY.heading);
  const mandate = await askedMandate();
  // The code shown is this mandate's: its recorrência's location names it (the BR Code's payload URL).
  const code = await page.shadow(PANEL, 'input').value();
  expect(code).toMatch(/^000201/);
  expect(code).toContain(`/sandbox/v1/rec/${mandate.id}`);
  expect(await page.evaluate((host) => [...document.querySelector(host)!.shadowRoot!.querySelectorAll('ol li')].map((li) => li.textContent), PANEL)).toEqual(SAY.steps);
  expect(await panelText(page, 'section > p[role="status"]:last-child')).toBe(SAY.waiting);
  expect(await page.locator('#checkout').isVisible()).toBe(false);
  return mandate;
}

test('approved in the bank: the code paid the first month with the authorisation, the page shows the order paid', async ({ enginePage: page }) => {
  await page.goto(`${demo.url}/?lang=en&plan=monthly&isolation=inline`);
  const mandate = await subscribe(page);
  expect(await engineAxeViolations(page)).toEqual([]);
  await bank(mandate.id, 'approve');
  await expect.poll(() => page.locator('#outcome').attribute('data-outcome'), { timeout: 20_000 }).toBe('paid');
  expect(await panelText(page, 'section > p[role="status"]:last-child')).toBe(SAY.active);
  expect((await receiptRows(page)).map(plain)).toEqual(['Amount paid: R$29.90', 'Payment method: PIX']);
  expect(await page.byRole('heading', { level: 1 }).text()).toBe('Order confirmed');
  expect(await paymentsOf(mandate.chargeId)).toEqual(['PIX PAID']);
});

test('rejected, asked again, expired: each beside Pay with its next steps; the card then pays the order\'s same charge, once', async ({ enginePage: page }) => {
  await page.goto(`${demo.url}/?lang=en&plan=monthly&isolation=inline`);
  const first = await subscribe(page);
  await bank(first.id, 'reject');
  await expect.poll(() => page.locator('#pay-outcome').attribute('data-mandate'), { timeout: 20_000 }).toBe('REJECTED');
  expect(await page.locator('#pay-outcome p').text()).toBe(SAY.rejected);
  expect(await stepButtons(page)).toEqual(['Ask for the authorisation again', 'Pay by card']);
  expect(await page.locator('#checkout').isVisible()).toBe(true);
  expect(await page.locator('#next').isVisible()).toBe(false);

  // Asked again: a new mandate, the same charge; the bank lets it expire.
  await page.byRole('button', { name: 'Ask for the authorisation again' }).click();
  await expect.poll(() => panelText(page, 'h2'), { timeout: 20_000 }).toBe(SAY.heading);
  await expect.poll(async () => (await askedMandate()).id).not.toBe(first.id);
  const second = await askedMandate();
  expect(second.chargeId).toBe(first.chargeId);
  await bank(second.id, 'expire');
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
  expect(await paymentsOf(first.chargeId)).toEqual(['CREDIT_CARD PAID']);
  expect(await engineAxeViolations(page)).toEqual([]);
});
