// A PostgreSQL server through node-postgres; each transaction takes its own
// pooled connection, so row locks (SELECT ... FOR UPDATE) are what serialize.
import pg from 'pg';
import { advisoryClaims } from './claims.js';
import type { Database, Queryable } from './database.js';

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  pool.on('error', () => {}); // an idle client's broken connection: the next query reconnects
  const query: Queryable['query'] = async (sql, params = []) => (await pool.query(sql, params)).rows;
  await query('select 1');
  // Its own connection, outside the pool: its advisory locks live as long as this process does.
  const claims = advisoryClaims(async () => {
    const client = new pg.Client({ connectionString });
    client.on('error', () => {}); // a broken lock connection: claims.ts refuses claims until it reconnects
    await client.connect();
    return client as never;
  });
  return {
    kind: 'postgres',
    query,
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({ query: async (sql, params = []) => (await client.query(sql, params)).rows as never });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    claims,
    async close() {
      await claims.close();
      await pool.end();
    },
  };
}
