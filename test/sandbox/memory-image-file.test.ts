// db/pglite.ts with `memoryImage`: a process's first in-memory database starts from a dump file
// (what the e2e run gives every worker's demo, test-support/pglite/) rather than from initdb, and
// so do the next ones. A marker record in the file shows which image a database came from.
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Database } from '../../packages/sandbox/db/database.js';
import { MIGRATIONS, migrate } from '../../packages/sandbox/db/migrations.js';
import { localClaims } from '../../packages/sandbox/db/claims.js';

let dir = '';
let imageFile = '';
const open: Database[] = [];

let openDatabase: typeof import('../../packages/sandbox/db/database.js').openDatabase;

beforeAll(async () => {
  // "A process's first" in-memory database is db/pglite.ts's first: this file's own instance of it,
  // not the one the files this worker ran before have used (isolate: false) and given an image already.
  vi.resetModules();
  ({ openDatabase } = await import('../../packages/sandbox/db/database.js'));
  dir = await mkdtemp(join(tmpdir(), 'svc-memory-image-'));
  imageFile = join(dir, 'migrated.tar');
  const pg = await PGlite.create();
  const query = async <Row>(sql: string, params: unknown[] = []) => (await pg.query<Row>(sql, params)).rows;
  await migrate({ kind: 'pglite', query, transaction: (work) => pg.transaction((tx) => work({ query: async (sql, params = []) => (await tx.query(sql, params)).rows as never })), claims: localClaims(), close: () => pg.close() });
  await pg.query(`INSERT INTO webhooks (id, company_id, url, secret) VALUES ('wh_marker', 'c_1', 'http://127.0.0.1:1/', 'whsec_1')`);
  writeFileSync(imageFile, new Uint8Array(await (await pg.dumpDataDir('none')).arrayBuffer()));
  await pg.close();
}, 300_000);

afterAll(async () => {
  await Promise.all(open.splice(0).map((db) => db.close()));
  await rm(dir, { recursive: true, force: true });
  // This file's instance, its image holding the marker, would otherwise be what the next files of this worker import.
  vi.resetModules();
});

const markers = async (db: Database) => (await db.query<{ id: string }>('SELECT id FROM webhooks')).map((row) => row.id);

it('a missing image file is refused with its path, before any database opens', async () => {
  await expect(openDatabase({ memory: true, memoryImage: join(dir, 'absent.tar') })).rejects.toThrow(join(dir, 'absent.tar'));
});

it('the first in-memory database of a process and the next ones start from the given image, migrated', async () => {
  const first = await openDatabase({ memory: true, memoryImage: imageFile });
  open.push(first);
  await first.query(`INSERT INTO webhooks (id, company_id, url, secret) VALUES ('wh_first', 'c_1', 'http://127.0.0.1:1/', 'whsec_1')`);
  const second = await openDatabase({ memory: true });
  open.push(second);
  expect(await markers(first)).toEqual(['wh_marker', 'wh_first']);
  expect(await markers(second)).toEqual(['wh_marker']);
  for (const db of [first, second]) {
    expect((await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')).map((row) => row.version)).toEqual(MIGRATIONS.map((_, index) => index + 1));
  }
}, 300_000);
