// PIX Automático renewals on the test clock (billing/pix-debit.ts, the
// schedule's pixDebit, pixDebitRetry and pixDebitRefused rows): the debit on
// the due date, the retries by the sandbox's reading of the Banco Central's rule
// (after a failed first attempt, at most 3 more, at most one a day, within 7
// days of the due date), the payer's maximum, the end by the product's rule,
// and the fallback (the failed charge paid by card or boleto).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { clockCompany } from './support/clock-company.js';
import { memorySandbox, PAID_PROFILE, SANDBOX_CAPTCHA_TOKEN } from './support/sandbox.js';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await memorySandbox(); });
afterAll(async () => sandbox?.close());

const DAY = 86_400_000;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/**
 * A PIX subscription (first charge due tomorrow) with an ACTIVE mandate: the payer's bank refuses
 * the next `declines` debits for want of funds; `maxAmount` is the payer's limit (cents).
 */
async function debited(declines: number, rules: Record<string, unknown> = {}, maxAmount?: number, extra: Record<string, unknown> = {}) {
  const c = await clockCompany(sandbox, rules, extra);
  await c.startADay();
  const due = addDays(await c.today(), 1);
  const { subscription, charge } = await c.v2(due);
  const { mandate } = (await c.as('POST', '/sandbox/v1/mandates', { companyId: c.companyId, subscriptionId: subscription._id })).body;
  const bank = (action: string, more: Record<string, unknown> = {}) => c.as('POST', '/sandbox/v1/mandates/bank', { companyId: c.companyId, mandateId: mandate._id, action, ...more });
  await bank('approve', maxAmount ? { maxAmount } : {});
  if (declines) await bank('decline-debits', { count: declines });
  /** The charge's PIX debits: [day, status] of each, oldest first. */
  const debits = async () => ((await c.full(subscription._id)).transactions as { chargeId: string; paymentMethod: string; createdAt: string; status: string }[])
    .filter((t) => t.chargeId === charge._id && t.paymentMethod === 'PIX').map((t) => [t.createdAt.slice(0, 10), t.status]);
  const chargeNow = async () => (await c.full(subscription._id)).charges.find((ch: { _id: string }) => ch._id === charge._id);
  return { c, due, subscription, charge, mandate, bank, debits, chargeNow };
}

describe('a renewal debited without the shopper', () => {
  it('the due date\'s debit pays the charge: a PIX transaction PAID (row 19), charge.paid, the subscription ACTIVE; nothing before the due date', async () => {
    const { c, due, debits, chargeNow, subscription } = await debited(0);
    await c.advance(0.5);
    expect(await debits()).toEqual([]);
    const moved = await c.advance(1);
    expect(moved.moves).toContainEqual(expect.objectContaining({ row: 19, resource: 'charge', to: 'PAID' }));
    expect(await debits()).toEqual([[due, 'PAID']]);
    expect(await chargeNow()).toMatchObject({ status: 'PAID', pixDebit: { attempts: 1 } });
    expect((await c.full(subscription._id)).status).toBe('ACTIVE');
  });

  it('refused twice for want of funds: retried the next days (deniedIntervalDays 1, row 20), paid on the third; the mandate counts its declines down', async () => {
    const { c, due, debits, chargeNow, mandate } = await debited(2, { deniedIntervalDays: 1 });
    await c.advance(10);
    expect(await debits()).toEqual([[due, 'DECLINED'], [addDays(due, 1), 'DECLINED'], [addDays(due, 2), 'PAID']]);
    expect(await chargeNow()).toMatchObject({ status: 'PAID', pixDebit: { attempts: 3 } });
    expect((await c.as('GET', `/sandbox/v1/mandates?mandateId=${mandate._id}`)).body).toMatchObject({ status: 'ACTIVE', declineNext: 0 });
  });

  it('refused every time: 4 attempts (the due date and 3 retries, one a day with deniedIntervalDays 0), then OVERDUE; OVERDUE_DAYS ends the subscription NO_PAYMENT (its mandate CANCELED)', async () => {
    const { c, due, debits, chargeNow, subscription, mandate } = await debited(9, { deniedIntervalDays: 0 }, undefined, { unsubscription: { type: 'OVERDUE_DAYS', overdueDays: 5 } });
    await c.advance(4);
    expect(await debits()).toEqual([0, 1, 2, 3].map((n) => [addDays(due, n), 'DECLINED']));
    expect((await chargeNow()).status).toBe('ERROR_PAYMENT');
    // The day after the last attempt: no retry left, OVERDUE.
    await c.advance(1);
    expect(await chargeNow()).toMatchObject({ status: 'OVERDUE', attempts: 4, pixDebit: { attempts: 4, refusal: 'INSUFFICIENT_FUNDS' } });
    await c.advance(10);
    expect(await debits()).toHaveLength(4);
    expect((await c.full(subscription._id)).status).toBe('NO_PAYMENT');
    expect((await c.as('GET', `/sandbox/v1/mandates?mandateId=${mandate._id}`)).body.status).toBe('CANCELED');
  });

  it('the window: with deniedIntervalDays 3 the retries fall on +3 and +6 only (+9 is past the 7 days), then OVERDUE', async () => {
    const { c, due, debits, chargeNow } = await debited(9, { deniedIntervalDays: 3 });
    await c.advance(12);
    expect(await debits()).toEqual([[due, 'DECLINED'], [addDays(due, 3), 'DECLINED'], [addDays(due, 6), 'DECLINED']]);
    expect((await chargeNow()).status).toBe('OVERDUE');
  });

  it('the payer\'s maximum below the charge: refused ABOVE_MAXIMUM, never retried, OVERDUE the next day; the fallback pays it by card (the subscription RECOVERED), the next renewal debited again', async () => {
    const { c, due, debits, chargeNow, charge, subscription } = await debited(0, {}, 999);
    await c.advance(1);
    expect(await debits()).toEqual([[due, 'DECLINED']]);
    expect(await chargeNow()).toMatchObject({ status: 'ERROR_PAYMENT', pixDebit: { attempts: 1, refusal: 'ABOVE_MAXIMUM' } });
    await c.advance(3);
    expect(await debits()).toHaveLength(1);
    expect((await chargeNow()).status).toBe('OVERDUE');
    const paid = await c.as('POST', '/v1/charge/pay', { companyId: c.companyId, _id: charge._id, paymentMethod: 'CREDIT_CARD', paymentProfile: PAID_PROFILE, captchaToken: SANDBOX_CAPTCHA_TOKEN });
    expect(paid.body.charge.status).toBe('RECOVERED');
    expect((await c.full(subscription._id)).status).toBe('RECOVERED');
  });

  it('the fallback by boleto: a charge whose debits failed is paid by boleto (POST /v1/charge/pay BOLETO, the bank settles it)', async () => {
    const { c, charge, chargeNow } = await debited(9);
    await c.advance(1);
    expect((await chargeNow()).status).toBe('ERROR_PAYMENT');
    const slip = await c.as('POST', '/v1/charge/pay', { companyId: c.companyId, _id: charge._id, paymentMethod: 'BOLETO', captchaToken: SANDBOX_CAPTCHA_TOKEN });
    expect(slip.body.boleto.digitableLine).toMatch(/^\d{47}$/);
    await c.as('POST', '/sandbox/v1/charges/settle', { companyId: c.companyId, chargeId: charge._id, paymentMethod: 'BOLETO' });
    expect((await chargeNow()).status).toBe('PAID');
  });

  it('a revoked mandate debits nothing: the charge waits to be paid by hand, OVERDUE after its due date', async () => {
    const { c, debits, chargeNow, bank } = await debited(0);
    await bank('revoke');
    await c.advance(3);
    expect(await debits()).toEqual([]);
    expect((await chargeNow()).status).toBe('OVERDUE');
  });
});

describe('the retry rules hold for any failure pattern (property)', () => {
  it('attempts: the first on the due date, then at most 3, on distinct days at least max(1, deniedIntervalDays) apart, none after due + 7; paid at the first attempt not refused, else OVERDUE', async () => {
    await fc.assert(fc.asyncProperty(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 4 }), async (declines, interval) => {
      const { c, due, debits, chargeNow } = await debited(declines, { deniedIntervalDays: interval });
      await c.advance(12);
      const attempts = await debits();
      const step = Math.max(1, interval);
      const possible = 1 + Math.min(3, Math.floor(7 / step));
      expect(attempts.length).toBe(Math.min(declines + 1, possible));
      attempts.forEach(([day], n) => {
        expect(day).toBe(addDays(due, n * step));
        expect(Date.parse(`${day}`) - Date.parse(due)).toBeLessThanOrEqual(7 * DAY);
      });
      expect(attempts.slice(0, -1).every(([, status]) => status === 'DECLINED')).toBe(true);
      const paid = declines < possible;
      expect(attempts.at(-1)![1]).toBe(paid ? 'PAID' : 'DECLINED');
      expect((await chargeNow()).status).toBe(paid ? 'PAID' : 'OVERDUE');
    }), { numRuns: 12 });
  });
});
