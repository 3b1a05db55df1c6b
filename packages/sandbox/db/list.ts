// One page of a resource table (db/table.ts) for a list endpoint: the
// company scope, the resource's filters, a range on the sorted column, then
// ORDER BY the indexed (company_id, created_at|updated_at, id).
import type { Queryable } from './database.js';

export interface ListParams {
  page: number; limit: number; 'sort.direction': 'asc' | 'desc'; 'sort.property': 'createdAt' | 'lastUpdate';
  'range.start'?: string; 'range.end'?: string;
}
/** A condition with a `?` per value, in order, e.g. `['status = ?', 'ACTIVE']`. */
export type Filter = [sql: string, ...values: unknown[]];

export interface PageOf<Doc> { items: Doc[]; has_more: boolean; limit: number; total_pages: number; page: number; total: number; query_count: number }

/**
 * A date-time the schema accepted (RFC 3339: offsets to ±23:59, a leap second
 * :60) as milliseconds since the epoch in UTC.
 */
export function epochMs(dateTime: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})[Tt\s](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:[Zz]|([+-])(\d{2})(?::?(\d{2}))?)$/.exec(dateTime);
  if (!m) return Number.NaN;
  const [, y, mo, d, h, mi, s, fraction = '', sign, oh = '0', om = '0'] = m;
  const at = new Date(0);
  at.setUTCFullYear(Number(y), Number(mo) - 1, Number(d));
  at.setUTCHours(Number(h), Number(mi), Math.min(Number(s), 59), Number(fraction.padEnd(3, '0').slice(0, 3)));
  const offset = (Number(oh) * 60 + Number(om)) * 60_000 * (sign === '-' ? -1 : 1);
  return at.getTime() - offset;
}

/** WHERE clauses and parameters for the companies, the filters and the range. */
export function whereOf(companies: string[], params: Partial<ListParams>, filters: Filter[]): { where: string; values: unknown[]; column: string } {
  const column = params['sort.property'] === 'lastUpdate' ? 'updated_at' : 'created_at';
  const all: Filter[] = [['company_id = ANY(?)', companies], ...filters];
  // As an instant (epoch ms): any offset the date-time format allows (up to ±23:59) and any year, never PostgreSQL's parse.
  if (params['range.start']) all.push([`${column} >= to_timestamp(?::double precision / 1000)`, epochMs(params['range.start'])]);
  if (params['range.end']) all.push([`${column} <= to_timestamp(?::double precision / 1000)`, epochMs(params['range.end'])]);
  const values: unknown[] = [];
  const where = all.map(([sql, ...given]) => {
    let next = 0;
    return sql.replace(/\?/g, () => { values.push(given[next++]); return `$${values.length}`; });
  }).join(' AND ');
  return { where, values, column };
}

export async function listPage<Doc>(db: Queryable, table: string, companies: string[], params: ListParams, filters: Filter[] = []): Promise<PageOf<Doc>> {
  const { where, values, column } = whereOf(companies, params, filters);
  const direction = params['sort.direction'] === 'asc' ? 'ASC' : 'DESC';
  const [counted] = await db.query<{ total: string | number }>(`SELECT count(*) AS total FROM ${table} WHERE ${where}`, values);
  const total = Number(counted?.total ?? 0);
  const rows = await db.query<{ data: Doc }>(
    `SELECT data FROM ${table} WHERE ${where} ORDER BY ${column} ${direction}, id ${direction} LIMIT ${params.limit} OFFSET ${(params.page - 1) * params.limit}`, values);
  const totalPages = Math.ceil(total / params.limit);
  return { items: rows.map((r) => r.data), has_more: params.page < totalPages, limit: params.limit, total_pages: totalPages, page: params.page, total, query_count: rows.length };
}

/** The companies a list reads: the one asked for (already checked by the guard), or all of the credential's. */
export const scopeOf = (credentialCompanies: string[], companyId?: string) => (companyId ? [companyId] : credentialCompanies);
