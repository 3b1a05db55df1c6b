// Amounts stay exact (found by trying the sandbox): a transaction's cents and a
// product's price are bounded, so no amount is stored changed (9007199254740993
// read as ...992, 1e23 stored as a float) and every fee of it is exact; a
// product's price becomes cents by the one half-up rule a charge's amount uses.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_AMOUNT_CENTS } from '../../packages/sandbox/schemas/common.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { API_KEY, COMPANY, PAID_PROFILE, call, memorySandbox } from './support/sandbox.js';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await memorySandbox(); });
afterAll(async () => sandbox?.close());

/** The raw JSON text, so numbers past 2^53 reach the server as written. */
const post = (url: string, json: string) => sandbox.app.inject({ method: 'POST', url, payload: json, headers: { apiKey: API_KEY, 'content-type': 'application/json' } });
const paths = (body: string) => (JSON.parse(body).error_messages as { path: string }[]).map((m) => m.path);

describe('amounts the sandbox takes', () => {
  it('POST /v1/transaction refuses cents above R$ 1,000,000,000.00 on amount, and takes the maximum exactly', async () => {
    const profile = JSON.stringify(PAID_PROFILE);
    for (const amount of [String(MAX_AMOUNT_CENTS + 1), '9007199254740993', '1e20', '1e23']) {
      const answer = await post('/v1/transaction', `{"companyId":"${COMPANY}","amount":${amount},"paymentProfile":${profile}}`);
      expect(answer.statusCode, amount).toBe(400);
      expect(paths(answer.body)).toEqual(['amount']);
    }
    const { status, body } = await call(sandbox, 'POST', '/v1/transaction', { companyId: COMPANY, amount: MAX_AMOUNT_CENTS, installments: 12, paymentProfile: PAID_PROFILE });
    expect(status).toBe(200);
    expect(body.amount.value).toBe(MAX_AMOUNT_CENTS);
    const full = (await call(sandbox, 'GET', `/v1/transaction/full?companyId=${COMPANY}&transactionId=${body._id}`)).body;
    const payables = full.payables as { grossAmount: number; fee: number; netAmount: number }[];
    expect(payables.reduce((sum, p) => sum + p.grossAmount, 0)).toBe(MAX_AMOUNT_CENTS);
    expect(payables.reduce((sum, p) => sum + p.fee, 0)).toBe(body.processingFee);
    // 3.99% + R$ 0.39 of R$ 1,000,000,000.00, exactly
    expect(body.processingFee).toBe(MAX_AMOUNT_CENTS * 399 / 10_000 + 39);
  });

  it('POST /v1/product refuses a price (and the money of its plans) above R$ 1,000,000,000.00, naming each', async () => {
    const product = { price: 1e300, title: 'X', warranty: 0 };
    const charge = { frequencyDays: 30, deniedIntervalDays: 1, maxDeniedAttempts: 1, invoiceIdentification: 'X', paymentMethod: [{ type: 'CREDIT_CARD', active: true, installments: [{ installment: 2, fee: 1e12, totalAmount: 1e12, installmentAmount: 1e12 }] }] };
    const answer = await call(sandbox, 'POST', '/v1/product', { companyId: COMPANY, product, charge });
    expect(answer.status).toBe(400);
    expect(answer.body.error_messages.map((m: { path: string }) => m.path).sort()).toEqual([
      'charge.paymentMethod[0].installments[0].fee', 'charge.paymentMethod[0].installments[0].installmentAmount',
      'charge.paymentMethod[0].installments[0].totalAmount', 'product.price',
    ].sort());
  });

  it('a product\'s price becomes cents by the half-up rule of a charge\'s amount (1.005 and 0.285 are not rounded down)', async () => {
    // Written as decimals, as a merchant sends them: 1.005 * 100 is 100.49999999999999 in binary.
    for (const [price, cents] of [[1.005, 101], [0.285, 29], [59.9, 5990]] as const) {
      const made = await call(sandbox, 'POST', '/v1/product', { companyId: COMPANY, product: { price, title: 'X', warranty: 0 } });
      const sub = await call(sandbox, 'POST', '/v1/subscription', { companyId: COMPANY, product: { id: made.body._id }, paymentMethod: 'CREDIT_CARD', paymentProfile: PAID_PROFILE, client: { name: 'Ana Souza', doc: '52998224725', email: 'ana@example.com' } });
      expect(sub.status, String(price)).toBe(200);
      expect(sub.body.transaction.amount.value, String(price)).toBe(cents);
      const charge = await call(sandbox, 'POST', '/v1/charge', { companyId: COMPANY, clientId: sub.body.clientId, productId: made.body._id, dueDate: '2030-01-10', amount: price });
      expect(charge.body.amount.value, `charge of ${price}`).toBe(cents);
    }
  });

  it('the half-up rule reads the decimal as written digit by digit: 1.0049999999 is 100 cents (not 101), 0.0049999999 is 0 (a price below half a cent)', async () => {
    const made = await call(sandbox, 'POST', '/v1/product', { companyId: COMPANY, product: { price: 10, title: 'X', warranty: 0 } });
    const sub = await call(sandbox, 'POST', '/v1/subscription', { companyId: COMPANY, product: { id: made.body._id }, paymentMethod: 'PIX', client: { name: 'Ana Souza', doc: '52998224725', email: 'ana@example.com' } });
    for (const [amount, cents] of [[1.0049999999, 100], [2.9999999999, 300], [0.0149999999, 1]] as const) {
      const charge = await call(sandbox, 'POST', '/v1/charge', { companyId: COMPANY, clientId: sub.body.clientId, productId: made.body._id, dueDate: '2030-01-10', amount });
      expect(charge.body.amount.value, `charge of ${amount}`).toBe(cents);
    }
    const tiny = await call(sandbox, 'POST', '/v1/product', { companyId: COMPANY, product: { price: 0.0049999999, title: 'X', warranty: 0 } });
    const sold = await call(sandbox, 'POST', '/v1/subscription', { companyId: COMPANY, product: { id: tiny.body._id }, paymentMethod: 'PIX', client: { name: 'Ana Souza', doc: '52998224725', email: 'ana@example.com' } });
    expect([sold.status, sold.body.error_messages?.[0]?.path]).toEqual([400, 'product.id']);
  });

  it('any decimal of up to 15 significant digits becomes the cents its written digits say (the third decimal decides, half up)', async () => {
    const { toCents } = await import('../../packages/sandbox/base/cents.js');
    // The digits after the cents: any, or one digit then a run of nines (4999999 is below half a cent however long the run).
    const rest = fc.oneof(fc.stringMatching(/^\d{0,8}$/), fc.tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 1, max: 7 })).map(([d, nines]) => `${d}${'9'.repeat(nines)}`));
    const decimal = fc.tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 99 }), rest);
    fc.assert(fc.property(decimal, ([reais, cents, rest]) => {
      const amount = Number(`${reais}.${String(cents).padStart(2, '0')}${rest}`);
      expect(toCents(amount), String(amount)).toBe(reais * 100 + cents + (rest !== '' && rest[0]! >= '5' ? 1 : 0));
    }), { numRuns: 5_000 });
  });

  it('any price in whole cents up to the maximum is charged as those cents', async () => {
    const { toCents } = await import('../../packages/sandbox/base/cents.js');
    fc.assert(fc.property(fc.integer({ min: 0, max: MAX_AMOUNT_CENTS }), (cents) => toCents(cents / 100) === cents), { numRuns: 2_000 });
  });
});

/** Paths of request numbers with no maximum, outside free-form objects (metadata, token, ...), whose numbers are kept as sent. */
function unboundedNumbers(document: { paths: Record<string, Record<string, any>>; components?: { schemas?: Record<string, any> } }): string[] {
  const found = new Set<string>();
  const walk = (schema: any, at: string): void => {
    if (!schema || typeof schema !== 'object') return;
    if (schema.$ref) return walk(document.components?.schemas?.[String(schema.$ref).split('/').pop()!], at);
    if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) return; // free-form
    const types = [schema.type].flat();
    if ((types.includes('integer') || types.includes('number')) && schema.maximum === undefined && schema.enum === undefined && schema.const === undefined) found.add(at);
    for (const [name, member] of Object.entries(schema.properties ?? {})) walk(member, `${at}.${name}`);
    if (schema.items) walk(schema.items, `${at}[]`);
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) for (const part of schema[key] ?? []) walk(part, at);
  };
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const op = `${method.toUpperCase()} ${path}`;
      for (const parameter of operation.parameters ?? []) walk(parameter.schema, `${op} ${parameter.in}:${parameter.name}`);
      walk(operation.requestBody?.content?.['application/json']?.schema, `${op} body`);
    }
  }
  return [...found].sort();
}

describe('numbers a request may carry', () => {
  it('every number of every request (outside free-form objects) has a maximum in the description', () => {
    expect(unboundedNumbers(sandbox.app.swagger() as never)).toEqual([]);
  });

  it('a product renewing every 3,650 days (ten years, the most) is sold and renews; more is refused on charge.frequencyDays (it was a 500 at subscribing)', async () => {
    const charge = { frequencyDays: 3_651, deniedIntervalDays: 1, maxDeniedAttempts: 1, invoiceIdentification: 'X', paymentMethod: [{ type: 'CREDIT_CARD', active: true, installments: [{ installment: 1 }] }] };
    const refused = await call(sandbox, 'POST', '/v1/product', { companyId: COMPANY, product: { price: 10, title: 'X', warranty: 0 }, charge });
    expect(refused.status).toBe(400);
    expect(refused.body.error_messages.map((m: { path: string }) => m.path)).toEqual(['charge.frequencyDays']);
    const made = await call(sandbox, 'POST', '/v1/product', { companyId: COMPANY, product: { price: 10, title: 'X', warranty: 0 }, charge: { ...charge, frequencyDays: 3_650 } });
    expect(made.status).toBe(201);
    const sub = await call(sandbox, 'POST', '/v1/subscription', { companyId: COMPANY, product: { id: made.body._id }, paymentMethod: 'CREDIT_CARD', paymentProfile: PAID_PROFILE, client: { name: 'Ana Souza', doc: '52998224725', email: 'ana@example.com' } });
    expect(sub.status).toBe(200);
    const today = new Date(sub.body.createdAt);
    expect(sub.body.nextChargeDate).toBe(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 3_650)).toISOString().slice(0, 10));
  });
});

describe('a product priced R$ 0.00', () => {
  it('is refused when sold (no payment of R$ 0.00: no zero-cent card payment, no PIX for nothing), on the field naming it; a charge of it carries its own amount', async () => {
    const client = { name: 'Ana Souza', doc: '52998224725', email: 'ana@example.com' };
    for (const price of [0, 0.004]) {
      const free = (await call(sandbox, 'POST', '/v1/product', { companyId: COMPANY, product: { price, title: 'Grátis', warranty: 0 } })).body._id;
      const priced = (await call(sandbox, 'POST', '/v1/product', { companyId: COMPANY, product: { price: 10, title: 'Plano', warranty: 0 } })).body._id;
      const v1 = await call(sandbox, 'POST', '/v1/subscription', { companyId: COMPANY, product: { id: free }, paymentMethod: 'CREDIT_CARD', paymentProfile: PAID_PROFILE, client });
      expect([v1.status, v1.body.error_messages?.[0]?.path], `v1 at ${price}`).toEqual([400, 'product.id']);
      const pix = await call(sandbox, 'POST', '/v1/subscription', { companyId: COMPANY, product: { id: free }, paymentMethod: 'PIX', client });
      expect([pix.status, pix.body.error_messages?.[0]?.path]).toEqual([400, 'product.id']);
      const sub = await call(sandbox, 'POST', '/v1/subscription', { companyId: COMPANY, product: { id: priced }, paymentMethod: 'PIX', client });
      const v2 = await call(sandbox, 'POST', '/v2/subscription', { companyId: COMPANY, productId: free, clientId: sub.body.clientId, dueDate: '2030-01-10', paymentMethod: 'PIX' });
      expect([v2.status, v2.body.error_messages?.[0]?.path]).toEqual([400, 'productId']);
      const moved = await call(sandbox, 'PUT', '/v1/subscription', { _id: sub.body._id, companyId: COMPANY, productId: free });
      expect([moved.status, moved.body.error_messages?.[0]?.path]).toEqual([400, 'productId']);
      const charge = await call(sandbox, 'POST', '/v1/charge', { companyId: COMPANY, clientId: sub.body.clientId, productId: free, dueDate: '2030-01-10', amount: 5 });
      expect([charge.status, charge.body.amount?.value]).toEqual([200, 500]);
    }
  });
});

describe('a boleto above R$ 99,999,999.99', () => {
  it('is refused on paymentMethod (its value field has 10 digits), where a subscription is sold and where a charge is paid; it was a 500', async () => {
    const client = { name: 'Ana Souza', doc: '52998224725', email: 'ana@example.com' };
    const methods = ['PIX', 'BOLETO'].map((type) => ({ type, active: true, installments: [{ installment: 1 }] }));
    const charge = { frequencyDays: 30, deniedIntervalDays: 1, maxDeniedAttempts: 1, invoiceIdentification: 'X', paymentMethod: methods };
    const big = (await call(sandbox, 'POST', '/v1/product', { companyId: COMPANY, product: { price: 100_000_000, title: 'Fazenda', warranty: 0 }, charge })).body._id;
    const sold = await call(sandbox, 'POST', '/v1/subscription', { companyId: COMPANY, product: { id: big }, paymentMethod: 'BOLETO', client });
    expect([sold.status, sold.body.error_messages?.[0]?.path]).toEqual([400, 'paymentMethod']);
    expect(sold.body.error_messages[0].msg).toContain('R$ 99,999,999.99');
    const byPix = await call(sandbox, 'POST', '/v1/subscription', { companyId: COMPANY, product: { id: big }, paymentMethod: 'PIX', client });
    expect(byPix.status).toBe(200);
    for (const [amount, status] of [[100_000_000, 400], [99_999_999.99, 200]] as const) {
      const made = await call(sandbox, 'POST', '/v1/charge', { companyId: COMPANY, clientId: byPix.body.clientId, productId: big, dueDate: '2030-01-10', amount });
      const paid = await call(sandbox, 'POST', '/v1/charge/pay', { companyId: COMPANY, _id: made.body._id, paymentMethod: 'BOLETO', captchaToken: 'sandbox-captcha-ok' });
      expect([paid.status, paid.body.error_messages?.[0]?.path ?? paid.body.boleto.barcode.slice(9, 19)], `R$ ${amount}`).toEqual([status, status === 400 ? 'paymentMethod' : '9999999999']);
    }
    // Nor does the sandbox's bank settle a boleto no bank could have issued; PIX it settles.
    const huge = await call(sandbox, 'POST', '/v1/charge', { companyId: COMPANY, clientId: byPix.body.clientId, productId: big, dueDate: '2030-01-10', amount: 100_000_000 });
    const settled = await call(sandbox, 'POST', '/sandbox/v1/charges/settle', { companyId: COMPANY, chargeId: huge.body._id, paymentMethod: 'BOLETO' });
    expect([settled.status, settled.body.error_messages?.[0]?.path]).toEqual([400, 'paymentMethod']);
    expect((await call(sandbox, 'POST', '/sandbox/v1/charges/settle', { companyId: COMPANY, chargeId: huge.body._id, paymentMethod: 'PIX' })).body.transaction.status).toBe('PAID');
  });
});
