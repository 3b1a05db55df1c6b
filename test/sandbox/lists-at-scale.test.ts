// Lists at scale (issue 25 item 4, docs/lists.ts): next_cursor walks the same
// records in the same order as page=N (ties on the sorted time broken by id,
// one company or several merged), a cursor of another query is refused on
// cursor, `total` is exact up to TOTAL_EXACT_MAX and an estimate above; the
// test clock opens no transaction for a subscription with nothing due.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCredential } from '../../packages/sandbox/auth/credentials.js';
import { PAGE_MAX, TOTAL_EXACT_MAX } from '../../packages/sandbox/schemas/list.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { clockCompany } from './support/clock-company.js';
import { COMPANY, PAID_PROFILE, call, memorySandbox } from './support/sandbox.js';

let sandbox: Sandbox;
let template: string; // a real transaction's id: its body is copied into the rows made here
beforeAll(async () => {
  sandbox = await memorySandbox();
  template = (await call(sandbox, 'POST', '/v1/transaction', { companyId: COMPANY, amount: 100, paymentProfile: PAID_PROFILE })).body._id;
});
afterAll(() => sandbox?.close());

interface Row { company: number; created: number; updated: number }
let runs = 0;

/** Transactions made by SQL (a copy of the template's body): created/updated are seconds after 2030-01-01, so ties are many. */
async function insertRows(companies: string[], rows: Row[], prefix: string): Promise<string[]> {
  const ids = rows.map((_, i) => `${prefix}${String(i).padStart(4, '0')}`);
  for (const [i, row] of rows.entries()) {
    await sandbox.db.query(`INSERT INTO transactions (id, company_id, status, created_at, updated_at, tid, data)
      SELECT $1, $2, 'PAID', timestamptz '2030-01-01' + $3 * interval '1 second', timestamptz '2030-01-01' + $4 * interval '1 second', $1, data || jsonb_build_object('_id', $1::text)
      FROM transactions WHERE id = $5`, [ids[i], companies[row.company], row.created, row.updated, template]);
  }
  return ids;
}

async function walk(apiKey: string, query: string, by: 'page' | 'cursor') {
  const seen: string[] = [];
  const pages: number[] = [];
  let next = `${query}&page=1`;
  for (let guard = 0; guard < 100; guard++) {
    const answer = await call(sandbox, 'GET', `/v1/transaction?${next}`, undefined, { apiKey });
    expect(answer.status).toBe(200);
    seen.push(...answer.body.items.map((t: { _id: string }) => t._id));
    pages.push(answer.body.page);
    expect(answer.body.next_cursor === undefined).toBe(!answer.body.has_more);
    if (!answer.body.has_more) return { seen, pages, total: answer.body.total };
    next = by === 'page' ? `${query}&page=${answer.body.page + 1}` : `${query}&cursor=${answer.body.next_cursor}`;
  }
  throw new Error('more than 100 pages');
}

describe('keyset paging by next_cursor', () => {
  it('walks every record once, in the order page=N gives, over ties and over several companies merged', async () => {
    await fc.assert(fc.asyncProperty(
      fc.array(fc.record({ company: fc.integer({ min: 0, max: 2 }), created: fc.integer({ min: 0, max: 4 }), updated: fc.integer({ min: 0, max: 4 }) }), { maxLength: 25 }),
      fc.integer({ min: 1, max: 7 }), fc.constantFrom('asc', 'desc'), fc.constantFrom('createdAt', 'lastUpdate'), fc.integer({ min: 1, max: 3 }),
      async (rows, limit, direction, property, companyCount) => {
        const run = runs++;
        const companies = [0, 1, 2].map((k) => `company_keyset_${run}_${k}`);
        const { apiKey } = await createCredential(sandbox.db, { permissions: ['transaction.read'], companies: companies.slice(0, companyCount) });
        const mine = rows.filter((r) => r.company < companyCount);
        const ids = await insertRows(companies, rows, `k${String(run).padStart(3, '0')}x`);
        const key = (i: number) => (property === 'createdAt' ? rows[i]!.created : rows[i]!.updated);
        const expected = rows.map((_, i) => i).filter((i) => rows[i]!.company < companyCount)
          .sort((a, b) => (key(a) - key(b) || (ids[a]! < ids[b]! ? -1 : 1)) * (direction === 'asc' ? 1 : -1)).map((i) => ids[i]);
        const query = `limit=${limit}&sort.direction=${direction}&sort.property=${property}`;
        const byPage = await walk(apiKey, query, 'page');
        const byCursor = await walk(apiKey, query, 'cursor');
        expect(byPage.seen).toEqual(expected);
        expect(byCursor.seen).toEqual(expected);
        expect(byCursor.pages).toEqual(byPage.pages);
        expect(byCursor.total).toBe(mine.length);
      }), { numRuns: 25 });
  });

  it('a cursor keeps its filter and range: a status filter walked by cursor is the filtered order', async () => {
    const companies = ['company_keyset_filtered'];
    const { apiKey } = await createCredential(sandbox.db, { permissions: ['transaction.read'], companies });
    const ids = await insertRows(companies, Array.from({ length: 9 }, (_, i) => ({ company: 0, created: i % 3, updated: 0 })), 'filt');
    await sandbox.db.query("UPDATE transactions SET status = 'DECLINED' WHERE id = ANY($1)", [[ids[1], ids[4], ids[5], ids[8]]]);
    const walked = await walk(apiKey, 'limit=1&status=DECLINED&sort.direction=asc&range.start=2030-01-01T00:00:01Z', 'cursor');
    expect(walked.seen).toEqual([ids[1], ids[4], ids[5], ids[8]]);
  });

  it('a cursor of another query, or not one the list gave, is 400 on cursor (query)', async () => {
    await call(sandbox, 'POST', '/v1/transaction', { companyId: COMPANY, amount: 200, paymentProfile: PAID_PROFILE });
    const first = await call(sandbox, 'GET', '/v1/transaction?limit=1&sort.direction=asc');
    expect(first.body.has_more).toBe(true);
    const cursor = first.body.next_cursor as string;
    expect((await call(sandbox, 'GET', `/v1/transaction?limit=1&sort.direction=asc&cursor=${cursor}`)).body).toMatchObject({ page: 2, query_count: 1 });
    for (const query of [`limit=2&sort.direction=asc&cursor=${cursor}`, `limit=1&sort.direction=desc&cursor=${cursor}`, `limit=1&sort.direction=asc&status=PAID&cursor=${cursor}`,
      'cursor=bm90LWEtY3Vyc29y', 'cursor=not%20base64', `cursor=${'a'.repeat(600)}`,
      // the query's own cursor with a time no timestamptz holds, or a page past the maximum: 400, never PostgreSQL's 500
      ...[{ at: '999999999999999999' }, { at: '-999999999999999999' }, { p: 2e9 }].map((change) =>
        `limit=1&sort.direction=asc&cursor=${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(cursor, 'base64url').toString()), ...change })).toString('base64url')}`)]) {
      const refused = await call(sandbox, 'GET', `/v1/transaction?${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body.error_messages, query).toEqual([expect.objectContaining({ type: 'field', path: 'cursor', location: 'query' })]);
    }
  });
});

describe('total', () => {
  it(`is exact up to ${TOTAL_EXACT_MAX}; above, an estimate never below the records counted, with total_pages from it`, async () => {
    const companies = ['company_many'];
    const { apiKey } = await createCredential(sandbox.db, { permissions: ['transaction.read'], companies });
    await sandbox.db.query(`INSERT INTO transactions (id, company_id, status, created_at, updated_at, tid, data)
      SELECT 'many' || lpad(g::text, 6, '0'), 'company_many', CASE WHEN g <= ${TOTAL_EXACT_MAX} THEN 'PAID' ELSE 'DECLINED' END,
        timestamptz '2030-01-01' + g * interval '1 second', timestamptz '2030-01-01', 'many' || g, t.data || jsonb_build_object('_id', 'many' || lpad(g::text, 6, '0'))
      FROM transactions t, generate_series(1, ${TOTAL_EXACT_MAX + 50}) AS g WHERE t.id = $1`, [template]);
    await sandbox.db.query('ANALYZE transactions');
    const exact = await call(sandbox, 'GET', '/v1/transaction?limit=100&status=PAID', undefined, { apiKey });
    expect(exact.body).toMatchObject({ total: TOTAL_EXACT_MAX, total_pages: TOTAL_EXACT_MAX / 100, has_more: true });
    const all = await call(sandbox, 'GET', '/v1/transaction?limit=100&page=101', undefined, { apiKey });
    expect(all.body.total).toBeGreaterThan(TOTAL_EXACT_MAX);
    expect(all.body).toMatchObject({ page: 101, query_count: 50, has_more: false, total_pages: Math.ceil(all.body.total / 100) });
    expect(all.body.items[49]._id).toBe('many000001');
  });
});

describe('the test clock at scale', () => {
  it('a day with nothing due opens one database transaction, not one per live subscription', async () => {
    const c = await clockCompany(sandbox);
    const { subscription } = (await c.as('POST', '/v2/subscription', { companyId: c.companyId, productId: c.product._id, clientId: c.client._id, dueDate: await c.today(), paymentMethod: 'PIX' })).body;
    await c.advance(2); // its charge is OVERDUE: nothing more is due until its next charge date
    await sandbox.db.query(`INSERT INTO subscriptions (id, company_id, status, created_at, updated_at, client_id, product_id, data)
      SELECT s.id || '_' || g, s.company_id, s.status, s.created_at, s.updated_at, s.client_id, s.product_id, s.data || jsonb_build_object('_id', s.id || '_' || g)
      FROM subscriptions s, generate_series(1, 120) AS g WHERE s.id = $1`, [subscription._id]);
    const transactions = vi.spyOn(sandbox.db, 'transaction');
    try {
      const moved = await c.advance(1);
      expect(moved.moves).toEqual([]);
      expect(transactions.mock.calls.length).toBeLessThanOrEqual(2);
    } finally {
      transactions.mockRestore();
    }
  });
});

const LISTS = ['/v1/transaction', '/v1/subscription', '/v1/alert', '/v1/client', '/sandbox/v1/payables'];
const paths = (answer: { body: { error_messages: { path?: string }[] } }) => answer.body.error_messages.map((m) => m.path);

describe('range.start / range.end: any offset the date-time format allows', () => {
  it.each(LISTS)('%s with +16:00 and -23:59 answers 200', async (list) => {
    for (const at of ['2026-01-01T00:00:00%2B16:00', '2026-01-01T00:00:00-23:59', '2016-12-31T23:59:60Z', '0001-01-01T00:00:00%2B23:59'])
      expect((await call(sandbox, 'GET', `${list}?range.start=${at}&range.end=9999-12-31T23:59:59%2B16:00`)).status).toBe(200);
  });

  it('the offset is read as an instant: a record is inside a range whose bounds name its time in +16:00', async () => {
    const c = await clockCompany(sandbox);
    const { subscription } = await c.v2();
    const created = Date.parse(subscription.createdAt);
    const plus16 = (ms: number) => new Date(ms + 16 * 3_600_000).toISOString().replace('Z', '+16:00');
    const within = await c.as('GET', `/v1/subscription?companyId=${c.companyId}&range.start=${encodeURIComponent(plus16(created))}&range.end=${encodeURIComponent(plus16(created))}`);
    expect(within.body.items.map((s: { _id: string }) => s._id)).toEqual([subscription._id]);
    const after = await c.as('GET', `/v1/subscription?companyId=${c.companyId}&range.start=${encodeURIComponent(plus16(created + 1))}`);
    expect(after.body.total).toBe(0);
  });
});

describe('page has a maximum: page × limit never overflows', () => {
  it.each(LISTS)('%s?page=100000000000000000&limit=100: 400 on page; page at the maximum: 200, empty', async (list) => {
    const huge = await call(sandbox, 'GET', `${list}?page=100000000000000000&limit=100`);
    expect(huge.status).toBe(400);
    expect(paths(huge)).toEqual(['page']);
    const last = await call(sandbox, 'GET', `${list}?page=${PAGE_MAX}&limit=100`);
    expect(last.status).toBe(200);
    expect(last.body.items).toEqual([]);
  });
});
