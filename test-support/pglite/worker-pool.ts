// One Vitest worker's in-memory PGlite databases, lent file after file (the sandbox and client
// projects run many files in one worker: `isolate: false`). Loading the run's migrated dump costs
// 2-3 s of CPU a database; putting one back as it was loaded (pristine.ts) costs a small part of
// that. So a database closed by a test is reset and kept for the next one that asks; each asker
// still gets a database as the dump holds it, and its own: a lent database is no one else's until
// closed, and the handle it was lent through fails like a closed PGlite afterwards.
import { appendFileSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { isPristine, pristineOf, reset, type Pristine } from './pristine.js';

type Options = { dataDir?: string; loadDataDir?: Blob };
type Create = (options?: Options) => Promise<PGlite>;

/** The worker's pool (on the PGlite class, which every file of the worker shares; this module may be evaluated per file). */
interface Pool {
  dumpFile: string;
  load: Create;
  idle: PGlite[];
  pristine?: Pristine;
  /** Dumps taken of a lent database while it was pristine: asking to load one is asking for a pristine database. */
  pristineDumps: WeakSet<Blob>;
  /** Resets that failed (a database then closed): printed once, the pool still serves. */
  warned: boolean;
}

/**
 * Idle databases kept per worker (each holds about 250 MB); a file that opens more at once loads
 * the rest. PGLITE_POOL_IDLE=0 keeps none: every database loads the dump, as before the pool (to compare).
 */
const MAX_IDLE = Number(process.env.PGLITE_POOL_IDLE ?? 2);
const POOL = Symbol.for('svc-card.pglite-worker-pool');

/**
 * From now on in this process, PGlite.create() of an in-memory database as the dump holds it
 * (no dataDir, no option but a loadDataDir taken from such a database) lends one from the pool,
 * loading `file` when none is idle. packages/sandbox/ stays as users run it: the library's class is
 * changed, as every importer shares it. A data folder, or an image of other contents, opens as before.
 */
export function pooledPgliteFrom(file: string): void {
  const target = PGlite as unknown as Record<symbol, Pool | undefined> & { create: Create };
  if (target[POOL]) return;
  const load: Create = target.create.bind(target);
  const pool: Pool = { dumpFile: file, load, idle: [], pristineDumps: new WeakSet(), warned: false };
  target[POOL] = pool;
  Object.defineProperty(target, 'create', {
    configurable: true,
    writable: true,
    value(dataDirOrOptions?: string | Options, options?: Options) {
      const given = typeof dataDirOrOptions === 'string' ? { dataDir: dataDirOrOptions, ...options } : (dataDirOrOptions ?? options ?? {});
      const asDumped = Object.keys(given).every((key) => key === 'loadDataDir') && (!given.loadDataDir || pool.pristineDumps.has(given.loadDataDir));
      return asDumped ? lend(pool) : load(given);
    },
  });
}

async function lend(pool: Pool): Promise<PGlite> {
  let pg = pool.idle.pop();
  if (!pg) {
    const started = cpuSeconds();
    pg = await pool.load({ loadDataDir: new Blob([readFileSync(pool.dumpFile)]) });
    pool.pristine ??= await pristineOf(pg);
    note('load', started);
  } else {
    note('reuse');
  }
  return lent(pg, pool);
}

/** `pg` through a handle whose close() gives it back to the pool, and which acts as a closed PGlite after. */
function lent(pg: PGlite, pool: Pool): PGlite {
  let closed = false;
  let closing: Promise<void> | undefined;
  const close = () => {
    if (closing) return Promise.reject(new Error('PGlite is closed'));
    closing = giveBack(pg, pool).finally(() => { closed = true; });
    return closing;
  };
  const dumpDataDir = async (...args: Parameters<PGlite['dumpDataDir']>) => {
    const dump = await pg.dumpDataDir(...args);
    if (pool.pristine && (await isPristine(pg, pool.pristine))) pool.pristineDumps.add(dump);
    return dump;
  };
  const gone = () => Promise.reject(new Error(closed ? 'PGlite is closed' : 'PGlite is closing'));
  return new Proxy(pg, {
    get(real, key) {
      if (key === 'closed') return closed;
      if (key === 'close' || key === Symbol.asyncDispose) return close;
      const value: unknown = Reflect.get(real, key, real);
      if (typeof value !== 'function') return value;
      if (closing) return gone;
      return key === 'dumpDataDir' ? dumpDataDir : value.bind(real);
    },
  });
}

/** Back to the pool as loaded, or closed for good when it cannot be reset or the pool is full. */
async function giveBack(pg: PGlite, pool: Pool): Promise<void> {
  try {
    if (pool.idle.length < MAX_IDLE) {
      const started = cpuSeconds();
      await reset(pg, pool.pristine!);
      note('reset', started);
      pool.idle.push(pg);
      return;
    }
  } catch (error) {
    if (!pool.warned) console.warn(`(a pooled PGlite was closed rather than reused: ${(error as Error).message})`);
    pool.warned = true;
  }
  note('close');
  await pg.close();
}

// PGLITE_POOL_REPORT=<file>: each load, reuse, reset and close is appended to it as one JSON line, with
// its CPU seconds (CONTRIBUTING.md, Sandbox tests). Each as it happens: Vitest may end a worker without its exit handlers.
const report = process.env.PGLITE_POOL_REPORT;
function note(event: 'load' | 'reuse' | 'reset' | 'close', started?: number): void {
  if (report) appendFileSync(report, `${JSON.stringify({ pid: process.pid, event, ...(started === undefined ? {} : { cpu: cpuSeconds() - started }) })}\n`);
}

/** This process's CPU so far (other work of the worker's event loop meanwhile counts too: an upper bound). */
function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}
