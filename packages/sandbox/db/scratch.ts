// A scratch database: an in-memory PGlite of the sandbox's schema on a thread
// of its own (db/thread-database.ts), apart from the one that serves requests,
// for work that writes only to find out what it would write (the forecast,
// billing/forecast.ts). The work copies in the few rows it needs, runs on
// them, and the scratch is emptied after it: nothing reaches the real database,
// which is held only for the copy's reads. On the embedded PGlite that matters
// most: it has one connection, and a rolled-back transaction over it (the
// forecast's first way) held it for the whole run, so every company's requests
// waited (issue 40, item 6). On its own thread, the scratch's statements do not
// take the sandbox's thread either: each is a message, answered in a later turn
// of the event loop, between which requests are read and answered.
// One scratch per process, one work at a time on it, a few waiting; more get
// ScratchBusy. It is kept a while after its last use (opening it is PGlite's
// start on its thread: the migrated image's load, or initdb and the migrations).
import type { Database, Queryable } from './database.js';
import { migrate } from './migrations.js';
import { DatabaseThreadEnded, openThreadDatabase } from './thread-database.js';

/** At most this many works wait for the scratch while one runs; the next is refused (ScratchBusy). */
export const SCRATCH_WAITING = 4;
/** The scratch is closed after this long without use (its memory is given back). */
const IDLE_CLOSE_MS = 5 * 60_000;

/** The scratch is in use and SCRATCH_WAITING works wait for it already. */
export class ScratchBusy extends Error {
  constructor() {
    super(`the scratch database is in use and ${SCRATCH_WAITING} more wait for it`);
    this.name = 'ScratchBusy';
  }
}

/** The scratch's thread failed or ended (out of memory, say): the next work starts another. */
export class ScratchEnded extends Error {
  constructor(cause: unknown) {
    super(`the scratch database's thread ended: ${(cause as Error)?.message ?? cause}`, { cause });
    this.name = 'ScratchEnded';
  }
}

let open: Promise<Database> | undefined;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
let tail: Promise<unknown> = Promise.resolve();
let queued = 0;

/** The scratch: an in-memory PGlite on its thread (thread-database.ts), from the migrated image when there is one. */
async function openScratch(): Promise<Database> {
  const { migratedImageIfAny } = await import('./pglite.js');
  const image = await (await migratedImageIfAny())?.arrayBuffer();
  const db = await openThreadDatabase(image ? { image } : {});
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

/** Every table but the migrations' own, emptied (identities restarted) for the next work. */
async function empty(db: Database): Promise<void> {
  const tables = await db.query<{ name: string }>(`SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations'`);
  await db.query(`TRUNCATE ${tables.map((table) => table.name).join(', ')} RESTART IDENTITY`);
}

/** Closes the scratch now (tests, a sandbox's close); the next work opens another. */
export async function closeScratch(): Promise<void> {
  clearTimeout(idleTimer);
  const closing = open;
  open = undefined;
  await (await closing?.catch(() => undefined))?.close();
}

/**
 * Runs `work` on the scratch database, empty but for what `fill` wrote into it first; empties it
 * after. One work at a time in the process: the others wait their turn, up to SCRATCH_WAITING of
 * them; past that ScratchBusy is thrown at once.
 */
export function onScratch<T>(fill: (into: Queryable) => Promise<void>, work: (db: Database) => Promise<T>): Promise<T> {
  if (queued > SCRATCH_WAITING) return Promise.reject(new ScratchBusy());
  queued++;
  const run = tail.then(async () => {
    clearTimeout(idleTimer);
    open ??= openScratch();
    const db = await open.catch((error) => { open = undefined; throw error instanceof ScratchEnded ? error : new ScratchEnded(error); });
    try {
      await fill(db);
      return await work(db);
    } catch (error) {
      throw error instanceof DatabaseThreadEnded ? new ScratchEnded(error.cause) : error;
    } finally {
      // A scratch that cannot be emptied is dropped: the next work opens a clean one.
      await empty(db).catch(() => closeScratch());
      idleTimer = setTimeout(() => void closeScratch(), IDLE_CLOSE_MS);
      idleTimer.unref?.();
    }
  }).finally(() => { queued--; });
  tail = run.catch(() => {});
  return run;
}

/** `table`'s rows that `where` picks (its alias is t; `params` its $1..), as one JSON text (to_jsonb: every column, every type kept). */
export async function readRows(from: Queryable, table: string, where: string, params: unknown[]): Promise<string | null> {
  const [row] = await from.query<{ rows: string | null }>(`SELECT jsonb_agg(to_jsonb(t))::text AS rows FROM ${table} t WHERE ${where}`, params);
  return row?.rows ?? null;
}

/** Writes readRows's rows into `table` of `into`, column for column (identities included). */
export async function writeRows(into: Queryable, table: string, rows: string | null): Promise<void> {
  if (rows) await into.query(`INSERT INTO ${table} OVERRIDING SYSTEM VALUE SELECT * FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb)`, [rows]);
}
