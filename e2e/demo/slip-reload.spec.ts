// @engines chromium
// A PIX or boleto survives a reload (issue 27, tried as a shopper): reloading the page while it waits
// (a phone that dropped the tab, a pull-to-refresh while the bank app is open) shows the same QR and
// code and goes on waiting, in every engine. Before, the page came back to the checkout: the shopper
// paid the first PIX in the bank app while the page showed none, or made a second charge with Pay.
// And the shopper who would rather pay another way says so: the wait ends, the methods come back.
import type { Demo } from '../../demo/start-demo.mjs';
import { PAID_CARD } from '../support/cards.mjs';
import { checkoutUrl, finalOutcome, submit, typeCard } from '../support/checkout.js';
import { expect, test } from '../support/engine-fixture.js';
import type { EnginePage } from '../support/engine-page.js';

const API_KEY = 'sbx_demo.sandbox-secret-not-for-production';
const STEP = '#next [data-svc-next-action]';

let demo: Demo;
// The worker's demo (support/engine-fixture.ts), read by deltas (charges made after `before`, the newest waiting PIX).
test.beforeAll(({ demo: workerDemo }) => { demo = workerDemo; });

const charges = async () => (await demo.sandbox.db.query<{ n: number }>('SELECT count(*)::int AS n FROM charges'))[0]!.n;
const shownCode = (page: EnginePage) => page.evaluate((host) => document.querySelector(host)?.shadowRoot?.querySelector('input')?.value ?? null, STEP);

/** The inline English checkout, PIX chosen and Pay pressed: waits for its code; gives the page's address and the code. */
async function payWithPix(page: EnginePage): Promise<{ url: string; code: string | null }> {
  const url = checkoutUrl(demo.url, 'en', 'inline');
  await page.goto(url);
  await expect.poll(() => page.evaluate(() => !!document.getElementById('methods')?.shadowRoot?.querySelector('input:checked'))).toBe(true);
  await page.shadow('#methods', 'input[value="pix"]').click();
  await expect.poll(() => page.locator('#pay').isEnabled()).toBe(true);
  await page.locator('#pay').click();
  await expect.poll(() => shownCode(page), { timeout: 20_000 }).toMatch(/^000201/);
  return { url, code: await shownCode(page) };
}

test('pix: reloaded while it waits, the page shows the same code and goes on waiting; no second charge; paid ends it, and a reload then shows the receipt', async ({ enginePage: page }) => {
  const before = await charges();
  const { url, code } = await payWithPix(page);
  expect(await charges()).toBe(before + 1);

  await page.goto(url); // the reload
  await expect.poll(() => shownCode(page), { timeout: 20_000 }).toBe(code);
  expect(await page.locator('#checkout').isVisible()).toBe(false);
  expect(await page.shadow(STEP, 'section > p[role="status"]:last-child').text()).toBe('Waiting for the payment…');
  expect(await charges()).toBe(before + 1);

  const { id } = (await demo.sandbox.db.query<{ id: string }>("SELECT id FROM charges WHERE data->'slip'->>'paymentMethod' = 'PIX' AND status <> 'PAID' ORDER BY data->'slip'->>'issuedAt' DESC LIMIT 1"))[0]!;
  const settled = await fetch(`${demo.sandboxUrl}/sandbox/v1/charges/settle`, {
    method: 'POST', headers: { 'content-type': 'application/json', apiKey: API_KEY }, body: JSON.stringify({ companyId: 'company_demo', chargeId: id, paymentMethod: 'PIX' }),
  });
  expect(settled.status).toBe(200);
  await expect.poll(() => page.locator('#outcome').attribute('data-outcome'), { timeout: 20_000 }).toBe('paid');
  const receipt = await page.locator('#outcome').text();
  // Paid is over: a reload after it shows the receipt again, neither the old QR nor a checkout to pay twice.
  await page.goto(url);
  await expect.poll(() => page.locator('#outcome').text()).toBe(receipt);
  expect(await page.locator('#checkout').isVisible()).toBe(false);
  expect(await page.evaluate((host) => document.querySelector(host), STEP)).toBeNull();
  expect(await charges()).toBe(before + 1);
  await page.locator('#new-order').click();
  await expect.poll(() => page.locator('#checkout').isVisible()).toBe(true);
});

test('pix: "Choose another way to pay" while it waits ends the wait: the methods and the card come back, the focus on the chosen method, no more asking the store, a reload shows the checkout', async ({ enginePage: page }) => {
  const { url } = await payWithPix(page);
  const other = page.byRole('button', { name: 'Choose another way to pay' });
  expect(await other.isVisible()).toBe(true);
  await other.click();
  await expect.poll(() => page.locator('#checkout').isVisible()).toBe(true);
  expect(await page.evaluate((host) => document.querySelector(host), STEP)).toBeNull();
  expect(await other.count() && await other.isVisible()).toBeFalsy();
  expect(await page.locator('#outcome').text()).toBe('');
  // The focus on the method chosen, where the shopper chooses another.
  expect(await page.evaluate(() => document.activeElement?.id === 'methods' && (document.activeElement.shadowRoot!.activeElement as HTMLInputElement | null)?.value)).toBe('pix');
  await page.shadow('#methods', 'input[value="card"]').click();
  await expect.poll(async () => (await page.locator('#pay').text()).replace(/\u00a0/g, ' ')).toContain('Pay R$129.90');
  const asked = async () => (await page.requests()).filter((name) => name.includes('/api/order?')).length;
  const before = await asked();
  await new Promise((resolve) => setTimeout(resolve, 4500)); // two of the page's 2 s rounds
  expect(await asked()).toBe(before);
  await page.goto(url);
  await expect.poll(() => page.locator('#checkout').isVisible()).toBe(true);
  expect(await page.evaluate((host) => document.querySelector(host), STEP)).toBeNull();
});

// Issue 41: the PIX and the card are one order's one charge. The shopper who opens a PIX, chooses
// another way and pays by card leaves nothing payable: the bank's settle of that PIX is refused.
test('pix issued, then another way chosen and the card paid: the same charge, the PIX settle refused, one PAID', async ({ enginePage: page }) => {
  await payWithPix(page);
  // The card makes no new charge: it pays the PIX's. (Counted from here: in WebKitGTK's one tab the
  // cookie, so the order and its charge, may come from the test before.)
  const before = await charges();
  const { id } = (await demo.sandbox.db.query<{ id: string }>("SELECT id FROM charges WHERE data->'slip'->>'paymentMethod' = 'PIX' AND status <> 'PAID' ORDER BY data->'slip'->>'issuedAt' DESC LIMIT 1"))[0]!;
  await page.byRole('button', { name: 'Choose another way to pay' }).click();
  await page.shadow('#methods', 'input[value="card"]').click();
  await expect.poll(() => page.locator('#pay').isEnabled()).toBe(true);
  await typeCard(page, PAID_CARD);
  await submit(page);
  expect(await finalOutcome(page)).toBe('paid');
  expect(await charges()).toBe(before);
  const settled = await fetch(`${demo.sandboxUrl}/sandbox/v1/charges/settle`, {
    method: 'POST', headers: { 'content-type': 'application/json', apiKey: API_KEY }, body: JSON.stringify({ companyId: 'company_demo', chargeId: id, paymentMethod: 'PIX' }),
  });
  expect({ status: settled.status, msg: (await settled.json()).error_messages?.[0]?.msg }).toEqual({ status: 400, msg: 'the charge is already paid' });
  const paid = await demo.sandbox.db.query<{ n: number }>("SELECT count(*)::int AS n FROM transactions WHERE charge_id = $1 AND status = 'PAID'", [id]);
  expect(paid[0]!.n).toBe(1);
  await page.evaluate(() => sessionStorage.clear()); // the receipt kept for the tab: WebKitGTK's one tab goes on to the next test
});
