// POST /v1/transaction reads its company's settings and provider faults from a per-process cache
// (domain/payments/company-state.ts), checked against the cache epoch each request reads with its
// credential. Every change is seen by the very next request: through the API, made in SQL behind
// the process's back (as another process or psql would), and a credential rotated or removed.
// Two processes on one PostgreSQL: test/sandbox/company-cache-processes.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredential } from '../../packages/sandbox/auth/credentials.js';
import { ALL_PERMISSIONS } from '../../packages/sandbox/auth/permissions.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { PAID_PROFILE, call, memorySandbox } from './support/sandbox.js';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await memorySandbox(); }, 120_000);
afterAll(async () => { await sandbox?.close(); });

let companies = 0;
/** A company of its own and calls bound to its credential. */
async function company() {
  const companyId = `company_cache_${companies++}`;
  const issued = await createCredential(sandbox.db, { permissions: [...ALL_PERMISSIONS], companies: [companyId] });
  const as = (method: string, url: string, body?: unknown, apiKey = issued.apiKey) => call(sandbox, method, url, body, { apiKey });
  const pay = async (apiKey?: string) => as('POST', '/v1/transaction', { companyId, amount: 1500, paymentProfile: PAID_PROFILE }, apiKey);
  return { companyId, issued, as, pay };
}

describe('the company cache sees every change at once', () => {
  it('standby set and released through the API: the next payment follows each', async () => {
    const c = await company();
    expect((await c.pay()).body.status).toBe('PAID'); // the cache holds the company now
    await c.as('PUT', '/sandbox/v1/company/settings', { companyId: c.companyId, standby: true });
    expect((await c.pay()).body.status).toBe('STANDBY');
    await c.as('PUT', '/sandbox/v1/company/settings', { companyId: c.companyId, standby: false });
    expect((await c.pay()).body.status).toBe('PAID');
  });

  it('routes emptied through the API: the next payment has no route', async () => {
    const c = await company();
    expect((await c.pay()).body.status).toBe('PAID');
    await c.as('PUT', '/sandbox/v1/company/settings', { companyId: c.companyId, routes: [] });
    expect((await c.pay()).body.status).toBe('NO_PAYMENT_ROUTE');
  });

  it('a provider fault made and ended: the next payment fails over, then goes back', async () => {
    const c = await company();
    expect((await c.pay()).body.acquirer.provider).toBe('provider_01');
    await c.as('POST', '/sandbox/v1/faults', { companyId: c.companyId, seconds: 3600, providerId: 'provider_01', kind: 'unavailable' });
    expect((await c.pay()).body.acquirer.provider).toBe('provider_02');
    await c.as('DELETE', `/sandbox/v1/faults?companyId=${c.companyId}`);
    expect((await c.pay()).body.acquirer.provider).toBe('provider_01');
  });

  it('settings written in SQL, not through this process (another process, psql): the next payment follows them', async () => {
    const c = await company();
    expect((await c.pay()).body.status).toBe('PAID');
    await sandbox.db.query(`INSERT INTO company_settings (company_id, data) VALUES ($1, $2)`,
      [c.companyId, JSON.stringify({ companyId: c.companyId, routes: [], updatedAt: new Date().toISOString() })]);
    expect((await c.pay()).body.status).toBe('NO_PAYMENT_ROUTE');
    await sandbox.db.query('DELETE FROM company_settings WHERE company_id = $1', [c.companyId]);
    expect((await c.pay()).body.status).toBe('PAID');
  });

  it('a credential removed is refused by the next request; a rotated one refuses its old secret at once', async () => {
    const c = await company();
    expect((await c.pay()).status).toBe(200);
    const rotated = await createCredential(sandbox.db, { permissions: [...ALL_PERMISSIONS], companies: [c.companyId], keyId: c.issued.keyId });
    expect((await c.pay(c.issued.apiKey)).status).toBe(401);
    expect((await c.pay(rotated.apiKey)).status).toBe(200);
    await sandbox.db.query('DELETE FROM credentials WHERE key_id = $1', [c.issued.keyId]);
    expect((await c.pay(rotated.apiKey)).status).toBe(401);
  });

  it('permissions narrowed in SQL: the next request lacks them', async () => {
    const c = await company();
    expect((await c.pay()).status).toBe(200);
    await sandbox.db.query(`UPDATE credentials SET permissions = '["transaction.read"]' WHERE key_id = $1`, [c.issued.keyId]);
    expect((await c.pay()).status).toBe(403);
  });
});
