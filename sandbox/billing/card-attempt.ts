// What a card attempt on a charge does to the charge and its subscription
// (POST /v1/charge/pay, and a 3-D Secure challenge that ended: domain/three-ds.ts).
import type { SandboxContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import { endIfCardAttemptsSpent } from '../domain/card-attempts.js';
import { charges, type ChargeDoc, type TransactionDoc } from '../store/tables.js';
import { alertIfTestCard } from './alerts.js';
import { settleSubscription } from './settle.js';
import { paidCharge } from './slips.js';

/** The charge, locked by the caller, after `transaction` (PAID, DECLINED or NO_PAYMENT_ROUTE); answers it read back. */
export async function chargeAfterCardAttempt(ctx: SandboxContext, tx: Queryable, charge: ChargeDoc, transaction: TransactionDoc): Promise<ChargeDoc> {
  if (transaction.status !== 'PAID') {
    // No route is the charge's status until a route takes it; a decline leaves the status as it was.
    const status = transaction.status === 'NO_PAYMENT_ROUTE' ? 'NO_PAYMENT_ROUTE' : charge.status;
    const attempted = await charges.update(tx, { ...charge, status, attempts: (charge.attempts ?? 0) + 1, lastAttemptAt: transaction.updatedAt });
    await settleSubscription(tx, attempted, transaction);
    await endIfCardAttemptsSpent(tx, attempted, ctx.now(charge.companyId));
  } else {
    await settleSubscription(tx, charge, transaction);
    await charges.update(tx, paidCharge(charge, transaction.updatedAt));
    await alertIfTestCard(ctx, tx, transaction);
  }
  // Read back: CARD_ATTEMPTS or an alert may have moved it.
  return (await charges.get(tx, charge.companyId, charge._id))!;
}
