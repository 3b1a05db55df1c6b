// POST /sandbox/v1/webhooks/redeliver (the check's "a webhook delivered twice and two out of
// order"): the events go out again, signed, in the order given, an event listed twice delivered
// twice; an event of another company, or none, is refused on eventIds.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { API_KEY, COMPANY, PAID_PROFILE, call, memorySandbox } from './support/sandbox.js';

let sandbox: Sandbox;
let receiver: Server;
const received: { id: string; signed: boolean }[] = [];

beforeAll(async () => {
  sandbox = await memorySandbox({ allowLoopbackWebhooks: true, webhookBackoffMs: 100 });
  receiver = createServer((request, response) => {
    received.push({ id: String(request.headers['svc-event-id']), signed: /^t=\d+,v1=[0-9a-f]{64}$/.test(String(request.headers['svc-signature'])) });
    request.resume().on('end', () => response.writeHead(200).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  expect((await call(sandbox, 'POST', '/sandbox/v1/webhooks', { companyId: COMPANY, url, events: ['transaction.created'] })).status).toBe(200);
});
afterAll(async () => {
  await sandbox?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

const waitFor = async (count: number) => {
  for (let i = 0; i < 300 && received.length < count; i++) await new Promise((r) => setTimeout(r, 50));
  return received.slice(0, count);
};

it('delivers the events again in the order given: twice, and the later one first', async () => {
  for (const amount of [101, 102]) expect((await call(sandbox, 'POST', '/v1/transaction', { companyId: COMPANY, amount, paymentProfile: PAID_PROFILE })).status).toBe(200);
  const first = await waitFor(2);
  const [a, b] = first.map((d) => d.id);
  received.length = 0;
  const answer = await call(sandbox, 'POST', '/sandbox/v1/webhooks/redeliver', { companyId: COMPANY, eventIds: [b, a, b], spacingMs: 250 });
  expect(answer.status).toBe(200);
  expect(answer.body.items.map((d: { eventId: string }) => d.eventId)).toEqual([b, a, b]);
  expect(await waitFor(3)).toEqual([{ id: b, signed: true }, { id: a, signed: true }, { id: b, signed: true }]);
});

it('refuses an event the company does not have, or none, on eventIds', async () => {
  for (const eventIds of [['evt_nothing'], []]) {
    const answer = await call(sandbox, 'POST', '/sandbox/v1/webhooks/redeliver', { companyId: COMPANY, eventIds }, { apiKey: API_KEY });
    expect(answer.status, JSON.stringify(eventIds)).toBe(400);
    expect(answer.body.error_messages).toEqual([expect.objectContaining({ path: 'eventIds' })]);
  }
});
