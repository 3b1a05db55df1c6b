// Embedded PostgreSQL (PGlite): a data folder that survives a restart, or memory.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { localClaims } from './claims.js';
import type { Database, Queryable } from './database.js';
import { lockFolder, type FolderLock } from './folder-lock.js';

const wrap = (target: Pick<PGlite, 'query'>): Queryable => ({
  async query<Row>(sql: string, params: unknown[] = []) {
    return (await target.query<Row>(sql, params)).rows;
  },
});

export async function openPglite(dataDir: string): Promise<Database> {
  // PGlite makes only the last folder of the path: `npm run demo`'s .sandbox-data/demo needs its parent.
  mkdirSync(dataDir, { recursive: true });
  // Before PGlite reads a page: a second process on the folder is refused (folder-lock.ts says why).
  const lock = lockFolder(dataDir);
  let pg: PGlite;
  try {
    pg = await PGlite.create({ dataDir });
  } catch (error) {
    lock.release();
    throw new FolderUnreadable(dataDir, error);
  }
  return database(pg, lock);
}

/**
 * The first in-memory database this process opened, just migrated, as an image: the next ones
 * load it rather than run initdb again (seconds each on a quiet machine, tens of seconds on a busy
 * one), which tests that start a sandbox per file or per spec feel. Each is still a database of
 * its own: the image holds the schema only, taken before any record was written.
 */
let migratedImage: Promise<Blob | undefined> | undefined;

/** A database in memory, gone at close, its schema brought up to date by `migrate`. */
export async function openMemoryPglite(migrate: (db: Database) => Promise<void>): Promise<Database> {
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

function database(pg: PGlite, lock?: FolderLock): Database {
  return {
    kind: 'pglite',
    ...wrap(pg),
    // PGlite has one connection: its transaction() holds it, so transactions run one after another.
    transaction: (work) => pg.transaction((tx) => work(wrap(tx))),
    claims: localClaims(),
    ...(lock ? { lock } : {}),
    close: async () => {
      try {
        await pg.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/** PGlite could not open the folder (damaged, say, by two processes that wrote it at once before the lock). */
export class FolderUnreadable extends Error {
  constructor(readonly folder: string, cause: unknown) {
    super(`PGlite could not open the folder ${folder} (${(cause as Error)?.message ?? cause}): it may be damaged; move it away to start with an empty one`, { cause });
  }
}
