// The one place a transaction is refunded (or an authorization voided):
// PUT /v1/transaction/cancel and a NETWORK_A alert call it. The transaction
// moves by `refund` (CANCELED), the charge it paid moves (`refunded`: CANCELED
// for the merchant's refund, `refunded_alert`: CANCELED_ALERT_NETWORK_A for
// the alert's) and, when asked, its subscription ends with its open charges
// (end-subscription.ts). The provider that took the payment refunds it, and
// the recipients' payables are reversed.
import type { SandboxContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import { charges, subscriptions, type TransactionDoc } from '../store/tables.js';
import { endSubscription, type SubscriptionEnd } from './end-subscription.js';
import { connectorFor } from './payments/simulated-acquirer.js';
import { reversePayables } from './split/payables.js';
import { CHARGE_MACHINE, type ChargeEvent } from './states/charge.js';
import { allows, assertMove, move } from './states/machine.js';
import { TRANSACTION_MACHINE } from './states/transaction.js';

export { REFUNDABLE } from './states/transaction.js';

/** Who refunds, and what that does to the paid charge and to the subscription it ends. */
export const REFUND_REASONS = {
  merchant: { message: 'Canceled and refunded', charge: 'refunded', end: 'manual' },
  networkA: { message: 'Refunded after a NETWORK_A fraud notice', charge: 'refunded_alert', end: 'networkA' },
  networkB: { message: 'Refunded by a NETWORK_B (RDR) alert', charge: 'refunded', end: 'manual' },
} as const satisfies Record<string, { message: string; charge: ChargeEvent; end: SubscriptionEnd }>;
export type RefundReason = keyof typeof REFUND_REASONS;

export interface RefundOptions { reason: RefundReason; cancelSubscription?: boolean; field?: string }

/**
 * Refunds `transaction` (row-locked by the caller) inside the caller's
 * database transaction; answers it CANCELED. A status the table refunds from
 * (REFUNDABLE: PAID, AUTHORIZED, ERROR_REFUNDED) or 409 conflict. The charge it paid (PAID) moves by the
 * reason's row; other charge statuses are left.
 */
export async function refundTransaction(ctx: SandboxContext, db: Queryable, transaction: TransactionDoc, { reason, cancelSubscription = false, field }: RefundOptions): Promise<TransactionDoc> {
  const now = ctx.now(transaction.companyId);
  const how = REFUND_REASONS[reason];
  assertMove(TRANSACTION_MACHINE, transaction, 'refund', field);
  // A transaction paid before routing existed has no acquirer: the sandbox refunds it on its own word.
  if (transaction.acquirer) await connectorFor(transaction.acquirer.provider).refund(transaction.acquirer, transaction.amount.value);
  const canceled = await move(TRANSACTION_MACHINE, db, transaction, 'refund', now, { patch: { message: how.message } });
  // An authorization has none; a PAID or ERROR_REFUNDED payment's are reversed.
  await reversePayables(db, canceled, now.toISOString());
  const charge = transaction.chargeId ? await charges.get(db, transaction.companyId, transaction.chargeId, true) : undefined;
  if (charge && allows(CHARGE_MACHINE, charge.status, how.charge)) await move(CHARGE_MACHINE, db, charge, how.charge, now, { patch: { active: false }, data: { transactionId: transaction._id } });
  if (cancelSubscription && transaction.subscriptionId) {
    const subscription = await subscriptions.get(db, transaction.companyId, transaction.subscriptionId, true);
    if (subscription) await endSubscription(db, subscription, how.end, now, `transaction ${transaction._id} refunded (${reason})`);
  }
  return canceled;
}

/**
 * The provider refused `transaction`'s refund (a refund_refused fault): the
 * transaction moves by refund_failed (ERROR_REFUNDED) and the charge it paid,
 * when settled, by its own refund_failed (ERROR_REFUNDED); payables are kept.
 */
export async function refundRefused(db: Queryable, transaction: TransactionDoc, at: Date, message: string): Promise<TransactionDoc> {
  const refused = await move(TRANSACTION_MACHINE, db, transaction, 'refund_failed', at, { patch: { message } });
  const charge = transaction.chargeId ? await charges.get(db, transaction.companyId, transaction.chargeId, true) : undefined;
  if (charge && allows(CHARGE_MACHINE, charge.status, 'refund_failed')) await move(CHARGE_MACHINE, db, charge, 'refund_failed', at, { data: { transactionId: transaction._id } });
  return refused;
}
