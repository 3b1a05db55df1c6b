// Issue 38 goal 1: the moves of one day are written set-wise. A chunk of the
// clock (billing/engine.ts billChunk: one transaction) reads its subscriptions'
// facts in a few statements and writes what they did in a few more, however
// many subscriptions it holds, so an advance's statements grow with its due
// days and chunks, not with its subscriptions. Counted as bench/scale.mjs counts
// them: the database's query and transaction wrapped. Monthly PIX subscriptions
// without a mandate, as the bench's: a renewal, then OVERDUE the day after.
// (Session 35: the pixDebit row's mandate read, one per subscription, wrote what
// the chunk held first, so each subscription cost about four statements.)
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database, Queryable } from '../../packages/sandbox/db/database.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { clockCompany } from './support/clock-company.js';
import { memorySandbox } from './support/sandbox.js';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await memorySandbox(); });
afterAll(async () => { await sandbox?.close(); });

const SUBSCRIPTIONS = 60;
/** A chunk's reads (its subscriptions with their charge counts, products, open charges, mandates, clients with theirs: 5), its writes (1), and a little room. */
const MOST_A_CHUNK = 8;

/** Each transaction's statements (sql and parameters) until stop(). */
function countTransactions(db: Database) {
  const transactions: { sql: string; params?: unknown[] }[][] = [];
  const { transaction } = db;
  db.transaction = ((work: (tx: Queryable) => Promise<unknown>) => transaction.call(db, (tx) => {
    const statements: { sql: string; params?: unknown[] }[] = [];
    transactions.push(statements);
    return work({ ...tx, query: (sql: string, params?: unknown[]) => { statements.push({ sql, params }); return tx.query(sql, params); } } as Queryable);
  })) as Database['transaction'];
  return { transactions, stop: () => { db.transaction = transaction; } };
}

it(`a clock advance's chunks each run at most ${MOST_A_CHUNK} statements however many subscriptions they bill (${SUBSCRIPTIONS} monthly PIX subscriptions, + 30 days)`, async () => {
  const c = await clockCompany(sandbox, { paymentMethod: [{ type: 'PIX', active: true, installments: [{ installment: 1 }] }] });
  const dueDate = new Date(Date.parse(await c.clock()) - 20 * 86_400_000).toISOString().slice(0, 10);
  const made = await c.as('POST', '/v2/subscription', { companyId: c.companyId, productId: c.product._id, clientId: c.client._id, dueDate, paymentMethod: 'PIX' });
  expect(made.status).toBe(200);
  const id = made.body.subscription._id as string;
  // Copies of it over clients of their own (bench/scale.mjs's way, in SQL: the clock reads them as any other).
  await sandbox.db.query(`INSERT INTO clients (id, company_id, status, created_at, updated_at, doc, search, data)
    SELECT c.id || '_' || g, c.company_id, c.status, c.created_at, c.updated_at, c.doc || '_' || g, c.search, c.data || jsonb_build_object('_id', c.id || '_' || g, 'doc', c.doc || '_' || g)
    FROM clients c, generate_series(2, $2::int) AS g WHERE c.id = $1`, [c.client._id, SUBSCRIPTIONS]);
  await sandbox.db.query(`INSERT INTO subscriptions (id, company_id, status, created_at, updated_at, client_id, product_id, data)
    SELECT s.id || '_' || g, s.company_id, s.status, s.created_at, s.updated_at, s.client_id || '_' || g, s.product_id,
      s.data || jsonb_build_object('_id', s.id || '_' || g, 'clientId', s.client_id || '_' || g)
    FROM subscriptions s, generate_series(2, $2::int) AS g WHERE s.id = $1`, [id, SUBSCRIPTIONS]);

  const counted = countTransactions(sandbox.db);
  let moves: { resource: string; to: string }[];
  try {
    moves = (await c.advance(30)).moves;
  } finally {
    counted.stop();
  }
  // Each subscription renewed once, and that charge OVERDUE the next day with its subscription (the first charge too).
  expect(moves.filter((m) => m.resource === 'charge' && m.to === 'ACTIVE')).toHaveLength(SUBSCRIPTIONS);
  expect(moves.filter((m) => m.resource === 'subscription' && m.to === 'OVERDUE')).toHaveLength(SUBSCRIPTIONS);
  // A chunk's transaction starts by reading its subscriptions by id.
  const chunks = counted.transactions.filter((statements) => /FROM subscriptions/.test(statements[0]?.sql ?? '') && Array.isArray(statements[0]!.params?.[0]));
  const billed = chunks.reduce((sum, statements) => sum + (statements[0]!.params![0] as string[]).length, 0);
  expect(billed).toBeGreaterThanOrEqual(2 * SUBSCRIPTIONS); // the renewal's day and the overdue day
  // Chunks of several subscriptions (PGlite's first is 4 a day), each within the bound.
  expect(Math.max(...chunks.map((statements) => (statements[0]!.params![0] as string[]).length))).toBeGreaterThanOrEqual(4);
  for (const statements of chunks) expect(statements.length, `a chunk of ${(statements[0]!.params![0] as string[]).length}: ${statements.map((s) => s.sql.replace(/\s+/g, ' ').slice(0, 40)).join(' | ')}`).toBeLessThanOrEqual(MOST_A_CHUNK);
});
