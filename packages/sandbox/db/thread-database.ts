// PGlite on a worker thread (db/pglite-thread.mjs) as a Database: the sandbox's data folder
// (pglite.ts) and the forecast's scratch (scratch.ts). In process, PGlite runs every statement on
// the thread that reads and answers HTTP requests: a statement of 1 s, or a batch chunk's 100 ms,
// kept every company's request, even one that needs no database, unread until it ended (issue
// 38). Here each statement is a message, and this thread is free while the other runs it.
// PGlite has one connection: a transaction is BEGIN ... COMMIT over it, and while one is open
// the statements from outside it wait (as PGlite's own transaction() made them wait), so two
// transactions never interleave. A thread that ended (crashed, out of memory) fails every next
// statement at once with DatabaseThreadEnded: none waits for an answer that will never come.
import { Worker } from 'node:worker_threads';
import { localClaims } from './claims.js';
import type { Database, Queryable } from './database.js';

/** The database's thread ended before it was closed: its statements can no longer run. */
export class DatabaseThreadEnded extends Error {
  constructor(cause: unknown) {
    super(`the database's thread ended (${(cause as Error)?.message ?? cause}): restart the sandbox`, { cause });
    this.name = 'DatabaseThreadEnded';
  }
}

/** PGlite could not open on its thread (its message and fields kept). */
export class DatabaseThreadFailed extends Error {
  constructor(readonly fields: Record<string, unknown>) {
    super(String(fields.message));
    this.name = String(fields.name ?? 'Error');
  }
}

const threads = new WeakMap<Database, Worker>();
/** The thread a database runs on (tests end it to see what a crash does). */
export const databaseThreadOf = (db: Database): Worker | undefined => threads.get(db);

type Answer = { ready?: true; failed?: Record<string, unknown>; id?: number; rows?: unknown[]; error?: Record<string, unknown> };

/** A PostgreSQL error from the thread, with its fields (code, constraint, detail...) as PGlite gave them. */
const errorOf = ({ message, name, ...fields }: Record<string, unknown>): Error =>
  Object.assign(new Error(String(message)), { name: String(name ?? 'Error') }, fields);

/** Opens PGlite on a thread: a data folder, an in-memory database from an image, or an empty one. */
export async function openThreadDatabase(source: { dataDir?: string; image?: ArrayBuffer }): Promise<Database> {
  const { image } = source;
  const worker = new Worker(new URL('./pglite-thread.mjs', import.meta.url), { workerData: source, ...(image ? { transferList: [image] } : {}) });
  const waiting = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();
  let next = 0;
  let ended: Error | undefined;
  let closing = false;
  const end = (error: Error) => { ended ??= error; for (const { reject } of waiting.values()) reject(ended); waiting.clear(); };
  await new Promise<void>((resolve, reject) => {
    worker.on('message', (message: Answer) => {
      if (message.ready) return resolve();
      if (message.failed) return reject(new DatabaseThreadFailed(message.failed));
      const call = waiting.get(message.id!);
      waiting.delete(message.id!);
      if (waiting.size === 0) worker.unref();
      if (message.error) call?.reject(errorOf(message.error));
      else call?.resolve(message.rows!);
    });
    worker.once('error', (error) => { end(new DatabaseThreadEnded(error)); reject(ended); });
    worker.once('exit', (code) => { end(closing ? new Error('the database is closed') : new DatabaseThreadEnded(`exit code ${code}`)); reject(ended); });
  });
  // The thread keeps the process alive only while a statement is on it (a one-shot command awaits
  // its answer); idle, it does not: the server's socket does, as with PGlite in process.
  worker.unref();

  const send = <Row>(message: { sql?: string; params?: unknown[]; close?: true }) => new Promise<Row[]>((resolve, reject) => {
    if (ended) return reject(ended);
    const id = ++next;
    if (waiting.size === 0) worker.ref();
    waiting.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
    try {
      worker.postMessage({ id, ...message });
    } catch (error) {
      // A parameter structured clone cannot copy (a function, say): this statement fails, nothing waits.
      waiting.delete(id);
      if (waiting.size === 0) worker.unref();
      reject(error as Error);
    }
  });
  const run = <Row>(sql: string, params: unknown[] = []) => send<Row>({ sql, params });

  // The open transaction, if any: statements from outside it wait for its end.
  let held: Promise<void> | undefined;
  const free = async () => { while (held) await held; };

  const db: Database = {
    kind: 'pglite',
    async query<Row>(sql: string, params?: unknown[]) {
      await free();
      return run<Row>(sql, params);
    },
    async transaction(work) {
      await free();
      let release!: () => void;
      held = new Promise((resolve) => { release = resolve; });
      let open = true;
      const tx: Queryable = {
        query: <Row>(sql: string, params?: unknown[]) => open ? run<Row>(sql, params) : Promise.reject(new Error('the transaction has ended: its statements cannot run')),
      };
      try {
        await run('BEGIN');
        const value = await work(tx);
        await run('COMMIT');
        return value;
      } catch (error) {
        await run('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        open = false;
        held = undefined;
        release();
      }
    },
    claims: localClaims(),
    async close() {
      if (!ended) {
        await free();
        closing = true;
        // PGlite writes a folder's pages back when it closes: that ends first, then the thread.
        await send({ close: true }).catch(() => {});
      }
      closing = true;
      await worker.terminate();
    },
  };
  threads.set(db, worker);
  return db;
}
