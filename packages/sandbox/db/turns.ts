// Background work (a batch's next items, an export's next page, the clock's next chunk) takes
// the database only when no request is waiting for it. PGlite has one connection (a data
// folder's on a thread of its own, thread-database.ts; memory's on this one): a query queued
// behind a background transaction waits for all of it, and a job that chains its awaits
// without a macrotask never lets the poll phase read a request at all. So
// between units, background work calls yieldTurn(db): one setImmediate (the poll phase reads
// and starts what has arrived), then, on PGlite, it waits while requests' queries are in flight
// for as long as the job's last unit took (from its turn to its next call), within MIN_WAIT_MS
// and MAX_WAIT_MS: under a steady stream of requests a job gets about half the database, never
// none (a fixed 100 ms let a 1,000-item batch crawl past 7 minutes), and a request of several
// statements is not cut by the job's next unit after 20 ms as it was while one unit held the
// database far longer (session 34). On PostgreSQL each transaction has its own pooled
// connection: the setImmediate is all it needs.
import type { Database } from './database.js';

/** The least and the most a background unit waits for requests' queries to end before it goes anyway. */
export const MIN_WAIT_MS = 20;
export const MAX_WAIT_MS = 100;

export interface Turns {
  /** Resolves when background work may take its next unit (see the file's comment). */
  backgroundTurn(): Promise<void>;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Lets the event loop read what has arrived, then (PGlite) waits for the queries in flight; any Database. */
export const yieldTurn = (db: Partial<Turns>): Promise<void> => db.backgroundTurn?.() ?? nextTurn();

/** `db` with its queries and transactions counted, and backgroundTurn. */
export function withTurns<D extends Database>(db: D): D & Turns {
  if (db.kind !== 'pglite') return Object.assign(db, { backgroundTurn: nextTurn });
  let inFlight = 0;
  let lastTurn: number | undefined;
  const idle = new Set<() => void>();
  const counted = async <T>(run: () => Promise<T>): Promise<T> => {
    inFlight++;
    try {
      return await run();
    } finally {
      if (--inFlight === 0) for (const wake of [...idle]) wake();
    }
  };
  const { query, transaction } = db;
  return Object.assign(db, {
    query: ((sql: string, params?: unknown[]) => counted(() => query.call(db, sql, params))) as D['query'],
    transaction: ((work) => counted(() => transaction.call(db, work))) as D['transaction'],
    async backgroundTurn() {
      // The unit that just ended: from the last turn given to now (several jobs at once share it: an estimate).
      const unitMs = lastTurn === undefined ? MIN_WAIT_MS : performance.now() - lastTurn;
      await nextTurn();
      const deadline = performance.now() + Math.max(MIN_WAIT_MS, Math.min(MAX_WAIT_MS, unitMs));
      while (inFlight > 0 && performance.now() < deadline) {
        await new Promise<void>((resolve) => {
          const wake = () => { clearTimeout(timer); idle.delete(wake); resolve(); };
          const timer = setTimeout(wake, deadline - performance.now());
          idle.add(wake);
        });
        // A request's next query is sent from its continuation: let it queue before looking again.
        await nextTurn();
      }
      lastTurn = performance.now();
    },
  });
}
