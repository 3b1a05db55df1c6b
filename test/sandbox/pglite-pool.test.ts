// test-support/pglite/worker-pool.ts: this project's in-memory PGlite databases are lent by a pool
// per worker and put back as loaded between lends (pristine.ts). Whatever a file did to its
// database, the next file must get the run's migrated dump as loaded, or a database of its own.
import { PGlite } from '@electric-sql/pglite';
import { expect, it } from 'vitest';
import { isPristine, pristineOf } from '../../test-support/pglite/pristine.js';

const count = async (pg: PGlite, sql: string) => Number((await pg.query<{ n: string }>(sql)).rows[0]!.n);

it('a database given back after rows, statistics, a setting and a temporary table is lent again as loaded', async () => {
  const first = await PGlite.create();
  const loaded = await pristineOf(first);
  await first.exec(`INSERT INTO webhooks (id, company_id, url, secret) VALUES ('wh_left', 'c_1', 'http://127.0.0.1:1/', 'whsec_1');
    UPDATE cache_epoch SET version = version + 41; ANALYZE; CREATE TEMP TABLE left_temp (x int)`);
  await first.exec('SET statement_timeout = 1234');
  expect(await isPristine(first, loaded)).toBe(false);
  await first.close();
  // The handle lent is closed, as a PGlite is: it reaches no database any more.
  expect(first.closed).toBe(true);
  await expect(first.query('SELECT 1')).rejects.toThrow('PGlite is closed');

  const next = await PGlite.create();
  try {
    expect(await isPristine(next, loaded)).toBe(true);
    expect(await count(next, 'SELECT count(*) AS n FROM webhooks')).toBe(0);
    expect((await next.query<{ version: number }>('SELECT version FROM cache_epoch')).rows).toEqual([{ version: 1 }]);
    expect(await count(next, `SELECT count(*) AS n FROM pg_statistic WHERE starelid = 'webhooks'::regclass`)).toBe(0);
    expect((await next.query<{ statement_timeout: string }>('SHOW statement_timeout')).rows[0]!.statement_timeout).toBe('0');
    expect(await count(next, `SELECT count(*) AS n FROM pg_class WHERE relname = 'left_temp'`)).toBe(0);
  } finally {
    await next.close();
  }
}, 300_000);

it('a database whose schema a test changed is never lent again', async () => {
  const first = await PGlite.create();
  await first.exec('CREATE TABLE left_table (x int); ALTER TABLE webhooks ADD COLUMN left_column int');
  await first.close();
  const next = await PGlite.create();
  try {
    expect(await count(next, `SELECT count(*) AS n FROM pg_class WHERE relname = 'left_table'`)).toBe(0);
    expect(await count(next, `SELECT count(*) AS n FROM pg_attribute WHERE attrelid = 'webhooks'::regclass AND attname = 'left_column'`)).toBe(0);
  } finally {
    await next.close();
  }
}, 300_000);
