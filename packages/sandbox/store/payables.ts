// Payables (schemas/payable.ts), one row per recipient of a paid transaction
// (and per installment of a credit card sale in installments); company_id is the recipient, so its list is a company-scoped list.
import type { Static } from 'typebox';
import type { Queryable } from '../db/database.js';
import { defineTable } from '../db/table.js';
import type { Payable } from '../schemas/payable.js';

export type PayableDoc = Static<typeof Payable>;

export const payables = defineTable<PayableDoc>('payables', {
  paying_company_id: (d) => d.payingCompanyId, transaction_id: (d) => d.transactionId, available_on: (d) => d.availableOn,
});

/** A transaction's payables in the order they were made: its split's rule order, then installment. */
export async function payablesOf(db: Queryable, transactionId: string, lock = false): Promise<PayableDoc[]> {
  const rows = await db.query<{ data: PayableDoc }>(
    `SELECT data FROM payables WHERE transaction_id = $1 ORDER BY created_at, (data->>'ruleIndex')::int, (data->>'installment')::int, id${lock ? ' FOR UPDATE' : ''}`, [transactionId]);
  return rows.map((r) => r.data);
}

/** The paying company's clock reached `day`: its WAITING_FUNDS payables due by then become PAID. */
export async function releaseDuePayables(db: Queryable, payingCompanyId: string, day: string, at: Date): Promise<number> {
  const rows = await db.query<{ data: PayableDoc }>(
    "SELECT data FROM payables WHERE paying_company_id = $1 AND status = 'WAITING_FUNDS' AND available_on <= $2 ORDER BY id FOR UPDATE", [payingCompanyId, day]);
  for (const { data } of rows) await payables.update(db, { ...data, status: 'PAID', updatedAt: at.toISOString() });
  return rows.length;
}
