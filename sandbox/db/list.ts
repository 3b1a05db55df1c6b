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

/** WHERE clauses and parameters for the companies, the filters and the range. */
export function whereOf(companies: string[], params: Partial<ListParams>, filters: Filter[]): { where: string; values: unknown[]; column: string } {
  const column = params['sort.property'] === 'lastUpdate' ? 'updated_at' : 'created_at';
  const all: Filter[] = [['company_id = ANY(?)', companies], ...filters];
  if (params['range.start']) all.push([`${column} >= ?`, params['range.start']]);
  if (params['range.end']) all.push([`${column} <= ?`, params['range.end']]);
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
