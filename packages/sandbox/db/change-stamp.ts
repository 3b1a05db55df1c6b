// What a process caches of the few tables every request reads and that rarely change
// (credentials, company_settings, provider_faults: auth/credentials.ts,
// domain/payments/company-state.ts) is kept under a stamp; an entry whose stamp is no longer
// current is a miss. On PostgreSQL the stamp moves:
// - when a change is notified: a trigger on those tables sends NOTIFY sandbox_cache at the
//   writer's commit (db/migrations.ts), whoever wrote (this process, another, psql);
// - when this process writes one itself (changed(), right after its write: no wait for the
//   notification, so this process refuses a revoked key at once);
// - when the listening connection comes back (notifications may have been lost meanwhile);
// And an entry older than STAMP_WINDOW_MS is a miss whatever happens: a change is seen within
// that bound even if its notification never came (a connection lost without a word).
// An entry is kept under the stamp taken before its read, so a read that raced a change is never
// served after it. PGlite has no stamp (one process, but raw SQL in it is seen by nothing):
// callers read the database's cache_epoch with the credential, each request.
import type { Database } from './database.js';

export const CACHE_CHANNEL = 'sandbox_cache';
/** The longest an entry is served without a read (a change whose notification was lost: seen within this). */
export const STAMP_WINDOW_MS = 1_000;
/** The bound in force: STAMP_WINDOW_MS (tests that count statements lengthen it). */
export const stampWindow = { ms: STAMP_WINDOW_MS };

let generation = 0;
const watched = new WeakSet<Database>();

/** On PostgreSQL, listens for changes of the cached tables; from then on stampOf(db) gives stamps. */
export async function watchChanges(db: Database): Promise<void> {
  if (!db.listen || watched.has(db)) return;
  await db.listen(CACHE_CHANNEL, changed, changed);
  watched.add(db);
}

/** A cached table changed: every stamp taken before is stale, in this process. */
export function changed(): void {
  generation++;
}

/** The current stamp, or undefined where nothing may be cached this way (PGlite, or not watched). */
export function stampOf(db: Database): string | undefined {
  return watched.has(db) ? `live:${generation}` : undefined;
}

/** Whether an entry kept under `stamp` at `keptAt` (performance.now()) may still be served: a live stamp's entry for stampWindow.ms. */
export function stillFresh(stamp: string, keptAt: number): boolean {
  return !stamp.startsWith('live:') || performance.now() - keptAt < stampWindow.ms;
}
