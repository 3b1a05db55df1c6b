// What a card payment reads of its company: its settings (routes, split, standby) and its
// provider faults, in one statement, kept per process for the requests that come with a stamp
// (taken with their credential, auth/credentials.ts). On PGlite the stamp is the cache epoch, a
// counter every write to company_settings, provider_faults or credentials bumps in its own
// transaction (a trigger, db/migrations.ts), read with the credential: a request that starts
// after a change was committed reads a newer epoch and misses. On PostgreSQL it is this process's
// live stamp (db/change-stamp.ts), moved by the same trigger's NOTIFY and by this process's own
// writes, and an entry is served for STAMP_WINDOW_MS at most. An entry is kept under the stamp
// taken before its read: it is never older than its stamp.
import { stillFresh } from '../../db/change-stamp.js';
import type { Queryable } from '../../db/database.js';
import { DEFAULT_COMPANY_ROUTES, type CompanySettingsDoc } from '../../store/company-settings.js';
import type { ProviderFault } from './faults.js';

export interface CompanyState {
  settings: CompanySettingsDoc;
  /** Every fault of the company, in the order made (faults.ts `inForce` picks those of an instant). */
  faults: ProviderFault[];
}

/** Companies kept per database at most: past it the cache starts again (a sandbox has few). */
const MAX_COMPANIES = 10_000;
const caches = new WeakMap<Queryable, Map<string, { epoch: string; at: number; state: CompanyState }>>();

async function readCompanyState(db: Queryable, companyId: string): Promise<CompanyState> {
  const [row] = await db.query<{ settings: CompanySettingsDoc | null; faults: ProviderFault[] }>(
    `SELECT (SELECT data FROM company_settings WHERE company_id = $1) AS settings,
      (SELECT coalesce(jsonb_agg(data ORDER BY seq), '[]'::jsonb) FROM provider_faults WHERE company_id = $1) AS faults`, [companyId]);
  return { settings: row?.settings ?? { companyId, routes: structuredClone([...DEFAULT_COMPANY_ROUTES]) }, faults: row?.faults ?? [] };
}

/**
 * The company's state: from `cacheOf`'s cache when stamped with `epoch`, else read through `db`
 * (the caller's transaction) and kept under `epoch`. No epoch (work no request started, the
 * test clock's renewals): always read. Callers must not change what they are given.
 */
export async function companyState(cacheOf: Queryable, db: Queryable, companyId: string, epoch?: string): Promise<CompanyState> {
  if (epoch === undefined) return readCompanyState(db, companyId);
  let cache = caches.get(cacheOf);
  if (!cache) caches.set(cacheOf, (cache = new Map()));
  const kept = cache.get(companyId);
  if (kept?.epoch === epoch && stillFresh(epoch, kept.at)) return kept.state;
  const at = performance.now();
  const state = deepFreeze(await readCompanyState(db, companyId));
  if (cache.size >= MAX_COMPANIES) cache.clear();
  cache.set(companyId, { epoch, at, state });
  return state;
}

/** Shared by every request of the epoch: a change in place would be a bug, so it throws. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}
