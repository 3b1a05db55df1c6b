// Vitest globalSetup for the projects that start in-memory sandboxes: one PGlite database,
// created and migrated once per run, dumped to a tar file that every test file's sandbox
// starts from (loads-migrated-dump.ts). A fresh in-memory PGlite runs initdb, which costs
// seconds on a quiet machine and tens of seconds on a busy one; loading the dump is a few
// times cheaper, and migrate() then finds every step applied. Migrating an empty database is
// still checked: here, on every run, and by every test that opens a data folder or PostgreSQL.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { PGlite } from '@electric-sql/pglite';
import { migrate } from '../../packages/sandbox/db/migrations.js';
import { localClaims } from '../../packages/sandbox/db/claims.js';
import type { Database, Queryable } from '../../packages/sandbox/db/database.js';

declare module 'vitest' {
  export interface ProvidedContext { migratedPgliteDump: string }
}

// One file per Vitest run (the main process), shared by the projects that list this setup.
const dumpFile = join(tmpdir(), `svc-card-pglite-migrated-${process.pid}.tar`);

const queryable = (target: Pick<PGlite, 'query'>): Queryable => ({
  async query<Row>(sql: string, params: unknown[] = []) {
    return (await target.query<Row>(sql, params)).rows;
  },
});

export default async function setup(project: TestProject) {
  if (!existsSync(dumpFile)) {
    const pg = await PGlite.create({});
    try {
      const db: Database = { kind: 'pglite', ...queryable(pg), transaction: (work) => pg.transaction((tx) => work(queryable(tx))), claims: localClaims(), close: () => pg.close() };
      await migrate(db);
      const dump = await pg.dumpDataDir('none');
      writeFileSync(dumpFile, new Uint8Array(await dump.arrayBuffer()));
    } finally {
      await pg.close();
    }
  }
  project.provide('migratedPgliteDump', dumpFile);
  return () => rmSync(dumpFile, { force: true });
}
