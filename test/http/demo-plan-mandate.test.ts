// The demo store's plan sold by PIX Automático (issue 40 item 3) over HTTP: POST /api/subscribe makes
// the order a PIX subscription of the plan and asks its mandate (journey 3: the code pays the first
// charge and authorises); the answer is what the page gives handleNextAction. Asked twice, it is one
// mandate; GET /api/order says the mandate's status as verified webhooks (mandate.updated, read back
// from the API) left it: approved, the first charge is paid and the order fulfilled once; rejected,
// the shopper may ask again (a new mandate) or pay the same charge another way.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo, type Demo } from '../../demo/start-demo.mjs';
import { testKeysDir } from '../../e2e/support/demo-keys.mjs';
import { API_KEY, COMPANY } from './support/sandbox-api.js';
import { newShopper, type Shopper } from './support/shopper.js';

let demo: Demo;
const fulfilled: string[] = [];
beforeAll(async () => { demo = await startDemo({ port: 0, keysDir: testKeysDir(), fulfil: (order) => { fulfilled.push(order.id); } }); });
afterAll(async () => demo?.close());

const subscribe = async (shopper: Shopper) => {
  const response = await fetch(`${demo.url}/api/subscribe?lang=en`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: shopper.cookie }, body: '{}' });
  return { status: response.status, body: await response.json() };
};
const bank = (mandateId: string, action: string) => fetch(`${demo.sandboxUrl}/sandbox/v1/mandates/bank`, {
  method: 'POST', headers: { 'content-type': 'application/json', apiKey: API_KEY }, body: JSON.stringify({ companyId: COMPANY, mandateId, action }),
});
const orderOf = (shopper: Shopper) => demo.merchant.orders.get(shopper.cookie.split('=')[1]!)!;
/**
 * The sandbox's transactions of `chargeId` and their statuses, read from its database (records.transactions
 * holds the API's recent ones only, not a PIX the bank's approval paid): one PAID is the charge paid once.
 */
const paymentsOf = async (chargeId: string) => (await demo.sandbox.db.query<{ made: string }>(
  "SELECT (data->>'paymentMethod') || ' ' || (data->>'status') AS made FROM transactions WHERE charge_id = $1 ORDER BY created_at", [chargeId])).map((row) => row.made);
const mandateOf = async (shopper: Shopper, status: string) => {
  await expect.poll(async () => (await shopper.order()).mandate?.status, { timeout: 10_000 }).toBe(status);
  return shopper.order();
};

describe('the plan by PIX Automático', () => {
  it('the authorisation code, one mandate however often asked; approved: the first charge paid, the order fulfilled once', async () => {
    const shopper = await newShopper(demo, 'en', { plan: true });
    const first = await subscribe(shopper);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ outcome: 'authorise', next: { mandate: { status: 'PENDING', journey: 3, periodicity: 'MENSAL', amount: 2990 }, code: { brCode: expect.stringMatching(/^000201/), pix: { amount: 2990 } } } });
    const again = await subscribe(shopper);
    expect(again.body.next.mandate._id).toBe(first.body.next.mandate._id);
    expect((await shopper.order()).mandate).toEqual({ status: 'PENDING', step: 'wait', message: 'Waiting for the authorisation in your bank app.' });
    expect((await bank(first.body.next.mandate._id, 'approve')).status).toBe(200);
    const order = await mandateOf(shopper, 'ACTIVE');
    expect(order.mandate.step).toBe('debited');
    await expect.poll(async () => (await shopper.order()).outcome, { timeout: 10_000 }).toBe('paid');
    expect((await shopper.order()).amount).toBe(2990);
    expect(fulfilled.filter((id) => id === fulfilled.at(-1))).toHaveLength(1);
    // Paid: asking again sends nothing, it answers the paid order.
    expect((await subscribe(shopper)).body.outcome).toBe('paid');
  });

  it('rejected: told with its next step; asked again, a new mandate', async () => {
    const shopper = await newShopper(demo, 'en', { plan: true });
    const first = await subscribe(shopper);
    expect((await bank(first.body.next.mandate._id, 'reject')).status).toBe(200);
    expect((await mandateOf(shopper, 'REJECTED')).mandate.step).toBe('ask-again-or-pay');
    expect((await shopper.order()).outcome).not.toBe('paid');
    const second = await subscribe(shopper);
    expect(second.body).toMatchObject({ outcome: 'authorise', next: { mandate: { status: 'PENDING' } } });
    expect(second.body.next.mandate._id).not.toBe(first.body.next.mandate._id);
  });

  it('expired: told with its next step', async () => {
    const shopper = await newShopper(demo, 'en', { plan: true });
    const first = await subscribe(shopper);
    expect((await bank(first.body.next.mandate._id, 'expire')).status).toBe(200);
    expect((await mandateOf(shopper, 'EXPIRED')).mandate.step).toBe('ask-again-or-pay');
  });

  it('rejected, then the card: the same charge (the order\'s one) paid by card, the order fulfilled once; then nothing is paid twice', async () => {
    const shopper = await newShopper(demo, 'en', { plan: true });
    const first = await subscribe(shopper);
    const chargeId = orderOf(shopper).chargeId!;
    expect(chargeId).toBe(first.body.next.charge._id);
    expect((await bank(first.body.next.mandate._id, 'reject')).status).toBe(200);
    expect((await mandateOf(shopper, 'REJECTED')).mandate.message).toBe('Your bank declined the PIX Automático authorisation. Ask for it again or pay by card.');
    const paid = await shopper.payByCard();
    expect(paid.body).toMatchObject({ outcome: 'paid', receipt: [['Amount paid', 'R$29.90'], ['Payment method', expect.stringMatching(/^Elo card ending in \d{4}$/)], ['Installments', 'In full']] });
    expect(orderOf(shopper).chargeId).toBe(chargeId);
    expect(await paymentsOf(chargeId)).toEqual(['CREDIT_CARD PAID']);
    await expect.poll(() => fulfilled.filter((id) => id === orderOf(shopper).id).length, { timeout: 10_000 }).toBe(1);
    // Paid: neither route sends anything again.
    expect((await subscribe(shopper)).body.outcome).toBe('paid');
    expect((await shopper.payByCard()).body.outcome).toBe('paid');
    expect(await paymentsOf(chargeId)).toEqual(['CREDIT_CARD PAID']);
    expect(fulfilled.filter((id) => id === orderOf(shopper).id)).toHaveLength(1);
  });

  it('the card while the mandate waits, then the bank approves it: the first charge is paid once, by the card', async () => {
    const shopper = await newShopper(demo, 'en', { plan: true });
    const first = await subscribe(shopper);
    const chargeId = orderOf(shopper).chargeId!;
    expect((await shopper.payByCard()).body.outcome).toBe('paid');
    expect((await bank(first.body.next.mandate._id, 'approve')).status).toBe(200);
    await mandateOf(shopper, 'ACTIVE');
    expect(await paymentsOf(chargeId)).toEqual(['CREDIT_CARD PAID']);
    expect((await shopper.order()).outcome).toBe('paid');
  });

  it('the card first on the plan\'s page: the plan\'s subscription is made and its first charge paid; PIX and boleto are not the plan\'s methods', async () => {
    const shopper = await newShopper(demo, 'en', { plan: true });
    expect((await shopper.pay({ method: 'pix' })).body).toMatchObject({ outcome: 'invalid', field: 'method' });
    const paid = await shopper.payByCard();
    expect(paid.body).toMatchObject({ outcome: 'paid', receipt: [['Amount paid', 'R$29.90'], expect.anything(), expect.anything()] });
    const order = orderOf(shopper);
    expect(order.plan?.subscriptionId).toBeTruthy();
    expect(await paymentsOf(order.chargeId!)).toEqual(['CREDIT_CARD PAID']);
  });

  it('the product\'s order is not the plan\'s: /api/subscribe refuses it on order, nothing made', async () => {
    const shopper = await newShopper(demo);
    const before = demo.sandbox.records.transactions.size;
    expect(await subscribe(shopper)).toEqual({ status: 409, body: { outcome: 'invalid', field: 'order', message: 'This order is not a subscription. Open the monthly plan\'s page to subscribe.' } });
    expect(orderOf(shopper).chargeId).toBeUndefined();
    expect(demo.sandbox.records.transactions.size).toBe(before);
  });
});

describe('the plan\'s page', () => {
  it('PIX Automático then card, svc-mandate.js pinned by its hash under the strict CSP; the product\'s page links to it; each page is an order of its own', async () => {
    const product = await fetch(`${demo.url}/?lang=en`);
    const productHtml = await product.text();
    expect(productHtml).toContain('<a id="plan-link" href="/?lang=en&amp;plan=monthly">Subscribe to the monthly plan with PIX Automático</a>');
    expect(productHtml).not.toContain('svc-mandate');
    const cookie = product.headers.get('set-cookie')!.split(';')[0]!;
    const page = await fetch(`${demo.url}/?lang=en&plan=monthly`, { headers: { cookie } });
    const html = await page.text();
    // Another order: the product's charge is never the plan's.
    expect(page.headers.get('set-cookie')?.split(';')[0]).not.toBe(cookie);
    expect(html).toMatch(/<svc-payment-methods[^>]* methods="pix-auto card"/);
    expect(html).toContain('<span class="product-price" id="price">R$29.90/month</span>');
    expect(html).toContain('<span class="pay-label">Subscribe with PIX Automático: R$29.90/month</span>');
    expect(html).toContain('hreflang="pt-BR" lang="pt-BR">Português</a>');
    expect(html).toContain('href="/?plan=monthly"');
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toMatch(/script-src 'self'( http:\/\/localhost:\d+)?;/);
    expect(csp).toContain("require-trusted-types-for 'script'");
    const tag = html.match(/<script src="(\/assets\/svc-mandate-[^"]+\.js)" integrity="(sha384-[^"]+)" crossorigin="anonymous" defer><\/script>/);
    expect(tag).not.toBeNull();
    const script = await fetch(`${demo.url}${tag![1]}`);
    const bytes = Buffer.from(await script.arrayBuffer());
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(`sha384-${createHash('sha384').update(bytes).digest('base64')}`).toBe(tag![2]);
    expect(html).not.toMatch(/<script(?![^>]* src=)/); // no inline script
  });
});
