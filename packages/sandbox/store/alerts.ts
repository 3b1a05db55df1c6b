// Alert reads: the one alert of a type on a transaction (a network sends one notice per transaction).
import type { Queryable } from '../db/database.js';
import type { AlertDoc, TransactionDoc } from './tables.js';

export async function alertOf(db: Queryable, transaction: TransactionDoc, type: AlertDoc['type']): Promise<AlertDoc | undefined> {
  const [row] = await db.query<{ data: AlertDoc }>('SELECT data FROM alerts WHERE company_id = $1 AND transaction_id = $2 AND type = $3', [transaction.companyId, transaction._id, type]);
  return row?.data;
}

/** NETWORK_A alerts still CREATED whose respondBy is before `day` (the test clock's alertLapsed row), row-locked. */
export const alertsLapsedBefore = async (db: Queryable, companyId: string, day: string) =>
  (await db.query<{ data: AlertDoc }>("SELECT data FROM alerts WHERE company_id = $1 AND status = 'CREATED' AND type = 'NETWORK_A' AND data->>'respondBy' < $2 ORDER BY created_at, id FOR UPDATE", [companyId, day])).map((r) => r.data);
