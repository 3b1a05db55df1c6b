// Ending a subscription, written once: the clock's unsubscription rows (6-8,
// NO_PAYMENT), PUT /v1/subscription/cancel and a refund with
// cancelSubscription (CANCELED_MANUAL), a NETWORK_A alert
// (CANCELED_ALERT_NETWORK_A). The subscription ends inactive, its open charges
// move to the end's charge status, and subscription.canceled is emitted.
import type { Queryable } from '../db/database.js';
import { emit } from '../events.js';
import { charges, type ChargeDoc, type SubscriptionDoc } from '../store/tables.js';
import { isEnded, moveSubscription } from './states/subscription.js';

/** Charges still waiting for money: ending their subscription ends them. */
export const OPEN_CHARGE_STATUSES: readonly ChargeDoc['status'][] = ['ACTIVE', 'OVERDUE', 'ERROR_PAYMENT', 'PENDING_PAYMENT', 'NO_PAYMENT_ROUTE'];

/** Each end: the subscription's status and its open charges'. */
export const ENDS = {
  unpaid: { subscription: 'NO_PAYMENT', charges: 'CANCELED' },
  manual: { subscription: 'CANCELED_MANUAL', charges: 'CANCELED_MANUAL' },
  networkA: { subscription: 'CANCELED_ALERT_NETWORK_A', charges: 'CANCELED_ALERT_NETWORK_A' },
} as const satisfies Record<string, { subscription: SubscriptionDoc['status']; charges: ChargeDoc['status'] }>;
export type SubscriptionEnd = keyof typeof ENDS;

export interface Ended { subscription: SubscriptionDoc; charges: ChargeDoc[] }

/**
 * Ends `subscription` (locked by the caller) the `end` way at `at`; its open
 * charges move with it, oldest first. An ended subscription is left as it is
 * (answers undefined): the first end wins.
 */
export async function endSubscription(db: Queryable, subscription: SubscriptionDoc, end: SubscriptionEnd, at: Date, reason: string): Promise<Ended | undefined> {
  if (isEnded(subscription.status)) return undefined;
  const stamp = at.toISOString();
  const { subscription: status, charges: chargeStatus } = ENDS[end];
  const rows = await db.query<{ data: ChargeDoc }>('SELECT data FROM charges WHERE company_id = $1 AND subscription_id = $2 AND status = ANY($3) ORDER BY due_date, id FOR UPDATE',
    [subscription.companyId, subscription._id, OPEN_CHARGE_STATUSES]);
  const moved: ChargeDoc[] = [];
  for (const { data } of rows) moved.push(await charges.update(db, { ...data, status: chargeStatus, active: false, updatedAt: stamp }));
  const ended = await moveSubscription(db, subscription, status, stamp);
  await emit(db, subscription.companyId, 'subscription.canceled', { subscription: ended, reason }, at);
  return { subscription: ended, charges: moved };
}
