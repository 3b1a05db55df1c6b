// Paginated lists (4.1, part 8): the query every list takes, and the page.
import { Type, type TSchema, type TProperties } from 'typebox';

/** (page - 1) × limit (at most 100) stays far below 2^53 and PostgreSQL's bigint OFFSET. */
export const PAGE_MAX = 1_000_000_000;

/** `total` is an exact count up to this many records; above, PostgreSQL's estimate (docs/lists.ts). */
export const TOTAL_EXACT_MAX = 10_000;

/** An opaque cursor is base64url text of a few dozen characters. */
export const CURSOR_MAX_LENGTH = 512;

export const SORT_PROPERTIES = ['createdAt', 'lastUpdate'] as const;

/** What a list reads when its query leaves these out: optional in the description, filled in by the schema's defaults (and by db/list.ts for a caller without the schema). */
export const LIST_DEFAULTS = { page: 1, limit: 20, 'sort.direction': 'desc', 'sort.property': 'createdAt' } as const;

/** page, limit, sort.direction, sort.property, range.start, range.end (on the sorted property), companyId. */
export const ListQuery = <Extra extends TProperties>(extra: Extra) => Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_MAX, default: LIST_DEFAULTS.page, description: `at most ${PAGE_MAX.toLocaleString('en')}: page × limit stays an exact integer` })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: LIST_DEFAULTS.limit })),
  'sort.direction': Type.Optional(Type.Enum(['asc', 'desc'], { default: LIST_DEFAULTS['sort.direction'] })),
  'sort.property': Type.Optional(Type.Enum([...SORT_PROPERTIES], { default: LIST_DEFAULTS['sort.property'], description: 'lastUpdate sorts by updatedAt' })),
  'range.start': Type.Optional(Type.String({ format: 'date-time', description: 'inclusive, on the sorted property' })),
  'range.end': Type.Optional(Type.String({ format: 'date-time', description: 'inclusive, on the sorted property' })),
  companyId: Type.Optional(Type.String({ minLength: 1, description: 'one company, or several comma-separated (a,b); default: every company of the credential' })),
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: CURSOR_MAX_LENGTH, pattern: '^[A-Za-z0-9_-]+$', description: 'next_cursor of the page before, with the same query: the next page found by keyset (page is then not read; the answer\'s page is the cursor\'s)' })),
  ...extra,
});

export const Page = <Item extends TSchema>(item: Item) => Type.Object({
  items: Type.Array(item),
  has_more: Type.Boolean(),
  limit: Type.Integer(),
  total_pages: Type.Integer(),
  page: Type.Integer(),
  total: Type.Integer({ description: `records matching the query: exact up to ${TOTAL_EXACT_MAX.toLocaleString('en')}, above that an estimate (never below the records before and on this page)` }),
  query_count: Type.Integer({ description: 'items in this page' }),
  next_cursor: Type.Optional(Type.String({ description: 'present when has_more: pass it as cursor (same query) for the next page' })),
});
