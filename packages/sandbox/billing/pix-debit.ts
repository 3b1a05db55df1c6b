// The test clock's PIX Automático debits (the sandbox's extension; the
// schedule's pixDebit, pixDebitRetry and pixDebitRefused rows): a PIX
// subscription with an ACTIVE mandate has each charge debited on its due date;
// a debit refused for want of funds is retried by the rules below, the
// sandbox's reading of the Banco Central's (Regulamento do Pix Automático,
// Resolução BCB nº 402/2024 as amended; the recorrência's politicaRetentativa
// PERMITE_3R_7D): after a failed attempt on the due date, at most 3 more, at
// most one a day, none later than 7 days after the due date.
import { move } from '../domain/states/machine.js';
import { MANDATE_MACHINE } from '../domain/states/mandate.js';
import { FAILED } from '../domain/states/charge.js';
import { paidEvent, isEnded } from '../domain/states/subscription.js';
import { debitPix } from '../payment/pay-by-card.js';
import type { MandateDoc } from '../store/mandates.js';
import type { ChargeDoc } from '../store/tables.js';
import { addDays, daysBetween } from '../base/dates.js';
import { CLOCK_ROWS } from '../base/clock-rows.js';
import { renewalAfterPaymentOf } from './settle.js';
import type { Flow, SubscriptionDay } from './subscription-day.js';

/** A charge's debits: the due date's and at most 3 retries. */
export const PIX_DEBIT_ATTEMPTS = 4;
/** No retry later than this many days after the due date. */
export const PIX_RETRY_WINDOW_DAYS = 7;
/** Days between two attempts: the product's charge.deniedIntervalDays, at least 1 (one attempt a day). */
export const retryIntervalDays = (today: SubscriptionDay) => Math.max(1, today.product.charge?.deniedIntervalDays ?? 1);

const FAILED_STATUSES: readonly string[] = FAILED;
const mandateOfDay = new WeakMap<SubscriptionDay, Promise<MandateDoc | undefined>>();

/** The subscription's ACTIVE mandate (read once for its day), when it is paid by PIX. */
export async function activeMandate(today: SubscriptionDay): Promise<MandateDoc | undefined> {
  if (today.sub.paymentMethod !== 'PIX') return undefined;
  let found = mandateOfDay.get(today);
  if (!found) mandateOfDay.set(today, (found = today.liveMandate()));
  const mandate = await found;
  return mandate?.status === 'ACTIVE' ? mandate : undefined;
}

/** Whether the rules let the clock retry `charge`'s debit today. */
export function retryDue(today: SubscriptionDay, charge: ChargeDoc): boolean {
  const debit = charge.pixDebit;
  if (!debit || debit.refusal !== 'INSUFFICIENT_FUNDS' || !FAILED_STATUSES.includes(charge.status) || debit.attempts >= PIX_DEBIT_ATTEMPTS) return false;
  if (daysBetween(charge.dueDate!, today.day) > PIX_RETRY_WINDOW_DAYS) return false;
  return daysBetween((charge.lastAttemptAt ?? today.stamp).slice(0, 10), today.day) >= retryIntervalDays(today);
}

/**
 * A charge whose debits are over unpaid: refused above the payer's maximum, its attempts spent, or
 * no retry day left in the window (the next would fall after it). The overdue row then moves it.
 */
export function debitsOver(today: SubscriptionDay, charge: ChargeDoc): boolean {
  const debit = charge.pixDebit;
  if (!debit || !FAILED_STATUSES.includes(charge.status)) return false;
  if (debit.refusal !== 'INSUFFICIENT_FUNDS' || debit.attempts >= PIX_DEBIT_ATTEMPTS) return true;
  const next = addDays((charge.lastAttemptAt ?? today.stamp).slice(0, 10), retryIntervalDays(today));
  return daysBetween(charge.dueDate!, next) > PIX_RETRY_WINDOW_DAYS;
}

/** One debit of `charge` under `mandate` (the pixDebit or pixDebitRetry row): paid, or refused (pixDebitRefused). */
export async function debitCharge(today: SubscriptionDay, charge: ChargeDoc, mandate: MandateDoc, row: 'pixDebit' | 'pixDebitRetry'): Promise<Flow> {
  const { ctx, db, sub, product, stamp, at } = today;
  const attempts = (charge.pixDebit?.attempts ?? 0) + 1;
  const refusal = mandate.maxAmount !== undefined && charge.amount.value > mandate.maxAmount ? 'ABOVE_MAXIMUM' as const
    : (mandate.declineNext ?? 0) > 0 ? 'INSUFFICIENT_FUNDS' as const : undefined;
  const links = { chargeId: charge._id, subscriptionId: sub._id, productId: product._id, ...(sub.clientId ? { clientId: sub.clientId } : {}) };
  const transaction = await debitPix(ctx, db, { companyId: sub.companyId, cents: charge.amount.value, links },
    refusal === 'ABOVE_MAXIMUM' ? `the charge (${charge.amount.value} cents) is above the payer's maximum (${mandate.maxAmount} cents)` : refusal === 'INSUFFICIENT_FUNDS' ? 'insufficient funds' : undefined);
  ctx.recent.remember(transaction);
  const data = { transactionId: transaction._id, mandateId: mandate._id };
  if (!refusal) {
    const { slip: _gone, ...unslipped } = charge;
    await today.setCharge(unslipped, 'paid', { lastAttemptAt: stamp, pixDebit: { attempts } }, row, data);
    const nextChargeDate = await renewalAfterPaymentOf(db, charge, product, today.day);
    const subPaid = paidEvent(sub.status);
    if (sub.status !== 'ACTIVE' || nextChargeDate) await today.setSub(subPaid, subPaid === 'recovered' ? 'RECOVERED' : 'ACTIVE', row, nextChargeDate ? { nextChargeDate } : {}, data);
    // today.sub is the subscription as written (setSub): a debit moves nothing else of it (no alert, unlike a card's
    // payment), so it is not read again; each read in a set-wise chunk first wrote what the chunk held (session 36).
    return isEnded(today.sub.status) ? 'stop' : 'next charge';
  }
  if (refusal === 'INSUFFICIENT_FUNDS') {
    const spent = await move(MANDATE_MACHINE, db, mandate, 'debit_declined', at, { patch: { declineNext: (mandate.declineNext ?? 1) - 1 }, data: { chargeId: charge._id, transactionId: transaction._id } });
    mandateOfDay.set(today, Promise.resolve(spent));
    today.moves.push({ row: CLOCK_ROWS.pixDebitRefused, resource: 'mandate', id: spent._id, to: spent.status });
  }
  await today.setCharge(charge, 'payment_failed', { attempts: (charge.attempts ?? 0) + 1, lastAttemptAt: stamp, pixDebit: { attempts, refusal } }, 'pixDebitRefused', data);
  await today.setSub('payment_failed', 'ERROR_PAYMENT', 'pixDebitRefused', {}, data);
  return 'next charge';
}
