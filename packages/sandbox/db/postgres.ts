// A PostgreSQL server through node-postgres; each transaction takes its own
// pooled connection, so row locks (SELECT ... FOR UPDATE) are what serialize.
import pg from 'pg';
import { advisoryClaims } from './claims.js';
import type { Database, Queryable } from './database.js';
import { preparedName } from './prepared.js';

/** pg's query config: by name when the text was marked (prepared.ts). */
const statement = (text: string, values: unknown[]) => {
  const name = preparedName(text);
  return name ? { name, text, values } : { text, values };
};

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  pool.on('error', () => {}); // an idle client's broken connection: the next query reconnects
  const query: Queryable['query'] = async (sql, params = []) => (await pool.query(statement(sql, params))).rows as never;
  await query('select 1');
  // Its own connection, outside the pool: its advisory locks live as long as this process does.
  const claims = advisoryClaims(async () => {
    const client = new pg.Client({ connectionString });
    client.on('error', () => {}); // a broken lock connection: claims.ts refuses claims until it reconnects
    await client.connect();
    return client as never;
  });
  const listener = notifications(connectionString);
  return {
    kind: 'postgres',
    query,
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({ query: async (sql, params = []) => (await client.query(statement(sql, params))).rows as never });
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
    listen: listener.listen,
    async close() {
      await listener.close();
      await claims.close();
      await pool.end();
    },
  };
}

/**
 * LISTEN on a connection of its own, outside the pool (a pooled one would be
 * handed to other work). A lost connection is opened again after a second, and
 * each listener told, since notifications sent meanwhile are lost.
 */
function notifications(connectionString: string) {
  const channels = new Map<string, { onMessage: (payload: string) => void; onReconnect: () => void }>();
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const open = async (): Promise<pg.Client> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', ({ channel, payload }) => channels.get(channel)?.onMessage(payload ?? ''));
    const lost = () => {
      if (client !== next || closed) return;
      client = undefined;
      retry = setTimeout(() => void reopen(), 1_000);
    };
    next.on('error', lost);
    next.on('end', lost);
    await next.connect();
    for (const channel of channels.keys()) await next.query(`LISTEN "${channel}"`);
    client = next;
    return next;
  };
  const reopen = async () => {
    try {
      await open();
      for (const { onReconnect } of channels.values()) onReconnect();
    } catch {
      if (!closed) retry = setTimeout(() => void reopen(), 1_000);
    }
  };
  return {
    async listen(channel: string, onMessage: (payload: string) => void, onReconnect: () => void) {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`channel names are lower-case words: ${channel}`);
      channels.set(channel, { onMessage, onReconnect });
      if (client) await client.query(`LISTEN "${channel}"`);
      else await open();
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
