// Embedded PostgreSQL (PGlite): a data folder that survives a restart, or memory.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { localClaims } from './claims.js';
import type { Database, Queryable } from './database.js';

const wrap = (target: Pick<PGlite, 'query'>): Queryable => ({
  async query<Row>(sql: string, params: unknown[] = []) {
    return (await target.query<Row>(sql, params)).rows;
  },
});

export async function openPglite(dataDir?: string): Promise<Database> {
  // PGlite makes only the last folder of the path: `npm run demo`'s .sandbox-data/demo needs its parent.
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir ? { dataDir } : {});
  return {
    kind: 'pglite',
    ...wrap(pg),
    // PGlite has one connection: its transaction() holds it, so transactions run one after another.
    transaction: (work) => pg.transaction((tx) => work(wrap(tx))),
    claims: localClaims(),
    close: () => pg.close(),
  };
}
