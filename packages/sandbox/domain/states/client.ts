// The client's statuses (2.5) and their table: a client's status follows its
// subscriptions (the most urgent status they say, CLIENT_URGENCY's order),
// recomputed after every status change of one of them.
import type { Queryable } from '../../db/database.js';
import { clients, type ClientDoc, type SubscriptionDoc } from '../../store/tables.js';
import { CLIENT_STATUSES } from '../../schemas/client.js';
import { SUBSCRIPTION_STATUSES } from '../../schemas/subscription.js';
import { move, type Machine, type Row, type StatusNote } from './machine.js';

export type ClientStatus = ClientDoc['status'];
export type ClientEvent = 'subscriptions_changed';

/** What each subscription status says of its client; statuses not named say ACTIVE. */
export const CLIENT_STATUS_OF: Partial<Record<SubscriptionDoc['status'], ClientStatus>> = {
  CANCELED_ALERT_NETWORK_A: 'CANCELED_ALERT_NETWORK_A',
  NO_PAYMENT: 'NO_PAYMENT',
  ERROR_PAYMENT: 'ERROR_PAYMENT', OVERDUE: 'ERROR_PAYMENT', NO_PAYMENT_ROUTE: 'ERROR_PAYMENT', BLOCKED: 'ERROR_PAYMENT',
  CREATED: 'PENDING_PAYMENT', IMPORTED: 'PENDING_PAYMENT', PENDING_PAYMENT: 'PENDING_PAYMENT',
};

/** Most urgent first: a fraud notice, a subscription lost for non-payment, a failing payment, one awaited, all well. */
export const CLIENT_URGENCY: readonly ClientStatus[] = ['CANCELED_ALERT_NETWORK_A', 'NO_PAYMENT', 'ERROR_PAYMENT', 'PENDING_PAYMENT', 'ACTIVE'];

/** The client's status for its subscriptions' statuses. */
export function clientStatusFor(statuses: readonly SubscriptionDoc['status'][]): ClientStatus {
  const said = new Set(statuses.map((status) => CLIENT_STATUS_OF[status] ?? 'ACTIVE'));
  return CLIENT_URGENCY.find((status) => said.has(status)) ?? 'ACTIVE';
}

const all = [...CLIENT_STATUSES];
const SAYS: Record<ClientStatus, string> = {
  CANCELED_ALERT_NETWORK_A: 'one of its subscriptions ended by a fraud notice',
  NO_PAYMENT: 'one ended unpaid (and none by a fraud notice)',
  ERROR_PAYMENT: 'one ERROR_PAYMENT, OVERDUE, NO_PAYMENT_ROUTE or BLOCKED (and none of the above)',
  PENDING_PAYMENT: 'one CREATED, IMPORTED or PENDING_PAYMENT (and none of the above)',
  ACTIVE: 'none of the above (ACTIVE, RECOVERED, STANDBY, CANCELED_MANUAL, or no subscription)',
};
const rows: Row<ClientStatus, ClientEvent>[] = CLIENT_URGENCY.map((to) => ({
  event: 'subscriptions_changed', from: all.filter((s) => s !== to), to, effects: 'none', emits: 'client.updated',
  by: `a subscription of the client moves and ${SAYS[to]}`,
}));

const notes: Record<ClientStatus, StatusNote> = {
  ACTIVE: { meaning: 'no subscription asks for attention (or none at all)', how: 'POST /v1/client; a subscription paid (or RECOVERED, or paused)', reachable: true },
  PENDING_PAYMENT: { meaning: 'a subscription waits for its first payment', how: 'POST /v2/subscription or POST /v1/subscription/list for the client', reachable: true },
  ERROR_PAYMENT: { meaning: 'a subscription\'s payment is failing (or blocked)', how: 'POST /v1/subscription with a declined test card; the test clock past an unpaid due date; POST /sandbox/v1/subscriptions/hold action block', reachable: true },
  NO_PAYMENT: { meaning: 'a subscription was lost unpaid', how: 'a CARD_ATTEMPTS product and a declined card', reachable: true },
  CANCELED_ALERT_NETWORK_A: { meaning: 'a subscription ended by a fraud notice', how: 'the NETWORK_A test card on a subscription of the client', reachable: true },
};

export const CLIENT_MACHINE: Machine<ClientStatus, ClientEvent, ClientDoc> = {
  resource: 'client', statuses: CLIENT_STATUSES, subsets: { urgency: CLIENT_URGENCY }, rows, notes,
  insert: clients.insert, update: clients.update,
};

/** Recomputes the client's status from its subscriptions and moves it there (called after each subscription move). */
export async function followSubscriptions(db: Queryable, companyId: string, clientId: string | undefined, at: Date): Promise<void> {
  if (!clientId) return;
  const client = await clients.get(db, companyId, clientId, true);
  if (!client) return;
  // Which statuses its subscriptions have (clientStatusFor reads only that): one index probe per status, not a read of every subscription.
  const found = await db.query<{ status: SubscriptionDoc['status'] }>(
    'SELECT s.status FROM unnest($3::text[]) AS s(status) WHERE EXISTS (SELECT 1 FROM subscriptions WHERE company_id = $1 AND client_id = $2 AND status = s.status)',
    [companyId, clientId, [...SUBSCRIPTION_STATUSES]]);
  const status = clientStatusFor(found.map((row) => row.status));
  if (status !== client.status) await move(CLIENT_MACHINE, db, client, 'subscriptions_changed', at, { to: status });
}
