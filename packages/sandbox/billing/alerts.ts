// Raising an alert (2.6). NETWORK_A is a fraud notice: the service refunds the
// transaction to avoid the chargeback (refund.ts: transaction CANCELED, its
// charge and subscription CANCELED_ALERT_NETWORK_A) and the alert is REFUNDED;
// NETWORK_B is a dispute notice: the alert is CREATED and nothing moves. A
// network sends one notice per transaction: raising a type again on the same
// transaction (the same day or later, whatever its status) answers the alert
// already there, and moves and emits nothing.
import type { SandboxContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import { endSubscription } from '../domain/end-subscription.js';
import { REFUNDABLE, refundTransaction } from '../domain/refund.js';
import { create } from '../domain/states/machine.js';
import { ALERT_MACHINE } from '../domain/states/alert.js';
import { TEST_CARDS, type AlertType } from '../payment/test-cards.js';
import { alertOf } from '../store/alerts.js';
import { newId, subscriptions, transactions, type AlertDoc, type TransactionDoc } from '../store/tables.js';

export async function raiseAlert(ctx: SandboxContext, db: Queryable, seen: TransactionDoc, type: AlertType, externalReference?: string): Promise<AlertDoc> {
  // The transaction's row lock makes two racing raises one: the second finds the first's alert.
  const transaction = (await transactions.get(db, seen.companyId, seen._id, true)) ?? seen;
  const existing = await alertOf(db, transaction, type);
  if (existing) return existing;
  const now = ctx.now(transaction.companyId);
  const at = now.toISOString();
  const refunds = type === 'NETWORK_A' && (REFUNDABLE as readonly string[]).includes(transaction.status);
  if (refunds) await refundTransaction(ctx, db, transaction, { reason: 'networkA', cancelSubscription: true });
  else if (type === 'NETWORK_A' && transaction.subscriptionId) {
    // Nothing left to refund (already canceled): the fraud notice still ends the subscription.
    const subscription = await subscriptions.get(db, transaction.companyId, transaction.subscriptionId, true);
    if (subscription) await endSubscription(db, subscription, 'networkA', now, `NETWORK_A alert on transaction ${transaction._id}`);
  }
  return create(ALERT_MACHINE, db, {
    _id: newId(), companyId: transaction.companyId, ...(externalReference ? { externalReference } : {}), status: refunds ? 'REFUNDED' : 'CREATED', type,
    transactionId: transaction._id, ...(transaction.clientId ? { clientId: transaction.clientId } : {}),
    payment: { ...(transaction.card ? { bin: transaction.card.bin, last4: transaction.card.last4 } : {}), paymentMethod: transaction.paymentMethod },
    info: { reason: type === 'NETWORK_A' ? 'fraud notice from the issuer' : 'dispute notice', network: type },
    values: { amount: transaction.amount.value, currency: 'BRL' }, createdAt: at, updatedAt: at,
  }, 'raised', now);
}

/**
 * The NETWORK_A / NETWORK_B test cards pay, then their network's alert
 * arrives. Called by each payer after its own updates, so the alert's moves win.
 */
export async function alertIfTestCard(ctx: SandboxContext, db: Queryable, transaction: TransactionDoc): Promise<void> {
  const card = transaction.card;
  if (transaction.status !== 'PAID' || !card) return;
  const test = TEST_CARDS.find((c) => c.number.startsWith(card.bin) && c.number.endsWith(card.last4));
  if (test?.alert) await raiseAlert(ctx, db, transaction, test.alert);
}
