// The companies the sandbox knows: those a sandbox credential names (the seed's
// credential names company_demo; `npm run sandbox -- credential --companies x`
// and createCredential make more). Only such a company can sign in to read
// what it is owed, so only it can be a split recipient.
import type { Queryable } from '../db/database.js';

/** Which of `companyIds` the sandbox knows. */
export async function knownCompanies(db: Queryable, companyIds: readonly string[]): Promise<Set<string>> {
  if (companyIds.length === 0) return new Set();
  const rows = await db.query<{ company: string }>(
    'SELECT DISTINCT company FROM credentials, jsonb_array_elements_text(companies) AS company WHERE company = ANY($1)', [[...new Set(companyIds)]]);
  return new Set(rows.map((r) => r.company));
}
