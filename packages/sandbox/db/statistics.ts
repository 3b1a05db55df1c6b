// The planner's statistics on PGlite. PostgreSQL's autovacuum re-reads a table's statistics once
// about a tenth of it has changed; PGlite runs no autovacuum, so after a batch of 1,000
// subscriptions the planner still takes `subscriptions` and `charges` for the near-empty tables
// of the last ANALYZE and probes the charges once per subscription: the clock's due-day queries
// (billing/next-due.ts, engine.ts dueToday) then cost subscriptions x charges, 1.1-1.2 s each at
// 1,000 subscriptions, one statement that holds PGlite's one connection (every other tenant's
// query waits; in memory, this thread too). A clock advance calls this before its first due-day query.
import type { Database } from './database.js';
import { yieldTurn, type Turns } from './turns.js';

/** The tables the clock's due-day queries join; an ANALYZE of both samples at most 30,000 rows each. */
export const DUE_DAY_TABLES = ['subscriptions', 'charges'] as const;

/** On PGlite, ANALYZE `tables` (what autovacuum does on PostgreSQL, where this does nothing). */
export async function refreshStatistics(db: Pick<Database, 'kind' | 'query'> & Partial<Turns>, tables: readonly (typeof DUE_DAY_TABLES)[number][] = DUE_DAY_TABLES): Promise<void> {
  if (db.kind !== 'pglite') return;
  // A table at a time, requests first between them (turns.ts): both in one statement held PGlite
  // 300-400 ms on a loaded machine, the longest wait a clock advance gave another tenant (session 34).
  for (const table of tables) {
    await yieldTurn(db);
    await db.query(`ANALYZE ${table}`);
  }
}

/** PostgreSQL autovacuum's default rule for an ANALYZE: 50 rows plus a tenth of the table changed since the last one. */
const ANALYZE_BASE_ROWS = 50;
const ANALYZE_SCALE = 0.1;
/**
 * The due-day tables' columns the planner's choices read, the body (`data`) left out: no index reads
 * it, and a jsonb column's statistics cost most of an ANALYZE (29 against 81 ms of CPU at 12,000 charges).
 */
const PLANNED_COLUMNS: Record<(typeof DUE_DAY_TABLES)[number], string> = {
  subscriptions: 'id, company_id, status, created_at, updated_at, client_id, product_id',
  charges: 'id, company_id, status, created_at, updated_at, subscription_id, client_id, due_date',
};

/**
 * What autovacuum would do during a long run of writes on PGlite (a clock advance over a year): the
 * rows each due-day table had at its last ANALYZE and the rows changed since, an ANALYZE of its
 * planned columns once the changes pass autovacuum's rule. Without it a year's advance planned every
 * day on the statistics of its start: with 1 charge then and 7,000 by July, each chunk's read of its
 * open charges took the company's index and filtered all of them (11.7 ms a chunk, 4.1 s of a
 * 17 s year over 1,000 subscriptions). Does nothing on PostgreSQL (autovacuum runs there).
 */
export function statisticsKeeper(db: Pick<Database, 'kind' | 'query'> & Partial<Turns>) {
  const rows = new Map<string, number>();
  const changed = new Map<string, number>();
  const pglite = db.kind === 'pglite';
  const measure = async (tables: readonly string[]) => {
    for (const { relname, reltuples } of await db.query<{ relname: string; reltuples: number }>('SELECT relname, reltuples FROM pg_class WHERE relname = ANY($1)', [[...tables]])) {
      rows.set(relname, Math.max(0, Number(reltuples)));
      changed.set(relname, 0);
    }
  };
  return {
    /** A full ANALYZE of the tables (refreshStatistics), the count of rows it saw kept. */
    async refresh() {
      if (!pglite) return;
      await refreshStatistics(db);
      await measure(DUE_DAY_TABLES);
    },
    /** `n` rows of `table` written (inserted or updated). */
    wrote(table: string, n: number) {
      if (pglite && changed.has(table)) changed.set(table, changed.get(table)! + n);
    },
    /** ANALYZE each table whose changes passed the rule (requests first between them). */
    async refreshIfStale() {
      const stale = DUE_DAY_TABLES.filter((table) => (changed.get(table) ?? 0) > ANALYZE_BASE_ROWS + ANALYZE_SCALE * (rows.get(table) ?? 0));
      for (const table of stale) {
        await yieldTurn(db);
        await db.query(`ANALYZE ${table} (${PLANNED_COLUMNS[table]})`);
      }
      if (stale.length) await measure(stale);
    },
  };
}
