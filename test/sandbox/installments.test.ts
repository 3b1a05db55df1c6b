// Installments (issue 11; reference 4.3-4.5, part 8 default 1): the sandbox's rules
// as the description states them. Default 1, at most 12, more than 1 by credit card
// only, and a count the product offers when the payment names a product.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredential } from '../../packages/sandbox/auth/credentials.js';
import { ALL_PERMISSIONS } from '../../packages/sandbox/auth/permissions.js';
import { DESCRIPTION } from '../../packages/sandbox/http/description.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { ALL_METHODS, makeClient, makeProduct } from './support/fixtures.js';
import { COMPANY, PAID_PROFILE, SANDBOX_CAPTCHA_TOKEN, call, memorySandbox } from './support/sandbox.js';

let sandbox: Sandbox;
let clientId: string;
/** A product whose credit-card plans are 1x, 3x interest-free and 12x with a fee. */
let productId: string;
const PLANS = [{ installment: 1 }, { installment: 3, installmentAmount: 6.63, totalAmount: 19.9 }, { installment: 12, fee: 11.78, installmentAmount: 1.85, totalAmount: 22.2 }];
beforeAll(async () => {
  sandbox = await memorySandbox();
  clientId = (await makeClient(sandbox))._id;
  productId = (await makeProduct(sandbox, { paymentMethod: [{ type: 'CREDIT_CARD', active: true, installments: PLANS }, ...ALL_METHODS.filter((m) => m.type !== 'CREDIT_CARD')] }))._id;
});
afterAll(async () => sandbox?.close());

const transaction = (extra: Record<string, unknown>) => call(sandbox, 'POST', '/v1/transaction', { companyId: COMPANY, amount: 12990, paymentProfile: PAID_PROFILE, ...extra });
const subscribe = (extra: Record<string, unknown>) =>
  call(sandbox, 'POST', '/v1/subscription', { companyId: COMPANY, product: { id: productId }, paymentMethod: 'CREDIT_CARD', paymentProfile: PAID_PROFILE, ...extra });
const refusal = (answer: { status: number; body: any }) => ({ status: answer.status, items: answer.body.error_messages });

describe('POST /v1/transaction', () => {
  it('default 1; a count from 1 to 12 is applied and returned; the amount stays the order amount', async () => {
    expect((await transaction({})).body).toMatchObject({ status: 'PAID', installments: 1, amount: { value: 12990 } });
    for (const installments of [2, 3, 12]) expect((await transaction({ installments })).body).toMatchObject({ status: 'PAID', installments, amount: { value: 12990 } });
  });

  it('0, 13, 2.5 and "3" are refused on installments', async () => {
    for (const installments of [0, 13, 2.5, '3']) {
      expect(refusal(await transaction({ installments }))).toEqual({ status: 400, items: [expect.objectContaining({ path: 'installments', location: 'body' })] });
    }
  });
});

describe('POST /v1/subscription', () => {
  it('a count the product offers: on the subscription and its first transaction', async () => {
    const { status, body } = await subscribe({ installments: 3 });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'ACTIVE', installments: 3, transaction: { status: 'PAID', installments: 3, amount: { value: 1990 } } });
  });

  it('a count the product does not offer is refused, naming what it offers; 1 is always accepted', async () => {
    const answer = await subscribe({ installments: 6 });
    expect(refusal(answer)).toEqual({ status: 400, items: [expect.objectContaining({ path: 'installments', msg: `installments 6 is not offered by product ${productId} for CREDIT_CARD (offered: 1, 3, 12)` })] });
    const only3 = (await makeProduct(sandbox, { paymentMethod: [{ type: 'CREDIT_CARD', active: true, installments: [{ installment: 3 }] }] }))._id;
    expect((await subscribe({ product: { id: only3 } })).body).toMatchObject({ status: 'ACTIVE', installments: 1 });
  });

  it('more than 1 only by credit card', async () => {
    const debit = await subscribe({ paymentMethod: 'DEBIT_CARD', installments: 3 });
    expect(refusal(debit)).toEqual({ status: 400, items: [expect.objectContaining({ path: 'installments', msg: expect.stringContaining('only CREDIT_CARD is paid in installments') })] });
    const pix = await call(sandbox, 'POST', '/v1/subscription', { companyId: COMPANY, product: { id: productId }, paymentMethod: 'PIX', installments: 12 });
    expect(refusal(pix).items).toEqual([expect.objectContaining({ path: 'installments' })]);
  });

  it('renewals are charged in the subscription\'s count', async () => {
    const companyId = 'company_installments_renewal';
    const { apiKey } = await createCredential(sandbox.db, { permissions: [...ALL_PERMISSIONS], companies: [companyId] });
    const as = (method: string, url: string, body?: unknown) => call(sandbox, method, url, body, { apiKey });
    const product = (await as('POST', '/v1/product', {
      companyId, product: { price: 90, title: 'Plano', warranty: 0 },
      charge: { frequencyDays: 30, deniedIntervalDays: 1, maxDeniedAttempts: 1, invoiceIdentification: 'X', paymentMethod: [{ type: 'CREDIT_CARD', active: true, installments: [{ installment: 1 }, { installment: 3 }] }] },
    })).body;
    const subscription = (await as('POST', '/v1/subscription', { companyId, product: { id: product._id }, paymentMethod: 'CREDIT_CARD', installments: 3, paymentProfile: PAID_PROFILE })).body;
    await as('POST', '/sandbox/v1/clock/advance', { companyId, days: 30 });
    const full = (await as('GET', `/v1/subscription/full?subscriptionId=${subscription._id}`)).body;
    expect(full.transactions.map((t: { status: string; installments: number }) => [t.status, t.installments])).toEqual([['PAID', 3], ['PAID', 3]]);
  });
});

describe('POST /v1/charge/pay', () => {
  const pay = (chargeId: string, extra: Record<string, unknown>) =>
    call(sandbox, 'POST', '/v1/charge/pay', { _id: chargeId, companyId: COMPANY, paymentMethod: 'CREDIT_CARD', captchaToken: SANDBOX_CAPTCHA_TOKEN, paymentProfile: PAID_PROFILE, ...extra });
  const charge = async () => (await call(sandbox, 'POST', '/v1/charge', { companyId: COMPANY, clientId, productId, dueDate: '2030-01-10', amount: 129.9 })).body._id as string;

  it('the charge\'s product decides: 12 offered and applied, 2 refused and the charge left payable', async () => {
    const id = await charge();
    expect(refusal(await pay(id, { installments: 2 }))).toEqual({ status: 400, items: [expect.objectContaining({ path: 'installments', msg: expect.stringContaining('(offered: 1, 3, 12)') })] });
    const { body } = await pay(id, { installments: 12 });
    expect(body).toMatchObject({ charge: { status: 'PAID' }, transaction: { status: 'PAID', installments: 12, amount: { value: 12990 } } });
  });

  it('default 1; PIX and BOLETO cannot be split', async () => {
    expect((await pay(await charge(), {})).body.transaction.installments).toBe(1);
    const pix = await call(sandbox, 'POST', '/v1/charge/pay', { _id: await charge(), companyId: COMPANY, paymentMethod: 'BOLETO', installments: 3, captchaToken: SANDBOX_CAPTCHA_TOKEN });
    expect(refusal(pix).items).toEqual([expect.objectContaining({ path: 'installments' })]);
  });
});

it('the API description states the installments rules', () => {
  expect(DESCRIPTION).toMatch(/Installments \(POST \/v1\/transaction, POST \/v1\/subscription, POST \/v1\/charge\/pay\): default 1, at most 12/);
  expect(DESCRIPTION).toContain('The count never changes the amount');
});
