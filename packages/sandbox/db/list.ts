// One page of a resource table (db/table.ts) for a list endpoint: the
// company scope, the resource's filters, a range on the sorted column, then
// ORDER BY the indexed (company_id, created_at|updated_at, id). A page is
// found by OFFSET over the index alone (the ids first, then their rows), or
// by keyset from a cursor (the next page seeks past the last row: no OFFSET);
// `total` is exact up to TOTAL_EXACT_MAX, an estimate above (docs/lists.ts).
import { createHash } from 'node:crypto';
import type { Queryable } from './database.js';
import { fieldError, invalid } from '../base/errors.js';
import { LIST_DEFAULTS, PAGE_MAX, TOTAL_EXACT_MAX } from '../schemas/list.js';

/** A list's query as the description has it: page, limit and the sort may be left out (LIST_DEFAULTS). */
export interface ListParams {
  page?: number; limit?: number; 'sort.direction'?: 'asc' | 'desc'; 'sort.property'?: 'createdAt' | 'lastUpdate';
  'range.start'?: string; 'range.end'?: string; cursor?: string;
}
type FilledParams = ListParams & { [K in keyof typeof LIST_DEFAULTS]-?: NonNullable<ListParams[K]> };

/** The query with every default filled in. */
export const withListDefaults = (params: ListParams): FilledParams => ({ ...params, ...Object.fromEntries(Object.entries(LIST_DEFAULTS).map(([name, value]) => [name, params[name as keyof typeof LIST_DEFAULTS] ?? value])) }) as FilledParams;
/** A condition with a `?` per value, in order, e.g. `['status = ?', 'ACTIVE']`. */
export type Filter = [sql: string, ...values: unknown[]];

export interface PageOf<Doc> { items: Doc[]; has_more: boolean; limit: number; total_pages: number; page: number; total: number; query_count: number; next_cursor?: string }

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

/** `?` placeholders as $1, $2, ... from `first` on, joined by AND. */
function numbered(all: Filter[], values: unknown[]): string {
  return all.map(([sql, ...given]) => {
    let next = 0;
    return sql.replace(/\?/g, () => { values.push(given[next++]); return `$${values.length}`; });
  }).join(' AND ');
}

/** The resource's filters and the range on the sorted column (no company). */
function conditionsOf(params: Partial<ListParams>, filters: Filter[]): { conditions: Filter[]; column: string } {
  const column = params['sort.property'] === 'lastUpdate' ? 'updated_at' : 'created_at';
  const conditions: Filter[] = [...filters];
  // Reversed (end before start) it holds nothing: a swapped pair, refused rather than answered empty.
  if (params['range.start'] && params['range.end'] && epochMs(params['range.end']) < epochMs(params['range.start']))
    throw invalid(fieldError('range.end', `range.end ${params['range.end']} is before range.start ${params['range.start']}: the range holds nothing (swapped?)`, 'query'));
  // As an instant (epoch ms): any offset the date-time format allows (up to ±23:59) and any year, never PostgreSQL's parse.
  if (params['range.start']) conditions.push([`${column} >= to_timestamp(?::double precision / 1000)`, epochMs(params['range.start'])]);
  if (params['range.end']) conditions.push([`${column} <= to_timestamp(?::double precision / 1000)`, epochMs(params['range.end'])]);
  return { conditions, column };
}

/**
 * WHERE clauses and parameters for the companies, the filters and the range.
 * One company is an equality, so the (company_id, sorted column, id) index
 * gives the order (`= ANY` of one does not, and PostgreSQL sorts every row).
 */
export function whereOf(companies: string[], params: Partial<ListParams>, filters: Filter[]): { where: string; values: unknown[]; column: string } {
  const { conditions, column } = conditionsOf(params, filters);
  const scope: Filter = companies.length === 1 ? ['company_id = ?', companies[0]] : ['company_id = ANY(?)', companies];
  const values: unknown[] = [];
  return { where: numbered([scope, ...conditions], values), values, column };
}

/** What a cursor carries: the page it opens, the last row's sort key, and the query it belongs to. */
interface Cursor { p: number; at: string; id: string; q: string }

const fingerprint = (table: string, companies: string[], params: FilledParams, filters: Filter[]) =>
  createHash('sha256').update(JSON.stringify([table, [...companies].sort(), filters, params.limit, params['sort.direction'], params['sort.property'],
    params['range.start'] ?? null, params['range.end'] ?? null])).digest('base64url').slice(0, 16);

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(text: string, q: string): Cursor {
  let cursor: Partial<Cursor> | undefined;
  try { cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')); } catch { cursor = undefined; }
  // at: microseconds since the epoch, within the years PostgreSQL's timestamptz holds (-4713 to 294276): bounded well inside.
  if (!cursor || typeof cursor !== 'object' || !Number.isSafeInteger(cursor.p) || cursor.p! < 2 || cursor.p! > PAGE_MAX || typeof cursor.at !== 'string' || !/^-?\d{1,18}$/.test(cursor.at)
    || BigInt(cursor.at) < -200_000_000_000_000_000n || BigInt(cursor.at) > 250_000_000_000_000_000n || typeof cursor.id !== 'string' || typeof cursor.q !== 'string') {
    throw invalid(fieldError('cursor', 'cursor is not one this list gave (pass next_cursor as it was answered)', 'query'));
  }
  if (cursor.q !== q) throw invalid(fieldError('cursor', 'cursor belongs to another query: keep limit, sort, range, filters and companyId as they were when it was answered', 'query'));
  return cursor as Cursor;
}

/** Exact up to TOTAL_EXACT_MAX; above, the planner's estimate, never below what is known to exist. */
async function totalOf(db: Queryable, table: string, where: string, values: unknown[], known: number): Promise<number> {
  const [counted] = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM (SELECT 1 FROM ${table} WHERE ${where} LIMIT ${TOTAL_EXACT_MAX + 1}) AS capped`, values);
  const exact = Number(counted?.n ?? 0);
  if (exact <= TOTAL_EXACT_MAX) return exact;
  const [plan] = await db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${table} WHERE ${where}`, values);
  const raw = plan?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: { 'Plan Rows': number } }] | undefined;
  const estimate = Math.round(Number(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0)) || 0;
  return Math.max(estimate, exact, known);
}

export async function listPage<Doc>(db: Queryable, table: string, companies: string[], query: ListParams, filters: Filter[] = []): Promise<PageOf<Doc>> {
  const params = withListDefaults(query);
  const q = fingerprint(table, companies, params, filters);
  const cursor = params.cursor ? decodeCursor(params.cursor, q) : undefined;
  const page = cursor ? cursor.p : params.page;
  const offset = cursor ? 0 : (page - 1) * params.limit;
  const { conditions, column } = conditionsOf(params, filters);
  const desc = params['sort.direction'] !== 'asc';
  const order = (prefix = '') => `${prefix}${column} ${desc ? 'DESC' : 'ASC'}, ${prefix}id ${desc ? 'DESC' : 'ASC'}`;
  // The sorted column as integer microseconds since the epoch: exact in a cursor, whatever the session's time zone.
  const seek: Filter[] = cursor ? [[`(${column}, id) ${desc ? '<' : '>'} (timestamptz 'epoch' + ?::bigint * interval '1 microsecond', ?)`, cursor.at, cursor.id]] : [];
  const take = params.limit + 1; // one more than the page says whether there is a next
  const values: unknown[] = [];
  // The keys of the page (id and the sorted column: the index alone), per company merged in order when there are several.
  const keysOf = (company: Filter, limit: number, skip: number) =>
    `SELECT id, ${column} FROM ${table} WHERE ${numbered([company, ...conditions, ...seek], values)} ORDER BY ${order()} LIMIT ${limit}${skip ? ` OFFSET ${skip}` : ''}`;
  const keys = companies.length === 1 || companies.length > 50
    ? keysOf(companies.length === 1 ? ['company_id = ?', companies[0]] : ['company_id = ANY(?)', companies], take, offset)
    : `SELECT id, ${column} FROM (${companies.map((c) => `(${keysOf(['company_id = ?', c], offset + take, 0)})`).join(' UNION ALL ')}) AS merged ORDER BY ${order()} LIMIT ${take}${offset ? ` OFFSET ${offset}` : ''}`;
  const rows = companies.length === 0 ? [] : await db.query<{ data: Doc; at_us: string; id: string }>(
    `SELECT t.data, t.id, (extract(epoch FROM k.${column}) * 1000000)::bigint::text AS at_us FROM (${keys}) AS k JOIN ${table} AS t ON t.id = k.id ORDER BY ${order('k.')}`, values);
  const hasMore = rows.length > params.limit;
  const items = rows.slice(0, params.limit);
  const scoped = whereOf(companies, params, filters);
  const total = companies.length === 0 ? 0 : await totalOf(db, table, scoped.where, scoped.values, (page - 1) * params.limit + items.length + (hasMore ? 1 : 0));
  const last = items[items.length - 1];
  return {
    items: items.map((r) => r.data), has_more: hasMore, limit: params.limit, total_pages: Math.ceil(total / params.limit), page, total, query_count: items.length,
    ...(hasMore && last ? { next_cursor: encodeCursor({ p: page + 1, at: last.at_us, id: last.id, q }) } : {}),
  };
}

/**
 * The companies a list reads: those companyId names, one or comma-separated (each
 * already checked by the guard, which reads the list the same way; empty names and
 * repeats count once), or, without companyId, all of the credential's.
 */
export function scopeOf(credentialCompanies: string[], companyId?: string): string[] {
  const named = [...new Set((companyId ?? '').split(',').filter(Boolean))];
  return named.length ? named : credentialCompanies;
}
