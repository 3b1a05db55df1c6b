// Money as a merchant integrating would try it (session 24): sums to the cent,
// payments that cross each other on one charge. Each test names the defect it
// guards (see the commit that added it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { clockCompany } from './support/clock-company.js';
import { PAID_PROFILE, SANDBOX_CAPTCHA_TOKEN, call, memorySandbox } from './support/sandbox.js';
import { CHALLENGE_PROFILE as CHALLENGE } from '../../test-support/cards.mjs';


let sandbox: Sandbox;
beforeAll(async () => { sandbox = await memorySandbox(); });
afterAll(async () => sandbox?.close());

const complete = (url: string) => sandbox.app.inject({ method: 'POST', url: `${new URL(url).pathname}/complete`, payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });

describe('a held card payment approved after its charge was paid another way', () => {
  async function setup() {
    const c = await clockCompany(sandbox);
    const charge = (await c.as('POST', '/v1/charge', { companyId: c.companyId, clientId: c.client._id, productId: c.product._id, dueDate: await c.today(), amount: 50 })).body;
    const pay = (extra: Record<string, unknown>) => call(sandbox, 'POST', '/v1/charge/pay', { _id: charge._id, companyId: c.companyId, captchaToken: SANDBOX_CAPTCHA_TOKEN, ...extra }, {});
    const full = async (id: string) => (await c.as('GET', `/v1/transaction/full?transactionId=${id}`)).body;
    return { c, charge, pay, full };
  }

  it('a 3-D Secure challenge completed after the charge was paid by PIX is voided: CANCELED, no payables, the charge paid once', async () => {
    const { c, charge, pay, full } = await setup();
    const held = (await pay({ paymentMethod: 'CREDIT_CARD', paymentProfile: CHALLENGE })).body.transaction;
    expect(held.status).toBe('PENDING_3DS');
    const settled = (await c.as('POST', '/sandbox/v1/charges/settle', { companyId: c.companyId, chargeId: charge._id, paymentMethod: 'PIX' })).body;
    expect(settled.charge.status).toBe('PAID');
    expect((await complete(held.nextAction.url)).statusCode).toBe(200);
    const late = await full(held._id);
    expect(late).toMatchObject({ status: 'CANCELED', message: expect.stringMatching(/^Voided/) });
    expect(late.payables).toEqual([]);
    const paid = (await c.as('GET', `/v1/transaction?chargeId=${charge._id}&status=PAID`)).body.items;
    expect(paid.map((t: { _id: string }) => t._id)).toEqual([settled.transaction._id]);
    const owed = (await c.as('GET', `/sandbox/v1/payables?companyId=${c.companyId}`)).body.items;
    expect(owed.reduce((sum: number, p: { grossAmount: number }) => sum + p.grossAmount, 0)).toBe(5000);
  });

  it('a PROCESSING payment the provider approves after the charge was paid by another card is voided the same way', async () => {
    const { c, charge, pay, full } = await setup();
    const provider = (await c.as('POST', '/v1/transaction', { companyId: c.companyId, amount: 100, paymentProfile: PAID_PROFILE })).body.acquirer.provider;
    await c.as('POST', '/sandbox/v1/faults', { companyId: c.companyId, providerId: provider, kind: 'delayed', seconds: 3600 });
    const held = (await pay({ paymentMethod: 'CREDIT_CARD', paymentProfile: PAID_PROFILE })).body.transaction;
    expect(held.status).toBe('PROCESSING');
    const other = await c.as('POST', '/sandbox/v1/charges/settle', { companyId: c.companyId, chargeId: charge._id, paymentMethod: 'BOLETO' });
    expect(other.body.charge.status).toBe('PAID');
    await c.as('POST', '/sandbox/v1/clock/advance', { companyId: c.companyId, seconds: 11 * 60 });
    const late = await full(held._id);
    expect(late).toMatchObject({ status: 'CANCELED', message: expect.stringMatching(/^Voided/) });
    expect(late.payables).toEqual([]);
  });
});

describe('a refund the provider refused', () => {
  it('a transaction ERROR_REFUNDED (its RDR refund refused) can still be refunded by PUT /v1/transaction/cancel: CANCELED, payables reversed, the charge CANCELED', async () => {
    const c = await clockCompany(sandbox);
    const charge = (await c.as('POST', '/v1/charge', { companyId: c.companyId, clientId: c.client._id, productId: c.product._id, dueDate: await c.today(), amount: 80 })).body;
    const paid = (await call(sandbox, 'POST', '/v1/charge/pay', { _id: charge._id, companyId: c.companyId, captchaToken: SANDBOX_CAPTCHA_TOKEN, paymentMethod: 'CREDIT_CARD', paymentProfile: PAID_PROFILE }, {})).body.transaction;
    await c.as('POST', '/sandbox/v1/faults', { companyId: c.companyId, providerId: paid.acquirer.provider, kind: 'refund_refused', seconds: 3600 });
    expect((await c.as('POST', '/sandbox/v1/alerts/raise', { companyId: c.companyId, transactionId: paid._id, type: 'NETWORK_B' })).body.status).toBe('ERROR_REFUNDED');
    const refund = await c.as('PUT', '/v1/transaction/cancel', { companyId: c.companyId, transactionId: paid._id });
    expect(refund.status).toBe(204);
    const after = (await c.as('GET', `/v1/transaction/full?transactionId=${paid._id}`)).body;
    expect(after.status).toBe('CANCELED');
    expect(after.payables.map((p: { status: string; grossAmount: number }) => [p.status, p.grossAmount])).toEqual([['REVERSED', 8000]]);
    expect((await c.as('GET', `/sandbox/v1/events?companyId=${c.companyId}&limit=500`)).body.items.filter((e: { type: string }) => e.type === 'charge.updated').at(-1).data.charge.status).toBe('CANCELED');
  });
});

describe('PUT /v1/transaction/cancel with an amount', () => {
  it('an amount other than the whole is refused 400 on amount and refunds nothing; the whole amount refunds as without it', async () => {
    const c = await clockCompany(sandbox);
    const paid = (await c.as('POST', '/v1/transaction', { companyId: c.companyId, amount: 5000, paymentProfile: PAID_PROFILE })).body;
    const partial = await c.as('PUT', '/v1/transaction/cancel', { companyId: c.companyId, transactionId: paid._id, amount: 1000 });
    expect(partial.status).toBe(400);
    expect(partial.body.error_messages).toEqual([expect.objectContaining({ path: 'amount', msg: expect.stringMatching(/whole amount \(5000 cents\)/) })]);
    expect((await c.as('PUT', '/v1/transaction/cancel', { companyId: c.companyId, transactionId: paid._id, amount: 50.5 })).body.error_messages[0].path).toBe('amount');
    const still = (await c.as('GET', `/v1/transaction/full?transactionId=${paid._id}`)).body;
    expect([still.status, still.payables.map((p: { status: string }) => p.status)]).toEqual(['PAID', ['WAITING_FUNDS']]);
    expect((await c.as('PUT', '/v1/transaction/cancel', { companyId: c.companyId, transactionId: paid._id, amount: 5000 })).status).toBe(204);
    expect((await c.as('GET', `/v1/transaction/full?transactionId=${paid._id}`)).body.status).toBe('CANCELED');
  });
});

describe("the bank's settle of a charge whose PIX or boleto was issued", () => {
  it("settles only the method issued (400 on paymentMethod, nothing paid); a boleto by its line or the PIX it carries; without a slip any method the charge offers", async () => {
    const c = await clockCompany(sandbox);
    const open = async () => (await c.as('POST', '/v1/charge', { companyId: c.companyId, clientId: c.client._id, productId: c.product._id, dueDate: await c.today(), amount: 50 })).body;
    const charge = await open();
    const issued = await call(sandbox, 'POST', '/v1/charge/pay', { _id: charge._id, companyId: c.companyId, captchaToken: SANDBOX_CAPTCHA_TOKEN, paymentMethod: 'PIX' }, {});
    expect(issued.body.charge.slip.paymentMethod).toBe('PIX');
    // The shopper was given a PIX, which carries no boleto: a boleto settle of it would pay a line nobody was given.
    const crossed = await c.as('POST', '/sandbox/v1/charges/settle', { companyId: c.companyId, chargeId: charge._id, paymentMethod: 'BOLETO' });
    expect(crossed.status).toBe(400);
    expect(crossed.body.error_messages).toEqual([expect.objectContaining({ path: 'paymentMethod', msg: expect.stringMatching(/PIX/) })]);
    expect((await c.as('GET', `/v1/transaction?chargeId=${charge._id}&status=PAID`)).body.items).toEqual([]);
    const settled = await c.as('POST', '/sandbox/v1/charges/settle', { companyId: c.companyId, chargeId: charge._id, paymentMethod: 'PIX' });
    expect(settled.body.transaction).toMatchObject({ status: 'PAID', paymentMethod: 'PIX' });
    // A boleto carries a PIX (bolepix.test.ts): settled by either, once.
    const boleto = await open();
    await call(sandbox, 'POST', '/v1/charge/pay', { _id: boleto._id, companyId: c.companyId, captchaToken: SANDBOX_CAPTCHA_TOKEN, paymentMethod: 'BOLETO' }, {});
    expect((await c.as('POST', '/sandbox/v1/charges/settle', { companyId: c.companyId, chargeId: boleto._id, paymentMethod: 'PIX' })).body.transaction).toMatchObject({ status: 'PAID', paymentMethod: 'PIX' });
    const none = await open(); // no slip issued: the bank may settle any method the charge offers
    expect((await c.as('POST', '/sandbox/v1/charges/settle', { companyId: c.companyId, chargeId: none._id, paymentMethod: 'PIX' })).body.transaction).toMatchObject({ status: 'PAID', paymentMethod: 'PIX' });
  });
});
