// Reads behind GET /v1/subscription/full: a subscription within some companies,
// and the charges and transactions linked to it, oldest first.
import type { Queryable } from '../db/database.js';
import type { ChargeDoc, SubscriptionDoc, TransactionDoc } from './tables.js';

export async function findSubscriptionIn(db: Queryable, subscriptionId: string, companies: string[]): Promise<SubscriptionDoc | undefined> {
  const [row] = await db.query<{ data: SubscriptionDoc }>('SELECT data FROM subscriptions WHERE id = $1 AND company_id = ANY($2)', [subscriptionId, companies]);
  return row?.data;
}

export async function recordsOfSubscription(db: Queryable, subscriptionId: string): Promise<{ charges: ChargeDoc[]; transactions: TransactionDoc[] }> {
  const [charges, transactions] = await Promise.all([
    db.query<{ data: ChargeDoc }>('SELECT data FROM charges WHERE subscription_id = $1 ORDER BY created_at, id', [subscriptionId]),
    db.query<{ data: TransactionDoc }>('SELECT data FROM transactions WHERE subscription_id = $1 ORDER BY created_at, id', [subscriptionId]),
  ]);
  return { charges: charges.map((r) => r.data), transactions: transactions.map((r) => r.data) };
}
