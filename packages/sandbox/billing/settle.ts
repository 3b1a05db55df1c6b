// What a paid charge does to its subscription: ACTIVE (RECOVERED when it was
// OVERDUE) with the card kept for
// renewals; with setting.successChargeDay, a late payment of its latest
// charge moves the next renewal (product-rules.ts). A payment no route took
// makes a live subscription NO_PAYMENT_ROUTE.
import type { Queryable } from '../db/database.js';
import { renewalAfterLatePayment } from '../domain/product-rules.js';
import { move } from '../domain/states/machine.js';
import { LIVE, SUBSCRIPTION_MACHINE, paidEvent } from '../domain/states/subscription.js';
import { products, subscriptions, type ChargeDoc, type ProductDoc, type TransactionDoc } from '../store/tables.js';


export async function settleSubscription(db: Queryable, charge: ChargeDoc, transaction: TransactionDoc): Promise<void> {
  if (!charge.subscriptionId || (transaction.status !== 'PAID' && transaction.status !== 'NO_PAYMENT_ROUTE')) return;
  const subscription = await subscriptions.get(db, charge.companyId, charge.subscriptionId, true);
  if (!subscription || !(LIVE as readonly string[]).includes(subscription.status)) return;
  const at = new Date(transaction.updatedAt);
  if (transaction.status === 'NO_PAYMENT_ROUTE') return void await move(SUBSCRIPTION_MACHINE, db, subscription, 'no_route', at, { data: { transactionId: transaction._id } });
  const nextChargeDate = await renewalAfterPayment(db, charge, subscription.productId, transaction.updatedAt.slice(0, 10));
  await move(SUBSCRIPTION_MACHINE, db, subscription, paidEvent(subscription.status), at, { patch: { ...(transaction.card ? { card: transaction.card } : {}), ...(nextChargeDate ? { nextChargeDate } : {}) }, data: { transactionId: transaction._id } });
}

/** successChargeDay's next renewal after `charge` was paid on `paidDay`, or undefined when it stays. */
export async function renewalAfterPayment(db: Queryable, charge: ChargeDoc, productId: string, paidDay: string): Promise<string | undefined> {
  return renewalAfterPaymentOf(db, charge, await products.get(db, charge.companyId, productId), paidDay);
}

/** renewalAfterPayment with the product already read (the clock's subscription-day holds it: no read, which in a set-wise chunk first writes what it holds). */
export async function renewalAfterPaymentOf(db: Queryable, charge: ChargeDoc, product: ProductDoc | undefined, paidDay: string): Promise<string | undefined> {
  if (!product?.setting?.successChargeDay) return undefined;
  const [row] = await db.query<{ n: string | number }>('SELECT max((data->>\'sequence\')::int) AS n FROM charges WHERE subscription_id = $1', [charge.subscriptionId]);
  return renewalAfterLatePayment(product, charge, Number(row?.n ?? 1), paidDay);
}
