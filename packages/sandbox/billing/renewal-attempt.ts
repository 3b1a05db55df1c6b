// The clock's card attempt on a subscription's charge (the schedule's
// cardAttempt and cardRetry rows), with its outcomes: paid, declined or no
// route (cardDeclined), and CARD_ATTEMPTS ending the subscription
// (cardAttemptsSpent). The card is the one kept from the last card payment.
import { endIfCardAttemptsSpent } from '../domain/card-attempts.js';
import { isEnded, paidEvent } from '../domain/states/subscription.js';
import { payByCard } from '../payment/pay-by-card.js';
import { subscriptions, type ChargeDoc } from '../store/tables.js';
import { alertIfTestCard } from './alerts.js';
import { renewalAfterPaymentOf } from './settle.js';
import { renewalProfile } from './renewal-card.js';
import type { Flow, SubscriptionDay } from './subscription-day.js';

export const CARD_METHODS: ReadonlySet<string> = new Set(['CREDIT_CARD', 'DEBIT_CARD']);

/** A card kept for renewals, and a card method: the clock may charge it. */
export const chargesCard = (today: SubscriptionDay) => Boolean(today.sub.card) && CARD_METHODS.has(today.sub.paymentMethod);

export async function attemptRenewalCard(today: SubscriptionDay, charge: ChargeDoc, row: 'cardAttempt' | 'cardRetry'): Promise<Flow> {
  const { ctx, db, sub, product, stamp, at } = today;
  const transaction = await payByCard(ctx, db, {
    companyId: sub.companyId, cents: charge.amount.value, installments: sub.installments, paymentMethod: sub.paymentMethod, profile: renewalProfile(sub.card!),
    product, modality: 'recurring', payer: 'subscription',
    links: { chargeId: charge._id, subscriptionId: sub._id, productId: product._id, ...(sub.clientId ? { clientId: sub.clientId } : {}) },
  });
  ctx.recent.remember(transaction);
  // A provider that answers later: the charge waits for the processingSettled row (domain/processing.ts moves it then).
  if (transaction.status === 'PROCESSING') return 'next charge';
  const data = { transactionId: transaction._id };
  if (transaction.status === 'PAID') {
    const { slip: _paid, ...unslipped } = charge;
    await today.setCharge(unslipped, 'paid', { lastAttemptAt: stamp }, row, data);
    const nextChargeDate = await renewalAfterPaymentOf(db, charge, product, today.day);
    const subPaid = paidEvent(sub.status);
    // The subscription's move is the retry row's (its text says so), whichever attempt paid.
    if (sub.status !== 'ACTIVE' || nextChargeDate) await today.setSub(subPaid, subPaid === 'recovered' ? 'RECOVERED' : 'ACTIVE', 'cardRetry', nextChargeDate ? { nextChargeDate } : {}, data);
    await alertIfTestCard(ctx, db, transaction);
    // A NETWORK_A alert has refunded it and ended the subscription: nothing more today.
    today.sub = (await subscriptions.get(db, sub.companyId, sub._id, true))!;
    return isEnded(today.sub.status) ? 'stop' : 'next charge';
  }
  const noRoute = transaction.status === 'NO_PAYMENT_ROUTE';
  const failed = await today.setCharge(charge, noRoute ? 'no_route' : 'payment_failed', { attempts: (charge.attempts ?? 0) + 1, lastAttemptAt: stamp }, 'cardDeclined', data);
  await today.setSub(noRoute ? 'no_route' : 'payment_failed', noRoute ? 'NO_PAYMENT_ROUTE' : 'ERROR_PAYMENT', 'cardDeclined', {}, data);
  // CARD_ATTEMPTS ends the subscription once the charge's card attempts are spent (domain/card-attempts.ts).
  const spent = await endIfCardAttemptsSpent(db, failed, at);
  if (!spent) return 'next charge';
  today.ended('cardAttemptsSpent', spent);
  return 'stop';
}
