// Export endpoints (4.1: "a JSON array"): streamed in keyset batches over the
// indexed (company_id, created_at|updated_at, id), so memory stays bounded
// however many records go out (at most `max`).
import { Readable } from 'node:stream';
import type { Queryable } from './database.js';
import { whereOf, type Filter, type ListParams } from './list.js';

const BATCH = 1_000;

export function exportStream(db: Queryable, table: string, companies: string[], params: Omit<ListParams, 'page' | 'limit'>, filters: Filter[], max: number): Readable {
  const { where, values, column } = whereOf(companies, params, filters);
  const desc = params['sort.direction'] !== 'asc';
  const after = desc ? '<' : '>';
  let sent = 0;
  let last: { at: string; id: string } | undefined;
  async function* chunks() {
    yield '[';
    while (sent < max) {
      const take = Math.min(BATCH, max - sent);
      const keyset = last ? ` AND (${column}, id) ${after} ($${values.length + 1}::timestamptz, $${values.length + 2})` : '';
      const rows = await db.query<{ data: unknown; at: string | Date; id: string }>(
        `SELECT data, ${column} AS at, id FROM ${table} WHERE ${where}${keyset} ORDER BY ${column} ${desc ? 'DESC' : 'ASC'}, id ${desc ? 'DESC' : 'ASC'} LIMIT ${take}`,
        last ? [...values, last.at, last.id] : values);
      if (rows.length === 0) break;
      yield rows.map((row, i) => (sent + i === 0 ? '' : ',') + JSON.stringify(row.data)).join('');
      sent += rows.length;
      const tail = rows[rows.length - 1]!;
      last = { at: tail.at instanceof Date ? tail.at.toISOString() : String(tail.at), id: tail.id };
      if (rows.length < take) break;
    }
    yield ']';
  }
  return Readable.from(chunks());
}
