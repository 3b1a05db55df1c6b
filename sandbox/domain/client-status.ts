// A client's status (2.5) follows its subscriptions: the most urgent status
// among them, in the order CLIENT_URGENCY states (the description says it
// once: http/docs/money-moves.ts). A client with no subscription is ACTIVE.
import type { Queryable } from '../db/database.js';
import { clients, type ClientDoc, type SubscriptionDoc } from '../store/tables.js';

type ClientStatus = ClientDoc['status'];

/** What each subscription status says of its client; statuses not named say ACTIVE. */
export const CLIENT_STATUS_OF: Partial<Record<SubscriptionDoc['status'], ClientStatus>> = {
  CANCELED_ALERT_NETWORK_A: 'CANCELED_ALERT_NETWORK_A',
  NO_PAYMENT: 'NO_PAYMENT',
  ERROR_PAYMENT: 'ERROR_PAYMENT', OVERDUE: 'ERROR_PAYMENT', NO_PAYMENT_ROUTE: 'ERROR_PAYMENT',
  CREATED: 'PENDING_PAYMENT', PENDING_PAYMENT: 'PENDING_PAYMENT',
};

/** Most urgent first: a fraud notice, a subscription lost for non-payment, a failing payment, one awaited, all well. */
export const CLIENT_URGENCY: readonly ClientStatus[] = ['CANCELED_ALERT_NETWORK_A', 'NO_PAYMENT', 'ERROR_PAYMENT', 'PENDING_PAYMENT', 'ACTIVE'];

/** The client's status for its subscriptions' statuses. */
export function clientStatusFor(statuses: readonly SubscriptionDoc['status'][]): ClientStatus {
  const said = new Set(statuses.map((status) => CLIENT_STATUS_OF[status] ?? 'ACTIVE'));
  return CLIENT_URGENCY.find((status) => said.has(status)) ?? 'ACTIVE';
}

/** Recomputes and stores the client's status from its subscriptions (called after each subscription move). */
export async function followSubscriptions(db: Queryable, companyId: string, clientId: string | undefined, at: string): Promise<void> {
  if (!clientId) return;
  const client = await clients.get(db, companyId, clientId, true);
  if (!client) return;
  const rows = await db.query<{ status: SubscriptionDoc['status'] }>('SELECT status FROM subscriptions WHERE company_id = $1 AND client_id = $2', [companyId, clientId]);
  const status = clientStatusFor(rows.map((row) => row.status));
  if (status !== client.status) await clients.update(db, { ...client, status, updatedAt: at });
}
