// What the page is told for each status a card payment can have (the same file in each example
// shop). A Record over the API's own status union: a status the service adds fails type-checking here
// until the shop decides what it means.
import type { Answer, paths } from '@svc-card/client';

export type Transaction = NonNullable<Answer<paths['/v1/charge/pay']['post']>['transaction']>;
export type TransactionStatus = Transaction['status'];

/**
 * paid: done. next-action: the page shows the challenge (handleNextAction), then asks again.
 * waiting: the service answers later; a webhook finishes it. declined: try another card.
 * resubmit: press Pay again (a fresh token). error: nothing is known; pressing Pay again is safe.
 */
export type Outcome = 'paid' | 'next-action' | 'waiting' | 'declined' | 'resubmit' | 'error' | 'invalid' | 'open';

export interface PageAnswer {
  outcome: Outcome;
  message: string;
  /** For handleNextAction (svc-card/next-action): the transaction's id, status and nextAction only, never its card. */
  nextAction?: Pick<Transaction, '_id' | 'status' | 'nextAction'>;
  /** GET /api/order: a verified webhook told the shop the order is paid (it ships then). */
  fulfilled?: boolean;
}

const WAITING = 'Payment received: waiting for the card issuer’s confirmation. This page updates by itself.';
const DECLINED = 'The card was declined: try another card.';
const REVERSED = 'This payment was reversed: please contact us.';

const OUTCOMES: Record<TransactionStatus, Outcome> = {
  PAID: 'paid',
  PENDING_3DS: 'next-action',
  // The issuer, the antifraud or the provider answers later: a webhook tells the end.
  PROCESSING: 'waiting', IN_ANALYSIS: 'waiting', PENDING_REVIEW: 'waiting', AUTHORIZED: 'waiting', STANDBY: 'waiting', PENDING_PAYMENT: 'waiting',
  DECLINED: 'declined', BLOCKED: 'declined', INVALID_PAYMENT: 'declined', ERROR_PAYMENT: 'declined', NO_PAYMENT_ROUTE: 'declined', CANCELED: 'declined', DISCARDED: 'declined',
  // Only after a payment (a dispute, a chargeback, a failed refund): never the answer to paying.
  DISPUTE: 'error', CHARGEBACK: 'error', ERROR_REFUNDED: 'error',
};

export const paidAnswer = (last4: string | undefined): PageAnswer => ({ outcome: 'paid', message: last4 ? `Paid with the card ending ${last4}.` : 'Paid.' });

/** The page's answer for a transaction the service returned. */
export function answerFor(transaction: Transaction): PageAnswer {
  const outcome = transaction.nextAction ? 'next-action' : OUTCOMES[transaction.status];
  switch (outcome) {
    case 'paid': return paidAnswer(transaction.card?.last4);
    case 'next-action': return { outcome, message: 'Your bank asks you to confirm the payment.', nextAction: { _id: transaction._id, status: transaction.status, nextAction: transaction.nextAction } };
    case 'waiting': return { outcome, message: WAITING };
    case 'declined': return { outcome, message: DECLINED };
    default: return { outcome: 'error', message: REVERSED };
  }
}

/** The HTTP status of the shop's answer to its page (the body says the same in `outcome`). */
export const HTTP_STATUS: Record<Outcome, number> = { paid: 200, 'next-action': 200, waiting: 202, open: 200, declined: 402, resubmit: 409, invalid: 400, error: 502 };
