// The batches table as POST /v1/subscription/list and its progress route use it
// (routes/subscription-batches.ts); the worker (billing/batch-worker.ts) runs them.
import type { Queryable } from '../db/database.js';

export interface BatchRow { id: string; company_id: string; status: string; items: unknown[]; results: { status: string }[] }

/** Queues a batch of subscription items, as given, for the worker. */
export async function queueBatch(db: Queryable, batch: { id: string; companyId: string; items: unknown[]; filter?: unknown }): Promise<void> {
  await db.query("INSERT INTO batches (id, company_id, status, items, filter) VALUES ($1, $2, 'queued', $3, $4)",
    [batch.id, batch.companyId, JSON.stringify(batch.items), batch.filter ? JSON.stringify(batch.filter) : null]);
}

/** A batch of one of `companies`, or undefined. */
export async function batchOf(db: Queryable, batchId: string, companies: readonly string[]): Promise<BatchRow | undefined> {
  const [row] = await db.query<BatchRow>('SELECT * FROM batches WHERE id = $1 AND company_id = ANY($2)', [batchId, companies]);
  return row;
}
