// Two sandbox processes on one PostgreSQL, each with its own company cache
// (domain/payments/company-state.ts): a settings change, a fault or a key
// removed through one process is seen by the other's very next request, with
// no wait for a notification (the epoch is read with the credential).
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPostgres } from '../../test-support/postgres-server.js';
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

it('a change through one process is followed by the other\'s next payment, every time', async () => {
  const [a, b] = urls as [string, string];
  for (let round = 0; round < 5; round++) {
    expect((await pay(a)).body.status).toBe('PAID'); // a's cache holds the company
    expect((await as(b, 'PUT', '/sandbox/v1/company/settings', { companyId: COMPANY, standby: true })).status).toBe(200);
    expect((await pay(a)).body.status).toBe('STANDBY');
    expect((await as(b, 'PUT', '/sandbox/v1/company/settings', { companyId: COMPANY, standby: false })).status).toBe(200);
    expect((await pay(a)).body.status).toBe('PAID');
    const fault = (await as(b, 'POST', '/sandbox/v1/faults', { companyId: COMPANY, seconds: 3600, providerId: 'provider_01', kind: 'unavailable' })).body;
    expect((await pay(a)).body.acquirer.provider).toBe('provider_02');
    expect((await as(b, 'DELETE', `/sandbox/v1/faults?companyId=${COMPANY}&faultId=${fault._id}`)).body).toEqual({ removed: 1 });
    expect((await pay(a)).body.acquirer.provider).toBe('provider_01');
  }
}, 120_000);
