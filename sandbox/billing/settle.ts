// What a paid or failed charge does to its subscription: paid -> ACTIVE with
// the card kept for renewals; failed -> one more attempt counted.
import type { Queryable } from '../db/database.js';
import { subscriptions, type ChargeDoc, type TransactionDoc } from '../store/tables.js';

const REVIVABLE = new Set<string>(['CREATED', 'PENDING_PAYMENT', 'ERROR_PAYMENT', 'OVERDUE', 'ACTIVE']);

export async function settleSubscription(db: Queryable, charge: ChargeDoc, transaction: TransactionDoc): Promise<void> {
  if (!charge.subscriptionId || transaction.status !== 'PAID') return;
  const subscription = await subscriptions.get(db, charge.companyId, charge.subscriptionId, true);
  if (!subscription || !REVIVABLE.has(subscription.status)) return;
  await subscriptions.update(db, { ...subscription, status: 'ACTIVE', ...(transaction.card ? { card: transaction.card } : {}), updatedAt: transaction.updatedAt });
}
