// The subscription's statuses (2.4) and its transition table. Every status
// change of a subscription goes through move() (machine.ts) with this table,
// which also brings its client's status along (client.ts). Ended statuses take
// no move; held ones (STANDBY, BLOCKED) wait for a sandbox action
// (docs/billing-statuses.ts).
import { subscriptions, type SubscriptionDoc } from '../../store/tables.js';
import { SUBSCRIPTION_STATUSES } from '../../schemas/subscription.js';
import { followSubscriptions } from './client.js';
import { NEW, type Machine, type Row, type StatusNote } from './machine.js';
import { rowRef } from '../../base/clock-rows.js';

export type SubscriptionStatus = SubscriptionDoc['status'];
export type SubscriptionEvent = 'created' | 'imported' | 'paid' | 'recovered' | 'payment_failed' | 'no_route' | 'overdue' | 'ended_unpaid' | 'ended_manual' | 'ended_alert'
  | 'paused' | 'blocked' | 'resumed' | 'unblocked';

/** Ended: nothing moves it again (the clock leaves it, payments do not revive it). */
export const ENDED = ['NO_PAYMENT', 'CANCELED_MANUAL', 'CANCELED_ALERT_NETWORK_A'] as const satisfies readonly SubscriptionStatus[];
/** Not ended: the test clock bills it, a payment of its charges moves it. */
export const LIVE = ['CREATED', 'IMPORTED', 'PENDING_PAYMENT', 'ACTIVE', 'RECOVERED', 'ERROR_PAYMENT', 'OVERDUE', 'NO_PAYMENT_ROUTE'] as const satisfies readonly SubscriptionStatus[];
/** Held by a sandbox action: not billed by the clock, its charges not payable, until resumed or unblocked; a cancel still ends it. */
export const HELD = ['STANDBY', 'BLOCKED'] as const satisfies readonly SubscriptionStatus[];

const live = [...LIVE];
const endable = [...LIVE, ...HELD];
const HOLD = 'POST /sandbox/v1/subscriptions/hold';
const ENDS = 'inactive, no nextChargeDate (it never renews again); its open charges end with it (the charge table\'s ended_* rows)';
/** An ended subscription renews no more: it shows no next charge date. */
const withoutRenewal = ({ nextChargeDate: _never, ...doc }: SubscriptionDoc): SubscriptionDoc => doc;
const rows: Row<SubscriptionStatus, SubscriptionEvent>[] = [
  { event: 'created', from: NEW, to: 'PENDING_PAYMENT', effects: 'its first charge ACTIVE', emits: 'subscription.created', by: 'POST /v1/subscription (then paid at once by card)' },
  { event: 'created', from: NEW, to: 'CREATED', effects: 'its first charge ACTIVE', emits: 'subscription.created', by: 'POST /v2/subscription' },
  { event: 'imported', from: NEW, to: 'IMPORTED', effects: 'its first charge IMPORTED; origin IMPORTED unless the item says another', emits: 'subscription.created', by: 'POST /v1/subscription/list (each item, by the queue)' },
  { event: 'paid', from: live.filter((s) => s !== 'OVERDUE'), to: 'ACTIVE', effects: 'the paying card kept for renewals; setting.successChargeDay may move nextChargeDate', emits: 'subscription.updated', by: 'a payment of its charge (POST /v1/subscription, POST /v1/charge/pay, settle, the test clock)' },
  { event: 'recovered', from: ['OVERDUE'], to: 'RECOVERED', effects: 'as paid; the next paid renewal makes it ACTIVE', emits: 'subscription.updated', by: 'a payment of a charge of an OVERDUE subscription (POST /v1/charge/pay, POST /sandbox/v1/charges/settle)' },
  { event: 'payment_failed', from: live, to: 'ERROR_PAYMENT', effects: 'none', emits: 'subscription.updated', by: `POST /v1/subscription with a declined card, the test clock (${rowRef('cardDeclined', 'pixDebitRefused')})` },
  { event: 'no_route', from: live, to: 'NO_PAYMENT_ROUTE', effects: 'none', emits: 'subscription.updated', by: 'a card payment of its charge no route takes' },
  { event: 'overdue', from: live, to: 'OVERDUE', effects: 'none', emits: 'subscription.updated', by: `the test clock (${rowRef('overdue')})` },
  { event: 'paused', from: live, to: 'STANDBY', effects: 'its open charges STANDBY; the clock leaves it', emits: 'subscription.updated', by: `${HOLD} action pause` },
  { event: 'blocked', from: [...live, 'STANDBY'], to: 'BLOCKED', effects: 'its open and STANDBY charges BLOCKED; the clock leaves it', emits: 'subscription.updated', by: `${HOLD} action block` },
  { event: 'resumed', from: ['STANDBY'], to: 'ACTIVE', effects: 'its STANDBY charges ACTIVE; nextChargeDate moved past today by whole periods (periods held are not billed)', emits: 'subscription.updated', by: `${HOLD} action resume` },
  { event: 'unblocked', from: ['BLOCKED'], to: 'ACTIVE', effects: 'its BLOCKED charges ACTIVE; nextChargeDate as for resume', emits: 'subscription.updated', by: `${HOLD} action unblock` },
  { event: 'ended_unpaid', from: live, to: 'NO_PAYMENT', effects: ENDS, emits: 'subscription.canceled', by: `CARD_ATTEMPTS, OVERDUE_DAYS, limitOverdueCharges (${rowRef('cardAttemptsSpent', 'overdueDaysSpent', 'overdueChargesLimit')})` },
  { event: 'ended_manual', from: endable, to: 'CANCELED_MANUAL', effects: ENDS, emits: 'subscription.canceled', by: `PUT /v1/subscription/cancel, PUT /v1/transaction/cancel with cancelSubscription, its product deleted (${rowRef('productDeleted')})` },
  { event: 'ended_alert', from: endable, to: 'CANCELED_ALERT_NETWORK_A', effects: ENDS, emits: 'subscription.canceled', by: 'a NETWORK_A alert on one of its transactions' },
];

const notes: Record<SubscriptionStatus, StatusNote> = {
  CREATED: { meaning: 'made without a payment attempt', how: 'POST /v2/subscription', reachable: true },
  PENDING_PAYMENT: { meaning: 'waiting for a PIX or boleto', how: 'POST /v1/subscription with paymentMethod PIX or BOLETO', reachable: true },
  ACTIVE: { meaning: 'its latest charge is paid', how: 'POST /v1/subscription with an approved test card', reachable: true },
  ERROR_PAYMENT: { meaning: 'its latest card attempt was declined', how: 'POST /v1/subscription with a declined test card', reachable: true },
  NO_PAYMENT_ROUTE: { meaning: 'no route took its latest card attempt', how: 'routes that skip the card, or provider faults, then pay', reachable: true },
  OVERDUE: { meaning: 'a charge is past its due date unpaid', how: 'the test clock past the due date of an unpaid charge', reachable: true },
  NO_PAYMENT: { meaning: 'ended unpaid', how: 'a product with unsubscription CARD_ATTEMPTS and a declined card', reachable: true },
  CANCELED_MANUAL: { meaning: 'canceled by the merchant', how: 'PUT /v1/subscription/cancel', reachable: true },
  CANCELED_ALERT_NETWORK_A: { meaning: 'ended by a fraud notice', how: 'the NETWORK_A test card 4000000000000259', reachable: true },
  RECOVERED: { meaning: 'paid again after it was OVERDUE (until its next paid renewal: ACTIVE)', how: 'the test clock past an unpaid charge\'s due date, then pay that charge (POST /v1/charge/pay)', reachable: true },
  IMPORTED: { meaning: 'brought over from the merchant\'s former system, its first charge not yet paid here', how: 'POST /v1/subscription/list', reachable: true },
  STANDBY: { meaning: 'paused by the merchant: no renewal, no attempt, no overdue', how: `${HOLD} action pause (resume: action resume)`, reachable: true },
  BLOCKED: { meaning: 'blocked by the service (its client under a risk block): nothing billed or payable', how: `${HOLD} action block (action unblock)`, reachable: true },
};

export const SUBSCRIPTION_MACHINE: Machine<SubscriptionStatus, SubscriptionEvent, SubscriptionDoc> = {
  resource: 'subscription', statuses: SUBSCRIPTION_STATUSES, subsets: { live: LIVE, held: HELD, ended: ENDED }, rows, notes,
  insert: subscriptions.insert, update: async (db, doc) => subscriptions.update(db, (ENDED as readonly string[]).includes(doc.status) ? withoutRenewal({ ...doc, active: false }) : doc),
  after: (db, before, written, at) => followSubscriptions(db, written.companyId, written.clientId, at, { from: before?.status, to: written.status }),
};

/** The row a payment of its charge moves a live subscription by: recovered from OVERDUE, else paid. */
export const paidEvent = (status: SubscriptionStatus): 'paid' | 'recovered' => (status === 'OVERDUE' ? 'recovered' : 'paid');

export const isEnded = (status: SubscriptionStatus) => (ENDED as readonly string[]).includes(status);
