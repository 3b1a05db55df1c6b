// A transaction by `transactionId` or `tid` within the caller's companies
// (4.3); `lock` takes its row lock inside a database transaction. Another
// company's is 403, an unknown one 404 (not-yours.ts).
import type { Queryable } from '../db/database.js';
import { missingOrForeign } from './not-yours.js';
import type { TransactionDoc } from './tables.js';

export interface TransactionRef { transactionId?: string; tid?: string }

export async function findTransaction(db: Queryable, companies: string[], ref: TransactionRef, lock = false): Promise<TransactionDoc> {
  const rows = await db.query<{ data: TransactionDoc }>(
    `SELECT data FROM transactions WHERE company_id = ANY($1) AND ($2::text IS NULL OR id = $2) AND ($3::text IS NULL OR tid = $3)${lock ? ' FOR UPDATE' : ''}`,
    [companies, ref.transactionId ?? null, ref.tid ?? null]);
  if (!rows[0]) {
    const named = `${ref.transactionId ? `transactionId ${ref.transactionId}` : ''}${ref.transactionId && ref.tid ? ' and ' : ''}${ref.tid ? `tid ${ref.tid}` : ''}`;
    throw await missingOrForeign(db, 'transactions', { id: ref.transactionId, tid: ref.tid }, `transaction with ${named}`, 'this company');
  }
  return rows[0].data;
}
