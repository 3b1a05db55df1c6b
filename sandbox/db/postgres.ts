// A PostgreSQL server through node-postgres; each transaction takes its own
// pooled connection, so row locks (SELECT ... FOR UPDATE) are what serialize.
import pg from 'pg';
import type { Database, Queryable } from './database.js';

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  pool.on('error', () => {}); // an idle client's broken connection: the next query reconnects
  const query: Queryable['query'] = async (sql, params = []) => (await pool.query(sql, params)).rows;
  await query('select 1');
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
    close: () => pool.end(),
  };
}
