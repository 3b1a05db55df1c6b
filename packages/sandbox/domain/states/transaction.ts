// The transaction's statuses (2.2) and its transition table. Every status a
// transaction takes is written by create() or move() of machine.ts with this
// table: the payment that makes it, capture, refund, and the moves of a
// 3-D Secure challenge (domain/three-ds.ts).
import { transactions, type TransactionDoc } from '../../store/tables.js';
import { AUTHORIZATION_DAYS, TRANSACTION_STATUSES } from '../../schemas/transaction.js';
import { NEW, type Machine, type Row, type StatusNote } from './machine.js';
import { rowRef } from '../../base/clock-rows.js';

export type TransactionStatus = TransactionDoc['status'];
export type TransactionEvent = 'card_payment' | 'slip_settled' | 'slip_expired' | 'pix_debited' | 'pix_debit_refused' | 'capture' | 'refund' | 'challenge_passed' | 'challenge_failed' | 'challenge_expired'
  | 'review_started' | 'review_approved' | 'review_denied' | 'dispute_opened' | 'dispute_won' | 'dispute_lost' | 'refund_failed' | 'provider_answered' | 'standby_released' | 'held_voided' | 'authorization_lapsed';

/** Minutes a provider under a `delayed` fault takes to answer, on the company's test clock (processing.settlesAt). */
export const PROCESSING_MINUTES = 10;

/** Days a payment held for fraud review waits for a decision: undecided at the end of the last one, the review denies it. */
export const REVIEW_DAYS = 3;
/** Days the merchant has to answer a dispute: unanswered at the end of the last one, it is lost. */
export const DISPUTE_DAYS = 7;

/** Held for fraud review: a decision (a sandbox action or the clock) makes it PAID or DECLINED. */
export const IN_REVIEW = ['IN_ANALYSIS', 'PENDING_REVIEW'] as const satisfies readonly TransactionStatus[];

/** The statuses money can be given back from (PUT /v1/transaction/cancel, an alert's refund); ERROR_REFUNDED: a refused refund tried again (the money is still the merchant's). */
export const REFUNDABLE = ['PAID', 'AUTHORIZED', 'ERROR_REFUNDED'] as const satisfies readonly TransactionStatus[];
/** A card payment that failed (CARD_ATTEMPTS counts them). */
export const FAILED_CARD = ['DECLINED', 'NO_PAYMENT_ROUTE', 'ERROR_PAYMENT', 'INVALID_PAYMENT', 'BLOCKED'] as const satisfies readonly TransactionStatus[];

const CREATE = 'POST /v1/transaction, POST /v1/subscription, POST /v1/charge/pay, the test clock\'s renewals';
const rows: Row<TransactionStatus, TransactionEvent>[] = [
  { event: 'card_payment', from: NEW, to: 'PAID', effects: 'payables made (split)', emits: 'transaction.created', by: `${CREATE}: an approved test card` },
  { event: 'card_payment', from: NEW, to: 'AUTHORIZED', effects: 'none', emits: 'transaction.created', by: 'POST /v1/transaction with capture false and an approved test card' },
  { event: 'card_payment', from: NEW, to: 'DECLINED', effects: 'the charge\'s failed attempt', emits: 'transaction.created', by: `${CREATE}: a declined test card, any other number, an expired card` },
  { event: 'card_payment', from: NEW, to: 'NO_PAYMENT_ROUTE', effects: 'the charge\'s failed attempt', emits: 'transaction.created', by: `${CREATE}: no route takes the card (routes, provider faults)` },
  { event: 'card_payment', from: NEW, to: 'ERROR_PAYMENT', effects: 'the charge\'s failed attempt (as a decline); no other route tried', emits: 'transaction.created', by: `${CREATE}: the processing-error test card 4000000000000119` },
  { event: 'card_payment', from: NEW, to: 'INVALID_PAYMENT', effects: 'the charge\'s failed attempt (as a decline); no other route tried', emits: 'transaction.created', by: `${CREATE}: the wrong-security-code test card 4000000000000127` },
  { event: 'card_payment', from: NEW, to: 'BLOCKED', effects: 'no provider asked (no acquirer, no routing); the charge\'s failed attempt (as a decline)', emits: 'transaction.created', by: `${CREATE}: the high-risk test card 4100000000000019` },
  { event: 'card_payment', from: NEW, to: 'PROCESSING', effects: `processing.settlesAt ${PROCESSING_MINUTES} minutes on; the charge it pays waits (as for 3-D Secure); no payables yet`, emits: 'transaction.created', by: `${CREATE}: any card while the route's provider has a delayed fault (POST /sandbox/v1/faults)` },
  { event: 'provider_answered', from: ['PROCESSING'], to: 'PAID', effects: 'payables made; the charge it pays PAID, its subscription ACTIVE', emits: 'transaction.updated', by: `the test clock past processing.settlesAt (${rowRef('processingSettled')}), an approving card` },
  { event: 'provider_answered', from: ['PROCESSING'], to: 'AUTHORIZED', effects: 'none (capture false)', emits: 'transaction.updated', by: `the test clock past processing.settlesAt (${rowRef('processingSettled')}), an approving card and capture false` },
  { event: 'provider_answered', from: ['PROCESSING'], to: 'DECLINED', effects: 'the charge\'s failed attempt (a subscription\'s own payment: the charge and the subscription ERROR_PAYMENT)', emits: 'transaction.updated', by: `the test clock past processing.settlesAt (${rowRef('processingSettled')}), any card its issuer does not approve` },
  { event: 'held_voided', from: ['PENDING_3DS', 'PROCESSING', ...IN_REVIEW], to: 'CANCELED', effects: 'approved after the charge it pays was paid or closed another way: the provider\'s approval voided (the money given back), no payables; the charge left as it is', emits: 'transaction.updated', by: `a 3-D Secure challenge completed, the test clock past processing.settlesAt (${rowRef('processingSettled')}) with an approving card, or a fraud review approved (POST /sandbox/v1/transactions/review), when the charge the payment was for is no longer payable` },
  { event: 'card_payment', from: NEW, to: 'STANDBY', effects: 'approved by the issuer, held by the service: no payables', emits: 'transaction.created', by: 'POST /v1/transaction (captured, an approving card) while the company is on standby (PUT /sandbox/v1/company/settings standby true)' },
  { event: 'standby_released', from: ['STANDBY'], to: 'PAID', effects: 'payables made', emits: 'transaction.updated', by: 'PUT /sandbox/v1/company/settings standby false (every STANDBY transaction of the company)' },
  { event: 'card_payment', from: NEW, to: 'IN_ANALYSIS', effects: `held for fraud review until review.dueBy (${REVIEW_DAYS} days); no payables yet`, emits: 'transaction.created', by: 'POST /v1/transaction or POST /v1/charge/pay with the fraud-review test card 4000000000004954 (the charge waits for the decision; a subscription\'s own payment with it is PAID)' },
  { event: 'slip_settled', from: NEW, to: 'PAID', effects: 'payables made; the charge PAID', emits: 'transaction.created', by: 'POST /sandbox/v1/charges/settle' },
  { event: 'pix_debited', from: NEW, to: 'PAID', effects: 'payables made; the charge PAID', emits: 'transaction.created', by: `the test clock's PIX Automático debit (${rowRef('pixDebit', 'pixDebitRetry')}; the sandbox's extension)` },
  { event: 'pix_debit_refused', from: NEW, to: 'DECLINED', effects: 'the charge\'s failed debit (message: the payer\'s bank\'s reason)', emits: 'transaction.created', by: `the test clock's PIX Automático debit refused (${rowRef('pixDebitRefused')}; the sandbox's extension)` },
  { event: 'slip_expired', from: NEW, to: 'DISCARDED', effects: 'the charge\'s failed attempt', emits: 'transaction.created', by: `POST /sandbox/v1/charges/expire, the test clock (${rowRef('slipExpired')})` },
  { event: 'capture', from: ['AUTHORIZED'], to: 'PAID', effects: 'payables made (split read at capture)', emits: 'transaction.updated', by: 'POST /v1/transaction/capture' },
  { event: 'authorization_lapsed', from: ['AUTHORIZED'], to: 'CANCELED', effects: `not captured by captureBefore (${AUTHORIZATION_DAYS} days after the authorization): the provider lets it go, no money was taken, no payables`, emits: 'transaction.updated', by: `the test clock past captureBefore (${rowRef('authorizationLapsed')})` },
  { event: 'refund', from: [...REFUNDABLE], to: 'CANCELED', effects: 'payables reversed; the charge it paid CANCELED (a NETWORK_A alert: CANCELED_ALERT_NETWORK_A)', emits: 'transaction.updated', by: 'PUT /v1/transaction/cancel, a NETWORK_A alert (its test card, POST /sandbox/v1/alerts, the merchant\'s refund of a raised one), a NETWORK_B alert raised by POST /sandbox/v1/alerts/raise' },
  { event: 'refund_failed', from: ['PAID'], to: 'ERROR_REFUNDED', effects: 'the refund refused by the provider: payables kept, the charge it paid ERROR_REFUNDED (charge table); PUT /v1/transaction/cancel can refund it again (refund)', emits: 'transaction.updated', by: 'POST /sandbox/v1/alerts/raise type NETWORK_B while a refund_refused fault is on its provider (POST /sandbox/v1/faults)' },
  { event: 'review_started', from: ['IN_ANALYSIS'], to: 'PENDING_REVIEW', effects: 'none', emits: 'transaction.updated', by: `POST /sandbox/v1/transactions/review decision flag; the test clock the day after the payment (${rowRef('reviewStarted')})` },
  { event: 'review_approved', from: [...IN_REVIEW], to: 'PAID', effects: 'payables made; the charge it pays PAID, its subscription ACTIVE', emits: 'transaction.updated', by: 'POST /sandbox/v1/transactions/review decision approve' },
  { event: 'review_denied', from: [...IN_REVIEW], to: 'DECLINED', effects: 'the authorization voided; no payables; the charge\'s failed attempt (its status left)', emits: 'transaction.updated', by: `POST /sandbox/v1/transactions/review decision deny; the test clock after review.dueBy (${rowRef('reviewDenied')})` },
  { event: 'dispute_opened', from: ['PAID'], to: 'DISPUTE', effects: `dispute.dueBy ${DISPUTE_DAYS} days on; the charge it paid DISPUTE`, emits: 'transaction.updated', by: `POST /sandbox/v1/transactions/dispute action open; a NETWORK_A alert left CREATED past its respondBy (the test clock, ${rowRef('alertLapsed')})` },
  { event: 'dispute_won', from: ['DISPUTE'], to: 'PAID', effects: 'the charge it paid PAID again; payables kept', emits: 'transaction.updated', by: 'POST /sandbox/v1/transactions/dispute action win' },
  { event: 'dispute_lost', from: ['DISPUTE'], to: 'CHARGEBACK', effects: 'payables reversed; the charge it paid CHARGEBACK', emits: 'transaction.updated', by: `POST /sandbox/v1/transactions/dispute action lose; the test clock after dispute.dueBy (${rowRef('disputeLost')})` },
  { event: 'card_payment', from: NEW, to: 'PENDING_3DS', effects: 'a 3-D Secure challenge opened (nextAction); the provider\'s answer held until it ends', emits: 'transaction.created', by: 'POST /v1/transaction or POST /v1/charge/pay with a 3-D Secure challenge test card (4000000000003220, 4000008400001629)' },
  { event: 'challenge_passed', from: ['PENDING_3DS'], to: 'PAID', effects: 'payables made; the charge it pays PAID', emits: 'transaction.updated', by: 'the shopper completes the challenge (POST /sandbox/3ds/challenge/{reference}/complete)' },
  { event: 'challenge_passed', from: ['PENDING_3DS'], to: 'AUTHORIZED', effects: 'none (capture false)', emits: 'transaction.updated', by: 'the challenge completed on a payment made with capture false' },
  { event: 'challenge_failed', from: ['PENDING_3DS'], to: 'DECLINED', effects: 'the charge\'s failed attempt', emits: 'transaction.updated', by: 'the shopper fails the challenge (…/fail), or the card that fails every challenge (4000008400001629)' },
  { event: 'challenge_expired', from: ['PENDING_3DS'], to: 'DECLINED', effects: 'the charge\'s failed attempt', emits: 'transaction.updated', by: `the challenge unanswered 10 minutes on the test clock (${rowRef('challengeExpired')})` },
];

const not = (why: string): StatusNote => ({ meaning: 'not given by the sandbox', how: why, reachable: false });
const notes: Record<TransactionStatus, StatusNote> = {
  PAID: { meaning: 'the money was taken', how: 'pay with an approved test card (4111111111111111), capture an AUTHORIZED one, settle a PIX or boleto', reachable: true },
  AUTHORIZED: { meaning: `approved, not captured: capture it by captureBefore (${AUTHORIZATION_DAYS} days on) or it lapses (CANCELED)`, how: 'POST /v1/transaction with capture false', reachable: true },
  DECLINED: { meaning: 'the issuer refused the card', how: 'a declined test card (4000000000000002), any other number, an expired card', reachable: true },
  NO_PAYMENT_ROUTE: { meaning: 'no route could carry the payment', how: 'routes that skip the card, or POST /sandbox/v1/faults on every route', reachable: true },
  DISCARDED: { meaning: 'a PIX or boleto expired unpaid', how: 'POST /sandbox/v1/charges/expire, or the test clock the day after the slip\'s expiresOn', reachable: true },
  CANCELED: { meaning: 'refunded, or an authorization voided or lapsed', how: 'PUT /v1/transaction/cancel; a NETWORK_A alert; an AUTHORIZED one not captured by its captureBefore', reachable: true },
  PENDING_3DS: { meaning: 'waiting for the shopper\'s 3-D Secure challenge', how: 'pay with the challenge test card 4000000000003220 (POST /v1/transaction, POST /v1/charge/pay); the answer\'s nextAction.url is the challenge', reachable: true },
  PROCESSING: { meaning: 'the provider took the payment and has not answered yet', how: `POST /sandbox/v1/faults kind delayed on the route's provider, then pay; the test clock ${PROCESSING_MINUTES} minutes on (${rowRef('processingSettled')}) settles it PAID or DECLINED as the card's issuer answers`, reachable: true },
  IN_ANALYSIS: { meaning: 'approved, held by the antifraud: no money taken until the review approves it', how: 'POST /v1/transaction or POST /v1/charge/pay with the fraud-review test card 4000000000004954', reachable: true },
  PENDING_REVIEW: { meaning: 'waiting for a manual fraud review', how: 'POST /sandbox/v1/transactions/review decision flag, or the test clock the day after an IN_ANALYSIS payment', reachable: true },
  DISPUTE: { meaning: 'the cardholder disputes the payment', how: 'POST /sandbox/v1/transactions/dispute action open on a PAID transaction; a NETWORK_A alert unanswered past its respondBy', reachable: true },
  CHARGEBACK: { meaning: 'a dispute lost: the money went back', how: 'POST /sandbox/v1/transactions/dispute action lose, or the test clock past dispute.dueBy', reachable: true },
  ERROR_REFUNDED: { meaning: 'the provider refused the refund', how: 'a NETWORK_B alert (POST /sandbox/v1/alerts/raise) on a PAID transaction whose provider has a refund_refused fault (POST /sandbox/v1/faults)', reachable: true },
  ERROR_PAYMENT: { meaning: 'the provider failed to process the payment (a processing error, not the issuer\'s decline): trying again may pay', how: 'pay with the processing-error test card 4000000000000119', reachable: true },
  PENDING_PAYMENT: not('a PIX or boleto waiting is the charge\'s slip (the charge answers PENDING_PAYMENT with it); its transaction is made when the bank settles it (PAID) or lets it expire (DISCARDED), so no transaction waits for a payment'),
  STANDBY: { meaning: 'approved, held while the merchant\'s account is on standby (under verification): paid once it is released', how: 'PUT /sandbox/v1/company/settings standby true, then POST /v1/transaction with an approved test card; standby false releases it (PAID)', reachable: true },
  BLOCKED: { meaning: 'blocked by the antifraud before any provider was asked (a risk block): do not retry the card', how: 'pay with the high-risk test card 4100000000000019', reachable: true },
  INVALID_PAYMENT: { meaning: 'the acquirer refused the card data it was sent (a wrong security code): ask the shopper to type the card again; malformed data is refused 400 before any transaction', how: 'pay with the wrong-security-code test card 4000000000000127', reachable: true },
};

export const TRANSACTION_MACHINE: Machine<TransactionStatus, TransactionEvent, TransactionDoc> = {
  resource: 'transaction', statuses: TRANSACTION_STATUSES, subsets: { refundable: REFUNDABLE, failedCard: FAILED_CARD, inReview: IN_REVIEW }, rows, notes,
  insert: transactions.insert, update: transactions.update,
};
