// db/group-writes.ts: units of work that only write (db/one-trip.ts) and end while IN_FLIGHT
// statements are in flight are written together in ONE statement; each is answered only once its own
// rows are committed; a batch that fails is written again unit by unit, so one bad row fails only
// its own unit; two units that update one record never share a statement.
import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Queryable } from '../../packages/sandbox/db/database.js';
import { GroupWrites, IN_FLIGHT } from '../../packages/sandbox/db/group-writes.js';
import { inOneTrip } from '../../packages/sandbox/db/one-trip.js';
import { WriteBuffer, type WriteMany } from '../../packages/sandbox/db/write-buffer.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { payables } from '../../packages/sandbox/store/payables.js';
import type { PayableDoc } from '../../packages/sandbox/store/payables.js';
import { API_KEY, COMPANY, PAID_PROFILE, call, memorySandbox } from './support/sandbox.js';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await memorySandbox(); }, 120_000);
afterAll(async () => { await sandbox?.close(); });

let made = 0;
const payable = (netAmount = 100): PayableDoc => {
  const at = new Date().toISOString();
  return { _id: `pay_group_${made++}`, companyId: 'company_group', payingCompanyId: 'company_group', transactionId: 'tx_group', ruleIndex: 0, paymentMethod: 'CREDIT_CARD',
    installments: 1, installment: 1, grossAmount: 100, fee: 0, netAmount, status: 'PAID', availableOn: at.slice(0, 10), createdAt: at, updatedAt: at } as PayableDoc;
};
const stored = async (ids: string[]) => (await sandbox.db.query<{ id: string }>('SELECT id FROM payables WHERE id = ANY($1) ORDER BY id', [ids])).map((r) => r.id);
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The held writes' statements (`WITH ...`, their parameters) sent through sandbox.db.query while `work` runs
 * (other statements, the sandbox's background work's, pass). `work` first starts IN_FLIGHT units (`busy`), whose
 * statements are held until it calls `release`: the units it starts meanwhile end while all those are in flight.
 */
async function whileBusy(work: (release: () => void, sent: unknown[][]) => Promise<void>) {
  const db = sandbox.db as { query: Queryable['query'] };
  const { query } = db;
  const sent: unknown[][] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => { release = resolve; });
  db.query = async (sql, params) => {
    if (!sql.startsWith('WITH ')) return query.call(sandbox.db, sql, params) as never;
    sent.push(params ?? []);
    if (sent.length <= IN_FLIGHT) await gate;
    return query.call(sandbox.db, sql, params) as never;
  };
  try {
    await work(release, sent);
  } finally {
    db.query = query;
  }
}

/** IN_FLIGHT units of one new payable each, their statements sent (and held by whileBusy). */
async function busy(sent: unknown[][]) {
  const rows = Array.from({ length: IN_FLIGHT }, () => payable());
  const done = Promise.all(rows.map((row) => insertOnly([row])));
  while (sent.length < IN_FLIGHT) await nextTurn();
  return { rows, done };
}

const insertOnly = (rows: PayableDoc[]) => inOneTrip(sandbox.db, async (tx) => { for (const row of rows) await payables.insert(tx, row); });

it('units that end while every statement allowed is in flight are written in ONE statement, each answered only once its rows are committed', async () => {
  const [second, third] = [payable(), payable()];
  let first: PayableDoc[] = [];
  await whileBusy(async (release, sent) => {
    const settled: string[] = [];
    const blockers = await busy(sent);
    first = blockers.rows;
    const others = [insertOnly([second]).then(() => settled.push('second')), insertOnly([third]).then(() => settled.push('third'))];
    for (let i = 0; i < 5; i++) await nextTurn();
    // The first statements are still in flight: the other two wait, unanswered.
    expect(settled).toEqual([]);
    expect(sent).toHaveLength(IN_FLIGHT);
    release();
    await Promise.all([blockers.done, ...others]);
    expect(sent).toHaveLength(IN_FLIGHT + 1);
    const [batch] = sent[IN_FLIGHT] as string[];
    expect(JSON.parse(batch!).map((r: { id: string }) => r.id)).toEqual([second._id, third._id]);
  });
  const ids = [...first.map((r) => r._id), second._id, third._id];
  expect(await stored(ids)).toEqual(ids.sort());
});

it('one bad row in a batch fails only its own unit: the others are written and answered', async () => {
  const existing = payable();
  await insertOnly([existing]);
  const good = payable();
  await whileBusy(async (release, sent) => {
    const blockers = await busy(sent);
    // The same id as a stored payable: its INSERT fails, and so would the whole statement it is in.
    const bad = insertOnly([{ ...payable(), _id: existing._id }]);
    const fine = insertOnly([good]);
    const badResult = expect(bad).rejects.toThrow();
    for (let i = 0; i < 5; i++) await nextTurn();
    release();
    await Promise.all([blockers.done, fine, badResult]);
    // The first ones alone, the batch of two (failed), then each of the two alone.
    expect(sent.map((params) => JSON.parse((params as string[])[0]!).length)).toEqual([...blockers.rows.map(() => 1), 2, 1, 1]);
  });
  expect(await stored([good._id])).toEqual([good._id]);
});

it('two units that update the same record are never in one statement: the later update is the one kept', async () => {
  const target = payable(100);
  await insertOnly([target]);
  const update = (netAmount: number) => inOneTrip(sandbox.db, async (tx) => { await payables.update(tx, { ...target, netAmount }); });
  await whileBusy(async (release, sent) => {
    const blockers = await busy(sent);
    const updates = [update(200), update(300)];
    for (let i = 0; i < 5; i++) await nextTurn();
    release();
    await Promise.all([blockers.done, ...updates]);
    expect(sent).toHaveLength(IN_FLIGHT + 2);
  });
  const [row] = await sandbox.db.query<{ data: PayableDoc }>('SELECT data FROM payables WHERE id = $1', [target._id]);
  expect(row!.data.netAmount).toBe(300);
});

it('concurrent payments with Idempotency-Keys: each paid once, its answer stored with it and replayed', async () => {
  const keys = Array.from({ length: 6 }, (_, i) => `group-writes-${Date.now()}-${i}`);
  const pay = (key: string, amount: number) => call(sandbox, 'POST', '/v1/transaction', { companyId: COMPANY, amount, paymentProfile: PAID_PROFILE }, { apiKey: API_KEY, 'idempotency-key': key });
  const first = await Promise.all(keys.map((key, i) => pay(key, 1000 + i)));
  expect(first.map((a) => a.status)).toEqual(keys.map(() => 200));
  const again = await Promise.all(keys.map((key, i) => pay(key, 1000 + i)));
  expect(again.map((a) => a.body._id)).toEqual(first.map((a) => a.body._id));
  const ids = first.map((a) => a.body._id as string);
  const [{ n }] = await sandbox.db.query<{ n: number }>('SELECT count(*)::int AS n FROM transactions WHERE id = ANY($1)', [ids]) as [{ n: number }];
  expect(n).toBe(6);
});

/** A Queryable that records each statement's row counts, fails those `failing` says, and answers after a turn. */
function fakeDb(failing: (rows: string[][], n: number) => boolean) {
  const sent: string[][][] = [];
  const committed: string[] = [];
  const db: Queryable = {
    async query(_sql, params) {
      const rows = (params as string[]).map((p) => JSON.parse(p) as string[]);
      sent.push(rows);
      await nextTurn();
      if (failing(rows, sent.length)) throw new Error(`refused: ${rows.flat().join(',')}`);
      committed.push(...rows.flat());
      return [];
    },
  };
  return { db, sent, committed };
}
const write: WriteMany = (param, tag) => [`${tag} AS (SELECT ${param})`];
const unitOf = (rows: string[]) => {
  const buffer = new WriteBuffer();
  for (const row of rows) buffer.append('rows', JSON.stringify(row), write);
  return buffer;
};

it('property: whatever units fail and however they arrive, each unit is answered by its own rows alone, once', async () => {
  await fc.assert(fc.asyncProperty(
    fc.array(fc.record({ rows: fc.array(fc.string({ minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }), bad: fc.boolean(), gap: fc.nat(2) }), { minLength: 1, maxLength: 12 }),
    fc.boolean(),
    async (units, batchFailsOnce) => {
      const named = units.map((u, i) => ({ ...u, rows: u.rows.map((r) => `${i}:${r}`) }));
      const badRows = new Set(named.filter((u) => u.bad).flatMap((u) => u.rows));
      let failedOnce = false;
      const { db, sent, committed } = fakeDb((rows) => {
        const flat = rows.flat();
        if (flat.some((r) => badRows.has(r))) return true;
        // A transient failure of the first batch of several (a lost connection): each is then written alone.
        if (batchFailsOnce && !failedOnce && new Set(flat.map((r) => r.split(':')[0])).size > 1) return (failedOnce = true);
        return false;
      });
      const group = new GroupWrites(db);
      const answers: Promise<string>[] = [];
      for (const unit of named) {
        for (let i = 0; i < unit.gap; i++) await nextTurn();
        // Answered only once its rows are committed (or, failed, never).
        answers.push(group.write(unitOf(unit.rows)).then(() => (unit.rows.every((r) => committed.includes(r)) ? 'ok' : 'answered before its commit'), () => 'failed'));
      }
      const got = await Promise.all(answers);
      expect(got).toEqual(named.map((u) => (u.bad ? 'failed' : 'ok')));
      // Every good unit's rows committed exactly once, no bad unit's row ever.
      expect([...committed].sort()).toEqual(named.filter((u) => !u.bad).flatMap((u) => u.rows).sort());
      expect(sent.length).toBeLessThanOrEqual(named.length * 2 + 1);
    },
  ), { numRuns: 60 });
});
