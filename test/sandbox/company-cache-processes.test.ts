// Two sandbox processes on one PostgreSQL, each with its own cache of credentials
// and company settings (db/change-stamp.ts): a settings change or a fault made
// through one process, a key rotated or removed through another connection, is
// followed by each process within STAMP_WINDOW_MS (told by NOTIFY at the
// writer's commit, in practice a few ms; the window is the bound if it is lost).
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCredential } from '../../packages/sandbox/auth/credentials.js';
import { ALL_PERMISSIONS } from '../../packages/sandbox/auth/permissions.js';
import { STAMP_WINDOW_MS } from '../../packages/sandbox/db/change-stamp.js';
import { startPostgres } from '../../test-support/postgres-server.js';
import { within } from '../../test-support/within.js';
import { API_KEY, COMPANY, PAID_PROFILE } from './support/sandbox.js';

let server: Awaited<ReturnType<typeof startPostgres>>;
const processes: ChildProcess[] = [];
const urls: string[] = [];

async function startProcess(): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test-support/sandbox-process.ts'], { env: { ...process.env, DATABASE_URL: server.url }, stdio: ['ignore', 'pipe', 'inherit'] });
  processes.push(child);
  for await (const line of createInterface({ input: child.stdout! })) if (line.startsWith('{')) return (JSON.parse(line) as { url: string }).url;
  throw new Error('a sandbox process ended before it listened');
}

beforeAll(async () => {
  server = await startPostgres();
  for (let i = 0; i < 2; i++) urls.push(await startProcess()); // one after the other: the first migrates
}, 300_000);
afterAll(() => {
  for (const child of processes) child.kill('SIGKILL');
  server?.stop();
});

const as = async (url: string, method: string, path: string, body?: unknown, apiKey = API_KEY) => {
  const response = await fetch(`${url}${path}`, { method, headers: { apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: response.status, body: await response.json() as Record<string, any> };
};
const pay = (url: string, apiKey?: string) => as(url, 'POST', '/v1/transaction', { companyId: COMPANY, amount: 1500, paymentProfile: PAID_PROFILE }, apiKey);

/** How long until `seen` holds; fails past STAMP_WINDOW_MS (+100 ms for the request itself). */
const withinWindow = (seen: () => Promise<boolean>) => within(STAMP_WINDOW_MS + 100, seen);

it('a change through one process is followed by the other within the bound, every time', async () => {
  const [a, b] = urls as [string, string];
  for (let round = 0; round < 5; round++) {
    expect((await pay(a)).body.status).toBe('PAID'); // a's cache holds the company
    expect((await as(b, 'PUT', '/sandbox/v1/company/settings', { companyId: COMPANY, standby: true })).status).toBe(200);
    await withinWindow(async () => (await pay(a)).body.status === 'STANDBY');
    expect((await as(b, 'PUT', '/sandbox/v1/company/settings', { companyId: COMPANY, standby: false })).status).toBe(200);
    await withinWindow(async () => (await pay(a)).body.status === 'PAID');
    const fault = (await as(b, 'POST', '/sandbox/v1/faults', { companyId: COMPANY, seconds: 3600, providerId: 'provider_01', kind: 'unavailable' })).body;
    await withinWindow(async () => (await pay(a)).body.acquirer.provider === 'provider_02');
    expect((await as(b, 'DELETE', `/sandbox/v1/faults?companyId=${COMPANY}&faultId=${fault._id}`)).body).toEqual({ removed: 1 });
    await withinWindow(async () => (await pay(a)).body.acquirer.provider === 'provider_01');
  }
}, 120_000);

it('a key rotated, then removed, through another connection: both processes refuse it within the bound', async () => {
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    const db = { query: async (sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as never[] };
    const issued = await createCredential(db, { permissions: [...ALL_PERMISSIONS], companies: [COMPANY] });
    for (const url of urls) expect((await pay(url, issued.apiKey)).status).toBe(200); // cached in both
    const rotated = await createCredential(db, { permissions: [...ALL_PERMISSIONS], companies: [COMPANY], keyId: issued.keyId });
    await Promise.all(urls.map((url) => withinWindow(async () => (await pay(url, issued.apiKey)).status === 401)));
    for (const url of urls) expect((await pay(url, rotated.apiKey)).status).toBe(200);
    await client.query('DELETE FROM credentials WHERE key_id = $1', [issued.keyId]);
    await Promise.all(urls.map((url) => withinWindow(async () => (await pay(url, rotated.apiKey)).status === 401)));
  } finally {
    await client.end();
  }
}, 120_000);
