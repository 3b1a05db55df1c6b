// The transaction that paid a charge (the latest PAID one of it), under its row lock, for the anticipation of its payables.
import type { Queryable } from '../db/database.js';
import type { ChargeDoc, TransactionDoc } from './tables.js';

export async function payingTransactionOf(db: Queryable, charge: ChargeDoc): Promise<TransactionDoc | undefined> {
  const rows = await db.query<{ data: TransactionDoc }>(
    "SELECT data FROM transactions WHERE company_id = $1 AND charge_id = $2 AND status = 'PAID' ORDER BY created_at DESC, id DESC LIMIT 1 FOR UPDATE", [charge.companyId, charge._id]);
  return rows[0]?.data;
}
