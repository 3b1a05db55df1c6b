// Subscriptions (4.5): v1 and v2 creation, update, cancel, list, exports, full.
import { describe, expect, it } from 'vitest';
import { createCredential } from '../../packages/sandbox/auth/credentials.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { makeClient, makeProduct, sandboxWithClientAndProduct } from './support/fixtures.js';
import { COMPANY, PAID_PROFILE, SANDBOX_CAPTCHA_TOKEN, call } from './support/sandbox.js';

let sandbox: Sandbox;
let clientId: string;
let productId: string;
sandboxWithClientAndProduct((made) => ({ sandbox, clientId, productId } = made), { frequencyDays: 15 });

const v2 = (extra: Record<string, unknown> = {}, headers?: Record<string, string>) =>
  call(sandbox, 'POST', '/v2/subscription', { companyId: COMPANY, productId, clientId, dueDate: '2030-03-01', paymentMethod: 'CREDIT_CARD', ...extra }, headers);

describe('POST /v1/subscription and /v2/subscription', () => {
  it('v1 pays the first charge at once: ACTIVE, next charge one period later, the card kept (no number)', async () => {
    const { body } = await call(sandbox, 'POST', '/v1/subscription', { companyId: COMPANY, product: { id: productId }, paymentMethod: 'CREDIT_CARD', paymentProfile: PAID_PROFILE });
    expect(body).toMatchObject({ status: 'ACTIVE', productId, transaction: { status: 'PAID', amount: { value: 1990 } }, card: { last4: '1111', bin: '411111' } });
    expect(JSON.stringify(body)).not.toContain(PAID_PROFILE.cardNumber);
    const full = await call(sandbox, 'GET', `/v1/subscription/full?subscriptionId=${body._id}`);
    expect(full.body.charges).toEqual([expect.objectContaining({ sequence: 1, status: 'PAID' })]);
  });

  it('v1 by PIX or BOLETO: PENDING_PAYMENT with the first charge\'s BR Code (and QR) or boleto; settling it makes the subscription ACTIVE', async () => {
    const byPix = (await call(sandbox, 'POST', '/v1/subscription', { companyId: COMPANY, product: { id: productId }, paymentMethod: 'PIX' })).body;
    expect(byPix).toMatchObject({ status: 'PENDING_PAYMENT', pix: { amount: 1990, brCode: expect.stringMatching(/^00020101021226/), qrCodeImage: expect.stringMatching(/^data:image\/png;base64,/) } });
    const [first] = (await call(sandbox, 'GET', `/v1/subscription/full?subscriptionId=${byPix._id}`)).body.charges;
    expect(byPix.pix.txid.startsWith(first._id)).toBe(true);
    await call(sandbox, 'POST', '/sandbox/v1/charges/settle', { companyId: COMPANY, chargeId: first._id, paymentMethod: 'PIX' });
    expect((await call(sandbox, 'GET', `/v1/subscription/full?subscriptionId=${byPix._id}`)).body.status).toBe('ACTIVE');
    const byBoleto = (await call(sandbox, 'POST', '/v1/subscription', { companyId: COMPANY, product: { id: productId }, paymentMethod: 'BOLETO' })).body;
    expect(byBoleto).toMatchObject({ status: 'PENDING_PAYMENT', boleto: { barcode: expect.stringMatching(/^\d{44}$/) } });
    // A boleto carries its PIX (bolepix, issue 40): the boleto's cobv, not a PIX of its own.
    expect(byBoleto.pix.location).toContain('/sandbox/v1/cobv/');
  });

  it('v2: subscription CREATED, first charge ACTIVE due on dueDate, no payment attempt; paying the charge makes it ACTIVE', async () => {
    const { status, body } = await v2({ origin: 'CHECKOUT', externalReference: 'order-9', metadata: { plan: 'gold' } });
    expect(status).toBe(200);
    expect(body.subscription).toMatchObject({ status: 'CREATED', origin: 'CHECKOUT', externalReference: 'order-9', metadata: { plan: 'gold' }, nextChargeDate: '2030-03-16' });
    expect(body.charge).toMatchObject({ status: 'ACTIVE', dueDate: '2030-03-01', amount: { value: 1990 }, subscriptionId: body.subscription._id, sequence: 1 });
    expect((await call(sandbox, 'GET', `/v1/subscription/full?subscriptionId=${body.subscription._id}`)).body.transactions).toEqual([]);
    await call(sandbox, 'POST', '/v1/charge/pay', { _id: body.charge._id, companyId: COMPANY, paymentMethod: 'CREDIT_CARD', captchaToken: SANDBOX_CAPTCHA_TOKEN, paymentProfile: PAID_PROFILE }, {});
    expect((await call(sandbox, 'GET', `/v1/subscription/full?subscriptionId=${body.subscription._id}`)).body).toMatchObject({ status: 'ACTIVE', card: { last4: '1111' } });
  });

  it('v2 refusals: unknown client and product, a bad origin and date; 403 without subscription.write', async () => {
    const refused = await v2({ clientId: 'nope', productId: 'nope' });
    expect(refused.body.error_messages.map((m: { path: string }) => m.path).sort()).toEqual(['clientId', 'productId']);
    const bad = await v2({ origin: 'EMAIL', dueDate: 'tomorrow', companyId: '' });
    expect(bad.body.error_messages.map((m: { path: string }) => m.path).sort()).toEqual(['companyId', 'dueDate', 'origin']);
    const reader = await createCredential(sandbox.db, { permissions: ['subscription.read'], companies: [COMPANY] });
    expect((await v2({}, { apiKey: reader.apiKey })).status).toBe(403);
  });
});

describe('PUT /v1/subscription and /v1/subscription/cancel', () => {
  it('update changes productId only; an unknown product is 400, an unknown subscription 404', async () => {
    const { subscription } = (await v2()).body;
    const other = await makeProduct(sandbox, { frequencyDays: 7 });
    const { body } = await call(sandbox, 'PUT', '/v1/subscription', { _id: subscription._id, companyId: COMPANY, productId: other._id });
    expect(body).toMatchObject({ _id: subscription._id, productId: other._id, status: 'CREATED' });
    expect((await call(sandbox, 'PUT', '/v1/subscription', { _id: subscription._id, companyId: COMPANY, productId: 'nope' })).status).toBe(400);
    expect((await call(sandbox, 'PUT', '/v1/subscription', { _id: 'nope', companyId: COMPANY, productId })).status).toBe(404);
  });

  it('cancel: CANCELED_MANUAL, inactive, its open charge canceled; again: success saying so', async () => {
    const { subscription, charge } = (await v2()).body;
    expect((await call(sandbox, 'PUT', '/v1/subscription/cancel', { companyId: COMPANY, subscriptionId: subscription._id })).body).toEqual({ success: true, message: 'the subscription is canceled' });
    const full = (await call(sandbox, 'GET', `/v1/subscription/full?subscriptionId=${subscription._id}`)).body;
    expect(full).toMatchObject({ status: 'CANCELED_MANUAL', active: false, charges: [{ _id: charge._id, status: 'CANCELED_MANUAL' }] });
    expect((await call(sandbox, 'PUT', '/v1/subscription/cancel', { companyId: COMPANY, subscriptionId: subscription._id })).body.message).toMatch(/already CANCELED_MANUAL/);
  });
});

describe('GET /v1/subscription, /exports, /full', () => {
  it('list filters by client and status, sorts, pages; exports is the same set as one array', async () => {
    const credential = await createCredential(sandbox.db, { permissions: ['subscription.read', 'subscription.write', 'client.write', 'client.read', 'product.write'], companies: ['company_subs'] });
    const headers = { apiKey: credential.apiKey };
    const client = await makeClient(sandbox, 'company_subs', headers);
    const product = (await call(sandbox, 'POST', '/v1/product', { companyId: 'company_subs', product: { price: 1, title: 'P', warranty: 0 } }, headers)).body;
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      ids.push((await v2({ companyId: 'company_subs', clientId: client._id, productId: product._id }, headers)).body.subscription._id);
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    await call(sandbox, 'PUT', '/v1/subscription/cancel', { companyId: 'company_subs', subscriptionId: ids[0] }, headers);
    const page = (await call(sandbox, 'GET', '/v1/subscription?limit=2&sort.direction=asc', undefined, headers)).body;
    expect(page).toMatchObject({ total: 3, total_pages: 2, has_more: true });
    expect(page.items.map((s: { _id: string }) => s._id)).toEqual(ids.slice(0, 2));
    expect((await call(sandbox, 'GET', `/v1/subscription?status=CREATED&clientId=${client._id}`, undefined, headers)).body.total).toBe(2);
    const exported = await call(sandbox, 'GET', '/v1/subscription/exports?sort.direction=asc', undefined, headers);
    expect(exported.body.map((s: { _id: string }) => s._id)).toEqual(ids);
    expect((await call(sandbox, 'GET', '/v1/subscription/exports?status=CANCELED_MANUAL', undefined, headers)).body).toHaveLength(1);
    expect((await call(sandbox, 'GET', '/v1/subscription?limit=500', undefined, headers)).status).toBe(400);
    expect((await call(sandbox, 'GET', '/v1/subscription/full?subscriptionId=nope', undefined, headers)).status).toBe(404);
  });
});
