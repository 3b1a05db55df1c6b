// Issue 38 goal 6: an endpoint that answers no 2xx for DISABLE_AFTER_MS of its
// company's clock is disabled at its next failed attempt: no more attempts, no
// new deliveries, disabledAt listed; PUT enables it and what waited goes out.
// A failing streak shorter than the rule disables nothing.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCredential } from '../../packages/sandbox/auth/credentials.js';
import { ALL_PERMISSIONS } from '../../packages/sandbox/auth/permissions.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { DISABLE_AFTER_MS } from '../../packages/sandbox/webhooks/endpoint-health.js';
import { PAID_PROFILE, call, memorySandbox } from './support/sandbox.js';

let sandbox: Sandbox;
let receiver: Server;
let answer = 500;
let hits = 0;
beforeAll(async () => {
  sandbox = await memorySandbox({ webhookBackoffMs: 20 });
  receiver = createServer((_request, response) => { hits++; response.writeHead(answer).end(); });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await sandbox?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

const until = async (what: () => Promise<boolean>, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > deadline) throw new Error('not within the time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

it(`an endpoint failing ${DISABLE_AFTER_MS / 86_400_000} days is disabled at its next failure; PUT enables it and what waited goes out`, async () => {
  const companyId = 'company_failing_endpoint';
  const apiKey = (await createCredential(sandbox.db, { permissions: [...ALL_PERMISSIONS], companies: [companyId] })).apiKey;
  const as = (method: string, url: string, body?: unknown) => call(sandbox, method, url, body, { apiKey });
  const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`;
  const webhook = (await as('POST', '/sandbox/v1/webhooks', { companyId, url, events: ['transaction.created'] })).body;
  const deliveries = async () => (await as('GET', `/sandbox/v1/webhooks/deliveries?companyId=${companyId}`)).body.items as Array<{ status: string; attempts: number }>;
  const listedWebhook = async () => (await as('GET', `/sandbox/v1/webhooks?companyId=${companyId}`)).body.items[0];
  const pay = () => as('POST', '/v1/transaction', { companyId, amount: 100, paymentProfile: PAID_PROFILE });

  await pay();
  await until(async () => (await deliveries())[0]?.status === 'failed'); // six attempts, all 500
  await as('POST', '/sandbox/v1/clock/advance', { companyId, days: 2 });
  await pay();
  await until(async () => (await deliveries())[0]?.status === 'failed');
  expect((await listedWebhook()).disabledAt).toBeUndefined(); // two days of failures: still enabled

  await as('POST', '/sandbox/v1/clock/advance', { companyId, days: 2 });
  await pay();
  await until(async () => (await deliveries())[0]?.attempts === 1);
  await until(async () => (await listedWebhook()).disabledAt !== undefined);
  const hitsWhenDisabled = hits;
  await pay(); // no delivery is made for a disabled endpoint
  await new Promise((resolve) => setTimeout(resolve, 600));
  expect(hits).toBe(hitsWhenDisabled);
  const waiting = await deliveries();
  expect(waiting).toHaveLength(3);
  expect(waiting[0]).toMatchObject({ status: 'pending', attempts: 1 });

  answer = 200;
  const enabled = await as('PUT', '/sandbox/v1/webhooks', { companyId, webhookId: webhook._id, url });
  expect(enabled.status).toBe(200);
  expect(enabled.body.disabledAt).toBeUndefined();
  await until(async () => (await deliveries())[0]?.status === 'succeeded');
});
