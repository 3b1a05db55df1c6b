// Issue 29 item 3: a receiver that never answers delays no other company.
// Company A has 40 deliveries to a receiver that hangs; company B's delivery,
// made after them, arrives within a second or two, not after A's timeouts.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCredential } from '../../packages/sandbox/auth/credentials.js';
import { ALL_PERMISSIONS } from '../../packages/sandbox/auth/permissions.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { PAID_PROFILE, call, memorySandbox } from './support/sandbox.js';

let sandbox: Sandbox;
let hanging: Server;
let quick: Server;
let quickHit: () => void;
const quickReached = new Promise<number>((resolve) => { quickHit = () => resolve(Date.now()); });
const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
};

beforeAll(async () => {
  sandbox = await memorySandbox({ allowLoopbackWebhooks: true, webhookTimeoutMs: 10_000 });
  hanging = createServer(() => { /* never answers */ });
  quick = createServer((_request, response) => { quickHit(); response.writeHead(200).end(); });
});
afterAll(async () => {
  await sandbox?.close();
  hanging?.closeAllConnections();
  await Promise.all([hanging, quick].map((s) => new Promise((resolve) => s?.close(resolve))));
});

it('40 of company A\'s deliveries hanging do not delay company B\'s delivery', async () => {
  const hangingUrl = await listen(hanging);
  const quickUrl = await listen(quick);
  const key = async (companyId: string) => (await createCredential(sandbox.db, { permissions: [...ALL_PERMISSIONS], companies: [companyId] })).apiKey;
  const a = { companyId: 'company_slow_a', apiKey: await key('company_slow_a') };
  const b = { companyId: 'company_fast_b', apiKey: await key('company_fast_b') };
  for (let i = 0; i < 10; i++) await call(sandbox, 'POST', '/sandbox/v1/webhooks', { companyId: a.companyId, url: `${hangingUrl}/${i}`, events: ['transaction.created'] }, { apiKey: a.apiKey });
  await call(sandbox, 'POST', '/sandbox/v1/webhooks', { companyId: b.companyId, url: quickUrl, events: ['transaction.created'] }, { apiKey: b.apiKey });
  for (let i = 0; i < 4; i++) await call(sandbox, 'POST', '/v1/transaction', { companyId: a.companyId, amount: 100, paymentProfile: PAID_PROFILE }, { apiKey: a.apiKey });
  // Let the dispatcher take A's deliveries first.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const sent = Date.now();
  await call(sandbox, 'POST', '/v1/transaction', { companyId: b.companyId, amount: 100, paymentProfile: PAID_PROFILE }, { apiKey: b.apiKey });
  const waited = await Promise.race([quickReached.then((at) => at - sent), new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), 15_000))]);
  console.log(`company B's delivery arrived ${Math.round(waited)} ms after its transaction, 40 of A's hanging`);
  expect(waited).toBeLessThan(2_000);
});

it('issue 38: a slow endpoint does not delay its own company\'s healthy endpoint: 8 of 8 events reach the healthy one within seconds', async () => {
  const hangingUrl = hanging.listening ? `http://127.0.0.1:${(hanging.address() as { port: number }).port}` : await listen(hanging);
  const seen: number[] = [];
  const healthy = createServer((_request, response) => { seen.push(Date.now()); response.writeHead(200).end(); });
  const healthyUrl = await listen(healthy);
  try {
    const companyId = 'company_two_endpoints';
    const apiKey = (await createCredential(sandbox.db, { permissions: [...ALL_PERMISSIONS], companies: [companyId] })).apiKey;
    await call(sandbox, 'POST', '/sandbox/v1/webhooks', { companyId, url: `${hangingUrl}/slow`, events: ['transaction.created'] }, { apiKey });
    await call(sandbox, 'POST', '/sandbox/v1/webhooks', { companyId, url: healthyUrl, events: ['transaction.created'] }, { apiKey });
    const sent = Date.now();
    for (let i = 0; i < 8; i++) await call(sandbox, 'POST', '/v1/transaction', { companyId, amount: 100 + i, paymentProfile: PAID_PROFILE }, { apiKey });
    // Before: the company's 4 slots were held by the hanging endpoint for its 10 s timeout; 4 of 8 arrived in 20 s.
    const deadline = Date.now() + 8_000;
    while (seen.length < 8 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    console.log(`the healthy endpoint got ${seen.length} of 8 in ${Math.max(...seen) - sent} ms, its sibling hanging`);
    expect(seen).toHaveLength(8);
  } finally {
    healthy.closeAllConnections();
    await new Promise((resolve) => healthy.close(resolve));
  }
});
