// Provider routes (issue 22 items 1 and 2): the product's or the company's
// routes, skipped by their rules, tried in order, failing over on a provider
// fault but not on an issuer decline; NO_PAYMENT_ROUTE when none is left.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredential } from '../../packages/sandbox/auth/credentials.js';
import { ALL_PERMISSIONS } from '../../packages/sandbox/auth/permissions.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { PAID_PROFILE, SANDBOX_CAPTCHA_TOKEN, call, memorySandbox } from './support/sandbox.js';
import { DECLINED_PROFILE as DECLINED, ELO_PROFILE, MASTERCARD_PROFILE as MASTERCARD } from '../../test-support/cards.mjs';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await memorySandbox(); });
afterAll(async () => sandbox?.close());

const both = { initial: true, recurring: true };
const route = (id: string, extra: Record<string, unknown> = {}) =>
  ({ id, integrationId: `int-${id}`, name: `Route ${id}`, active: true, settings: { brandCard: { all: true, list: [] }, modality: both }, ...extra });

let companies = 0;
/** A company of its own (faults and settings are per company), a client, and calls bound to it. */
async function company() {
  const companyId = `company_routing_${companies++}`;
  const { apiKey } = await createCredential(sandbox.db, { permissions: [...ALL_PERMISSIONS], companies: [companyId] });
  const as = (method: string, url: string, body?: unknown) => call(sandbox, method, url, body, { apiKey });
  const client = (await as('POST', '/v1/client', { companyId, name: 'Ana', doc: '52998224725', email: 'ana@example.com' })).body;
  const product = async (routes: unknown[], charge: Record<string, unknown> = {}) => (await as('POST', '/v1/product', {
    companyId, product: { price: 10, title: 'Plano', warranty: 0 },
    charge: { frequencyDays: 30, deniedIntervalDays: 1, maxDeniedAttempts: 2, invoiceIdentification: 'X', paymentMethod: [{ type: 'CREDIT_CARD', active: true, installments: [{ installment: 1 }] }], routes, ...charge },
  })).body;
  const pay = (profile = PAID_PROFILE) => as('POST', '/v1/transaction', { companyId, amount: 1500, paymentProfile: profile });
  const subscribe = async (productId: string, profile = PAID_PROFILE) => (await as('POST', '/v1/subscription', { companyId, product: { id: productId }, paymentMethod: 'CREDIT_CARD', paymentProfile: profile })).body;
  const fault = (body: Record<string, unknown>) => as('POST', '/sandbox/v1/faults', { companyId, seconds: 3600, ...body });
  const full = async (subscriptionId: string) => (await as('GET', `/v1/subscription/full?subscriptionId=${subscriptionId}`)).body;
  return { companyId, as, client, product, pay, subscribe, fault, full };
}
const outcomes = (transaction: { routing: { routes: { id: string; outcome: string; rule?: string }[] } }) =>
  transaction.routing.routes.map((r) => `${r.id} ${r.outcome}${r.rule ? ` ${r.rule}` : ''}`);

describe('routing', () => {
  it('a new company pays through its default routes: provider_01 answers, its acquirer data and tid are on the transaction', async () => {
    const c = await company();
    const { body } = await c.pay();
    expect(body.status).toBe('PAID');
    expect(body.acquirer).toMatchObject({ provider: 'provider_01', integrationId: 'sandbox-primary', authorizationCode: expect.stringMatching(/^\d{6}$/), nsu: expect.stringMatching(/^\d{9}$/), message: 'Approved' });
    expect(body.tid).toBe(body.acquirer.tid);
    expect(body.routing).toMatchObject({ source: 'company', brand: 'visa', modality: 'initial' });
    expect(outcomes(body)).toEqual(['provider_01 approved', 'provider_02 not_tried']);
    const settings = (await c.as('GET', `/sandbox/v1/company/settings?companyId=${c.companyId}`)).body;
    expect(settings.routes.map((r: { id: string }) => r.id)).toEqual(['provider_01', 'provider_02']);
  });

  it('a product whose routes are all inactive: the first payment, its charge and the subscription are NO_PAYMENT_ROUTE', async () => {
    const c = await company();
    const product = await c.product([route('provider_03', { active: false }), route('provider_04', { active: false })]);
    const subscription = await c.subscribe(product._id);
    expect(subscription.status).toBe('NO_PAYMENT_ROUTE');
    expect(subscription.transaction).toMatchObject({ status: 'NO_PAYMENT_ROUTE', routing: { source: 'product' } });
    expect(subscription.transaction.acquirer).toBeUndefined();
    expect(outcomes(subscription.transaction)).toEqual(['provider_03 skipped inactive', 'provider_04 skipped inactive']);
    expect((await c.full(subscription._id)).charges[0].status).toBe('NO_PAYMENT_ROUTE');
  });

  it('a route that takes only mastercard: a Visa has no route (charge pay), a Mastercard pays through it', async () => {
    const c = await company();
    const product = await c.product([route('provider_05', { settings: { brandCard: { all: false, list: ['Mastercard'] }, modality: both } })]);
    const charge = (await c.as('POST', '/v1/charge', { companyId: c.companyId, clientId: c.client._id, productId: product._id, dueDate: '2030-01-01', amount: 12.5 })).body;
    const pay = (profile: typeof PAID_PROFILE) => call(sandbox, 'POST', '/v1/charge/pay', { _id: charge._id, companyId: c.companyId, paymentMethod: 'CREDIT_CARD', captchaToken: SANDBOX_CAPTCHA_TOKEN, paymentProfile: profile }, {});
    const visa = (await pay(PAID_PROFILE)).body;
    expect(visa.transaction.status).toBe('NO_PAYMENT_ROUTE');
    expect(visa.transaction.message).toMatch(/none of the 1 product routes takes a visa card/);
    expect(visa.charge.status).toBe('NO_PAYMENT_ROUTE');
    const master = (await pay(MASTERCARD)).body;
    // The charge's payment links its product (the split and /full read it from there).
    expect(master.transaction).toMatchObject({ status: 'PAID', productId: product._id, acquirer: { provider: 'provider_05' } });
    expect(master.charge.status).toBe('PAID');
  });

  it('modality: the first payment takes the initial-only route, the renewal the recurring-only one', async () => {
    const c = await company();
    const product = await c.product([
      route('provider_06', { order: 1, settings: { modality: { initial: true, recurring: false } } }),
      route('provider_07', { order: 2, settings: { modality: { initial: false, recurring: true } } }),
    ]);
    const subscription = await c.subscribe(product._id);
    expect(subscription.transaction.acquirer.provider).toBe('provider_06');
    expect(outcomes(subscription.transaction)).toEqual(['provider_06 approved', 'provider_07 skipped modality']);
    await c.as('POST', '/sandbox/v1/clock/advance', { companyId: c.companyId, days: 31 });
    const renewal = (await c.full(subscription._id)).transactions.find((t: { _id: string }) => t._id !== subscription.transaction._id);
    expect(renewal).toMatchObject({ status: 'PAID', acquirer: { provider: 'provider_07' }, routing: { modality: 'recurring' } });
    expect(outcomes(renewal)).toEqual(['provider_06 skipped modality', 'provider_07 approved']);
  });

  it('a product route with modality.initial false and nothing else: the first payment is NO_PAYMENT_ROUTE', async () => {
    const c = await company();
    const product = await c.product([route('provider_08', { settings: { modality: { initial: false, recurring: true } } })]);
    expect((await c.subscribe(product._id)).status).toBe('NO_PAYMENT_ROUTE');
  });

  it('routes are tried by order, not by their place in the list; a route without order comes last', async () => {
    const c = await company();
    const product = await c.product([route('provider_09'), route('provider_10', { order: 2 }), route('provider_11', { order: 1 })]);
    const { transaction } = await c.subscribe(product._id);
    expect(outcomes(transaction)).toEqual(['provider_11 approved', 'provider_10 not_tried', 'provider_09 not_tried']);
  });

  it('the company\'s routes carry a payment that names no product; an empty list leaves it NO_PAYMENT_ROUTE', async () => {
    const c = await company();
    await c.as('PUT', '/sandbox/v1/company/settings', { companyId: c.companyId, routes: [route('provider_12')] });
    expect((await c.pay()).body.acquirer.provider).toBe('provider_12');
    await c.as('PUT', '/sandbox/v1/company/settings', { companyId: c.companyId, routes: [] });
    const none = (await c.pay()).body;
    expect(none).toMatchObject({ status: 'NO_PAYMENT_ROUTE', routing: { source: 'company', routes: [] } });
    const bad = await c.as('PUT', '/sandbox/v1/company/settings', { companyId: c.companyId, routes: [route('provider_17')] });
    expect(bad.status).toBe(400);
    expect(bad.body.error_messages[0].path).toBe('routes[0].id');
  });
});

describe('provider faults and failover', () => {
  it('provider_01 unavailable: the payment fails over to provider_02, and the trace says why', async () => {
    const c = await company();
    expect((await c.fault({ providerId: 'provider_01', kind: 'unavailable' })).status).toBe(200);
    const { body } = await c.pay();
    expect(body).toMatchObject({ status: 'PAID', acquirer: { provider: 'provider_02' } });
    expect(outcomes(body)).toEqual(['provider_01 failed', 'provider_02 approved']);
    expect(body.routing.routes[0].reason).toMatch(/unavailable/);
  });

  it('a timeout fails over too; both providers down is NO_PAYMENT_ROUTE naming each failure', async () => {
    const c = await company();
    await c.fault({ providerId: 'provider_01', kind: 'timeout' });
    expect((await c.pay()).body.acquirer.provider).toBe('provider_02');
    await c.fault({ providerId: 'provider_02', kind: 'unavailable' });
    const { body } = await c.pay();
    expect(body.status).toBe('NO_PAYMENT_ROUTE');
    expect(body.message).toBe('No payment route: every route that takes this payment failed (provider_01 timeout, provider_02 unavailable)');
  });

  it('an issuer decline does not fail over: provider_02 is never asked', async () => {
    const c = await company();
    const { body } = await c.pay(DECLINED);
    expect(body).toMatchObject({ status: 'DECLINED', acquirer: { provider: 'provider_01', message: 'Declined by the issuer' } });
    expect(body.acquirer.authorizationCode).toBeUndefined();
    expect(outcomes(body)).toEqual(['provider_01 declined', 'provider_02 not_tried']);
  });

  it('a fault lasts its span of the company\'s clock: moving the clock past it brings provider_01 back', async () => {
    const c = await company();
    await c.fault({ providerId: 'provider_01', kind: 'unavailable', seconds: 60 });
    expect((await c.pay()).body.acquirer.provider).toBe('provider_02');
    await c.as('POST', '/sandbox/v1/clock/advance', { companyId: c.companyId, seconds: 61 });
    expect((await c.pay()).body.acquirer.provider).toBe('provider_01');
  });

  it('a fault that starts later does nothing until then', async () => {
    const c = await company();
    await c.fault({ providerId: 'provider_01', kind: 'unavailable', startsInSeconds: 120 });
    expect((await c.pay()).body.acquirer.provider).toBe('provider_01');
    await c.as('POST', '/sandbox/v1/clock/advance', { companyId: c.companyId, seconds: 120 });
    expect((await c.pay()).body.acquirer.provider).toBe('provider_02');
  });

  it('a slow provider answers after its delay, and the trace measures it', async () => {
    const c = await company();
    await c.fault({ providerId: 'provider_01', kind: 'slow', delayMs: 300 });
    const { body } = await c.pay();
    expect(body.acquirer.provider).toBe('provider_01');
    expect(body.routing.routes[0].elapsedMs).toBeGreaterThanOrEqual(290);
  });

  it('faults are the company\'s own: another company still pays through provider_01', async () => {
    const a = await company();
    const b = await company();
    await a.fault({ providerId: 'provider_01', kind: 'unavailable' });
    expect((await b.pay()).body.acquirer.provider).toBe('provider_01');
  });

  it('faults are listed and ended; bad fault requests are 400s naming the field', async () => {
    const c = await company();
    const made = (await c.fault({ providerId: 'provider_01', kind: 'unavailable' })).body;
    expect((await c.as('GET', `/sandbox/v1/faults?companyId=${c.companyId}`)).body.map((f: { _id: string }) => f._id)).toEqual([made._id]);
    expect((await c.as('DELETE', `/sandbox/v1/faults?companyId=${c.companyId}&faultId=${made._id}`)).body).toEqual({ removed: 1 });
    expect((await c.pay()).body.acquirer.provider).toBe('provider_01');
    const slowWithout = await c.fault({ providerId: 'provider_01', kind: 'slow' });
    expect(slowWithout.status).toBe(400);
    expect(slowWithout.body.error_messages[0]).toMatchObject({ path: 'delayMs', msg: 'delayMs is required with kind slow' });
    expect((await c.fault({ providerId: 'provider_01', kind: 'unavailable', delayMs: 5 })).body.error_messages[0].path).toBe('delayMs');
    expect((await c.fault({ providerId: 'provider_99', kind: 'unavailable' })).body.error_messages[0].path).toBe('providerId');
    expect((await c.fault({ providerId: 'provider_01', kind: 'slow', delayMs: 60_000 })).body.error_messages[0].path).toBe('delayMs');
  });
});

describe('no route on renewals and charge payments', () => {
  it('a renewal that no route takes: charge and subscription NO_PAYMENT_ROUTE; once the fault ends the clock\'s retry pays', async () => {
    const c = await company();
    const product = await c.product([route('provider_13')]);
    const subscription = await c.subscribe(product._id);
    expect(subscription.status).toBe('ACTIVE');
    await c.fault({ providerId: 'provider_13', kind: 'unavailable', seconds: 31 * 86_400 });
    const renewal = await c.as('POST', '/sandbox/v1/clock/advance', { companyId: c.companyId, days: 30 });
    expect(renewal.body.moves).toEqual(expect.arrayContaining([
      expect.objectContaining({ row: 3, resource: 'charge', to: 'NO_PAYMENT_ROUTE' }),
      expect.objectContaining({ row: 3, resource: 'subscription', to: 'NO_PAYMENT_ROUTE' }),
    ]));
    expect((await c.full(subscription._id)).status).toBe('NO_PAYMENT_ROUTE');
    await c.as('DELETE', `/sandbox/v1/faults?companyId=${c.companyId}`);
    const retry = await c.as('POST', '/sandbox/v1/clock/advance', { companyId: c.companyId, days: 1 });
    expect(retry.body.moves).toEqual(expect.arrayContaining([expect.objectContaining({ row: 4, resource: 'charge', to: 'PAID' })]));
    const after = await c.full(subscription._id);
    expect(after.status).toBe('ACTIVE');
    expect(after.charges.map((charge: { status: string }) => charge.status)).toEqual(['PAID', 'PAID']);
  });

  it('paying a subscription\'s charge when no route takes it: the charge and the subscription are NO_PAYMENT_ROUTE, and it can be paid later', async () => {
    const c = await company();
    const product = await c.product([route('provider_14', { settings: { brandCard: { all: false, list: ['elo'] } } })]);
    const { subscription, charge } = (await c.as('POST', '/v2/subscription', { companyId: c.companyId, productId: product._id, clientId: c.client._id, dueDate: '2030-01-01', paymentMethod: 'CREDIT_CARD' })).body;
    const pay = (profile: typeof PAID_PROFILE) => call(sandbox, 'POST', '/v1/charge/pay', { _id: charge._id, companyId: c.companyId, paymentMethod: 'CREDIT_CARD', captchaToken: SANDBOX_CAPTCHA_TOKEN, paymentProfile: profile }, {});
    expect((await pay(PAID_PROFILE)).body.charge.status).toBe('NO_PAYMENT_ROUTE');
    expect((await c.full(subscription._id)).status).toBe('NO_PAYMENT_ROUTE');
    expect((await pay(ELO_PROFILE)).body.charge.status).toBe('PAID');
    expect((await c.full(subscription._id)).status).toBe('ACTIVE');
  });
});
