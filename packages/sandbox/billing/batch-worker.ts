// The queue behind POST /v1/subscription/list: a batch at a time per process,
// item by item, each outcome written as it is known, so progress is visible
// while it runs. Several processes on one PostgreSQL take different batches:
// a batch is claimed (db/claims.ts) and re-read under the claim; a process
// killed mid-batch frees it, and another goes on from its first item without
// a result. Each item's subscription and its result are written in one
// database transaction, the result only where the batch has exactly the
// results before it, so an item is created once whoever runs it.
import type { SandboxContext } from '../context.js';
import type { Database } from '../db/database.js';
import { ApiError } from '../shared/errors.js';
import { createSubscriptionV2 } from '../domain/create-subscription.js';

export interface BatchWorker { stop(): Promise<void> }

interface Pending { id: string; company_id: string; items: Record<string, unknown>[]; results: unknown[] }

/** The result goes in as item `index` only if the batch has `index` results: a second writer's transaction rolls back. */
const appendResult = async (db: Pick<Database, 'query'>, batchId: string, index: number, result: object) => {
  const written = await db.query('UPDATE batches SET results = results || $2::jsonb WHERE id = $1 AND jsonb_array_length(results) = $3 RETURNING id', [batchId, JSON.stringify([result]), index]);
  if (written.length === 0) throw new Error(`batch ${batchId} item ${index} has a result already`);
};

export function startBatchWorker(ctx: SandboxContext, intervalMs = 200): BatchWorker {
  let running: Promise<void> | undefined;
  let stopped = false;
  const { claims } = ctx.db;

  const runItem = async (batch: Pending, index: number) => {
    let result: Record<string, unknown> | undefined;
    // createSubscriptionV2's own transaction carries the result too: both or neither.
    const db: Database = {
      kind: ctx.db.kind, claims, close: () => ctx.db.close(), query: (sql, params) => ctx.db.query(sql, params),
      transaction: (work) => ctx.db.transaction(async (tx) => {
        const made = await work(tx) as { subscription: { _id: string }; charge: { _id: string } };
        result = { index, status: 'created', subscriptionId: made.subscription._id, chargeId: made.charge._id };
        await appendResult(tx, batch.id, index, result);
        return made as never;
      }),
    };
    try {
      await createSubscriptionV2({ ...ctx, db }, { ...(batch.items[index] as object), companyId: batch.company_id } as never, true);
    } catch (error) {
      if (result) throw error; // the result was there already: another process wrote it
      await appendResult(ctx.db, batch.id, index, { index, status: 'failed', errors: error instanceof ApiError ? error.messages : [{ msg: 'unexpected sandbox error' }] });
    }
  };

  const work = async () => {
    const candidates = await ctx.db.query<{ id: string }>("SELECT id FROM batches WHERE status IN ('queued', 'running') ORDER BY created_at, id LIMIT 20");
    for (const { id } of candidates) {
      if (stopped || !(await claims.tryClaim('batch', id))) continue;
      try {
        const [batch] = await ctx.db.query<Pending>("SELECT id, company_id, items, results FROM batches WHERE id = $1 AND status IN ('queued', 'running')", [id]);
        if (!batch) continue;
        await ctx.db.query("UPDATE batches SET status = 'running' WHERE id = $1 AND status = 'queued'", [batch.id]);
        for (let index = batch.results.length; index < batch.items.length && !stopped; index++) await runItem(batch, index);
        if (!stopped) await ctx.db.query("UPDATE batches SET status = 'done' WHERE id = $1", [batch.id]);
        return;
      } finally {
        await claims.release('batch', id).catch(() => {});
      }
    }
  };
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = work().catch(() => {}).finally(() => { running = undefined; });
  }, intervalMs);
  timer.unref();
  return { async stop() { stopped = true; clearInterval(timer); await running; } };
}
