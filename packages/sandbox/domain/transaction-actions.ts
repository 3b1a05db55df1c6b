// Fraud review and disputes (issue 23): the moves a sandbox action or the
// test clock makes on a transaction, each through the transaction table
// (states/transaction.ts), its charge following by the charge table.
import type { SandboxContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import { addDays, dayOf } from '../base/dates.js';
import { charges, type TransactionDoc } from '../store/tables.js';
import { connectorFor } from './payments/simulated-acquirer.js';
import { reversePayables } from './split/payables.js';
import { followHeldPayment, writeHeldAnswer } from './held-payment.js';
import { CHARGE_MACHINE, type ChargeEvent } from './states/charge.js';
import { allows, assertMove, move } from './states/machine.js';
import { DISPUTE_DAYS, TRANSACTION_MACHINE } from './states/transaction.js';

export type ReviewDecision = 'flag' | 'approve' | 'deny';
export type DisputeAction = 'open' | 'win' | 'lose';

/** The charge `transaction` paid follows it by `event`, when its table allows (a charge refunded or ended meanwhile is left). */
async function chargeFollows(db: Queryable, transaction: TransactionDoc, event: ChargeEvent, at: Date, patch = {}) {
  const charge = transaction.chargeId ? await charges.get(db, transaction.companyId, transaction.chargeId, true) : undefined;
  if (charge && allows(CHARGE_MACHINE, charge.status, event)) await move(CHARGE_MACHINE, db, charge, event, at, { patch, data: { transactionId: transaction._id } });
}

/**
 * A fraud review decision on `transaction` (row-locked by the caller); 409 conflict when its table refuses.
 * The charge a held payment was for (POST /v1/charge/pay) follows as a card payment moves it
 * (held-payment.ts): approved, PAID (charge.paid); denied, a failed attempt (charge.payment_failed).
 * Approved after that charge was paid another way, the approval is voided (held_voided).
 */
export async function decideReview(ctx: SandboxContext, db: Queryable, transaction: TransactionDoc, decision: ReviewDecision, at: Date, field?: string): Promise<TransactionDoc> {
  if (decision === 'flag') return move(TRANSACTION_MACHINE, db, transaction, 'review_started', at, { field });
  const { review: _decided, ...rest } = transaction;
  if (decision === 'approve') {
    assertMove(TRANSACTION_MACHINE, transaction, 'review_approved', field);
    const answered = { ...rest, status: 'PAID', message: 'Approved after fraud review', updatedAt: at.toISOString() } as TransactionDoc;
    return writeHeldAnswer(ctx, db, rest as TransactionDoc, answered, 'review_approved', at, 'shopper');
  }
  assertMove(TRANSACTION_MACHINE, transaction, 'review_denied', field);
  // The provider voids the authorization it gave.
  if (transaction.acquirer) await connectorFor(transaction.acquirer.provider).refund(transaction.acquirer, transaction.amount.value);
  const denied = await move(TRANSACTION_MACHINE, db, rest as TransactionDoc, 'review_denied', at, { patch: { message: 'Denied by the fraud review' } });
  await followHeldPayment(ctx, db, denied, 'shopper');
  return denied;
}

/** A dispute of `transaction` (row-locked by the caller) opened, won or lost; 409 conflict when its table refuses. */
export async function disputeAction(db: Queryable, transaction: TransactionDoc, action: DisputeAction, at: Date, field?: string): Promise<TransactionDoc> {
  if (action === 'open') {
    assertMove(TRANSACTION_MACHINE, transaction, 'dispute_opened', field);
    const dispute = { openedAt: at.toISOString(), dueBy: addDays(dayOf(at), DISPUTE_DAYS) };
    const disputed = await move(TRANSACTION_MACHINE, db, transaction, 'dispute_opened', at, { patch: { dispute, message: 'Disputed by the cardholder' } });
    await chargeFollows(db, disputed, 'disputed', at);
    return disputed;
  }
  const won = action === 'win';
  assertMove(TRANSACTION_MACHINE, transaction, won ? 'dispute_won' : 'dispute_lost', field);
  const dispute = { ...transaction.dispute!, outcome: won ? 'won' as const : 'lost' as const };
  const closed = await move(TRANSACTION_MACHINE, db, transaction, won ? 'dispute_won' : 'dispute_lost', at,
    { patch: { dispute, message: won ? 'Dispute won: the payment stands' : 'Dispute lost: charged back' } });
  if (!won) await reversePayables(db, closed, at.toISOString());
  await chargeFollows(db, closed, won ? 'dispute_won' : 'chargeback', at, won ? {} : { active: false });
  return closed;
}
