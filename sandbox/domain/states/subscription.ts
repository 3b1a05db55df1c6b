// The subscription's statuses (2.4) and the moves between them, declared once
// as data (as lago's aasm transitions); every status change of a subscription
// goes through moveSubscription, which also brings its client's status along
// (client-status.ts). Ended statuses take no move.
import type { Queryable } from '../../db/database.js';
import { subscriptions, type SubscriptionDoc } from '../../store/tables.js';
import { followSubscriptions } from '../client-status.js';

export type SubscriptionStatus = SubscriptionDoc['status'];

/** Ended: nothing moves it again (the clock leaves it, payments do not revive it). */
export const ENDED: readonly SubscriptionStatus[] = ['NO_PAYMENT', 'CANCELED_MANUAL', 'CANCELED_ALERT_NETWORK_A'];
/** The ends a subscription can reach from any live status. */
const ENDS = ENDED;
/** The moves a payment or the clock makes between live statuses. */
const BILLING: readonly SubscriptionStatus[] = ['ACTIVE', 'ERROR_PAYMENT', 'OVERDUE', 'NO_PAYMENT_ROUTE'];

/** from -> the statuses it may move to. */
export const SUBSCRIPTION_MOVES: Readonly<Record<SubscriptionStatus, readonly SubscriptionStatus[]>> = {
  CREATED: [...BILLING, ...ENDS],
  PENDING_PAYMENT: [...BILLING, ...ENDS],
  ACTIVE: [...BILLING, ...ENDS],
  ERROR_PAYMENT: [...BILLING, ...ENDS],
  OVERDUE: [...BILLING, ...ENDS],
  NO_PAYMENT_ROUTE: [...BILLING, ...ENDS],
  RECOVERED: [...BILLING, ...ENDS],
  IMPORTED: [...BILLING, ...ENDS],
  STANDBY: [...BILLING, ...ENDS],
  BLOCKED: [...ENDS],
  NO_PAYMENT: [],
  CANCELED_MANUAL: [],
  CANCELED_ALERT_NETWORK_A: [],
};

export const isEnded = (status: SubscriptionStatus) => ENDED.includes(status);
export const canMove = (from: SubscriptionStatus, to: SubscriptionStatus) => from === to || SUBSCRIPTION_MOVES[from].includes(to);

/**
 * Stores `subscription` moved to `to` (with `patch`), then its client's status.
 * A move the table does not allow is a sandbox bug: it throws (a 500), never
 * stores a status the machine cannot reach.
 */
export async function moveSubscription(db: Queryable, subscription: SubscriptionDoc, to: SubscriptionStatus, at: string, patch: Partial<SubscriptionDoc> = {}): Promise<SubscriptionDoc> {
  if (!canMove(subscription.status, to)) throw new Error(`subscription ${subscription._id}: no move ${subscription.status} -> ${to}`);
  const moved = await subscriptions.update(db, { ...subscription, ...patch, status: to, ...(isEnded(to) ? { active: false } : {}), updatedAt: at });
  if (subscription.status !== to) await followSubscriptions(db, moved.companyId, moved.clientId, at);
  return moved;
}

/** A new subscription, stored, and its client's status after it. */
export async function insertSubscription(db: Queryable, subscription: SubscriptionDoc): Promise<SubscriptionDoc> {
  await subscriptions.insert(db, subscription);
  await followSubscriptions(db, subscription.companyId, subscription.clientId, subscription.createdAt);
  return subscription;
}
