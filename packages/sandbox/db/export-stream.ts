// Export endpoints (4.1: "a JSON array"): streamed in keyset batches over the
// indexed (company_id, created_at|updated_at, id), so memory stays bounded
// however many records go out (at most `max`). An answer never starts what it
// cannot finish: the first batch is read before the first byte, so a filter
// the database refuses, or more matching records than `max` (checked first),
// is an ordinary error answer; a failure after the first
// byte destroys the stream, so the connection ends without the closing `]`
// and without the last chunk of the chunked encoding (a client's JSON parse
// and its HTTP reader both fail: never a short array taken for a whole one).
// Between pages the export yields its turn (turns.ts): on PGlite a page is
// read on this thread, and a socket that keeps up never pushes back, so
// without it a 100,000-record export held every other request for 20-30 s.
import { Readable } from 'node:stream';
import type { Database, Queryable } from './database.js';
import { yieldTurn } from './turns.js';
import { whereOf, type Filter, type ListParams } from './list.js';
import { fieldError, invalid } from '../base/errors.js';

export const EXPORT_BATCH = 1_000;
/** PGlite has one connection (a data folder's on its thread, memory's on this one): smaller pages, so a request's query waits behind one page at most a few ms. */
export const PGLITE_EXPORT_BATCH = 200;

type Row = { data: unknown; at: string | Date; id: string };

export async function exportStream(db: Queryable & Partial<Pick<Database, 'kind' | 'backgroundTurn'>>, table: string, companies: string[], params: Omit<ListParams, 'page' | 'limit'>, filters: Filter[], max: number,
  batch = db.kind === 'pglite' ? PGLITE_EXPORT_BATCH : EXPORT_BATCH): Promise<Readable> {
  const { where, values, column } = whereOf(companies, params, filters);
  const desc = params['sort.direction'] !== 'asc';
  const after = desc ? '<' : '>';
  let last: { at: string; id: string } | undefined;
  const read = (take: number) => {
    const keyset = last ? ` AND (${column}, id) ${after} ($${values.length + 1}::timestamptz, $${values.length + 2})` : '';
    return db.query<Row>(
      `SELECT data, ${column} AS at, id FROM ${table} WHERE ${where}${keyset} ORDER BY ${column} ${desc ? 'DESC' : 'ASC'}, id ${desc ? 'DESC' : 'ASC'} LIMIT ${take}`,
      last ? [...values, last.at, last.id] : values);
  };
  // More matching records than the export may hold: refused before the first byte. A whole
  // array of the first `max` would be read as every record (a reconciliation missing the rest).
  const beyond = await db.query(`SELECT 1 FROM ${table} WHERE ${where} ORDER BY ${column}, id OFFSET ${max} LIMIT 1`, values);
  if (beyond.length) {
    throw invalid(fieldError('range.start', `more than ${max.toLocaleString('en')} ${table} match this export, its limit: narrow range.start and range.end (or a filter) and export in parts`, 'query'));
  }
  const first = await read(Math.min(batch, max));
  async function* chunks() {
    yield '[';
    let sent = 0;
    let rows = first;
    let take = Math.min(batch, max);
    for (;;) {
      if (rows.length === 0) break;
      yield rows.map((row, i) => (sent + i === 0 ? '' : ',') + JSON.stringify(row.data)).join('');
      sent += rows.length;
      const tail = rows[rows.length - 1]!;
      last = { at: tail.at instanceof Date ? tail.at.toISOString() : String(tail.at), id: tail.id };
      if (rows.length < take || sent >= max) break;
      take = Math.min(batch, max - sent);
      await yieldTurn(db);
      rows = await read(take);
    }
    yield ']';
  }
  return Readable.from(chunks());
}
