// db/pglite.ts: in-memory databases after a process's first load that one's migrated image
// instead of running initdb. Each is still its own: the schema whole, no record of another.
import { PGlite } from '@electric-sql/pglite';
import { afterEach, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../packages/sandbox/db/database.js';
import { MIGRATIONS } from '../../packages/sandbox/db/migrations.js';

const open: Database[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.close()));
  vi.restoreAllMocks();
});

const memory = async () => {
  const db = await openDatabase({ memory: true });
  open.push(db);
  return db;
};
const versions = async (db: Database) => (await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')).map((row) => row.version);
const webhookCount = async (db: Database) => Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM webhooks'))[0]!.n);

it('the second in-memory database of a process loads the first one\'s migrated image: every migration, none of the first\'s records', async () => {
  const create = vi.spyOn(PGlite, 'create');
  const first = await memory();
  await first.query(`INSERT INTO webhooks (id, company_id, url, secret) VALUES ('wh_1', 'c_1', 'http://127.0.0.1:1/', 'whsec_1')`);
  expect(await webhookCount(first)).toBe(1);

  const second = await memory();
  const third = await memory();
  for (const db of [first, second, third]) expect(await versions(db)).toEqual(MIGRATIONS.map((_, index) => index + 1));
  expect(await webhookCount(second)).toBe(0);
  expect(await webhookCount(third)).toBe(0);
  // The first ran initdb (or the test run's dump); the next two loaded the image.
  expect(create.mock.calls.slice(-2).map(([options]) => (options as { loadDataDir?: Blob }).loadDataDir instanceof Blob)).toEqual([true, true]);
}, 300_000);
