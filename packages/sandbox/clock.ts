// The test clock (as Stripe's): each company's time is the real time plus an
// offset that only moves forward, kept in the database (test_clocks) and
// cached here, so `now(companyId)` stays synchronous for the routes. On
// PostgreSQL other processes may move it: each move is announced by NOTIFY in
// the transaction that makes it (sent at its commit), and every process LISTENs
// and takes the larger offset, so one company has one clock across processes.
import type { Database, Queryable } from './db/database.js';

/** The channel a clock move is announced on; its payload is `<companyId> <offset_ms>`. */
export const CLOCK_CHANNEL = 'svc_test_clocks';

export interface TestClocks {
  now(companyId: string): Date;
  /** Moves the company's clock forward by `ms`; answers the new time. */
  advance(db: Queryable, companyId: string, ms: number): Promise<Date>;
  /** Reads the company's offset again (another process on the same PostgreSQL may have moved it); answers the time. */
  refresh(db: Queryable, companyId: string): Promise<Date>;
}

export async function loadTestClocks(db: Queryable & Pick<Database, 'listen'>, realNow: () => number = Date.now): Promise<TestClocks> {
  const offsets = new Map<string, number>();
  // Offsets only grow: a late or repeated announcement never moves a clock back.
  const learn = (companyId: string, offset: number) => {
    if (offset > (offsets.get(companyId) ?? -Infinity)) offsets.set(companyId, offset);
  };
  const loadAll = async () => {
    for (const row of await db.query<{ company_id: string; offset_ms: string | number }>('SELECT company_id, offset_ms FROM test_clocks'))
      learn(row.company_id, Number(row.offset_ms));
  };
  const shared = Boolean(db.listen);
  // Listening before the first read: a move committed in between is seen by one or the other.
  await db.listen?.(CLOCK_CHANNEL, (payload) => {
    const [companyId, offset] = payload.split(' ');
    if (companyId && Number.isFinite(Number(offset))) learn(companyId, Number(offset));
  }, () => void loadAll().catch(() => {}));
  await loadAll();
  return {
    now: (companyId) => new Date(realNow() + (offsets.get(companyId) ?? 0)),
    async advance(db2, companyId, ms) {
      const [row] = await db2.query<{ offset_ms: string | number }>(
        `INSERT INTO test_clocks (company_id, offset_ms) VALUES ($1, $2) ON CONFLICT (company_id)
         DO UPDATE SET offset_ms = test_clocks.offset_ms + $2 RETURNING offset_ms`, [companyId, ms]);
      const offset = Number(row!.offset_ms);
      if (shared) await db2.query('SELECT pg_notify($1, $2)', [CLOCK_CHANNEL, `${companyId} ${offset}`]);
      learn(companyId, offset);
      return new Date(realNow() + offset);
    },
    async refresh(db2, companyId) {
      const [row] = await db2.query<{ offset_ms: string | number }>('SELECT offset_ms FROM test_clocks WHERE company_id = $1', [companyId]);
      if (row) learn(companyId, Number(row.offset_ms));
      return new Date(realNow() + (offsets.get(companyId) ?? 0));
    },
  };
}
