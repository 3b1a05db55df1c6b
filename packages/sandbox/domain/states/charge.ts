// The charge's statuses (2.3) and its transition table: made (or imported),
// a PIX or boleto waiting, paid (RECOVERED when it was OVERDUE), a failed
// attempt, overdue, refunded with its transaction (or the refund refused),
// its receivables anticipated, held with its subscription (STANDBY, BLOCKED),
// switched off (DISABLED), ended with its subscription (docs/billing-statuses.ts).
import { charges, type ChargeDoc } from '../../store/tables.js';
import { CHARGE_STATUSES } from '../../schemas/charge.js';
import { NEW, SAME, type Machine, type Row, type StatusNote } from './machine.js';
import { rowRef } from '../../base/clock-rows.js';

export type ChargeStatus = ChargeDoc['status'];
export type ChargeEvent = 'created' | 'imported' | 'paid' | 'recovered' | 'declined' | 'slip_issued' | 'slip_expired' | 'pix_removed' | 'payment_failed' | 'no_route' | 'overdue'
  | 'refunded' | 'refunded_alert' | 'refund_failed' | 'anticipated' | 'ended_unpaid' | 'ended_manual' | 'ended_alert' | 'disputed' | 'dispute_won' | 'chargeback'
  | 'paused' | 'blocked' | 'resumed' | 'unblocked' | 'disabled';

/** Waiting for money: a payment (card or slip) may still settle it, the clock bills it, ending its subscription ends it. */
export const OPEN = ['ACTIVE', 'IMPORTED', 'OVERDUE', 'ERROR_PAYMENT', 'PENDING_PAYMENT', 'NO_PAYMENT_ROUTE'] as const satisfies readonly ChargeStatus[];
/** Paid and the money kept: a refund, a dispute or an anticipation may still move it. */
export const SETTLED = ['PAID', 'RECOVERED', 'ANTICIPATED'] as const satisfies readonly ChargeStatus[];
/** Held with its subscription: neither billed by the clock nor payable until its subscription is resumed or unblocked. */
export const HELD = ['STANDBY', 'BLOCKED'] as const satisfies readonly ChargeStatus[];
/** A failed attempt's status: the clock retries it (no route is told apart from a decline, and retried the same way). */
export const FAILED = ['ERROR_PAYMENT', 'NO_PAYMENT_ROUTE'] as const satisfies readonly ChargeStatus[];

const open = [...OPEN];
const settled = [...SETTLED];
const endable = [...OPEN, ...HELD];
const rows: Row<ChargeStatus, ChargeEvent>[] = [
  { event: 'created', from: NEW, to: 'ACTIVE', effects: 'none', emits: 'charge.created', by: `POST /v1/charge, POST /v1/subscription, POST /v2/subscription, the test clock (${rowRef('renewal')})` },
  { event: 'imported', from: NEW, to: 'IMPORTED', effects: 'none (billed as an ACTIVE one: paid, declined, overdue by the same rows)', emits: 'charge.created', by: 'POST /v1/subscription/list: the first charge of each imported subscription' },
  { event: 'paid', from: open.filter((s) => s !== 'OVERDUE'), to: 'PAID', effects: 'its slip removed; its subscription ACTIVE', emits: 'charge.paid', by: `POST /v1/charge/pay, POST /v1/subscription, POST /sandbox/v1/charges/settle, the fraud review approving its held payment (POST /sandbox/v1/transactions/review), the test clock (${rowRef('cardAttempt', 'cardRetry', 'pixDebit', 'pixDebitRetry')})` },
  { event: 'recovered', from: ['OVERDUE'], to: 'RECOVERED', effects: 'its slip removed; its subscription RECOVERED when OVERDUE, else ACTIVE', emits: 'charge.paid', by: 'a payment of an OVERDUE charge: POST /v1/charge/pay, POST /sandbox/v1/charges/settle' },
  { event: 'declined', from: open, to: SAME, effects: 'attempts + 1', emits: 'charge.payment_failed', by: 'POST /v1/charge/pay with a declined card, or its payment held for fraud review denied (a decline leaves the status as it was)' },
  { event: 'slip_issued', from: open, to: 'PENDING_PAYMENT', effects: 'the PIX or boleto kept as its slip', emits: 'charge.updated', by: 'POST /v1/charge/pay or POST /v1/subscription with paymentMethod PIX or BOLETO' },
  { event: 'slip_expired', from: ['PENDING_PAYMENT'], to: 'ACTIVE', effects: `attempts + 1; its slip removed (past its due date, the same day's ${rowRef('overdue')} makes it OVERDUE)`, emits: 'charge.payment_failed', by: `POST /sandbox/v1/charges/expire, the test clock (${rowRef('slipExpired')})` },
  { event: 'pix_removed', from: ['PENDING_PAYMENT'], to: 'ACTIVE', effects: 'its PIX removed by the merchant (no attempt counted): its cob REMOVIDA_PELO_USUARIO_RECEBEDOR (charge.pixCob)', emits: 'charge.updated', by: 'POST /sandbox/v1/charges/remove-pix (the sandbox\'s extension)' },
  { event: 'payment_failed', from: open, to: 'ERROR_PAYMENT', effects: 'attempts + 1; its subscription ERROR_PAYMENT', emits: 'charge.payment_failed', by: `POST /v1/subscription with a declined card, the test clock (${rowRef('cardDeclined', 'cardRetry', 'pixDebitRefused')})` },
  { event: 'no_route', from: open, to: 'NO_PAYMENT_ROUTE', effects: 'attempts + 1; its subscription NO_PAYMENT_ROUTE', emits: 'charge.payment_failed', by: 'a card payment no route takes (POST /v1/subscription, POST /v1/charge/pay, the test clock)' },
  { event: 'overdue', from: ['ACTIVE', 'IMPORTED', ...FAILED], to: 'OVERDUE', effects: 'its subscription OVERDUE', emits: 'charge.overdue', by: `the test clock (${rowRef('overdue')})` },
  { event: 'refunded', from: [...settled, 'ERROR_REFUNDED'], to: 'CANCELED', effects: 'inactive', emits: 'charge.updated', by: 'PUT /v1/transaction/cancel of the transaction that paid it, a NETWORK_B alert on it' },
  { event: 'refunded_alert', from: [...settled, 'ERROR_REFUNDED'], to: 'CANCELED_ALERT_NETWORK_A', effects: 'inactive', emits: 'charge.updated', by: 'a NETWORK_A alert on the transaction that paid it' },
  { event: 'refund_failed', from: settled, to: 'ERROR_REFUNDED', effects: 'none: the money stays with the merchant', emits: 'charge.updated', by: 'the refund of the transaction that paid it refused by its provider (a refund_refused fault: POST /sandbox/v1/faults)' },
  { event: 'anticipated', from: ['PAID', 'RECOVERED'], to: 'ANTICIPATED', effects: 'the company\'s WAITING_FUNDS payables of its payment PAID today, less the anticipation fee', emits: 'charge.updated', by: 'POST /sandbox/v1/charges/anticipate' },
  { event: 'disputed', from: settled, to: 'DISPUTE', effects: 'none', emits: 'charge.updated', by: 'the transaction that paid it disputed (POST /sandbox/v1/transactions/dispute)' },
  { event: 'dispute_won', from: ['DISPUTE'], to: 'PAID', effects: 'none', emits: 'charge.updated', by: 'the dispute won' },
  { event: 'chargeback', from: ['DISPUTE'], to: 'CHARGEBACK', effects: 'inactive', emits: 'charge.updated', by: 'the dispute lost (an action, or the test clock past its dueBy)' },
  { event: 'paused', from: open, to: 'STANDBY', effects: 'its slip removed', emits: 'charge.updated', by: 'its subscription paused (POST /sandbox/v1/subscriptions/hold action pause)' },
  { event: 'blocked', from: [...open, 'STANDBY'], to: 'BLOCKED', effects: 'its slip removed', emits: 'charge.updated', by: 'its subscription blocked (POST /sandbox/v1/subscriptions/hold action block)' },
  { event: 'resumed', from: ['STANDBY'], to: 'ACTIVE', effects: 'none', emits: 'charge.updated', by: 'its subscription resumed (action resume)' },
  { event: 'unblocked', from: ['BLOCKED'], to: 'ACTIVE', effects: 'none', emits: 'charge.updated', by: 'its subscription unblocked (action unblock)' },
  { event: 'disabled', from: endable, to: 'DISABLED', effects: 'inactive; its slip removed; its subscription goes on', emits: 'charge.updated', by: 'POST /sandbox/v1/charges/disable' },
  { event: 'ended_unpaid', from: endable, to: 'NO_PAYMENT', effects: 'inactive', emits: 'charge.updated', by: `its subscription ends NO_PAYMENT (${rowRef('cardAttemptsSpent', 'overdueDaysSpent', 'overdueChargesLimit')})` },
  { event: 'ended_manual', from: endable, to: 'CANCELED_MANUAL', effects: 'inactive', emits: 'charge.updated', by: `its subscription canceled (PUT /v1/subscription/cancel, a refund with cancelSubscription, a deleted product: ${rowRef('productDeleted')})` },
  { event: 'ended_alert', from: endable, to: 'CANCELED_ALERT_NETWORK_A', effects: 'inactive', emits: 'charge.updated', by: 'its subscription ended by a NETWORK_A alert' },
];

const notes: Record<ChargeStatus, StatusNote> = {
  ACTIVE: { meaning: 'waiting for its payment', how: 'POST /v1/charge; a subscription\'s charge', reachable: true },
  PAID: { meaning: 'paid', how: 'POST /v1/charge/pay with an approved test card; POST /sandbox/v1/charges/settle', reachable: true },
  ERROR_PAYMENT: { meaning: 'its last card attempt was declined', how: 'POST /v1/subscription with a declined test card; a renewal with one', reachable: true },
  NO_PAYMENT_ROUTE: { meaning: 'no route took its last card attempt', how: 'routes that skip the card, or POST /sandbox/v1/faults on every route, then pay', reachable: true },
  OVERDUE: { meaning: 'past its due date unpaid', how: 'the test clock past dueDate', reachable: true },
  CANCELED: { meaning: 'refunded', how: 'PUT /v1/transaction/cancel of its payment; a NETWORK_B alert (POST /sandbox/v1/alerts/raise)', reachable: true },
  CANCELED_MANUAL: { meaning: 'ended with its subscription\'s cancel', how: 'PUT /v1/subscription/cancel', reachable: true },
  CANCELED_ALERT_NETWORK_A: { meaning: 'ended by a fraud notice', how: 'the NETWORK_A test card 4000000000000259, POST /sandbox/v1/alerts type NETWORK_A', reachable: true },
  PENDING_PAYMENT: { meaning: 'a PIX or boleto issued for it waits for the bank', how: 'POST /v1/charge/pay with paymentMethod PIX or BOLETO (no card)', reachable: true },
  ANTICIPATED: { meaning: 'paid, and the merchant took its receivables early (less the anticipation fee)', how: 'POST /sandbox/v1/charges/anticipate on a PAID charge paid by card', reachable: true },
  IMPORTED: { meaning: 'brought over from the merchant\'s former system, not yet paid here', how: 'POST /v1/subscription/list (the first charge of each item)', reachable: true },
  ERROR_REFUNDED: { meaning: 'the refund of its payment was refused by the provider', how: 'a refund_refused fault on its payment\'s provider (POST /sandbox/v1/faults), then a NETWORK_B alert (POST /sandbox/v1/alerts/raise) on the payment', reachable: true },
  RECOVERED: { meaning: 'paid after it was OVERDUE', how: 'the test clock past dueDate (OVERDUE), then POST /v1/charge/pay or POST /sandbox/v1/charges/settle', reachable: true },
  BLOCKED: { meaning: 'held while its subscription is blocked: not payable, not billed', how: 'POST /sandbox/v1/subscriptions/hold action block', reachable: true },
  NO_PAYMENT: { meaning: 'lost unpaid with its subscription', how: 'a CARD_ATTEMPTS product and a declined card; OVERDUE_DAYS, limitOverdueCharges on the test clock', reachable: true },
  DISPUTE: { meaning: 'the payment that paid it is disputed', how: 'POST /sandbox/v1/transactions/dispute action open on its transaction', reachable: true },
  CHARGEBACK: { meaning: 'its payment\'s dispute was lost', how: 'POST /sandbox/v1/transactions/dispute action lose, or the test clock past dispute.dueBy', reachable: true },
  STANDBY: { meaning: 'held while its subscription is paused: not payable, not billed', how: 'POST /sandbox/v1/subscriptions/hold action pause', reachable: true },
  DISABLED: { meaning: 'switched off by the merchant: never payable again', how: 'POST /sandbox/v1/charges/disable', reachable: true },
};

export const CHARGE_MACHINE: Machine<ChargeStatus, ChargeEvent, ChargeDoc> = {
  resource: 'charge', statuses: CHARGE_STATUSES, subsets: { open: OPEN, failed: FAILED, settled: SETTLED, held: HELD }, rows, notes,
  insert: charges.insert, update: charges.update,
};

/** The row a payment moves an open charge by: recovered from OVERDUE, else paid. */
export const chargePaidEvent = (status: ChargeStatus): 'paid' | 'recovered' => (status === 'OVERDUE' ? 'recovered' : 'paid');
