// Issue 38 goal 1: the clock jumps from one day with work to the next
// (billing/next-due.ts) instead of walking every day. On random schedules
// (products' rules, subscriptions paid by a card, a failing card or PIX,
// advance lengths) it makes the same moves, records and events as stepping
// day by day: two companies set up alike, one advanced each way.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { BILLING_CHUNK, clockStepping, POSTGRES_BILLING_CHUNK } from '../../packages/sandbox/billing/engine.js';
import { nextDueDay, DUE_DAYS } from '../../packages/sandbox/billing/next-due.js';
import { SCHEDULE } from '../../packages/sandbox/billing/schedule.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { clockCompany } from './support/clock-company.js';
import { extra, rules, subscribe, subscription } from './support/clock-schedules.js';
import { memorySandbox } from './support/sandbox.js';

let sandbox: Sandbox;
// Where the webhooks point: it answers every delivery 204 (a failing one would be disabled at a time the dispatcher, not the clock, decides).
let receiver: Server;
let receiverUrl: string;
beforeAll(async () => {
  sandbox = await memorySandbox();
  receiver = createServer((req, res) => { req.resume().on('end', () => res.writeHead(204).end()); });
  await new Promise<void>((listening) => receiver.listen(0, '127.0.0.1', listening));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
// clockStepping is the module's, shared by every file a worker runs (isolate: false): as it was,
// even after a test that timed out, whose property may still be running (its signal stops it).
afterEach(() => { Object.assign(clockStepping, { mode: 'due', setWise: true, chunk: BILLING_CHUNK, postgresChunk: POSTGRES_BILLING_CHUNK }); });
afterAll(async () => {
  await sandbox?.close();
  receiver?.close();
});

it('every schedule row that comes due by a date or a state at a day\'s start or in a subscription\'s day has its due days in nextDueDay', () => {
  const dated = SCHEDULE.filter((row) => !('after' in row.due) && !(row.run.kind === 'company' && !row.run.phases.includes('day start'))).map((row) => row.name);
  for (const name of dated) expect(DUE_DAYS, name).toHaveProperty(name);
  // A row that follows another's move may have a state of its own too (overdueChargesLimit: a limit already reached).
  for (const name of Object.keys(DUE_DAYS)) expect(SCHEDULE.map((row) => row.name)).toContain(name);
});

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
  // The clock's events (made at a day's start) in the order made (seq: webhooks deliver in it), each with the record it names.
  const events = (await sandbox.db.query<{ type: string; at: string; record: string | null }>(
    `SELECT type, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') AS at,
      coalesce(data->'data'->'charge'->>'_id', data->'data'->'subscription'->>'_id', data->'data'->'transaction'->>'_id', data->'data'->'client'->>'_id') AS record
     FROM events WHERE company_id = $1 AND created_at = date_trunc('day', created_at) ORDER BY seq`, [c.companyId]))
    .map(({ type, at, record }) => [type, at, record === null ? null : name(record)] as const);
  // Each event's deliveries (one per webhook that asked for it), in the events' order.
  const deliveries = await sandbox.db.query<{ type: string; n: string | number }>(
    'SELECT e.type, count(d.id)::int AS n FROM events e LEFT JOIN deliveries d ON d.event_id = e.id WHERE e.company_id = $1 GROUP BY e.seq, e.type ORDER BY e.seq', [c.companyId]);
  // On PostgreSQL a day's subscriptions are billed in lanes at once (engine.ts BILLING_LANES): each record's events keep
  // their order, records of two lanes interleave as their chunks commit. Compared per record there (a stable sort).
  if (sandbox.db.kind === 'postgres') {
    events.sort((a, b) => a[1].localeCompare(b[1]) || (a[2] ?? -1) - (b[2] ?? -1));
    deliveries.sort((a, b) => a.type.localeCompare(b.type) || Number(a.n) - Number(b.n));
  }
  // The records as the clock left them: each subscription's charges (their sequence numbers too) and the subscription.
  const records = (await sandbox.db.query<{ sub: string; seq: number | null; status: string; due: string | null; attempts: number | null; next: string | null }>(
    `SELECT s.id AS sub, (c.data->>'sequence')::int AS seq, coalesce(c.status, s.status) AS status, coalesce(c.due_date::text, s.data->>'nextChargeDate') AS due,
       (c.data->>'attempts')::int AS attempts, s.data->>'nextChargeDate' AS next
     FROM subscriptions s LEFT JOIN charges c ON c.subscription_id = s.id WHERE s.company_id = $1 ORDER BY s.created_at, s.id, (c.data->>'sequence')::int`, [c.companyId]))
    .map(({ sub, ...rest }) => ({ sub: name(sub), ...rest })).sort((a, b) => a.sub - b.sub || (a.seq ?? 0) - (b.seq ?? 0));
  return { out, events, deliveries, records };
}

it('on random schedules the fast path (due days only, set-wise) makes the moves, records, events in order and deliveries of stepping day by day one subscription at a time', async ({ signal }) => {
  await fc.assert(fc.asyncProperty(rules, extra, fc.array(subscription, { minLength: 1, maxLength: 3 }), fc.array(fc.integer({ min: 1, max: 45 }), { minLength: 1, maxLength: 3 }),
    async (charge, product, subs, advances) => {
      // Timed out (a loaded machine): no further run sets clockStepping while the worker's next file runs.
      signal.throwIfAborted();
      const twins: Company[] = [];
      for (let i = 0; i < 2; i++) {
        const c = await clockCompany(sandbox, charge, product);
        // A webhook, so each event's deliveries are compared too.
        expect((await c.as('POST', '/sandbox/v1/webhooks', { companyId: c.companyId, url: receiverUrl })).status).toBeLessThan(300);
        await c.startADay();
        for (const sub of subs) await subscribe(c, sub);
        twins.push(c);
      }
      const [fast, daily] = twins as [Company, Company];
      expect(await fast.today()).toBe(await daily.today());
      // Set-wise in chunks of 2: subscriptions in one chunk and across chunks (on PostgreSQL chunks of 3, yielding after 2).
      Object.assign(clockStepping, { chunk: 2, postgresChunk: 3 });
      const fastRun = await advanceAll(fast, advances).finally(() => { Object.assign(clockStepping, { chunk: BILLING_CHUNK, postgresChunk: POSTGRES_BILLING_CHUNK }); });
      // As before issue 38: every day, each subscription read and written on its own.
      signal.throwIfAborted();
      Object.assign(clockStepping, { mode: 'every day', setWise: false });
      try {
        const dailyRun = await advanceAll(daily, advances);
        expect(fastRun).toEqual(dailyRun);
      } finally {
        Object.assign(clockStepping, { mode: 'due', setWise: true });
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
