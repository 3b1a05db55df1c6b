// Fifty concurrent identical POST /v1/transaction under one Idempotency-Key,
// shared by the PGlite and the PostgreSQL tests: one transaction is made and
// all fifty answers are equal (the first's, replayed to the forty-nine). With
// several sandboxes (processes sharing one PostgreSQL) the calls alternate.
import { expect } from 'vitest';
import type { Sandbox } from '../../../packages/sandbox/server.js';
import { API_KEY, COMPANY, PAID_PROFILE, call } from './sandbox.js';

/** Transactions of the company for `amount`: other tests of a file may have paid it too (a property's random amounts). */
async function paidFor(sandbox: Sandbox, amount: number): Promise<number> {
  const [row] = await sandbox.db.query<{ n: string | number }>(
    "SELECT count(*) AS n FROM transactions WHERE company_id = $1 AND (data->'amount'->>'value')::int = $2", [COMPANY, amount]);
  return Number(row!.n);
}

export async function fiftyAtOnce(sandboxes: Sandbox[], amount: number): Promise<void> {
  const key = `fifty-${amount}-${Date.now()}`;
  const body = { companyId: COMPANY, amount, paymentProfile: PAID_PROFILE };
  const before = await paidFor(sandboxes[0]!, amount);
  const answers = await Promise.all(Array.from({ length: 50 }, (_, i) =>
    call(sandboxes[i % sandboxes.length]!, 'POST', '/v1/transaction', body, { apiKey: API_KEY, 'Idempotency-Key': key })));
  expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
  expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
  expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(49);
  // One more than before: counted absolutely, idempotency.test's property (amounts 1-10,000 in the same
  // sandbox) drew this amount about one run in a hundred and failed the test with 2.
  expect(await paidFor(sandboxes[0]!, amount)).toBe(before + 1);
}
