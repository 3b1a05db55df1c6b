// PIX Automático mandates as stored (migrations.ts: table mandates), found by
// their subscription (a subscription has at most one PENDING or ACTIVE).
import type { Static } from 'typebox';
import type { Queryable } from '../db/database.js';
import { defineTable } from '../db/table.js';
import type { Mandate } from '../schemas/mandate.js';

export type MandateDoc = Static<typeof Mandate>;
export const mandates = defineTable<MandateDoc>('mandates', { subscription_id: (d) => d.subscriptionId });

/** The subscription's mandate that is PENDING or ACTIVE, if any (row-locked with `lock`). */
export async function liveMandateOf(db: Queryable, subscriptionId: string, lock = false): Promise<MandateDoc | undefined> {
  const [row] = await db.query<{ data: MandateDoc }>(`SELECT data FROM mandates WHERE subscription_id = $1 AND status IN ('PENDING', 'ACTIVE') ORDER BY created_at DESC, id LIMIT 1${lock ? ' FOR UPDATE' : ''}`, [subscriptionId]);
  return row?.data;
}

/**
 * liveMandateOf for a set of subscriptions in one statement (the clock's chunk, billing/engine.ts), row-locked:
 * each one's PENDING or ACTIVE mandate, the latest first as liveMandateOf picks it.
 */
export async function liveMandatesOf(db: Queryable, subscriptionIds: string[]): Promise<Map<string, MandateDoc>> {
  const found = new Map<string, MandateDoc>();
  if (!subscriptionIds.length) return found;
  const rows = await db.query<{ data: MandateDoc }>(`SELECT data FROM mandates WHERE subscription_id = ANY($1) AND status IN ('PENDING', 'ACTIVE')
    ORDER BY subscription_id, created_at DESC, id FOR UPDATE`, [subscriptionIds]);
  for (const { data } of rows) if (!found.has(data.subscriptionId)) found.set(data.subscriptionId, data);
  return found;
}

/** The company's PENDING mandates whose last day is before `day`, row-locked (the clock's mandateExpired row). */
export async function mandatesLapsedBefore(db: Queryable, companyId: string, day: string): Promise<MandateDoc[]> {
  return (await db.query<{ data: MandateDoc }>("SELECT data FROM mandates WHERE company_id = $1 AND status = 'PENDING' AND data->>'expiresOn' < $2 ORDER BY id FOR UPDATE", [companyId, day])).map((r) => r.data);
}
