// The alert's statuses (2.6) and its transition table. Two ways to raise one:
// the test cards and POST /sandbox/v1/alerts play the service's own answer at
// once (NETWORK_A refunded, NETWORK_B CREATED); POST /sandbox/v1/alerts/raise
// plays the network's lifecycle (domain/alert-networks.ts, docs/alert-networks.ts).
import { alerts, type AlertDoc } from '../../store/tables.js';
import { ALERT_STATUSES } from '../../schemas/alert.js';
import { NEW, type Machine, type Row, type StatusNote } from './machine.js';
import { rowRef } from '../../base/clock-rows.js';

export type AlertStatus = AlertDoc['status'];
export type AlertEvent = 'raised' | 'resolved' | 'network_raised' | 'rdr_refunded' | 'rdr_refund_failed' | 'acknowledged' | 'merchant_refunded' | 'window_lapsed' | 'network_withdrew';

/** Days a NETWORK_A alert raised by POST /sandbox/v1/alerts/raise waits for the merchant: CREATED after the last, it becomes a dispute. */
export const ALERT_WINDOW_DAYS = 3;

const RAISE = 'POST /sandbox/v1/alerts/raise';
const rows: Row<AlertStatus, AlertEvent>[] = [
  { event: 'raised', from: NEW, to: 'REFUNDED', effects: 'the transaction refunded (CANCELED); its charge and subscription CANCELED_ALERT_NETWORK_A', emits: 'alert.created', by: 'NETWORK_A on a PAID or AUTHORIZED transaction: the test card 4000000000000259, POST /sandbox/v1/alerts' },
  { event: 'raised', from: NEW, to: 'CREATED', effects: 'NETWORK_A with nothing left to refund: its subscription still ends; NETWORK_B: nothing', emits: 'alert.created', by: 'NETWORK_B (the test card 4000000000001976, POST /sandbox/v1/alerts), NETWORK_A on a transaction with nothing to refund' },
  { event: 'resolved', from: ALERT_STATUSES.filter((s) => s !== 'RESOLVED'), to: 'RESOLVED', effects: 'none', emits: 'alert.updated', by: 'POST /v1/alert/update/resolved (a RESOLVED alert again: nothing changes, no event)' },
  { event: 'network_raised', from: NEW, to: 'CREATED', effects: `respondBy: ${ALERT_WINDOW_DAYS} days on the test clock to acknowledge or refund`, emits: 'alert.created', by: `${RAISE} type NETWORK_A on a PAID transaction` },
  { event: 'network_raised', from: NEW, to: 'NOT_FOUND', effects: 'none (no transactionId on the alert)', emits: 'alert.created', by: `${RAISE} with no transactionId, or one the company has no transaction for` },
  { event: 'rdr_refunded', from: NEW, to: 'REFUNDED', effects: 'the transaction refunded (CANCELED), payables reversed, the charge it paid CANCELED', emits: 'alert.created', by: `${RAISE} type NETWORK_B on a PAID transaction` },
  { event: 'rdr_refund_failed', from: NEW, to: 'ERROR_REFUNDED', effects: 'the transaction ERROR_REFUNDED (refund_failed), payables kept; the charge it paid ERROR_REFUNDED (refund_failed)', emits: 'alert.created', by: `${RAISE} type NETWORK_B on a PAID transaction whose provider has a refund_refused fault` },
  { event: 'acknowledged', from: ['CREATED'], to: 'ACKNOWLEDGEMENT', effects: 'the window ends: no dispute by the clock', emits: 'alert.updated', by: 'POST /sandbox/v1/alerts/respond action acknowledge' },
  { event: 'merchant_refunded', from: ['CREATED', 'ACKNOWLEDGEMENT'], to: 'REFUNDED', effects: 'the transaction refunded (CANCELED); its charge and subscription CANCELED_ALERT_NETWORK_A', emits: 'alert.updated', by: 'POST /sandbox/v1/alerts/respond action refund' },
  { event: 'network_withdrew', from: ['CREATED', 'ACKNOWLEDGEMENT'], to: 'CANCELED', effects: 'none: its transaction is left as it is; no dispute by the clock', emits: 'alert.updated', by: 'POST /sandbox/v1/alerts/withdraw (the issuer withdraws its notice: the cardholder recognised the purchase)' },
  { event: 'window_lapsed', from: ['CREATED'], to: 'DISPUTE', effects: 'the transaction, when PAID, dispute_opened (DISPUTE; its charge DISPUTE)', emits: 'alert.updated', by: `the test clock the day after respondBy (${rowRef('alertLapsed')})` },
];

const not = (why: string): StatusNote => ({ meaning: 'not given by the sandbox', how: why, reachable: false });
const notes: Record<AlertStatus, StatusNote> = {
  CREATED: { meaning: 'a notice the merchant has to act on', how: `${RAISE} type NETWORK_A (respondBy); POST /sandbox/v1/alerts type NETWORK_B; the test card 4000000000001976`, reachable: true },
  ACKNOWLEDGEMENT: { meaning: 'the merchant told the network it handles the notice', how: 'POST /sandbox/v1/alerts/respond action acknowledge on a CREATED NETWORK_A alert', reachable: true },
  NOT_FOUND: { meaning: 'the network\'s notice names no transaction of the company', how: `${RAISE} without transactionId, or with one the company does not have`, reachable: true },
  REFUNDED: { meaning: 'the transaction was refunded for it', how: `${RAISE} type NETWORK_B; POST /sandbox/v1/alerts/respond action refund; POST /sandbox/v1/alerts type NETWORK_A on a paid transaction; the test card 4000000000000259`, reachable: true },
  RESOLVED: { meaning: 'the merchant marked it handled', how: 'POST /v1/alert/update/resolved', reachable: true },
  ERROR_REFUNDED: { meaning: 'the provider refused the alert\'s refund', how: `${RAISE} type NETWORK_B with a refund_refused fault on the transaction's provider (POST /sandbox/v1/faults)`, reachable: true },
  DISPUTE: { meaning: 'unanswered in its window: the cardholder disputes', how: `${RAISE} type NETWORK_A, then the test clock past respondBy (${rowRef('alertLapsed')})`, reachable: true },
  ERROR: not('every notice is acted on or said why: a notice the network sends about a transaction that is not PAID is refused 409, one naming no transaction is NOT_FOUND, a refund that fails is ERROR_REFUNDED; no other failure is left for ERROR'),
  CANCELED: { meaning: 'the network withdrew its notice (the cardholder recognised the purchase): nothing to do', how: `${RAISE} type NETWORK_A, then POST /sandbox/v1/alerts/withdraw while it is CREATED or ACKNOWLEDGEMENT`, reachable: true },
  CHARGEBACK: not('the alert stays DISPUTE; the dispute goes on on the transaction (DISPUTE, then PAID or CHARGEBACK)'),
};

export const ALERT_MACHINE: Machine<AlertStatus, AlertEvent, AlertDoc> = {
  resource: 'alert', statuses: ALERT_STATUSES, subsets: {}, rows, notes,
  insert: alerts.insert, update: alerts.update,
};
