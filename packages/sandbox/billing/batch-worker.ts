// The queue behind POST /v1/subscription/list: a batch at a time per process,
// in chunks of items, each chunk's outcomes written as they are known, so
// progress is visible while it runs. Several processes on one PostgreSQL take
// different batches: a batch is claimed (db/claims.ts) and re-read under the
// claim; a process killed mid-batch frees it, and another goes on from its
// first item without a result. A chunk's subscriptions and results are written
// in one database transaction, the results only where the batch has exactly
// the results before them, so an item is created once whoever runs it.
//
// Why chunks, and why their size follows the clock: a transaction per item
// cost 9 statements and a commit each (a 1,000-item batch took 12-64 s), and
// on PGlite, one connection (on a thread of its own for a data folder, on this
// one in memory), a request's query waits for the whole transaction in progress. A chunk is sized to take about UNIT_TARGET_MS (db/unit-size.ts),
// and between chunks the worker yields its turn (db/turns.ts): requests of
// every company are read and answered before the next chunk starts.
import type { SandboxContext } from '../context.js';
import type { Database, Queryable } from '../db/database.js';
import { yieldTurn } from '../db/turns.js';
import { unitSizer } from '../db/unit-size.js';
import { ApiError } from '../base/errors.js';
import { createSubscriptionV2 } from '../domain/create-subscription.js';
import { knowClients } from '../domain/states/client.js';
import { holdingWrites } from '../db/write-buffer.js';
import { bothFound } from '../store/client-and-product.js';
import type { ClientDoc, ProductDoc } from '../store/tables.js';

export interface BatchWorker { stop(): Promise<void> }

interface Pending { id: string; company_id: string; items: Record<string, unknown>[]; results: unknown[] }
/** What a chunk's items name, read for all of them at once. */
interface ChunkReads { clients: Map<string, ClientDoc>; products: Map<string, ProductDoc> }
type Result = Record<string, unknown>;

/** setWise: a chunk's clients and products read at once and its writes held and written set-wise; false: each item reads and writes on its own (as before; bench/ compares). */
export const batchWriting = { setWise: true };

const MAX_CHUNK = 200;
/**
 * Set-wise, a chunk's cost is partly its own (about six statements whatever its size), so a
 * chunk sized by time alone on a loaded machine (one item) cost more per item than one item
 * at a time (bench/tenants.mjs batch-each): at least this many items go together. A floor of 5
 * (session 34) made the batch 1.4-1.7x slower at load 15-17 for no clear gain to the stream.
 */
const MIN_SET_WISE_CHUNK = 25;

/** The results go in as items `index`.. only if the batch has `index` results: a second writer's transaction rolls back. */
const appendResults = async (db: Queryable, batchId: string, index: number, results: object[]) => {
  const written = await db.query('UPDATE batches SET results = results || $2::jsonb WHERE id = $1 AND jsonb_array_length(results) = $3 RETURNING id', [batchId, JSON.stringify(results), index]);
  if (written.length === 0) throw new Error(`batch ${batchId} item ${index} has a result already`);
};

const failed = (index: number, error: unknown): Result =>
  ({ index, status: 'failed', errors: error instanceof ApiError ? error.messages : [{ msg: 'unexpected sandbox error' }] });

/** An item that failed after it began writing: its chunk is rolled back and run again one item per transaction. */
class WroteThenFailed extends Error {}

export function startBatchWorker(ctx: SandboxContext, intervalMs = 200): BatchWorker {
  let running: Promise<void> | undefined;
  let stopped = false;
  const { claims } = ctx.db;

  /** createSubscriptionV2 for one item, inside `tx`: its reads and its own transaction are `tx`'s, its client and product `chunk`'s. */
  const createIn = async (tx: Queryable, chunk: ChunkReads | undefined, batch: Pending, index: number): Promise<Result> => {
    let began = false;
    const db: Database = {
      kind: ctx.db.kind, claims, close: () => ctx.db.close(), query: (sql, params) => tx.query(sql, params), ...(tx.writes ? { writes: tx.writes } : {}),
      transaction: (work) => { began = true; return work(tx); },
    };
    try {
      const made = await createSubscriptionV2({ ...ctx, db }, { ...(batch.items[index] as object), companyId: batch.company_id } as never, true,
        chunk && (async (_db, _companyId, clientId, productId) => bothFound(chunk.clients.get(clientId), chunk.products.get(productId))));
      return { index, status: 'created', subscriptionId: made.subscription._id, chargeId: made.charge._id };
    } catch (error) {
      // Refused before its transaction (no client, a product not on sale): nothing was written.
      if (!began && error instanceof ApiError) return failed(index, error);
      throw new WroteThenFailed(`batch ${batch.id} item ${index}`, { cause: error });
    }
  };

  /** Items from..from+size in one transaction; an item failing mid-write sends the chunk one item at a time. */
  const runChunk = async (batch: Pending, from: number, size: number) => {
    const to = Math.min(batch.items.length, from + size);
    try {
      await ctx.db.transaction(async (tx) => {
        const items = batch.items.slice(from, to) as { clientId?: unknown; productId?: unknown }[];
        const ids = (key: 'clientId' | 'productId') => [...new Set(items.map((item) => item[key]).filter((id): id is string => typeof id === 'string'))];
        // The chunk's clients (row-locked, with their subscriptions' statuses: domain/states/client.ts) and products, read at once;
        // its writes held and written set-wise (db/write-buffer.ts) before its results.
        const held = batchWriting.setWise ? holdingWrites(tx) : { db: tx, flush: async () => {} };
        const chunk: ChunkReads | undefined = batchWriting.setWise ? {
          clients: (await knowClients(held.db, batch.company_id, ids('clientId'))).clients,
          products: new Map((await tx.query<{ data: ProductDoc }>('SELECT data FROM products WHERE company_id = $1 AND id = ANY($2)', [batch.company_id, ids('productId')])).map(({ data }) => [data._id, data])),
        } : undefined;
        const results: Result[] = [];
        for (let index = from; index < to; index++) results.push(await createIn(held.db, chunk, batch, index));
        // A held write that fails is the chunk's: it runs again one item at a time, where the failure is that item's.
        await held.flush().catch((error: unknown) => { throw new WroteThenFailed(`batch ${batch.id} items ${from}-${to - 1}`, { cause: error }); });
        await appendResults(tx, batch.id, from, results);
      });
      return to;
    } catch (error) {
      if (!(error instanceof WroteThenFailed) || to - from === 1) {
        if (error instanceof WroteThenFailed) { // that item alone: recorded failed, as before chunks
          await appendResults(ctx.db, batch.id, from, [failed(from, (error.cause))]);
          return to;
        }
        throw error; // another process wrote these results: stop here
      }
      for (let index = from; index < to; index++) {
        await runChunk(batch, index, 1);
        await yieldTurn(ctx.db);
      }
      return to;
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
        const sizer = unitSizer({ first: 4, min: batchWriting.setWise ? MIN_SET_WISE_CHUNK : 1, max: MAX_CHUNK });
        for (let index = batch.results.length; index < batch.items.length && !stopped;) {
          await yieldTurn(ctx.db);
          const started = performance.now();
          const next = await runChunk(batch, index, sizer.size);
          sizer.took(next - index, performance.now() - started);
          index = next;
        }
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
