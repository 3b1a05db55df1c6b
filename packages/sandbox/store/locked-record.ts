// The company's record, locked for a move (SELECT ... FOR UPDATE inside the
// caller's transaction): what every sandbox action on a record starts with.
import type { Queryable } from '../db/database.js';
import type { Stored, Table } from '../db/table.js';
import { missingOrForeign } from './not-yours.js';

/** `noun` names one record in the refusal ("alert 65f…"): 404 unknown, 403 another company's. */
export async function lockedRecord<Doc extends Stored>(tx: Queryable, table: Table<Doc>, noun: string, companyId: string, id: string): Promise<Doc> {
  const record = await table.get(tx, companyId, id, true);
  if (!record) throw await missingOrForeign(tx, table.name, { id }, `${noun} ${id}`, 'this company');
  return record;
}
