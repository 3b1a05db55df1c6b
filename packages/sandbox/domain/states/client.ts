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
export async function followSubscriptions(db: Queryable, companyId: string, clientId: string | undefined, at: Date,
  change?: { from?: SubscriptionDoc['status'] | undefined; to: SubscriptionDoc['status'] }): Promise<void> {
  if (!clientId) return;
  const known = knownClients.get(db);
  if (known && change) return followKnown(db, known, clientId, at, change);
  const client = await clients.get(db, companyId, clientId, true);
  if (!client) return;
  // Which statuses its subscriptions have (clientStatusFor reads only that): one index probe per status, not a read of every subscription.
  const found = await db.query<{ status: SubscriptionDoc['status'] }>(
    'SELECT s.status FROM unnest($3::text[]) AS s(status) WHERE EXISTS (SELECT 1 FROM subscriptions WHERE company_id = $1 AND client_id = $2 AND status = s.status)',
    [companyId, clientId, [...SUBSCRIPTION_STATUSES]]);
  const status = clientStatusFor(found.map((row) => row.status));
  if (status !== client.status) await move(CLIENT_MACHINE, db, client, 'subscriptions_changed', at, { to: status });
}

/**
 * What followSubscriptions reads, read beforehand for a set of clients (a
 * batch's chunk, billing/batch-worker.ts): each client (row-locked) and how
 * many of its subscriptions have each status, kept current by each change.
 */
export interface KnownClients { clients: Map<string, ClientDoc>; counts: Map<string, Map<SubscriptionDoc['status'], number>> }
const knownClients = new WeakMap<Queryable, KnownClients>();

/**
 * Reads the clients' facts in one statement (each client row-locked, with its subscriptions counted by status); followSubscriptions
 * through `db` answers from them (`clients`: each as last written). A client not found is not followed, so its counts are not read.
 */
export async function knowClients(db: Queryable, companyId: string, clientIds: string[]): Promise<KnownClients> {
  const known: KnownClients = { clients: new Map(), counts: new Map() };
  const rows = await db.query<{ data: ClientDoc; counts: Record<string, string | number> | null }>(`SELECT c.data,
      (SELECT jsonb_object_agg(x.status, x.n) FROM (SELECT s.status, count(*) AS n FROM subscriptions s
        WHERE s.company_id = c.company_id AND s.client_id = c.id AND s.status IS NOT NULL GROUP BY s.status) x) AS counts
    FROM clients c WHERE c.company_id = $1 AND c.id = ANY($2) ORDER BY c.id FOR UPDATE`, [companyId, clientIds]);
  for (const { data, counts } of rows) {
    known.clients.set(data._id, data);
    known.counts.set(data._id, new Map(Object.entries(counts ?? {}).map(([status, n]) => [status as SubscriptionDoc['status'], Number(n)])));
  }
  knownClients.set(db, known);
  return known;
}

async function followKnown(db: Queryable, known: KnownClients, clientId: string, at: Date, change: { from?: SubscriptionDoc['status'] | undefined; to: SubscriptionDoc['status'] }) {
  const counts = known.counts.get(clientId) ?? new Map<SubscriptionDoc['status'], number>();
  known.counts.set(clientId, counts);
  if (change.from) counts.set(change.from, (counts.get(change.from) ?? 0) - 1);
  counts.set(change.to, (counts.get(change.to) ?? 0) + 1);
  const client = known.clients.get(clientId);
  if (!client) return;
  const status = clientStatusFor([...counts].filter(([, n]) => n > 0).map(([s]) => s));
  if (status !== client.status) known.clients.set(clientId, await move(CLIENT_MACHINE, db, client, 'subscriptions_changed', at, { to: status }));
}
