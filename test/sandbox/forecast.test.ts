// Issue 40 item 6: a subscription's forecast (GET /sandbox/v1/subscription/forecast)
// answers what advancing the clock would do to it, and writes nothing. On random
// products and schedules (support/clock-schedules.ts, as the fast path's property)
// it equals what the clock then does: the same moves in the same order, each on a
// day inside the advance that made it, and the same charges (amounts in cents) and
// subscription at the end.
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { forecastLimits, MAX_FORECAST_DAYS } from '../../packages/sandbox/billing/forecast.js';
import { SCRATCH_WAITING } from '../../packages/sandbox/db/scratch.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { clockCompany } from './support/clock-company.js';
import { DECLINED_PROFILE, extra, rules, subscribe, subscription } from './support/clock-schedules.js';
import { memorySandbox } from './support/sandbox.js';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await memorySandbox(); });
afterAll(async () => { await sandbox?.close(); });
// forecastLimits is the module's, shared by every file a worker runs (isolate: false): put back
// after each test even when it timed out with its forecast still running (whose finally comes later).
const BUDGET_MS = forecastLimits.budgetMs;
afterEach(() => { forecastLimits.budgetMs = BUDGET_MS; });

type Company = Awaited<ReturnType<typeof clockCompany>>;
interface Move { row: number; resource: string; id: string; to: string }
interface ForecastMove extends Move { on: string; name: string; provisional: boolean; sequence?: number; dueDate?: string; amount?: number }

const forecast = (c: Company, subscriptionId: string, days: number | string) => c.as('GET', `/sandbox/v1/subscription/forecast?subscriptionId=${subscriptionId}&days=${days}`);

/** Everything a forecast could have written: the company's records, events, deliveries and its clock's offset. */
async function everything(c: Company) {
  const [records, events, clock, now] = await Promise.all([
    sandbox.db.query(`SELECT 'charge' AS t, id, data FROM charges WHERE company_id = $1 UNION ALL SELECT 'subscription', id, data FROM subscriptions WHERE company_id = $1
      UNION ALL SELECT 'transaction', id, data FROM transactions WHERE company_id = $1 UNION ALL SELECT 'alert', id, data FROM alerts WHERE company_id = $1 ORDER BY 1, 2`, [c.companyId]),
    sandbox.db.query('SELECT (SELECT count(*) FROM events WHERE company_id = $1)::int AS events, (SELECT count(*) FROM deliveries WHERE company_id = $1)::int AS deliveries', [c.companyId]),
    sandbox.db.query('SELECT offset_ms::text AS offset FROM test_clocks WHERE company_id = $1', [c.companyId]),
    c.clock(),
  ]);
  return { records, events, clock, now };
}

/** Names ids by their order of first appearance (the forecast's new records have ids of their own). */
const namer = () => {
  const ids = new Map<string, number>();
  return (id: string) => { if (!ids.has(id)) ids.set(id, ids.size); return ids.get(id)!; };
};

it('on random products and schedules the forecast writes nothing and equals what advancing the clock then does to the subscription', async () => {
  await fc.assert(fc.asyncProperty(rules, extra, fc.integer({ min: 1, max: 500_000 }), fc.array(subscription, { minLength: 1, maxLength: 3 }), fc.nat(),
    fc.array(fc.integer({ min: 1, max: 45 }), { minLength: 1, maxLength: 3 }),
    async (charge, product, priceCents, subs, pick, advances) => {
      const c = await clockCompany(sandbox, charge, { ...product, product: { price: priceCents / 100, title: 'Plano', warranty: 0 } });
      await c.startADay();
      const made = [];
      for (const sub of subs) made.push(await subscribe(c, sub));
      const target = made[pick % made.length];
      const subscriptionId: string = target.subscription?._id ?? target._id;
      const days = advances.reduce((a, b) => a + b, 0);

      const { now: from, ...before } = await everything(c);
      const answer = await forecast(c, subscriptionId, days);
      expect(answer.status).toBe(200);
      const { now: _later, ...after } = await everything(c);
      expect(after).toEqual(before);

      // The clock, advanced the same days in steps; each move kept with the days of the step that made it.
      const clockMoves: { move: Move; after: string; upTo: string }[] = [];
      let now = from;
      for (const step of advances) {
        const moved = await c.advance(step);
        clockMoves.push(...moved.moves.map((move: Move) => ({ move, after: now.slice(0, 10), upTo: moved.now.slice(0, 10) })));
        now = moved.now;
      }
      const full = await c.full(subscriptionId);
      const transactionIds = new Set(full.transactions.map((t: { _id: string }) => t._id));
      const alertIds = new Set((await sandbox.db.query<{ id: string }>('SELECT id FROM alerts WHERE company_id = $1 AND transaction_id = ANY($2)', [c.companyId, [...transactionIds]])).map((row) => row.id));
      const chargeIds = new Set(full.charges.map((ch: { _id: string }) => ch._id));
      const mine = ({ resource, id }: Move) => (resource === 'subscription' ? id === subscriptionId : resource === 'charge' ? chargeIds.has(id)
        : resource === 'transaction' ? transactionIds.has(id) : alertIds.has(id));
      const ours = clockMoves.filter(({ move }) => mine(move));

      const nameClock = namer();
      const nameForecast = namer();
      const predicted: ForecastMove[] = answer.body.moves;
      expect(predicted.map((m) => [m.row, m.resource, nameForecast(m.id), m.to])).toEqual(ours.map(({ move: m }) => [m.row, m.resource, nameClock(m.id), m.to]));
      // Each on a day of the step that made it (a day-start move on a day after the step's start, up to its end).
      predicted.forEach((m, i) => {
        expect(m.on > ours[i]!.after || (m.on === ours[i]!.upTo), `${m.name} on ${m.on}`).toBe(true);
        expect(m.on <= ours[i]!.upTo).toBe(true);
      });
      // The charges as the clock left them, amounts in cents; the subscription too.
      const real = new Map(full.charges.map((ch: { sequence: number }) => [ch.sequence, ch]));
      for (const ch of answer.body.charges) {
        const it = real.get(ch.sequence) as { amount: { value: number }; dueDate: string; status: string; attempts?: number; _id: string };
        expect({ amount: ch.amount, dueDate: ch.dueDate, status: ch.status, attempts: ch.attempts }).toEqual({ amount: it.amount.value, dueDate: it.dueDate, status: it.status, attempts: it.attempts ?? 0 });
        expect(ch.provisional).toBe(!before.records.some((r) => r.id === it._id));
      }
      expect(new Set(answer.body.charges.map((ch: { sequence: number }) => ch.sequence))).toEqual(new Set(predicted.filter((m) => m.resource === 'charge').map((m) => m.sequence)));
      expect(answer.body.subscription).toEqual({ status: full.status, active: full.active, ...(full.nextChargeDate ? { nextChargeDate: full.nextChargeDate } : {}) });
    }), { numRuns: Number(process.env.FAST_CHECK_RUNS ?? 12) });
}, 900_000); // each run bills up to 135 days twice (the forecast on its thread, then the clock): minutes on a loaded machine

/** The forecast's moves as [day offset from today, row name, resource, status after, sequence, amount]. */
const brief = (moves: ForecastMove[], today: string) => moves.map((m) => [(Date.parse(m.on) - Date.parse(today)) / 86_400_000, m.name, m.resource, m.to, m.sequence, m.amount]);

it('foresees a declined card\'s retry deniedIntervalDays after its first attempt and the end by CARD_ATTEMPTS, with dates and the amount in cents', async () => {
  const c = await clockCompany(sandbox, { frequencyDays: 30, deniedIntervalDays: 2, maxDeniedAttempts: 2 }, { unsubscription: { type: 'CARD_ATTEMPTS' }, product: { price: 49.9, title: 'Plano', warranty: 0 } });
  await c.startADay();
  const sub = await c.v1(DECLINED_PROFILE);
  const answer = await forecast(c, sub._id, 40);
  expect(answer.status).toBe(200);
  expect(brief(answer.body.moves, await c.today())).toEqual([
    [2, 'cardDeclined', 'charge', 'ERROR_PAYMENT', 1, 4990],
    [2, 'cardAttemptsSpent', 'charge', 'NO_PAYMENT', 1, 4990],
    [2, 'cardAttemptsSpent', 'subscription', 'NO_PAYMENT', undefined, undefined],
  ]);
  expect(answer.body.subscription).toEqual({ status: 'NO_PAYMENT', active: false });
});

it('foresees a PIX subscription\'s renewals, overdue moves and the end by OVERDUE_DAYS', async () => {
  const c = await clockCompany(sandbox, { frequencyDays: 7, deniedIntervalDays: 1, maxDeniedAttempts: 1 }, { unsubscription: { type: 'OVERDUE_DAYS', overdueDays: 10 }, product: { price: 12.34, title: 'Plano', warranty: 0 } });
  await c.startADay();
  const today = await c.today();
  const day = (n: number) => new Date(Date.parse(today) + n * 86_400_000).toISOString().slice(0, 10);
  const made = await c.v2(day(3));
  const answer = await forecast(c, made.subscription?._id ?? made._id, 30);
  expect(answer.status).toBe(200);
  // Due on day 3: OVERDUE the day after; renewed 7 days after its due date (due then), OVERDUE the day after; ended once a day is more than 10 days past the first's due date.
  expect(brief(answer.body.moves, today)).toEqual([
    [4, 'overdue', 'charge', 'OVERDUE', 1, 1234], [4, 'overdue', 'subscription', 'OVERDUE', undefined, undefined],
    [10, 'renewal', 'charge', 'ACTIVE', 2, 1234], [11, 'overdue', 'charge', 'OVERDUE', 2, 1234],
    [14, 'overdueDaysSpent', 'charge', 'NO_PAYMENT', 1, 1234], [14, 'overdueDaysSpent', 'charge', 'NO_PAYMENT', 2, 1234],
    [14, 'overdueDaysSpent', 'subscription', 'NO_PAYMENT', undefined, undefined],
  ]);
  expect(answer.body.charges.map((ch: { provisional: boolean; dueDate: string }) => [ch.provisional, ch.dueDate])).toEqual([[false, day(3)], [true, day(10)]]);
  expect(answer.body.subscription).toEqual({ status: 'NO_PAYMENT', active: false });
});

it('a forecast of 0 or more than the bound days, or none, is a 400 naming days; an unknown subscription 404, another company\'s 403', async () => {
  const c = await clockCompany(sandbox);
  const other = await clockCompany(sandbox);
  const sub = await c.v1();
  for (const days of [0, MAX_FORECAST_DAYS + 1, -3, 'soon']) {
    const answer = await forecast(c, sub._id, days);
    expect(answer.status, String(days)).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('days');
  }
  const missing = await c.as('GET', `/sandbox/v1/subscription/forecast?subscriptionId=${sub._id}`);
  expect(missing.status).toBe(400);
  expect(JSON.stringify(missing.body)).toContain('days');
  expect((await forecast(c, 'sub_none', 5)).status).toBe(404);
  expect((await forecast(other, sub._id, 5)).status).toBe(403);
  expect((await forecast(c, sub._id, MAX_FORECAST_DAYS)).status).toBe(200);
});

/** A company with a daily card subscription: a year's forecast bills 366 days. */
async function daily() {
  const c = await clockCompany(sandbox, { frequencyDays: 1 }, { product: { price: 9.9, title: 'Diário', warranty: 0 } });
  await c.startADay();
  const sub = await c.v1();
  expect((await forecast(c, sub._id, 1)).status).toBe(200); // the scratch is open: what follows is the run, not its start
  return { c, sub };
}

it('while 120 days of daily renewals are forecast, another company\'s requests are answered before the forecast is (before: the dry run held PGlite\'s only connection, they waited for all of it)', async () => {
  const { c, sub } = await daily();
  const other = await clockCompany(sandbox);
  const budget = forecastLimits.budgetMs;
  forecastLimits.budgetMs = 20 * 60_000; // the whole run, however loaded the machine
  try {
    let forecastDone = false;
    const running = forecast(c, sub._id, 120).then((answer) => { forecastDone = true; return answer; });
    // Five of the other company's requests, one after another, each a read then a write.
    const answered: { statuses: number[]; beforeForecast: boolean }[] = [];
    for (let i = 0; i < 5; i++) {
      const read = await other.as('GET', `/v1/client?companyId=${other.companyId}`);
      const written = await other.as('POST', '/v1/product', { companyId: other.companyId, product: { price: 10 + i, title: `Plano ${i}`, warranty: 0 }, charge: other.product.charge });
      answered.push({ statuses: [read.status, written.status], beforeForecast: !forecastDone });
    }
    expect(answered).toEqual(Array.from({ length: 5 }, () => ({ statuses: [200, 201], beforeForecast: true })));
    const answer = await running;
    expect(answer.status).toBe(200);
    expect(answer.body.moves.filter((m: ForecastMove) => m.name === 'renewal' && m.resource === 'charge')).toHaveLength(120);
  } finally {
    forecastLimits.budgetMs = budget;
  }
});

it('a forecast past its time is stopped: 503 service_busy with Retry-After, naming the time and the cause (before: it ran on, holding the database)', async () => {
  const { c, sub } = await daily();
  const budget = forecastLimits.budgetMs;
  forecastLimits.budgetMs = 1;
  try {
    const answer = await forecast(c, sub._id, MAX_FORECAST_DAYS);
    expect(answer.status).toBe(503);
    expect(answer.body.code).toBe('service_busy');
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    expect(answer.body.error_messages[0].msg).toMatch(/ran past 0\.001 s.*fewer days/);
  } finally {
    forecastLimits.budgetMs = budget;
  }
  // Stopped and emptied: the next forecast of the subscription is whole.
  const again = await forecast(c, sub._id, 3);
  expect(again.status).toBe(200);
  expect(again.body.moves.filter((m: ForecastMove) => m.name === 'renewal' && m.resource === 'charge')).toHaveLength(3);
});

it(`past one running and ${SCRATCH_WAITING} waiting, a forecast is refused at once: 503 service_busy with Retry-After; the others are answered`, async () => {
  const { c, sub } = await daily();
  let longDone = false;
  const long = forecast(c, sub._id, 120).then((answer) => { longDone = true; return answer; });
  const more = await Promise.all(Array.from({ length: SCRATCH_WAITING + 2 }, () => forecast(c, sub._id, 2).then((answer) => ({ answer, longDone }))));
  const refused = more.filter(({ answer }) => answer.status === 503);
  expect(refused).toHaveLength(2);
  for (const { answer, longDone: after } of refused) {
    expect(after).toBe(false); // refused while the long one ran, not after
    expect(answer.body.code).toBe('service_busy');
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    expect(answer.body.error_messages[0].msg).toContain('forecasts are running or waiting');
  }
  expect(more.filter(({ answer }) => answer.status === 200)).toHaveLength(SCRATCH_WAITING);
  expect((await long).status).toBe(200);
});
