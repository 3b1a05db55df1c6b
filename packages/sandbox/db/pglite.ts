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

export async function openPglite(dataDir?: string): Promise<Database> {
  // PGlite makes only the last folder of the path: `npm run demo`'s .sandbox-data/demo needs its parent.
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // Before PGlite reads a page: a second process on the folder is refused (folder-lock.ts says why).
  const lock: FolderLock | undefined = dataDir ? lockFolder(dataDir) : undefined;
  let pg: PGlite;
  try {
    pg = await PGlite.create(dataDir ? { dataDir } : {});
  } catch (error) {
    lock?.release();
    throw dataDir ? new FolderUnreadable(dataDir, error) : error;
  }
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
