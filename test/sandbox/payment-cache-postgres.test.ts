// POST /v1/transaction on PostgreSQL (issue 38 goal 7): the statements one payment sends, counted
// in PostgreSQL's own log (every connection: the pool's, the claims', the listener's), and the
// per-process cache of credentials and company settings (db/change-stamp.ts) forgetting each
// change: at once when this process made it, within STAMP_WINDOW_MS when made behind its back
// (another connection, as psql or another process would), even with the notification lost.
// The same changes on PGlite: company-cache.test.ts; two processes: company-cache-processes.test.ts.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredential } from '../../packages/sandbox/auth/credentials.js';
import { ALL_PERMISSIONS } from '../../packages/sandbox/auth/permissions.js';
import { STAMP_WINDOW_MS, stampWindow } from '../../packages/sandbox/db/change-stamp.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { startPostgres } from '../../test-support/postgres-server.js';
import { within } from '../../test-support/within.js';
import { API_KEY, COMPANY, PAID_PROFILE, call, memorySandbox, tokenFor } from './support/sandbox.js';

let server: Awaited<ReturnType<typeof startPostgres>>;
let sandbox: Sandbox;
/** Another connection to the same database: what psql or another sandbox process writes through. */
let other: pg.Client;
let logPath: string;
beforeAll(async () => {
  server = await startPostgres();
  sandbox = await memorySandbox({ memory: false, databaseUrl: server.url });
  other = new pg.Client({ connectionString: server.url });
  await other.connect();
  logPath = `${(await other.query('SHOW data_directory')).rows[0].data_directory}/../log`;
}, 300_000);
afterAll(async () => {
  await other?.end();
  await sandbox?.close();
  server?.stop();
});

/** The background polls' statements (webhooks/dispatcher.ts, billing/batch-worker.ts), not a request's. */
const POLLS = [/^SELECT \* FROM \(/, /FROM batches WHERE status IN/, /pg_reload_conf|log_statement/];

/**
 * The statements PostgreSQL ran, on any connection, while `work` ran (log_statement = all), after
 * `warm` (the caches filled). The caches' bound is lengthened meanwhile: a loaded machine's slow
 * request must not make this a miss.
 */
async function statementsOf(warm: () => Promise<unknown>, work: () => Promise<unknown>): Promise<string[]> {
  return (await loggedOf(warm, work)).map(({ sql }) => sql);
}

/** statementsOf's, each with how it ran: `statement` (simple protocol), `execute <unnamed>` or `execute <name>` (prepared). */
async function loggedOf(warm: () => Promise<unknown>, work: () => Promise<unknown>): Promise<{ how: string; sql: string }[]> {
  stampWindow.ms = 600_000;
  await other.query("ALTER SYSTEM SET log_statement = 'all'");
  await other.query('SELECT pg_reload_conf()');
  await new Promise((resolve) => setTimeout(resolve, 300)); // every backend has read the new setting
  let from = 0;
  try {
    await warm();
    from = readFileSync(logPath, 'utf8').length;
    await work();
    await new Promise((resolve) => setTimeout(resolve, 200));
  } finally {
    stampWindow.ms = STAMP_WINDOW_MS;
    await other.query('ALTER SYSTEM RESET log_statement');
    await other.query('SELECT pg_reload_conf()');
  }
  // An entry per log line's timestamp (a statement's text goes on over the lines after it).
  return readFileSync(logPath, 'utf8').slice(from).split(/\n(?=\d{4}-\d\d-\d\d )/)
    .filter((entry) => /LOG: {2}(statement|execute [^:]*):/.test(entry))
    .map((entry) => ({ how: /LOG: {2}(statement|execute [^:]*): /.exec(entry)![1]!, sql: entry.replace(/^[^]*?LOG: {2}(statement|execute [^:]*): /, '').replace(/\s+/g, ' ').trim() }))
    .filter(({ sql }) => !POLLS.some((poll) => poll.test(sql)));
}

const pay = async (headers: Record<string, string> = {}) =>
  call(sandbox, 'POST', '/v1/transaction', { companyId: COMPANY, amount: 1234, token: await tokenFor() }, { apiKey: API_KEY, ...headers });

describe('the statements of one payment, caches warm', () => {
  it('without an Idempotency-Key: one statement (the transaction, its payables, its event and deliveries), no BEGIN or COMMIT', async () => {
    const sent = await statementsOf(pay, async () => expect((await pay()).body.status).toBe('PAID'));
    expect(sent, sent.join('\n')).toHaveLength(1);
    for (const table of ['payables', 'transactions', 'events', 'deliveries']) expect(sent[0]).toContain(`INSERT INTO ${table}`);
  });

  it('that statement runs prepared, by name: PostgreSQL parses and plans it once per connection, not per payment (db/prepared.ts)', async () => {
    const sent = await loggedOf(pay, async () => { for (let i = 0; i < 3; i++) expect((await pay()).body.status).toBe('PAID'); });
    expect(sent, sent.map(({ how }) => how).join('\n')).toHaveLength(3);
    for (const { how } of sent) expect(how).toMatch(/^execute sbx_prepared_\d+$/);
  });

  it('with an Idempotency-Key: the key\'s claim and its lock, then the work and its answer in one statement', async () => {
    let key = 0;
    const sent = await statementsOf(() => pay({ 'Idempotency-Key': 'warm-up' }), async () => expect((await pay({ 'Idempotency-Key': `k${key++}` })).body.status).toBe('PAID'));
    expect(sent, sent.join('\n')).toHaveLength(4);
    expect(sent[0]).toContain('pg_try_advisory_lock');
    expect(sent[1]).toContain('INSERT INTO idempotency_keys');
    expect(sent[2]).toMatch(/INSERT INTO transactions.*UPDATE idempotency_keys/);
    expect(sent[3]).toContain('pg_advisory_unlock');
  });

  it('an inline client (a read) still runs in one database transaction, and answers the same', async () => {
    const sent = await statementsOf(pay, async () => {
      const made = await call(sandbox, 'POST', '/v1/transaction', { companyId: COMPANY, amount: 4321, paymentProfile: PAID_PROFILE, client: { name: 'Ana', doc: '52998224725' } });
      expect(made.body).toMatchObject({ status: 'PAID', clientId: expect.any(String) });
    });
    expect(sent[0]).toBe('BEGIN');
    expect(sent.at(-1)).toBe('COMMIT');
  });
});

let companies = 0;
/** A company of its own and a credential for it. */
async function company() {
  const companyId = `company_pg_cache_${companies++}`;
  const issued = await createCredential(sandbox.db, { permissions: [...ALL_PERMISSIONS], companies: [companyId] });
  const as = (method: string, url: string, body?: unknown, apiKey = issued.apiKey) => call(sandbox, method, url, body, { apiKey });
  const pay = (apiKey?: string) => as('POST', '/v1/transaction', { companyId, amount: 1500, paymentProfile: PAID_PROFILE }, apiKey);
  return { companyId, issued, as, pay };
}

describe('changes made by this process: the very next request follows them', () => {
  it('a rotated key refuses its old secret at once; the new one is accepted', async () => {
    const c = await company();
    expect((await c.pay()).status).toBe(200); // cached
    const rotated = await createCredential(sandbox.db, { permissions: [...ALL_PERMISSIONS], companies: [c.companyId], keyId: c.issued.keyId });
    expect((await c.pay(c.issued.apiKey)).status).toBe(401);
    expect((await c.pay(rotated.apiKey)).status).toBe(200);
  });

  it('settings and faults through the API: standby, routes, a fault made and ended', async () => {
    const c = await company();
    expect((await c.pay()).body.status).toBe('PAID');
    await c.as('PUT', '/sandbox/v1/company/settings', { companyId: c.companyId, standby: true });
    expect((await c.pay()).body.status).toBe('STANDBY');
    await c.as('PUT', '/sandbox/v1/company/settings', { companyId: c.companyId, standby: false });
    expect((await c.pay()).body.status).toBe('PAID');
    await c.as('POST', '/sandbox/v1/faults', { companyId: c.companyId, seconds: 3600, providerId: 'provider_01', kind: 'unavailable' });
    expect((await c.pay()).body.acquirer.provider).toBe('provider_02');
    await c.as('DELETE', `/sandbox/v1/faults?companyId=${c.companyId}`);
    expect((await c.pay()).body.acquirer.provider).toBe('provider_01');
    await c.as('PUT', '/sandbox/v1/company/settings', { companyId: c.companyId, routes: [] });
    expect((await c.pay()).body.status).toBe('NO_PAYMENT_ROUTE');
  });
});

describe(`changes made behind the process's back (another connection): followed within ${STAMP_WINDOW_MS} ms`, () => {
  it('a key removed, its permissions narrowed, settings written in SQL: each seen by the notification, long before the bound', async () => {
    const c = await company();
    expect((await c.pay()).status).toBe(200);
    await other.query(`UPDATE credentials SET permissions = '["transaction.read"]' WHERE key_id = $1`, [c.issued.keyId]);
    const narrowed = await within(STAMP_WINDOW_MS, async () => (await c.pay()).status === 403);
    await other.query('UPDATE credentials SET permissions = $2 WHERE key_id = $1', [c.issued.keyId, JSON.stringify(ALL_PERMISSIONS)]);
    await within(STAMP_WINDOW_MS, async () => (await c.pay()).status === 200);
    await other.query(`INSERT INTO company_settings (company_id, data) VALUES ($1, $2)`,
      [c.companyId, JSON.stringify({ companyId: c.companyId, routes: [], updatedAt: new Date().toISOString() })]);
    const settings = await within(STAMP_WINDOW_MS, async () => (await c.pay()).body.status === 'NO_PAYMENT_ROUTE');
    await other.query('DELETE FROM credentials WHERE key_id = $1', [c.issued.keyId]);
    const removed = await within(STAMP_WINDOW_MS, async () => (await c.pay()).status === 401);
    // The notification, not the window, did it: well under the window each time.
    expect(Math.max(narrowed, settings, removed)).toBeLessThan(STAMP_WINDOW_MS / 2);
  });

  it('a key removed with no notification sent (triggers off in that session): refused within the window all the same', async () => {
    const c = await company();
    expect((await c.pay()).status).toBe(200);
    expect((await c.pay()).status).toBe(200);
    await other.query('BEGIN');
    await other.query('SET LOCAL session_replication_role = replica'); // no trigger fires: no NOTIFY, no epoch
    await other.query('DELETE FROM credentials WHERE key_id = $1', [c.issued.keyId]);
    await other.query('COMMIT');
    await within(STAMP_WINDOW_MS + 200, async () => (await c.pay()).status === 401);
  });
});
