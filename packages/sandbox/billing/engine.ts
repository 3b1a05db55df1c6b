// The automatic moves of recurring billing (reference part 3: "not shown"),
// run by the test clock day by day: each day's phases walk the schedule's
// rows in its order (billing/schedule.ts, rendered as the description's
// "Test clock" table).
import { contextAt, type SandboxContext } from '../context.js';
import type { Database, Queryable } from '../db/database.js';
import { OPEN as OPEN_CHARGES } from '../domain/states/charge.js';
import { LIVE } from '../domain/states/subscription.js';
import { products, type ChargeDoc, type ProductDoc, type SubscriptionDoc } from '../store/tables.js';
import { holdingWrites } from '../db/write-buffer.js';
import { knowClients } from '../domain/states/client.js';
import type { Move } from '../base/clock-rows.js';
import { addDays, dayOf } from '../base/dates.js';
import { nextDueDay } from './next-due.js';
import { runChargePhase, runCompanyPhase, runSubscriptionPhase } from './schedule.js';
import { chargesReadBefore, chargesReadEach, SubscriptionDay, type ChargeFacts } from './subscription-day.js';
import { yieldTurn } from '../db/turns.js';
import { startHold, unitSizer } from '../db/unit-size.js';
import { statisticsKeeper } from '../db/statistics.js';
import { liveMandatesOf, type MandateDoc } from '../store/mandates.js';

/** One day of billing for one subscription: its rows before its charges, each open charge due by the day, then the rows after; answers what moved. */
async function billDay(ctx: SandboxContext, db: Queryable, sub: SubscriptionDoc, product: ProductDoc, day: string, at: Date, charges?: ChargeFacts,
  mandate?: { readBefore: MandateDoc | undefined }): Promise<Move[]> {
  const today = new SubscriptionDay(ctx, db, sub, product, day, at, charges, mandate);
  if (!(await runSubscriptionPhase('before its charges', today))) return today.moves;
  for (const charge of await today.charges.open()) {
    if (!charge.dueDate || charge.dueDate > day) continue; // every subscription charge has a due date
    if (!(await runChargePhase(today, charge))) return today.moves;
  }
  await runSubscriptionPhase('after its charges', today);
  return today.moves;
}

/** Subscriptions billed in one database transaction at most (a chunk; tests set clockStepping.chunk); others' requests are answered between chunks. */
export const BILLING_CHUNK = 50;
/** On PGlite chunks follow the clock (db/unit-size.ts) down to this many subscriptions: below it a chunk's own statements cost more than the wait they save. */
const MIN_PGLITE_CHUNK = 2;
const FIRST_PGLITE_CHUNK = 4;

/**
 * On PostgreSQL a chunk is this many subscriptions at most: each lane has its own connection, so another request never
 * waits behind a chunk's transaction (its row locks are the company's own rows, which reads do not wait for), and each
 * chunk's statements and their fixed costs (a round trip, parsing and planning, a commit) are shared by more of them:
 * chunks of 500 against 50 took 0.72x PostgreSQL's CPU and 0.6-0.8x the wall of 30 days over 10,000 subscriptions
 * (bench/scale.mjs CLOCK_CHUNKS=50,500, session 37). This thread still yields every clockStepping.chunk of them (billChunk).
 */
export const POSTGRES_BILLING_CHUNK = 500;

/**
 * How the clock walks the days: 'due' jumps from one day with work to the
 * next (nextDueDay); 'every day' runs each day, as it did before. `setWise`:
 * a chunk's subscriptions and charges are read in a few statements and its
 * writes held and written together (billChunk); false reads and writes each
 * subscription's on its own, as before. `chunk` and `postgresChunk`: the most
 * subscriptions a chunk bills on PGlite and on PostgreSQL. Every way makes the same moves, records
 * and events (test/sandbox/clock-fast-path.test.ts); tests and bench/ set it.
 */
export const clockStepping: { mode: 'due' | 'every day'; setWise: boolean; chunk: number; postgresChunk: number } =
  { mode: 'due', setWise: true, chunk: BILLING_CHUNK, postgresChunk: POSTGRES_BILLING_CHUNK };



/**
 * On PostgreSQL, lanes of chunks run at once, each on its own pooled connection.
 * A client's subscriptions are all in one lane: a subscription's move locks its
 * client's row (domain/states/client.ts), so two lanes never wait on each other.
 */
export const BILLING_LANES = 4;

const laneOf = (key: string, lanes: number) => {
  let hash = 0;
  for (let i = 0; i < key.length; i++) hash = (hash * 31 + key.charCodeAt(i)) >>> 0;
  return hash % lanes;
};

/**
 * The live subscriptions billDay can move on `day`, oldest first: a superset
 * of them, read in one query, so a day skips the subscriptions with nothing
 * due (most of them on most days). Each condition is one of billDay's, read
 * wider where that is simpler: a deleted product (productDeleted), nextChargeDate
 * reached (renewal), an open charge due by the day that is not OVERDUE, or is
 * OVERDUE under OVERDUE_DAYS (the charge rows), limitOverdueCharges reached
 * (overdueChargesLimit).
 * A product that is not found is kept too (billDay then does nothing).
 * The company's charges are read once, grouped by subscription and joined
 * (a hash join), not probed per subscription: a probe inside an OR stays a
 * subplan, and with a charges table grown since its last ANALYZE (PGlite
 * never autovacuums) each probe scanned every charge, which made a day cost
 * subscriptions x charges (3.6 s of CPU a day at 1,000 subscriptions and a
 * year of charges, bench/scale.mjs STATEMENT_TIMES=1).
 */
async function dueToday(db: Queryable, companyId: string, day: string, only?: string): Promise<{ id: string; client_id: string | null }[]> {
  return db.query<{ id: string; client_id: string | null }>(`
    WITH due AS (SELECT subscription_id, bool_or(status <> 'OVERDUE') AS not_overdue FROM charges
        WHERE company_id = $1 AND subscription_id IS NOT NULL AND status = ANY($4) AND due_date <= $3::text::date GROUP BY subscription_id),
      overdue AS (SELECT subscription_id, count(*) AS n FROM charges WHERE company_id = $1 AND subscription_id IS NOT NULL AND status = 'OVERDUE' GROUP BY subscription_id)
    SELECT s.id, s.client_id FROM subscriptions s LEFT JOIN products p ON p.id = s.data->>'productId' AND p.company_id = s.company_id
      LEFT JOIN due ON due.subscription_id = s.id LEFT JOIN overdue ON overdue.subscription_id = s.id
    WHERE s.company_id = $1 AND s.status = ANY($2) AND ($5::text IS NULL OR s.id = $5) AND (
      p.id IS NULL
      OR coalesce(p.data->>'deleted', 'false') <> 'false'
      OR s.data->>'nextChargeDate' <= $3::text
      OR (due.not_overdue OR (due.subscription_id IS NOT NULL AND p.data->'unsubscription'->>'type' = 'OVERDUE_DAYS'))
      OR (coalesce(p.data->'setting'->'limitOverdueCharges'->>'active', 'false') <> 'false'
        AND (p.data->'setting'->'limitOverdueCharges'->>'qty' IS NULL
          OR coalesce(overdue.n, 0) >= (p.data->'setting'->'limitOverdueCharges'->>'qty')::numeric))
    )
    ORDER BY s.created_at, s.id`, [companyId, [...LIVE], day, [...OPEN_CHARGES], only ?? null]);
}

type BillChunk = (ctx: SandboxContext, db: Queryable, companyId: string, ids: string[], day: string, at: Date) => Promise<(Move[] | undefined)[]>;

/** A chunk's days one subscription at a time: each re-read under its row lock, its charges read and written on their own. */
const billEach: BillChunk = async (ctx, db, companyId, ids, day, at) => {
  const productsById = new Map<string, ProductDoc | undefined>();
  const billed: (Move[] | undefined)[] = [];
  for (const id of ids) {
    const [row] = await db.query<{ data: SubscriptionDoc }>('SELECT data FROM subscriptions WHERE id = $1 AND status = ANY($2) FOR UPDATE', [id, [...LIVE]]);
    if (!row) { billed.push(undefined); continue; }
    const productId = row.data.productId;
    if (!productsById.has(productId)) productsById.set(productId, await products.get(db, companyId, productId));
    const product = productsById.get(productId);
    billed.push(product ? await billDay(ctx, db, row.data, product, day, at) : undefined);
  }
  return billed;
};

/**
 * A chunk's days set-wise: its subscriptions (row-locked), their products,
 * charge counts, the open charges it can move (row-locked), PIX mandates (row-locked) and clients read in five statements; then
 * each subscription's day runs as billEach's does, in the same order, its
 * writes held (db/write-buffer.ts) and written together at the chunk's end:
 * a day of renewals or overdue charges is a few statements per chunk, not a
 * few per subscription. A step that reads (a card payment's settings, a
 * client following its subscriptions) writes what is held first, so it reads
 * what the steps before it wrote.
 */
const billChunk: BillChunk = async (ctx, db, companyId, ids, day, at) => {
  // Each with how many charges it has (the next one's sequence), counted only for those the renewal row moves today (its
  // condition, nextChargeDate reached): the others never ask, and counting a year of charges (heap pages of their own,
  // PGlite never sets a visibility map) was a tenth of a year's advance on PGlite; ChargeFacts reads one not counted here.
  const read = await db.query<{ data: SubscriptionDoc; n: string | number | null }>(`SELECT s.data,
      CASE WHEN s.data->>'nextChargeDate' <= $3 THEN (SELECT count(*) FROM charges c WHERE c.subscription_id = s.id) END AS n
    FROM subscriptions s WHERE s.id = ANY($1) AND s.status = ANY($2) ORDER BY s.id FOR UPDATE`, [ids, [...LIVE], day]);
  const subs = new Map(read.map(({ data }) => [data._id, data]));
  const counts = new Map(read.map(({ data, n }) => [data._id, n === null ? undefined : Number(n)]));
  const productIds = [...new Set([...subs.values()].map((sub) => sub.productId))];
  const productsById = new Map((await db.query<{ data: ProductDoc }>('SELECT data FROM products WHERE company_id = $1 AND id = ANY($2)', [companyId, productIds])).map(({ data }) => [data._id, data]));
  // The open charges billDay can move today: due by the day (it passes over the others), and an OVERDUE one only under an
  // OVERDUE_DAYS product (no other charge row moves an OVERDUE charge; a subscription's end reads its charges itself). Those
  // left out move nothing, and they are most of a year's charges: read every day, they made each day cost the year so far.
  const overdueDays = [...subs.values()].filter((sub) => productsById.get(sub.productId)?.unsubscription?.type === 'OVERDUE_DAYS').map((sub) => sub._id);
  // Found by their subscriptions alone (the chunk's, all the company's: dueToday), through charges_subscription_due: with
  // `company_id = $1` too the planner took the company's index whenever its statistics lagged (PostgreSQL's autovacuum
  // runs a minute apart, a renewal day writes 10,000 charges) and filtered every charge the company had, more at each
  // chunk: 23 ms a chunk, half the PostgreSQL time of 30 days over 10,000 subscriptions (auto_explain, session 37).
  const open = new Map<string, ChargeDoc[]>();
  for (const { data } of await db.query<{ data: ChargeDoc }>(`SELECT data FROM charges WHERE subscription_id = ANY($1) AND status = ANY($2)
      AND due_date <= $3::text::date AND (status <> 'OVERDUE' OR subscription_id = ANY($4)) ORDER BY due_date, id FOR UPDATE`, [ids, [...OPEN_CHARGES], day, overdueDays]))
    open.set(data.subscriptionId!, [...(open.get(data.subscriptionId!) ?? []), data]);
  // The PIX subscriptions' live mandates (the pixDebit rows' question), read at once too: asked one subscription at a time,
  // each read first wrote what the chunk held, a few statements per subscription (session 35).
  const mandates = await liveMandatesOf(db, [...subs.values()].filter((sub) => sub.paymentMethod === 'PIX').map((sub) => sub._id));
  // Each time in one statement: the clock's held rows are new records and whole rows of records read before (no held row
  // reads another), and its events read only webhooks and credentials.
  const held = holdingWrites(db, { inOne: true });
  // Their clients, which follow their subscriptions' statuses (domain/states/client.ts), read at once too.
  await knowClients(held.db, companyId, [...new Set([...subs.values()].map((sub) => sub.clientId).filter((id): id is string => Boolean(id)))]);
  const billed: (Move[] | undefined)[] = [];
  for (const [index, id] of ids.entries()) {
    // A chunk's days run in microtasks, which hold this thread: a PostgreSQL chunk (clockStepping.postgresChunk) lets other
    // requests in every clockStepping.chunk subscriptions (its writes held, its locks kept, its transaction open); a PGlite
    // chunk is never longer than that.
    if (index > 0 && index % clockStepping.chunk === 0) await new Promise((next) => setImmediate(next));
    const sub = subs.get(id);
    const product = sub && productsById.get(sub.productId);
    billed.push(sub && product ? await billDay(ctx, held.db, sub, product, day, at, chargesReadBefore(counts.get(id), open.get(id) ?? [], chargesReadEach(held.db, () => sub).count), { readBefore: mandates.get(id) }) : undefined);
  }
  await held.flush();
  return billed;
};

/**
 * Every day after `from` up to `to` (the company's clock before and after a
 * move) that has something due (nextDueDay: the days between move nothing and
 * are passed over; clockStepping.mode "every day" walks them all) for its live
 * subscriptions, in short database transactions of their
 * own: a day's start (`startDay` first: the clock route moves the clock there,
 * then the schedule's day-start rows), then the day of each subscription that has
 * something due (dueToday), clockStepping.chunk of them to a transaction, each
 * re-read under its row lock (on PostgreSQL in BILLING_LANES lanes at once, a
 * day's moves answered in dueToday's order). Other companies' requests are answered between
 * chunks (PGlite has a single connection: one transaction for the whole move
 * would hold it). Each
 * day runs at its first instant (UTC), the moment its dates fall due: all it
 * creates or moves, transactions and events included, carries that time (as
 * Stripe's test clocks), never `to`, and the days run in order. The caller
 * keeps two moves of one company apart (routes/clock.ts). `scope` (the
 * forecast, billing/forecast.ts): `subscriptionId` bills that subscription
 * alone (the company's day-start rows still run), `onDay` hears each day's moves.
 */
export async function runBilling(ctx: SandboxContext, database: Database, companyId: string, from: Date, to: Date,
  startDay: (tx: Queryable, at: Date) => Promise<void> = async () => {},
  scope: { subscriptionId?: string; onDay?: (day: string, moves: Move[]) => void } = {}): Promise<Move[]> {
  const moves: Move[] = [];
  const last = dayOf(to);
  // Rows written since the last ANALYZE (one request at a time, or a batch) in the planner's statistics: on stale ones the
  // due-day queries cost subscriptions x charges (db/statistics.ts), and so do the rows this advance writes (kept in them
  // as autovacuum would). Not per subscription (the forecast's runs): its queries are by id.
  const statistics = scope.subscriptionId ? undefined : statisticsKeeper(database);
  await statistics?.refresh();
  // The next day with work after `day` (days between have nothing due: the clock passes over them).
  const after = async (day: string) => {
    await statistics?.refreshIfStale();
    if (clockStepping.mode === 'every day') return addDays(day, 1);
    await yieldTurn(database); // requests first (db/turns.ts)
    return (await nextDueDay(database, companyId, day)) ?? addDays(last, 1);
  };
  // On PGlite (one connection) a chunk is sized by its time (db/unit-size.ts startHold: its CPU), at most clockStepping.chunk, afresh each
  // day (a day of reads only taught chunks of 50 that, the next day with writes, held 360 ms); on PostgreSQL each lane
  // has its own connection and another request never waits behind a chunk: clockStepping.postgresChunk.
  const most = clockStepping.chunk;
  const sizerOfDay = () => database.kind === 'pglite' ? unitSizer({ first: Math.min(FIRST_PGLITE_CHUNK, most), min: Math.min(MIN_PGLITE_CHUNK, most), max: most }) : { size: clockStepping.postgresChunk, took: () => {} };
  for (let day = await after(dayOf(from)); day <= last; day = await after(day)) {
    const at = new Date(`${day}T00:00:00.000Z`);
    const then = contextAt(ctx, companyId, at);
    const dayMoves: Move[] = [];
    await yieldTurn(database); // requests first (db/turns.ts)
    const due = await database.transaction(async (db) => {
      await startDay(db, at);
      dayMoves.push(...(await runCompanyPhase('day start', { ctx: then, db, companyId, day, at })));
      return dueToday(db, companyId, day, scope.subscriptionId);
    });
    await yieldTurn(database); // requests first (db/turns.ts)
    // Each subscription's moves, kept in dueToday's order whichever lane billed it.
    const billed: (Move[] | undefined)[] = [];
    const sizer = sizerOfDay();
    const lanes = database.kind === 'postgres' ? BILLING_LANES : 1;
    const byLane: number[][] = Array.from({ length: lanes }, () => []);
    due.forEach((row, index) => byLane[laneOf(row.client_id ?? row.id, lanes)]!.push(index));
    // Every lane ends before the day does (a failed lane's error is thrown once the others have stopped).
    const lanesDone = await Promise.allSettled(byLane.map(async (indexes) => {
      for (let start = 0; start < indexes.length;) {
        const chunk = indexes.slice(start, start + sizer.size);
        const moved = await database.transaction(async (db) => {
          const held = startHold(); // the hold, not the wait for the lane
          try { return await (clockStepping.setWise ? billChunk : billEach)(then, db, companyId, chunk.map((index) => due[index]!.id), day, at); } finally { sizer.took(chunk.length, held()); }
        });
        chunk.forEach((index, i) => { billed[index] = moved[i]; });
        start += chunk.length;
        await yieldTurn(database); // requests first (db/turns.ts)
      }
    }));
    const failed = lanesDone.find((lane): lane is PromiseRejectedResult => lane.status === 'rejected');
    if (failed) throw failed.reason;
    for (const one of billed) if (one) dayMoves.push(...one);
    for (const resource of ['charge', 'subscription'] as const) statistics?.wrote(`${resource}s`, dayMoves.filter((m) => m.resource === resource).length);
    scope.onDay?.(day, dayMoves);
    moves.push(...dayMoves);
  }
  return moves;
}
