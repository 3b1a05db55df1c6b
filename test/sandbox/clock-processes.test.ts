// Issue 38 goal 5: two sandbox processes on one PostgreSQL show one clock per
// company. Each process caches the offsets (clock.ts); a move made through one
// is announced (NOTIFY) and the other takes it, so its answers carry the
// company's time, not the time it last saw.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { startPostgres } from '../../test-support/postgres-server.js';
import { clockCompany } from './support/clock-company.js';
import { call, memorySandbox } from './support/sandbox.js';

let server: Awaited<ReturnType<typeof startPostgres>>;
const sandboxes: Sandbox[] = [];
beforeAll(async () => {
  server = await startPostgres();
  // One after the other: the first creates the schema.
  for (let i = 0; i < 2; i++) sandboxes.push(await memorySandbox({ memory: false, databaseUrl: server.url }));
});
afterAll(async () => {
  for (const sandbox of sandboxes) await sandbox.close();
  server?.stop();
});

const DAY = 86_400_000;

it('a company\'s clock moved through one process is the clock of the other: its reads and the records it makes', async () => {
  const [one, two] = sandboxes as [Sandbox, Sandbox];
  const a = await clockCompany(one);
  const b = { ...a, as: (method: string, url: string, body?: unknown) => call(two, method, url, body, { apiKey: a.apiKey }) };
  const start = Date.parse(await a.clock());
  for (const [mover, reader] of [[a, b], [b, a], [a, b]] as const) {
    const moved = await mover.as('POST', '/sandbox/v1/clock/advance', { companyId: a.companyId, days: 30 });
    expect(moved.status).toBe(200);
    const now = Date.parse(moved.body.now);
    const read = Date.parse((await reader.as('GET', `/sandbox/v1/clock?companyId=${a.companyId}`)).body.now);
    expect(read - now).toBeGreaterThanOrEqual(0);
    expect(read - now).toBeLessThan(60_000);
    // A record the other process makes carries the company's time (its cached clock, no refresh on this route).
    const made = await reader.as('POST', '/v1/product', { companyId: a.companyId, product: { price: 10, title: 'Plano', warranty: 0 } });
    expect(made.status).toBe(201);
    expect(Date.parse(made.body.createdAt) - now).toBeGreaterThanOrEqual(0);
    expect(Date.parse(made.body.createdAt) - now).toBeLessThan(60_000);
  }
  expect(Date.parse(await a.clock()) - start).toBeGreaterThanOrEqual(90 * DAY);
});

