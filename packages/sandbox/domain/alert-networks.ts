// Alert networks (issue 23): POST /sandbox/v1/alerts/raise plays a network's
// notice with its lifecycle, every move through the alert table
// (states/alert.ts) and the transaction's through its own.
//  - NETWORK_A (as Ethoca): CREATED with respondBy ALERT_WINDOW_DAYS days on;
//    the merchant acknowledges (ACKNOWLEDGEMENT) or refunds (REFUNDED) by
//    POST /sandbox/v1/alerts/respond; still CREATED the day after respondBy,
//    the test clock (alertLapsed) makes it DISPUTE and opens the transaction's
//    dispute (dispute_opened).
//  - NETWORK_B (as Verifi RDR): the transaction refunded at once (REFUNDED),
//    or, when its provider has a refund_refused fault, ERROR_REFUNDED on both.
//  - A notice naming no transaction of the company: NOT_FOUND.
//  - The network may withdraw a notice still open (POST /sandbox/v1/alerts/withdraw): CANCELED.
import type { SandboxContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import { addDays, dayOf } from '../base/dates.js';
import type { AlertType } from '../payment/test-cards.js';
import { alertOf } from '../store/alerts.js';
import { newId, transactions, type AlertDoc, type TransactionDoc } from '../store/tables.js';
import { faultsAt } from './payments/faults.js';
import { refundRefused, refundTransaction } from './refund.js';
import { ALERT_MACHINE, ALERT_WINDOW_DAYS, type AlertEvent } from './states/alert.js';
import { allows, assertMove, conflict, create, move } from './states/machine.js';
import { TRANSACTION_MACHINE } from './states/transaction.js';
import { disputeAction } from './transaction-actions.js';

export interface NetworkNotice { companyId: string; type: AlertType; transactionId?: string; externalReference?: string }
export type AlertResponse = 'acknowledge' | 'refund';

const INFO = { NETWORK_A: 'fraud notice from the issuer (Ethoca-like)', NETWORK_B: 'dispute notice, refunded at once (Verifi RDR-like)' } as const;

function alertOn(transaction: TransactionDoc, type: AlertType, status: AlertDoc['status'], at: string, externalReference?: string): AlertDoc {
  return {
    _id: newId(), companyId: transaction.companyId, ...(externalReference ? { externalReference } : {}), status, type,
    transactionId: transaction._id, ...(transaction.clientId ? { clientId: transaction.clientId } : {}),
    payment: { ...(transaction.card ? { bin: transaction.card.bin, last4: transaction.card.last4 } : {}), paymentMethod: transaction.paymentMethod },
    info: { reason: INFO[type], network: type }, values: { amount: transaction.amount.value, currency: 'BRL' }, createdAt: at, updatedAt: at,
  };
}

/** Raises a network's alert (inside the caller's database transaction). A PAID transaction only (else 409 conflict on transactionId); one alert per transaction and type: raised again, the one there is answered and nothing moves. */
export async function raiseNetworkAlert(ctx: SandboxContext, db: Queryable, notice: NetworkNotice): Promise<AlertDoc> {
  const now = ctx.now(notice.companyId);
  const at = now.toISOString();
  const transaction = notice.transactionId ? await transactions.get(db, notice.companyId, notice.transactionId, true) : undefined;
  if (!transaction) {
    const reason = notice.transactionId ? `no transaction ${notice.transactionId} in this company` : 'the notice names no transaction';
    return create(ALERT_MACHINE, db, {
      _id: newId(), companyId: notice.companyId, ...(notice.externalReference ? { externalReference: notice.externalReference } : {}), status: 'NOT_FOUND', type: notice.type,
      payment: { paymentMethod: 'CREDIT_CARD' }, info: { reason, network: notice.type }, values: { amount: 0, currency: 'BRL' }, createdAt: at, updatedAt: at,
    }, 'network_raised', now);
  }
  const existing = await alertOf(db, transaction, notice.type);
  if (existing) return existing;
  if (transaction.status !== 'PAID') throw conflict(`transaction ${transaction._id} is ${transaction.status}: a network alert is raised on a PAID transaction`, 'transactionId');
  if (notice.type === 'NETWORK_A') {
    return create(ALERT_MACHINE, db, { ...alertOn(transaction, 'NETWORK_A', 'CREATED', at, notice.externalReference), respondBy: addDays(dayOf(now), ALERT_WINDOW_DAYS) }, 'network_raised', now);
  }
  const provider = transaction.acquirer?.provider;
  const refused = provider ? (await faultsAt(db, transaction.companyId, now)).get(provider)?.kind === 'refund_refused' : false;
  if (refused) {
    await refundRefused(db, transaction, now, `Refund refused by ${provider} (NETWORK_B alert)`);
    return create(ALERT_MACHINE, db, alertOn(transaction, 'NETWORK_B', 'ERROR_REFUNDED', at, notice.externalReference), 'rdr_refund_failed', now);
  }
  await refundTransaction(ctx, db, transaction, { reason: 'networkB' });
  return create(ALERT_MACHINE, db, alertOn(transaction, 'NETWORK_B', 'REFUNDED', at, notice.externalReference), 'rdr_refunded', now);
}

/** The merchant's answer to an alert (row-locked by the caller): acknowledge, or refund its transaction; 409 conflict on alertId when a table refuses. */
export async function respondToAlert(ctx: SandboxContext, db: Queryable, alert: AlertDoc, action: AlertResponse): Promise<AlertDoc> {
  const now = ctx.now(alert.companyId);
  const event: AlertEvent = action === 'acknowledge' ? 'acknowledged' : 'merchant_refunded';
  assertMove(ALERT_MACHINE, alert, event, 'alertId');
  if (action === 'refund') {
    const transaction = await transactions.get(db, alert.companyId, alert.transactionId!, true);
    if (!transaction) throw conflict(`alert ${alert._id} names no transaction to refund`, 'alertId');
    await refundTransaction(ctx, db, transaction, { reason: 'networkA', cancelSubscription: true, field: 'alertId' });
  }
  return move(ALERT_MACHINE, db, alert, event, now);
}

/** The network withdraws its notice (row-locked by the caller): CREATED or ACKNOWLEDGEMENT -> CANCELED, nothing else moves; 409 conflict on alertId from another status. */
export const withdrawAlert = (ctx: SandboxContext, db: Queryable, alert: AlertDoc): Promise<AlertDoc> =>
  move(ALERT_MACHINE, db, alert, 'network_withdrew', ctx.now(alert.companyId), { field: 'alertId' });

/** The clock's alertLapsed row: a NETWORK_A alert still CREATED past its respondBy becomes DISPUTE; its transaction, when PAID, dispute_opened. */
export async function lapseAlert(db: Queryable, alert: AlertDoc, at: Date): Promise<AlertDoc> {
  const lapsed = await move(ALERT_MACHINE, db, alert, 'window_lapsed', at);
  const transaction = alert.transactionId ? await transactions.get(db, alert.companyId, alert.transactionId, true) : undefined;
  if (transaction && allows(TRANSACTION_MACHINE, transaction.status, 'dispute_opened')) await disputeAction(db, transaction, 'open', at);
  return lapsed;
}
