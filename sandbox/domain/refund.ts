// The one place a transaction is refunded (or an authorization voided):
// PUT /v1/transaction/cancel and a NETWORK_A alert call it. The transaction
// becomes CANCELED, the charge it paid moves (CANCELED for the merchant's
// refund, CANCELED_ALERT_NETWORK_A for the alert's) and, when asked, its
// subscription ends with its open charges (end-subscription.ts). The provider
// that took the payment refunds it, and the recipients' payables are reversed.
import type { SandboxContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import { charges, subscriptions, transactions, type ChargeDoc, type TransactionDoc } from '../store/tables.js';
import { endSubscription, type SubscriptionEnd } from './end-subscription.js';
import { connectorFor } from './payments/simulated-acquirer.js';
import { reversePayables } from './split/payables.js';

/** The transaction statuses money can be given back from. */
export const REFUNDABLE: readonly TransactionDoc['status'][] = ['PAID', 'AUTHORIZED'];

/** Who refunds, and what that does to the paid charge and to the subscription it ends. */
export const REFUND_REASONS = {
  merchant: { message: 'Canceled and refunded', charge: 'CANCELED', end: 'manual' },
  networkA: { message: 'Refunded after a NETWORK_A fraud notice', charge: 'CANCELED_ALERT_NETWORK_A', end: 'networkA' },
} as const satisfies Record<string, { message: string; charge: ChargeDoc['status']; end: SubscriptionEnd }>;
export type RefundReason = keyof typeof REFUND_REASONS;

export interface RefundOptions { reason: RefundReason; cancelSubscription?: boolean }

/**
 * Refunds `transaction` (PAID or AUTHORIZED, row-locked by the caller) inside
 * the caller's database transaction; answers it CANCELED. The charge it paid
 * (PAID) moves to the reason's status; other charge statuses are left.
 */
export async function refundTransaction(ctx: SandboxContext, db: Queryable, transaction: TransactionDoc, { reason, cancelSubscription = false }: RefundOptions): Promise<TransactionDoc> {
  if (!REFUNDABLE.includes(transaction.status)) throw new Error(`transaction ${transaction._id} is ${transaction.status}: nothing to refund`);
  const now = ctx.now(transaction.companyId);
  const at = now.toISOString();
  const how = REFUND_REASONS[reason];
  // A transaction paid before routing existed has no acquirer: the sandbox refunds it on its own word.
  if (transaction.acquirer) await connectorFor(transaction.acquirer.provider).refund(transaction.acquirer, transaction.amount.value);
  const canceled = await transactions.update(db, { ...transaction, status: 'CANCELED', message: how.message, updatedAt: at });
  if (transaction.status === 'PAID') await reversePayables(db, canceled, at);
  const charge = transaction.chargeId ? await charges.get(db, transaction.companyId, transaction.chargeId, true) : undefined;
  if (charge?.status === 'PAID') await charges.update(db, { ...charge, status: how.charge, active: false, updatedAt: at });
  if (cancelSubscription && transaction.subscriptionId) {
    const subscription = await subscriptions.get(db, transaction.companyId, transaction.subscriptionId, true);
    if (subscription) await endSubscription(db, subscription, how.end, now, `transaction ${transaction._id} refunded (${reason})`);
  }
  return canceled;
}
