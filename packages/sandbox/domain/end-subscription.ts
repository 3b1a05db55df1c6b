// Ending a subscription, written once: the clock's unsubscription rows
// (cardAttemptsSpent, overdueDaysSpent, overdueChargesLimit: NO_PAYMENT), PUT /v1/subscription/cancel, a refund with cancelSubscription
// and a deleted product (productDeleted) (CANCELED_MANUAL), a NETWORK_A alert
// (CANCELED_ALERT_NETWORK_A). Each open or held charge moves by the charge table's
// ended_* row, then the subscription by its own (subscription.canceled).
import type { Queryable } from '../db/database.js';
import type { ChargeDoc, SubscriptionDoc } from '../store/tables.js';
import { openChargesOf } from '../store/charges.js';
import { CHARGE_MACHINE, HELD, OPEN, type ChargeEvent } from './states/charge.js';
import { move } from './states/machine.js';
import { SUBSCRIPTION_MACHINE, isEnded, type SubscriptionEvent } from './states/subscription.js';
import { cancelMandateOf } from './mandate-end.js';

/** Charges still waiting for money: ending their subscription ends them. */
export const OPEN_CHARGE_STATUSES = OPEN;

/** Each end: the subscription's row and its open charges'. */
export const ENDS = {
  unpaid: { subscription: 'ended_unpaid', charges: 'ended_unpaid' },
  manual: { subscription: 'ended_manual', charges: 'ended_manual' },
  networkA: { subscription: 'ended_alert', charges: 'ended_alert' },
} as const satisfies Record<string, { subscription: SubscriptionEvent; charges: ChargeEvent }>;
export type SubscriptionEnd = keyof typeof ENDS;

export interface Ended { subscription: SubscriptionDoc; charges: ChargeDoc[] }

/**
 * Ends `subscription` (locked by the caller) the `end` way at `at`; its open
 * charges move with it, oldest first. An ended subscription is left as it is
 * (answers undefined): the first end wins.
 */
export async function endSubscription(db: Queryable, subscription: SubscriptionDoc, end: SubscriptionEnd, at: Date, reason: string): Promise<Ended | undefined> {
  if (isEnded(subscription.status)) return undefined;
  const how = ENDS[end];
  const moved: ChargeDoc[] = [];
  for (const charge of await openChargesOf(db, subscription, [...OPEN, ...HELD])) moved.push(await move(CHARGE_MACHINE, db, charge, how.charges, at, { patch: { active: false }, data: { reason } }));
  // Its PIX Automático mandate, if any, canceled first: no debit is asked of an ended subscription.
  await cancelMandateOf(db, subscription._id, at, reason);
  const ended = await move(SUBSCRIPTION_MACHINE, db, subscription, how.subscription, at, { data: { reason } });
  return { subscription: ended, charges: moved };
}
