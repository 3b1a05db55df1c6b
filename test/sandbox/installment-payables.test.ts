// A credit card sale in installments paid out per installment, through the API
// as a merchant sees it: one payable per recipient and installment, installment
// k at D+30·k, cents cut in equal parts with the rest on installment 1; refunds
// reverse them all, the anticipation takes each by its own days, the test clock
// releases them one month at a time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredential } from '../../packages/sandbox/auth/credentials.js';
import { ALL_PERMISSIONS } from '../../packages/sandbox/auth/permissions.js';
import { MIGRATIONS, migrate } from '../../packages/sandbox/db/migrations.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { clockCompany } from './support/clock-company.js';
import { ALL_METHODS } from './support/fixtures.js';
import { PAID_PROFILE, SANDBOX_CAPTCHA_TOKEN, call, memorySandbox } from './support/sandbox.js';

const PAYER = 'company_installments_payer';
const A = 'company_installments_a';

let sandbox: Sandbox;
let payerKey: string;
let aKey: string;
beforeAll(async () => {
  sandbox = await memorySandbox();
  payerKey = (await createCredential(sandbox.db, { permissions: [...ALL_PERMISSIONS], companies: [PAYER] })).apiKey;
  aKey = (await createCredential(sandbox.db, { permissions: ['transaction.read'], companies: [A] })).apiKey;
});
afterAll(async () => sandbox?.close());

interface SeenPayable { companyId: string; ruleIndex: number; installment: number; installments: number; grossAmount: number; fee: number; netAmount: number; status: string; availableOn: string; anticipationFee?: number; anticipatedFrom?: string }

const asPayer = (method: string, url: string, body?: unknown) => call(sandbox, method, url, body, { apiKey: payerKey });
const pay = async (extra: Record<string, unknown>) =>
  (await asPayer('POST', '/v1/transaction', { companyId: PAYER, amount: 10000, paymentProfile: PAID_PROFILE, ...extra })).body;
const payablesOf = async (transactionId: string): Promise<SeenPayable[]> => (await asPayer('GET', `/v1/transaction/full?transactionId=${transactionId}`)).body.payables;
const today = async () => (await asPayer('GET', `/sandbox/v1/clock?companyId=${PAYER}`)).body.now.slice(0, 10) as string;
const plusDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const total = (payables: SeenPayable[], key: 'grossAmount' | 'fee' | 'netAmount') => payables.reduce((sum, p) => sum + p[key], 0);
const PLANS = [{ installment: 1 }, { installment: 3 }];

describe('payables of a credit card sale in installments', () => {
  it('3x R$ 100,00: three payables, installment 1..3 at D+30, D+60, D+90, gross 3334/3333/3333, fees and nets adding up exactly', async () => {
    const paid = await pay({ installments: 3 });
    // 3.49% of 10000 = 349, + 39 = 388: 130 + 129 + 129.
    expect(paid).toMatchObject({ status: 'PAID', installments: 3, processingFee: 388 });
    const day = await today();
    const payables = await payablesOf(paid._id);
    expect(payables.map((p) => [p.installment, p.availableOn, p.grossAmount, p.fee, p.netAmount])).toEqual([
      [1, plusDays(day, 30), 3334, 130, 3204],
      [2, plusDays(day, 60), 3333, 129, 3204],
      [3, plusDays(day, 90), 3333, 129, 3204],
    ]);
    for (const p of payables) expect(p).toMatchObject({ companyId: PAYER, ruleIndex: 0, installments: 3, status: 'WAITING_FUNDS', paymentMethod: 'CREDIT_CARD' });
    expect([total(payables, 'grossAmount'), total(payables, 'fee'), total(payables, 'netAmount')]).toEqual([10000, 388, 10000 - 388]);
  });

  it('a sale at once, and any other method, is one payable, installment 1', async () => {
    const paid = await pay({});
    expect(await payablesOf(paid._id)).toEqual([expect.objectContaining({ installment: 1, installments: 1, grossAmount: 10000 })]);
  });

  it('split and 4x: four payables per recipient, by recipient then installment; each recipient\'s and the overall sums exact', async () => {
    const paid = await pay({ amount: 12345, installments: 4, split: { active: true, rules: [{ companyId: PAYER, percentage: 60 }, { companyId: A, percentage: 40 }] } });
    // 12345 x 60% = 7407, x 40% = 4938; fee 3.49% = 430.84 -> 431, + 39 = 470, borne by the paying company.
    expect(paid.processingFee).toBe(470);
    const payables = await payablesOf(paid._id);
    expect(payables.map((p) => [p.companyId, p.installment])).toEqual([[PAYER, 1], [PAYER, 2], [PAYER, 3], [PAYER, 4], [A, 1], [A, 2], [A, 3], [A, 4]]);
    const payer = payables.filter((p) => p.companyId === PAYER);
    const a = payables.filter((p) => p.companyId === A);
    // 7407 / 4 = 1851 r 3; 470 / 4 = 117 r 2; 4938 / 4 = 1234 r 2.
    expect(payer.map((p) => [p.grossAmount, p.fee, p.netAmount])).toEqual([[1854, 119, 1735], [1851, 117, 1734], [1851, 117, 1734], [1851, 117, 1734]]);
    expect(a.map((p) => [p.grossAmount, p.fee, p.netAmount])).toEqual([[1236, 0, 1236], [1234, 0, 1234], [1234, 0, 1234], [1234, 0, 1234]]);
    expect([total(payer, 'grossAmount'), total(payer, 'fee'), total(payer, 'netAmount')]).toEqual([7407, 470, 6937]);
    expect([total(a, 'grossAmount'), total(a, 'fee'), total(a, 'netAmount')]).toEqual([4938, 0, 4938]);
    expect([total(payables, 'grossAmount'), total(payables, 'fee'), total(payables, 'netAmount')]).toEqual([12345, 470, 12345 - 470]);
    // The list, all made at one instant: installment order, newest first by default (issue noticed in session 25: random before).
    const listed = async (direction: string) => (await call(sandbox, 'GET', `/sandbox/v1/payables?companyId=${A}&transactionId=${paid._id}${direction}`, undefined, { apiKey: aKey })).body;
    expect((await listed('')).items.map((p: SeenPayable) => p.installment)).toEqual([4, 3, 2, 1]);
    expect((await listed('&sort.direction=asc')).items.map((p: SeenPayable) => p.installment)).toEqual([1, 2, 3, 4]);
    expect((await listed('&sort.direction=asc&limit=2&page=2')).items.map((p: SeenPayable) => p.installment)).toEqual([3, 4]);
  });

  it('a fee part above its installment\'s gross moves on to the next installments: no net below 0', async () => {
    // 50 cents in 12x: gross 6 + 11 x 4; fee 2 + 39 = 41: 8 + 11 x 3 -> the first's 2 cents over its gross go one each to installments 2 and 3.
    const paid = await pay({ amount: 50, installments: 12 });
    expect(paid.processingFee).toBe(41);
    const payables = await payablesOf(paid._id);
    expect(payables.slice(0, 4).map((p) => [p.grossAmount, p.fee, p.netAmount])).toEqual([[6, 6, 0], [4, 4, 0], [4, 4, 0], [4, 3, 1]]);
    for (const p of payables) expect(p.netAmount).toBe(p.grossAmount - p.fee);
    expect(payables.every((p) => p.netAmount >= 0)).toBe(true);
    expect([total(payables, 'grossAmount'), total(payables, 'fee'), total(payables, 'netAmount')]).toEqual([50, 41, 9]);
  });

  it('a refund of a 3x payment reverses all three', async () => {
    const paid = await pay({ installments: 3 });
    expect((await asPayer('PUT', '/v1/transaction/cancel', { companyId: PAYER, transactionId: paid._id })).status).toBe(204);
    expect((await payablesOf(paid._id)).map((p) => [p.installment, p.status])).toEqual([[1, 'REVERSED'], [2, 'REVERSED'], [3, 'REVERSED']]);
  });
});

describe('installments over time', () => {
  it('the anticipation of a 3x charge takes all three to today, each by its own days early: a later installment pays a higher fee; the totals are their sums', async () => {
    const company = await clockCompany(sandbox, { paymentMethod: [{ type: 'CREDIT_CARD', active: true, installments: PLANS }, ...ALL_METHODS.filter((m) => m.type !== 'CREDIT_CARD')] });
    await company.startADay();
    const day = await company.today();
    const charge = (await company.as('POST', '/v1/charge', { companyId: company.companyId, clientId: company.client._id, productId: company.product._id, amount: 100, dueDate: day })).body;
    const paid = (await company.as('POST', '/v1/charge/pay', {
      companyId: company.companyId, _id: charge._id, paymentMethod: 'CREDIT_CARD', installments: 3, captchaToken: SANDBOX_CAPTCHA_TOKEN, paymentProfile: PAID_PROFILE,
    })).body.transaction;
    expect(paid).toMatchObject({ status: 'PAID', installments: 3 });
    const answer = await company.as('POST', '/sandbox/v1/charges/anticipate', { companyId: company.companyId, chargeId: charge._id });
    expect(answer.status).toBe(200);
    const moved: SeenPayable[] = answer.body.anticipation.payables;
    expect(moved.map((p) => [p.installment, p.status, p.availableOn, p.anticipatedFrom])).toEqual([
      [1, 'PAID', day, plusDays(day, 30)], [2, 'PAID', day, plusDays(day, 60)], [3, 'PAID', day, plusDays(day, 90)]]);
    // Each net before was 3204: floor((3204 x 199 x days + 150,000) / 300,000) for 30, 60 and 90 days.
    expect(moved.map((p) => p.anticipationFee)).toEqual([64, 128, 191]);
    expect(moved.map((p) => p.netAmount)).toEqual([3204 - 64, 3204 - 128, 3204 - 191]);
    expect(answer.body.anticipation).toMatchObject({ transactionId: paid._id, fee: 64 + 128 + 191, netAmount: 3 * 3204 - (64 + 128 + 191) });
    expect(answer.body.charge.status).toBe('ANTICIPATED');
    const stored = (await company.as('GET', `/v1/transaction/full?transactionId=${paid._id}`)).body.payables;
    expect(stored).toEqual(moved);
  });

  it('the test clock: 31 days release installment 1 only (PAID); 2 and 3 wait for theirs', async () => {
    const company = await clockCompany(sandbox);
    await company.startADay();
    const paid = (await company.as('POST', '/v1/transaction', { companyId: company.companyId, amount: 10000, paymentProfile: PAID_PROFILE, installments: 3 })).body;
    const statuses = async () => (await company.as('GET', `/v1/transaction/full?transactionId=${paid._id}`)).body.payables.map((p: SeenPayable) => [p.installment, p.status]);
    expect(await statuses()).toEqual([[1, 'WAITING_FUNDS'], [2, 'WAITING_FUNDS'], [3, 'WAITING_FUNDS']]);
    await company.advance(31);
    expect(await statuses()).toEqual([[1, 'PAID'], [2, 'WAITING_FUNDS'], [3, 'WAITING_FUNDS']]);
    await company.advance(30);
    expect(await statuses()).toEqual([[1, 'PAID'], [2, 'PAID'], [3, 'WAITING_FUNDS']]);
  });
});

it('a database from before: the migration marks each payable it holds installment 1 (a sale\'s only receivable then)', async () => {
  const paid = await pay({});
  await sandbox.db.query("UPDATE payables SET data = data - 'installment' WHERE transaction_id = $1", [paid._id]);
  // That migration's version (its index + 1), found by what it does: later migrations come after it.
  const version = MIGRATIONS.findIndex((sql) => sql.includes("'{installment}'")) + 1;
  expect(version).toBeGreaterThan(0);
  await sandbox.db.query('DELETE FROM schema_migrations WHERE version = $1', [version]);
  await migrate(sandbox.db);
  expect(await payablesOf(paid._id)).toEqual([expect.objectContaining({ installment: 1, installments: 1, grossAmount: 10000 })]);
});
