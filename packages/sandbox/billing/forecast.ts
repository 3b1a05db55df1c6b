// A subscription's forecast (sandbox only): what the test clock would do to it
// over the next days, found by running the clock itself (runBilling: the
// schedule's rows, jumping over days with nothing due by their `due` dates,
// billing/next-due.ts) in a dry run (db/dry-run.ts), every write undone. One
// code path for the clock and its forecast, so the two cannot disagree
// (test/sandbox/forecast.test.ts holds them equal on random schedules).
import type { SandboxContext } from '../context.js';
import { dryRun } from '../db/dry-run.js';
import { CLOCK_ROWS, type ClockRowName, type Move } from '../base/clock-rows.js';
import { dayOf } from '../base/dates.js';
import { recordsOfSubscription } from '../store/subscription-records.js';
import { subscriptions, type ChargeDoc, type SubscriptionDoc } from '../store/tables.js';
import { runBilling } from './engine.js';
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

/** What advancing `sub`'s company clock by `days` would do to `sub`, its charges, transactions and alerts; writes nothing. */
export async function forecastSubscription(ctx: SandboxContext, sub: SubscriptionDoc, days: number): Promise<Forecast> {
  const { companyId } = sub;
  const from = await ctx.clocks.refresh(ctx.db, companyId);
  const until = new Date(from.getTime() + days * 86_400_000);
  return dryRun(ctx.db, async (db) => {
    const alertsOf = async (transactions: { _id: string }[]) => (await db.query<{ id: string }>('SELECT id FROM alerts WHERE company_id = $1 AND transaction_id = ANY($2)',
      [companyId, transactions.map((transaction) => transaction._id)])).map((row) => row.id);
    const existing = await recordsOfSubscription(db, sub._id);
    const existed = new Set([...[...existing.charges, ...existing.transactions].map((record) => record._id), ...(await alertsOf(existing.transactions))]);
    // Nothing it makes is kept: the recent records are the process's, not the dry run's.
    const dry: SandboxContext = { ...ctx, db, recent: { transactions: new Map(), remember: () => {} } };
    const dated: { on: string; move: Move }[] = [];
    await runBilling(dry, db, companyId, from, until, undefined, { subscriptionId: sub._id, onDay: (on, moves) => dated.push(...moves.map((move) => ({ on, move }))) });
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
