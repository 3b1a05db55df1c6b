// The test clock (as Stripe's): each company's time is the real time plus an
// offset that only moves forward, kept in the database (test_clocks) and
// cached here, so `now(companyId)` stays synchronous for the routes.
import type { Queryable } from './db/database.js';

export interface TestClocks {
  now(companyId: string): Date;
  /** Moves the company's clock forward by `ms`; answers the new time. */
  advance(db: Queryable, companyId: string, ms: number): Promise<Date>;
  /** Reads the company's offset again (another process on the same PostgreSQL may have moved it); answers the time. */
  refresh(db: Queryable, companyId: string): Promise<Date>;
}

export async function loadTestClocks(db: Queryable, realNow: () => number = Date.now): Promise<TestClocks> {
  const offsets = new Map<string, number>();
  for (const row of await db.query<{ company_id: string; offset_ms: string | number }>('SELECT company_id, offset_ms FROM test_clocks'))
    offsets.set(row.company_id, Number(row.offset_ms));
  return {
    now: (companyId) => new Date(realNow() + (offsets.get(companyId) ?? 0)),
    async advance(db2, companyId, ms) {
      const [row] = await db2.query<{ offset_ms: string | number }>(
        `INSERT INTO test_clocks (company_id, offset_ms) VALUES ($1, $2) ON CONFLICT (company_id)
         DO UPDATE SET offset_ms = test_clocks.offset_ms + $2 RETURNING offset_ms`, [companyId, ms]);
      offsets.set(companyId, Number(row!.offset_ms));
      return new Date(realNow() + Number(row!.offset_ms));
    },
    async refresh(db2, companyId) {
      const [row] = await db2.query<{ offset_ms: string | number }>('SELECT offset_ms FROM test_clocks WHERE company_id = $1', [companyId]);
      if (row) offsets.set(companyId, Number(row.offset_ms));
      return new Date(realNow() + (offsets.get(companyId) ?? 0));
    },
  };
}
