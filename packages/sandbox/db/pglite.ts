// Embedded PostgreSQL (PGlite): a data folder that survives a restart (on a thread of its own),
// or memory (in this process: tests; docs/decisions.md says why).
import { mkdirSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { localClaims } from './claims.js';
import type { Database, Queryable } from './database.js';
import { lockFolder } from './folder-lock.js';
import { openThreadDatabase } from './thread-database.js';

const wrap = (target: Pick<PGlite, 'query'>): Queryable => ({
  async query<Row>(sql: string, params: unknown[] = []) {
    return (await target.query<Row>(sql, params)).rows;
  },
});

/**
 * The data folder's PGlite, on a worker thread of its own (thread-database.ts): what users run, so
 * a long statement never keeps this thread from reading and answering other requests.
 */
export async function openPglite(dataDir: string): Promise<Database> {
  // PGlite makes only the last folder of the path: `npm run demo`'s .sandbox-data/demo needs its parent.
  mkdirSync(dataDir, { recursive: true });
  // Before PGlite reads a page: a second process on the folder is refused (folder-lock.ts says why).
  const lock = lockFolder(dataDir);
  let db: Database;
  try {
    db = await openThreadDatabase({ dataDir });
  } catch (error) {
    lock.release();
    throw new FolderUnreadable(dataDir, error);
  }
  const close = db.close;
  return Object.assign(db, {
    lock,
    close: async () => {
      try {
        await close();
      } finally {
        lock.release();
      }
    },
  });
}

/**
 * The first in-memory database this process opened, just migrated, as an image: the next ones
 * load it rather than run initdb again (seconds each on a quiet machine, tens of seconds on a busy
 * one), which tests that start a sandbox per file or per spec feel. Each is still a database of
 * its own: the image holds the schema only, taken before any record was written.
 */
let migratedImage: Promise<Blob | undefined> | undefined;

/** The migrated image, when this process has made one (db/scratch.ts loads its scratch from it). */
export const migratedImageIfAny = async (): Promise<Blob | undefined> => migratedImage?.catch(() => undefined);

/**
 * A database in memory, gone at close, its schema brought up to date by `migrate`. `imageFile`, a
 * dump of a migrated database (`dumpDataDir`), spares this process's first one initdb too: test
 * runs that start a sandbox in many processes make it once (test-support/pglite/). `migrate` still
 * runs, so an image older than the migrations is brought up to date like any database.
 */
export async function openMemoryPglite(migrate: (db: Database) => Promise<void>, imageFile?: string): Promise<Database> {
  if (imageFile && !migratedImage) migratedImage = Promise.resolve(new Blob([readFileSync(imageFile)]));
  const image = await migratedImage;
  const pg = await PGlite.create(image ? { loadDataDir: image } : {});
  const db = database(pg);
  try {
    await migrate(db);
    // A failed dump costs only the speed: the next database runs initdb as this one did.
    if (!image) migratedImage = pg.dumpDataDir('none').then((dump) => dump, () => undefined);
    await migratedImage;
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

/** An in-memory PGlite of this process as a Database. */
function database(pg: PGlite): Database {
  return {
    kind: 'pglite',
    ...wrap(pg),
    // PGlite has one connection: its transaction() holds it, so transactions run one after another.
    transaction: (work) => pg.transaction((tx) => work(wrap(tx))),
    claims: localClaims(),
    close: () => pg.close(),
  };
}

/** PGlite could not open the folder (damaged, say, by two processes that wrote it at once before the lock). */
export class FolderUnreadable extends Error {
  constructor(readonly folder: string, cause: unknown) {
    super(`PGlite could not open the folder ${folder} (${(cause as Error)?.message ?? cause}): it may be damaged; move it away to start with an empty one`, { cause });
  }
}
