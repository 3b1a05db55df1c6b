// A dry run: work that writes as usual, inside one database transaction that
// is always rolled back, so nothing it wrote is ever seen by anyone else (the
// forecast runs the test clock's own code this way: billing/forecast.ts).
// The work is handed a Database whose transactions are savepoints of that one
// (a throw undoes only its own part, as a real transaction's would).
import type { Database, Queryable } from './database.js';

class RolledBack<T> { constructor(readonly value: T) {} }

let savepoints = 0;

/** A Database over one open transaction: its transaction() is a savepoint; one lane, no background turns. */
function insideOf(outer: Database, tx: Queryable): Database {
  return {
    // 'pglite' whatever the server: one connection, so work runs one statement after another (engine.ts's lanes are one).
    kind: 'pglite',
    query: (sql, params) => tx.query(sql, params),
    async transaction(work) {
      const name = `dry_${++savepoints}`;
      await tx.query(`SAVEPOINT ${name}`);
      try {
        const value = await work(tx);
        await tx.query(`RELEASE SAVEPOINT ${name}`);
        return value;
      } catch (error) {
        await tx.query(`ROLLBACK TO SAVEPOINT ${name}`);
        throw error;
      }
    },
    claims: outer.claims,
    close: async () => {},
  };
}

/** Runs `work` on a database whose every write is undone at the end; answers what `work` answered. */
export async function dryRun<T>(database: Database, work: (db: Database) => Promise<T>): Promise<T> {
  try {
    await database.transaction(async (tx) => { throw new RolledBack(await work(insideOf(database, tx))); });
  } catch (end) {
    if (end instanceof RolledBack) return end.value as T;
    throw end;
  }
  throw new Error('dryRun: the transaction was not rolled back'); // unreachable: the work's end always throws
}
