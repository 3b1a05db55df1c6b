// Webhooks: transaction.created reaches the company's endpoint, signed
// (checked here with node:crypto as README's snippet does, independent of the
// sandbox's code); failures are retried with backoff and every answer is visible.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCredential } from '../../packages/sandbox/auth/credentials.js';
import { ALL_PERMISSIONS } from '../../packages/sandbox/auth/permissions.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { PAID_PROFILE, call, memorySandbox } from './support/sandbox.js';

interface Received { headers: Record<string, string | string[] | undefined>; body: string }
let sandbox: Sandbox;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
let failuresLeft = 2;

beforeAll(async () => {
  sandbox = await memorySandbox({ webhookBackoffMs: 50, allowLoopbackWebhooks: true });
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => { body += chunk; });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(failuresLeft-- > 0 ? 500 : 200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`;
});
afterAll(async () => {
  await sandbox?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** README's verification, written again here from the header's definition. */
function verify(secret: string, header: string, body: string): boolean {
  const { t, v1 } = Object.fromEntries(header.split(',').map((part) => part.split('=')));
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return Math.abs(Date.now() / 1000 - Number(t)) < 300 && timingSafeEqual(expected, Buffer.from(v1!, 'hex'));
}

const until = async <T>(read: () => Promise<T | undefined>): Promise<T> => {
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

it('transaction.created is delivered signed; two failures are retried; the delivery shows all three answers', async () => {
  const companyId = 'company_hooks';
  const { apiKey } = await createCredential(sandbox.db, { permissions: [...ALL_PERMISSIONS], companies: [companyId] });
  const webhook = (await call(sandbox, 'POST', '/sandbox/v1/webhooks', { companyId, url: receiverUrl }, { apiKey })).body;
  expect(webhook.secret).toMatch(/^whsec_/);
  const made = (await call(sandbox, 'POST', '/v1/transaction', { companyId, amount: 990, paymentProfile: PAID_PROFILE }, { apiKey })).body;

  const delivery = await until(async () => {
    const items = (await call(sandbox, 'GET', `/sandbox/v1/webhooks/deliveries?companyId=${companyId}&eventType=transaction.created`, undefined, { apiKey })).body.items;
    return items[0]?.status === 'succeeded' ? items[0] : undefined;
  });
  expect(delivery).toMatchObject({ eventType: 'transaction.created', attempts: 3, url: receiverUrl });
  expect(delivery.answers.map((a: { status: number }) => a.status)).toEqual([500, 500, 200]);

  expect(received).toHaveLength(3);
  for (const { headers, body } of received) {
    expect(verify(webhook.secret, String(headers['svc-signature']), body)).toBe(true);
    expect(verify(webhook.secret, String(headers['svc-signature']), body.replace('990', '991'))).toBe(false);
    expect(JSON.parse(body)).toMatchObject({ type: 'transaction.created', companyId, data: { transaction: { _id: made._id, amount: { value: 990 } } } });
    expect(headers['svc-event-type']).toBe('transaction.created');
  }
  expect(new Set(received.map((r) => r.headers['svc-event-id'])).size).toBe(1);
  expect(JSON.stringify(received)).not.toContain(PAID_PROFILE.cardNumber);
});

it('a refused URL and another company: 400 and 403', async () => {
  expect((await call(sandbox, 'POST', '/sandbox/v1/webhooks', { companyId: 'company_demo', url: 'ftp://x' })).body.error_messages).toEqual([expect.objectContaining({ path: 'url' })]);
  expect((await call(sandbox, 'POST', '/sandbox/v1/webhooks', { companyId: 'company_hooks', url: receiverUrl })).status).toBe(403);
});

it('deliveries follow the company\'s test clock: stamped with its time, a retry an hour away comes due when the clock passes it', async () => {
  const hourly = await memorySandbox({ webhookBackoffMs: 3_600_000, allowLoopbackWebhooks: true });
  try {
    const companyId = 'company_hooks_clock';
    const { apiKey } = await createCredential(hourly.db, { permissions: [...ALL_PERMISSIONS], companies: [companyId] });
    const as = (method: string, url: string, body?: unknown) => call(hourly, method, url, body, { apiKey });
    const webhook = (await as('POST', '/sandbox/v1/webhooks', { companyId, url: receiverUrl })).body;
    failuresLeft = 1;
    const from = received.length;
    const moved = Date.parse((await as('POST', '/sandbox/v1/clock/advance', { companyId, days: 2 })).body.now);
    await as('POST', '/v1/transaction', { companyId, amount: 1234, paymentProfile: PAID_PROFILE });
    const deliveries = async () => (await as('GET', `/sandbox/v1/webhooks/deliveries?companyId=${companyId}`)).body.items;
    const failed = await until(async () => ((await deliveries())[0]?.attempts === 1 ? (await deliveries())[0] : undefined));
    // Stamped on the company's clock (two days ahead), the retry one hour after that attempt.
    expect(Date.parse(failed.answers[0].at)).toBeGreaterThanOrEqual(moved);
    expect(Date.parse(failed.nextAttemptAt) - Date.parse(failed.answers[0].at)).toBe(3_600_000);
    expect(failed.status).toBe('pending');
    await as('POST', '/sandbox/v1/clock/advance', { companyId, seconds: 3_600 });
    const done = await until(async () => ((await deliveries())[0]?.status === 'succeeded' ? (await deliveries())[0] : undefined));
    expect(done.answers.map((a: { status: number }) => a.status)).toEqual([500, 200]);
    expect(Date.parse(done.answers[1].at)).toBeGreaterThanOrEqual(moved + 3_600_000);
    // The signature's t is the real time, so README's check (300 s tolerance) still passes.
    for (const { headers, body } of received.slice(from)) expect(verify(webhook.secret, String(headers['svc-signature']), body)).toBe(true);
  } finally {
    await hourly.close();
  }
});
