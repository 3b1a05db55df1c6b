// One subscription's day on the test clock: what the schedule's subscription
// and charge steps (billing/schedule.ts) share. Each write goes through the
// state machines and is answered as a move, with the row that made it.
import type { SandboxContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import { endSubscription, type Ended, type SubscriptionEnd } from '../domain/end-subscription.js';
import { move } from '../domain/states/machine.js';
import { CHARGE_MACHINE, OPEN as OPEN_CHARGES, type ChargeEvent } from '../domain/states/charge.js';
import { SUBSCRIPTION_MACHINE, type SubscriptionEvent } from '../domain/states/subscription.js';
import type { ChargeDoc, ProductDoc, SubscriptionDoc } from '../store/tables.js';
import { openChargesOf } from '../store/charges.js';
import { liveMandateOf, type MandateDoc } from '../store/mandates.js';
import { CLOCK_ROWS, rowRef, type ClockRowName, type Move } from '../base/clock-rows.js';

/**
 * A subscription's charges as its day starts: read for it alone, or for its
 * whole chunk at once (engine.ts, set-wise). Either way the charges its day
 * opens are added (`opened`), so the two answer alike.
 */
export interface ChargeFacts {
  /** How many charges it has (the next one's sequence is this + 1). */
  count(): Promise<number>;
  /** Its open charges billDay can move (at least those), oldest due first (then by id), row-locked. */
  open(): Promise<ChargeDoc[]>;
  /** A charge its day opened. */
  opened(charge: ChargeDoc): void;
}

/** The facts read for one subscription when asked (its charges as the database has them then). */
export function chargesReadEach(db: Queryable, sub: () => SubscriptionDoc): ChargeFacts {
  return {
    async count() {
      const [{ n }] = (await db.query<{ n: string | number }>('SELECT count(*) AS n FROM charges WHERE subscription_id = $1', [sub()._id])) as [{ n: string | number }];
      return Number(n);
    },
    open: () => openChargesOf(db, sub(), OPEN_CHARGES),
    opened: () => {},
  };
}

/**
 * The facts read beforehand for a set (count and open charges as the day started), kept current by `opened`. A count
 * not read beforehand (undefined: the set counts only the subscriptions it expects to ask) is read when asked (`readCount`).
 */
export function chargesReadBefore(count: number | undefined, open: ChargeDoc[], readCount: () => Promise<number>): ChargeFacts {
  const mine = [...open];
  let n = count;
  return {
    count: async () => n ?? readCount(),
    open: async () => [...mine].sort((a, b) => (a.dueDate! < b.dueDate! ? -1 : a.dueDate! > b.dueDate! ? 1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0)),
    opened(charge) { if (n !== undefined) n++; mine.push(charge); },
  };
}

export class SubscriptionDay {
  readonly moves: Move[] = [];
  readonly stamp: string;
  readonly charges: ChargeFacts;
  /** Its PENDING or ACTIVE PIX Automático mandate as the day started (row-locked): read for it alone when asked, or for its whole chunk at once. */
  readonly liveMandate: () => Promise<MandateDoc | undefined>;

  constructor(readonly ctx: SandboxContext, readonly db: Queryable, public sub: SubscriptionDoc, readonly product: ProductDoc, readonly day: string, readonly at: Date, charges?: ChargeFacts,
    mandate?: { readBefore: MandateDoc | undefined }) {
    this.stamp = at.toISOString();
    this.charges = charges ?? chargesReadEach(db, () => this.sub);
    this.liveMandate = mandate ? async () => mandate.readBefore : () => liveMandateOf(db, this.sub._id, true);
  }

  /** Moves the subscription (nothing when it is already `status` and nothing else changes). */
  async setSub(event: SubscriptionEvent, status: SubscriptionDoc['status'], row: ClockRowName, patch: Partial<SubscriptionDoc> = {}, data: Record<string, unknown> = {}) {
    if (this.sub.status === status && !Object.keys(patch).length) return;
    this.sub = await move(SUBSCRIPTION_MACHINE, this.db, this.sub, event, this.at, { patch, data });
    this.moves.push({ row: CLOCK_ROWS[row], resource: 'subscription', id: this.sub._id, to: status });
  }

  /** Moves one of its charges; every attempt is a move, even one that leaves the status as it was (a declined retry). */
  async setCharge(charge: ChargeDoc, event: ChargeEvent, patch: Partial<ChargeDoc>, row: ClockRowName, data: Record<string, unknown> = {}) {
    const next = await move(CHARGE_MACHINE, this.db, charge, event, this.at, { patch, data });
    this.moves.push({ row: CLOCK_ROWS[row], resource: 'charge', id: charge._id, to: next.status });
    return next;
  }

  /** Answers an end (its charges, then the subscription) as moves of `row`. */
  ended(row: ClockRowName, end: Ended | undefined) {
    if (!end) return;
    for (const charge of end.charges) this.moves.push({ row: CLOCK_ROWS[row], resource: 'charge', id: charge._id, to: charge.status });
    this.moves.push({ row: CLOCK_ROWS[row], resource: 'subscription', id: end.subscription._id, to: end.subscription.status });
  }

  /** Ends the subscription by `row` (the row cited as the end's reason). */
  async end(row: ClockRowName, how: SubscriptionEnd = 'unpaid') {
    this.ended(row, await endSubscription(this.db, this.sub, how, this.at, rowRef(row)));
  }
}

/** What a subscription or charge step tells the engine: go on, skip the rest of this charge's rows, or end the subscription's day. */
export type Flow = 'go' | 'next charge' | 'stop';
