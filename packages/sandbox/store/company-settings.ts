// The company's routes and split (schemas/company.ts), one row per company in
// company_settings. A company that never set them has the defaults below.
import type { Static } from 'typebox';
import { changed } from '../db/change-stamp.js';
import type { Queryable } from '../db/database.js';
import type { CompanySettings } from '../schemas/company.js';

export type CompanySettingsDoc = Static<typeof CompanySettings>;
export type RouteDoc = CompanySettingsDoc['routes'][number];

const everyCard = { brandCard: { all: true, list: [] }, modality: { initial: true, recurring: true } };

/** What a new sandbox company pays through: two simulated acquirers for every brand and payment, so a fault on the first shows the failover. */
export const DEFAULT_COMPANY_ROUTES: readonly RouteDoc[] = Object.freeze([
  { id: 'provider_01', integrationId: 'sandbox-primary', name: 'Sandbox acquirer 1', active: true, order: 1, settings: everyCard },
  { id: 'provider_02', integrationId: 'sandbox-secondary', name: 'Sandbox acquirer 2', active: true, order: 2, settings: everyCard },
]);

export async function getCompanySettings(db: Queryable, companyId: string): Promise<CompanySettingsDoc> {
  const [row] = await db.query<{ data: CompanySettingsDoc }>('SELECT data FROM company_settings WHERE company_id = $1', [companyId]);
  return row?.data ?? { companyId, routes: structuredClone([...DEFAULT_COMPANY_ROUTES]) };
}

/** Replaces the members given (routes, split, standby), keeping the others. */
export async function putCompanySettings(db: Queryable, companyId: string, patch: Partial<Pick<CompanySettingsDoc, 'routes' | 'split' | 'standby'>>, at: Date): Promise<CompanySettingsDoc> {
  const current = await getCompanySettings(db, companyId);
  const next: CompanySettingsDoc = { ...current, ...patch, companyId, updatedAt: at.toISOString() };
  await db.query(`INSERT INTO company_settings (company_id, data) VALUES ($1, $2)
    ON CONFLICT (company_id) DO UPDATE SET data = $2`, [companyId, JSON.stringify(next)]);
  changed(); // this process's cached company reads (db/change-stamp.ts)
  return next;
}
