// The automatic moves of recurring billing (reference part 3: "not shown"),
// run by the test clock day by day. The state table is in the API
// description (http/description.ts, "Test clock"); rows are numbered there.
import { contextAt, type SandboxContext } from '../context.js';
import type { Database, Queryable } from '../db/database.js';
import { alertIfTestCard } from './alerts.js';
import { payByCard } from '../payment/pay-by-card.js';
import { endIfCardAttemptsSpent } from '../domain/card-attempts.js';
import { endSubscription, type Ended, type SubscriptionEnd } from '../domain/end-subscription.js';
import { renewalAfter } from '../domain/product-rules.js';
import { move } from '../domain/states/machine.js';
import { CHARGE_MACHINE, FAILED as FAILED_STATUSES, OPEN as OPEN_CHARGES, type ChargeEvent } from '../domain/states/charge.js';
import { LIVE, SUBSCRIPTION_MACHINE, isEnded, paidEvent, type SubscriptionEvent } from '../domain/states/subscription.js';
import { openChargesOf } from '../store/charges.js';
import { products, subscriptions, type ChargeDoc, type ProductDoc, type SubscriptionDoc } from '../store/tables.js';
import { openCharge } from './charges.js';
import { renewalAfterPayment } from './settle.js';
import { addDays, dayOf, daysBetween } from './dates.js';
import { renewalProfile } from './renewal-card.js';
import { expireDueSlips } from './slips.js';
import { settleDueTransactions } from './due-transactions.js';
import { releaseDuePayables } from '../store/payables.js';

const CARD = new Set(['CREDIT_CARD', 'DEBIT_CARD']);
const FAILED = new Set<string>(FAILED_STATUSES);

export interface Move { row: number; resource: 'charge' | 'subscription' | 'transaction' | 'alert'; id: string; to: string }

/** One day of billing for one subscription; answers what moved. */
async function billDay(ctx: SandboxContext, db: Queryable, sub: SubscriptionDoc, product: ProductDoc, day: string, at: Date): Promise<Move[]> {
  const moves: Move[] = [];
  const stamp = at.toISOString();
  const rules = product.charge;
  const maxAttempts = rules?.maxDeniedAttempts ?? 0;
  const setSub = async (event: SubscriptionEvent, status: SubscriptionDoc['status'], row: number, extra: Partial<SubscriptionDoc> = {}, data: Record<string, unknown> = {}) => {
    if (sub.status === status && !Object.keys(extra).length) return;
    sub = await move(SUBSCRIPTION_MACHINE, db, sub, event, at, { patch: extra, data });
    moves.push({ row, resource: 'subscription', id: sub._id, to: status });
  };
  const setCharge = async (charge: ChargeDoc, event: ChargeEvent, patch: Partial<ChargeDoc>, row: number, data: Record<string, unknown> = {}) => {
    const next = await move(CHARGE_MACHINE, db, charge, event, at, { patch, data });
    // Every attempt is a move, even one that leaves the status as it was (a declined retry).
    moves.push({ row, resource: 'charge', id: charge._id, to: next.status });
    return next;
  };
  const ended = (row: number, end: Ended | undefined) => {
    if (!end) return;
    for (const charge of end.charges) moves.push({ row, resource: 'charge', id: charge._id, to: charge.status });
    moves.push({ row, resource: 'subscription', id: end.subscription._id, to: end.subscription.status });
  };
  const end = async (row: number, how: SubscriptionEnd = 'unpaid') => ended(row, await endSubscription(db, sub, how, at, `row ${row}`));

  // Row 10: a deleted product's subscription is ended, never renewed (its charges can no longer be paid).
  if (product.deleted) { await end(10, 'manual'); return moves; }

  // Row 1: renewal on nextChargeDate; a product that never renews (frequencyDays 0) leaves none.
  if (sub.nextChargeDate && sub.nextChargeDate <= day) {
    const [{ n }] = (await db.query<{ n: string | number }>('SELECT count(*) AS n FROM charges WHERE subscription_id = $1', [sub._id])) as [{ n: string | number }];
    const charge = await openCharge(db, sub, product, sub.nextChargeDate, Number(n) + 1, stamp);
    moves.push({ row: 1, resource: 'charge', id: charge._id, to: 'ACTIVE' });
    const { nextChargeDate, ...rest } = sub;
    const next = renewalAfter(product, nextChargeDate);
    sub = await subscriptions.update(db, { ...rest, ...(next ? { nextChargeDate: next } : {}), updatedAt: stamp });
  }

  for (let charge of await openChargesOf(db, sub)) {
    if (!charge.dueDate || charge.dueDate > day) continue; // every subscription charge has a due date
    const attempts = charge.attempts ?? 0;
    const retryDue = FAILED.has(charge.status) && attempts < maxAttempts && daysBetween((charge.lastAttemptAt ?? stamp).slice(0, 10), day) >= (rules?.deniedIntervalDays ?? 0);
    const firstTry = charge.status === 'ACTIVE' && attempts === 0;
    // Rows 2-4: a card kept for renewals is charged on the due date, retried every deniedIntervalDays.
    if (sub.card && CARD.has(sub.paymentMethod) && (firstTry || retryDue)) {
      const transaction = await payByCard(ctx, db, {
        companyId: sub.companyId, cents: charge.amount.value, installments: sub.installments, paymentMethod: sub.paymentMethod, profile: renewalProfile(sub.card),
        product, modality: 'recurring', payer: 'subscription',
        links: { chargeId: charge._id, subscriptionId: sub._id, productId: product._id, ...(sub.clientId ? { clientId: sub.clientId } : {}) },
      });
      ctx.recent.remember(transaction);
      // A provider that answers later: the charge waits for row 16 (domain/processing.ts moves it then).
      if (transaction.status === 'PROCESSING') continue;
      if (transaction.status === 'PAID') {
        const { slip: _paid, ...unslipped } = charge;
        await setCharge(unslipped, 'paid', { lastAttemptAt: stamp }, firstTry ? 2 : 4, { transactionId: transaction._id });
        const nextChargeDate = await renewalAfterPayment(db, charge, sub.productId, day);
        const subPaid = paidEvent(sub.status);
        if (sub.status !== 'ACTIVE' || nextChargeDate) await setSub(subPaid, subPaid === 'recovered' ? 'RECOVERED' : 'ACTIVE', 4, nextChargeDate ? { nextChargeDate } : {}, { transactionId: transaction._id });
        await alertIfTestCard(ctx, db, transaction);
        // A NETWORK_A alert has refunded it and ended the subscription: nothing more today.
        sub = (await subscriptions.get(db, sub.companyId, sub._id, true))!;
        if (isEnded(sub.status)) return moves;
        continue;
      }
      const noRoute = transaction.status === 'NO_PAYMENT_ROUTE';
      charge = await setCharge(charge, noRoute ? 'no_route' : 'payment_failed', { attempts: attempts + 1, lastAttemptAt: stamp }, 3, { transactionId: transaction._id });
      await setSub(noRoute ? 'no_route' : 'payment_failed', noRoute ? 'NO_PAYMENT_ROUTE' : 'ERROR_PAYMENT', 3, {}, { transactionId: transaction._id });
      // Row 6: CARD_ATTEMPTS ends the subscription once the charge's card attempts are spent (card-attempts.ts).
      const spent = await endIfCardAttemptsSpent(db, charge, at);
      if (spent) { ended(6, spent); return moves; }
      continue;
    }
    // Row 5: past due and nothing more to try -> OVERDUE.
    const exhausted = FAILED.has(charge.status) && attempts >= maxAttempts;
    if (charge.dueDate < day && (charge.status === 'ACTIVE' || charge.status === 'IMPORTED' || exhausted)) {
      charge = await setCharge(charge, 'overdue', {}, 5);
      await setSub('overdue', 'OVERDUE', 5);
    }
    // Row 7: OVERDUE_DAYS ends the subscription when a charge is overdue longer than overdueDays.
    if (charge.status === 'OVERDUE' && product.unsubscription?.type === 'OVERDUE_DAYS' && daysBetween(charge.dueDate!, day) > (product.unsubscription.overdueDays ?? 0)) { await end(7); return moves; }
  }
  // Row 8: setting.limitOverdueCharges ends it when that many charges are OVERDUE at once.
  const limit = product.setting?.limitOverdueCharges;
  if (limit?.active) {
    const [{ n }] = (await db.query<{ n: string | number }>("SELECT count(*) AS n FROM charges WHERE subscription_id = $1 AND status = 'OVERDUE'", [sub._id])) as [{ n: string | number }];
    if (Number(n) >= limit.qty) await end(8);
  }
  return moves;
}


/** PGlite runs on this thread: let requests that arrived meanwhile be read and queue their queries. */
const letOthersIn = () => new Promise((resolve) => setImmediate(resolve));

/** Subscriptions billed in one database transaction (a chunk); others' requests are answered between chunks. */
export const BILLING_CHUNK = 50;

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
 * wider where that is simpler: a deleted product (row 10), nextChargeDate
 * reached (row 1), an open charge due by the day that is not OVERDUE, or is
 * OVERDUE under OVERDUE_DAYS (rows 2-7), limitOverdueCharges reached (row 8).
 * A product that is not found is kept too (billDay then does nothing).
 */
async function dueToday(db: Queryable, companyId: string, day: string): Promise<{ id: string; client_id: string | null }[]> {
  return db.query<{ id: string; client_id: string | null }>(`
    SELECT s.id, s.client_id FROM subscriptions s LEFT JOIN products p ON p.id = s.data->>'productId' AND p.company_id = s.company_id
    WHERE s.company_id = $1 AND s.status = ANY($2) AND (
      p.id IS NULL
      OR coalesce(p.data->>'deleted', 'false') <> 'false'
      OR s.data->>'nextChargeDate' <= $3
      OR EXISTS (SELECT 1 FROM charges c WHERE c.subscription_id = s.id AND c.company_id = s.company_id AND c.status = ANY($4) AND c.due_date <= $3::date
        AND (c.status <> 'OVERDUE' OR p.data->'unsubscription'->>'type' = 'OVERDUE_DAYS'))
      OR (coalesce(p.data->'setting'->'limitOverdueCharges'->>'active', 'false') <> 'false'
        AND (p.data->'setting'->'limitOverdueCharges'->>'qty' IS NULL
          OR (SELECT count(*) FROM charges o WHERE o.subscription_id = s.id AND o.status = 'OVERDUE') >= (p.data->'setting'->'limitOverdueCharges'->>'qty')::numeric))
    )
    ORDER BY s.created_at, s.id`, [companyId, [...LIVE], day, [...OPEN_CHARGES]]);
}

/**
 * Every day after `from` up to `to` (the company's clock before and after a
 * move) for its live subscriptions, in short database transactions of their
 * own: a day's start (`startDay` first: the clock route moves the clock there,
 * then slips and payables), then the day of each subscription that has
 * something due (dueToday), BILLING_CHUNK of them to a transaction, each
 * re-read under its row lock (on PostgreSQL in BILLING_LANES lanes at once, a
 * day's moves answered in dueToday's order). Other companies' requests are answered between
 * chunks (PGlite has a single connection: one transaction for the whole move
 * would hold it). Each
 * day runs at its first instant (UTC), the moment its dates fall due: all it
 * creates or moves, transactions and events included, carries that time (as
 * Stripe's test clocks), never `to`, and the days run in order. The caller
 * keeps two moves of one company apart (routes/clock.ts).
 */
export async function runBilling(ctx: SandboxContext, database: Database, companyId: string, from: Date, to: Date,
  startDay: (tx: Queryable, at: Date) => Promise<void> = async () => {}): Promise<Move[]> {
  const moves: Move[] = [];
  for (let day = addDays(dayOf(from), 1); day <= dayOf(to); day = addDays(day, 1)) {
    const at = new Date(`${day}T00:00:00.000Z`);
    const then = contextAt(ctx, companyId, at);
    const due = await database.transaction(async (db) => {
      await startDay(db, at);
      moves.push(...(await expireDueSlips(then, db, companyId, day, at)));
      await releaseDuePayables(db, companyId, day, at);
      moves.push(...(await settleDueTransactions(then, db, companyId, day, at)));
      return dueToday(db, companyId, day);
    });
    await letOthersIn();
    // Each subscription's moves, kept in dueToday's order whichever lane billed it.
    const billed: Move[][] = [];
    const lanes = database.kind === 'postgres' ? BILLING_LANES : 1;
    const byLane: number[][] = Array.from({ length: lanes }, () => []);
    due.forEach((row, index) => byLane[laneOf(row.client_id ?? row.id, lanes)]!.push(index));
    // Every lane ends before the day does (a failed lane's error is thrown once the others have stopped).
    const lanesDone = await Promise.allSettled(byLane.map(async (indexes) => {
      for (let start = 0; start < indexes.length; start += BILLING_CHUNK) {
        await database.transaction(async (db) => {
          const productsById = new Map<string, ProductDoc | undefined>();
          for (const index of indexes.slice(start, start + BILLING_CHUNK)) {
            const [row] = await db.query<{ data: SubscriptionDoc }>('SELECT data FROM subscriptions WHERE id = $1 AND status = ANY($2) FOR UPDATE', [due[index]!.id, [...LIVE]]);
            if (!row) continue;
            const productId = row.data.productId;
            if (!productsById.has(productId)) productsById.set(productId, await products.get(db, companyId, productId));
            const product = productsById.get(productId);
            if (product) billed[index] = await billDay(then, db, row.data, product, day, at);
          }
        });
        await letOthersIn();
      }
    }));
    const failed = lanesDone.find((lane): lane is PromiseRejectedResult => lane.status === 'rejected');
    if (failed) throw failed.reason;
    for (const one of billed) if (one) moves.push(...one);
  }
  return moves;
}
