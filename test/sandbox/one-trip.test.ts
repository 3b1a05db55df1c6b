// db/one-trip.ts: a unit of work that only writes is one statement, with no database transaction;
// one that reads opens a real transaction at its first read, sees its own held writes, and a throw
// anywhere leaves nothing written.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Queryable } from '../../packages/sandbox/db/database.js';
import { inOneTrip } from '../../packages/sandbox/db/one-trip.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { payables } from '../../packages/sandbox/store/payables.js';
import { memorySandbox } from './support/sandbox.js';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await memorySandbox(); }, 120_000);
afterAll(async () => { await sandbox?.close(); });

let made = 0;
const payable = () => {
  const at = new Date().toISOString();
  return { _id: `pay_trip_${made++}`, companyId: 'company_trip', payingCompanyId: 'company_trip', transactionId: 'tx_trip', ruleIndex: 0, paymentMethod: 'CREDIT_CARD' as const,
    installments: 1, installment: 1, grossAmount: 100, fee: 0, netAmount: 100, status: 'PAID' as const, availableOn: at.slice(0, 10), createdAt: at, updatedAt: at };
};
const stored = async (ids: string[]) => (await sandbox.db.query<{ id: string }>('SELECT id FROM payables WHERE id = ANY($1) ORDER BY id', [ids])).map((r) => r.id);

/** What `work` sent: statements outside a transaction, and transactions begun. */
async function counted(work: () => Promise<unknown>) {
  const db = sandbox.db as { query: Queryable['query']; transaction: typeof sandbox.db.transaction };
  const { query, transaction } = db;
  const sent = { statements: 0, transactions: 0 };
  db.query = (sql, params) => { sent.statements++; return query.call(sandbox.db, sql, params) as never; };
  db.transaction = (inner) => { sent.transactions++; return transaction.call(sandbox.db, inner) as never; };
  try {
    await work();
  } finally {
    db.query = query;
    db.transaction = transaction;
  }
  return sent;
}

it('writes only: one statement, no transaction, every row written', async () => {
  const rows = [payable(), payable(), payable()];
  const sent = await counted(() => inOneTrip(sandbox.db, async (tx) => { for (const row of rows) await payables.insert(tx, row); }));
  expect(sent).toEqual({ statements: 1, transactions: 0 });
  expect(await stored(rows.map((r) => r._id))).toEqual(rows.map((r) => r._id).sort());
});

it('writes, then a throw: nothing written', async () => {
  const row = payable();
  const sent = await counted(() => expect(inOneTrip(sandbox.db, async (tx) => { await payables.insert(tx, row); throw new Error('refused'); })).rejects.toThrow('refused'));
  expect(sent).toEqual({ statements: 0, transactions: 0 });
  expect(await stored([row._id])).toEqual([]);
});

it('a read opens a transaction that sees the held writes; a throw after it rolls every write back', async () => {
  const [first, second] = [payable(), payable()];
  let seen: string[] = [];
  const sent = await counted(() => expect(inOneTrip(sandbox.db, async (tx) => {
    await payables.insert(tx, first);
    seen = (await tx.query<{ id: string }>('SELECT id FROM payables WHERE id = $1', [first._id])).map((r) => r.id);
    await payables.insert(tx, second);
    throw new Error('refused after a read');
  })).rejects.toThrow('refused after a read'));
  expect(seen).toEqual([first._id]);
  expect(sent.transactions).toBe(1);
  expect(await stored([first._id, second._id])).toEqual([]);
});

it('a read in the middle, no throw: both writes kept, the answer given back', async () => {
  const [first, second] = [payable(), payable()];
  const answer = await inOneTrip(sandbox.db, async (tx) => {
    await payables.insert(tx, first);
    const [row] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM payables WHERE id = $1', [first._id]);
    await payables.insert(tx, second);
    return row!.n;
  });
  expect(answer).toBe(1);
  expect(await stored([first._id, second._id])).toEqual([first._id, second._id].sort());
});
