// The product's rules (issue 22 item 3) wherever a payment or a record names a
// product or a charge; the decisions are in the description (http/docs/product-rules.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESCRIPTION } from '../../packages/sandbox/http/description.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { clockCompany } from './support/clock-company.js';
import { PAID_PROFILE, SANDBOX_CAPTCHA_TOKEN, call, memorySandbox } from './support/sandbox.js';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await memorySandbox(); });
afterAll(async () => sandbox?.close());

const method = (type: string, active = true) => ({ type, active, installments: [{ installment: 1 }] });
const paths = (answer: { status: number; body: any }) => ({ status: answer.status, paths: (answer.body.error_messages ?? []).map((m: { path: string }) => m.path) });
const addDay = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A company (clockCompany) with a second product of the given body members, and calls to use it. */
async function companyWith(product: Record<string, unknown>, rules: Record<string, unknown> = {}) {
  const c = await clockCompany(sandbox, rules);
  const made = (await c.as('POST', '/v1/product', { companyId: c.companyId, product: { price: 25, title: 'Outro', warranty: 0 }, ...product })).body;
  const client = (await c.as('GET', `/v1/client?companyId=${c.companyId}`)).body.items[0];
  const pay = (chargeId: string, extra: Record<string, unknown>) =>
    call(sandbox, 'POST', '/v1/charge/pay', { _id: chargeId, companyId: c.companyId, paymentMethod: 'CREDIT_CARD', captchaToken: SANDBOX_CAPTCHA_TOKEN, paymentProfile: PAID_PROFILE, ...extra }, {});
  return {
    ...c, base: { v1: c.v1, v2: c.v2 }, productId: made._id as string, clientId: client._id as string, pay,
    v1: (extra: Record<string, unknown> = {}) => c.as('POST', '/v1/subscription', { companyId: c.companyId, product: { id: made._id }, paymentMethod: 'CREDIT_CARD', paymentProfile: PAID_PROFILE, ...extra }),
    v2: async (extra: Record<string, unknown> = {}) => c.as('POST', '/v2/subscription', { companyId: c.companyId, productId: made._id, clientId: client._id, dueDate: await c.today(), paymentMethod: 'CREDIT_CARD', ...extra }),
    charge: (extra: Record<string, unknown> = {}) => c.as('POST', '/v1/charge', { companyId: c.companyId, productId: made._id, clientId: client._id, dueDate: '2030-01-10', amount: 10, ...extra }),
  };
}

const RULES = { frequencyDays: 30, deniedIntervalDays: 1, maxDeniedAttempts: 2, invoiceIdentification: 'X' };

describe('a product not on sale', () => {
  for (const [name, flags] of [['inactive (active false)', { active: false }], ['deleted (deleted true)', { deleted: true }], ['both', { active: false, deleted: true }]] as const) {
    it(`${name}: POST /v1/subscription 400 on product.id; /v2, a batch item, POST /v1/charge and PUT /v1/subscription 400 on productId`, async () => {
      const c = await companyWith(flags);
      const v1 = await c.v1();
      expect(paths(v1)).toEqual({ status: 400, paths: ['product.id'] });
      expect(v1.body.error_messages[0].msg).toMatch(/takes no new subscription or charge/);
      expect(paths(await c.v2())).toEqual({ status: 400, paths: ['productId'] });
      expect(paths(await c.charge())).toEqual({ status: 400, paths: ['productId'] });
      const { subscription } = await c.base.v2(); // on the company's first product, on sale
      expect(paths(await c.as('PUT', '/v1/subscription', { _id: subscription._id, companyId: c.companyId, productId: c.productId }))).toEqual({ status: 400, paths: ['productId'] });
      const queued = (await c.as('POST', '/v1/subscription/list', { companyId: c.companyId, list: [{ productId: c.productId, clientId: c.clientId, dueDate: '2030-05-01', paymentMethod: 'PIX' }] })).body;
      let batch;
      do {
        await new Promise((resolve) => setTimeout(resolve, 50));
        batch = (await c.as('GET', `/sandbox/v1/subscription/batches/${queued.batchId}`)).body;
      } while (batch.status !== 'done');
      expect(batch.results[0]).toMatchObject({ status: 'failed', errors: [{ path: 'productId' }] });
    });
  }

  it('inactive after the sale: its subscriptions still renew and their charges are paid; deleted: charge/pay 400 on _id and the clock ends the subscription (row 10)', async () => {
    const c = await companyWith({ charge: { ...RULES, frequencyDays: 5, paymentMethod: [method('CREDIT_CARD'), method('PIX')] } });
    const sub = (await c.v2({ paymentMethod: 'PIX' })).body;
    await sandbox.db.query(`UPDATE products SET data = data || '{"active":false}' WHERE id = $1`, [c.productId]);
    expect((await c.pay(sub.charge._id, {})).body.charge.status).toBe('PAID');
    expect((await c.advance(5)).moves).toEqual(expect.arrayContaining([expect.objectContaining({ row: 1, resource: 'charge', to: 'ACTIVE' })]));
    const renewal = (await c.full(sub.subscription._id)).charges[1];
    await sandbox.db.query(`UPDATE products SET data = data || '{"deleted":true}' WHERE id = $1`, [c.productId]);
    const refused = await c.pay(renewal._id, {});
    expect(paths(refused)).toEqual({ status: 400, paths: ['_id'] });
    expect(refused.body.error_messages[0].msg).toMatch(/deleted/);
    expect((await c.advance(1)).moves).toEqual([
      { row: 10, resource: 'charge', id: renewal._id, to: 'CANCELED_MANUAL' }, { row: 10, resource: 'subscription', id: sub.subscription._id, to: 'CANCELED_MANUAL' },
    ]);
    expect(await c.full(sub.subscription._id)).toMatchObject({ status: 'CANCELED_MANUAL', active: false });
  });
});

describe('the payment methods a product offers', () => {
  it('a method absent from charge.paymentMethod, or whose entry is inactive: 400 on paymentMethod naming the offered ones (v1, v2, charge/pay)', async () => {
    const c = await companyWith({ charge: { ...RULES, paymentMethod: [method('CREDIT_CARD'), method('PIX', false)] } });
    const pix = await c.v1({ paymentMethod: 'PIX', paymentProfile: undefined });
    expect(paths(pix)).toEqual({ status: 400, paths: ['paymentMethod'] });
    expect(pix.body.error_messages[0].msg).toMatch(/PIX is not active .*\(offered: CREDIT_CARD\)/);
    const debit = await c.v1({ paymentMethod: 'DEBIT_CARD' });
    expect(debit.body.error_messages[0]).toMatchObject({ path: 'paymentMethod', msg: expect.stringMatching(/DEBIT_CARD is not offered .*\(offered: CREDIT_CARD\)/) });
    expect(paths(await c.v2({ paymentMethod: 'BOLETO' }))).toEqual({ status: 400, paths: ['paymentMethod'] });
    const { charge } = (await c.v2()).body;
    expect(charge.paymentMethods).toEqual(['CREDIT_CARD']);
    const byPix = await c.pay(charge._id, { paymentMethod: 'PIX', paymentProfile: undefined });
    expect(byPix.body.error_messages).toEqual([expect.objectContaining({ path: 'paymentMethod', msg: expect.stringContaining('(offered: CREDIT_CARD)') })]);
  });

  it('a product without charge rules takes every method (and renews every 30 days)', async () => {
    const c = await companyWith({});
    const pix = await c.v1({ paymentMethod: 'BOLETO', paymentProfile: undefined });
    expect(pix.status).toBe(200);
    expect(pix.body.nextChargeDate).toBe(addDay(await c.today(), 30));
    expect((await c.charge()).body.paymentMethods).toEqual(['CREDIT_CARD', 'DEBIT_CARD', 'BOLETO', 'PIX']);
  });

  it('PUT /v1/subscription to a product that does not offer the subscription\'s method: 400 on productId', async () => {
    const c = await companyWith({ charge: { ...RULES, paymentMethod: [method('CREDIT_CARD')] } });
    const { subscription } = await c.base.v2(); // PIX, on the company's first product
    const moved = await c.as('PUT', '/v1/subscription', { _id: subscription._id, companyId: c.companyId, productId: c.productId });
    expect(moved.body.error_messages).toEqual([expect.objectContaining({ path: 'productId', msg: expect.stringMatching(/PIX is not offered .*\(offered: CREDIT_CARD\)/) })]);
  });
});

describe('the charge\'s own payment methods (4.4)', () => {
  it('POST /v1/charge: paymentMethods must be offered by the product (400 on paymentMethods[i]); by default the product\'s offered methods', async () => {
    const c = await companyWith({ charge: { ...RULES, paymentMethod: [method('CREDIT_CARD'), method('PIX'), method('BOLETO', false)] } });
    expect((await c.charge()).body.paymentMethods).toEqual(['CREDIT_CARD', 'PIX']);
    const refused = await c.charge({ paymentMethods: ['PIX', 'BOLETO', 'DEBIT_CARD'] });
    expect(paths(refused)).toEqual({ status: 400, paths: ['paymentMethods[1]', 'paymentMethods[2]'] });
  });

  it('POST /v1/charge/pay with a method the charge does not list: 400 on paymentMethod naming the charge\'s methods; one it lists pays', async () => {
    const c = await companyWith({});
    const charge = (await c.charge({ paymentMethods: ['PIX'] })).body;
    const byCard = await c.pay(charge._id, {});
    expect(byCard.body.error_messages).toEqual([expect.objectContaining({ path: 'paymentMethod', msg: 'paymentMethod CREDIT_CARD is not offered for this charge (offered: PIX)' })]);
    expect((await c.pay(charge._id, { paymentMethod: 'PIX', paymentProfile: undefined })).body).toMatchObject({ status: 'PENDING_PAYMENT', charge: { status: 'PENDING_PAYMENT' } });
  });

  it('the sandbox bank settles only a method the charge lists (400 on paymentMethod)', async () => {
    const c = await companyWith({});
    const charge = (await c.charge({ paymentMethods: ['CREDIT_CARD', 'BOLETO'] })).body;
    const settle = (paymentMethod: string) => c.as('POST', '/sandbox/v1/charges/settle', { companyId: c.companyId, chargeId: charge._id, paymentMethod });
    expect(paths(await settle('PIX'))).toEqual({ status: 400, paths: ['paymentMethod'] });
    expect((await settle('BOLETO')).body.charge.status).toBe('PAID');
  });
});

describe('a first due date in the past (POST /v2/subscription, an import)', () => {
  it('the first charge keeps its date and goes OVERDUE; renewals start after today in its cadence, one per period: missed periods are not billed', async () => {
    const c = await companyWith({ charge: { ...RULES, frequencyDays: 10, paymentMethod: [method('CREDIT_CARD'), method('PIX')] } });
    const today = await c.today();
    const due = addDay(today, -95); // 9.5 periods ago
    const made = (await c.v2({ paymentMethod: 'PIX', dueDate: due })).body;
    expect(made.charge.dueDate).toBe(due);
    // due + 100 days: the first date of its cadence after today; never one of the nine already past.
    expect(made.subscription.nextChargeDate).toBe(addDay(due, 100));
    // The company's only subscription: one renewal (on due + 100) in 12 days, where the days before this fix opened one a day.
    expect((await c.advance(12)).moves.filter((m: { row: number }) => m.row === 1)).toHaveLength(1);
    const { charges } = await c.full(made.subscription._id);
    expect(charges.map((charge: { dueDate: string; status: string }) => [charge.dueDate, charge.status])).toEqual([[due, 'OVERDUE'], [addDay(due, 100), 'OVERDUE']]);
    // A due date exactly one period ago: its charge is that period's, so the next is one period from today.
    const last = (await c.v2({ paymentMethod: 'PIX', dueDate: addDay(await c.today(), -10) })).body;
    expect(last.subscription.nextChargeDate).toBe(addDay(await c.today(), 10));
  });
});

describe('frequencyDays 0: no renewal', () => {
  it('POST /v1/subscription and /v2 set no nextChargeDate; the clock never opens a second charge', async () => {
    const c = await companyWith({ charge: { ...RULES, frequencyDays: 0, paymentMethod: [method('CREDIT_CARD'), method('PIX')] } });
    const v1 = (await c.v1()).body;
    expect(v1.status).toBe('ACTIVE');
    expect(v1.nextChargeDate).toBeUndefined();
    const v2 = (await c.v2({ paymentMethod: 'PIX' })).body.subscription;
    expect(v2.nextChargeDate).toBeUndefined();
    expect((await c.advance(65)).moves.filter((m: { row: number }) => m.row === 1)).toEqual([]);
    expect((await c.full(v1._id)).charges).toHaveLength(1);
    expect((await c.full(v2._id)).charges).toHaveLength(1);
  });

  it('PUT /v1/subscription: moved to a product that never renews, nextChargeDate goes; moved back, renewals start one period from today', async () => {
    const c = await companyWith({ charge: { ...RULES, frequencyDays: 0, paymentMethod: [method('CREDIT_CARD'), method('PIX')] } });
    const { subscription } = await c.base.v2();
    const once = (await c.as('PUT', '/v1/subscription', { _id: subscription._id, companyId: c.companyId, productId: c.productId })).body;
    expect(once.nextChargeDate).toBeUndefined();
    const back = (await c.as('PUT', '/v1/subscription', { _id: subscription._id, companyId: c.companyId, productId: subscription.productId })).body;
    expect(back.nextChargeDate).toBe(addDay(await c.today(), 30));
  });
});

describe('setting.cardAuth and cardAuthId', () => {
  it('a charge with cardAuth true: a card payment without cardAuthId is 400 on cardAuthId; with one it pays; PIX needs none', async () => {
    const c = await companyWith({});
    const charge = (await c.charge({ cardAuth: true })).body;
    expect((await c.pay(charge._id, {})).body.error_messages).toEqual([expect.objectContaining({ path: 'cardAuthId', msg: expect.stringContaining('the charge asks for card authentication') })]);
    expect((await c.pay(charge._id, { paymentMethod: 'PIX', paymentProfile: undefined })).status).toBe(200);
    expect((await c.pay(charge._id, { cardAuthId: 'auth-1' })).body.charge.status).toBe('PAID');
  });

  it('the product\'s setting.cardAuth true asks it for its charges, unless the charge says cardAuth false', async () => {
    const c = await companyWith({ setting: { cardAuth: true } });
    const asked = (await c.charge()).body;
    expect(paths(await c.pay(asked._id, {}))).toEqual({ status: 400, paths: ['cardAuthId'] });
    const waived = (await c.charge({ cardAuth: false })).body;
    expect((await c.pay(waived._id, {})).body.charge.status).toBe('PAID');
  });
});

describe('setting.successChargeDay', () => {
  it('true: a late payment moves the next renewal to the payment day + frequencyDays; false keeps it on the period', async () => {
    for (const successChargeDay of [true, false]) {
      const c = await companyWith({ setting: { successChargeDay }, charge: { ...RULES, frequencyDays: 10, paymentMethod: [method('CREDIT_CARD'), method('PIX')] } });
      const { subscription, charge } = (await c.v2({ paymentMethod: 'PIX' })).body;
      const due = await c.today();
      await c.advance(3);
      expect((await c.pay(charge._id, {})).body.charge.status).toBe('RECOVERED');
      expect((await c.full(subscription._id)).nextChargeDate).toBe(successChargeDay ? addDay(due, 13) : addDay(due, 10));
    }
  });

  it('true: a clock retry that pays late moves it too', async () => {
    const c = await companyWith({ setting: { successChargeDay: true }, charge: { ...RULES, frequencyDays: 10, deniedIntervalDays: 2, maxDeniedAttempts: 3, paymentMethod: [method('CREDIT_CARD')] } });
    const sub = (await c.v1()).body;
    const due = await c.today();
    // The kept card declined the first payment once (as a card blocked for a day would).
    await sandbox.db.query(`UPDATE charges SET status = 'ERROR_PAYMENT', data = data || '{"status":"ERROR_PAYMENT","attempts":1}' WHERE subscription_id = $1`, [sub._id]);
    await sandbox.db.query(`UPDATE subscriptions SET status = 'ERROR_PAYMENT', data = data || '{"status":"ERROR_PAYMENT"}' WHERE id = $1`, [sub._id]);
    expect((await c.advance(2)).moves).toEqual(expect.arrayContaining([expect.objectContaining({ row: 4, resource: 'charge', to: 'PAID' })]));
    expect((await c.full(sub._id)).nextChargeDate).toBe(addDay(due, 12));
  });
});

it('the description states the product\'s rules and each decision', () => {
  for (const phrase of ['## Product rules', 'frequencyDays 0', 'A first due date in the past', 'cardAuthId', 'successChargeDay', 're1to1', 'discount.list', 'row 10'])
    expect(DESCRIPTION).toContain(phrase);
});
