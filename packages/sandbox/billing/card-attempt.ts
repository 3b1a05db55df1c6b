// What a card attempt on a charge does to the charge and its subscription
// (POST /v1/charge/pay, and a 3-D Secure challenge that ended: domain/three-ds.ts).
// The charge moves through its state machine, which emits charge.paid or
// charge.payment_failed after the write, with the charge as written.
import type { SandboxContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import { endIfCardAttemptsSpent } from '../domain/card-attempts.js';
import { move } from '../domain/states/machine.js';
import { CHARGE_MACHINE } from '../domain/states/charge.js';
import { charges, type ChargeDoc, type TransactionDoc } from '../store/tables.js';
import { alertIfTestCard } from './alerts.js';
import { settleSubscription } from './settle.js';
import { payCharge } from './slips.js';

/** The charge, locked by the caller, after `transaction` (PAID, DECLINED or NO_PAYMENT_ROUTE); answers it read back. */
export async function chargeAfterCardAttempt(ctx: SandboxContext, tx: Queryable, charge: ChargeDoc, transaction: TransactionDoc): Promise<ChargeDoc> {
  if (transaction.status !== 'PAID') {
    // No route is the charge's status until a route takes it; a decline leaves the status as it was.
    // Either way the attempt is a write: attempts, lastAttemptAt and updatedAt move; charge.payment_failed follows.
    const event = transaction.status === 'NO_PAYMENT_ROUTE' ? 'no_route' : 'declined';
    const attempted = await move(CHARGE_MACHINE, tx, charge, event, new Date(transaction.updatedAt),
      { patch: { attempts: (charge.attempts ?? 0) + 1, lastAttemptAt: transaction.updatedAt }, data: { transactionId: transaction._id } });
    await settleSubscription(tx, attempted, transaction);
    await endIfCardAttemptsSpent(tx, attempted, ctx.now(charge.companyId));
  } else {
    await settleSubscription(tx, charge, transaction);
    await payCharge(tx, charge, transaction);
    await alertIfTestCard(ctx, tx, transaction);
  }
  // Read back: CARD_ATTEMPTS or an alert may have moved it.
  return (await charges.get(tx, charge.companyId, charge._id))!;
}
