// The same sandbox on a PostgreSQL server (Debian's postgresql, started by the
// test): migrations, a restart, lists and exports, and real concurrency (a
// pool of connections, so row locks are what make one payment of a charge).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MIGRATIONS } from '../../packages/sandbox/db/migrations.js';
import { startPostgres } from '../../test-support/postgres-server.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { fiftyAtOnce } from './support/idempotency.js';
import { API_KEY, COMPANY, PAID_PROFILE, SANDBOX_CAPTCHA_TOKEN, call, memorySandbox, sharedDecryptor, tokenFor } from './support/sandbox.js';

let server: Awaited<ReturnType<typeof startPostgres>>;
let sandbox: Sandbox;
beforeAll(async () => {
  server = await startPostgres();
  sandbox = await memorySandbox({ memory: false, databaseUrl: server.url });
});
afterAll(async () => {
  await sandbox?.close();
  server?.stop();
});

it('runs on PostgreSQL: a transaction, the lists, an export, the clock', async () => {
  expect(sandbox.db.kind).toBe('postgres');
  const made = await call(sandbox, 'POST', '/v1/transaction', { companyId: COMPANY, amount: 4321, paymentProfile: PAID_PROFILE, client: { name: 'Ana', doc: '52998224725' } });
  expect(made.body).toMatchObject({ status: 'PAID', amount: { value: 4321 } });
  expect((await call(sandbox, 'GET', '/v1/transaction?status=PAID')).body.items[0]._id).toBe(made.body._id);
  expect((await call(sandbox, 'GET', '/v1/client?search=529.982')).body.total).toBe(1);
  expect((await call(sandbox, 'POST', '/v1/client', { companyId: COMPANY, name: 'Maria da Conceição', doc: '86288366757', email: 'maria@example.com' })).status).toBe(200);
  expect((await call(sandbox, 'GET', '/v1/client?search=CONCEICAO')).body.items.map((c: { name: string }) => c.name)).toEqual(['Maria da Conceição']); // accents folded on PostgreSQL too
  const { subscription } = (await call(sandbox, 'POST', '/v2/subscription', { companyId: COMPANY, productId: 'prod_demo_monthly', clientId: made.body.clientId, dueDate: '2020-01-01', paymentMethod: 'PIX' })).body;
  expect((await call(sandbox, 'GET', '/v1/subscription/exports')).body.map((s: { _id: string }) => s._id)).toEqual([subscription._id]);
  // range bounds as instants, whatever offset or year the date-time format allows (issue 24: PostgreSQL refused +16:00).
  const plus16 = new Date(Date.parse(subscription.createdAt) + 16 * 3_600_000).toISOString().replace('Z', '+16:00');
  const ranged = await call(sandbox, 'GET', `/v1/subscription/exports?range.start=0001-01-01T00:00:00-23:59&range.end=${encodeURIComponent(plus16)}`);
  expect(ranged.body.map((s: { _id: string }) => s._id)).toEqual([subscription._id]);
  const moved = await call(sandbox, 'POST', '/sandbox/v1/clock/advance', { companyId: COMPANY, days: 1 });
  expect(moved.body.moves).toEqual(expect.arrayContaining([expect.objectContaining({ row: 5, resource: 'subscription', to: 'OVERDUE' })]));
});

it('twenty payments racing on one charge over a connection pool: exactly one PAID', async () => {
  const charge = await sandbox.records.addCharge({ companyId: COMPANY, cents: 1000 });
  const pay = () => call(sandbox, 'POST', '/v1/charge/pay', { _id: charge._id, companyId: COMPANY, paymentMethod: 'CREDIT_CARD', captchaToken: SANDBOX_CAPTCHA_TOKEN, paymentProfile: PAID_PROFILE }, {});
  const answers = await Promise.all(Array.from({ length: 20 }, pay));
  expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
  const rows = await sandbox.db.query<{ n: string }>("SELECT count(*) AS n FROM transactions WHERE charge_id = $1 AND status = 'PAID'", [charge._id]);
  expect(Number(rows[0]?.n)).toBe(1);
});

it('a second sandbox on the same database finds everything (migrations applied once)', async () => {
  const again = await memorySandbox({ memory: false, databaseUrl: server.url });
  try {
    expect((await call(again, 'GET', '/v1/transaction')).body.total).toBeGreaterThanOrEqual(2);
    expect(await again.db.query('SELECT version FROM schema_migrations')).toHaveLength(MIGRATIONS.length);
  } finally {
    await again.close();
  }
});

it('fifty concurrent identical POST /v1/transaction with one Idempotency-Key, over two sandboxes on one PostgreSQL: one transaction, fifty equal answers', async () => {
  const second = await memorySandbox({ memory: false, databaseUrl: server.url });
  try {
    await fiftyAtOnce([sandbox, second], 4343);
  } finally {
    await second.close();
  }
});

it('an Idempotency-Key is held by its owner\'s connection: another sandbox gets 409 while the owner lives, and runs the request at once when the owner\'s connection dies', async () => {
  const real = await sharedDecryptor();
  let decrypts = 0;
  // The owner's first payment never comes back from the decryptor, as a process stuck or killed mid-request.
  const owner = await memorySandbox({ memory: false, databaseUrl: server.url, decryptor: { decrypt: (token: unknown) => (decrypts++ === 0 ? new Promise(() => {}) : real.decrypt(token)) } });
  const other = await memorySandbox({ memory: false, databaseUrl: server.url, idempotency: { waitMs: 200, now: () => Date.now() + 3_600_000 } });
  try {
    const body = { companyId: COMPANY, amount: 4444, token: await tokenFor() };
    const key = { apiKey: API_KEY, 'Idempotency-Key': `owner-${Date.now()}` };
    void owner.app.inject({ method: 'POST', url: '/v1/transaction', headers: { 'content-type': 'application/json', ...key }, payload: JSON.stringify(body) });
    while (decrypts === 0) await new Promise((resolve) => setTimeout(resolve, 20)); // the owner holds the key, in its work
    // An hour on by the other's clock, the owner still lives: the key is in flight.
    expect((await call(other, 'POST', '/v1/transaction', body, key)).body.code).toBe('idempotency_key_in_use');
    await owner.db.claims.close(); // the owner's connection is gone (its process was killed): PostgreSQL frees its locks
    const taken = await call(other, 'POST', '/v1/transaction', body, key);
    expect([taken.status, taken.body.status, taken.headers['idempotent-replayed']]).toEqual([200, 'PAID', undefined]);
  } finally {
    await other.close();
    await owner.close();
  }
});
