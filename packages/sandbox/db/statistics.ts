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
