// Part 5 rule 5 / part 7: a record of another company is 403 forbidden, an
// unknown id 404 not_found. Told apart only by whether the id exists at all:
// ids are random (24 hex digits), so a 403 says nothing a caller could not
// only learn by already holding the id (the description: "Foreign ids").
import type { Queryable } from '../db/database.js';
import { forbidden, notFound, type ApiError } from '../base/errors.js';

/** The refusal for `what` (e.g. "transaction 65f…") that the caller's companies do not hold: 403 when another company has it, else 404. */
export async function missingOrForeign(db: Queryable, table: string, where: Record<string, string | undefined>, what: string, scope: string): Promise<ApiError> {
  const given = Object.entries(where).filter(([, value]) => value !== undefined);
  const rows = await db.query(`SELECT 1 FROM ${table} WHERE ${given.map(([column], i) => `${column} = $${i + 1}`).join(' AND ')} LIMIT 1`, given.map(([, value]) => value));
  return rows.length > 0 ? forbidden(`${what} belongs to another company: this credential has no access to it`) : notFound(`no ${what} in ${scope}`);
}
