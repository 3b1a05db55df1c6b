// unsubscription.type CARD_ATTEMPTS (the clock's cardAttemptsSpent row), one rule for
// every payer: the first payment of POST /v1/subscription, POST /v1/charge/pay
// and the clock's renewals and retries. The count is per charge: the card
// payments of that charge that failed (DECLINED or NO_PAYMENT_ROUTE), whoever
// tried them; a PIX or boleto that expired is not a card attempt.
import type { Queryable } from '../db/database.js';
import { rowRef } from '../base/clock-rows.js';
import { products, subscriptions, type ChargeDoc } from '../store/tables.js';
import { endSubscription, type Ended } from './end-subscription.js';

export { FAILED_CARD as FAILED_CARD_STATUSES } from './states/transaction.js';
import { FAILED_CARD as FAILED_CARD_STATUSES } from './states/transaction.js';

/** The charge's failed card attempts so far. */
export async function failedCardAttempts(db: Queryable, charge: ChargeDoc): Promise<number> {
  const [row] = await db.query<{ n: string | number }>(
    "SELECT count(*) AS n FROM transactions WHERE company_id = $1 AND charge_id = $2 AND status = ANY($3) AND data->>'paymentMethod' IN ('CREDIT_CARD', 'DEBIT_CARD')",
    [charge.companyId, charge._id, FAILED_CARD_STATUSES]);
  return Number(row?.n ?? 0);
}

/**
 * Called after a failed card attempt on `charge` (stored): when its product's
 * unsubscription is CARD_ATTEMPTS and the charge has failed maxDeniedAttempts
 * times (at least once: 0 ends it at the first failure, as 1 does), its
 * subscription ends NO_PAYMENT with its open charges NO_PAYMENT. Answers the end, if any.
 */
export async function endIfCardAttemptsSpent(db: Queryable, charge: ChargeDoc, at: Date, reason = rowRef('cardAttemptsSpent')): Promise<Ended | undefined> {
  if (!charge.subscriptionId) return undefined;
  const subscription = await subscriptions.get(db, charge.companyId, charge.subscriptionId, true);
  // The subscription's product decides (PUT /v1/subscription may have changed it since the charge was made).
  const product = subscription && (await products.get(db, charge.companyId, subscription.productId));
  if (!subscription || product?.unsubscription?.type !== 'CARD_ATTEMPTS') return undefined;
  const allowed = Math.max(product.charge?.maxDeniedAttempts ?? 0, 1);
  if ((await failedCardAttempts(db, charge)) < allowed) return undefined;
  return endSubscription(db, subscription, 'unpaid', at, reason);
}
