// The events list (GET /sandbox/v1/events): a company's events in the order they were made.
import type { Queryable } from '../db/database.js';
import type { SandboxEvent } from '../events.js';

export interface EventQuery { companyId: string; types: readonly string[]; afterSeq: number; limit: number }

/** The company's events of `types` made after `afterSeq`, oldest first, each with its sequence number. */
export async function listEvents(db: Queryable, { companyId, types, afterSeq, limit }: EventQuery): Promise<(SandboxEvent & { seq: number })[]> {
  const rows = await db.query<{ data: SandboxEvent; seq: string | number }>(
    'SELECT data, seq FROM events WHERE company_id = $1 AND type = ANY($2) AND seq > $3 ORDER BY seq LIMIT $4', [companyId, types, afterSeq, limit]);
  return rows.map((row) => ({ ...row.data, seq: Number(row.seq) }));
}
