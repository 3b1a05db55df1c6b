// Issue 38 goal 6: an endpoint that answers no 2xx for DISABLE_AFTER_MS of its
// company's clock is disabled at its next failed attempt: no more attempts, no
// new deliveries, disabledAt listed, the event webhook.disabled to the company's
// other endpoints; PUT enables it and what waited goes out.
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
let sibling: Server;
let answer = 500;
let hits = 0;
const told: Array<{ type: string; data: { webhook: { _id: string; disabledAt?: string }; move: string; failingSince: string } }> = [];
beforeAll(async () => {
  sandbox = await memorySandbox({ webhookBackoffMs: 20 });
  receiver = createServer((_request, response) => { hits++; response.writeHead(answer).end(); });
  sibling = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => { body += chunk; }).on('end', () => { told.push(JSON.parse(body)); response.writeHead(200).end(); });
  });
  await Promise.all([receiver, sibling].map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))));
});
afterAll(async () => {
  await sandbox?.close();
  await Promise.all([receiver, sibling].map((server) => new Promise((resolve) => server?.close(resolve))));
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
  await as('POST', '/sandbox/v1/webhooks', { companyId, url: `http://127.0.0.1:${(sibling.address() as { port: number }).port}/`, events: ['webhook.disabled'] });
  const deliveries = async () => ((await as('GET', `/sandbox/v1/webhooks/deliveries?companyId=${companyId}`)).body.items as Array<{ webhookId: string; status: string; attempts: number }>)
    .filter((delivery) => delivery.webhookId === webhook._id);
  const listedWebhook = async () => (await as('GET', `/sandbox/v1/webhooks?companyId=${companyId}`)).body.items.find((w: { _id: string }) => w._id === webhook._id);
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
  // The company's other endpoint is told, once.
  await until(async () => told.length === 1);
  expect(told[0]).toMatchObject({ type: 'webhook.disabled', data: { move: 'disabled', webhook: { _id: webhook._id, disabledAt: (await listedWebhook()).disabledAt } } });
  expect(Date.parse((await listedWebhook()).disabledAt) - Date.parse(told[0]!.data.failingSince)).toBeGreaterThanOrEqual(DISABLE_AFTER_MS);
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
  expect(told).toHaveLength(1);
});
