// The test clock and each row of the billing state table (http/description.ts).
// Each test has its own company, so its clock moves alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { clockCompany } from './support/clock-company.js';
import { PAID_PROFILE, SANDBOX_CAPTCHA_TOKEN, call, memorySandbox } from './support/sandbox.js';
import { DECLINED_PROFILE } from '../../test-support/cards.mjs';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await memorySandbox(); });
afterAll(async () => sandbox?.close());

const addDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const company = (rules?: Record<string, unknown>, extra?: Record<string, unknown>) => clockCompany(sandbox, rules, extra);

describe('the clock', () => {
  it('moves one company only, forward, and survives as the company\'s time', async () => {
    const a = await company();
    const b = await company();
    const before = Date.parse((await a.as('GET', `/sandbox/v1/clock?companyId=${a.companyId}`)).body.now);
    const moved = await a.advance(10);
    expect(Date.parse(moved.now) - before).toBeGreaterThanOrEqual(10 * 86_400_000);
    expect(Date.parse((await b.as('GET', `/sandbox/v1/clock?companyId=${b.companyId}`)).body.now)).toBeLessThan(before + 86_400_000);
    expect((await a.as('POST', '/sandbox/v1/clock/advance', { companyId: a.companyId, days: -1 })).status).toBe(400);
    expect((await a.as('POST', '/sandbox/v1/clock/advance', { companyId: b.companyId, days: 1 })).status).toBe(403);
  });
});

describe('state table', () => {
  it('rows 1 and 2: a renewal falls due on nextChargeDate and the kept card pays it', async () => {
    const c = await company({ frequencyDays: 30 });
    const sub = await c.v1();
    const { moves } = await c.advance(30);
    expect(moves).toEqual([expect.objectContaining({ row: 1, resource: 'charge', to: 'ACTIVE' }), expect.objectContaining({ row: 2, resource: 'charge', to: 'PAID' })]);
    const full = await c.full(sub._id);
    expect(full.charges.map((ch: { sequence: number; status: string }) => [ch.sequence, ch.status])).toEqual([[1, 'PAID'], [2, 'PAID']]);
    expect(full.transactions).toHaveLength(2);
    expect(full).toMatchObject({ status: 'ACTIVE', nextChargeDate: expect.any(String) });
  });

  it('rows 3 and 4: a declined card is retried every deniedIntervalDays up to maxDeniedAttempts; then row 5: OVERDUE', async () => {
    const c = await company({ deniedIntervalDays: 2, maxDeniedAttempts: 2 }, { unsubscription: { type: 'NEVER' } });
    const sub = await c.v1(DECLINED_PROFILE);
    expect(sub.status).toBe('ERROR_PAYMENT');
    expect((await c.advance(1)).moves).toEqual([]);
    expect((await c.advance(1)).moves).toEqual([expect.objectContaining({ row: 3, resource: 'charge', to: 'ERROR_PAYMENT' })]);
    const full = await c.full(sub._id);
    expect(full.charges[0]).toMatchObject({ attempts: 2, status: 'ERROR_PAYMENT' });
    expect(full.transactions.map((t: { status: string }) => t.status)).toEqual(['DECLINED', 'DECLINED']);
    expect((await c.advance(1)).moves).toEqual([expect.objectContaining({ row: 5, resource: 'charge', to: 'OVERDUE' }), expect.objectContaining({ row: 5, resource: 'subscription', to: 'OVERDUE' })]);
  });

  it('row 4: a retry that pays makes the charge PAID and the subscription ACTIVE again', async () => {
    const c = await company({ deniedIntervalDays: 1, maxDeniedAttempts: 3 });
    const sub = await c.v1();
    // The kept card now declines (as a card that became blocked would): the first charge is marked failed once.
    await sandbox.db.query(`UPDATE charges SET status = 'ERROR_PAYMENT', data = data || '{"status":"ERROR_PAYMENT","attempts":1}' WHERE subscription_id = $1`, [sub._id]);
    await sandbox.db.query(`UPDATE subscriptions SET status = 'ERROR_PAYMENT', data = data || '{"status":"ERROR_PAYMENT"}' WHERE id = $1`, [sub._id]);
    const { moves } = await c.advance(1);
    expect(moves).toEqual([expect.objectContaining({ row: 4, resource: 'charge', to: 'PAID' }), expect.objectContaining({ row: 4, resource: 'subscription', to: 'ACTIVE' })]);
  });

  it('row 5: a charge without a card (PIX) is OVERDUE the day after its due date, with the subscription', async () => {
    const c = await company();
    const { subscription, charge } = await c.v2();
    expect((await c.as('POST', '/sandbox/v1/clock/advance', { companyId: c.companyId, days: 0.5 })).body.error_messages).toEqual([expect.objectContaining({ path: 'days' })]);
    const { moves } = await c.advance(1);
    expect(moves).toEqual([{ row: 5, resource: 'charge', id: charge._id, to: 'OVERDUE' }, { row: 5, resource: 'subscription', id: subscription._id, to: 'OVERDUE' }]);
    const events = await sandbox.db.query<{ type: string }>('SELECT type FROM events WHERE company_id = $1 ORDER BY created_at, id', [c.companyId]);
    expect(events.map((e) => e.type)).toContain('charge.overdue');
  });

  it('row 9: an issued PIX expires the day after its expiresOn (DISCARDED, an attempt, a declined card\'s events); a boleto after its due date', async () => {
    const c = await company();
    const { charge } = await c.v2();
    const pay = (paymentMethod: string) => call(sandbox, 'POST', '/v1/charge/pay', { _id: charge._id, companyId: c.companyId, paymentMethod, captchaToken: SANDBOX_CAPTCHA_TOKEN }, {});
    const issued = (await pay('PIX')).body.charge;
    expect(issued.slip).toMatchObject({ paymentMethod: 'PIX', expiresOn: addDay(await c.today()) });
    expect((await c.advance(1)).moves.filter((m: { row: number }) => m.row === 9)).toEqual([]);
    const { moves } = await c.advance(1);
    const [expiry] = moves.filter((m: { row: number }) => m.row === 9);
    expect(expiry).toMatchObject({ resource: 'transaction', to: 'DISCARDED' });
    const full = await c.full(charge.subscriptionId);
    expect(full.transactions).toEqual([expect.objectContaining({ _id: expiry.id, status: 'DISCARDED', paymentMethod: 'PIX', chargeId: charge._id, amount: { value: 1000, currency: 'BRL' } })]);
    expect(full.charges[0]).toMatchObject({ status: 'OVERDUE', attempts: 1 });
    expect(full.charges[0].slip).toBeUndefined();
    const events = await sandbox.db.query<{ type: string; data: any }>('SELECT type, data FROM events WHERE company_id = $1 ORDER BY created_at, id', [c.companyId]);
    expect(events.filter((e) => e.data.data.transaction?._id === expiry.id || e.data.data.transactionId === expiry.id).map((e) => e.type).sort()).toEqual(['charge.payment_failed', 'transaction.created']);
    // Still payable: a boleto now, due today (the charge is past due), expires after today.
    expect((await pay('BOLETO')).body.charge.slip).toMatchObject({ paymentMethod: 'BOLETO', expiresOn: await c.today() });
    expect((await c.advance(1)).moves.filter((m: { row: number }) => m.row === 9)).toEqual([expect.objectContaining({ resource: 'transaction', to: 'DISCARDED' })]);
    expect((await c.full(charge.subscriptionId)).charges[0].attempts).toBe(2);
  });

  it('row 6: CARD_ATTEMPTS ends the subscription (NO_PAYMENT) when maxDeniedAttempts have failed', async () => {
    const c = await company({ deniedIntervalDays: 1, maxDeniedAttempts: 2 }, { unsubscription: { type: 'CARD_ATTEMPTS' } });
    const sub = await c.v1(DECLINED_PROFILE);
    const { moves } = await c.advance(1);
    expect(moves).toEqual(expect.arrayContaining([expect.objectContaining({ row: 6, resource: 'subscription', to: 'NO_PAYMENT' }), expect.objectContaining({ row: 6, resource: 'charge', to: 'NO_PAYMENT' })]));
    expect(await c.full(sub._id)).toMatchObject({ status: 'NO_PAYMENT', active: false });
  });

  it('row 7: OVERDUE_DAYS ends it when a charge has been overdue longer than overdueDays', async () => {
    const c = await company({}, { unsubscription: { type: 'OVERDUE_DAYS', overdueDays: 3 } });
    const { subscription } = await c.v2();
    expect((await c.advance(3)).moves.map((m: { row: number }) => m.row)).toEqual([5, 5]);
    expect((await c.advance(1)).moves.map((m: { row: number; to: string }) => [m.row, m.to])).toEqual([[7, 'NO_PAYMENT'], [7, 'NO_PAYMENT']]);
    expect(await c.full(subscription._id)).toMatchObject({ status: 'NO_PAYMENT', active: false });
  });

  it('row 8: limitOverdueCharges ends it when qty charges are OVERDUE at once; NEVER alone keeps renewing', async () => {
    const c = await company({ frequencyDays: 5 }, { unsubscription: { type: 'NEVER' }, setting: { limitOverdueCharges: { active: true, qty: 2 } } });
    const { subscription } = await c.v2();
    const { moves } = await c.advance(7);
    expect(moves.map((m: { row: number; resource: string; to: string }) => [m.row, m.resource, m.to])).toEqual([
      [5, 'charge', 'OVERDUE'], [5, 'subscription', 'OVERDUE'], [1, 'charge', 'ACTIVE'], [5, 'charge', 'OVERDUE'], [8, 'charge', 'NO_PAYMENT'], [8, 'charge', 'NO_PAYMENT'], [8, 'subscription', 'NO_PAYMENT'],
    ]);
    expect(await c.full(subscription._id)).toMatchObject({ status: 'NO_PAYMENT' });
    const never = await company({ frequencyDays: 5 }, { unsubscription: { type: 'NEVER' } });
    const kept = await never.v2();
    await never.advance(12);
    const full = await never.full(kept.subscription._id);
    expect(full.status).toBe('OVERDUE');
    expect(full.charges.map((ch: { status: string }) => ch.status)).toEqual(['OVERDUE', 'OVERDUE', 'OVERDUE']);
  });

  it('paying an OVERDUE charge makes it and the subscription RECOVERED and keeps the card for renewals', async () => {
    const c = await company({ frequencyDays: 10 });
    const { subscription, charge } = await c.v2();
    await c.advance(2);
    const paid = await call(sandbox, 'POST', '/v1/charge/pay', { _id: charge._id, companyId: c.companyId, paymentMethod: 'CREDIT_CARD', captchaToken: SANDBOX_CAPTCHA_TOKEN, paymentProfile: PAID_PROFILE }, {});
    expect(paid.body.charge.status).toBe('RECOVERED');
    expect(await c.full(subscription._id)).toMatchObject({ status: 'RECOVERED', card: { last4: '1111' } });
  });
});
