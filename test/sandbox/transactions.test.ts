// Transactions (4.3): create (inline client, split), capture, cancel, list, full;
// racing captures and cancels make one move.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredential } from '../../packages/sandbox/auth/credentials.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { COMPANY, PAID_PROFILE, call, memorySandbox } from './support/sandbox.js';
import { DECLINED_PROFILE } from '../../test-support/cards.mjs';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await memorySandbox();
  // A recipient the sandbox knows: one a credential names.
  await createCredential(sandbox.db, { permissions: ['transaction.read'], companies: ['partner'] });
});
afterAll(async () => sandbox?.close());

const pay = async (extra: Record<string, unknown> = {}) =>
  (await call(sandbox, 'POST', '/v1/transaction', { companyId: COMPANY, amount: 2500, paymentProfile: PAID_PROFILE, ...extra })).body;
const capture = (body: Record<string, unknown>) => call(sandbox, 'POST', '/v1/transaction/capture', { companyId: COMPANY, ...body });
const cancel = (body: Record<string, unknown>) => call(sandbox, 'PUT', '/v1/transaction/cancel', { companyId: COMPANY, ...body });

describe('POST /v1/transaction', () => {
  it('the inline client is created once and reused by its document, however written', async () => {
    const first = await pay({ client: { name: 'Ana', doc: '529.982.247-25', email: 'ana@example.com' } });
    const second = await pay({ client: { name: 'Ana S.', cpf: '52998224725' } });
    expect(first.clientId).toMatch(/^[0-9a-f]{24}$/);
    expect(second.clientId).toBe(first.clientId);
    const refused = await call(sandbox, 'POST', '/v1/transaction', { companyId: COMPANY, amount: 1, paymentProfile: PAID_PROFILE, client: { name: 'Ana', doc: '529.982.247-24' } });
    expect(refused.body.error_messages).toEqual([expect.objectContaining({ path: 'client.doc', location: 'body' })]);
  });

  it('split: each rule checked, percentages exactly 100 in all, kept on the transaction', async () => {
    const rules = [{ companyId: 'partner', percentage: 30, chargeProcessingFee: true }, { companyId: COMPANY, percentage: 70 }];
    expect((await pay({ split: { active: true, rules } })).split).toEqual({ active: true, rules });
    const over = await call(sandbox, 'POST', '/v1/transaction', { companyId: COMPANY, amount: 1, paymentProfile: PAID_PROFILE, split: { active: true, rules: [{ companyId: 'partner', percentage: 60 }, { companyId: COMPANY, percentage: 50 }] } });
    expect(over.body.error_messages).toEqual([expect.objectContaining({ path: 'split.rules', msg: expect.stringMatching(/110/) })]);
    const bad = await call(sandbox, 'POST', '/v1/transaction', { companyId: COMPANY, amount: 1, paymentProfile: PAID_PROFILE, split: { active: 'yes', rules: [{ percentage: 101, chargeProcessingFee: 1 }] } });
    expect(bad.body.error_messages.map((m: { path: string }) => m.path).sort())
      .toEqual(['split.active', 'split.rules[0].chargeProcessingFee', 'split.rules[0].companyId', 'split.rules[0].percentage']);
  });
});

describe('POST /v1/transaction/capture', () => {
  it('capture false leaves it AUTHORIZED; capture takes the stored amount (the request amount is ignored) and makes it PAID', async () => {
    const authorized = await pay({ capture: false });
    expect(authorized.status).toBe('AUTHORIZED');
    const { status, body } = await capture({ transactionId: authorized._id, amount: 1 });
    expect(status).toBe(200);
    expect(body).toMatchObject({ statusCode: 200, data: { _id: authorized._id, status: 'PAID', amount: { value: 2500 } } });
  });

  it('by tid; anything not AUTHORIZED is refused with a clear error; unknown is 404', async () => {
    const authorized = await pay({ capture: false });
    expect((await capture({ tid: authorized.tid })).body.data.status).toBe('PAID');
    const again = await capture({ tid: authorized.tid });
    expect(again.status).toBe(400);
    expect(again.body.error_messages).toEqual([expect.objectContaining({ path: 'tid', msg: 'only an AUTHORIZED transaction can be captured; this one is PAID' })]);
    expect((await capture({ transactionId: '0'.repeat(24) })).status).toBe(404);
    expect((await capture({})).body.error_messages).toEqual([expect.objectContaining({ path: 'transactionId' })]);
  });

  it('two captures racing on one transaction: one PAID, one refused', async () => {
    const authorized = await pay({ capture: false });
    const answers = await Promise.all([capture({ transactionId: authorized._id }), capture({ transactionId: authorized._id })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });
});

describe('PUT /v1/transaction/cancel', () => {
  it('PAID -> CANCELED with no body; again: {success: true, message}; DECLINED: 400', async () => {
    const paid = await pay();
    const first = await cancel({ transactionId: paid._id });
    expect(first.status).toBe(204);
    expect(first.body).toBeUndefined();
    const again = await cancel({ tid: paid.tid });
    expect(again).toMatchObject({ status: 200, body: { success: true, message: expect.stringMatching(/already canceled/) } });
    const declined = await pay({ paymentProfile: DECLINED_PROFILE });
    expect((await cancel({ transactionId: declined._id })).status).toBe(400);
  });

  it('cancelSubscription true cancels the linked subscription too', async () => {
    const subscription = (await call(sandbox, 'POST', '/v1/subscription', { companyId: COMPANY, product: { id: 'prod_demo_monthly' }, paymentMethod: 'CREDIT_CARD', paymentProfile: PAID_PROFILE })).body;
    expect((await cancel({ transactionId: subscription.transaction._id, cancelSubscription: true })).status).toBe(204);
    const full = await call(sandbox, 'GET', `/v1/transaction/full?transactionId=${subscription.transaction._id}`);
    expect(full.body.subscription).toEqual({ _id: subscription._id, status: 'CANCELED_MANUAL', productId: 'prod_demo_monthly' });
  });

  it('two cancels racing: one 204, the other "already canceled"', async () => {
    const paid = await pay();
    const answers = await Promise.all([cancel({ transactionId: paid._id }), cancel({ transactionId: paid._id })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 204]);
  });
});

describe('GET /v1/transaction and /v1/transaction/full', () => {
  it('lists with page, limit and a status filter; refuses limit 101 on the query', async () => {
    const credential = await createCredential(sandbox.db, { permissions: ['transaction.read', 'transaction.write'], companies: ['company_tx'] });
    const headers = { apiKey: credential.apiKey };
    for (const profile of [PAID_PROFILE, PAID_PROFILE, DECLINED_PROFILE])
      await call(sandbox, 'POST', '/v1/transaction', { companyId: 'company_tx', amount: 100, paymentProfile: profile }, headers);
    expect((await call(sandbox, 'GET', '/v1/transaction?limit=2', undefined, headers)).body).toMatchObject({ total: 3, total_pages: 2, has_more: true, query_count: 2 });
    expect((await call(sandbox, 'GET', '/v1/transaction?status=DECLINED', undefined, headers)).body).toMatchObject({ total: 1, items: [{ status: 'DECLINED' }] });
    expect((await call(sandbox, 'GET', '/v1/transaction?limit=101', undefined, headers)).body.error_messages).toEqual([expect.objectContaining({ path: 'limit', location: 'query' })]);
    const writer = await createCredential(sandbox.db, { permissions: ['transaction.write'], companies: ['company_tx'] });
    expect((await call(sandbox, 'GET', '/v1/transaction', undefined, { apiKey: writer.apiKey })).status).toBe(403);
  });

  it('full: product, client, subscription and BIN data; by tid; unknown 404', async () => {
    const subscription = (await call(sandbox, 'POST', '/v1/subscription', {
      companyId: COMPANY, product: { id: 'prod_demo_monthly' }, paymentMethod: 'CREDIT_CARD', paymentProfile: PAID_PROFILE, client: { name: 'Carla', doc: '111.444.777-35' },
    })).body;
    const { body } = await call(sandbox, 'GET', `/v1/transaction/full?tid=${subscription.transaction.tid}`);
    expect(body).toMatchObject({
      _id: subscription.transaction._id, product: { _id: 'prod_demo_monthly', title: 'Plano mensal', price: 29.9 },
      client: { name: 'Carla', doc: '11144477735' }, subscription: { _id: subscription._id, status: 'ACTIVE' },
      binData: { bin: '411111', brand: 'visa', issuerName: 'Sandbox Bank' },
    });
    expect((await call(sandbox, 'GET', '/v1/transaction/full?tid=nope')).status).toBe(404);
  });
});

describe('an unknown transaction', () => {
  it('is 404 saying "no transaction with <field> <value> in this company" (it said "no the transaction with ...")', async () => {
    const messages = async (method: string, url: string, body?: unknown) => (await call(sandbox, method, url, body)).body.error_messages.map((m: { msg: string }) => m.msg);
    expect(await messages('GET', `/v1/transaction/full?companyId=${COMPANY}&transactionId=nope`)).toEqual(['no transaction with transactionId nope in this company']);
    expect(await messages('PUT', '/v1/transaction/cancel', { companyId: COMPANY, transactionId: 'nope', tid: 'x' })).toEqual(['no transaction with transactionId nope and tid x in this company']);
  });
});
