// verifyWebhook on deliveries the sandbox really sends (its dispatcher signs them),
// and on headers made here: the tolerance window, a changed body, another secret.
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, DEFAULT_TOLERANCE_SECONDS, SIGNATURE_HEADER, verifyWebhook, WebhookSignatureError, type WebhookEvent } from '../../packages/client/src/index.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { API_KEY, COMPANY, PAID_PROFILE, memorySandbox } from '../sandbox/support/sandbox.js';

const header = (secret: string, t: number, body: string) => `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

describe('deliveries from a real sandbox', () => {
  let sandbox: Sandbox;
  let receiver: Server;
  let secret = '';
  const verified: WebhookEvent[] = [];
  const refused: string[] = [];
  beforeAll(async () => {
    sandbox = await memorySandbox({ webhookBackoffMs: 50 });
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        try {
          verified.push(verifyWebhook(secret, request.headers[SIGNATURE_HEADER], Buffer.concat(chunks)));
          response.writeHead(200).end();
        } catch (error) {
          refused.push(String(error));
          response.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await sandbox?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it('a transaction.created delivery verifies with the secret the registration answered, raw body as received', async () => {
    const client = createClient({ baseUrl: sandbox.url, apiKey: API_KEY });
    const hook = await client.POST('/sandbox/v1/webhooks', { body: { companyId: COMPANY, url: `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`, events: ['transaction.created'] } });
    secret = hook.secret;
    const made = await client.POST('/v1/transaction', { body: { companyId: COMPANY, amount: 4321, paymentProfile: PAID_PROFILE } });
    for (let i = 0; i < 100 && verified.length === 0 && refused.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(refused).toEqual([]);
    expect(verified[0]).toMatchObject({ type: 'transaction.created', companyId: COMPANY, data: { transaction: { _id: made._id } } });
  });
});

describe('verifyWebhook', () => {
  const secret = 'whsec_test';
  const body = JSON.stringify({ id: 'evt_1', type: 'charge.paid', companyId: 'c', createdAt: '2026-01-01T00:00:00.000Z', data: { é: 'ü' } });

  it('accepts a signature within the tolerance window on either side, refuses one past it', () => {
    fc.assert(fc.property(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: 1, max: 600 }), (skew, toleranceSeconds) => {
      const t = 1_800_000_000;
      const check = () => verifyWebhook(secret, header(secret, t + skew, body), body, { now: t, toleranceSeconds });
      if (Math.abs(skew) <= toleranceSeconds) expect(check().id).toBe('evt_1');
      else expect(check).toThrow(/tolerance/);
    }));
    expect(DEFAULT_TOLERANCE_SECONDS).toBe(300);
    expect(() => verifyWebhook(secret, header(secret, now() - 301, body), body)).toThrow(WebhookSignatureError);
  });

  it('refuses a changed body, another secret, a missing or malformed header', () => {
    fc.assert(fc.property(fc.string({ minLength: 1 }), (extra) => {
      expect(() => verifyWebhook(secret, header(secret, now(), body), body + extra)).toThrow(/no v1 signature matches/);
    }));
    expect(() => verifyWebhook('whsec_other', header(secret, now(), body), body)).toThrow(/no v1 signature matches/);
    expect(() => verifyWebhook(secret, undefined, body)).toThrow(/no svc-signature header/);
    expect(() => verifyWebhook(secret, `v1=${'0'.repeat(64)}`, body)).toThrow(/no t=/);
    expect(() => verifyWebhook(secret, `t=${now()}`, body)).toThrow(/no v1=/);
    expect(() => verifyWebhook(secret, `t=${now()},v1=zz`, body)).toThrow(/no v1=/);
  });

  it('reads the raw bytes (a Buffer or a string alike) and accepts any one matching v1 of several', () => {
    const t = now();
    const both = `${header('whsec_old', t, body)},v1=${header(secret, t, body).split('v1=')[1]}`;
    expect(verifyWebhook(secret, both, Buffer.from(body)).data).toEqual({ é: 'ü' });
    expect(verifyWebhook(secret, [both], new TextEncoder().encode(body)).id).toBe('evt_1');
  });
});
