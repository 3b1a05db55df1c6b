// Split (issue 22, item 4) through the API: the rules of an active split on the
// transaction, the product and the company settings; which split applies; the
// payables a paid transaction makes (on /full and on the recipient's read);
// refunds reverse them; the test clock makes them PAID on availableOn.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredential } from '../../packages/sandbox/auth/credentials.js';
import { ALL_PERMISSIONS } from '../../packages/sandbox/auth/permissions.js';
import { FEE_TABLE } from '../../packages/sandbox/domain/split/fee-table.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { clockCompany } from './support/clock-company.js';
import { ALL_METHODS } from './support/fixtures.js';
import { COMPANY, PAID_PROFILE, SANDBOX_CAPTCHA_TOKEN, call, memorySandbox } from './support/sandbox.js';
import { DECLINED_PROFILE } from '../../test-support/cards.mjs';

const PAYER = 'company_split_payer';
const A = 'company_split_a';
const B = 'company_split_b';

let sandbox: Sandbox;
let payerKey: string;
let aKey: string;
let bKey: string;
beforeAll(async () => {
  sandbox = await memorySandbox();
  payerKey = (await createCredential(sandbox.db, { permissions: [...ALL_PERMISSIONS], companies: [PAYER] })).apiKey;
  aKey = (await createCredential(sandbox.db, { permissions: ['transaction.read'], companies: [A] })).apiKey;
  bKey = (await createCredential(sandbox.db, { permissions: ['transaction.read'], companies: [B] })).apiKey;
});
afterAll(async () => sandbox?.close());

const asPayer = (method: string, url: string, body?: unknown) => call(sandbox, method, url, body, { apiKey: payerKey });
const pay = async (extra: Record<string, unknown> = {}) =>
  (await asPayer('POST', '/v1/transaction', { companyId: PAYER, amount: 1000, paymentProfile: PAID_PROFILE, ...extra })).body;
const full = async (transactionId: string) => (await asPayer('GET', `/v1/transaction/full?transactionId=${transactionId}`)).body;
const setCompanySplit = (split: unknown) => asPayer('PUT', '/sandbox/v1/company/settings', { companyId: PAYER, split });
const makeProduct = (split?: unknown) => asPayer('POST', '/v1/product', {
  companyId: PAYER, product: { price: 20, title: 'Plano', warranty: 0 },
  charge: { frequencyDays: 30, deniedIntervalDays: 2, maxDeniedAttempts: 2, invoiceIdentification: 'X', paymentMethod: ALL_METHODS },
  ...(split ? { split } : {}),
});
const today = async () => (await asPayer('GET', `/sandbox/v1/clock?companyId=${PAYER}`)).body.now.slice(0, 10) as string;
const plusDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The three places a split is set, each sending `split` as its body's member. */
const SETTERS = {
  'POST /v1/transaction': (split: unknown) => asPayer('POST', '/v1/transaction', { companyId: PAYER, amount: 1000, paymentProfile: PAID_PROFILE, split }),
  'POST /v1/product': (split: unknown) => makeProduct(split),
  'PUT /sandbox/v1/company/settings': (split: unknown) => setCompanySplit(split),
};

const REFUSED: Array<[rule: string, split: unknown, paths: string[], msg: RegExp]> = [
  ['an active split without rules', { active: true }, ['split.rules'], /at least one rule/],
  ['an active split with an empty rules list', { active: true, rules: [] }, ['split.rules'], /at least one rule/],
  ['a recipient the sandbox does not know', { active: true, rules: [{ companyId: A, percentage: 50 }, { companyId: 'company_nobody', percentage: 50 }] }, ['split.rules[1].companyId'], /company_nobody is not a company the sandbox knows/],
  ['a percentage of 0', { active: true, rules: [{ companyId: A, percentage: 0 }, { companyId: B, percentage: 100 }] }, ['split.rules[0].percentage'], /must be above 0/],
  ['percentages with more than 2 decimal places', { active: true, rules: [{ companyId: A, percentage: 33.333 }, { companyId: B, percentage: 66.667 }] }, ['split.rules[0].percentage', 'split.rules[1].percentage'], /at most 2 decimal places/],
  ['40% alone', { active: true, rules: [{ companyId: A, percentage: 40 }] }, ['split.rules'], /add up to exactly 100, got 40$/],
  ['percentages a hundredth short of 100', { active: true, rules: [{ companyId: A, percentage: 33.33 }, { companyId: B, percentage: 66.66 }] }, ['split.rules'], /got 99.99$/],
  ['percentages over 100', { active: true, rules: [{ companyId: A, percentage: 60 }, { companyId: B, percentage: 50 }] }, ['split.rules'], /got 110$/],
  ['a recipient twice', { active: true, rules: [{ companyId: A, percentage: 50 }, { companyId: A, percentage: 50 }] }, ['split.rules[1].companyId'], /names company_split_a again/],
];

describe.each(Object.entries(SETTERS))('split rules on %s', (_name, send) => {
  it.each(REFUSED)('%s: 400 naming the rule and its field', async (_rule, split, paths, msg) => {
    const { status, body } = await send(split);
    expect(status).toBe(400);
    expect(body.code).toBe('SchemaValidationException');
    expect(body.error_messages.map((m: { path: string }) => m.path).sort()).toEqual(paths);
    for (const message of body.error_messages) expect(message).toMatchObject({ type: 'field', location: 'body', msg: expect.stringMatching(msg) });
  });

  it('accepted: hundredths adding up to exactly 100, a split without the paying company, an inactive split with broken rules (schema only)', async () => {
    const accepted = [
      { active: true, rules: [{ companyId: A, percentage: 33.33 }, { companyId: B, percentage: 33.33 }, { companyId: PAYER, percentage: 33.34 }] },
      { active: true, rules: [{ companyId: A, percentage: 100 }] },
      { active: false, rules: [{ companyId: 'company_nobody', percentage: 40 }, { companyId: 'company_nobody', percentage: 0 }] },
    ];
    for (const split of accepted) expect((await send(split)).status).toBeLessThan(300);
    await setCompanySplit({ active: false });
  });
});

describe('which split applies: the transaction\'s, else the product\'s, else the company\'s, else none', () => {
  const TRANSACTION_SPLIT = { active: true, rules: [{ companyId: PAYER, percentage: 50 }, { companyId: A, percentage: 50 }] };
  const PRODUCT_SPLIT = { active: true, rules: [{ companyId: B, percentage: 100 }] };
  const COMPANY_SPLIT = { active: true, rules: [{ companyId: A, percentage: 100 }] };
  const recipients = async (transactionId: string) => (await full(transactionId)).payables.map((p: { companyId: string }) => p.companyId);

  it('POST /v1/transaction: its own active split first, then the company\'s; an inactive one is ignored', async () => {
    await setCompanySplit(COMPANY_SPLIT);
    const own = await pay({ split: TRANSACTION_SPLIT });
    expect(own).toMatchObject({ status: 'PAID', splitSource: 'transaction', split: TRANSACTION_SPLIT });
    expect(await recipients(own._id)).toEqual([PAYER, A]);
    for (const extra of [{}, { split: { active: false, rules: [{ companyId: B, percentage: 100 }] } }]) {
      const paid = await pay(extra);
      expect(paid).toMatchObject({ splitSource: 'company', split: COMPANY_SPLIT });
      expect(await recipients(paid._id)).toEqual([A]);
    }
  });

  it('a payment that names a product (a subscription, a charge of that product) follows the product\'s split over the company\'s', async () => {
    await setCompanySplit(COMPANY_SPLIT);
    const product = (await makeProduct(PRODUCT_SPLIT)).body;
    const subscription = (await asPayer('POST', '/v1/subscription', { companyId: PAYER, product: { id: product._id }, paymentMethod: 'CREDIT_CARD', paymentProfile: PAID_PROFILE })).body;
    expect(subscription.transaction).toMatchObject({ status: 'PAID', splitSource: 'product', split: PRODUCT_SPLIT });
    expect(await recipients(subscription.transaction._id)).toEqual([B]);

    const client = (await asPayer('POST', '/v1/client', { companyId: PAYER, name: 'Ana', doc: '52998224725', email: 'ana@example.com' })).body;
    const charge = (await asPayer('POST', '/v1/charge', { companyId: PAYER, clientId: client._id, productId: product._id, dueDate: await today(), amount: 12.5 })).body;
    const paid = (await call(sandbox, 'POST', '/v1/charge/pay', { _id: charge._id, companyId: PAYER, paymentMethod: 'CREDIT_CARD', captchaToken: SANDBOX_CAPTCHA_TOKEN, paymentProfile: PAID_PROFILE }, {})).body;
    expect(paid.transaction).toMatchObject({ status: 'PAID', splitSource: 'product' });
    expect(await recipients(paid.transaction._id)).toEqual([B]);

    const inactive = (await makeProduct({ ...PRODUCT_SPLIT, active: false })).body;
    const next = (await asPayer('POST', '/v1/subscription', { companyId: PAYER, product: { id: inactive._id }, paymentMethod: 'CREDIT_CARD', paymentProfile: PAID_PROFILE })).body;
    expect(next.transaction).toMatchObject({ splitSource: 'company', split: COMPANY_SPLIT });
  });

  it('no active split anywhere: no split on the transaction, one payable of the whole amount for the paying company', async () => {
    await setCompanySplit({ active: false, rules: COMPANY_SPLIT.rules });
    const paid = await pay({ amount: 2500 });
    expect(paid.splitSource).toBe('none');
    expect(paid.split).toBeUndefined();
    expect((await full(paid._id)).payables).toEqual([expect.objectContaining({ companyId: PAYER, payingCompanyId: PAYER, grossAmount: 2500, fee: 114, netAmount: 2386 })]);
  });
});

describe('payables', () => {
  const THIRDS = [{ companyId: PAYER, percentage: 33.33 }, { companyId: A, percentage: 33.33 }, { companyId: B, percentage: 33.34 }];
  const amounts = (payables: Array<Record<string, number>>) => payables.map((p) => [p.grossAmount, p.fee, p.netAmount]);

  it('one per recipient in cents: the remainder cent to the largest remainder; the fee on the whole amount, borne by the paying company when no rule says', async () => {
    const paid = await pay({ split: { active: true, rules: THIRDS } });
    // 1000 cents: 333.3, 333.3, 333.4 -> 333, 333, 334. Fee 2.99% of 1000 = 29.9 -> 30, + 39 = 69.
    expect(paid.processingFee).toBe(69);
    const { payables } = await full(paid._id);
    expect(amounts(payables)).toEqual([[333, 69, 264], [333, 0, 333], [334, 0, 334]]);
    const day = await today();
    expect(payables[1]).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/), companyId: A, payingCompanyId: PAYER, transactionId: paid._id, ruleIndex: 1,
      paymentMethod: 'CREDIT_CARD', installments: 1, status: 'WAITING_FUNDS', availableOn: plusDays(day, 30),
    });
  });

  it('chargeProcessingFee: the marked recipients share the fee pro rata to their gross; chargeRecipientProcessingFee: a recipient bears its own share', async () => {
    const marked = await pay({ split: { active: true, rules: THIRDS.map((r) => (r.companyId === PAYER ? r : { ...r, chargeProcessingFee: true })) } });
    // 69 * 333/667 = 34.45, 69 * 334/667 = 34.55: the cent left goes to B.
    expect(amounts((await full(marked._id)).payables)).toEqual([[333, 0, 333], [333, 34, 299], [334, 35, 299]]);
    const own = await pay({ split: { active: true, rules: THIRDS.map((r) => (r.companyId === A ? { ...r, chargeRecipientProcessingFee: true } : r)) } });
    // Shares of 69: 22.977, 22.977, 23.046 -> 23, 23, 23 (ties to the earlier rule); A bears its 23, the paying company the rest.
    expect(amounts((await full(own._id)).payables)).toEqual([[333, 46, 287], [333, 23, 310], [334, 0, 334]]);
  });

  it('a fee above a recipient\'s gross is cut to it; the rest is borne by the next recipients in rule order (net never negative)', async () => {
    const paid = await pay({ amount: 100, split: { active: true, rules: [{ companyId: A, percentage: 0.01, chargeProcessingFee: true }, { companyId: PAYER, percentage: 99.99 }] } });
    // 100 cents: 0.01 and 99.99 -> 0 and 100; fee 3 + 39 = 42, A's gross is 0.
    expect(amounts((await full(paid._id)).payables)).toEqual([[0, 0, 0], [100, 42, 58]]);
  });

  it('the recipient reads its own on GET /sandbox/v1/payables, filtered by transactionId and status; another company\'s are not its to read', async () => {
    const paid = await pay({ split: { active: true, rules: THIRDS } });
    const mine = await call(sandbox, 'GET', `/sandbox/v1/payables?companyId=${A}&transactionId=${paid._id}`, undefined, { apiKey: aKey });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ total: 1, query_count: 1, page: 1, items: [{ companyId: A, transactionId: paid._id, grossAmount: 333, netAmount: 333 }] });
    const all = await call(sandbox, 'GET', '/sandbox/v1/payables?limit=2', undefined, { apiKey: bKey });
    expect(all.body.items.every((p: { companyId: string }) => p.companyId === B)).toBe(true);
    expect(all.body.total).toBeGreaterThan(2);
    expect(all.body).toMatchObject({ query_count: 2, has_more: true });
    expect((await call(sandbox, 'GET', `/sandbox/v1/payables?companyId=${B}&status=REVERSED&transactionId=${paid._id}`, undefined, { apiKey: bKey })).body.total).toBe(0);
    expect((await call(sandbox, 'GET', `/sandbox/v1/payables?companyId=${B}`, undefined, { apiKey: aKey })).status).toBe(403);
    expect((await call(sandbox, 'GET', `/sandbox/v1/payables?companyId=${A}&status=LOST`, undefined, { apiKey: aKey })).body.error_messages).toEqual([expect.objectContaining({ path: 'status' })]);
  });

  it('an AUTHORIZED transaction has none; its capture makes them', async () => {
    const authorized = await pay({ capture: false, split: { active: true, rules: THIRDS } });
    expect((await full(authorized._id)).payables).toEqual([]);
    const captured = (await asPayer('POST', '/v1/transaction/capture', { companyId: PAYER, transactionId: authorized._id })).body.data;
    expect(captured).toMatchObject({ status: 'PAID', splitSource: 'transaction', processingFee: 69 });
    expect(amounts((await full(authorized._id)).payables)).toEqual([[333, 69, 264], [333, 0, 333], [334, 0, 334]]);
  });

  it('a declined payment makes none', async () => {
    const declined = await pay({ paymentProfile: DECLINED_PROFILE, split: { active: true, rules: THIRDS } });
    expect(declined.status).toBe('DECLINED');
    expect((await full(declined._id)).payables).toEqual([]);
  });

  it('a PIX settled by the sandbox bank: the PIX fee (0.99%), funds available the same day (PAID)', async () => {
    const client = (await asPayer('POST', '/v1/client', { companyId: PAYER, name: 'Bia', doc: '11144477735', email: 'bia@example.com' })).body;
    const product = (await makeProduct()).body;
    const charge = (await asPayer('POST', '/v1/charge', { companyId: PAYER, clientId: client._id, productId: product._id, dueDate: await today(), amount: 150 })).body;
    const settled = (await asPayer('POST', '/sandbox/v1/charges/settle', { companyId: PAYER, chargeId: charge._id, paymentMethod: 'PIX' })).body;
    // 15000 * 0.99% = 148.5 -> 149 (half up).
    expect(settled.transaction).toMatchObject({ status: 'PAID', paymentMethod: 'PIX', processingFee: 149, splitSource: 'none' });
    expect((await full(settled.transaction._id)).payables).toEqual([expect.objectContaining({ grossAmount: 15000, fee: 149, netAmount: 14851, status: 'PAID', availableOn: await today() })]);
  });

  it('a refund (cancel of a PAID transaction) reverses every payable, on /full and on the recipient\'s read', async () => {
    const paid = await pay({ split: { active: true, rules: THIRDS } });
    expect((await asPayer('PUT', '/v1/transaction/cancel', { companyId: PAYER, transactionId: paid._id })).status).toBe(204);
    const { payables } = await full(paid._id);
    expect(payables.map((p: { status: string }) => p.status)).toEqual(['REVERSED', 'REVERSED', 'REVERSED']);
    expect(payables[0].reversedAt).toBe(payables[0].updatedAt);
    const reversed = await call(sandbox, 'GET', `/sandbox/v1/payables?companyId=${A}&status=REVERSED&transactionId=${paid._id}`, undefined, { apiKey: aKey });
    expect(reversed.body.items).toEqual([expect.objectContaining({ companyId: A, status: 'REVERSED', grossAmount: 333 })]);
    expect((await call(sandbox, 'GET', `/sandbox/v1/payables?companyId=${A}&status=WAITING_FUNDS&transactionId=${paid._id}`, undefined, { apiKey: aKey })).body.total).toBe(0);
  });

  it('the test clock: a renewal makes payables; a payable turns PAID when the paying company\'s clock runs its availableOn', async () => {
    const company = await clockCompany(sandbox);
    await company.startADay();
    const first = (await company.v1()).transaction;
    const firstPayables = (await company.as('GET', `/v1/transaction/full?transactionId=${first._id}`)).body.payables;
    expect(firstPayables).toEqual([expect.objectContaining({ companyId: company.companyId, grossAmount: 1000, status: 'WAITING_FUNDS', availableOn: plusDays(await company.today(), 30) })]);
    await company.advance(29);
    expect((await company.as('GET', `/sandbox/v1/payables?companyId=${company.companyId}&transactionId=${first._id}`)).body.items[0].status).toBe('WAITING_FUNDS');
    await company.advance(1);
    expect((await company.as('GET', `/sandbox/v1/payables?companyId=${company.companyId}&transactionId=${first._id}`)).body.items[0].status).toBe('PAID');
    const renewal = (await company.as('GET', `/v1/transaction?companyId=${company.companyId}&subscriptionId=${first.subscriptionId}&sort.direction=desc`)).body.items[0];
    expect(renewal._id).not.toBe(first._id);
    expect(renewal).toMatchObject({ status: 'PAID', splitSource: 'none', processingFee: 69 });
    expect((await company.as('GET', `/sandbox/v1/payables?companyId=${company.companyId}&transactionId=${renewal._id}`)).body.items).toEqual([expect.objectContaining({ grossAmount: 1000, fee: 69, status: 'WAITING_FUNDS' })]);
  });
});

it('the description\'s "Split and payables" section holds the fee table the code charges, a row per entry of its data, and how each row is paid out', async () => {
  const description: string = (await call(sandbox, 'GET', '/openapi.json', undefined, {})).body.info.description;
  const section = description.slice(description.indexOf('## Split and payables'));
  expect(section).toMatch(/^## Split and payables/);
  const rows = section.split('\n').filter((line) => /^\| (CREDIT_CARD|DEBIT_CARD|PIX|BOLETO) \|/.test(line));
  expect(rows).toHaveLength(FEE_TABLE.length);
  FEE_TABLE.forEach((row, i) => {
    expect(rows[i]).toContain(`| ${row.method} |`);
    expect(rows[i]).toContain(`| D+${row.availableAfterDays} |`);
    if (row.basisPoints) expect(rows[i]).toContain(`${(row.basisPoints / 100).toFixed(2)}%`);
    // A credit card sale in installments is paid out per installment, at D+n times k.
    expect(rows[i]).toContain(row.method === 'CREDIT_CARD' && row.installments.to > 1 ? `| one payable per installment, installment k at D+${row.availableAfterDays}×k |` : '| one payable |');
  });
});

describe('an active split\'s own rules are JSON Schema too', () => {
  it('the description says them (if active is true: rules required, at least one, each percentage above 0); the answers name the field', async () => {
    const doc = (await call(sandbox, 'GET', '/openapi.json', undefined, {})).body;
    const split = doc.paths['/v1/transaction'].post.requestBody.content['application/json'].schema.properties.split;
    expect(split).toMatchObject({
      if: { properties: { active: { enum: [true] } }, required: ['active'] },
      then: { required: ['rules'], properties: { rules: { minItems: 1, items: { properties: { percentage: { exclusiveMinimum: 0 } } } } } },
    });
    const pay = (value: unknown) => call(sandbox, 'POST', '/v1/transaction', { companyId: COMPANY, amount: 100, paymentProfile: PAID_PROFILE, split: value });
    expect((await pay({ active: true })).body.error_messages)
      .toEqual([expect.objectContaining({ path: 'split.rules', msg: expect.stringMatching(/^split\.rules is required with split\.active true: .*at least one rule/) })]);
    expect((await pay({ active: true, rules: [] })).body.error_messages)
      .toEqual([expect.objectContaining({ path: 'split.rules', msg: expect.stringMatching(/^split\.rules must hold at least 1 item with split\.active true/) })]);
    expect((await pay({ active: true, rules: [{ companyId: COMPANY, percentage: 0 }, { companyId: COMPANY, percentage: 100 }] })).body.error_messages)
      .toEqual([expect.objectContaining({ path: 'split.rules[0].percentage', msg: expect.stringMatching(/^split\.rules\[0\]\.percentage must be above 0 with split\.active true/) })]);
  });
});
