// Storage: a PGlite data folder survives a restart (schema applied once),
// and the JWT signing key with it, so issued tokens keep working.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { issueJwt, loadJwtKey } from '../../packages/sandbox/auth/jwt.js';
import { MIGRATIONS } from '../../packages/sandbox/db/migrations.js';
import { transactions } from '../../packages/sandbox/store/tables.js';
import { COMPANY, PAID_PROFILE, call, memorySandbox } from './support/sandbox.js';

const dataDir = mkdtempSync(join(tmpdir(), 'svc-sandbox-data-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('a restart on the same data folder finds the records and accepts the JWT issued before', async () => {
  const first = await memorySandbox({ memory: false, dataDir });
  let id: string;
  let token: string;
  try {
    const made = await call(first, 'POST', '/v1/transaction', { companyId: COMPANY, amount: 321, paymentProfile: PAID_PROFILE });
    id = made.body._id;
    token = await issueJwt(await loadJwtKey(first.db), 'sbx_demo');
  } finally {
    await first.close();
  }
  const second = await memorySandbox({ memory: false, dataDir });
  try {
    expect(await transactions.get(second.db, COMPANY, id)).toMatchObject({ _id: id, status: 'PAID', amount: { value: 321 } });
    const versions = await second.db.query<{ version: number }>('SELECT version FROM schema_migrations');
    expect(versions).toHaveLength(MIGRATIONS.length);
    expect((await call(second, 'POST', '/v1/transaction', { companyId: COMPANY, amount: 1, paymentProfile: PAID_PROFILE }, { token })).status).toBe(200);
  } finally {
    await second.close();
  }
});

it('a data folder whose parents do not exist yet is made (npm run demo keeps .sandbox-data/demo)', async () => {
  const nested = join(dataDir, 'not', 'yet', 'there');
  const sandbox = await memorySandbox({ memory: false, dataDir: nested });
  try {
    expect((await call(sandbox, 'POST', '/v1/transaction', { companyId: COMPANY, amount: 1, paymentProfile: PAID_PROFILE })).status).toBe(200);
  } finally {
    await sandbox.close();
  }
});
