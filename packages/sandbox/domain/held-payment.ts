// What follows a card payment whose answer came later (a 3-D Secure challenge
// that ended, a PROCESSING payment the test clock settled, a fraud review
// decided: domain/transaction-actions.ts): the charge it pays
// moves as a payment by that payer moves it. The shopper's payment
// (POST /v1/charge/pay) moves it as billing/card-attempt.ts does (a decline
// leaves the status, attempts + 1); a subscription's own payment (the first
// payment of POST /v1/subscription, a renewal of the test clock) as those do:
// paid, the charge PAID and the subscription ACTIVE; failed, the charge and the
// live subscription ERROR_PAYMENT, then CARD_ATTEMPTS (cardAttemptsSpent). Approved after
// the charge was paid or closed another way, it is voided (held_voided): the
// shopper is never charged twice for one charge.
import type { SandboxContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import { chargeAfterCardAttempt } from '../billing/card-attempt.js';
import { PAYABLE } from '../billing/slips.js';
import type { Payer } from '../payment/pay-by-card.js';
import { charges, subscriptions, type TransactionDoc } from '../store/tables.js';
import { endIfCardAttemptsSpent } from './card-attempts.js';
import { captureBeforeOf } from './authorizations.js';
import { connectorFor } from './payments/simulated-acquirer.js';
import { createPayables } from './split/payables.js';
import { CHARGE_MACHINE } from './states/charge.js';
import { move } from './states/machine.js';
import { LIVE, SUBSCRIPTION_MACHINE } from './states/subscription.js';
import { TRANSACTION_MACHINE, type TransactionEvent } from './states/transaction.js';

/**
 * Writes the answer of a held payment (`waiting`: PENDING_3DS, PROCESSING or in review,
 * row-locked by the caller) by `event`: `answered` as it is to be written,
 * with payables when PAID, then the charge follows. An approval for a charge
 * that is no longer payable (paid by PIX, boleto or another card meanwhile,
 * canceled, held) is voided instead: the provider gives the money back, the
 * transaction is CANCELED (held_voided) without payables, the charge is left.
 */
export async function writeHeldAnswer(ctx: SandboxContext, db: Queryable, waiting: TransactionDoc, answered: TransactionDoc, event: TransactionEvent, at: Date, payer: Payer): Promise<TransactionDoc> {
  const approved = answered.status === 'PAID' || answered.status === 'AUTHORIZED';
  const charge = approved && answered.chargeId ? await charges.get(db, answered.companyId, answered.chargeId, true) : undefined;
  if (charge && !PAYABLE.includes(charge.status)) {
    if (answered.acquirer) await connectorFor(answered.acquirer.provider).refund(answered.acquirer, answered.amount.value);
    return move(TRANSACTION_MACHINE, db, waiting, 'held_voided', at,
      { patch: { ...answered, message: `Voided: charge ${charge._id} was ${charge.status} before this payment was approved` } });
  }
  const patch = answered.status === 'PAID' ? await createPayables(ctx, db, answered)
    : answered.status === 'AUTHORIZED' ? { ...answered, captureBefore: captureBeforeOf(at) } : answered;
  const written = await move(TRANSACTION_MACHINE, db, waiting, event, at, { patch, to: answered.status });
  await followHeldPayment(ctx, db, written, payer);
  return written;
}

/** The charge `transaction` pays (PAID, AUTHORIZED or a failure), moved for `payer`; nothing when it pays none, or the charge is no longer payable. */
export async function followHeldPayment(ctx: SandboxContext, db: Queryable, transaction: TransactionDoc, payer: Payer): Promise<void> {
  const charge = transaction.chargeId ? await charges.get(db, transaction.companyId, transaction.chargeId, true) : undefined;
  if (!charge || !PAYABLE.includes(charge.status) || transaction.status === 'AUTHORIZED') return;
  if (payer === 'shopper' || transaction.status === 'PAID') return void await chargeAfterCardAttempt(ctx, db, charge, transaction);
  const at = new Date(transaction.updatedAt);
  const data = { transactionId: transaction._id };
  const failed = await move(CHARGE_MACHINE, db, charge, 'payment_failed', at, { patch: { attempts: (charge.attempts ?? 0) + 1, lastAttemptAt: transaction.updatedAt }, data });
  const subscription = charge.subscriptionId ? await subscriptions.get(db, charge.companyId, charge.subscriptionId, true) : undefined;
  if (subscription && (LIVE as readonly string[]).includes(subscription.status)) await move(SUBSCRIPTION_MACHINE, db, subscription, 'payment_failed', at, { data });
  await endIfCardAttemptsSpent(db, failed, at);
}
