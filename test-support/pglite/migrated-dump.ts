// One migrated PGlite database per test run, for the test runs that start many in-memory
// sandboxes (Vitest's sandbox and client projects, Playwright's demos). A fresh in-memory PGlite
// runs initdb, which costs seconds on a quiet machine and tens of seconds on a busy one; loading
// a dump of a migrated database is a few times cheaper, and migrate() then finds every step
// applied. Migrating an empty database is still checked: here, on every run, and by every test
// that opens a data folder or PostgreSQL (left alone: they open PGlite as users do).
import { writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { migrate } from '../../packages/sandbox/db/migrations.js';
import { localClaims } from '../../packages/sandbox/db/claims.js';
import type { Database, Queryable } from '../../packages/sandbox/db/database.js';

const queryable = (target: Pick<PGlite, 'query'>): Queryable => ({
  async query<Row>(sql: string, params: unknown[] = []) {
    return (await target.query<Row>(sql, params)).rows;
  },
});

/** A fresh in-memory database, migrated as the sandbox migrates it, written to `file` as a tar. */
export async function writeMigratedDump(file: string): Promise<void> {
  const pg = await PGlite.create({});
  try {
    const db: Database = { kind: 'pglite', ...queryable(pg), transaction: (work) => pg.transaction((tx) => work(queryable(tx))), claims: localClaims(), close: () => pg.close() };
    await migrate(db);
    writeFileSync(file, new Uint8Array(await (await pg.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await pg.close();
  }
}
