// A subscription's forecast (sandbox only): what the test clock would do to it
// over the next days, found by running the clock itself (runBilling: the
// schedule's rows, jumping over days with nothing due by their `due` dates,
// billing/next-due.ts) on a copy of the subscription's rows in a scratch
// database (db/scratch.ts): the real database is read for the copy only (a few
// statements, with the company's clock at rest), so no company's requests wait
// for the run, and nothing is written to it. One code path for the clock and its
// forecast, so the two cannot disagree (test/sandbox/forecast.test.ts holds them
// equal on random schedules).
import type { SandboxContext } from '../context.js';
import type { Database } from '../db/database.js';
import { onScratch, readRows, writeRows } from '../db/scratch.js';
import { CLOCK_ROWS, type ClockRowName, type Move } from '../base/clock-rows.js';
import { dayOf } from '../base/dates.js';
import { recordsOfSubscription } from '../store/subscription-records.js';
import { subscriptions, type ChargeDoc, type SubscriptionDoc } from '../store/tables.js';
import { runBilling } from './engine.js';
import { oneAtATime } from './one-at-a-time.js';
import { runCompanyPhase } from './schedule.js';

/** The most days one forecast looks ahead (a year and a leap day). */
export const MAX_FORECAST_DAYS = 366;

const ROW_NAMES = new Map<number, ClockRowName>(Object.entries(CLOCK_ROWS).map(([name, row]) => [row, name as ClockRowName]));

export interface ForecastMove extends Move {
  /** The day the clock makes it (its moves run at the day's first instant; an after-the-move row's at `until`). */
  on: string;
  name: ClockRowName;
  /** The record does not exist yet: the clock will make it then (its id here is not the one it will have). */
  provisional: boolean;
  /** A charge's: its sequence in the subscription, due date and amount (integer cents, BRL). */
  sequence?: number;
  dueDate?: string;
  amount?: number;
}

export interface ForecastCharge { _id: string; provisional: boolean; sequence?: number; dueDate?: string; amount: number; status: ChargeDoc['status']; attempts: number }

export interface Forecast {
  subscriptionId: string;
  companyId: string;
  from: string;
  until: string;
  days: number;
  moves: ForecastMove[];
  /** Its charges the forecast opens or moves, as they would stand at `until`, by sequence. */
  charges: ForecastCharge[];
  /** The subscription as it would stand at `until`. */
  subscription: Pick<SubscriptionDoc, 'status' | 'active' | 'nextChargeDate'>;
}

/** The longest one forecast runs (from its copy to its answer) before it stops with ForecastTooLong; tests set it. */
export const forecastLimits = { budgetMs: 60_000 };

/** The forecast ran past forecastLimits.budgetMs (a busy machine, or many days with work). */
export class ForecastTooLong extends Error {
  constructor(readonly budgetMs: number) {
    super(`the forecast ran past ${budgetMs / 1000} s`);
    this.name = 'ForecastTooLong';
  }
}

/**
 * What one subscription's billing reads, by table (t the row; :company, :subscription, :product,
 * :client its ids): itself, its product and client, its PIX Automático mandates, its charges and their transactions (with those
 * transactions' alerts, payables and 3-D Secure challenges), and the company's clock, settings and
 * provider faults. Other subscriptions are left out: the clock bills each on its own, and the
 * forecast answers only this one's moves.
 */
const ITS_TRANSACTIONS = 'SELECT id FROM transactions WHERE company_id = :company AND (subscription_id = :subscription OR charge_id IN (SELECT id FROM charges WHERE subscription_id = :subscription))';
const ITS_ROWS: Record<string, string> = {
  settings: 'true',
  company_settings: 't.company_id = :company',
  test_clocks: 't.company_id = :company',
  provider_faults: 't.company_id = :company',
  products: 't.company_id = :company AND t.id = :product',
  clients: 't.company_id = :company AND t.id = :client',
  subscriptions: 't.company_id = :company AND t.id = :subscription',
  charges: 't.company_id = :company AND t.subscription_id = :subscription',
  mandates: 't.company_id = :company AND t.subscription_id = :subscription',
  transactions: `t.id IN (${ITS_TRANSACTIONS})`,
  alerts: `t.company_id = :company AND t.transaction_id IN (${ITS_TRANSACTIONS})`,
  payables: `t.transaction_id IN (${ITS_TRANSACTIONS})`,
  three_ds_challenges: `t.company_id = :company AND t.transaction_id IN (${ITS_TRANSACTIONS})`,
};

/** The rows ITS_ROWS names, read in one transaction (one moment of the company), to be written into the scratch. */
async function readItsRows(db: Database, sub: SubscriptionDoc): Promise<[string, string | null][]> {
  const ids: Record<string, string | null> = { company: sub.companyId, subscription: sub._id, product: sub.productId, client: sub.clientId ?? null };
  return db.transaction(async (tx) => {
    const read: [string, string | null][] = [];
    for (const [table, where] of Object.entries(ITS_ROWS)) {
      // Only the ids the filter names become parameters ($1.. in order of first use): PostgreSQL cannot type an unused one.
      const names: string[] = [];
      const numbered = where.replace(/:(\w+)/g, (_, name: string) => `$${(names.includes(name) ? names : (names.push(name), names)).indexOf(name) + 1}::text`);
      read.push([table, await readRows(tx, table, numbered, names.map((name) => ids[name]))]);
    }
    return read;
  });
}

/** What advancing `sub`'s company clock by `days` would do to `sub`, its charges, transactions and alerts; writes nothing. */
export async function forecastSubscription(ctx: SandboxContext, sub: SubscriptionDoc, days: number): Promise<Forecast> {
  const { companyId } = sub;
  // Not while the company's clock moves (routes/clock.ts): the copy is of a clock at rest. The run needs no lock.
  const { from, rows } = await oneAtATime(companyId, async () => ({ from: await ctx.clocks.refresh(ctx.db, companyId), rows: await readItsRows(ctx.db, sub) }));
  const until = new Date(from.getTime() + days * 86_400_000);
  const { budgetMs } = forecastLimits;
  const deadline = performance.now() + budgetMs;
  const inTime = () => { if (performance.now() > deadline) throw new ForecastTooLong(budgetMs); };
  return onScratch(async (into) => { for (const [table, json] of rows) await writeRows(into, table, json); }, async (db) => {
    inTime();
    const alertsOf = async (transactions: { _id: string }[]) => (await db.query<{ id: string }>('SELECT id FROM alerts WHERE company_id = $1 AND transaction_id = ANY($2)',
      [companyId, transactions.map((transaction) => transaction._id)])).map((row) => row.id);
    const existing = await recordsOfSubscription(db, sub._id);
    const existed = new Set([...[...existing.charges, ...existing.transactions].map((record) => record._id), ...(await alertsOf(existing.transactions))]);
    // Nothing it makes is kept: the recent records are the process's, not the dry run's.
    const dry: SandboxContext = { ...ctx, db, recent: { transactions: new Map(), remember: () => {} } };
    const dated: { on: string; move: Move }[] = [];
    await runBilling(dry, db, companyId, from, until, undefined, { subscriptionId: sub._id, onDay: (on, moves) => { dated.push(...moves.map((move) => ({ on, move }))); inTime(); } });
    // The clock route's last step: the after-the-move rows at the new time.
    const last = await db.transaction((tx) => runCompanyPhase('after the move', { ctx: dry, db: tx, companyId, day: dayOf(until), at: until }));
    dated.push(...last.map((move) => ({ on: dayOf(until), move })));

    // Which moved records are the subscription's (the company's day-start rows move others' too).
    const { charges, transactions } = await recordsOfSubscription(db, sub._id);
    const chargesById = new Map(charges.map((charge) => [charge._id, charge]));
    const transactionIds = new Set(transactions.map((transaction) => transaction._id));
    const alertIds = new Set(await alertsOf(transactions));
    const mine = ({ resource, id }: Move) => (resource === 'subscription' ? id === sub._id : resource === 'charge' ? chargesById.has(id)
      : resource === 'transaction' ? transactionIds.has(id) : alertIds.has(id));
    const moves: ForecastMove[] = dated.filter(({ move }) => mine(move)).map(({ on, move }) => {
      const charge = move.resource === 'charge' ? chargesById.get(move.id) : undefined;
      return {
        on, ...move, name: ROW_NAMES.get(move.row)!, provisional: move.resource !== 'subscription' && !existed.has(move.id),
        ...(charge ? { ...(charge.sequence !== undefined ? { sequence: charge.sequence } : {}), ...(charge.dueDate ? { dueDate: charge.dueDate } : {}), amount: charge.amount.value } : {}),
      };
    });
    const moved = new Set(moves.filter((move) => move.resource === 'charge').map((move) => move.id));
    const after = (await subscriptions.get(db, companyId, sub._id, true))!;
    return {
      subscriptionId: sub._id, companyId, from: from.toISOString(), until: until.toISOString(), days, moves,
      charges: charges.filter((charge) => moved.has(charge._id)).sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0)).map((charge) => ({
        _id: charge._id, provisional: !existed.has(charge._id), ...(charge.sequence !== undefined ? { sequence: charge.sequence } : {}),
        ...(charge.dueDate ? { dueDate: charge.dueDate } : {}), amount: charge.amount.value, status: charge.status, attempts: charge.attempts ?? 0,
      })),
      subscription: { status: after.status, active: after.active, ...(after.nextChargeDate ? { nextChargeDate: after.nextChargeDate } : {}) },
    };
  });
}
