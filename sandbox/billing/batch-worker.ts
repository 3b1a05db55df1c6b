// The queue behind POST /v1/subscription/list: one batch at a time, item by
// item, each outcome written as it is known, so progress is visible while it runs.
import type { SandboxContext } from '../context.js';
import { ApiError } from '../http/errors.js';
import { createV2 } from '../routes/subscriptions.js';

export interface BatchWorker { stop(): Promise<void> }

interface Pending { id: string; company_id: string; items: Record<string, unknown>[]; results: unknown[] }

export function startBatchWorker(ctx: SandboxContext, intervalMs = 200): BatchWorker {
  let running: Promise<void> | undefined;
  let stopped = false;
  const work = async () => {
    const [batch] = await ctx.db.query<Pending>("SELECT id, company_id, items, results FROM batches WHERE status IN ('queued', 'running') ORDER BY created_at, id LIMIT 1");
    if (!batch) return;
    await ctx.db.query("UPDATE batches SET status = 'running' WHERE id = $1", [batch.id]);
    for (let index = batch.results.length; index < batch.items.length && !stopped; index++) {
      let result: Record<string, unknown>;
      try {
        const { subscription, charge } = await createV2(ctx, { ...(batch.items[index] as object), companyId: batch.company_id } as never);
        result = { index, status: 'created', subscriptionId: subscription._id, chargeId: charge._id };
      } catch (error) {
        result = { index, status: 'failed', errors: error instanceof ApiError ? error.messages : [{ msg: 'unexpected sandbox error' }] };
      }
      await ctx.db.query('UPDATE batches SET results = results || $2::jsonb WHERE id = $1', [batch.id, JSON.stringify([result])]);
    }
    if (!stopped) await ctx.db.query("UPDATE batches SET status = 'done' WHERE id = $1", [batch.id]);
  };
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = work().catch(() => {}).finally(() => { running = undefined; });
  }, intervalMs);
  timer.unref();
  return { async stop() { stopped = true; clearInterval(timer); await running; } };
}
