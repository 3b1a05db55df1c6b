// The charge's statuses (2.3) and its transition table: made, paid, a failed
// attempt, overdue, refunded with its transaction, ended with its subscription.
import { charges, type ChargeDoc } from '../../store/tables.js';
import { CHARGE_STATUSES } from '../../schemas/charge.js';
import { NEW, SAME, type Machine, type Row, type StatusNote } from './machine.js';

export type ChargeStatus = ChargeDoc['status'];
export type ChargeEvent = 'created' | 'paid' | 'declined' | 'slip_expired' | 'payment_failed' | 'no_route' | 'overdue'
  | 'refunded' | 'refunded_alert' | 'ended_unpaid' | 'ended_manual' | 'ended_alert' | 'disputed' | 'dispute_won' | 'chargeback';

/** Waiting for money: a payment (card or slip) may still settle it, the clock bills it, ending its subscription ends it. */
export const OPEN = ['ACTIVE', 'OVERDUE', 'ERROR_PAYMENT', 'PENDING_PAYMENT', 'NO_PAYMENT_ROUTE'] as const satisfies readonly ChargeStatus[];
/** A failed attempt's status: the clock retries it (no route is told apart from a decline, and retried the same way). */
export const FAILED = ['ERROR_PAYMENT', 'NO_PAYMENT_ROUTE'] as const satisfies readonly ChargeStatus[];

const open = [...OPEN];
const rows: Row<ChargeStatus, ChargeEvent>[] = [
  { event: 'created', from: NEW, to: 'ACTIVE', effects: 'none', emits: 'charge.created', by: 'POST /v1/charge, POST /v1/subscription, POST /v2/subscription, the test clock (row 1)' },
  { event: 'paid', from: open, to: 'PAID', effects: 'its slip removed; its subscription ACTIVE', emits: 'charge.paid', by: 'POST /v1/charge/pay, POST /v1/subscription, POST /sandbox/v1/charges/settle, the test clock (rows 2, 4)' },
  { event: 'declined', from: open, to: SAME, effects: 'attempts + 1', emits: 'charge.payment_failed', by: 'POST /v1/charge/pay with a declined card (a decline leaves the status as it was)' },
  { event: 'slip_expired', from: open, to: SAME, effects: 'attempts + 1; its slip removed', emits: 'charge.payment_failed', by: 'POST /sandbox/v1/charges/expire, the test clock (row 9)' },
  { event: 'payment_failed', from: open, to: 'ERROR_PAYMENT', effects: 'attempts + 1; its subscription ERROR_PAYMENT', emits: 'charge.payment_failed', by: 'POST /v1/subscription with a declined card, the test clock (rows 3, 4)' },
  { event: 'no_route', from: open, to: 'NO_PAYMENT_ROUTE', effects: 'attempts + 1; its subscription NO_PAYMENT_ROUTE', emits: 'charge.payment_failed', by: 'a card payment no route takes (POST /v1/subscription, POST /v1/charge/pay, the test clock)' },
  { event: 'overdue', from: ['ACTIVE', ...FAILED], to: 'OVERDUE', effects: 'its subscription OVERDUE', emits: 'charge.overdue', by: 'the test clock (row 5)' },
  { event: 'refunded', from: ['PAID'], to: 'CANCELED', effects: 'inactive', emits: 'charge.updated', by: 'PUT /v1/transaction/cancel of the transaction that paid it' },
  { event: 'refunded_alert', from: ['PAID'], to: 'CANCELED_ALERT_NETWORK_A', effects: 'inactive', emits: 'charge.updated', by: 'a NETWORK_A alert on the transaction that paid it' },
  { event: 'disputed', from: ['PAID'], to: 'DISPUTE', effects: 'none', emits: 'charge.updated', by: 'the transaction that paid it disputed (POST /sandbox/v1/transactions/dispute)' },
  { event: 'dispute_won', from: ['DISPUTE'], to: 'PAID', effects: 'none', emits: 'charge.updated', by: 'the dispute won' },
  { event: 'chargeback', from: ['DISPUTE'], to: 'CHARGEBACK', effects: 'inactive', emits: 'charge.updated', by: 'the dispute lost (an action, or the test clock past its dueBy)' },
  { event: 'ended_unpaid', from: open, to: 'CANCELED', effects: 'inactive', emits: 'charge.updated', by: 'its subscription ends NO_PAYMENT (rows 6-8)' },
  { event: 'ended_manual', from: open, to: 'CANCELED_MANUAL', effects: 'inactive', emits: 'charge.updated', by: 'its subscription canceled (PUT /v1/subscription/cancel, a refund with cancelSubscription, a deleted product: row 10)' },
  { event: 'ended_alert', from: open, to: 'CANCELED_ALERT_NETWORK_A', effects: 'inactive', emits: 'charge.updated', by: 'its subscription ended by a NETWORK_A alert' },
];

const not = (why: string): StatusNote => ({ meaning: 'not given by the sandbox', how: why, reachable: false });
const notes: Record<ChargeStatus, StatusNote> = {
  ACTIVE: { meaning: 'waiting for its payment', how: 'POST /v1/charge; a subscription\'s charge', reachable: true },
  PAID: { meaning: 'paid', how: 'POST /v1/charge/pay with an approved test card; POST /sandbox/v1/charges/settle', reachable: true },
  ERROR_PAYMENT: { meaning: 'its last card attempt was declined', how: 'POST /v1/subscription with a declined test card; a renewal with one', reachable: true },
  NO_PAYMENT_ROUTE: { meaning: 'no route took its last card attempt', how: 'routes that skip the card, or POST /sandbox/v1/faults on every route, then pay', reachable: true },
  OVERDUE: { meaning: 'past its due date unpaid', how: 'the test clock past dueDate', reachable: true },
  CANCELED: { meaning: 'refunded, or ended with a subscription lost unpaid', how: 'PUT /v1/transaction/cancel of its payment; CARD_ATTEMPTS, OVERDUE_DAYS, limitOverdueCharges', reachable: true },
  CANCELED_MANUAL: { meaning: 'ended with its subscription\'s cancel', how: 'PUT /v1/subscription/cancel', reachable: true },
  CANCELED_ALERT_NETWORK_A: { meaning: 'ended by a fraud notice', how: 'the NETWORK_A test card 4000000000000259, POST /sandbox/v1/alerts type NETWORK_A', reachable: true },
  PENDING_PAYMENT: not('a PIX or boleto waiting is kept as the charge\'s slip; the status stays (POST /v1/charge/pay answers PENDING_PAYMENT)'),
  ANTICIPATED: not('no anticipation of receivables in the sandbox yet'),
  IMPORTED: not('no import of charges in the sandbox yet'),
  ERROR_REFUNDED: not('refunds always succeed yet'),
  RECOVERED: not('a paid OVERDUE charge is PAID yet'),
  BLOCKED: not('no meaning in the sandbox yet'),
  NO_PAYMENT: not('a charge ended unpaid is CANCELED'),
  DISPUTE: { meaning: 'the payment that paid it is disputed', how: 'POST /sandbox/v1/transactions/dispute action open on its transaction', reachable: true },
  CHARGEBACK: { meaning: 'its payment\'s dispute was lost', how: 'POST /sandbox/v1/transactions/dispute action lose, or the test clock past dispute.dueBy', reachable: true },
  STANDBY: not('no meaning in the sandbox yet'),
  DISABLED: not('no meaning in the sandbox yet'),
};

export const CHARGE_MACHINE: Machine<ChargeStatus, ChargeEvent, ChargeDoc> = {
  resource: 'charge', statuses: CHARGE_STATUSES, subsets: { open: OPEN, failed: FAILED }, rows, notes,
  insert: charges.insert, update: charges.update,
};
