// Faults a merchant injects into a simulated provider for a span of the
// company's test clock (POST /sandbox/v1/faults), to watch failover: the
// provider is unavailable, times out, or answers slowly; or it refuses refunds
// (refund_refused: a NETWORK_B alert's refund fails, ERROR_REFUNDED); or it
// takes the request and answers later (delayed: PROCESSING, settled by the clock).
import { changed } from '../../db/change-stamp.js';
import type { Queryable } from '../../db/database.js';

import { FAULT_KINDS } from '../../schemas/faults.js';

export type FaultKind = (typeof FAULT_KINDS)[number];

export interface ProviderFault {
  _id: string;
  companyId: string;
  providerId: string;
  kind: FaultKind;
  /** `slow` only: how long the provider takes to answer. */
  delayMs?: number;
  /** The span on the company's clock: from startsAt (inclusive) to endsAt (exclusive). */
  startsAt: string;
  endsAt: string;
  createdAt: string;
}

export async function insertFault(db: Queryable, fault: ProviderFault): Promise<ProviderFault> {
  await db.query('INSERT INTO provider_faults (id, company_id, provider_id, starts_at, ends_at, data) VALUES ($1, $2, $3, $4, $5, $6)',
    [fault._id, fault.companyId, fault.providerId, fault.startsAt, fault.endsAt, JSON.stringify(fault)]);
  changed(); // this process's cached company reads (db/change-stamp.ts)
  return fault;
}

/** Faults of the company in force at `at`, by provider; of two on one provider, the one made last wins. */
export async function faultsAt(db: Queryable, companyId: string, at: Date): Promise<Map<string, ProviderFault>> {
  const rows = await db.query<{ data: ProviderFault }>(
    'SELECT data FROM provider_faults WHERE company_id = $1 AND starts_at <= $2 AND ends_at > $2 ORDER BY seq', [companyId, at.toISOString()]);
  return new Map(rows.map(({ data }) => [data.providerId, data]));
}

/** Of `faults` (in the order made), those in force at `at`, by provider, as faultsAt answers. */
export function inForce(faults: readonly ProviderFault[], at: Date): Map<string, ProviderFault> {
  const instant = at.getTime();
  return new Map(faults.filter((f) => Date.parse(f.startsAt) <= instant && Date.parse(f.endsAt) > instant).map((f) => [f.providerId, f]));
}

export async function listFaults(db: Queryable, companyId: string): Promise<ProviderFault[]> {
  return (await db.query<{ data: ProviderFault }>('SELECT data FROM provider_faults WHERE company_id = $1 ORDER BY seq', [companyId])).map((r) => r.data);
}

/** Ends the company's faults (one, or all); answers how many were removed. */
export async function clearFaults(db: Queryable, companyId: string, faultId?: string): Promise<number> {
  const rows = await db.query('DELETE FROM provider_faults WHERE company_id = $1 AND ($2::text IS NULL OR id = $2) RETURNING id', [companyId, faultId ?? null]);
  changed();
  return rows.length;
}
