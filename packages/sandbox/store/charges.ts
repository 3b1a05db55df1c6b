// Charge reads the state machines need: a subscription's open charges, under their row locks.
import type { Queryable } from '../db/database.js';
import type { ChargeDoc, SubscriptionDoc } from './tables.js';

/** The subscription's charges in `statuses` (the charge machine's `open` subset, most often), oldest due first, row-locked. */
export async function openChargesOf(db: Queryable, subscription: SubscriptionDoc, statuses: readonly ChargeDoc['status'][]): Promise<ChargeDoc[]> {
  const rows = await db.query<{ data: ChargeDoc }>('SELECT data FROM charges WHERE company_id = $1 AND subscription_id = $2 AND status = ANY($3) ORDER BY due_date, id FOR UPDATE',
    [subscription.companyId, subscription._id, [...statuses]]);
  return rows.map((row) => row.data);
}
