// One interface over PGlite (embedded, default) and a PostgreSQL server (pg,
// when DATABASE_URL is set): the same SQL and migrations run on both.
import type { Claims } from './claims.js';
import type { FolderLock } from './folder-lock.js';
import { migrate } from './migrations.js';
import type { WriteBuffer } from './write-buffer.js';
import { withTurns, type Turns } from './turns.js';

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Set when writes are held and written set-wise (write-buffer.ts); any query writes them first. */
  readonly writes?: WriteBuffer;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one database transaction (BEGIN ... COMMIT, ROLLBACK on a throw). */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Work taken by one process at a time (claims.ts): advisory locks on PostgreSQL, memory on PGlite. */
  readonly claims: Claims;
  /** A PGlite folder's lock, held until close (folder-lock.ts). */
  readonly lock?: FolderLock;
  /**
   * PostgreSQL only (other processes share the database): calls `onMessage` with each
   * NOTIFY on `channel`, and `onReconnect` when its connection was lost and is back
   * (notifications may have been missed meanwhile).
   */
  listen?(channel: string, onMessage: (payload: string) => void, onReconnect: () => void): Promise<void>;
  close(): Promise<void>;
  /** Background work's turn (turns.ts); set by openDatabase. */
  backgroundTurn?: Turns['backgroundTurn'];
}

export interface StorageOptions {
  /** A PostgreSQL connection string; wins over the other two. */
  databaseUrl?: string;
  /** PGlite's data folder, kept across restarts. */
  dataDir?: string;
  /** PGlite in memory (tests): everything is gone at close. */
  memory?: boolean;
}

/** Opens the database the options name and brings its schema up to date. */
export async function openDatabase(options: StorageOptions): Promise<Database> {
  let db: Database;
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres.js');
    db = await openPostgres(options.databaseUrl);
  } else {
    if (!options.memory && !options.dataDir) throw new Error('storage: give dataDir, memory: true or databaseUrl');
    const { openMemoryPglite, openPglite } = await import('./pglite.js');
    db = options.memory ? await openMemoryPglite(migrate) : await openPglite(options.dataDir!);
  }
  db = withTurns(db);
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
