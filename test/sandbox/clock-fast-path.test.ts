// Issue 38 goal 1: the clock jumps from one day with work to the next
// (billing/next-due.ts) instead of walking every day. On random schedules
// (products' rules, subscriptions paid by a card, a failing card or PIX,
// advance lengths) it makes the same moves, records and events as stepping
// day by day: two companies set up alike, one advanced each way.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { clockStepping } from '../../packages/sandbox/billing/engine.js';
import { nextDueDay, DUE_DAYS } from '../../packages/sandbox/billing/next-due.js';
import { SCHEDULE } from '../../packages/sandbox/billing/schedule.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { clockCompany } from './support/clock-company.js';
import { PAID_PROFILE, memorySandbox } from './support/sandbox.js';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await memorySandbox(); });
afterAll(async () => sandbox?.close());

const DECLINED_PROFILE = { ...PAID_PROFILE, cardNumber: '4000000000000002' };

it('every schedule row that comes due by a date or a state at a day\'s start or in a subscription\'s day has its due days in nextDueDay', () => {
  const dated = SCHEDULE.filter((row) => !('after' in row.due) && !(row.run.kind === 'company' && !row.run.phases.includes('day start'))).map((row) => row.name);
  for (const name of dated) expect(DUE_DAYS, name).toHaveProperty(name);
  // A row that follows another's move may have a state of its own too (overdueChargesLimit: a limit already reached).
  for (const name of Object.keys(DUE_DAYS)) expect(SCHEDULE.map((row) => row.name)).toContain(name);
});

const rules = fc.record({
  frequencyDays: fc.constantFrom(1, 7, 30),
  deniedIntervalDays: fc.constantFrom(0, 1, 3),
  maxDeniedAttempts: fc.constantFrom(0, 1, 3),
});
const extra = fc.record({
  unsubscription: fc.oneof(fc.constant({ type: 'NEVER' }), fc.constant({ type: 'CARD_ATTEMPTS' }), fc.integer({ min: 0, max: 5 }).map((overdueDays) => ({ type: 'OVERDUE_DAYS', overdueDays }))),
  setting: fc.option(fc.integer({ min: 1, max: 3 }).map((qty) => ({ limitOverdueCharges: { active: true, qty } })), { nil: undefined }),
}).map(({ setting, ...rest }) => (setting ? { ...rest, setting } : rest));
const subscription = fc.oneof(fc.constant({ kind: 'card' as const }), fc.constant({ kind: 'declined card' as const }), fc.integer({ min: -10, max: 10 }).map((offset) => ({ kind: 'pix' as const, offset })));

type Company = Awaited<ReturnType<typeof clockCompany>>;

/** What a company's clock did, with its ids replaced by their order of first appearance (the two companies' ids differ). */
async function advanceAll(c: Company, advances: number[]) {
  const ids = new Map<string, number>();
  const name = (id: string) => { if (!ids.has(id)) ids.set(id, ids.size); return ids.get(id)!; };
  const out: unknown[] = [];
  for (const days of advances) {
    const answer = await c.advance(days);
    out.push({ now: answer.now.slice(0, 10), moves: answer.moves.map((m: { row: number; resource: string; id: string; to: string }) => [m.row, m.resource, name(m.id), m.to]) });
  }
  const events = await sandbox.db.query<{ type: string; at: string }>(
    "SELECT type, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS') AS at FROM events WHERE company_id = $1 AND created_at = date_trunc('day', created_at) ORDER BY created_at, type", [c.companyId]);
  return { out, events };
}

it('on random schedules the fast path makes the moves, records and events of stepping day by day', async () => {
  await fc.assert(fc.asyncProperty(rules, extra, fc.array(subscription, { minLength: 1, maxLength: 3 }), fc.array(fc.integer({ min: 1, max: 45 }), { minLength: 1, maxLength: 3 }),
    async (charge, product, subs, advances) => {
      const twins: Company[] = [];
      for (let i = 0; i < 2; i++) {
        const c = await clockCompany(sandbox, charge, product);
        await c.startADay();
        for (const sub of subs) {
          if (sub.kind === 'card') await c.v1();
          else if (sub.kind === 'declined card') await c.v1(DECLINED_PROFILE);
          else await c.v2(new Date(Date.parse(await c.today()) + sub.offset * 86_400_000).toISOString().slice(0, 10));
        }
        twins.push(c);
      }
      const [fast, daily] = twins as [Company, Company];
      expect(await fast.today()).toBe(await daily.today());
      const fastRun = await advanceAll(fast, advances);
      clockStepping.mode = 'every day';
      try {
        const dailyRun = await advanceAll(daily, advances);
        expect(fastRun).toEqual(dailyRun);
      } finally {
        clockStepping.mode = 'due';
      }
    }), { numRuns: Number(process.env.FAST_CHECK_RUNS ?? 12) });
});

it('a company with nothing due has no next day; a subscription makes one (its first charge due tomorrow: OVERDUE then), and ending it takes it away', async () => {
  const c = await clockCompany(sandbox);
  const today = await c.today();
  expect(await nextDueDay(sandbox.db, c.companyId, today)).toBeNull();
  const { subscription } = await c.v2(today);
  const tomorrow = new Date(Date.parse(today) + 86_400_000).toISOString().slice(0, 10);
  expect(await nextDueDay(sandbox.db, c.companyId, today)).toBe(tomorrow);
  expect((await c.as('PUT', '/v1/subscription/cancel', { companyId: c.companyId, subscriptionId: subscription._id })).body.success).toBe(true);
  expect(await nextDueDay(sandbox.db, c.companyId, today)).toBeNull();
});
